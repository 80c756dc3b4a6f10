#!/usr/bin/env python
"""Fan-out benchmark: R rooms x 6 phone sockets, actions at a fixed rate.

For every action it measures, from the moment the client emits `action`:
  ack   -- until the acknowledgement arrives at the emitting socket;
  view  -- until the LAST of the room's 6 sockets has received the `view`
           carrying the version the acknowledgement reported.
It runs the same load against two servers in one go:
  echo      -- a bare python-socketio server (gevent + gevent-websocket, the
               stack Flask-SocketIO's socketio.run picks here), in a
               subprocess: `action` bumps a per-room counter, emits a small
               `view` to each of the room's sockets (6 emits, one per sid, as
               the companion does) and returns an ack;
  companion -- `python -m companion serve` (gevent, SQLite on a temp file)
               via tests.servers.Server; rooms of the test game "pick"
               (rounds=9, started), the action is the platform's `rename`,
               which every seat may always do and which pushes 6 personalised
               views.
The load is open-loop: action i is sent at start + i/rate whatever happened
to earlier ones, round-robin over the rooms and the seats of each room.

Clients are python-socketio's threaded `socketio.Client` (websocket
transport, websocket-client) in this process; they share the 2 cores with the
server, so figures include client-side overhead, the same for both servers.

Loopback only, bounded (rooms x rates x seconds), stops by itself, stops its
subprocesses.  Not a test: nothing here asserts on timing.

    .venv/bin/python bench/fanout.py [--rooms 20] [--rates 20,40] [--seconds 15]
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
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEATS = 6
TIMELINE = False      # --timeline
GRACE = 5.0           # seconds to wait for late acks/views after the last send


# --------------------------------------------------------------------------
# the bare echo server: bench/echo.py (shared with bench/load.py)

def load_echo():
    """bench/echo.py, imported by path (this folder is not on sys.path)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench_echo", Path(__file__).with_name("echo.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def EchoServer(nodelay: bool = False):
    # fanout.py measured the echo without TCP_NODELAY by default (--echo-nodelay sets it)
    return load_echo().EchoServer(nodelay=nodelay)


# --------------------------------------------------------------------------
# clients

class Phone:
    """One socket of one room; records every view's (version, arrival)."""

    def __init__(self, url, room_index, seat_index, auth, arrivals):
        import socketio
        self.room_index, self.seat_index = room_index, seat_index
        self.sio = socketio.Client(reconnection=False)
        self.refused = None

        @self.sio.on("view")
        def on_view(view):
            arrivals.append((room_index, view.get("version"), seat_index, time.perf_counter()))

        @self.sio.on("connect_error")
        def on_error(data):
            self.refused = data

        self.sio.connect(url, auth=auth, transports=["websocket"], wait_timeout=15)

    def close(self):
        try:
            self.sio.disconnect()
        except Exception:
            pass


