"""What the Rule?!'s English texts of the rule language: the kinds of values and
why a rule cannot be read (``language``), merged into ``texts_en``."""

TEXTS: dict[str, str] = {
    # a rule in the page's words: English word, own word, … (the language reads both)
    "ui.code_words": "",
    "ui.r_read_as": "The app reads “{typed}” as “{op}”.",
    "error.kind.number": "a number",
    "error.kind.shape": "a shape",
    "error.kind.fill": "a fill",
    "error.kind.color": "a colour",
    "error.kind.card": "a whole card (prev or prev2)",
    "error.kind.none": "none",
    "error.kind.condition": "a condition",
    "error.rule_empty": "Please write a rule, for example color == white.",
    "error.rule_too_long": "That rule is too long: at most {max} characters.",
    "error.rule_too_deep": "Too many brackets inside each other at position {at}: at most {max}.",
    "error.rule_char": "“{char}” at position {at} is not part of the rule language.",
    "error.rule_number": "The number at position {at} is too big: at most {max}.",
    "error.rule_syntax": "The rule cannot be read at position {at} (“{found}”).",
    "error.rule_operator": "“{op}” at position {at} is not a comparison: write “{fix}”.",
    "error.rule_chain": ("Compare two things at a time (position {at}): join comparisons with "
                         "and, as in color == white and shape == circle."),
    "error.rule_end": "The rule stops too early at position {at}: something is missing at the end.",
    "error.rule_unclosed": "The bracket opened at position {at} is never closed.",
    "error.rule_unopened": "The closing bracket at position {at} was never opened.",
    "error.rule_list_place": ("A list in square brackets (position {at}) can only follow “in”, "
                              "for example shape in [circle, square]."),
    "error.rule_list": ("A list holds plain values, for example [circle, triangle] or [1, 2, 3] "
                        "(position {at})."),
    "error.rule_call": "A rule cannot call anything: “{name}(” at position {at}.",
    "error.rule_attr": ("Only prev and prev2 have parts (prev.shape, prev.count, prev.fill, "
                        "prev.color): “{name}.” at position {at} is not allowed."),
    "error.rule_prev_attr": ("prev and prev2 have only shape, count, fill and color, not “{name}” "
                             "(position {at})."),
    "error.rule_name": ("“{name}” (position {at}) is not a word of the rule language. Words: "
                        "shape, count, fill, color, prev, prev2, changes, total, n, circle, "
                        "triangle, square, filled, empty, white, black, none, and, or, not, in."),
    "error.rule_condition": ("This part is a value, not a condition (position {at}): compare it, "
                             "for example color == white."),
    "error.rule_compare_condition": ("A condition cannot be compared or calculated with "
                                     "(position {at}): join conditions with and, or, not."),
    "error.rule_order": "Only numbers can be compared with {op} (position {at}).",
    "error.rule_types": "Cannot compare {left} with {right} (position {at}).",
    "error.rule_prev_whole": ("prev (or prev2) on its own can only be compared with none "
                              "(prev == none); use prev.shape, prev.count, prev.fill or "
                              "prev.color (position {at})."),
    "error.rule_list_slip": ("Only whole conditions can be joined with and/or (position {at}). "
                             "Did you mean {fix}?"),
    "error.rule_n_total": ("n and total cannot be weighed against each other in one comparison "
                           "(position {at}): compare each with a number."),
    "error.rule_too_complex": ("This rule asks the app to follow too many different rows to judge "
                               "it in time: please say it more simply."),
    "error.rule_arith": "Only numbers can be calculated with “{op}” (position {at}).",
    "error.rule_modulo": "After % there must be a whole number from 1 to {max} (position {at}).",
}
