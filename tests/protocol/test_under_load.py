"""The real server process under load: a SIGKILL in the middle of a stream
of actions (with sockets receiving the fan-out) loses no acknowledged
action, on SQLite and on Redis; a SIGTERM with a few hundred websockets
open stops the server at once and cleanly, and the next start finds the
rooms intact and nobody connected."""
from __future__ import annotations

import signal
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
import requests

from companion import rooms as room_records
from companion.store import open_store
from tests.hardening.test_server import RawSocketIO
from tests.protocol.remote import Remote, output, stop

ROOMS = 4
SEATS = 3                 # one renaming thread per seat: 12 threads
PER_THREAD = 110          # renames a thread sends at most: a room's log (LOG_MAX 500
                          # lines) keeps every line of the test
LOAD_SECONDS = 1.5


# --- the stored room, read past the server --------------------------------------

class Stored:
    """Reads a room as the store holds it (full log, not the view's tail)."""

    def __init__(self, db: str | None = None, url: str | None = None):
        self.db, self.url = db, url

    def room(self, code: str) -> dict:
        """The body with every stored log line, through the store itself
        (a fresh instance: nothing cached)."""
        store = open_store({"DB_PATH": self.db} if self.db else {"REDIS_URL": self.url})
        try:
            loaded = store.load_with_log(code, 0)
        finally:
            store.close()
        assert loaded is not None, f"room {code} is gone from the store"
        body = room_records.decode(loaded[0])
        body["version"] = loaded[1]
        body["log"] = [room_records.decode(line) for line in loaded[2]]
        return body

    def presence(self) -> int:
        """How many sockets the store counts as connected, all processes."""
        if self.db:
            with sqlite3.connect(self.db) as conn:
                count = conn.execute("SELECT COUNT(*) FROM presence").fetchone()[0]
            conn.close()
            return count
        client = redis.Redis.from_url(self.url, decode_responses=True)
        count = sum(client.hlen(key) for key in client.scan_iter("companion:presence:*"))
        client.close()
        return count


@pytest.fixture(params=["sqlite", "redis"])
def backend(request, tmp_path):
    """(keyword arguments for Server, a reader of the stored rooms)."""
    if request.param == "sqlite":
        db = str(tmp_path / "rooms.sqlite3")
        return {"db": db}, Stored(db=db)
    url = request.getfixturevalue("redis_url")
    return {"redis_url": url}, Stored(url=url)


def renames_after(room: dict, first_n: int) -> list[tuple[int, str]]:
    """(log number, new name) of every rename logged after line ``first_n``."""
    return [(entry["n"], entry["params"]["name"]) for entry in room["log"]
            if entry["n"] > first_n and entry["key"] == "log.renamed"]


def first_trouble(printed: str) -> str:
    """How many tracebacks a server printed, and the first one."""
    start = printed.find("Traceback")
    first = printed[max(start - 200, 0):start + 1500] if start >= 0 else printed[-1500:]
    return (f"{printed.count('Traceback')} tracebacks, "
            f"{printed.count('Cannot operate on a closed database')} on a closed database; "
            f"the first:\n{first}")


# --- SIGKILL under load --------------------------------------------------------------