class Bench:
    """One server under load: rooms, phones, phases."""

    def __init__(self, name, url, rooms, action_for, pid):
        self.name, self.url, self.rooms, self.action_for = name, url, rooms, action_for
        self.arrivals: list = []
        self.phones: list[list[Phone]] = []
        self.pid = pid

    def connect(self, auths):
        """auths[r][s] is the auth dict of seat s of room r."""
        self.phones = [[None] * SEATS for _ in auths]
        jobs = [(r, s) for r in range(len(auths)) for s in range(SEATS)]

        def one(job):
            r, s = job
            self.phones[r][s] = Phone(self.url, r, s, auths[r][s], self.arrivals)

        with ThreadPoolExecutor(8) as pool:
            list(pool.map(one, jobs))

    def close(self):
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(lambda phone: phone.close(), [p for room in self.phones for p in room]))

    def phase(self, rate: float, seconds: float, counter: list[int]) -> dict:
        import psutil
        server = psutil.Process(self.pid)
        me = psutil.Process()
        total = int(rate * seconds)
        records = []
        done = threading.Event()
        pending = [total]
        lock = threading.Lock()

        def acked(record, answer=None, *rest):
            record["t_ack"] = time.perf_counter()
            record["answer"] = answer
            with lock:
                pending[0] -= 1
                if pending[0] == 0:
                    done.set()

        cpu0, my0 = server.cpu_times(), me.cpu_times()
        start = time.perf_counter() + 0.2
        lag = 0.0
        for i in range(total):
            target = start + i / rate
            delay = target - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            else:
                lag = max(lag, -delay)
            r = i % len(self.phones)
            s = (i // len(self.phones)) % SEATS
            counter[0] += 1
            record = {"room": r, "seat": s, "t_ack": None, "answer": None}
            records.append(record)
            record["t0"] = time.perf_counter()
            self.phones[r][s].sio.emit("action", self.action_for(r, s, counter[0]),
                                       callback=lambda *a, rec=record: acked(rec, *a))
        last_send = time.perf_counter()
        done.wait(GRACE)
        time.sleep(0.3)   # the last views may trail the last ack
        cpu1, my1 = server.cpu_times(), me.cpu_times()
        wall = time.perf_counter() - start

        arrival = {}
        for room, version, seat, t in list(self.arrivals):
            arrival.setdefault((room, version), {}).setdefault(seat, t)
        ack_lat, view_lat = [], []
        timeline: dict[int, float] = {}
        ok = refused = unacked = views_missing = 0
        last_ack = start
        for rec in records:
            answer = rec["answer"]
            if rec["t_ack"] is None:
                unacked += 1
                continue
            if not (isinstance(answer, dict) and answer.get("ok")):
                refused += 1
                continue
            ok += 1
            last_ack = max(last_ack, rec["t_ack"])
            ack_lat.append(rec["t_ack"] - rec["t0"])
            got = arrival.get((rec["room"], answer["view"]["version"]), {})
            if len(got) < SEATS:
                views_missing += 1
                continue
            view_lat.append(max(got.values()) - rec["t0"])
            second = int(rec["t0"] - start)
            timeline[second] = max(timeline.get(second, 0.0), view_lat[-1])
        busy = (cpu1.user + cpu1.system) - (cpu0.user + cpu0.system)
        mine = (my1.user + my1.system) - (my0.user + my0.system)
        return {"server": self.name, "rate": rate, "sent": total, "ok": ok, "refused": refused,
                "unacked": unacked, "views_missing": views_missing,
                "achieved": ok / max(last_ack - start, 1e-9),
                "ack": summary(ack_lat), "view": summary(view_lat),
                "server_cpu": busy / wall, "client_cpu": mine / wall,
                "send_lag": lag, "timeline": timeline, "sending": last_send - start,
                "examples": [rec["answer"] for rec in records
                             if rec["t_ack"] and not (rec["answer"] or {}).get("ok")][:3]}


def summary(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    values = sorted(values)

    def pct(p):
        return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] * 1000

    return {"n": len(values), "p50": pct(50), "p90": pct(90), "p99": pct(99),
            "max": values[-1] * 1000}


# --------------------------------------------------------------------------
# setting up rooms on each server

def echo_rooms(rooms: int) -> list[list[dict]]:
    return [[{"room": f"E{r:04d}", "token": s} for s in range(SEATS)] for r in range(rooms)]


def echo_action(r, s, n):
    return {"type": "rename", "name": f"S{s}-{n}"}


def companion_rooms(url: str, rooms: int) -> list[list[dict]]:
    import requests
    http = requests.Session()
    auths = []
    for _ in range(rooms):
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
        auths.append([{"room": code, "token": t, "lang": "en"} for t in tokens])
    return auths


# --------------------------------------------------------------------------

def fmt_lat(s: dict) -> str:
    if not s.get("n"):
        return f"{'-':>7}{'-':>7}{'-':>7}{'-':>8}"
    return f"{s['p50']:7.1f}{s['p90']:7.1f}{s['p99']:7.1f}{s['max']:8.1f}"


def report(results: list[dict]) -> None:
    print()
    print("latency in ms from emit; 'view' = last of the room's 6 sockets has the new version")
    head = (f"{'server':<10}{'rate':>5}{'sent':>6}{'ok':>6}{'refus':>6}{'unack':>6}{'noview':>7}"
            f"{'got/s':>7} |{'ack p50':>7}{'p90':>7}{'p99':>7}{'max':>8} |"
            f"{'view p50':>8}{'p90':>6}{'p99':>7}{'max':>8} |{'srvCPU':>7}{'cliCPU':>7}")
    print(head)
    print("-" * len(head))
    for res in results:
        print(f"{res['server']:<10}{res['rate']:>5g}{res['sent']:>6}{res['ok']:>6}{res['refused']:>6}"
              f"{res['unacked']:>6}{res['views_missing']:>7}{res['achieved']:>7.1f} |"
              f"{fmt_lat(res['ack'])} |{fmt_lat(res['view'])} |"
              f"{res['server_cpu'] * 100:6.0f}%{res['client_cpu'] * 100:6.0f}%")
        if res["send_lag"] > 0.05:
            print(f"{'':10}(sender fell behind schedule by up to {res['send_lag'] * 1000:.0f} ms)")
        if TIMELINE:
            print(f"{'':10}max view latency (ms) per second: " + " ".join(
                f"{res['timeline'][k] * 1000:.0f}" for k in sorted(res["timeline"])))
        for example in res["examples"]:
            print(f"{'':10}refused: {example}")
    print()
    print("ratio companion / echo (same rate):")
    by = {(r["server"], r["rate"]): r for r in results}
    for rate in sorted({r["rate"] for r in results}):
        c = by.get(("companion", rate))
        e = by.get(("echo", rate)) or by.get(("echo+nd", rate))
        if not c or not e:
            continue
        parts = []
        for kind in ("ack", "view"):
            for p in ("p50", "p99"):
                if c[kind].get(p) and e[kind].get(p):
                    parts.append(f"{kind} {p} x{c[kind][p] / e[kind][p]:.1f}")
        if e["server_cpu"] > 0:
            parts.append(f"server CPU x{c['server_cpu'] / e['server_cpu']:.1f}")
        print(f"  {rate:g}/s: " + ", ".join(parts))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=20, help="rooms (6 sockets each), default 20")
    parser.add_argument("--rates", default="20,40",
                        help="comma-separated total actions/s across all rooms, default 20,40")
    parser.add_argument("--seconds", type=float, default=15, help="seconds per rate, default 15")
    parser.add_argument("--echo-nodelay", action="store_true",
                        help="set TCP_NODELAY on the echo server's sockets (what the companion "
                        "does NOT do today); shows what that fix buys")
    parser.add_argument("--timeline", action="store_true",
                        help="also print the worst view latency of each second")
    parser.add_argument("--only", choices=["echo", "companion"], help="run one server only")
    args = parser.parse_args(argv)
    global TIMELINE
    TIMELINE = args.timeline
    rates = [float(x) for x in args.rates.split(",") if x.strip()]
    if not 1 <= args.rooms <= 300 or not rates or max(rates) > 2000 or not 1 <= args.seconds <= 300:
        parser.error("rooms 1..300, rates up to 2000/s, seconds 1..300")

    sys.path.insert(0, str(ROOT))
    from tests.servers import Server

    print(f"fanout: {args.rooms} rooms x {SEATS} sockets, rates {rates} actions/s, "
          f"{args.seconds:g} s each; {os.cpu_count()} cores; {time.strftime('%Y-%m-%d %H:%M')}",
          flush=True)
    results = []
    counter = [0]
    plan = [s for s in ("echo", "companion") if args.only in (None, s)]
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp:
        for which in plan:
            server = bench = None
            try:
                if which == "echo":
                    server = EchoServer(args.echo_nodelay)
                    auths = echo_rooms(args.rooms)
                    bench = Bench("echo+nd" if args.echo_nodelay else "echo", server.url,
                                  args.rooms, echo_action, server.process.pid)
                else:
                    # all sockets come from 127.0.0.1: no per-address limits
                    server = Server(db=os.path.join(tmp, "rooms.sqlite3"),
                                    env={"COMPANION_LIMITS": "off",
                                         "COMPANION_CONNECTIONS_PER_ADDRESS": "0"})
                    auths = companion_rooms(server.url, args.rooms)
                    bench = Bench("companion", server.url, args.rooms, echo_action,
                                  server.process.pid)
                t = time.perf_counter()
                bench.connect(auths)
                print(f"{which}: {args.rooms * SEATS} sockets connected in "
                      f"{time.perf_counter() - t:.1f} s", flush=True)
                # warm-up: one action per room, not measured
                bench.phase(min(rates[0], 50), args.rooms / min(rates[0], 50), counter)
                for rate in rates:
                    res = bench.phase(rate, args.seconds, counter)
                    results.append(res)
                    print(f"{which} @ {rate:g}/s: ok {res['ok']}/{res['sent']}, view p99 "
                          f"{res['view'].get('p99', float('nan')):.1f} ms", flush=True)
            finally:
                if bench:
                    bench.close()
                if server:
                    server.stop()
    report(results)


if __name__ == "__main__":
    main()
