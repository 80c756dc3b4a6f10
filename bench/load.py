#!/usr/bin/env python
"""Cost per action (issue #16): real games and the bare stack under the same
open-loop load, over Socket.IO websockets, from a Node load driver.

For every (rooms, rate) of the plan it runs, one after the other:
  echo         the bare python-socketio fan-out (bench/echo.py: gevent, the
               companion's async stack; `action` emits a small view to each of
               the room's sockets and acknowledges);
  echo+redis   the same with python-socketio's RedisManager (only when a Redis
               store is in the run);
  rules        with --floor, per game: the same bare stack running only the
               game's own work on the prepared rooms held in memory (its
               check, apply, views and templates; no log, store, undo or
               presence: bench/echo.py --rules), the floor of that game here;
  each store x game: `python -m companion serve` (tests/servers.py Server,
               COMPANION_ACTION_RATE=0, COMPANION_LIMITS=off,
               COMPANION_CONNECTIONS_PER_ADDRESS=0) on SQLite, on Redis (its own
               redis-server on a free port), or as two processes sharing that
               Redis; rooms of 6 seats played to mid-game beforehand (a log of
               --log-lines lines or more, game still running).
  bgio         with --bgio: the reference, boardgame.io 0.50 from the npm registry
               (bench/bgio/server.js: its Server, lobby API and socket.io Master,
               in-memory storage), per game of --games it serves: `pick` as a
               boardgame.io game (matches of 6 players, renames), HOAX and
               Haiclue (bench/bgio/hoax.js, haiclue.js: 6 seats and the host,
               played to mid-game as the companion's rooms are: bgio_matches);
               matches created through its lobby API; the same driver speaks its
               protocol.  `bgio+delta` (--bgio-delta) is the same with the game's
               deltaState (RFC 6902 patches pushed instead of whole states).
The driver (bench/driver.js, socket.io-client) runs pinned to its own CPU with
taskset, each server process to another.  Arrivals are Poisson at the given
total rate (open loop); the acting seat picks a legal action from its own
latest view's `actions` (for the test game "pick": `rename` to a fresh name,
the baseline load).  Latency runs from emit to the moment the LAST of the
room's 6 phone sockets holds the new version.  Server CPU per action is the
delta of utime+stime in /proc/<pid>/stat over the phase divided by the
acknowledged actions.

    .venv/bin/python -m bench.load --quick          # smoke: 20 rooms, 20/s, 5 s
    .venv/bin/python -m bench.load                  # 20x40/s, 200x200/s, 500x100/s
    .venv/bin/python -m bench.load --plan 200:200 --stores sqlite --games pick,hoax \\
        --seconds 30 --reps 3 --throughput 10
    .venv/bin/python -m bench.load --plan 200:200 --stores '' --interleave --reps 3 \\
        --echo-stacks gevent+nodeflate+orjson       # echo only, also as the companion sets it

Loopback only; bounded (plan x seconds x repetitions); stops itself and every
process it started.  Not a test: it prints figures and ratios, and asserts
nothing about timing.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from .echo import EchoServer
from .processes import Redis

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = Path(HERE).parent
SEATS = 6
DRIVER = str(Path(HERE) / "driver.js")
DEFAULT_PLAN = "20:40,200:200,500:100"
TARGET_PLANS = {(200, 200.0), (500, 100.0)}   # the issue's p99 targets
PLATFORM_SEAT_TYPES = {"rename", "leave"}
# every socket comes from 127.0.0.1: the per-address limits (connections per
# second, open connections) are off, as the action rate limit is (tests/servers.py)
SERVER_ENV = {"COMPANION_LIMITS": "off", "COMPANION_CONNECTIONS_PER_ADDRESS": "0"}

os.environ.setdefault("COMPANION_EXTRA_GAMES", "tests.fixture_game")


# --- processes and CPUs --------------------------------------------------------

def raise_file_limit(need: int) -> int:
    """Soft open-file limit up to the hard one (children inherit it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, need + 1024)
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return want


def pin(pid: int, cpus: set[int] | None) -> None:
    """Every thread of the process onto ``cpus`` (taskset -a -p)."""
    if not cpus:
        return
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            os.sched_setaffinity(int(tid), cpus)
        except OSError:
            pass


def parse_cpus(text: str) -> list[set[int]]:
    """'1,2' -> [{1}, {2}]; '1-2' -> [{1, 2}]; '' -> []."""
    out = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        lo, _, hi = part.partition("-")
        out.append(set(range(int(lo), int(hi or lo) + 1)))
    return out


class Cpus:
    """Which CPU the driver, each server process and redis-server run on."""

    def __init__(self, args, quota: float | None = None):
        have = sorted(os.sched_getaffinity(0))
        self.quota = Quota(quota)
        if args.no_pin or len(have) < 2:
            self.driver, self.servers, self.redis = None, [None], None
        else:
            default_servers = ",".join(str(c) for c in have[1:3])
            self.driver = (parse_cpus(args.driver_cpus) or [{have[0]}])[0]
            self.servers = parse_cpus(args.server_cpus or default_servers)
            # its own CPU where there are four; else beside the (first) server,
            # as on a one-machine deployment: next to the driver it waits behind
            # the driver's bursts, and every action waits on a few Redis round trips
            if args.redis_cpus:
                self.redis = parse_cpus(args.redis_cpus)[0]
            else:
                self.redis = {have[3]} if len(have) > 3 else self.servers[0]

    def server(self, i: int) -> set[int] | None:
        return self.servers[i % len(self.servers)]

    def describe(self) -> str:
        if self.driver is None:
            return "not pinned" + self.quota.describe()
        return (f"driver on {sorted(self.driver)}, server process(es) on "
                f"{[sorted(s) for s in self.servers]}, redis-server on {sorted(self.redis or [])}"
                + self.quota.describe())


