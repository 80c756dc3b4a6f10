"""Variants of a position that differ only in what one viewer may not know
(the conformance suite checks that viewer sees the same in each):

* the colour cards of the other players whose clue has not been revealed
  yet this round, redealt together with the deck (so the 40 cards still add
  up), and the order of the deck;
* the typed clues of the other players, except the clue being guessed and
  those already revealed;
* the other players' guesses for the clue being guessed (who has guessed
  stays the same: that is public).
"""
from __future__ import annotations

import random

from ..base import Secret, copied
from .board import BY_INITIAL, COLORS, INITIAL, author, key

VARIANTS = 3
CLUES = ["", "fox tea", "moon river sun", "cold cold cold"]


def unrevealed(state: dict, path: tuple) -> bool:
    """The seat's clue has not been revealed this round."""
    return int(path[1]) not in {r["author"] for r in state["results"]}


def typed_unguessed(state: dict, path: tuple) -> bool:
    return unrevealed(state, path) and int(path[1]) != author(state)


#: the game's secrets (``Game.secrets``): each player's colour card until
#: its clue is revealed, the deck and its order, each typed clue until it
#: is guessed (its author's phone shows the clue it typed on the open
#: screen), each guess of the clue being guessed
SECRETS = (Secret("colors.*", values=tuple(COLORS), when=unrevealed),
           Secret("deck", hidden="everyone", order=True),
           Secret("ready.*", values=tuple(CLUES), when=typed_unguessed, owner_open=True),
           Secret("guesses.*", values=tuple(COLORS)))


def hidden_variants(state: dict, viewer: int | None, rng: random.Random) -> list[dict]:
    return [_variant(copied(state), viewer, rng) for _ in range(VARIANTS)]


def _variant(state: dict, viewer: int | None, rng: random.Random) -> dict:
    revealed = {r["author"] for r in state["results"]}
    current = author(state)
    unseen = [s for s in state["seats"] if s != viewer and s not in revealed]
    _redeal(state, unseen, rng)
    for s in unseen:
        if s != current and key(s) in state["ready"]:
            state["ready"][key(s)] = rng.choice(CLUES)
    for k in state["guesses"]:
        if k != key(viewer):
            state["guesses"][k] = rng.choice(COLORS)
    return state


def _redeal(state: dict, unseen: list[int], rng: random.Random) -> None:
    """Shuffles the unseen players' colour cards into the deck and deals
    them new ones from it."""
    cards = [INITIAL[state["colors"][key(s)]] for s in unseen] + list(state["deck"])
    rng.shuffle(cards)
    for s, card in zip(unseen, cards):
        state["colors"][key(s)] = BY_INITIAL[card]
    state["deck"] = "".join(cards[len(unseen):])
