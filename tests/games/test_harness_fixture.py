"""The generic harness on the fixture game: it passes on a correct game and
catches a leaking one (so the harness itself can fail)."""
from __future__ import annotations

import random

import pytest

from companion.games.base import Illegal
from tests.fixture_game import Pick
from tests.harness import check_non_interference, random_play

SEATS = [0, 1, 2, 3]


def perturb(state, viewer, rng):
    """Change only what ``viewer`` cannot know: other letters, others' unrevealed picks."""
    variants = []
    for seat in SEATS:
        if seat == viewer:
            continue
        changed = random.Random(rng.random())
        variant = {**state, "letters": dict(state["letters"]), "picks": dict(state["picks"])}
        variant["letters"][str(seat)] = changed.choice("ABCDEFGH")
        if str(seat) in variant["picks"]:
            variant["picks"][str(seat)] = changed.randint(1, 3)
        variants.append(variant)
    return variants


def test_random_play_and_non_interference():
    game = Pick()
    compared = 0
    for seed in range(60):
        rng = random.Random(seed)
        for state, *_ in random_play(game, SEATS, {"rounds": 3}, seed):
            compared += check_non_interference(game, state, SEATS, perturb, rng)
        assert game.winners(state) is not None
    assert compared > 1000


class LeakyPick(Pick):
    def view(self, state, who):
        out = super().view(state, who)
        out["public"]["how_many_picked_2"] = sum(1 for p in state["picks"].values() if p == 2)
        return out


def test_harness_catches_a_leak():
    game = LeakyPick()
    with pytest.raises(AssertionError, match="can tell a hidden change apart"):
        for seed in range(20):
            rng = random.Random(seed)
            for state, *_ in random_play(game, SEATS, {"rounds": 3}, seed):
                check_non_interference(game, state, SEATS, perturb, rng)


class Careless(Pick):
    """The fixture game, but a refusal comes after it changed the state."""

    def apply(self, state, actor, action, rng):
        state["round"] += 1
        raise Illegal("not_picking")


def test_harness_catches_a_refusal_that_changed_the_state():
    with pytest.raises(AssertionError, match="changed the state"):
        for _ in random_play(Careless(), SEATS, {"rounds": 1}, seed=1):
            pass
