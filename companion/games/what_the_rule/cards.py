"""The 72 different cards (each twice in the box: 144).

A card is written as a code ``<shape>-<count>-<fill>-<color>``, e.g.
``circle-3-filled-white``: readable in the API and in the stored state.  Its
index 0..71 (used for bit masks: bit ``i`` is card ``i``) runs through shape,
count, fill, colour in that order."""
from __future__ import annotations

from itertools import product

SHAPES = ("circle", "triangle", "square")
COUNTS = (1, 2, 3, 4, 5, 6)
FILLS = ("filled", "empty")
COLORS = ("white", "black")
ATTRIBUTES = ("shape", "count", "fill", "color")
DOMAINS: dict[str, tuple] = {"shape": SHAPES, "count": COUNTS, "fill": FILLS, "color": COLORS}

#: every card as (shape, count, fill, color), in index order
CARDS: tuple[tuple, ...] = tuple(product(SHAPES, COUNTS, FILLS, COLORS))
INDEX: dict[tuple, int] = {card: i for i, card in enumerate(CARDS)}
ALL = (1 << len(CARDS)) - 1
COPIES = 2
BOX = len(CARDS) * COPIES        # 144 cards in the box
HAND = 10                        # cards dealt to every player holding cards

#: ATTR_MASK[attribute][value] = the bit mask of every card with that value
ATTR_MASK: dict[str, dict] = {
    attr: {value: sum(1 << i for i, card in enumerate(CARDS) if card[k] == value)
           for value in DOMAINS[attr]}
    for k, attr in enumerate(ATTRIBUTES)
}


def code(card: tuple) -> str:
    shape, count, fill, color = card
    return f"{shape}-{count}-{fill}-{color}"


CODES: tuple[str, ...] = tuple(code(card) for card in CARDS)
BY_CODE: dict[str, tuple] = {code(card): card for card in CARDS}


def from_fields(action: dict) -> str | None:
    """The code of the card an action names with its four picker fields,
    or None when it is not one of the 72."""
    card = (action.get("shape"), action.get("count"), action.get("fill"), action.get("color"))
    # a list or an object in a field is no card (and cannot be looked up: unhashable)
    if type(card[1]) is not int or not all(isinstance(v, str) for v in (card[0], card[2], card[3])):
        return None
    return code(card) if card in INDEX else None


def picker_fields() -> dict[str, list]:
    """The four quick pickers of a card, as template fields."""
    return {attr: list(DOMAINS[attr]) for attr in ATTRIBUTES}


def bits(mask: int):
    """The card indices set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def card_code(value) -> str | None:
    """The code of a card named by its code (``"circle-3-filled-white"``)
    or by an object of its four fields, or None when it is not one of the
    72 (a list, a number, "3" for a count, a fifth key: no card)."""
    if type(value) is str:
        return value if value in BY_CODE else None
    if isinstance(value, dict) and set(value) == set(ATTRIBUTES):
        return from_fields(value)
    return None


def action_card(action: dict) -> str | None:
    """The card a ``play`` (or ``reveal_card``) names: its ``card`` field
    (the spec's shape) when given, else the four picker fields."""
    return card_code(action["card"]) if "card" in action else from_fields(action)


#: the template spec of one card: its code (the usual form; "joined": every
#: shape-count-fill-color, the 72 codes without listing them in each view)
#: or an object of its four fields (checked further by ``card_code``)
CODE_SPEC = {"kind": "joined", "of": [list(DOMAINS[attr]) for attr in ATTRIBUTES], "sep": "-"}
CARD_SPEC = {"kind": "either", "of": [CODE_SPEC, {"kind": "object", "max": len(ATTRIBUTES)}]}


def hand_spec(size: int) -> dict:
    """The template spec of a whole shown hand: ``size`` cards, repeats allowed."""
    return {"kind": "list", "of": CARD_SPEC, "size": size}
