"""Reading the state: whose turn, which cards, who is asked.  Shared by
the rules, the views and the hidden variants."""
from __future__ import annotations

TERM_MAX = 40
HAND_SIZE = 6
PER_PLAYER = {3: 3, 4: 2, 5: 2, 6: 1}
MODES = ("physical", "digital")


def _k(s: int) -> str:
    return str(s)


# --- reading the state (shared with view.py and hidden.py) -------------------

def teller(state: dict) -> int:
    """Whose turn it is to lay a card of the story being told."""
    seats = state["seats"]
    laid = len(state["stories"][state["story"]]["cards"])
    return seats[(state["story"] + laid) % len(seats)]


def next_seat(state: dict, s: int) -> int:
    seats = state["seats"]
    return seats[(seats.index(s) + 1) % len(seats)]


def untaken(state: dict) -> list[dict]:
    return [c for c in state["res"]["cards"] if c["taken_by"] is None]


def cards_of(state: dict, s: int) -> list[str]:
    """``s``'s untaken cards of the story being resolved."""
    return [c["term"] for c in untaken(state) if c["holder"] == s]


def only_own_left(state: dict, s: int) -> bool:
    left = untaken(state)
    return bool(left) and all(c["holder"] == s for c in left)


def pending(state: dict) -> list[int]:
    """Seats that still owe an answer to the open question."""
    question = state["res"]["question"] if state["res"] else None
    if not question:
        return []
    return [int(s) for s in question["asked"] if int(s) not in question["declined"]]


def waiting_for(state: dict) -> list[int]:
    if state["phase"] == "telling":
        return [teller(state)]
    if state["phase"] != "resolution":
        return []
    res = state["res"]
    if res["question"]:
        return pending(state)
    if res["ending"]:
        return [res["appeal"]["seat"]]
    return [res["turn"]]


def appeal_holders(state: dict, namer: int) -> dict[str, list[str]]:
    """Everyone but the namer who holds an untaken card, with those cards."""
    return by_holder(state, [c for c in untaken(state) if c["holder"] != namer])


def by_holder(state: dict, cards: list[dict]) -> dict[str, list[str]]:
    """The cards' terms per holder, holders in table order."""
    out: dict[str, list[str]] = {}
    for s in state["seats"]:
        terms = [c["term"] for c in cards if c["holder"] == s]
        if terms:
            out[_k(s)] = terms
    return out


def close_steps(state: dict) -> list[str]:
    if state["phase"] == "telling":
        return ["lay"]
    if state["phase"] != "resolution":
        return []
    res = state["res"]
    if res["question"]:
        return ["confirm"]
    if res["ending"]:
        return ["appeal"]
    return ["turn"]