class Quota:
    """``--cpu-quota F``: each server process in a cgroup of its own whose CFS
    quota is F of one core, as a container started with ``--cpus=F`` gets.
    On a machine with fewer cores than the driver plus one per worker, two
    workers then get twice what one gets, so whether they add up (the
    issue's "two processes serve >= 1.8 x one") can be measured at all.
    The cgroup v1 ``cpu`` controller or a cgroup v2 with ``cpu`` enabled;
    nothing else is touched, and each group is removed after its process."""

    ROOTS = ("/sys/fs/cgroup/cpu", "/sys/fs/cgroup/unified", "/sys/fs/cgroup")

    def __init__(self, fraction: float | None):
        self.fraction = fraction
        self.groups: list[Path] = []
        self.root = self.version = None
        if fraction is None:
            return
        for root in self.ROOTS:
            if os.path.exists(os.path.join(root, "cpu.cfs_quota_us")):
                self.root, self.version = root, 1
                break
            # v2: a child gets cpu.max only where the parent hands the controller down
            enabled = os.path.join(root, "cgroup.subtree_control")
            if os.path.exists(enabled) and "cpu" in open(enabled).read().split():
                self.root, self.version = root, 2
                break
        try:
            if self.root is None:
                raise OSError("no cgroup cpu controller")
            probe = os.path.join(self.root, f"companion-bench-{os.getpid()}-probe")
            os.mkdir(probe)
            os.rmdir(probe)
        except OSError:
            raise SystemExit("--cpu-quota needs a writable cgroup cpu controller "
                             "(/sys/fs/cgroup/cpu or cgroup v2 with cpu enabled)") from None

    def place(self, pid: int) -> None:
        """Moves process ``pid`` (all its threads) into a new limited group."""
        if self.fraction is None:
            return
        group = Path(self.root) / f"companion-bench-{os.getpid()}-{pid}"
        group.mkdir()
        self.groups.append(group)
        period = 100_000
        if self.version == 1:
            (group / "cpu.cfs_period_us").write_text(str(period))
            (group / "cpu.cfs_quota_us").write_text(str(int(self.fraction * period)))
        else:
            (group / "cpu.max").write_text(f"{int(self.fraction * period)} {period}")
        (group / "cgroup.procs").write_text(str(pid))

    def release(self) -> None:
        """Removes the groups (their processes have stopped)."""
        for group in self.groups:
            for _ in range(50):
                try:
                    os.rmdir(group)
                    break
                except OSError:
                    time.sleep(0.1)
        self.groups.clear()

    def describe(self) -> str:
        return "" if self.fraction is None else (
            f"; each server process limited to {self.fraction:g} of a core (cgroup v{self.version})")


def run_driver(config: dict, cpus: set[int] | None, budget: float, on_line=None) -> dict:
    """bench/driver.js with ``config``; returns its JSON answer.  Its
    progress lines go to our stderr, and to ``on_line`` if given."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is not on PATH (the driver is bench/driver.js)")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(config, handle)
        path = handle.name
    args = [node, DRIVER, path]
    if cpus and shutil.which("taskset"):
        args = ["taskset", "-c", ",".join(str(c) for c in sorted(cpus))] + args
    driver = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    overran = threading.Event()

    def stop():
        overran.set()
        driver.kill()

    def relay():
        for line in driver.stderr:
            sys.stderr.write(line)
            if on_line:
                on_line(line)

    timer = threading.Timer(budget, stop)
    timer.start()
    reader = threading.Thread(target=relay, daemon=True)
    reader.start()
    try:
        out = driver.stdout.read()
        driver.wait()
        reader.join(5)
    finally:
        timer.cancel()
        if driver.poll() is None:
            driver.kill()
            driver.wait()
        os.unlink(path)
    if overran.is_set():
        raise RuntimeError("the driver overran its time budget and was stopped")
    if driver.returncode != 0 or not out.strip():
        raise RuntimeError(f"driver failed (exit {driver.returncode})")
    return json.loads(out.strip().splitlines()[-1])


class Profiler:
    """py-spy recording the server processes from the first measured phase
    until the driver is done (--profile DIR); CPU samples only (no idle)."""

    def __init__(self, folder: str | None, name: str, pids: list[int], native: bool = False):
        self.folder, self.name, self.pids, self.native = folder, name, pids, native
        self.spies: list[subprocess.Popen] = []
        self.files: list[str] = []
        self.tool = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))

    def on_line(self, line: str) -> None:
        if self.folder and not self.spies and "phase rep 1:" in line:
            os.makedirs(self.folder, exist_ok=True)
            for i, pid in enumerate(self.pids):
                out = os.path.join(self.folder, f"{self.name}-{i}.txt")
                self.files.append(out)
                self.spies.append(subprocess.Popen(
                    [self.tool, "record", "--pid", str(pid), "--format", "raw", "--rate", "200",
                     "--output", out, "--nonblocking"] + (["--native"] if self.native else []),
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    def stop(self) -> None:
        for spy in self.spies:
            if spy.poll() is None:
                spy.send_signal(signal.SIGINT)   # py-spy writes its file on Ctrl-C
        for spy in self.spies:
            try:
                spy.wait(30)
            except subprocess.TimeoutExpired:
                spy.kill()
                spy.wait()
        for out in self.files:
            if os.path.exists(out):
                print(hot_spots(out), flush=True)
                print(layers(out), flush=True)


def collapsed_stacks(collapsed: str):
    """py-spy's collapsed stacks: (frames, samples) per line."""
    with open(collapsed) as handle:
        for line in handle:
            stack, _, count = line.rstrip().rpartition(" ")
            if count.isdigit():
                yield stack.split(";"), int(count)


def hot_spots(collapsed: str, top: int = 12) -> str:
    """From py-spy's collapsed stacks: the companion's own functions by
    inclusive share (a function counted once per stack), and the leaf
    functions where the samples landed, each with its nearest companion
    caller."""
    inclusive: dict[str, int] = {}
    leaves: dict[tuple[str, str], int] = {}
    total = 0
    for stack, n in collapsed_stacks(collapsed):
        total += n
        frames = [short_frame(f) for f in stack]
        ours = [f for f in frames if "(companion/" in f]
        for frame in set(ours):
            inclusive[frame] = inclusive.get(frame, 0) + n
        caller = next((f for f in reversed(frames[:-1]) if "(companion/" in f), "-")
        leaves[(frames[-1], caller)] = leaves.get((frames[-1], caller), 0) + n
    share = lambda n: f"{100 * n / max(total, 1):5.1f} %"   # noqa: E731
    lines = [f"py-spy {collapsed}: {total} samples", " companion functions (inclusive):"]
    for frame, n in sorted(inclusive.items(), key=lambda kv: -kv[1])[:top]:
        lines.append(f"  {share(n)}  {frame}")
    lines.append(" where the samples landed (leaf <- nearest companion caller):")
    for (leaf, caller), n in sorted(leaves.items(), key=lambda kv: -kv[1])[:top]:
        lines.append(f"  {share(n)}  {leaf} <- {caller}")
    return "\n".join(lines)


#: the layers of the stack, by where a frame's code lives (first match wins)
LAYERS = [("wsproto", "wsproto/"), ("simple-websocket", "simple_websocket/"),
          ("engine.io", "engineio/"), ("socket.io", "socketio/"),
          ("Flask-SocketIO", "flask_socketio/"), ("Flask, werkzeug", "flask/"),
          ("Flask, werkzeug", "werkzeug/"), ("JSON", "json/"), ("JSON", "orjson"),
          ("gevent", "gevent/"), ("the companion", "companion/"), ("the echo", "bench/"),
          ("selectors", "selectors.py"), ("queue, threading", "threading.py"),
          ("queue, threading", "queue.py")]