def test_kill_9_under_load_loses_no_acknowledged_action(backend, servers, sockets):
    server_kwargs, stored = backend
    first = servers(**server_kwargs)

    games = []
    for _ in range(ROOMS):
        game = Remote(first.url)
        game.create("pick")
        for seat in range(SEATS):
            game.join(f"P{seat}")
        games.append(game)
    # every action so far wrote one log line per version; so must the load
    base = {game.code: stored.room(game.code) for game in games}
    offset = {code: room["log_n"] - room["version"] for code, room in base.items()}

    # the fan-out under way: a table and a phone socket per room
    watchers = {}
    for game in games:
        try:
            table = sockets(first.url, game.code, transports=["websocket"])
            phone = sockets(first.url, game.code, game.tokens[0], transports=["websocket"],
                            patches=True)   # as the pages ask
        except Exception as error:
            raise AssertionError(f"a socket was refused: {error}\n{output(first)}") from None
        for sock in (table, phone):
            sock.wait(lambda v: v["version"] == base[game.code]["version"])
        watchers[game.code] = (table, phone)

    stopping = threading.Event()

    def renamer(job):
        """One seat renames itself to T<job>-0, T<job>-1, ... one after the
        other until the server stops answering.  Returns (acknowledged
        [(version, name)], the name sent but never answered or None)."""
        game, seat = games[job // SEATS], job % SEATS
        acked = []
        for i in range(PER_THREAD):
            if stopping.is_set():
                return acked, None
            name = f"T{job}-{i}"
            try:
                answer = game.act(game.tokens[seat], type="rename", name=name)
            except requests.RequestException:
                return acked, name
            assert answer.status_code == 200, answer.text
            acked.append((answer.json()["view"]["version"], name))
        return acked, None

    jobs = range(ROOMS * SEATS)
    with ThreadPoolExecutor(len(jobs)) as pool:
        running = [pool.submit(renamer, job) for job in jobs]
        began = time.monotonic()
        while time.monotonic() - began < LOAD_SECONDS and not any(r.done() for r in running):
            time.sleep(0.05)
        first.process.kill()                    # SIGKILL, mid-stream
        first.process.wait(10)
        stopping.set()
        results = [r.result(timeout=30) for r in running]

    acked_total = sum(len(acked) for acked, _ in results)
    assert acked_total >= 50, f"only {acked_total} actions acknowledged before the kill"
    # the load was still on: most seats were cut off by the kill, not by their quota
    # (whether a request was inside the server at that instant is up to the
    # scheduler: the clients may have had every answer in their buffers)
    cut_off = [job for job, (acked, _) in enumerate(results) if len(acked) < PER_THREAD]
    assert len(cut_off) > len(results) // 2, [len(acked) for acked, _ in results]
    for code, (table, phone) in watchers.items():   # the fan-out was running too
        for sock in (table, phone):
            sock.wait(lambda v: v["version"] > base[code]["version"], timeout=5)

    after_kill = {game.code: stored.room(game.code) for game in games}
    second = servers(**server_kwargs)
    for number, game in enumerate(games):
        code = game.code
        room = after_kill[code]
        game.url = second.url
        jobs_here = range(number * SEATS, (number + 1) * SEATS)
        acked = [pair for job in jobs_here for pair in results[job][0]]
        versions = [version for version, _ in acked]
        assert len(set(versions)) == len(versions), f"{code}: one version acknowledged twice"

        # the log has no holes, and exactly one line per version since the base
        numbers = [entry["n"] for entry in room["log"]]
        assert numbers == list(range(numbers[0], room["log_n"] + 1)), f"{code}: gaps in the log"
        assert numbers[0] <= base[code]["log_n"], f"{code}: log lines of the test were dropped"
        assert room["log_n"] - room["version"] == offset[code], (
            f"{code}: version {room['version']} but log line {room['log_n']}")
        assert room["version"] >= max(versions, default=0)

        # every acknowledged rename is stored, at the version it was acknowledged with
        logged = dict(renames_after(room, base[code]["log_n"]))
        assert len(logged) == room["version"] - base[code]["version"]
        for version, name in acked:
            assert logged.get(version + offset[code]) == name, (
                f"{code}: acknowledged rename to {name} (version {version}) lost; "
                f"stored version {room['version']}")

        # per seat: its renames in order, nothing but what was sent, the last one its name
        for job in jobs_here:
            seat_acked, unanswered = results[job]
            mine = [name for _, name in sorted(logged.items()) if name.startswith(f"T{job}-")]
            assert mine == [f"T{job}-{i}" for i in range(len(mine))], f"{code}: {mine}"
            assert len(mine) - len(seat_acked) in ((0, 1) if unanswered else (0,)), (
                f"{code}: seat {job % SEATS} stored {len(mine)} renames, "
                f"{len(seat_acked)} acknowledged")
            expected = mine[-1] if mine else f"P{job % SEATS}"
            assert room_records.find_seat(room, job % SEATS)["name"] == expected

        # the restarted server serves what is stored, and the room goes on
        view = game.view()
        assert view["version"] == room["version"]
        assert {s["seat"]: s["name"] for s in view["seats"]} == {
            s["seat"]: s["name"] for s in room["seats"]}
        again = game.ok(game.tokens[1], type="rename", name="After")
        assert again["version"] == room["version"] + 1
        assert again["log"][-1]["n"] == room["log_n"] + 1
        assert "After" in again["log"][-1]["text"]
        assert stored.room(code)["version"] == room["version"] + 1

    assert "Traceback" not in output(second), first_trouble(output(second))


# --- SIGTERM with many sockets ------------------------------------------------------

def test_sigterm_with_many_sockets_stops_cleanly(backend, servers):
    """SIGTERM with 200 websockets open, half of them hanging up at that very
    moment (their disconnect handlers race the shutdown): exit code 0, not a
    traceback, the rooms untouched, the process's presence gone."""
    server_kwargs, stored = backend
    server = servers(**server_kwargs)
    games = []
    for _ in range(8):
        game = Remote(server.url)
        game.create("pick")
        for seat in range(4):
            game.join(f"P{seat}")
        games.append(game)

    # 200 websockets, 25 per room: the table, the host and every seat, over and over
    opened = []
    try:
        for n in range(200):
            game = games[n % len(games)]
            token = ([None, game.host] + list(game.tokens.values()))[(n // len(games)) % 6]
            raw = RawSocketIO(server, {"room": game.code, "token": token})
            raw.until('42["view"')   # in presence: its first view is pushed inside connect
            opened.append(raw)
        for game in games:
            assert [s["connected"] for s in game.view()["seats"]] == [True] * 4
        before = {game.code: stored.room(game.code) for game in games}
        assert stored.presence() == 200

        for raw in opened[::2]:
            raw.ws.shutdown()        # hang up without a goodbye: the server finds out itself
        code, seconds = stop(server, signal.SIGTERM, timeout=10)
        printed = output(server)
        assert code == 0, printed
        assert "companion: stopping" in printed, printed
        assert "Traceback" not in printed, first_trouble(printed)
        assert "closed database" not in printed, first_trouble(printed)
        assert not [line for line in printed.splitlines() if line.endswith("failed")], (
            first_trouble(printed))
    finally:
        for raw in opened:
            raw.ws.shutdown()

    # nothing written to the rooms on the way down; the sockets left presence
    assert {game.code: stored.room(game.code) for game in games} == before
    assert stored.presence() == 0

    again = servers(**server_kwargs)
    for game in games:
        game.url = again.url
        view = game.view()
        assert view["version"] == before[game.code]["version"]
        assert [(s["name"], s["connected"]) for s in view["seats"]] == [
            (f"P{seat}", False) for seat in range(4)]
    version = before[games[0].code]["version"]
    assert games[0].ok(games[0].tokens[2], type="rename", name="After")["version"] == version + 1
    assert stop(again, signal.SIGTERM)[0] == 0
