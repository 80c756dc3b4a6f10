#!/usr/bin/env python
"""Idle sockets (issue #16: "one process holds 20,000 idle phone sockets
within 1.5 GiB"): how much memory does a connected phone cost the server?

N websockets (default 5,000; `--sockets max`: as many as the server's
open-file limit leaves room for) to one `python -m companion serve`
(gevent, SQLite or Redis), in rooms of 6 seats of the test game "pick"
(started), then held open for --hold seconds with no traffic but Engine.IO's
pings (every 20 s per socket).  The sockets come from several Node drivers
(bench/driver.js, idle mode; --per-driver sockets each, since a driver needs
a file per socket as well), started one after the other: each batch connects
fully before the next starts.  It prints the connect time, the server's RSS
before, after each batch and after the hold (with PSS and USS from
/proc/PID/smaps_rollup), the RSS per idle socket, the CPU the server spends
while they sit idle, and the sockets dropped; then the same for the bare
python-socketio stack (bench/echo.py) (--only picks one).  It raises the
soft open-file limit to the hard one first (the drivers and the servers
inherit it; `companion serve` raises its own as well).

--probe: the server runs under bench/idle_probe.py (tracemalloc and the
collector's objects by type, read after every batch): use small batches
(--per-driver 1000) and read where the memory per socket goes.

    .venv/bin/python -m bench.idle [--sockets 5000|max] [--per-driver 5000] [--hold 15]
                                   [--store sqlite|redis] [--only companion|echo] [--probe]

Loopback only, bounded, stops every process it started.  Not a test.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import threading
import time

from . import load
from .echo import EchoServer
from .processes import Redis

#: --sockets max leaves this many files free beyond those the server holds
#: before the sockets come (its log, the SQLite file and WAL, epoll...): for
#: a request or a file it opens later, else a connection finds no file
SERVER_SPARE_FILES = 12


def idle_config(urls, rooms, pids, hold) -> dict:
    return {"mode": "idle", "urls": urls, "split": "room", "rooms": rooms, "table": False,
            "choose": "rename", "langs": ["en"], "phases": [], "pids": pids,
            "clk_tck": os.sysconf("SC_CLK_TCK"), "hold": hold, "until_stdin": True,
            "connect_parallel": 50, "max_connect_seconds": 600}


# --- /proc ----------------------------------------------------------------------

def memory_kib(pid: int) -> dict:
    """RSS, PSS and USS (private pages) in KiB."""
    out = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            name, _, rest = line.partition(":")
            if rest.strip().endswith("kB"):
                out[name] = int(rest.split()[0])
    return {"rss": out["Rss"], "pss": out["Pss"],
            "uss": out.get("Private_Clean", 0) + out.get("Private_Dirty", 0)}


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def file_limit(pid: int) -> int:
    with open(f"/proc/{pid}/limits") as f:
        for line in f:
            if line.startswith("Max open files"):
                return int(line.split()[3])
    raise RuntimeError("no open-file limit in /proc")


# --- the drivers ----------------------------------------------------------------

class Driver:
    """One bench/driver.js holding its share of the sockets until released."""

    def __init__(self, config: dict, cpus):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
            json.dump(config, handle)
            self.path = handle.name
        args = ["node", load.DRIVER, self.path]
        if cpus:
            args = ["taskset", "-c", ",".join(str(c) for c in sorted(cpus))] + args
        self.connected = threading.Event()
        self.process = subprocess.Popen(args, cwd=load.ROOT, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        threading.Thread(target=self._relay, daemon=True).start()

    def _relay(self):
        for line in self.process.stderr:
            if "sockets connected" not in line or " in " in line:
                sys.stderr.write(line)
            if "holding until stdin closes" in line:
                self.connected.set()
        self.connected.set()   # it died: nobody waits for it

    def release(self, timeout: float = 120) -> dict:
        """Lets it close its sockets; its JSON answer."""
        try:
            out, _ = self.process.communicate(timeout=timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            os.unlink(self.path)
        if self.process.returncode != 0 or not out.strip():
            raise RuntimeError(f"driver failed (exit {self.process.returncode})")
        return json.loads(out.strip().splitlines()[-1])


def batches(rooms: list[dict], per_driver: int) -> list[list[dict]]:
    """Whole rooms, about ``per_driver`` sockets per driver."""
    out, size = [[]], 0
    for room in rooms:
        if size + len(room["tokens"]) > per_driver and out[-1]:
            out.append([])
            size = 0
        out[-1].append(room)
        size += len(room["tokens"])
    return out


def connect_batches(url, pid, rooms, args, cpus, probe=None) -> tuple[list[Driver], list[dict]]:
    """Starts the drivers one after the other, each once the previous one's
    sockets are all connected; the server's memory after each batch."""
    drivers, steps, total = [], [], 0
    for part in batches(rooms, args.per_driver):
        config = idle_config([url], part, {"servers": [pid], "redis": None}, args.hold + 900)
        t = time.perf_counter()
        drivers.append(Driver(config, cpus.driver))
        if not drivers[-1].connected.wait(700) or drivers[-1].process.poll() is not None:
            raise RuntimeError("a driver did not connect its sockets")
        total += sum(len(r["tokens"]) for r in part)
        time.sleep(1)   # the connect broadcasts settle
        steps.append({"sockets": total, "seconds": time.perf_counter() - t, **memory_kib(pid),
                      "files": open_files(pid)})
        if probe:
            probe.read(total)
        print(f"  {total:>6} sockets: batch in {steps[-1]['seconds']:.1f} s, RSS "
              f"{steps[-1]['rss'] / 1024:.0f} MiB, {steps[-1]['files']} files open", flush=True)
    return drivers, steps