def layer_of(frame: str) -> str | None:
    for name, marker in LAYERS:
        if marker in frame:
            return name
    return None


def layers(collapsed: str) -> str:
    """From py-spy's collapsed stacks: each layer's self share (the samples
    whose innermost frame of a known layer is there; native frames below
    it count for that layer, as the interpreter's own work on its behalf)
    and its inclusive share (its frames anywhere in the stack)."""
    own: dict[str, int] = {}
    inclusive: dict[str, int] = {}
    total = 0
    for stack, n in collapsed_stacks(collapsed):
        total += n
        found = [layer_of(frame) for frame in stack]
        found = [name for name in found if name]
        leaf = found[-1] if found else "other"
        own[leaf] = own.get(leaf, 0) + n
        for name in set(found):
            inclusive[name] = inclusive.get(name, 0) + n
    lines = [f" layers of {collapsed} (self %, inclusive %):"]
    for name, n in sorted(own.items(), key=lambda kv: -kv[1]):
        whole = inclusive.get(name, n)
        lines.append(f"  {100 * n / max(total, 1):5.1f} %  {100 * whole / max(total, 1):5.1f} %  {name}")
    return "\n".join(lines)


def short_frame(frame: str) -> str:
    """'build_view (companion/service.py:610)' without the line number."""
    name, _, where = frame.partition(" (")
    where = where.rstrip(")").rsplit(":", 1)[0]
    for marker in ("site-packages/", "/work/main/", str(ROOT) + "/"):
        if marker in where:
            where = where.split(marker, 1)[1]
    return f"{name} ({where})"


def server_trouble(servers) -> tuple[int, str]:
    """Tracebacks in the servers' output (a bug answers 500 and is logged):
    how many, and the first one."""
    count, first = 0, ""
    for server in servers:
        text = server.output()
        count += text.count("Traceback")
        if not first and "Traceback" in text:
            start = text.index("Traceback")
            first = text[max(0, text.rfind("\n", 0, start - 1)):][:3000]
    return count, first


# --- rooms at mid-game ------------------------------------------------------------

def open_store(store: dict):
    if store["redis"]:
        from companion.store.redis import RedisStore
        return RedisStore(store["redis"])
    from companion.store.sqlite import SqliteStore
    return SqliteStore(store["db"])


def seats_for(game) -> int:
    low, high = game.player_range({})
    return min(max(SEATS, low), high)


def prepare_rooms(store: dict, game_name: str, count: int, log_lines: int, seed: int) -> list[dict]:
    """``count`` rooms of ``game_name``, 6 seats, started and played to a log
    of ``log_lines`` lines or more with the game still running.

    Rooms are created, joined and started through the Service the transports
    call.  The moves to mid-game are then applied in memory with the
    service's own ``apply_action`` (the referee's checks and rules, without
    a store round trip and a view per move) and the room is saved with
    compare-and-set, at its version plus the moves accepted, then once per
    undo step kept (the store keeps them beside the room)."""
    from companion import games
    from companion.errors import ServiceError
    from companion.gameplay import UndoSteps
    from companion.games.base import sample_action
    from companion.rooms import HISTORY_MAX
    from companion.lobby import templates_for
    from companion.referee import apply_action
    from companion.service import Service

    service = Service(open_store(store), action_rate=0)
    game = games.get(game_name)
    rng = random.Random(seed)
    options = {"rounds": 9} if game_name == "pick" else {}
    out = []
    for _ in range(count):
        made = service.create_room(game_name, options)
        code, host = made["code"], made["host_token"]
        tokens = [service.join(code, f"P{i}")["token"] for i in range(seats_for(game))]
        service.act(code, host, {"type": "start"}, "en")
        room = service.load(code)
        loaded, since = room["version"], room["log_n"]
        steps = []   # undo steps, as the store keeps them
        for step in range(log_lines * 20):
            if room["log_n"] >= log_lines and room["status"] == "playing":
                break
            kind, seat, action = prep_move(room, game, rng, game_name == "pick", step,
                                           templates_for, sample_action)
            # apply_action works on the caller's copy (the service discards
            # a refused one whole): so does this loop
            trial = json.loads(json.dumps(room))
            undo = UndoSteps()
            try:
                apply_action(trial, kind, seat, action, undo)
            except ServiceError:
                continue   # a sampled value the rules refuse here: draw again
            room = trial
            room["version"] += 1
            steps = (steps + [undo.change])[-HISTORY_MAX:] if undo.change else steps
        for undo in [None] + steps:
            if not service.cache.save_room(room, loaded, since, undo):   # the store round trip an action ends with
                raise RuntimeError(f"room {code} changed while it was being prepared")
            since, loaded, room["version"] = room["log_n"], room["version"], room["version"] + 1
        out.append({"code": code, "tokens": tokens, "host": host})
    service.store.close()
    return out


def prep_move(room, game, rng, renames_only, step, templates_for, sample_action):
    """One random legal move (kind, seat, action), drawn as tests/harness.py
    random_play draws it."""
    if room["status"] == "finished":
        return "host", None, {"type": "rematch"}
    if room["status"] == "lobby":   # play again goes through the lobby: the host starts
        return "host", None, {"type": "start"}
    seats = [entry["seat"] for entry in room["seats"]]
    if not renames_only:
        moves = [("seat", number, tpl) for number in seats
                 for tpl in templates_for(room, "seat", number)
                 if tpl["type"] not in PLATFORM_SEAT_TYPES]
        if not moves or rng.random() < 0.02:
            moves += [("host", None, tpl) for tpl in templates_for(room, "host", None)
                      if tpl["type"] in game.action_types]
        if moves:
            kind, seat, tpl = rng.choice(moves)
            return kind, seat, sample_action(tpl, rng)
    number = rng.choice(seats)
    return "seat", number, {"type": "rename", "name": f"P{number}-{step}"}


def prepare_all(store: dict, game: str, count: int, log_lines: int, workers: int) -> list[dict]:
    chunks = [count // workers + (1 if i < count % workers else 0) for i in range(workers)]
    chunks = [c for c in chunks if c]
    if len(chunks) == 1:
        return prepare_rooms(store, game, count, log_lines, 1)
    with ProcessPoolExecutor(len(chunks)) as pool:
        parts = pool.map(prepare_rooms, [store] * len(chunks), [game] * len(chunks), chunks,
                         [log_lines] * len(chunks), range(1, len(chunks) + 1))
        return [room for part in parts for room in part]


def forget_presence(redis_url: str) -> None:
    """Presence left in Redis by a server that stopped with sockets open
    would make the next server build views for sockets that are gone."""
    import redis
    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter("companion:presence:*", count=1000))
    if keys:
        client.delete(*keys)
    client.close()


# --- one measured run ------------------------------------------------------------

