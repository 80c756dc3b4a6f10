"""States a viewer cannot tell apart (for the non-interference check): they
differ only in the terms of told but unresolved stories, in who holds which
untaken card of the story being resolved (the viewer's own cards stay), in
the other players' hands and in the deck."""
from __future__ import annotations

import random

from ..base import Secret, copied
from .board import _k
from .deck import DECK_SEP


def hidden_variants(state: dict, viewer: int | None, rng: random.Random) -> list[dict]:
    out = []
    for attempt in range(3):
        variant = copied(state)
        changed = _vary_told(variant, rng, attempt)
        changed |= _vary_deal(variant, viewer, rng, attempt)
        changed |= _vary_hands(variant, viewer, rng, attempt)
        if changed:
            out.append(variant)
    return out


def told_unresolved(state: dict, path: tuple) -> bool:
    """A story told and not yet resolved (its terms are face down)."""
    return (state["phase"] == "resolution"
            or (state["phase"] == "telling" and path[1] < state["story"]))


def untaken(state: dict, path: tuple) -> bool:
    return state["res"]["cards"][path[2]]["taken_by"] is None


#: the game's secrets (``Game.secrets``): the cards of the stories told
#: and unresolved (their terms and order), each untaken card of the story
#: being resolved (its holder's; who holds it, its term, who laid it),
#: whom a question asks about which card, the hands (a digital hand is on
#: its owner's open screen) and the deck
SECRETS = (Secret("stories.*.cards", hidden="everyone", order=True, when=told_unresolved),
           Secret("res.cards.*", owner=lambda state, path: state["res"]["cards"][path[2]]["holder"],
                  when=untaken),
           Secret("res.question.asked.*"),
           Secret("hands.*.*", owner_open=True),
           Secret("deck", hidden="everyone"))


def _fresh(rng: random.Random, attempt: int, i: int) -> str:
    # getrandbits: a whole deck is renamed per variant, and randint cost
    # the conformance suite seconds
    return f"Variante {attempt}.{i}.{rng.getrandbits(10)}"


def _hidden_stories(state: dict) -> list[dict]:
    """Stories whose terms nobody may see now."""
    if state["phase"] == "telling":
        return state["stories"][:state["story"]]
    if state["phase"] == "resolution":
        return state["stories"]   # the current one lives on in state["res"]
    return []


def _vary_told(state: dict, rng: random.Random, attempt: int) -> bool:
    changed = False
    for story in _hidden_stories(state):
        for i, card in enumerate(story["cards"]):
            card["term"] = _fresh(rng, attempt, i)
            changed = True
        rng.shuffle(story["cards"])
    return changed


def _vary_deal(state: dict, viewer: int | None, rng: random.Random, attempt: int) -> bool:
    """Deals the other players' untaken cards anew (same counts) and renames
    them; the questions to other players follow their new cards."""
    res = state.get("res")
    if not res:
        return False
    movable = [c for c in res["cards"] if c["taken_by"] is None and c["holder"] != viewer]
    if not movable:
        return False
    holders = [c["holder"] for c in movable]
    rng.shuffle(holders)
    for i, (card, holder) in enumerate(zip(movable, holders)):
        card["holder"] = holder
        card["term"] = _fresh(rng, attempt, i)
        card["by"] = rng.choice(state["seats"])
    question = res["question"]
    if question:
        for s, candidates in question["asked"].items():
            if int(s) == viewer:
                continue
            theirs = [c["term"] for c in movable if c["holder"] == int(s)]
            question["asked"][s] = theirs[:len(candidates)]
    return True


def _vary_hands(state: dict, viewer: int | None, rng: random.Random, attempt: int) -> bool:
    if not state["hands"]:
        return False
    for s, hand in state["hands"].items():
        if viewer is not None and s == _k(viewer):
            continue
        state["hands"][s] = [_fresh(rng, attempt, 100 + i) for i in range(len(hand))]
    if state["deck"]:
        size = len(state["deck"].split(DECK_SEP))
        state["deck"] = DECK_SEP.join(_fresh(rng, attempt, 200 + i) for i in range(size))
    return True
