"""Two server processes on two ports share rooms through Redis (store and
Socket.IO message queue): what one process accepts reaches the sockets of
the other, each socket with the view of its own token.  The redis-server is
the test's own (pytest-redis, free port), never the machine's 6379."""
from __future__ import annotations

import signal

import pytest

from companion.cli import parse
from tests.protocol.remote import Remote, output, stop


@pytest.fixture
def two_servers(redis_url):
    from tests.servers import Server
    started = []
    try:
        started.append(Server(redis_url=redis_url))   # default async mode
        started.append(Server(redis_url=redis_url))
        yield started
    finally:
        for server in started:
            server.kill()


def test_two_processes_serve_one_room_through_redis(two_servers, sockets, redis_cluster_db):
    a, b = two_servers
    assert a.port != b.port
    for server in (a, b):
        printed = output(server)
        assert "store Redis redis://" in printed and "async gevent" in printed, printed

    game = Remote(a.url)
    game.create("pick", {"rounds": 2})                  # created through A
    assert redis_cluster_db.exists(f"companion:room:{game.code}")
    assert game.join("Sylvia", url=b.url) == 0         # joined through B
    assert game.join("Gregor", url=b.url) == 1
    assert game.view(url=a.url) == game.view(url=b.url)

    phone = sockets(a.url, game.code, game.tokens[0], transports=["websocket"])   # seat 0 on A
    table = sockets(b.url, game.code)                                          # the table on B
    assert phone.client.transport() == "websocket"     # gevent + simple-websocket
    first = phone.wait(lambda v: v["you"] is not None)
    assert first["you"]["seat"] == 0 and first["you"]["host"] is False
    # presence lives in Redis: B sees the phone connected to A
    assert table.wait(lambda v: v["you"] is None)["seats"][0]["connected"] is True
    assert [s["connected"] for s in game.view(url=b.url)["seats"]] == [True, False]

    # an action through B's HTTP API reaches A's socket and B's socket
    started = game.ok(game.host, url=b.url, type="start", first=1)
    seat_view = phone.wait(lambda v: v["version"] == started["version"])
    table_view = table.wait(lambda v: v["version"] == started["version"])
    assert seat_view["status"] == table_view["status"] == "playing"
    assert seat_view["you"]["seat"] == 0 and seat_view["you"]["secret"]["letter"]
    assert table_view["you"] is None
    assert "letter" not in str(table_view)
    assert seat_view["public"] == table_view["public"]

    picked = game.ok(game.tokens[1], url=b.url, type="pick", number=2)
    assert phone.wait(lambda v: v["version"] == picked["version"])["public"]["picked"] == [1]
    assert table.wait(lambda v: v["version"] == picked["version"])["you"] is None

    # an action over A's socket reaches the table socket on B
    ack = phone.client.call("action", {"type": "pick", "number": 1}, timeout=10)
    assert ack["ok"] is True and ack["view"]["version"] == picked["version"] + 1
    revealed = table.wait(lambda v: v["version"] == ack["view"]["version"])
    assert len(revealed["public"]["revealed"]) == 1 and revealed["public"]["round"] == 2
    assert game.view(url=a.url)["version"] == game.view(url=b.url)["version"] == revealed["version"]

    # a phone leaving A is seen by B
    phone.close()
    table.wait(lambda v: v["seats"][0]["connected"] is False)

    for server in (a, b):
        code, seconds = stop(server, signal.SIGTERM)
        assert code == 0 and seconds < 5, output(server)


def test_concurrent_actions_on_two_processes_lose_nothing(two_servers):
    """Renames through both processes at once: every one is stored, the
    compare-and-set in Redis orders them."""
    from concurrent.futures import ThreadPoolExecutor

    a, b = two_servers
    game = Remote(a.url)
    game.create("pick")
    for n in range(4):
        game.join(f"P{n}", url=(a, b)[n % 2].url)
    base = game.view()["version"]
    jobs = [(seat, i) for i in range(6) for seat in range(4)]

    def rename(job):
        seat, i = job
        url = (a, b)[(seat + i) % 2].url
        return game.act(game.tokens[seat], url=url, type="rename", name=f"S{seat}-{i}")

    with ThreadPoolExecutor(12) as pool:
        answers = list(pool.map(rename, jobs))
    assert [r.status_code for r in answers] == [200] * len(jobs)
    assert sorted(r.json()["view"]["version"] for r in answers) == list(
        range(base + 1, base + 1 + len(jobs)))
    view = game.view(url=b.url)
    assert view["version"] == base + len(jobs)
    assert all(s["name"].startswith(f"S{s['seat']}-") for s in view["seats"])
    log = " ".join(line["text"] for line in view["log"])
    for seat, i in jobs:
        assert f"S{seat}-{i}." in log, f"the rename to S{seat}-{i} is missing from the log"


def test_gevent_is_the_default_async_mode(monkeypatch):
    monkeypatch.delenv("COMPANION_ASYNC", raising=False)
    assert parse(["serve"]).async_mode == "gevent"
    import inspect

    from tests.servers import Server
    assert inspect.signature(Server).parameters["async_mode"].default == "gevent"


def test_patch_sockets_on_two_processes_hold_each_newest_view(two_servers, sockets):
    """Sockets that take patches, one on each process, while actions arrive
    through both: a push from the other process comes as a whole view
    through the message queue, the socket's own process then patches a base
    the socket no longer holds, the socket asks ``resync`` and holds the
    newest view again; at the end each holds what HTTP answers."""
    import json

    from tests.conformance.test_protocol import as_the_page_holds_it, unclocked
    a, b = two_servers
    game = Remote(a.url)
    game.create("pick", {"rounds": 9})
    for name in ("Sylvia", "Gregor", "Petra"):
        game.join(name)
    game.ok(game.host, type="start", first=0)
    phone = sockets(a.url, game.code, game.tokens[0], transports=["websocket"], patches=True)
    table = sockets(b.url, game.code, transports=["websocket"], patches=True)
    held = {phone: [phone.wait(lambda v: True)], table: [table.wait(lambda v: True)]}
    for i in range(12):
        answer = game.ok(game.tokens[i % 3], url=(a, b)[i % 2].url, type="rename", name=f"N{i}")
        for sock in (phone, table):
            held[sock].append(sock.wait(lambda v: v["version"] == answer["version"]))
    assert phone.resyncs + table.resyncs > 0, "no push crossed the processes"
    for sock, token in ((phone, game.tokens[0]), (table, None)):
        fresh = game.view(token, url=a.url)
        assert json.dumps(unclocked(as_the_page_holds_it(held[sock])), sort_keys=True) == \
            json.dumps(unclocked(fresh), sort_keys=True)
