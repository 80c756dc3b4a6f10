"""Whom the game waits for (issue #25, "must versus may"): every view
carries ``waiting``, the seats offered a ``required`` template (the phone
says "your move" exactly there, the table names them).  So the required
seats must be public: a seat's view may not change when only what it may
not know changes (non-interference over the game's ``hidden_variants``),
and a ``race`` marks only required templates."""
from __future__ import annotations

import random

from companion import games
from companion.games.base import HOST, Illegal, copied, sample_action
from tests.conformance.conftest import positions
from tests.harness import canon


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
            for variant in game.hidden_variants(copied(state), viewer, rng):
                assert required_seats(game, variant, seats) == waiting, (game_name, viewer)
                compared += 1
        for s in seats:
            for tpl in game.actions(state, s):
                assert not tpl.get("race") or tpl.get("required"), tpl
    assert compared > 5


def waiting_moves(game, state, seats):
    """What the game waits for: each required seat with its required types."""
    return {(s, t["type"]) for s in seats for t in game.actions(state, s) if t.get("required")}


def test_the_host_can_stop_waiting_for_every_seat(game_name):
    """Issue #25: at every step that waits for a seat, the host has a tool
    of the game (not only ending it) that the rules accept and that moves
    the game on (a closed vote may well ask the same voters again)."""
    game = games.get(game_name)
    rng = random.Random(26)
    checked = 0
    for state, seats, _, _, _, sample in positions(game, seeds=1, every=3):
        if not sample or game.winners(state) is not None:
            continue
        waiting = waiting_moves(game, state, seats)
        if not waiting:
            continue
        moved = False
        for tpl in game.host_actions(state):
            for _ in range(6):   # text fields and lists: a few samples
                action = sample_action(tpl, rng)
                try:
                    after, _ = game.apply(copied(state), HOST, action, random.Random(0))
                except Illegal:
                    continue
                if canon(after) != canon(state):
                    moved = True
                    break
            if moved:
                break
        assert moved, (game_name, sorted(waiting), game.host_actions(state))
        checked += 1
    assert checked > 5