def driver_config(args, urls, rooms, choose, pids, rate, extra=None) -> dict:
    phases = [{"name": "warm-up", "kind": "open", "rate": rate,
               "seconds": min(3.0, args.seconds), "report": False}]
    phases += [{"name": f"rep {i + 1}", "kind": "open", "rate": rate, "seconds": args.seconds}
               for i in range(args.reps)]
    if args.throughput:
        phases.append({"name": "throughput", "kind": "closed", "seconds": args.throughput})
    return {"mode": "load", "urls": urls, "split": args.split, "rooms": rooms,
            "table": args.table, "choose": choose, "langs": args.langs.split(","),
            "phases": phases, "pids": pids, "clk_tck": os.sysconf("SC_CLK_TCK"),
            "grace": 5, "seed": args.seed, "connect_parallel": 20, **(extra or {})}


def budget(config: dict) -> float:
    sockets = sum(len(r["tokens"]) + 1 for r in config["rooms"])
    return sum(p["seconds"] + 10 for p in config["phases"]) + 60 + sockets / 20


def measure(args, label: dict, urls, rooms, choose, pids, rate, cpus, on_line=None,
            extra=None) -> list[dict]:
    config = driver_config(args, urls, rooms, choose, pids, rate, extra)
    answer = run_driver(config, cpus.driver, budget(config), on_line)
    connect = answer["connect"]
    grown = sum(a - b for a, b in zip(connect["rss_after_kib"], connect["rss_before_kib"]))
    rows = []
    for result in answer["phases"]:
        rows.append({**label, **result, "sockets": connect["sockets"],
                     "connect_s": connect["seconds"], "connect_refused": connect["refused"],
                     "rss_per_socket_kib": grown / max(connect["sockets"], 1),
                     # the server(s) holding every room and socket, before the load
                     "idle_rss_mib": sum(connect["rss_after_kib"]) / 1024,
                     "view_bytes": answer.get("view_bytes_mean"),
                     "disconnects": answer.get("disconnects", 0)})
    return rows


def run_echo(args, plan, cpus, redis_url=None, pad=0, variant="gevent") -> list[dict]:
    """Echo as ``variant`` sets it ("gevent", optionally "+orjson",
    "+nodeflate"): a row "echo" for the plain one, else "echo@variant",
    beside it in the same run."""
    rooms_n, _ = plan
    rooms = [{"code": f"E{r:04d}", "tokens": [str(s) for s in range(SEATS)], "host": "host"}
             for r in range(rooms_n)]
    store = "echo+redis" if redis_url else "echo+pad" if pad else "echo"
    if variant != "gevent":
        store += "@" + variant
    _, *flags = variant.split("+")
    return run_bare(args, plan, cpus, store, "-", rooms, "rename", redis_url=redis_url, pad=pad,
                    packets="orjson" if "orjson" in flags else "default",
                    deflate="nodeflate" not in flags)


def run_floor(args, plan, cpus, game, db, rooms) -> list[dict]:
    """The floor of ``game`` on this stack: bench/echo.py --rules on the
    prepared SQLite rooms (read once at its start, never written)."""
    return run_bare(args, plan, cpus, "rules", game, rooms[:plan[0]],
                    "rename" if game == "pick" else "game", rules=db)


def run_bare(args, plan, cpus, store, game, rooms, choose, **server) -> list[dict]:
    """One bench/echo.py server (``server``: EchoServer's arguments), pinned
    and limited like the companion's, under the plan's load."""
    rooms_n, rate = plan
    bare = EchoServer(collector=args.echo_collector, **server)
    try:
        pin(bare.process.pid, cpus.server(0))
        cpus.quota.place(bare.process.pid)
        label = {"store": store, "game": game, "rooms": rooms_n,
                 "plan_rate": rate, "processes": 1, "errors": 0}
        pids = [bare.process.pid]
        profiler = Profiler(args.profile, f"{store}-{game}-{rooms_n}x{rate:g}", pids,
                            args.profile_native)
        try:
            return measure(args, label, [bare.url], rooms, choose,
                           {"servers": pids, "redis": None}, rate, cpus, profiler.on_line)
        finally:
            profiler.stop()
    finally:
        bare.stop()
        cpus.quota.release()


# --- the boardgame.io reference ------------------------------------------------------

BGIO = Path(HERE) / "bgio"
BGIO_GAMES = ("pick", "hoax", "haiclue")   # the games bench/bgio/server.js serves


def bgio_installed() -> str | None:
    """boardgame.io in bench/bgio/node_modules (npm ci once, from its lock
    file); None when ready, else why not."""
    if (BGIO / "node_modules" / "boardgame.io").is_dir():
        return None
    npm = shutil.which("npm")
    if npm is None:
        return "npm is not on PATH"
    print("installing boardgame.io in bench/bgio (npm ci)", flush=True)
    done = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=BGIO, check=False,
                          capture_output=True, text=True)
    if done.returncode != 0:
        return f"npm ci in bench/bgio failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}"
    return None


class BgioServer:
    """bench/bgio/server.js on a free port, as a deployment runs it
    (NODE_ENV=production: no log line per action); its output in a file."""

    def __init__(self, tmp: str, delta: bool):
        from .processes import free_port
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = Path(tmp) / f"bgio-{self.port}.log"
        args = [shutil.which("node") or "node", str(BGIO / "server.js"), str(self.port)]
        with open(self.log, "w") as out:   # the child keeps its own copy of the descriptor
            self.process = subprocess.Popen(args + (["--delta"] if delta else []), cwd=ROOT,
                                            stdout=out, stderr=subprocess.STDOUT,
                                            env={**os.environ, "NODE_ENV": "production"})
        deadline = time.time() + 20
        while "ready" not in self.output():
            if self.process.poll() is not None or time.time() > deadline:
                self.stop()
                raise RuntimeError(f"the boardgame.io server did not start: {self.output()[-500:]}")
            time.sleep(0.1)

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        from .processes import stop
        stop(self.process)