def measure(name, url, pid, rooms, args, cpus, probe=None) -> dict:
    before = memory_kib(pid)
    drivers, steps = [], []
    try:
        drivers, steps = connect_batches(url, pid, rooms, args, cpus, probe)
        cpu0, t0 = cpu_seconds(pid), time.monotonic()
        time.sleep(args.hold)
        idle_cpu = (cpu_seconds(pid) - cpu0) / (time.monotonic() - t0)
        after = memory_kib(pid)
    finally:
        answers = [d.release() for d in drivers]
    connect = [a["connect"] for a in answers]
    refused = {}
    for c in connect:
        for code, n in c["refused"].items():
            refused[code] = refused.get(code, 0) + n
    sockets = sum(c["sockets"] for c in connect) - sum(refused.values())
    return {"server": name, "sockets": sockets, "refused": refused, "steps": steps,
            "connect_s": sum(s["seconds"] for s in steps), "before": before, "after": after,
            "kib_per_socket": (after["rss"] - before["rss"]) / max(sockets, 1),
            "idle_cpu": idle_cpu, "dropped": sum(a["idle"]["disconnects"] for a in answers),
            "driver_mib": sum(a["idle"]["driver_rss_kib"] for a in answers) / 1024,
            "drivers": len(answers), "file_limit": file_limit(pid)}


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", default="5000",
                        help="idle sockets (5000), or max: what the server's file limit leaves room for")
    parser.add_argument("--per-driver", type=int, default=5000, help="sockets per driver (5000)")
    parser.add_argument("--hold", type=float, default=15, help="seconds to hold them idle (15)")
    parser.add_argument("--store", choices=["sqlite", "redis"], default="sqlite")
    parser.add_argument("--only", choices=["companion", "echo"], help="one server only")
    parser.add_argument("--probe", action="store_true",
                        help="companion under bench/idle_probe.py: where the memory goes")
    parser.add_argument("--server-env", action="append", default=[], metavar="NAME=VALUE",
                        help="an environment variable for the companion server (to try one)")
    parser.add_argument("--driver-cpus", default="")
    parser.add_argument("--server-cpus", default="")
    parser.add_argument("--redis-cpus", default="")
    parser.add_argument("--no-pin", action="store_true")
    args = parser.parse_args(argv)
    limit = load.raise_file_limit(30000)
    args.max = args.sockets == "max"
    args.sockets = limit if args.max else int(args.sockets)
    if not 6 <= args.sockets <= 30000 or not 1 <= args.hold <= 300 \
            or not 100 <= args.per_driver <= limit - 256:
        parser.error(f"sockets 6..30000, hold 1..300 s, per-driver 100..{limit - 256}")
    if not args.max and args.sockets + SERVER_SPARE_FILES > limit:
        parser.error(f"the open-file limit is {limit}: at most {limit - SERVER_SPARE_FILES} "
                     "sockets (or --sockets max)")
    return args, limit


