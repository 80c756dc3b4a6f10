#!/usr/bin/env python
"""50 simultaneous actions on one room: is any update lost?

One room of the test game "pick" (rounds=9, 6 seats, started).  N actions
(default 50) are released at the same instant from N threads (a barrier):
action i comes from seat i % 6 and is alternately
  - `rename` to a unique name (always allowed: should always be applied), and
  - `pick` a number (allowed once per seat and round: a seat's second pick in
    the same round is refused with 409, and the 6th pick of a round reveals
    it and opens the next one), so applied/refused depends on the order the
    server serialises them in.
It prints applied and refused counts, whether the room's version grew by
exactly the number applied, whether the game state agrees (picks accepted ==
6 x rounds revealed + picks pending; every seat's final name is one it asked
for), and the wall time from release to the last answer.

Transports: HTTP (one requests.Session per thread) and Socket.IO (one socket
per seat, each emitting its share of the actions at once).  Stores: SQLite
(one server), and Redis if `redis-server` is on PATH -- one server, and two
server processes on the same Redis with the actions split between them (the
cross-process compare-and-set path).  The Redis server is our own, on a free
port, without persistence, and stopped afterwards.

    .venv/bin/python bench/concurrent.py [--actions 50] [--repeat 3]

Not a test: it reports, it does not assert.
"""
from __future__ import annotations

import os
import sys