def bgio_matches(url: str, count: int, game: str = "pick", log_lines: int = 150,
                 seed: int = 1) -> list[dict]:
    """``count`` matches of ``game``, each player joined through the lobby
    API: {code: matchID, tokens: the seats' credentials, host: the host's}.

    pick: 6 players, 9 rounds, as the companion's pick rooms (renames only:
    the phase of play does not matter).  hoax, haiclue (bench/bgio/hoax.js,
    haiclue.js): 6 seats and the host (the player after the last seat), the
    games' default options as prepare_rooms creates the companion's rooms
    (no options), then played to mid-game by the server's own moves
    (bench/bgio/server.js ``advance``: random legal moves drawn as
    prepare_rooms draws them, the host's among them 2 % of the time) until
    the game's log holds ``log_lines`` entries or more with the game still
    running.  So both sides measure the same phase of play: past the
    start (HOAX's covers, Haiclue's first clues), every view carrying a
    full log tail (150 lines, companion/views.py and kit.LOG_IN_VIEW), the
    game going on.  A match whose game ends first is replaced by another."""
    import requests
    real = game != "pick"
    players = SEATS + 1 if real else SEATS
    setup = {} if real else {"rounds": 9}
    out = []
    with requests.Session() as http:
        attempts = 0
        while len(out) < count:
            attempts += 1
            if attempts > 3 * count + 10:
                raise RuntimeError(f"boardgame.io {game}: too many matches ended before mid-game")
            made = http.post(f"{url}/games/{game}/create", timeout=10,
                             json={"numPlayers": players, "setupData": setup})
            made.raise_for_status()
            match = made.json()["matchID"]
            tokens = []
            for seat in range(players):
                joined = http.post(f"{url}/games/{game}/{match}/join", timeout=10,
                                   json={"playerID": str(seat), "playerName": f"P{seat}"})
                joined.raise_for_status()
                tokens.append(joined.json()["playerCredentials"])
            if real:
                advanced = http.post(f"{url}/bench/advance/{game}/{match}", timeout=120,
                                     params={"log_lines": log_lines, "seed": seed * 100_000 + attempts})
                advanced.raise_for_status()
                answer = advanced.json()
                if answer.get("over"):
                    continue
                if "error" in answer:
                    raise RuntimeError(f"boardgame.io {game} match {match}: {answer['error']}")
            out.append({"code": match, "tokens": tokens[:SEATS],
                        "host": tokens[SEATS] if real else None})
    return out


#: boardgame.io's refusals, logged by its Master and reducer as "ERROR:": a
#: stale stateID (another move of the match came first), a move the game
#: refused or one not offered in the phase or after the game's end: not faults
BGIO_REFUSALS = ("invalid stateID", "invalid move:", "move not processed", "disallowed move",
                 "game over", "player not active")


def run_bgio(args, plan, cpus, tmp, delta=False, game="pick") -> list[dict]:
    """The boardgame.io reference under the plan's load: for pick renames,
    as the companion's pick rows send (bench/bgio/server.js says how the
    game matches pick); for hoax and haiclue the acting seat's legal move
    drawn from its own playerView's templates, as the companion's rows
    draw from their views, on matches at mid-game (bgio_matches)."""
    rooms_n, rate = plan
    server = BgioServer(tmp, delta)
    try:
        pin(server.process.pid, cpus.server(0))
        cpus.quota.place(server.process.pid)
        t = time.perf_counter()
        rooms = bgio_matches(server.url, rooms_n, game, args.log_lines, args.seed)
        if game != "pick":
            print(f"prepared {rooms_n} boardgame.io matches of {game} in "
                  f"{time.perf_counter() - t:.0f} s", flush=True)
        offset = len(server.output())   # the preparation's refusals are not the run's
        label = {"store": "bgio+delta" if delta else "bgio", "game": game, "rooms": rooms_n,
                 "plan_rate": rate, "processes": 1}
        rows = measure(args, label, [server.url], rooms, "rename" if game == "pick" else "game",
                       {"servers": [server.process.pid], "redis": None}, rate, cpus,
                       extra={"server": "bgio", "bgio_game": game, "table": False})
        lines = server.output()[offset:].splitlines()
        errors = sum(1 for line in lines if ("ERROR" in line or "Error:" in line)
                     and not any(refusal in line for refusal in BGIO_REFUSALS))
        for row in rows:
            row["errors"] = errors
        return rows
    finally:
        server.stop()
        cpus.quota.release()


def run_companion(args, plan, cpus, store_kind, store, game, rooms, tmp, redis_pid,
                  patches=False) -> list[dict]:
    from tests.servers import Server
    rooms_n, rate = plan
    count = 2 if store_kind == "redis2" else 1
    servers = []
    try:
        for i in range(count):
            # the SQLite path also names the server's log file (in our temp folder)
            servers.append(Server(db=store["db"] if not store["redis"] else
                                  os.path.join(tmp, f"redis-server-{i}.sqlite3"),
                                  redis_url=store["redis"], env=SERVER_ENV))
            pin(servers[-1].process.pid, cpus.server(i))
            cpus.quota.place(servers[-1].process.pid)
        label = {"store": store_kind + ("/p" if patches else ""), "game": game, "rooms": rooms_n,
                 "plan_rate": rate, "processes": count}
        pids = [s.process.pid for s in servers]
        profiler = Profiler(args.profile, f"{store_kind}-{game}-{rooms_n}x{rate:g}", pids,
                            args.profile_native)
        try:
            rows = measure(args, label, [s.url for s in servers], rooms[:rooms_n],
                           "rename" if game == "pick" else "game",
                           {"servers": pids, "redis": redis_pid}, rate, cpus, profiler.on_line,
                           extra={"patches": True} if patches else None)
        finally:
            profiler.stop()
        errors, first = server_trouble(servers)
        if errors:
            print(f"{errors} tracebacks in the server output; the first:\n{first}", flush=True)
        for row in rows:
            row["errors"] = errors
        return rows
    finally:
        time.sleep(1)   # let the servers see the sockets go
        for server in servers:
            server.stop()
        cpus.quota.release()
        if store["redis"]:
            forget_presence(store["redis"])


# --- report ----------------------------------------------------------------------

def fmt(value, spec=".1f", width=7) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return f"{'-':>{width}}"
    return f"{value:>{width}{spec}}"


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def key(row) -> tuple:
    return (row["store"], row["game"], row["rooms"], row["plan_rate"])


def echo_for(rows, row) -> dict | None:
    """Echo's row for the same rooms, rate and phase (else its first repetition)."""
    same = [echo for echo in rows if echo["store"] == "echo" and echo["rooms"] == row["rooms"]
            and echo["plan_rate"] == row["plan_rate"] and echo["kind"] == row["kind"]]
    return next((echo for echo in same if echo["name"] == row["name"]), same[0] if same else None)


def aggregate(rows: list[dict]) -> dict:
    """The median over repetitions of each (store, game, rooms, rate) in open loop."""
    groups: dict[tuple, list[dict]] = {}
    for row in rows:
        if row["kind"] == "open":
            groups.setdefault(key(row), []).append(row)
    out = {}
    for k, group in groups.items():
        out[k] = {"cpu": median([r["server_cpu_ms_per_action"] for r in group]),
                  "p99": median([r["view"].get("p99") for r in group]),
                  "dropped": sum(r["unacked"] + r["views_missing"] for r in group),
                  "reps": len(group)}
    return out


def ratio(a, b) -> str:
    if a is None or b is None or b == 0:
        return "    -"
    return f"{a / b:5.2f}"