def fitting(rooms: list[dict], pid: int, args) -> list[dict]:
    """With --sockets max, as many as the server's open files leave room for."""
    if not args.max:
        return rooms
    room_for = file_limit(pid) - open_files(pid) - SERVER_SPARE_FILES
    print(f"  the server has {open_files(pid)} files open of {file_limit(pid)}: "
          f"{room_for} sockets", flush=True)
    return trim(rooms, room_for)


def run_companion(store, rooms, args, cpus) -> dict:
    from tests.servers import Server

    from .idle_probe import Probe
    env = {**load.SERVER_ENV, **dict(item.split("=", 1) for item in args.server_env)}
    server = Server(db=store["db"], redis_url=store["redis"], env=env,
                    module="bench.idle_probe" if args.probe else "companion")
    try:
        load.pin(server.process.pid, cpus.server(0))
        probe = Probe(server.process.pid) if args.probe else None
        return measure("companion", server.url, server.process.pid,
                       fitting(rooms, server.process.pid, args), args, cpus, probe)
    finally:
        time.sleep(1)
        server.stop()


def run_echo(rooms_n, args, cpus) -> dict:
    echo = EchoServer()
    try:
        load.pin(echo.process.pid, cpus.server(0))
        rooms = trim([{"code": f"E{r:04d}", "tokens": [str(s) for s in range(6)], "host": None}
                      for r in range(rooms_n)], args.sockets)
        return measure("echo", echo.url, echo.process.pid, fitting(rooms, echo.process.pid, args),
                       args, cpus)
    finally:
        echo.stop()


def run(args, cpus, rooms_n) -> list[dict]:
    results = []
    with tempfile.TemporaryDirectory(prefix="companion-idle-") as tmp:
        redis = None
        try:
            store = {"db": os.path.join(tmp, "rooms.sqlite3"), "redis": None}
            if args.store == "redis":
                redis = Redis(tmp)
                load.pin(redis.process.pid, cpus.redis)
                store["redis"] = redis.url
            if args.only != "echo":
                t = time.perf_counter()
                rooms = trim(load.prepare_all(store, "pick", rooms_n, 0, 2), args.sockets)
                print(f"prepared {rooms_n} rooms in {time.perf_counter() - t:.0f} s", flush=True)
                results.append(run_companion(store, rooms, args, cpus))
            if args.only != "companion":
                results.append(run_echo(rooms_n, args, cpus))
        finally:
            if redis:
                redis.stop()
    return results


def report(results: list[dict]) -> None:
    print()
    print(f"{'server':<10}{'sockets':>8}{'connect s':>10}{'RSS before':>11}{'after':>8}"
          f"{'PSS':>7}{'USS':>7}{'KiB/socket':>11}{'idle CPU':>9}{'dropped':>8}{'driver MiB':>11}")
    for r in results:
        before, after = r["before"], r["after"]
        print(f"{r['server']:<10}{r['sockets']:>8}{r['connect_s']:>10.1f}"
              f"{before['rss'] / 1024:>8.0f}MiB{after['rss'] / 1024:>5.0f}MiB"
              f"{after['pss'] / 1024:>4.0f}MiB{after['uss'] / 1024:>4.0f}MiB"
              f"{r['kib_per_socket']:>11.1f}{r['idle_cpu'] * 100:>8.1f}%"
              f"{r['dropped']:>8}{r['driver_mib']:>11.0f}")
        print(f"{'':10}{r['drivers']} drivers; the server's open-file limit {r['file_limit']}")
        if r["refused"]:
            print(f"{'':10}refused: {r['refused']}")


def main(argv=None) -> None:
    args, limit = parse(argv)
    cpus = load.Cpus(args)
    rooms_n = math.ceil(args.sockets / load.SEATS)
    print(f"idle: {'at most ' if args.max else ''}{args.sockets} sockets in {rooms_n} rooms of "
          f"{load.SEATS}, {args.per_driver} per driver, {args.hold:g} s idle, store {args.store}; "
          f"{cpus.describe()}; open-file limit {limit}; {time.strftime('%Y-%m-%d %H:%M')}",
          flush=True)
    report(run(args, cpus, rooms_n))


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