# bench/concurrent.py would shadow the standard library's `concurrent`
# package (asyncio and concurrent.futures import it): drop this folder
# from the import path before anything else is imported.
sys.path[:] = [p for p in sys.path
               if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import argparse
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEATS = 6


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Redis:
    def __init__(self, workdir: str):
        import redis
        self.port = free_port()
        while self.port == 6379:
            self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", workdir],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis(port=self.port)
        deadline = time.time() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.time() > deadline or self.process.poll() is not None:
                    self.stop()
                    raise RuntimeError("redis-server did not start")
                time.sleep(0.05)
        client.close()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def make_room(http, url: str) -> tuple[str, str, list[str]]:
    made = http.post(url + "/api/rooms", json={"game": "pick", "options": {"rounds": 9}})
    made.raise_for_status()
    code, host = made.json()["code"], made.json()["host_token"]
    tokens = []
    for s in range(SEATS):
        joined = http.post(f"{url}/api/rooms/{code}/seats", json={"name": f"P{s}"})
        joined.raise_for_status()
        tokens.append(joined.json()["token"])
    started = http.post(f"{url}/api/rooms/{code}/actions", json={"type": "start", "first": 0},
                        headers={"Authorization": f"Bearer {host}"})
    if started.status_code != 200:
        raise RuntimeError(f"start refused: {started.text}")
    return code, host, tokens


def action_for(i: int, run: int) -> dict:
    seat = i % SEATS
    if (i // SEATS) % 2 == 0:
        return {"type": "rename", "name": f"S{seat}-r{run}-{i}"}
    return {"type": "pick", "number": 1 + i % 3}


def view(http, url, code, token):
    got = http.get(f"{url}/api/rooms/{code}", headers={"Authorization": f"Bearer {token}"})
    got.raise_for_status()
    return got.json()


def run_once(urls: list[str], transport: str, actions: int, run: int) -> dict:
    import requests
    http = requests.Session()
    code, host, tokens = make_room(http, urls[0])
    before = view(http, urls[0], code, tokens[0])
    v0 = before["version"]
    answers: list = [None] * actions
    times: list = [None] * actions
    barrier = threading.Barrier(actions + 1)

    if transport == "http":
        sessions = [requests.Session() for _ in range(actions)]

        def worker(i):
            url = urls[i % len(urls)]
            action = action_for(i, run)
            headers = {"Authorization": f"Bearer {tokens[i % SEATS]}"}
            barrier.wait()
            try:
                got = sessions[i].post(f"{url}/api/rooms/{code}/actions", json=action,
                                       headers=headers, timeout=30)
                answers[i] = (got.status_code, got.json())
            except Exception as error:   # noqa: BLE001 -- reported, not raised
                answers[i] = (None, {"error": {"code": type(error).__name__}})
            times[i] = time.perf_counter()
    else:
        import socketio
        phones = []
        for s in range(SEATS):
            phone = socketio.Client(reconnection=False)
            phone.connect(urls[s % len(urls)], auth={"room": code, "token": tokens[s], "lang": "en"},
                          transports=["websocket"], wait_timeout=15)
            phones.append(phone)

        def worker(i):
            action = action_for(i, run)
            barrier.wait()
            try:
                answer = phones[i % SEATS].call("action", action, timeout=30)
                status = 200 if answer.get("ok") else answer["error"]["code"]
                answers[i] = (status, answer)
            except Exception as error:   # noqa: BLE001
                answers[i] = (None, {"error": {"code": type(error).__name__}})
            times[i] = time.perf_counter()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(actions)]
    for thread in threads:
        thread.start()
    barrier.wait()
    t0 = time.perf_counter()
    for thread in threads:
        thread.join(60)
    wall = max(t for t in times if t is not None) - t0 if any(times) else float("nan")
    if transport == "socket":
        for phone in phones:
            phone.disconnect()

    after = view(http, urls[-1], code, tokens[0])
    applied = [i for i, a in enumerate(answers) if a and a[1].get("ok")]
    refused = Counter(str(a[1].get("error", {}).get("code")) for a in answers
                      if a and not a[1].get("ok"))
    lost = sum(1 for a in answers if a is None)
    picks_ok = sum(1 for i in applied if answers[i] and action_for(i, run)["type"] == "pick")
    renames_ok = len(applied) - picks_ok
    renames_sent = sum(1 for i in range(actions) if action_for(i, run)["type"] == "rename")
    public = after["public"]
    picks_seen = SEATS * len(public["revealed"]) + len(public["picked"])
    names_ok = all(seat["name"] in {action_for(i, run).get("name") for i in applied
                                    if i % SEATS == seat["seat"]} | {f"P{seat['seat']}"}
                   for seat in after["seats"])
    return {"applied": len(applied), "refused": dict(refused), "no_answer": lost,
            "renames": f"{renames_ok}/{renames_sent}", "picks": picks_ok,
            "version_delta": after["version"] - v0,
            "version_ok": after["version"] - v0 == len(applied),
            "state_ok": picks_seen == picks_ok and names_ok, "wall": wall}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=50, help="simultaneous actions (default 50)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per configuration (default 3)")
    parser.add_argument("--no-redis", action="store_true", help="SQLite only")
    args = parser.parse_args(argv)
    if not 2 <= args.actions <= 500 or not 1 <= args.repeat <= 20:
        parser.error("actions 2..500, repeat 1..20")
    sys.path.insert(0, str(ROOT))
    from tests.servers import Server

    print(f"concurrent: {args.actions} simultaneous actions on one room, {args.repeat} runs each; "
          f"{os.cpu_count()} cores; {time.strftime('%Y-%m-%d %H:%M')}", flush=True)
    configs = [("sqlite", 1)]
    if not args.no_redis:
        if shutil.which("redis-server"):
            configs += [("redis", 1), ("redis", 2)]
        else:
            print("redis-server not on PATH: Redis skipped")
    rows = []
    with tempfile.TemporaryDirectory(prefix="companion-concurrent-") as tmp:
        for store, processes in configs:
            redis = None
            servers = []
            try:
                if store == "redis":
                    redis = Redis(tmp)
                    servers = [Server(redis_url=redis.url) for _ in range(processes)]
                else:
                    servers = [Server(db=os.path.join(tmp, "rooms.sqlite3"))]
                urls = [s.url for s in servers]
                for transport in ("http", "socket"):
                    for run in range(args.repeat):
                        res = run_once(urls, transport, args.actions, run)
                        res.update(store=store if processes == 1 else f"{store} x{processes}",
                                   transport=transport, run=run + 1)
                        rows.append(res)
                        print(f"  {res['store']:<9} {transport:<6} run {run + 1}: applied "
                              f"{res['applied']}, refused {res['refused']}, version +"
                              f"{res['version_delta']}, {res['wall'] * 1000:.0f} ms", flush=True)
            finally:
                for server in servers:
                    server.stop()
                if redis:
                    redis.stop()

    print()
    head = (f"{'store':<10}{'via':<7}{'run':>4}{'applied':>8}{'refused':>8}{'no ans':>7}"
            f"{'renames':>9}{'picks':>6}{'ver +':>6}{'ver ok':>7}{'state ok':>9}{'wall ms':>8}  refusals")
    print(head)
    print("-" * (len(head) + 10))
    for r in rows:
        print(f"{r['store']:<10}{r['transport']:<7}{r['run']:>4}{r['applied']:>8}"
              f"{sum(r['refused'].values()):>8}{r['no_answer']:>7}{r['renames']:>9}{r['picks']:>6}"
              f"{r['version_delta']:>6}{'yes' if r['version_ok'] else 'NO':>7}"
              f"{'yes' if r['state_ok'] else 'NO':>9}{r['wall'] * 1000:>8.0f}  "
              f"{', '.join(f'{k} {v}' for k, v in sorted(r['refused'].items()))}")
    bad = [r for r in rows if not (r["version_ok"] and r["state_ok"]) or r["no_answer"]]
    print()
    print("no lost update in any run" if not bad else f"LOST UPDATES or missing answers in {len(bad)} runs")


if __name__ == "__main__":
    main()
