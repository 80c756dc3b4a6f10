"""Hidden variants: copies of a state that differ only in what a viewer may
not know, for the non-interference check.  Factum's secrets are where the
other contributors' cards lie (until the reveal), the team votes not yet
revealed, and the best-story ballots (for good: once counted, only the
counts are known, so the others' ballots may be reshuffled among them)."""
from __future__ import annotations

import random

from ..base import Secret, copied
from .roles import key


def marking(state: dict) -> bool:
    return state["phase"] in ("mark", "vote")


#: the game's secrets (``Game.secrets``): each contributor's cards until
#: the reveal, each team vote while it is open, each best-story ballot for
#: good (once counted only the counts are public)
SECRETS = (Secret("marks.*.*", when=marking),
           Secret("votes.*", when=lambda state: state["phase"] == "vote"),
           Secret("best_votes.*", values=("current", "title"),
                  when=lambda state: state["phase"] == "best"),
           Secret("best_votes.*", when=lambda state: state["phase"] != "best"))

VARIANTS = 2


def hidden_variants(state: dict, viewer: int | None, rng: random.Random) -> list[dict]:
    mine = None if viewer is None else key(viewer)
    out: list[dict] = []
    for _ in range(VARIANTS):
        out += [v for v in (moved_marks(state, mine, rng), other_votes(state, mine, rng),
                            other_ballots(state, mine, rng)) if v is not None]
    return out


def moved_marks(state: dict, mine: str | None, rng: random.Random) -> dict | None:
    """Other contributors' cards at other free positions (before the reveal)."""
    if state["phase"] not in ("mark", "vote"):
        return None
    others = [(k, kind) for k, marks in state["marks"].items() if k != mine for kind in marks]
    if not others:
        return None
    own = set(state["marks"].get(mine, {}).values()) if mine else set()
    free = [p for p in range(1, state["n"] + 1) if p not in own]
    variant = copied(state)
    for (k, kind), position in zip(others, rng.sample(free, len(others))):
        variant["marks"][k][kind] = position
    return variant


def other_votes(state: dict, mine: str | None, rng: random.Random) -> dict | None:
    """Other voters' ballots of the open team vote."""
    others = [k for k in state["votes"] if k != mine]
    if state["phase"] != "vote" or not others:
        return None
    options = state["tied"] or list(range(1, state["n"] + 1))
    variant = copied(state)
    for k in others:
        variant["votes"][k] = rng.choice(options)
    return variant


def other_ballots(state: dict, mine: str | None, rng: random.Random) -> dict | None:
    """Other best-story ballots: any while the vote is open; once counted,
    a reshuffle that keeps the (public) counts."""
    others = [k for k in state["best_votes"] if k != mine]
    if not others:
        return None
    variant = copied(state)
    if state["phase"] == "best":
        for k in others:
            variant["best_votes"][k] = rng.choice(["current", "title"])
        return variant
    stories = [state["best_votes"][k] for k in others]
    rng.shuffle(stories)
    variant["best_votes"].update(zip(others, stories))
    return variant
