"""Both stores behind one fixture: every test in tests/store runs once on a
SQLite file in tmp_path and once on a redis-server that pytest-redis starts
on a free port (never the machine's shared Redis on 6379)."""
from __future__ import annotations

import pytest
from pytest_redis import factories

from companion.store.redis import RedisStore
from companion.store.sqlite import SqliteStore

# a private redis-server from PATH on a free port, for the whole session;
# redisdb flushes it after every test that uses it
redis_proc = factories.redis_proc(port=None)
redisdb = factories.redisdb("redis_proc", decode=True)

BACKENDS = ["sqlite", "redis"]


@pytest.fixture
def redis_url(redis_proc, redisdb):
    assert redis_proc.port != 6379, "never the shared Redis"
    return f"redis://{redis_proc.host}:{redis_proc.port}/0"


@pytest.fixture(params=BACKENDS)
def backend(request):
    return request.param


@pytest.fixture
def make_store(request, backend, tmp_path):
    """``make_store()`` opens one more store on the same data (the same SQLite
    file, the same Redis database): what a second server process sees."""
    opened = []
    if backend == "redis":
        url = request.getfixturevalue("redis_url")

        def make():
            opened.append(RedisStore(url))
            return opened[-1]
    else:
        path = str(tmp_path / "rooms.sqlite3")

        def make():
            opened.append(SqliteStore(path))
            return opened[-1]

    make.backend = backend
    yield make
    for store in opened:
        store.close()


@pytest.fixture
def store(make_store):
    return make_store()
