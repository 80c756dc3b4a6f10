"""The app's reading of a rule where the row is short, and a row put in
words (issue #38).

Where a rule reads a card the row does not have yet (``prev`` before the
first card, ``prev2`` before the second) the app's answer follows the
language's three-valued logic (``language``), and a group may have meant
something else.  So the phone reads back, before a rule is sealed, what it
lets start the row — "The first card: any card", "The first card: Count 1"
— and, for a rule that reads the card two back, what may follow the first
card; the table shows the same with the rule at a round's end, and the log
uses it when a guess is right only as a game master judges
(``equivalence.judge``).  The phone computes the same reading from the
same rule (``static/games/what_the_rule.rule.js``; a test runs both).

A *description* of a set of cards (JSON, the same on the phone):

* ``{"any": true}`` (all 72), ``{"none": true}``;
* ``{"alts": [alt, ...]}``: the cards are those of one of at most
  ``MAX_ALTS`` alternatives; an alternative is a list of restrictions
  ``[attribute, [values]]`` (attributes in the cards' order, values in the
  pickers' order), and for the second card also ``[attribute, "same"]`` /
  ``[attribute, "other"]`` (as / unlike the first card);
* ``{"cards": k}``: k cards that take more alternatives to say;
* ``{"depends": true}`` (the second card only): how it depends on the first
  is more than "as" / "unlike".

The alternatives are found greedily over the 3,969 products of value sets
(one set per attribute, in a fixed order): each step takes the product
inside the set that covers most cards not yet covered (then the largest,
then the first), so the phone and the server say the same.

Words for a row (``card_words``): when the rules at hand read a single
property of the cards, a card is said by that value alone ("2", "white"),
as the issue's example "After 2, 3: a 4 fits the guess, not the rule";
when they read none, any card does; else by its full name."""
from __future__ import annotations

from itertools import product

from ..base import txt
from .budget import charge, within_budget
from .cards import ALL, ATTR_MASK, ATTRIBUTES, BY_CODE, CARDS, DOMAINS
from .language import Rule, card_attributes, node_ops, reads

MAX_ALTS = 3


def _subsets(attr: str) -> list[tuple[int, tuple]]:
    """(mask, values) of every non-empty set of an attribute's values, in
    the order of their bits (values None: all of them)."""
    domain = DOMAINS[attr]
    out = []
    for bits in range(1, 1 << len(domain)):
        values = tuple(v for i, v in enumerate(domain) if bits >> i & 1)
        mask = 0
        for v in values:
            mask |= ATTR_MASK[attr][v]
        out.append((mask, None if len(values) == len(domain) else values))
    return out


def _products() -> list[tuple[int, int, tuple]]:
    """(mask, size, restrictions) of every product of value sets."""
    out = []
    for parts in product(*(_subsets(a) for a in ATTRIBUTES)):
        mask = ALL
        for part_mask, _ in parts:
            mask &= part_mask
        restrictions = tuple([a, list(values)] for a, (_, values) in zip(ATTRIBUTES, parts)
                             if values is not None)
        out.append((mask, bin(mask).count("1"), restrictions))
    return out


PRODUCTS = _products()


@within_budget
def describe(mask: int) -> dict:
    """The description of a set of cards (see the module docstring)."""
    if mask == ALL:
        return {"any": True}
    if mask == 0:
        return {"none": True}
    charge(len(PRODUCTS))       # the request's budget (``budget``)
    inside = [p for p in PRODUCTS if p[0] & ~mask == 0]
    alts, uncovered = [], mask
    while uncovered:
        if len(alts) == MAX_ALTS:
            return {"cards": bin(mask).count("1")}
        best, key = None, (-1, -1)
        charge(len(inside))
        for p in inside:
            k = (bin(p[0] & uncovered).count("1"), p[1])
            if k > key:
                best, key = p, k
        alts.append([list(r) for r in best[2]])
        uncovered &= ~best[0]
    return {"alts": alts}


@within_budget
def fitting(rule: Rule, row: list[tuple]) -> int:
    """The cards that fit after ``row`` (its cards, oldest first)."""
    charge(len(CARDS) * (node_ops(rule.tree) + 1))     # every node for every card
    mask = 0
    for i, card in enumerate(CARDS):
        if rule.fits(card, row):
            mask |= 1 << i
    return mask


def _cards(mask: int) -> list[int]:
    return [i for i in range(len(CARDS)) if mask >> i & 1]


@within_budget
def describe_second(rule: Rule, first: int) -> dict:
    """What may follow each card of ``first`` (a mask of first cards): any
    card, the same set whatever the first, or a product whose parts are
    fixed sets or "as"/"unlike" the first card; else it depends."""
    after = {i: fitting(rule, [CARDS[i]]) for i in _cards(first)}
    sets = set(after.values())
    if not sets:
        return {"none": True}
    if len(sets) == 1:
        return describe(sets.pop())
    found: dict[str, object] = {}
    charge(len(after) * (len(CARDS) + len(ATTRIBUTES)) * len(ATTRIBUTES))
    for attr in ATTRIBUTES:
        at = ATTRIBUTES.index(attr)
        domain = DOMAINS[attr]
        kinds = set()
        for i, mask in after.items():
            values = {CARDS[c][at] for c in _cards(mask)}
            own = CARDS[i][at]
            kinds.add("same" if values == {own} else
                      "other" if values == set(domain) - {own} and len(domain) > 1 else
                      tuple(v for v in domain if v in values))
        if len(kinds) != 1:
            return {"depends": True}
        kind = kinds.pop()
        if kind != tuple(domain):
            found[attr] = kind if isinstance(kind, str) else list(kind)
    for i, mask in after.items():      # the parts together must be the whole set
        want = ALL
        for attr, kind in found.items():
            at = ATTRIBUTES.index(attr)
            own = CARDS[i][at]
            values = [own] if kind == "same" else [v for v in DOMAINS[attr] if v != own] \
                if kind == "other" else kind
            part = 0
            for v in values:
                part |= ATTR_MASK[attr][v]
            want &= part
        if want != mask:
            return {"depends": True}
    return {"alts": [[[attr, kind] for attr, kind in found.items()]]}


