"""Host powers need a cause (issue #38), over random play of every game:
each host tool that skips a seat or acts for it (``Game.host_skips``) is
refused while the awaited seats' phones are here and no timer ran out, and
accepted once every awaited phone has been away 30 seconds, once the
step's timer ran out, or (a race) once the race has waited 30 seconds.
The phones' absence and the clock are arguments (``host_powers.Absence``):
no test waits."""
from __future__ import annotations

import random

import pytest

from companion import games
from companion.errors import ServiceError
from companion.games.base import copied, sample_action
from companion.gameplay import awaited
from companion.host_powers import Absence, cause_at, check
from tests.conformance.conftest import positions

NOW = 1_000_000.0


def room_at(game, state, seats) -> dict:
    return {"code": "ROOM", "game": game.name, "status": "playing", "state": state,
            "order": list(seats), "seats": [{"seat": s, "name": f"P{s}"} for s in seats],
            "timer": None, "waiting_since": {"seats": [], "at": NOW}}


def refused_without_cause(room, game, action, absence) -> bool:
    try:
        check(room, game, action, absence, now=NOW)
    except ServiceError as error:
        assert error.code == "no_cause" and error.status == 409
        return True
    return False


def test_every_game_declares_its_skipping_tools(game_name):
    """Every host game action that stops waiting is declared; tools that
    are the host's own job (dealing a round, drawing a rule) are not."""
    game = games.get(game_name)
    assert "close" in game.host_skips
    assert game.host_skips <= game.action_types


def test_skipping_tools_need_a_cause(game_name):
    game = games.get(game_name)
    met = set()
    for state, seats, _, _, _, sample in positions(game, seeds=1, every=2):
        if not sample:
            continue
        room = room_at(game, state, seats)
        waiting, race = awaited(room)
        for tpl in game.host_actions(state):
            if tpl["type"] not in game.host_skips:
                continue
            action = sample_action(tpl, random.Random(0))
            here = Absence({}, 30)
            if not waiting:
                assert refused_without_cause(room, game, action, here), "nobody to skip"
                continue
            met.add(tpl["type"])
            # every awaited phone here, no timer: refused unless a race waited 30 s
            room["waiting_since"]["at"] = NOW - 5
            assert refused_without_cause(room, game, action, here), (tpl, waiting)
            # one awaited phone away 31 s, another still here: refused
            if len(waiting) > 1 and not race:
                partly = Absence({waiting[0]: NOW - 31}, 30)
                assert refused_without_cause(room, game, action, partly)
            # every awaited phone away, but only for 10 s: refused
            assert refused_without_cause(room, game, action,
                                         Absence({s: NOW - 10 for s in waiting}, 30))
            # every awaited phone away for 31 s: accepted
            assert not refused_without_cause(room, game, action,
                                             Absence({s: NOW - 31 for s in waiting}, 30))
            # the step's timer ran out: accepted with every phone here
            timed = copied(room)
            timed["timer"] = {"seconds": 60, "deadline": NOW - 1, "paused_left": None,
                              "waiting": waiting}
            assert not refused_without_cause(timed, game, action, here)
            timed["timer"]["deadline"] = NOW + 1
            assert refused_without_cause(timed, game, action, here)
            # a race unanswered for 30 s: accepted
            if race:
                room["waiting_since"]["at"] = NOW - 31
                assert not refused_without_cause(room, game, action, here)
    assert met, f"{game_name}: random play never offered a host tool that skips a seat"


def test_cause_at_is_the_earliest_cause():
    game = games.get("haiclue")
    for state, seats, _, _, _, _ in positions(game, seeds=1):
        room = room_at(game, state, seats)
        waiting, _ = awaited(room)
        if len(waiting) > 1:
            break
    else:
        pytest.fail("no step awaited two seats")
    away = Absence({waiting[0]: NOW - 100, waiting[1]: NOW - 5, **{s: NOW - 50 for s in waiting[2:]}}, 30)
    assert cause_at(room, away) == NOW - 5 + 30   # the last phone to go counts
    room["timer"] = {"seconds": 60, "deadline": NOW + 3, "paused_left": None, "waiting": waiting}
    assert cause_at(room, away) == NOW + 3        # the timer runs out first
    assert cause_at(room, Absence({}, 30)) == NOW + 3
    room["timer"]["deadline"] = None              # paused: no deadline, no cause from it
    assert cause_at(room, Absence({}, 30)) is None
