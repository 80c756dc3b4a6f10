"""Hardening (issue #15): hostile input, presence across crashes, limits per
address, browser protections, the server under slow connections.

Every test here sets the limits it relies on (``LIMITS`` for apps made in
this process, ``COMPANION_LIMITS`` for server subprocesses); the Redis
tests start their own redis-server on a free port."""
from __future__ import annotations

import pytest
from pytest_redis import factories

from companion import games
from tests.servers import Server

redis_proc = factories.redis_proc(port=None)
redisdb = factories.redisdb("redis_proc", decode=True)


def pytest_generate_tests(metafunc):
    if "game_name" in metafunc.fixturenames:
        # the fixture game is registered only once the session starts
        metafunc.parametrize("game_name", sorted(set(games.all_games()) | {"pick"}))


@pytest.fixture
def redis_url(redis_proc, redisdb):
    assert redis_proc.port != 6379, "never the shared Redis"
    return f"redis://{redis_proc.host}:{redis_proc.port}/0"


@pytest.fixture
def servers(tmp_path):
    """Starts Server subprocesses (limits as each test says) and stops them."""
    started: list[Server] = []

    def start(env=None, **kwargs):
        kwargs.setdefault("db", None if kwargs.get("redis_url") else
                          str(tmp_path / f"rooms{len(started)}.sqlite3"))
        started.append(Server(env={"COMPANION_LIMITS": "on", **(env or {})}, **kwargs))
        return started[-1]

    yield start
    for server in started:
        server.kill()
