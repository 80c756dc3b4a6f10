"""The game kit's example (issue #46): the smallest complete game with a
secret, the tests' fixture game (tests/fixture_game.py) with its pick made
a face-down ballot (a secret act, ``Move(secret=True)``).  Every seat is
dealt a secret letter and secretly picks a number 1..3; when all have
picked (or the host closes the step) the picks are revealed; a seat whose
pick equals (sum of picks mod 3) + 1 scores 1.  tests/kit/test_kit.py
plants one mistake at a time in it and shows the conformance checks catch
each (docs/GAME_KIT.md)."""
from __future__ import annotations

from companion.games.base import Move, template
from tests import fixture_game
from tests.fixture_game import close, pick, pick_check


class Pick(fixture_game.Pick):
    def actions(self, state, who):
        if state["over"] or str(who) in state["picks"]:
            return []
        return [template("pick", number=[1, 2, 3], confirm=True, required=True, secret_act=True)]


Pick.moves = {"pick": Move(pick, pick_check, secret=True), "close": Move(close, by="host")}

GAME = Pick()
