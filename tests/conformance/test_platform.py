"""The platform's side of the game contract: discovery, and a bug in game
code reaching the player as a 500 with a generic message (never as a
refusal), with its traceback in the log and nothing stored."""
from __future__ import annotations

import logging

import pytest

from companion import games
from companion.games.base import template
from tests.conftest import Table
from tests.fixture_game import Pick


class Broken(Pick):
    """The fixture game with a bug in ``apply``."""
    name = "broken"

    def apply(self, state, actor, action, rng):
        return state["no such key"], []


@pytest.fixture
def broken():
    games.register(Broken())
    yield
    games.unregister("broken")


def test_shipped_games_are_discovered():
    shipped = games.shipped()
    assert {"hoax", "haiclue", "factum"} <= set(shipped)
    assert "pick" not in shipped


def test_a_game_that_fails_to_import_stops_the_registry(monkeypatch):
    monkeypatch.setenv("COMPANION_EXTRA_GAMES", "tests.no_such_game_module")
    monkeypatch.setattr(games, "_loaded", None)
    with pytest.raises(ModuleNotFoundError):
        games.all_games()
    monkeypatch.delenv("COMPANION_EXTRA_GAMES")
    monkeypatch.setattr(games, "_loaded", None)
    assert "hoax" in games.all_games()


def test_a_bug_in_game_code_is_a_500_over_http_and_sockets(app_pair, broken, caplog):
    app, socketio = app_pair
    table = Table(app.test_client(), game="broken")
    seats = [table.join(name) for name in ("Anna", "Ben")]
    table.host_act(type="start")
    before = app.extensions["companion"].store.load(table.code)
    with caplog.at_level(logging.ERROR):
        answer = table.seat_act(seats[0], type="pick", number=1)
    assert answer.status_code == 500
    assert answer.json == {"ok": False, "error": {
        "code": "internal", "message": answer.json["error"]["message"]}}
    assert "KeyError" in caplog.text
    client = socketio.test_client(app, auth={"room": table.code, "token": table.tokens[seats[1]]})
    ack = client.emit("action", {"type": "pick", "number": 2}, callback=True)
    assert ack["ok"] is False and ack["error"]["code"] == "internal"
    assert app.extensions["companion"].store.load(table.code) == before


class Marked(Pick):
    """The fixture game with its pick marked secret as well as required."""
    name = "marked"

    def actions(self, state, who):
        return [template("pick", number=[1, 2, 3], required=True, secret=True)
                for _ in super().actions(state, who)]


@pytest.fixture
def marked():
    games.register(Marked())
    yield
    games.unregister("marked")


def test_template_marks_reach_the_view(app_pair, marked):
    """``required`` is what the phone turns into "your move", ``secret``
    what it shows only while the reveal control is held: both reach the
    seat's view as the game wrote them."""
    assert template("x", required=True, secret=True) == {
        "type": "x", "fields": {}, "required": True, "secret": True, "secret_values": True}
    assert template("x", secret_act=True) == {
        "type": "x", "fields": {}, "secret": True, "secret_act": True}
    table = Table(app_pair[0].test_client(), game="marked")
    seats = [table.join(name) for name in ("Anna", "Ben")]
    assert table.host_act(type="start").status_code == 200
    actions = table.view(table.tokens[seats[0]])["actions"]
    pick = next(t for t in actions if t["type"] == "pick")
    assert pick["required"] is True and pick["secret"] is True
