"""Whom the game waits for (issue #25, "must versus may"): every view
carries ``waiting``, the seats offered a ``required`` template (the phone
says "your move" exactly there, the table names them).  So the required
seats must be public: a seat's view may not change when only what it may
not know changes (non-interference over the game's ``hidden_variants``),
and a ``race`` marks only required templates."""
from __future__ import annotations

import copy
import random

from companion import games
from tests.conformance.conftest import positions


def required_seats(game, state, seats):
    out = []
    for s in seats:
        required = [t for t in game.actions(state, s) if t.get("required")]
        if required:
            out.append((s, all(t.get("race") for t in required)))
    return out


def test_whom_the_game_waits_for_is_public(game_name):
    game = games.get(game_name)
    rng = random.Random(25)
    compared = 0
    for state, seats, _, _, _, sample in positions(game, seeds=1, every=4):
        if not sample or game.winners(state) is not None:
            continue
        waiting = required_seats(game, state, seats)
        for viewer in seats + [None]:
            for variant in game.hidden_variants(copy.deepcopy(state), viewer, rng):
                assert required_seats(game, variant, seats) == waiting, (game_name, viewer)
                compared += 1
        for s in seats:
            for tpl in game.actions(state, s):
                assert not tpl.get("race") or tpl.get("required"), tpl
    assert compared > 5