def report(rows: list[dict], args, cpus) -> None:
    print()
    print("latency in ms from emit; view = the last of the room's phone sockets holds the new "
          "version; CPU = server process CPU time / acknowledged actions")
    wide = max([11] + [len(row["store"]) + 1 for row in rows])   # echo@stack+flags
    head = (f"{'store':<{wide}}{'game':<13}{'rooms':>5}{'rate':>6} {'phase':<10}{'sent':>6}{'ok':>6}"
            f"{'refus':>6}{'unack':>6}{'noview':>7}{'got/s':>7} |{'ack p99':>8} |{'view p50':>8}"
            f"{'p95':>7}{'p99':>7}{'max':>8} |{'CPU ms':>7}{'xecho':>6}{'p99x':>6}{'redis':>6} |"
            f"{'RSS/sock':>9}{'view B':>7}{'srv%':>5}{'drv%':>5}")
    print(head)
    print("-" * len(head))
    for row in rows:
        echo = echo_for(rows, row)
        cpu = row["server_cpu_ms_per_action"]
        print(f"{row['store']:<{wide}}{row['game']:<13}{row['rooms']:>5}{row['plan_rate']:>6g} "
              f"{row['name']:<10}{row['sent']:>6}{row['ok']:>6}{row['refused']:>6}"
              f"{row['unacked']:>6}{row['views_missing']:>7}{row['throughput']:>7.1f} |"
              f"{fmt(row['ack'].get('p99'), width=8)} |{fmt(row['view'].get('p50'), width=8)}"
              f"{fmt(row['view'].get('p95'))}{fmt(row['view'].get('p99'))}"
              f"{fmt(row['view'].get('max'), width=8)} |{fmt(cpu, '.2f')}"
              f"{ratio(cpu, echo and echo['server_cpu_ms_per_action']):>6}"
              f"{ratio(row['view'].get('p99'), echo and echo['view'].get('p99')):>6}"
              f"{fmt(row.get('redis_cpu_ms_per_action'), '.2f', 6)} |"
              f"{fmt(row['rss_per_socket_kib'], '.0f', 6)} KiB{fmt(row['view_bytes'], '.0f')}"
              f"{row['server_cpu_share'] * 100:>5.0f}{row['driver_cpu_share'] * 100:>5.0f}")
        notes = []
        if row["refused"]:
            notes.append("refused " + ", ".join(f"{c} {n}" for c, n in sorted(row["refused_by"].items())))
        if row.get("kinds") and row["game"] not in ("-", "pick"):
            notes.append("actions " + ", ".join(f"{k} {n}" for k, n in sorted(row["kinds"].items())))
        if row.get("resyncs") or row.get("patch_errors"):
            notes.append(f"{row.get('resyncs', 0)} resyncs, {row.get('patch_errors', 0)} patches "
                         "not applicable")
        if row["stale_views"]:
            notes.append(f"{row['stale_views']} views arrived after a newer one")
        if row["send_lag"].get("p99", 0) > 5:
            notes.append(f"driver behind schedule: send lag p99 {row['send_lag']['p99']:.0f} ms")
        if row["unacked"] or row["views_missing"]:
            notes.append(f"OVERLOADED or lost: {row['unacked']} unacknowledged and "
                         f"{row['views_missing']} without every view 5 s after the last send "
                         "(CPU per action is then not meaningful)")
        if row.get("errors"):
            notes.append(f"{row['errors']} tracebacks in the server output")
        if row.get("disconnects"):
            notes.append(f"{row['disconnects']} sockets dropped")
        if row.get("connect_refused"):
            notes.append(f"connections refused: {row['connect_refused']}")
        for note in notes:
            print(f"{'':30}{note}")
    targets(rows, cpus)


def targets(rows: list[dict], cpus) -> None:
    agg = aggregate(rows)
    print()
    print("targets of issue #16 (medians over repetitions; printed, not asserted)")
    print("  server CPU per action <= 1.5 x echo; p99 <= 2 x echo at 200x200/s and 500x100/s, "
          "nothing dropped:")
    for k, value in sorted(agg.items()):
        store, game, rooms_n, rate = k
        if store.startswith("echo"):
            continue
        echo = agg.get(("echo", "-", rooms_n, rate), {})
        line = (f"    {store:<11}{game:<13}{rooms_n:>4} x {rate:g}/s: CPU "
                f"{ratio(value['cpu'], echo.get('cpu'))} x echo")
        line += f", p99 {ratio(value['p99'], echo.get('p99'))} x echo"
        floor = agg.get(("rules", game, rooms_n, rate))
        if floor and store != "rules":
            line += f" (against rules: CPU {ratio(value['cpu'], floor['cpu'])} x)"
        padded = agg.get(("echo+pad", "-", rooms_n, rate))
        if padded:
            line += (f" (against echo+pad: CPU {ratio(value['cpu'], padded['cpu'])} x, "
                     f"p99 {ratio(value['p99'], padded['p99'])} x)")
        if (rooms_n, rate) in TARGET_PLANS:
            line += f", dropped {value['dropped']}"
        print(line)
    against_bgio(agg, rows)
    print("  Redis within 1.3 x SQLite (CPU per action, p99):")
    for k, value in sorted(agg.items()):
        store, game, rooms_n, rate = k
        if store not in ("redis", "redis2"):
            continue
        sqlite = agg.get(("sqlite", game, rooms_n, rate))
        if sqlite:
            print(f"    {store:<8}{game:<13}{rooms_n:>4} x {rate:g}/s: CPU "
                  f"{ratio(value['cpu'], sqlite['cpu'])}, p99 {ratio(value['p99'], sqlite['p99'])}")
    print("  two processes on Redis >= 1.8 x the throughput of one (closed loop):")
    closed = {key(r): r for r in rows if r["kind"] == "closed"}
    shown = False
    for k, two in sorted(closed.items()):
        if k[0] != "redis2":
            continue
        one = closed.get(("redis",) + k[1:])
        if one:
            shown = True
            print(f"    {k[1]:<13}{k[2]:>4} rooms: {two['throughput']:.0f}/s vs {one['throughput']:.0f}/s"
                  f" = {ratio(two['throughput'], one['throughput'])}")
    if not shown:
        print("    (run with --throughput SECONDS and stores redis,redis2)")
    elif cpus.quota.fraction is not None:
        print(f"    (each server process had {cpus.quota.fraction:g} of a core, by a cgroup quota)")
    elif len({frozenset(s or ()) for s in cpus.servers}) < 2:
        print("    (both server processes share the same CPUs here: this ratio cannot exceed 1;"
              " --cpu-quota gives each its own share)")
    print("  5,000 idle sockets: python -m bench.idle")


