#!/usr/bin/env python
"""The bare stack: a plain python-socketio server with the companion's async
stack, for the benchmarks to compare against (bench/load.py, bench/fanout.py).

gevent's pywsgi on a listening socket with TCP_NODELAY, as `companion serve`
does (websockets through simple-websocket, or gevent-websocket's handler where
that is installed, as Flask-SocketIO's socketio.run would pick).  A socket
connects with auth {room, token}; `action` bumps the room's version, emits a
small `view` to each of the room's sockets one sid at a time (the companion
pushes one personalised view per sid) and acknowledges with
{"ok": true, "view": {...}}.  Nothing is stored and nothing is checked.

    python bench/echo.py PORT [--redis URL] [--pad BYTES] [--no-nodelay] [--collector default]

--redis: python-socketio's RedisManager as the message queue (what the
companion runs with REDIS_URL: every emit is also published to Redis).
--pad: every view (and the acknowledged view) carries BYTES of filler, to
compare with the companion's view size.
--collector: `companion` (default) keeps the garbage collector as `companion
serve` does (companion/cli.py: young threshold 2,000, whatever lives a
second frozen, gevent without spawning stacks); with Python's defaults
(`default`) a full collection with 3,000 sockets stops this server for
100-300 ms at random moments, which is the stack's, not the referee's.
"""
from __future__ import annotations

import os
import sys

# bench/concurrent.py would shadow the standard library's `concurrent`
# package: drop this folder from the import path before anything else.
sys.path[:] = [p for p in sys.path
               if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import socket
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def serve(port: int, redis_url: str | None = None, pad: int = 0, nodelay: bool = True,
          collector: str = "companion") -> None:
    import gevent
    from gevent import monkey
    if collector == "companion":
        gevent.config.track_greenlet_tree = False   # as companion/cli.py main
    monkey.patch_all()
    import signal

    import socketio
    from gevent import pywsgi
    from gevent import socket as gsocket
    try:
        from geventwebsocket.handler import WebSocketHandler
        handler = {"handler_class": WebSocketHandler}
    except ImportError:          # simple-websocket then, as Flask-SocketIO does
        handler = {}

    manager = socketio.RedisManager(redis_url) if redis_url else None
    sio = socketio.Server(async_mode="gevent", cors_allowed_origins=[], client_manager=manager,
                          max_http_buffer_size=64 * 1024, ping_interval=10, ping_timeout=20)
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

    sio_app = socketio.WSGIApp(sio)

    def app(environ, start_response):
        if environ.get("PATH_INFO") == "/healthz":
            start_response("200 OK", [("Content-Type", "application/json")])
            return [b'{"ok": true}']
        return sio_app(environ, start_response)

    listener = gsocket.socket()
    listener.setsockopt(gsocket.SOL_SOCKET, gsocket.SO_REUSEADDR, 1)
    if nodelay:   # accepted sockets inherit TCP_NODELAY (Linux), as in `companion serve`
        listener.setsockopt(gsocket.IPPROTO_TCP, gsocket.TCP_NODELAY, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(1024)
    if collector == "companion":   # the collector as `companion serve` keeps it
        sys.path.insert(0, str(ROOT))
        from companion.cli import keep_collector, settle_collector
        settle_collector()
        keep_collector(sio)
    server = pywsgi.WSGIServer(listener, app, log=None, **handler)
    signal.signal(signal.SIGTERM, lambda *a: server.stop(timeout=1))
    server.serve_forever()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class EchoServer:
    """The echo server as a subprocess on a free port."""

    def __init__(self, redis_url: str | None = None, pad: int = 0, nodelay: bool = True,
                 collector: str = "companion"):
        import requests
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        args = [sys.executable, os.path.abspath(__file__), str(self.port), "--pad", str(pad),
                "--collector", collector]
        if redis_url:
            args += ["--redis", redis_url]
        if not nodelay:
            args.append("--no-nodelay")
        self.process = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        deadline = time.time() + 20
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("echo server died")
            try:
                if requests.get(self.url + "/healthz", timeout=1).ok:
                    return
            except requests.RequestException:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("echo server did not start")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def main(argv: list[str]) -> None:
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("port", type=int)
    parser.add_argument("--redis", default=None, help="message queue URL (RedisManager)")
    parser.add_argument("--pad", type=int, default=0, help="filler bytes in every view")
    parser.add_argument("--no-nodelay", action="store_true", help="leave Nagle on")
    parser.add_argument("--collector", choices=["companion", "default"], default="companion",
                        help="the garbage collector as `companion serve` keeps it (young "
                             "threshold 2,000, what lives a second frozen), or Python's defaults")
    args = parser.parse_args(argv)
    serve(args.port, args.redis, max(0, min(args.pad, 1_000_000)), not args.no_nodelay,
          args.collector)


if __name__ == "__main__":
    main(sys.argv[1:])
