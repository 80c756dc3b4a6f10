"""Shared fixtures: the fixture game, an app on a fresh SQLite file in
threading mode (never monkey-patch inside pytest), HTTP helpers; the order
in which the suite runs, and its quick subset."""
from __future__ import annotations

import pytest

from companion import games
from companion.app import create_app
from tests.fixture_game import GAME as PICK

#: the longest modules and tests (a minute or more each) start first, in this
#: order: `scripts/test` runs two workers that take tests from one queue, and
#: a long test started last would keep one worker busy alone at the end
LONG_FIRST = ("test_playthrough_", "test_webkit_playthroughs.py", "test_compose.py", "test_data.py",
              "test_webkit_layout.py", "test_wheel_install.py", "test_sheet_fits.py", "test_readable.py",
              "test_random_play_300_games", "test_random_play_with_the_app_as_game_master",
              "test_one_thumb.py", "test_must_may.py")

#: `scripts/test --quick` (`-m quick`): the rules of every game, the stores,
#: the conformance suite of every game, the referee and its protocols in
#: process, the linters; no browser, no server process, no long random play
#: (about two and a half minutes on two workers, README)
QUICK = ("tests/unit/", "tests/games/", "tests/store/", "tests/conformance/", "tests/protocol/test_http.py",
         "tests/protocol/test_sockets.py", "tests/protocol/test_evening.py")
NOT_QUICK = ("test_random_play_300_games", "test_random_games_to_ten",
             "test_random_play_with_the_app_as_game_master")


def pytest_collection_modifyitems(config, items):
    def long_first(item):   # in LONG_FIRST's order, then the rest
        return next((i for i, part in enumerate(LONG_FIRST) if part in item.nodeid), len(LONG_FIRST))
    items.sort(key=long_first)   # stable: the rest keep their order
    for item in items:
        if item.nodeid.startswith(QUICK) and not any(n in item.nodeid for n in NOT_QUICK):
            item.add_marker(pytest.mark.quick)


@pytest.fixture(autouse=True, scope="session")
def fixture_game():
    games.register(PICK)
    yield PICK
    games.unregister(PICK.name)


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "rooms.sqlite3")


@pytest.fixture
def make_app(db_path):
    made = []

    def make(**config):
        settings = {"DB_PATH": db_path, "ASYNC_MODE": "threading", "REDIS_URL": None,
                    "PUBLIC_URL": "http://table.test:5000", "ACTION_RATE": 0,
                    # seats driven over HTTP hold no phone: the host may skip them at
                    # once (tests/protocol/test_host_powers.py tests the grace)
                    "AWAY_SECONDS": 0}
        settings.update(config)
        app, socketio = create_app(settings)
        app.config["TESTING"] = True
        made.append(app)
        return app, socketio

    yield make
    for app in made:
        app.extensions["companion"].store.close()


@pytest.fixture
def app_pair(make_app):
    return make_app()


@pytest.fixture
def client(app_pair):
    return app_pair[0].test_client()


class Table:
    """A room driven over HTTP: create, join, act, view."""

    def __init__(self, client, game="pick", options=None):
        self.client = client
        answer = client.post("/api/rooms", json={"game": game, "options": options or {}})
        assert answer.status_code == 201, answer.json
        self.code = answer.json["code"]
        self.host = answer.json["host_token"]
        self.urls = answer.json["urls"]
        self.tokens: dict[int, str] = {}

    def join(self, name):
        answer = self.client.post(f"/api/rooms/{self.code}/seats", json={"name": name})
        assert answer.status_code == 201, answer.json
        self.tokens[answer.json["seat"]] = answer.json["token"]
        return answer.json["seat"]

    def act(self, token, **action):
        return self.client.post(f"/api/rooms/{self.code}/actions", json=action,
                                headers={"Authorization": f"Bearer {token}"})

    def host_act(self, **action):
        return self.act(self.host, **action)

    def seat_act(self, seat, **action):
        return self.act(self.tokens[seat], **action)

    def view(self, token=None, lang=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        url = f"/api/rooms/{self.code}" + (f"?lang={lang}" if lang else "")
        answer = self.client.get(url, headers=headers)
        assert answer.status_code == 200, answer.json
        return answer.json


@pytest.fixture
def table(client):
    return Table(client)
