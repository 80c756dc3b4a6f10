"""The reveal: whose card lay where, which position the guessers chose and
who scores.  Derived from the marks, the ballots and ``res``, so the view
and the scoring always agree."""
from __future__ import annotations

from . import roles
from .roles import key


def layout(state: dict) -> dict[int, tuple[int, str]]:
    """Position -> (seat, card) of every marked card; the rest are deck cards."""
    out = {}
    for seat_key, marks in state["marks"].items():
        for kind, position in marks.items():
            out[position] = (int(seat_key), kind)
    return out


def points(state: dict, chosen: int, correct: bool, owner: int | None) -> dict[str, int]:
    """Every member of the winning team +1, its captain +1 more, the owner
    of a wrongly chosen card +1 (a deck card has no owner)."""
    guessers = state["guessers"]
    win = guessers if correct else roles.other(guessers)
    out: dict[str, int] = {}
    for s in roles.members(state, win) + [roles.captain(state, win)]:
        out[key(s)] = out.get(key(s), 0) + 1
    if owner is not None:
        out[key(owner)] = out.get(key(owner), 0) + 1
    return out


def reveal(state: dict) -> dict | None:
    """The public reveal of the current (or just finished) round."""
    res = state["res"]
    if res is None:
        return None
    where = layout(state)
    story = state["marks"][key(state["teller"])]["story"]
    chosen = res["chosen"]
    correct = chosen == story
    owner = where[chosen][0] if (not correct and chosen in where) else None
    guessers = state["guessers"]
    return {
        "chosen": chosen, "story": story, "correct": correct,
        "winners": guessers if correct else roles.other(guessers),
        "random": res["random"], "owner": owner,
        "layout": [{"position": p, "seat": where[p][0] if p in where else None,
                    "card": where[p][1] if p in where else "deck"}
                   for p in range(1, state["n"] + 1)],
        "ballots": [dict(ballot) for ballot in state["ballots"]],
        "points": points(state, chosen, correct, owner),
    }
