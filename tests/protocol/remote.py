"""Helpers for tests that drive real server processes: a room over HTTP
(``Remote``), a Socket.IO client that collects its views (``Sock``), and
stopping a server with a signal."""
from __future__ import annotations

import queue
import subprocess
import time

import requests
import socketio

from tests.servers import Server


class Remote:
    """One room driven over a server's HTTP API with requests."""

    def __init__(self, url: str, code: str | None = None, host: str | None = None):
        self.url, self.code, self.host = url, code, host
        self.tokens: dict[int, str] = {}

    def create(self, game="pick", options=None):
        answer = requests.post(f"{self.url}/api/rooms", json={"game": game, "options": options or {}},
                               timeout=10)
        assert answer.status_code == 201, answer.text
        self.code, self.host = answer.json()["code"], answer.json()["host_token"]
        return answer.json()

    def join(self, name, url=None):
        answer = requests.post(f"{url or self.url}/api/rooms/{self.code}/seats", json={"name": name},
                               timeout=10)
        assert answer.status_code == 201, answer.text
        self.tokens[answer.json()["seat"]] = answer.json()["token"]
        return answer.json()["seat"]

    def act(self, token, url=None, **action):
        return requests.post(f"{url or self.url}/api/rooms/{self.code}/actions", json=action,
                             headers={"Authorization": f"Bearer {token}"}, timeout=10)

    def ok(self, token, url=None, **action):
        answer = self.act(token, url, **action)
        assert answer.status_code == 200, answer.text
        assert answer.json()["ok"] is True
        return answer.json()["view"]

    def view(self, token=None, url=None, lang=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        params = {"lang": lang} if lang else {}
        answer = requests.get(f"{url or self.url}/api/rooms/{self.code}", headers=headers,
                              params=params, timeout=10)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def everything(self):
        """Every view of the room (table, host, each seat, both languages),
        its URLs and its QR code."""
        out = {}
        for lang in ("en", "de"):
            out[f"table/{lang}"] = self.view(lang=lang)
            out[f"host/{lang}"] = self.view(self.host, lang=lang)
            for seat, token in self.tokens.items():
                out[f"seat{seat}/{lang}"] = self.view(token, lang=lang)
        out["urls"] = requests.get(f"{self.url}/api/rooms/{self.code}/urls", timeout=10).json()
        out["qr"] = requests.get(f"{self.url}/api/rooms/{self.code}/qr.svg", timeout=10).text
        return out


class Sock:
    """A python-socketio client that collects the `view` events it gets;
    with ``patches`` it asks for patch events and collects the views it
    holds after each, as the pages do (socket.js ``patchedViews``): a patch
    applies only to the document of seq ``base``, else it asks ``resync``."""

    def __init__(self, url, code, token=None, transports=None, patches=False):
        self.views: queue.Queue = queue.Queue()
        self.client = socketio.Client(reconnection=False)
        self.held: dict = {"doc": None, "seq": None}
        self.resyncs = 0
        self.client.on("view", self.whole)
        self.client.on("patch", self.patch)
        auth = {"room": code, "token": token}
        if patches:
            auth["patches"] = True
        self.client.connect(url, auth=auth, transports=transports, wait_timeout=10)

    def whole(self, view):
        self.held.update(doc=None, seq=None)   # no base for the next patch
        self.views.put(view)

    def patch(self, body):
        from companion import json_patch
        try:
            self.views.put(json_patch.follow(self.held, body))
        except ValueError:
            self.held.update(doc=None, seq=None)
            self.resyncs += 1
            self.client.emit("resync")

    def wait(self, predicate, timeout=10.0):
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            left = deadline - time.monotonic()
            try:
                view = self.views.get(timeout=max(left, 0.01))
            except queue.Empty:
                raise AssertionError(f"no matching view within {timeout} s; got "
                                     f"{[(v['version'], v['status']) for v in seen]}") from None
            seen.append(view)
            if predicate(view):
                return view

    def close(self):
        try:
            self.client.disconnect()
        except Exception:   # the server may be gone already
            pass


def stop(server: Server, sig, timeout=5.0) -> tuple[int, float]:
    """Sends ``sig`` and waits at most ``timeout`` seconds: (exit code, seconds)."""
    began = time.monotonic()
    server.process.send_signal(sig)
    try:
        code = server.process.wait(timeout)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()
        raise AssertionError(f"the server did not stop within {timeout} s after {sig!r}:\n"
                             f"{output(server)}") from None
    return code, time.monotonic() - began


def output(server: Server) -> str:
    if not server.log.closed:
        server.log.flush()
    return server.log_path.read_text(encoding="utf-8", errors="replace")
