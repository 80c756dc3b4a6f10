"""A Redis outage, with a real redis-server stopped and started again
(issue #39): while it is down every request is answered 503 in the one
shape (``store_down``, a message a player understands), never 500, and
nothing is half stored; when it is back, the same phone socket (never
disconnected from the server) acts again and gets its pushes."""
from __future__ import annotations

import shutil
import subprocess
import time

import pytest
import redis
import requests

from tests.protocol.remote import Remote
from tests.servers import free_port


class RedisServer:
    """A private redis-server on a free port, keeping its data in ``folder``
    (append-only file), so it comes back with the rooms after a stop."""

    def __init__(self, folder):
        self.folder, self.port, self.process = folder, free_port(), None

    def start(self):
        self.process = subprocess.Popen(
            [shutil.which("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1",
             "--dir", str(self.folder), "--appendonly", "yes", "--save", ""],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 10
        while True:
            try:
                if client.ping():
                    return
            except redis.RedisError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()   # SIGTERM: redis writes its file and goes
            self.process.wait(10)


@pytest.fixture
def store_server(tmp_path):
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


def test_a_redis_outage_answers_503_and_the_phone_resumes(store_server, servers, sockets):
    server = servers(redis_url=f"redis://127.0.0.1:{store_server.port}/0")
    room = Remote(server.url)
    room.create("pick")
    sylvia, gregor = room.join("Sylvia"), room.join("Gregor")
    room.ok(room.host, type="start", first=sylvia)
    phone = sockets(server.url, room.code, room.tokens[sylvia])
    version = phone.wait(lambda v: v["status"] == "playing")["version"]

    store_server.stop()
    for answer in (room.act(room.tokens[sylvia], type="pick", number=1),
                   requests.get(f"{server.url}/api/rooms/{room.code}", timeout=10)):
        assert answer.status_code == 503, answer.text
        error = answer.json()["error"]
        assert answer.json()["ok"] is False and error["code"] == "store_down"
        assert "try again" in error["message"]
    health = requests.get(f"{server.url}/healthz", timeout=10)
    assert health.status_code == 503
    ack = phone.client.call("action", {"type": "pick", "number": 1}, timeout=10)
    assert ack["ok"] is False and ack["error"]["code"] == "store_down"

    store_server.start()
    deadline = time.monotonic() + 15
    while requests.get(f"{server.url}/healthz", timeout=10).status_code != 200:
        assert time.monotonic() < deadline, "the server did not find its store again"
        time.sleep(0.1)
    assert room.view(room.tokens[sylvia])["version"] == version   # nothing half stored
    ack = phone.client.call("action", {"type": "pick", "number": 1}, timeout=10)
    assert ack["ok"] is True and ack["view"]["version"] == version + 1
    room.ok(room.tokens[gregor], type="pick", number=2)
    pushed = phone.wait(lambda v: v["version"] == version + 2)   # pushed to the same socket
    assert pushed["you"]["seat"] == sylvia
