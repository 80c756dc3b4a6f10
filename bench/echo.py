#!/usr/bin/env python
"""The bare stack: a plain python-socketio server with the companion's async
stack, for the benchmarks to compare against (bench/load.py, bench/idle.py).

gevent's pywsgi on a listening socket with TCP_NODELAY, websockets through
simple-websocket, as `companion serve` does.  A socket
connects with auth {room, token}; `action` bumps the room's version, emits a
small `view` to each of the room's sockets one sid at a time (the companion
pushes one personalised view per sid) and acknowledges with
{"ok": true, "view": {...}}.  Nothing is stored and nothing is checked.

    python -m bench.echo PORT [--redis URL] [--pad BYTES] [--rules DB] [--no-nodelay]
                              [--collector default] [--packets orjson] [--no-deflate]

--redis: python-socketio's RedisManager as the message queue (what the
companion runs with REDIS_URL: every emit is also published to Redis).
--pad: every view (and the acknowledged view) carries BYTES of filler, to
compare with the companion's view size.
--rules: the floor of a real game on this stack ("rules" in load.py): the
rooms prepared in the SQLite file DB (bench/load.py prepare_rooms) are read
once into memory, and each action runs only what no referee of that game can
leave out: the game's own check (its templates, and ``why_not`` for a
refusal), its ``apply`` on the state in memory, its views and templates for
every socket of the room, each view sent with the companion's view shape
(no log lines, no store, no undo, no presence: the platform's whole cost is
what the companion adds to this), written as the companion writes packets
(its packet class: orjson, no walk for binary data).  A socket gets its
view on connect, as the companion pushes it.
--packets orjson: the companion's packet class.  --no-deflate: the browser's permessage-deflate offer dropped, as the
companion's app drops it (the plain echo deflates every view).
--collector: `companion` (default) keeps the garbage collector as `companion
serve` does (companion/cli.py: young threshold 2,000, whatever lives a
second frozen, gevent without spawning stacks); with Python's defaults
(`default`) a full collection with 3,000 sockets stops this server for
100-300 ms at random moments, which is the stack's, not the referee's.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .processes import free_port, stop

ROOT = Path(__file__).resolve().parent.parent


def serve(port: int, redis_url: str | None = None, pad: int = 0, nodelay: bool = True,
          collector: str = "companion", rules: str | None = None,
          packets: str = "default", deflate: bool = True) -> None:
    import gevent
    from gevent import monkey
    if collector == "companion":
        gevent.config.track_greenlet_tree = False   # as companion/cli.py main
    monkey.patch_all()
    import signal

    from gevent import pywsgi
    from gevent import socket as gsocket
    sio, app = build_app(redis_url, pad, rules, packets, "gevent", deflate)
    listener = gsocket.socket()
    listener.setsockopt(gsocket.SOL_SOCKET, gsocket.SO_REUSEADDR, 1)
    if nodelay:   # accepted sockets inherit TCP_NODELAY (Linux), as in `companion serve`
        listener.setsockopt(gsocket.IPPROTO_TCP, gsocket.TCP_NODELAY, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(1024)
    if collector == "companion":
        keep_companion_collector(sio)
    server = pywsgi.WSGIServer(listener, app, log=None)
    signal.signal(signal.SIGTERM, lambda *a: server.stop(timeout=1))
    server.serve_forever()


def keep_companion_collector(sio) -> None:
    """The collector as `companion serve` keeps it."""
    from companion.cli import keep_collector, settle_collector
    settle_collector()
    keep_collector(sio)


def build_app(redis_url: str | None, pad: int, rules: str | None, packets: str,
              async_mode: str, deflate: bool = True):
    """The python-socketio server with the echo (or --rules) handlers, and
    the WSGI app with /healthz in front of it; without ``deflate`` the
    browser's offer of permessage-deflate is dropped, as the companion's
    app does (companion/transport/compression.py)."""
    import socketio

    from companion.app import PING_INTERVAL, PING_TIMEOUT   # the companion's pings: a like-for-like floor
    manager = socketio.RedisManager(redis_url) if redis_url else None
    serializer = {}
    # the companion's packets: orjson, no walk of every view for binary data
    if rules or packets == "orjson":
        from companion.transport.guard import CheckedPacket
        serializer = {"serializer": CheckedPacket}
    sio = socketio.Server(async_mode=async_mode, cors_allowed_origins=[], client_manager=manager,
                          max_http_buffer_size=64 * 1024,
                          ping_interval=PING_INTERVAL, ping_timeout=PING_TIMEOUT,
                          **serializer)
    if rules:
        FloorRooms(rules).register(sio)
    else:
        register_echo(sio, pad)
    sio_app = socketio.WSGIApp(sio)

    def app(environ, start_response):
        if not deflate:
            environ.pop("HTTP_SEC_WEBSOCKET_EXTENSIONS", None)
        if environ.get("PATH_INFO") == "/healthz":
            start_response("200 OK", [("Content-Type", "application/json")])
            return [b'{"ok": true}']
        return sio_app(environ, start_response)

    return sio, app


def register_echo(sio, pad: int) -> None:
    import socketio
    members: dict[str, dict[str, object]] = {}   # room -> {sid: token}
    versions: dict[str, int] = {}
    sessions: dict[str, tuple[str, object]] = {}
    filler = "x" * pad

    @sio.on("connect")
    def on_connect(sid, environ, auth=None):
        auth = auth if isinstance(auth, dict) else {}
        room = auth.get("room")
        if not isinstance(room, str):
            raise socketio.exceptions.ConnectionRefusedError("no room")
        sessions[sid] = (room, auth.get("token"))
        members.setdefault(room, {})[sid] = auth.get("token")
        versions.setdefault(room, 0)

    @sio.on("disconnect")
    def on_disconnect(sid, *args):
        room, _ = sessions.pop(sid, (None, None))
        if room:
            members.get(room, {}).pop(sid, None)

    @sio.on("action")
    def on_action(sid, body=None):
        room, token = sessions[sid]
        versions[room] += 1
        version = versions[room]
        for other, who in list(members[room].items()):
            sio.emit("view", {"room": room, "version": version, "you": {"seat": who},
                              "last": body, "pad": filler}, to=other)
        return {"ok": True, "view": {"room": room, "version": version, "you": {"seat": token},
                                     "pad": filler}}


class FloorRooms:
    """The floor of a real game on this stack (``--rules``): the prepared
    rooms in memory, and per action only the game's own work (``act``)
    and one view per audience (``views``), which ``register`` sends to
    every socket (see the module's docstring).  bench/action_cost.py
    --floor runs the same ``act`` and ``views`` without sockets."""

    def __init__(self, db: str):
        import sqlite3

        from companion import games, rooms
        from companion.games.base import HOST, Illegal, match_action, template
        from companion.gameplay import game_rng
        self.games, self.rooms_module, self.HOST = games, rooms, HOST
        self.Illegal, self.match_action, self.game_rng = Illegal, match_action, game_rng
        self.rename = template("rename", name={"kind": "text", "min": 1, "max": rooms.NAME_MAX})
        connection = sqlite3.connect(db)
        self.rooms = {code: rooms.decode(body) for code, body in
                      connection.execute("SELECT code, body FROM rooms")}
        connection.close()
        self.sessions: dict[str, tuple[str, object]] = {}   # sid -> (code, seat or HOST)
        self.members: dict[str, dict[str, object]] = {}     # code -> {sid: seat or HOST}

    def act(self, room: dict, who, action) -> str | None:
        """Checks and applies ``action`` of seat ``who`` (or HOST) in place;
        the refusal's code, or None when applied (a rename included)."""
        game, state = self.games.get(room["game"]), room["state"]
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            return "bad_json"
        if action["type"] == "rename" and who != self.HOST:
            entry = self.rooms_module.find_seat(room, who)
            entry["name"] = str(action.get("name"))[:self.rooms_module.NAME_MAX]
        else:
            templates = game.host_actions(state) if who == self.HOST else game.actions(state, who)
            if self.match_action(templates, action)[0] is None:
                refusal = game.why_not(state, who, action)
                return refusal.code if refusal else "?"
            try:
                room["state"], _ = game.apply(state, who, action, self.game_rng(room))
            except self.Illegal as refusal:
                return refusal.code
            room["moves"] += 1
            if game.winners(room["state"]) is not None:
                room["status"] = "finished"
        room["version"] += 1
        return None

    def views(self, room: dict, audiences: set) -> dict:
        """The view of each audience (a seat or HOST), in the companion's
        view shape: the game's views and templates, no log and no evening."""
        game, state = self.games.get(room["game"]), room["state"]
        game_views = game.views(state, [None if who == self.HOST else who for who in audiences])
        game_views[self.HOST] = game_views.get(None)
        scores = game.scores(state)
        names = {entry["seat"]: entry["name"] for entry in room["seats"]}
        low, high = game.player_range(room["options"])
        seats = [{"seat": s, "name": names[s], "connected": True, "score": scores.get(s, 0)}
                 for s in room["order"]]
        out = {}
        for who in audiences:
            if who == self.HOST:
                you, actions = {"seat": None, "host": True}, game.host_actions(state)
            else:
                you = {"seat": who, "name": names[who], "host": False,
                       **(game_views[who]["you"] or {})}
                actions = game.actions(state, who) + [self.rename]
            out[who] = {
                "room": room["code"], "game": room["game"], "version": room["version"],
                "status": room["status"], "seats": seats, "you": you,
                "public": game_views[who]["public"], "actions": actions, "log": [],
                "log_tail": True, "winners": room["winners"],
                "evening": {"games": [], "wins": {}}, "title": room["game"],
                "game_no": room["game_no"], "ended_by_host": False, "points": [],
                "options": room["options"], "players": {"min": low, "max": high},
                "lang": "en", "log_changed": []}
        return out

    def register(self, sio) -> None:
        import socketio

        def push(code: str) -> dict:
            room, members = self.rooms[code], self.members.get(code, {})
            built = self.views(room, set(members.values()))
            for sid, who in list(members.items()):
                sio.emit("view", built[who], to=sid)
            return built

        @sio.on("connect")
        def on_connect(sid, environ, auth=None):
            helpers = self.rooms_module   # companion.rooms
            auth = auth if isinstance(auth, dict) else {}
            room = self.rooms.get(auth.get("room"))
            digest = helpers.token_hash(auth.get("token") or "")
            entry = room and helpers.seat_by_digest(room, digest)
            who = (self.HOST if room and helpers.is_host_digest(room, digest)
                   else entry and entry["seat"])
            if who is None:
                raise socketio.exceptions.ConnectionRefusedError({"code": "bad_token"})
            self.sessions[sid] = (room["code"], who)
            self.members.setdefault(room["code"], {})[sid] = who
            sio.emit("view", self.views(room, {who})[who], to=sid)

        @sio.on("disconnect")
        def on_disconnect(sid, *args):
            code, _ = self.sessions.pop(sid, (None, None))
            self.members.get(code, {}).pop(sid, None)

        @sio.on("action")
        def on_action(sid, action=None):
            code, who = self.sessions[sid]
            refusal = self.act(self.rooms[code], who, action)
            if refusal is not None:
                return {"ok": False, "error": {"code": refusal}}
            return {"ok": True, "view": push(code)[who]}


class EchoServer:
    """The echo server as a subprocess on a free port."""

    def __init__(self, redis_url: str | None = None, pad: int = 0, nodelay: bool = True,
                 collector: str = "companion", rules: str | None = None,
                 packets: str = "default", deflate: bool = True):
        import requests
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        options = {"redis_url": redis_url, "pad": pad, "nodelay": nodelay, "collector": collector,
                   "rules": rules, "packets": packets, "deflate": deflate}
        args = [sys.executable, "-m", "bench.echo", str(self.port), "--json", json.dumps(options)]
        # the server's output, for the reason when it dies; open while it runs
        self.output = tempfile.TemporaryFile()   # noqa: SIM115 -- closed in stop()
        self.process = subprocess.Popen(args, cwd=ROOT, stdout=self.output,
                                        stderr=subprocess.STDOUT)
        self.wait_healthy(requests)

    def wait_healthy(self, requests) -> None:
        deadline = time.time() + 20
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"echo server died: {self.tail()}")
            try:
                if requests.get(self.url + "/healthz", timeout=1).ok:
                    return
            except requests.RequestException:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"echo server did not start: {self.tail()}")

    def tail(self) -> str:
        self.output.seek(0)
        return self.output.read().decode(errors="replace")[-2000:]

    def stop(self) -> None:
        stop(self.process)
        self.output.close()


