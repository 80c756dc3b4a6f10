"""Presence survives crashes: each server process beats, a dead process's
sockets leave every view within a minute (here: within a short test TTL),
stale entries never reach an action, presence holds token digests only,
and a phone whose seat was revoked is told."""
from __future__ import annotations

import os
import queue
import signal
import time
from pathlib import Path

import pytest
import redis
import requests
import socketio as sio

from companion.store.sqlite import SqliteStore
from tests.conftest import Table

# short beats so that a dead process is noticed within seconds in a test
FAST = {"COMPANION_PRESENCE_TTL": "2", "COMPANION_PRESENCE_BEAT": "0.5"}


def connected(view) -> list[bool]:
    return [seat["connected"] for seat in view["seats"]]


class Phone:
    """A real python-socketio client collecting its views."""

    def __init__(self, url, code, token=None):
        self.views: queue.Queue = queue.Queue()
        self.refusals: queue.Queue = queue.Queue()
        self.client = sio.Client(reconnection=False)
        self.client.on("view", self.views.put)
        self.client.on("refused", self.refusals.put)
        self.client.connect(url, auth={"room": code, "token": token}, transports=["websocket"],
                            wait_timeout=10)

    def wait(self, predicate, timeout=20.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                view = self.views.get(timeout=0.2)
            except queue.Empty:
                continue
            if predicate(view):
                return view
        raise AssertionError(f"no matching view within {timeout} s")

    def close(self):
        try:
            self.client.disconnect()
        except Exception:
            pass


def remote_room(url, players=("Sylvia", "Gregor")):
    made = requests.post(url + "/api/rooms", json={"game": "pick"}, timeout=10).json()
    tokens = [requests.post(f"{url}/api/rooms/{made['code']}/seats", json={"name": name},
                            timeout=10).json()["token"] for name in players]
    return made["code"], made["host_token"], tokens


def everything_in(redis_url) -> str:
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    dump = []
    for key in client.scan_iter("*"):
        kind = client.type(key)
        read = {"hash": client.hgetall, "set": client.smembers, "string": client.get,
                "zset": lambda k: client.zrange(k, 0, -1, withscores=True)}.get(kind)
        dump.append(f"{key} {read(key) if read else kind}")
    return "\n".join(dump)


def test_a_killed_process_leaves_every_view(servers, redis_url):
    """Two real processes on Redis; the phone's process is killed with
    SIGKILL: the table on the other process is told, every view says so,
    and the dead entries are deleted.  Presence never holds a token."""
    a = servers(redis_url=redis_url, env=FAST)
    b = servers(redis_url=redis_url, env=FAST)
    code, host, tokens = remote_room(b.url)
    table = Phone(b.url, code, host)
    phone = Phone(a.url, code, tokens[0])
    try:
        table.wait(lambda v: connected(v) == [True, False])
        stored_now = everything_in(redis_url)
        assert f"companion:presence:{code}" in stored_now
        assert tokens[0] not in stored_now and host not in stored_now
        a.process.send_signal(signal.SIGKILL)
        a.process.wait()
        seen = table.wait(lambda v: connected(v) == [False, False])
        assert seen["room"] == code
        assert connected(requests.get(f"{b.url}/api/rooms/{code}", timeout=10).json()) == [False, False]
        client = redis.Redis.from_url(redis_url, decode_responses=True)
        assert client.hlen(f"companion:presence:{code}") == 1   # the table's socket only
    finally:
        table.close()
        phone.close()


def test_a_clean_stop_leaves_no_presence(make_app, redis_url):
    """Two processes (apps) on one Redis: the one that stops cleanly takes
    its sockets out of presence and its name off the list of servers."""
    from companion.app import shutdown
    a, a_io = make_app(REDIS_URL=redis_url, LIMITS="off")
    b, _ = make_app(REDIS_URL=redis_url, LIMITS="off")
    table = Table(b.test_client())
    seat = table.join("Sylvia")
    a_io.test_client(a, auth={"room": table.code, "token": table.tokens[seat]})
    assert connected(table.view()) == [True]
    shutdown(a)
    assert connected(table.view()) == [False]
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    assert client.hlen(f"companion:presence:{table.code}") == 0
    assert client.zrange("companion:servers", 0, -1) == [b.extensions["companion"].store.server_id]


def test_a_crashed_process_is_cleared_by_the_others_heartbeat(make_app, redis_url):
    """In-process: app A "crashes" (stops beating, keeps its entries); app
    B's heartbeat deletes them and pushes its own sockets a new view."""
    a, a_io = make_app(REDIS_URL=redis_url, LIMITS="off", PRESENCE_TTL=1, PRESENCE_BEAT=0.2)
    b, b_io = make_app(REDIS_URL=redis_url, LIMITS="off", PRESENCE_TTL=1, PRESENCE_BEAT=0.2)
    table = Table(b.test_client())
    seat = table.join("Sylvia")
    tablet = b_io.test_client(b, auth={"room": table.code})
    a_io.test_client(a, auth={"room": table.code, "token": table.tokens[seat]})
    assert connected(table.view()) == [True]
    tablet.get_received()
    a.extensions["companion"].store.closed = True   # its heartbeat stops, nothing is cleaned
    deadline = time.monotonic() + 20
    views = []
    while time.monotonic() < deadline and not any(connected(v) == [False] for v in views):
        time.sleep(0.1)
        views += [m["args"][0] for m in tablet.get_received() if m["name"] == "view"]
    assert connected(views[-1]) == [False]
    assert connected(table.view()) == [False]


def test_a_killed_embedded_server_forgets_its_sockets_at_start(make_app, db_path):
    first, first_io = make_app(LIMITS="off")
    table = Table(first.test_client())
    seat = table.join("Sylvia")
    first_io.test_client(first, auth={"room": table.code, "token": table.tokens[seat]})
    assert connected(table.view()) == [True]
    first.extensions["companion"].store.closed = True   # gone without a word
    second, _ = make_app(LIMITS="off")                  # the same file
    table.client = second.test_client()
    assert connected(table.view()) == [False]


def test_stale_presence_never_reaches_an_action(make_app, db_path):
    """500 sockets of a process that died: the next action pushes views to
    the live sockets only, and the next beat deletes the dead entries."""
    app, socketio = make_app(LIMITS="off", PRESENCE_TTL=30)
    service = app.extensions["companion"]
    table = Table(app.test_client())
    seat = table.join("Sylvia")
    live = socketio.test_client(app, auth={"room": table.code, "token": table.tokens[seat]})
    dead = SqliteStore(db_path)                       # another process on the same file...
    for i in range(500):
        dead.presence_add(table.code, f"dead-{i}", "", "en")
    dead.presence_beat(-1)                            # ...whose deadline has passed
    pushed = []
    push = service.push
    service.push = lambda views, fresh: (pushed.extend(sid for sid, _ in views), push(views, fresh))
    assert table.seat_act(seat, type="rename", name="Sylvie").status_code == 200
    assert pushed and not any(sid.startswith("dead-") for sid in pushed)
    assert len(service.store.presence(table.code)) == 1
    assert service.store.presence_beat(30) == [table.code]   # the room whose sockets died
    with service.store._lock:
        rows = service.store._db.execute("SELECT COUNT(*) FROM presence").fetchone()[0]
    assert rows == 1
    assert live.is_connected()
    dead.close()


def test_presence_holds_digests_only(make_app, db_path):
    app, socketio = make_app(LIMITS="off")
    table = Table(app.test_client())
    seat = table.join("Sylvia")
    socketio.test_client(app, auth={"room": table.code, "token": table.tokens[seat]})
    socketio.test_client(app, auth={"room": table.code, "token": table.host})
    store = app.extensions["companion"].store
    with store._lock:
        store._db.execute("PRAGMA wal_checkpoint(FULL)")
        rows = store._db.execute("SELECT * FROM presence").fetchall()
    assert len(rows) == 2
    on_disk = b"".join(Path(db_path + suffix).read_bytes() for suffix in ("", "-wal")
                       if os.path.exists(db_path + suffix))
    for token in (table.tokens[seat], table.host):
        assert token.encode() not in on_disk
        assert token not in repr(rows)


@pytest.mark.parametrize("how", ["reopen_seat", "kick"])
def test_a_revoked_phone_is_told(make_app, how):
    app, socketio = make_app(LIMITS="off")
    table = Table(app.test_client())
    seats = [table.join(name) for name in ("Sylvia", "Gregor")]
    phone = socketio.test_client(app, auth={"room": table.code, "token": table.tokens[seats[1]]})
    phone.get_received()
    assert table.host_act(type=how, seat=seats[1]).status_code == 200
    told = [m["args"][0] for m in phone.get_received() if m["name"] == "refused"]
    assert told and told[0]["code"] == "bad_token" and told[0]["message"]
    assert [m for m in phone.get_received() if m["name"] == "view"] == []
    # it left presence at once, and what it still sends is refused
    public = table.view()
    assert all(not seat["connected"] for seat in public["seats"])
    assert phone.emit("action", {"type": "rename", "name": "X"}, callback=True)["error"]["code"] == "bad_token"
