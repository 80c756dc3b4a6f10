"""Fixtures of the tests that run real server processes: servers, Socket.IO
clients and a private redis-server (pytest-redis, a free port, never the
machine's 6379)."""
from __future__ import annotations

import pytest
from pytest_redis import factories

from tests.protocol.remote import Sock
from tests.servers import Server

redis_cluster_proc = factories.redis_proc(port=None)
redis_cluster_db = factories.redisdb("redis_cluster_proc", decode=True)


@pytest.fixture
def redis_url(redis_cluster_proc, redis_cluster_db):
    assert redis_cluster_proc.port != 6379, "never the shared Redis"
    return f"redis://{redis_cluster_proc.host}:{redis_cluster_proc.port}/0"


@pytest.fixture
def servers():
    """Starts Server subprocesses and stops whatever is left at the end."""
    started: list[Server] = []

    def start(**kwargs):
        started.append(Server(**kwargs))
        return started[-1]

    yield start
    for server in started:
        server.kill()


@pytest.fixture
def sockets():
    """Opens python-socketio clients (``Sock``) and closes them at the end."""
    opened: list[Sock] = []

    def connect(*args, **kwargs):
        opened.append(Sock(*args, **kwargs))
        return opened[-1]

    yield connect
    for sock in opened:
        sock.close()