def against_bgio(agg: dict, rows: list[dict]) -> None:
    """Every row against the boardgame.io reference of the same run, game and plan:
    CPU per action, p99, bytes per pushed view and the server's RSS with every room
    and socket connected before the load (medians over repetitions)."""
    refs = {k[1:]: (k, v) for k, v in agg.items() if k[0] == "bgio"}
    if not refs:
        return
    sizes: dict[tuple, list] = {}
    idle: dict[tuple, list] = {}
    for row in rows:
        if row["kind"] == "open":
            sizes.setdefault(key(row), []).append(row["view_bytes"])
            idle.setdefault(key(row), []).append(row["idle_rss_mib"])
    print("  against boardgame.io 0.50 (bench/bgio, the same driver and plan):")
    for k, value in sorted(agg.items()):
        ref_key, ref = refs.get(k[1:], (None, None))
        if not ref or k[0] == "bgio":
            continue
        size, ref_size = median(sizes.get(k, [])), median(sizes.get(ref_key, []))
        print(f"    {k[0]:<11}{k[1]:<13}{k[2]:>4} x {k[3]:g}/s: CPU {ratio(value['cpu'], ref['cpu'])}"
              f" x bgio, p99 {ratio(value['p99'], ref['p99'])} x, bytes per push "
              f"{ratio(size, ref_size)} x, idle RSS {fmt(median(idle.get(k, [])), '.0f', 0)} MiB "
              f"against {fmt(median(idle.get(ref_key, [])), '.0f', 0)} MiB")


# --- main --------------------------------------------------------------------------

