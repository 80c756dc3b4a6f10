"""The property-based fuzzer (tests/hardening/fuzz.py) for every game, over
HTTP and Socket.IO.  The default run is a smoke of a few hundred cases; the
long run (``-m fuzz``, excluded by default) drives at least 10,000 cases
per transport and prints what it saw:

    .venv/bin/python -m pytest tests/hardening/test_fuzz.py -m fuzz -s
"""
from __future__ import annotations

import math

import pytest

from companion import games

from . import fuzz

QUICK_HTTP = 80
QUICK_SOCKETS = 50
LONG_TOTAL = 10_000   # per transport, spread over the games


@pytest.fixture
def app_pair(make_app):
    return make_app(LIMITS="off")   # the limits have their own tests


def test_http_never_fails_and_refusals_change_nothing(app_pair, game_name):
    seen = fuzz.run_http(app_pair[0], game_name, QUICK_HTTP)
    assert sum(seen.values()) >= QUICK_HTTP


def test_sockets_always_acknowledge_and_refusals_change_nothing(app_pair, game_name):
    app, socketio = app_pair
    seen = fuzz.run_sockets(app, socketio, game_name, QUICK_SOCKETS)
    assert sum(seen.values()) >= QUICK_SOCKETS


def long_examples() -> int:
    return math.ceil(LONG_TOTAL / len(set(games.all_games()) | {"pick"}))


@pytest.mark.fuzz
def test_long_http(app_pair, game_name):
    seen = fuzz.run_http(app_pair[0], game_name, long_examples())
    print(f"\nHTTP {game_name}: {sum(seen.values())} cases, {dict(seen.most_common())}")


@pytest.mark.fuzz
def test_long_sockets(app_pair, game_name):
    app, socketio = app_pair
    seen = fuzz.run_sockets(app, socketio, game_name, long_examples())
    print(f"\nSocket.IO {game_name}: {sum(seen.values())} cases, {dict(seen.most_common())}")
