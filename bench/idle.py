#!/usr/bin/env python
"""Idle sockets (issue #16: "one process holds 5,000 idle sockets"): how much
memory does a connected phone cost the server?

N websockets (default 5,000) from the Node driver (bench/driver.js, idle mode)
to one `python -m companion serve` (gevent, SQLite or Redis), in rooms of 6
seats of the test game "pick" (started), then held open for --hold seconds
with no traffic but Engine.IO's pings (every 10 s per socket).  It prints the
server's RSS before and after connecting, the RSS per idle socket, the CPU
the server spends while they sit idle, and the same for the bare
python-socketio stack (bench/echo.py) (--only picks one).  It raises the soft
open-file limit to the hard one first (the driver and the servers inherit it).

    .venv/bin/python -m bench.idle [--sockets 5000] [--hold 15] [--store sqlite|redis] [--only echo]

Loopback only, bounded, stops every process it started.  Not a test.
"""
from __future__ import annotations

import argparse
import math
import os
import tempfile
import time

from . import load
from .echo import EchoServer
from .processes import Redis


def idle_config(urls, rooms, pids, hold) -> dict:
    return {"mode": "idle", "urls": urls, "split": "room", "rooms": rooms, "table": False,
            "choose": "rename", "langs": ["en"], "phases": [], "pids": pids,
            "clk_tck": os.sysconf("SC_CLK_TCK"), "hold": hold, "connect_parallel": 50,
            "max_connect_seconds": 600}


def measure(name, url, pid, rooms, hold, cpus) -> dict:
    config = idle_config([url], rooms, {"servers": [pid], "redis": None}, hold)
    answer = load.run_driver(config, cpus.driver, budget=hold + 700)
    connect, idle = answer["connect"], answer["idle"]
    before, after = connect["rss_before_kib"][0], idle["server_rss_kib"][0]
    sockets = connect["sockets"] - sum(connect["refused"].values())
    return {"server": name, "sockets": sockets, "refused": connect["refused"],
            "connect_s": connect["seconds"], "rss_before_mib": before / 1024,
            "rss_after_mib": after / 1024, "kib_per_socket": (after - before) / max(sockets, 1),
            "idle_cpu": idle["server_cpu_share"][0], "dropped": idle["disconnects"],
            "driver_mib": idle["driver_rss_kib"] / 1024}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=5000, help="idle sockets (5000)")
    parser.add_argument("--hold", type=float, default=15, help="seconds to hold them idle (15)")
    parser.add_argument("--store", choices=["sqlite", "redis"], default="sqlite")
    parser.add_argument("--only", choices=["companion", "echo"], help="one server only")
    parser.add_argument("--driver-cpus", default="")
    parser.add_argument("--server-cpus", default="")
    parser.add_argument("--redis-cpus", default="")
    parser.add_argument("--no-pin", action="store_true")
    args = parser.parse_args(argv)
    if not 6 <= args.sockets <= 15000 or not 1 <= args.hold <= 300:
        parser.error("sockets 6..15000, hold 1..300 s")
    limit = load.raise_file_limit(args.sockets + 512)
    if limit < args.sockets + 256:
        raise SystemExit(f"the open-file limit is {limit}: too low for {args.sockets} sockets")
    cpus = load.Cpus(args)
    rooms_n = math.ceil(args.sockets / load.SEATS)
    print(f"idle: {args.sockets} sockets in {rooms_n} rooms of {load.SEATS}, {args.hold:g} s idle, "
          f"store {args.store}; {cpus.describe()}; open-file limit {limit}; "
          f"{time.strftime('%Y-%m-%d %H:%M')}", flush=True)
    results = []
    from tests.servers import Server
    with tempfile.TemporaryDirectory(prefix="companion-idle-") as tmp:
        redis = server = None
        try:
            store = {"db": os.path.join(tmp, "rooms.sqlite3"), "redis": None}
            if args.store == "redis":
                redis = Redis(tmp)
                load.pin(redis.process.pid, cpus.redis)
                store["redis"] = redis.url
            t = time.perf_counter()
            rooms = load.prepare_all(store, "pick", rooms_n, 0, 2)
            rooms = trim(rooms, args.sockets)
            print(f"prepared {rooms_n} rooms in {time.perf_counter() - t:.0f} s", flush=True)
            if args.only != "echo":
                server = Server(db=store["db"], redis_url=store["redis"], env=load.SERVER_ENV)
                load.pin(server.process.pid, cpus.server(0))
                results.append(measure("companion", server.url, server.process.pid, rooms,
                                       args.hold, cpus))
                server.stop()
                server = None
            if args.only != "companion":
                echo = EchoServer()
                try:
                    load.pin(echo.process.pid, cpus.server(0))
                    echo_rooms = trim([{"code": f"E{r:04d}", "tokens": [str(s) for s in range(6)],
                                        "host": None} for r in range(rooms_n)], args.sockets)
                    results.append(measure("echo", echo.url, echo.process.pid, echo_rooms,
                                           args.hold, cpus))
                finally:
                    echo.stop()
        finally:
            if server:
                server.stop()
            if redis:
                redis.stop()
    print()
    print(f"{'server':<10}{'sockets':>8}{'connect s':>10}{'RSS before':>11}{'after':>8}"
          f"{'KiB/socket':>11}{'idle CPU':>9}{'dropped':>8}{'driver MiB':>11}")
    for r in results:
        print(f"{r['server']:<10}{r['sockets']:>8}{r['connect_s']:>10.1f}{r['rss_before_mib']:>9.0f}MiB"
              f"{r['rss_after_mib']:>6.0f}MiB{r['kib_per_socket']:>11.1f}{r['idle_cpu'] * 100:>8.0f}%"
              f"{r['dropped']:>8}{r['driver_mib']:>11.0f}")
        if r["refused"]:
            print(f"{'':10}refused: {r['refused']}")


def trim(rooms: list[dict], sockets: int) -> list[dict]:
    """Exactly ``sockets`` sockets: the last room may have fewer seats connected."""
    left = sockets
    out = []
    for room in rooms:
        take = min(left, len(room["tokens"]))
        if take <= 0:
            break
        out.append({**room, "tokens": room["tokens"][:take]})
        left -= take
    return out


if __name__ == "__main__":
    main()