def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plan", default=None,
                        help=f"rooms:rate pairs (total actions/s), default {DEFAULT_PLAN}")
    parser.add_argument("--seconds", type=float, default=None, help="seconds per phase (30)")
    parser.add_argument("--reps", type=int, default=1, help="repetitions of each phase (1; 3 for figures)")
    parser.add_argument("--stores", default="sqlite,redis,redis2",
                        help="sqlite, redis (one process), redis2 (two processes, one Redis)")
    parser.add_argument("--games", default=None,
                        help="games to run (default: pick and every shipped game)")
    parser.add_argument("--throughput", type=float, default=0,
                        help="also a closed-loop phase of this many seconds (max throughput)")
    parser.add_argument("--log-lines", type=int, default=150, help="log lines before measuring (150)")
    parser.add_argument("--table", action="store_true",
                        help="a 7th socket per room with the host token (the tablet); it may "
                        "send host actions (close, rematch)")
    parser.add_argument("--split", choices=["socket", "room"], default="room",
                        help="two processes: keep a room on one process, as the routing proxy "
                        "does (room, default), or spread each room's sockets over both (socket)")
    parser.add_argument("--langs", default="en", help="languages cycled over the seats (en)")
    parser.add_argument("--echo-collector", choices=["companion", "default"], default="companion",
                        help="echo's garbage collector: as `companion serve` keeps it (default) "
                             "or Python's defaults (bench/echo.py)")
    parser.add_argument("--echo-pad", type=int, default=0,
                        help="also run echo+pad: echo whose views carry this many filler bytes "
                        "(as large as the companion's views), beside the plain echo")
    parser.add_argument("--no-echo", action="store_true", help="skip the bare stack")
    parser.add_argument("--bgio", action="store_true",
                        help="also run the reference: boardgame.io 0.50 (bench/bgio, installed "
                        "on demand with npm ci) on each of --games it serves (pick: renames as "
                        "the pick rows send; hoax, haiclue: legal moves from its playerView, "
                        "matches at mid-game)")
    parser.add_argument("--bgio-delta", action="store_true",
                        help="also run boardgame.io with the game's deltaState (patches); on "
                        "hoax and haiclue its RFC 6902 diff of two views (rfc6902's array diff "
                        "over the 150-line log tail) takes ~0.36 s each, so it is overloaded "
                        "at any rate of the plan")
    parser.add_argument("--patches", nargs="?", const="on", choices=["on", "both"], default=None,
                        help="the companion's sockets opt in to JSON-patch pushes (rows "
                        "labelled STORE/p); `both`: each companion row with and without")
    parser.add_argument("--echo-stacks", default="gevent",
                        help="echo also set so, a row each (echo@NAME), beside the plain "
                        "one: gevent (pywsgi + simple-websocket, as `companion serve`) "
                        "optionally +orjson (the companion's packets) and +nodeflate (no "
                        "permessage-deflate, as the companion); default gevent.  Other "
                        "stacks (gevent-websocket, uWSGI) were measured and dropped: "
                        "docs/SCALING.md")
    parser.add_argument("--floor", action="store_true",
                        help="also run `rules` per game: the bare stack with only the game's own "
                             "work on rooms in memory (needs the sqlite store in the run)")
    parser.add_argument("--interleave", action="store_true",
                        help="repetitions in rounds: every server once per round, echo first, "
                             "each against echo's repetition of its own round (restarts every "
                             "server each round)")
    parser.add_argument("--driver-cpus", default="", help="CPU of the driver (default: the first)")
    parser.add_argument("--server-cpus", default="",
                        help="CPUs of the server processes, one per process: '1,2' (default: "
                        "the second and third)")
    parser.add_argument("--redis-cpus", default="",
                        help="CPU of redis-server (default: the fourth, else the first server's)")
    parser.add_argument("--no-pin", action="store_true", help="do not pin anything")
    parser.add_argument("--cpu-quota", type=float, default=None, metavar="F",
                        help="each server process limited to F of one core by a cgroup of its "
                        "own (as a container's --cpus=F), so that two workers get twice one's "
                        "CPU on a machine with too few cores; keep the plan's rates low")
    parser.add_argument("--prep-workers", type=int, default=2,
                        help="processes playing rooms to mid-game (2)")
    parser.add_argument("--profile", default=None, metavar="DIR",
                        help="record each server with py-spy during the measured phases "
                        "(collapsed stacks in DIR) and print its hot spots; py-spy's own "
                        "CPU then disturbs the figures")
    parser.add_argument("--profile-native", action="store_true",
                        help="with --profile: native frames too (py-spy --native)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None, help="also write every result to this file")
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: --plan 20:20 --seconds 5 unless given")
    args = parser.parse_args(argv)
    args.plan = args.plan or ("20:20" if args.quick else DEFAULT_PLAN)
    args.seconds = args.seconds or (5.0 if args.quick else 30.0)
    try:
        args.plans = [(int(r), float(q)) for r, q in (p.split(":") for p in args.plan.split(","))]
    except ValueError:
        parser.error("--plan is rooms:rate[,rooms:rate...]")
    args.store_list = [s.strip() for s in args.stores.split(",") if s.strip()]
    if any(s not in ("sqlite", "redis", "redis2") for s in args.store_list):
        parser.error("--stores: sqlite, redis, redis2")
    if not all(1 <= r <= 1000 and 0 < q <= 2000 for r, q in args.plans) \
            or not 1 <= args.seconds <= 300 or not 1 <= args.reps <= 5 or args.throughput > 120:
        parser.error("rooms 1..1000, rates up to 2000/s, seconds 1..300, reps 1..5, "
                     "throughput up to 120 s")
    args.echo_variants = [v.strip() for v in args.echo_stacks.split(",")
                          if v.strip() and v.strip() != "gevent"]
    for variant in args.echo_variants:
        stack, *flags = variant.split("+")
        if stack != "gevent" or not set(flags) <= {"orjson", "nodeflate"}:
            parser.error("--echo-stacks: gevent, optionally +orjson, +nodeflate")
    if args.cpu_quota is not None and not 0.05 <= args.cpu_quota <= 1:
        parser.error("--cpu-quota is a fraction of one core, 0.05..1")
    return args


def run_all(runs, plan, args, failures: list[str]) -> list[dict]:
    """Runs every server of one plan: each with all its repetitions, or with
    ``--interleave`` in rounds of one repetition each (echo first in every
    round, rows renamed "rep N" by round), so that the machine's drift over
    minutes moves echo and the others alike."""
    rows: list[dict] = []
    rounds = range(args.reps) if args.interleave else [None]
    full = (args.reps, args.throughput)
    for number in rounds:
        if number is not None:   # one repetition; the closed loop in the first round only
            args.reps, args.throughput = 1, full[1] if number == 0 else 0
        for name, run in runs:
            print(f"run: {name}, {plan[0]} rooms at {plan[1]:g}/s"
                  + (f", round {number + 1}" if number is not None else ""), flush=True)
            try:
                got = run()
            except Exception as error:   # noqa: BLE001 -- reported; the others go on
                failures.append(f"{name} {plan[0]}x{plan[1]:g}: {str(error)[-2000:]}")
                print(f"run failed: {failures[-1]}", flush=True)
                continue
            for row in got:
                if number is not None and row["name"] == "rep 1":
                    row["name"] = f"rep {number + 1}"
            rows += got
    args.reps, args.throughput = full
    first: dict[tuple, int] = {}   # each server's rows together, its rounds in order
    for row in rows:
        first.setdefault(key(row), len(first))
    return sorted(rows, key=lambda row: first[key(row)])


def main(argv=None) -> None:
    args = parse_args(argv)
    from companion import games
    # shipped() also holds COMPANION_EXTRA_GAMES (the test game "pick")
    names = ["pick"] + sorted(set(games.shipped()) - {"pick"})
    game_list = [g.strip() for g in args.games.split(",")] if args.games else names
    unknown = [g for g in game_list if g not in names]
    if unknown:
        raise SystemExit(f"unknown games {unknown}; known: {names}")
    most = max(r for r, _ in args.plans)
    raise_file_limit(most * (SEATS + 1) * 2 + 256)
    cpus = Cpus(args, args.cpu_quota)
    redis_needed = any(s.startswith("redis") for s in args.store_list)
    if redis_needed and not shutil.which("redis-server"):
        raise SystemExit("redis-server is not on PATH (drop redis stores with --stores sqlite)")
    print(f"load: plan {args.plan} (rooms:actions/s), {args.seconds:g} s x {args.reps}, "
          f"stores {args.store_list}, games {game_list}; {os.cpu_count()} cores, "
          f"{cpus.describe()}; load average {os.getloadavg()[0]:.1f}; "
          f"{time.strftime('%Y-%m-%d %H:%M')}", flush=True)
    rows: list[dict] = []
    failures: list[str] = []
    redis = None
    bgio_runs = [False] * args.bgio + [True] * args.bgio_delta
    trouble = bgio_runs and bgio_installed()
    if trouble:
        print(f"boardgame.io left out: {trouble}", flush=True)
        bgio_runs = []
    with tempfile.TemporaryDirectory(prefix="companion-load-") as tmp:
        try:
            stores = {}
            if "sqlite" in args.store_list:
                stores["sqlite"] = {"db": os.path.join(tmp, "rooms.sqlite3"), "redis": None}
            if redis_needed:
                redis = Redis(tmp)
                pin(redis.process.pid, cpus.redis)
                for kind in ("redis", "redis2"):
                    if kind in args.store_list:
                        stores[kind] = {"db": None, "redis": redis.url}
            prepared: dict[tuple, list[dict]] = {}
            for kind, store in stores.items():
                backend = "redis" if store["redis"] else "sqlite"
                for game in game_list:
                    if (backend, game) not in prepared:
                        t = time.perf_counter()
                        prepared[(backend, game)] = prepare_all(store, game, most, args.log_lines,
                                                                max(1, args.prep_workers))
                        print(f"prepared {most} rooms of {game} on {backend} in "
                              f"{time.perf_counter() - t:.0f} s", flush=True)
            for plan in args.plans:
                runs = []
                if not args.no_echo:
                    runs.append(("echo", lambda plan=plan: run_echo(args, plan, cpus)))
                    for variant in args.echo_variants:
                        runs.append((f"echo@{variant}", lambda plan=plan, variant=variant:
                                     run_echo(args, plan, cpus, variant=variant)))
                    if args.echo_pad:
                        runs.append(("echo+pad", lambda plan=plan: run_echo(
                            args, plan, cpus, pad=args.echo_pad)))
                    if redis_needed:
                        runs.append(("echo+redis",
                                     lambda plan=plan: run_echo(args, plan, cpus, redis.url)))
                if args.floor and "sqlite" not in stores and plan == args.plans[0]:
                    print("--floor reads the prepared SQLite rooms: add sqlite to --stores",
                          flush=True)
                if args.floor and "sqlite" in stores:
                    for game in game_list:
                        runs.append((f"rules {game}", lambda plan=plan, game=game: run_floor(
                            args, plan, cpus, game, stores["sqlite"]["db"],
                            prepared[("sqlite", game)])))
                for game in game_list:
                    if game not in BGIO_GAMES:
                        continue
                    for delta in bgio_runs:
                        runs.append((f"{'bgio+delta' if delta else 'bgio'} {game}",
                                     lambda plan=plan, delta=delta, game=game:
                                     run_bgio(args, plan, cpus, tmp, delta, game)))
                patch_modes = {None: [False], "on": [True], "both": [False, True]}[args.patches]
                for kind, store in stores.items():
                    backend = "redis" if store["redis"] else "sqlite"
                    redis_pid = redis.process.pid if redis and store["redis"] else None
                    for game in game_list:
                        for patches in patch_modes:
                            runs.append((f"{kind}{'/p' if patches else ''} {game}",
                                         lambda plan=plan, kind=kind, store=store, game=game,
                                         rooms=prepared[(backend, game)], pid=redis_pid,
                                         patches=patches:
                                         run_companion(args, plan, cpus, kind, store, game, rooms,
                                                       tmp, pid, patches)))
                rows += run_all(runs, plan, args, failures)
        finally:
            if redis:
                redis.stop()
    report(rows, args, cpus)
    for failure in failures:
        print(f"FAILED: {failure}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    main()
