"""What the Rule?!'s English texts of a rule's reading at the start of the row
and of a row put in words (``reading``; issue #38), merged into
``texts_en``.  ``ui.r_*`` are the phone's pieces (what_the_rule.rule.js
words a reading with them before a rule is sealed); ``log.read.*`` are the
same words for log lines, generated from those pieces."""

TEXTS: dict[str, str] = {
    # a reading, on the phone and the table ("The first card: Count 1")
    "ui.r_first": "The first card: {what}",
    "ui.r_second": "The second card: {what}",
    "ui.r_any": "any card",
    "ui.r_none": "no card",
    "ui.r_or": "; or ",
    "ui.r_cards": "{k} of the 72 cards",
    "ui.r_same": "{attr} as the first card",
    "ui.r_other": "{attr} unlike the first card",
    "ui.r_depends": "depends on the first card",
    # a guess right only as a game master judges it (the start of the row)
    "log.guess_right_start": ("{seat}'s guess is right, as a game master judges it: it and the rule "
                              "differ only at the start of the row, where one of them reads a card "
                              "the row does not have yet."),
    "log.start_first": "By the rule, the first card: {what}.",
    "log.start_first_k": "By the rule, {k} of the 72 cards can start the row.",
    "log.start_second": "By the rule, the second card: {what}.",
    "log.start_second_k": "By the rule, {k} of the 72 cards can be the second card.",
    # a wrong guess, explained once the rule is shown
    "log.parted_start": ("{seat}'s guess {rule} and the rule part ways at the start of the row: "
                         "{card} {way}."),
    "log.parted": "{seat}'s guess {rule} and the rule part ways after {row}: {card} {way}.",
    "log.parted_long": ("{seat}'s guess {rule} and the rule part ways after {n} cards, the last "
                        "ones {row}: {card} {way}."),
    "log.parted_total": ("{seat}'s guess {rule} and the rule part ways after {n} cards with "
                         "{total} shapes in all, the last ones {row}: {card} {way}."),
    "log.parted_n": "{seat}'s guess {rule} and the rule part ways after {n} cards: {card} {way}.",
    "log.way_guess": "fits the guess, not the rule",
    "log.way_rule": "fits the rule, not the guess",
    "log.row_any": "any cards",
    # sealing a rule whose row runs dead
    "error.rule_no_second": ("After the first card ({row}) no card can follow this rule, so the "
                             "row would stop there: please change it."),
    "error.rule_dead_end": ("After {row} ({n} cards in the row) no card can follow this rule, so "
                            "the row would stop there: please change it."),
}