@within_budget
def reading(rule: Rule) -> dict:
    """``{"first": description}``, and ``"second"`` when the rule reads the
    card two back (missing at the second card)."""
    first = fitting(rule, [])
    out = {"first": describe(first)}
    if reads(rule.tree)["prev2"]:
        out["second"] = describe_second(rule, first)
    return out


# --- in words ---------------------------------------------------------------------

def restriction_key(restriction: list) -> str:
    """The text key of one restriction: ``log.read.count.1_2``,
    ``log.read.same.shape`` (generated by ``restriction_texts``)."""
    attr, values = restriction
    if isinstance(values, str):
        return f"log.read.{values}.{attr}"
    return f"log.read.{attr}." + "_".join(str(v) for v in values)


def listed(values: list[str], texts: dict) -> str:
    """"1, 2 or 3": the last two joined by the language's "or"."""
    if len(values) == 1:
        return values[0]
    return ", ".join(values[:-1]) + texts["words.list_or"] + values[-1]


def say_restriction(restriction: list, texts: dict) -> str:
    """"Count 1 or 2", "Shape as the first card" (the phone says the same:
    ``restrictionWords`` in what_the_rule.rule.js)."""
    attr, values = restriction
    field = texts[f"field.{attr}"]
    if isinstance(values, str):
        return texts[f"ui.r_{values}"].format(attr=field)
    said = [str(v) if isinstance(v, int) else texts[f"value.{v}"] for v in values]
    return f"{field} {listed(said, texts)}"


def restriction_texts(texts: dict) -> dict[str, str]:
    """Every restriction's words under its key, for log lines (a log line's
    parameter is one text; these stay off the phone page, whose script
    words a reading itself)."""
    out = {}
    for attr in ATTRIBUTES:
        for _, values in _subsets(attr):
            if values is not None:
                restriction = [attr, list(values)]
                out[restriction_key(restriction)] = say_restriction(restriction, texts)
        for kind in ("same", "other"):
            out[restriction_key([attr, kind])] = say_restriction([attr, kind], texts)
    return out


def say(description: dict, texts: dict) -> str:
    """A description in words (what the phone shows after "The first card:")."""
    if description.get("any"):
        return texts["ui.r_any"]
    if description.get("none"):
        return texts["ui.r_none"]
    if description.get("depends"):
        return texts["ui.r_depends"]
    if "cards" in description:
        return texts["ui.r_cards"].format(k=description["cards"])
    return texts["ui.r_or"].join(", ".join(say_restriction(r, texts) for r in alt)
                                 for alt in description["alts"])


def log_words(description: dict) -> list | None:
    """A description as a log parameter (a list of texts, joined by ", "),
    or None when it needs more than one alternative (then the log says how
    many cards: ``description_size``)."""
    for word in ("any", "none", "depends"):
        if description.get(word):
            return [txt(f"ui.r_{word}")]
    alts = description.get("alts")
    if alts is None or len(alts) != 1:
        return None
    return [txt(restriction_key(r)) for r in alts[0]]


@within_budget
def description_size(rule: Rule, which: str) -> int:
    """How many cards may be the first card (``which`` "first"), or the
    second after some first card ("second")."""
    first = fitting(rule, [])
    if which == "first":
        return bin(first).count("1")
    after = 0
    for i in _cards(first):
        after |= fitting(rule, [CARDS[i]])
    return bin(after).count("1")


# --- a row in words ---------------------------------------------------------------------

def relevant(*rules: Rule) -> tuple[str, ...]:
    """The properties of a card any of ``rules`` reads (of the card, the
    card before or two back; ``total`` reads the count)."""
    found: set[str] = set()
    for rule in rules:
        r = reads(rule.tree)
        found |= card_attributes(rule.tree) | r["prev"] | r["prev2"]
        if r["total"]:
            found.add("count")
    return tuple(a for a in ATTRIBUTES if a in found)


def card_words(code: str, attrs: tuple[str, ...]):
    """A card as a log parameter: its one relevant value (a count as a
    number), "any card" when none matters, else its full name."""
    if len(attrs) == 1:
        value = BY_CODE[code][ATTRIBUTES.index(attrs[0])]
        return value if isinstance(value, int) else txt(f"value.{value}")
    if not attrs:
        return txt("ui.r_any")
    return txt(f"value.{code}")


#: a row is said whole up to this many cards, else its length and the last ones
ROW_WHOLE = 6
ROW_LAST = 3


def row_params(row: tuple[str, ...] | list[str], attrs: tuple[str, ...]) -> dict:
    """``{"row": [words], "n": cards}``; a long row keeps its last cards."""
    shown = row if len(row) <= ROW_WHOLE else row[-ROW_LAST:]
    return {"row": [card_words(c, attrs) for c in shown], "n": len(row)}


def row_total(row) -> int:
    return sum(BY_CODE[c][1] for c in row)

