"""Hidden variants for the non-interference check.  The only secret is the
sealed rule while a round runs: hidden from every seat but a seated game
master, and from everyone (the table included) when the app is the game
master; so is what follows from it: where each wrong guess of the round
and the rule part ways (``partings``, shown when the round ends).  How the rule is held (typed, in the rule language, drawn from the
deck and at which level) is public, as at the real table; a variant keeps
that and changes the rule itself."""
from __future__ import annotations

import random

from ..base import Secret, copied
from . import deck
from .flow import RUNNING

OTHER_TEXTS = ("Only cards with more shapes than the card before.",
               "Black after white, never two of a colour.")
OTHER_RULES = ("shape == circle", "count > prev.count or prev == none", "n % 2 == 0")


def running(state: dict) -> bool:
    return state["rule"] is not None and state["phase"] in RUNNING


def seated_master(state: dict) -> list[int]:
    return [state["gm"]] if state["master"] == "seat" else []


def rule_drawn_last(state: dict) -> bool:
    return running(state) and state["rule"].get("id") == (state["drawn"] or [None])[-1]


#: the game's secrets (``Game.secrets``): while a round runs, the sealed
#: rule, where the wrong guesses part ways with it, and the deck card it
#: was drawn as; a seated game master knows them
SECRETS = (Secret("rule", hidden="everyone", known_by=seated_master, when=running),
           Secret("partings", hidden="everyone", known_by=seated_master, when=running),
           Secret("drawn.-1", hidden="everyone", known_by=seated_master, when=rule_drawn_last))


def knows_rule(state: dict, viewer: int | None) -> bool:
    return state["master"] == "seat" and viewer is not None and viewer == state["gm"]


def hidden_variants(state: dict, viewer: int | None, rng: random.Random) -> list[dict]:
    rule = state["rule"]
    if rule is None or state["phase"] not in RUNNING or knows_rule(state, viewer):
        return []
    variant = copied(state)
    # where each wrong guess and the rule part ways follows from the rule:
    # it is shown only when the round ends (another rule, other partings)
    variant["partings"] = {index: {**parting, "n": parting["n"] + 1, "row": parting["row"][1:]}
                           for index, parting in (state.get("partings") or {}).items()}
    if rule["kind"] == "text":
        variant["rule"]["text"] = next(t for t in OTHER_TEXTS if t != rule["text"])
    elif rule["kind"] == "expr":
        variant["rule"]["rule"] = rng.choice([r for r in OTHER_RULES if r != rule["rule"]])
    else:
        others = [i for i in deck.ids(rule["level"]) if i != rule["id"]]
        choice = rng.choice(others)
        variant["rule"]["id"] = choice
        if variant["drawn"] and variant["drawn"][-1] == rule["id"]:
            variant["drawn"][-1] = choice
    return [variant]