def main(argv: list[str]) -> None:
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("port", type=int)
    parser.add_argument("--redis", default=None, help="message queue URL (RedisManager)")
    parser.add_argument("--pad", type=int, default=0, help="filler bytes in every view")
    parser.add_argument("--rules", default=None,
                        help="the floor of a real game: its rooms from this prepared SQLite file")
    parser.add_argument("--no-nodelay", action="store_true", help="leave Nagle on")
    parser.add_argument("--collector", choices=["companion", "default"], default="companion",
                        help="the garbage collector as `companion serve` keeps it (young "
                             "threshold 2,000, what lives a second frozen), or Python's defaults")
    parser.add_argument("--packets", choices=["default", "orjson"], default="default",
                        help="python-socketio's packets (json) or the companion's (orjson)")
    parser.add_argument("--no-deflate", action="store_true",
                        help="drop the browser's offer of permessage-deflate, as the companion does")
    parser.add_argument("--json", default=None, help="all of the above as EchoServer's JSON")
    args = parser.parse_args(argv)
    if args.json:
        options = json.loads(args.json)
    else:
        options = {"redis_url": args.redis, "pad": args.pad, "nodelay": not args.no_nodelay,
                   "collector": args.collector, "rules": args.rules,
                   "packets": args.packets, "deflate": not args.no_deflate}
    options["pad"] = max(0, min(options["pad"], 1_000_000))
    serve(args.port, **options)


if __name__ == "__main__":
    main(sys.argv[1:])
