"""Engine.IO's pings on a real server under gevent, where they wait on
timers of gevent's loop (upstream.ping_on_loop_timers): they go out at the
interval while answered, a client that stops answering is dropped after the
ping timeout, and an idle socket keeps no greenlet for its pings."""
from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
import requests
import websocket

from tests.servers import ROOT, free_port

INTERVAL = 1.0   # seconds between pings (python-engineio announces whole seconds)
TIMEOUT = 1.0    # seconds for a pong


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = free_port()
    db = tmp_path_factory.mktemp("pings") / "rooms.sqlite3"
    process = subprocess.Popen([sys.executable, "-m", "tests.protocol.ping_server", str(port), str(db),
                                str(INTERVAL), str(TIMEOUT)], cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        assert process.poll() is None, "the ping server died"
        try:
            if requests.get(url + "/healthz", timeout=1).ok:
                break
        except requests.RequestException:
            assert time.monotonic() < deadline, "the ping server did not start"
            time.sleep(0.1)
    yield url
    process.terminate()
    process.wait(10)


def engine_socket(url: str) -> websocket.WebSocket:
    """An Engine.IO socket spoken by hand: only its pings and pongs."""
    ws = websocket.create_connection(url.replace("http", "ws") + "/socket.io/?EIO=4&transport=websocket",
                                     origin=url, timeout=10)
    hello = ws.recv()
    assert hello.startswith("0") and json.loads(hello[1:])["pingInterval"] == INTERVAL * 1000
    return ws


def test_pings_go_out_at_the_interval_while_answered(server):
    ws = engine_socket(server)
    last, gaps = time.monotonic(), []
    for _ in range(3):
        assert ws.recv() == "2"
        now = time.monotonic()
        gaps.append(now - last)
        last = now
        ws.send("3")
    ws.close()
    assert all(0.9 * INTERVAL <= gap <= INTERVAL + 1.0 for gap in gaps), gaps


def test_a_client_that_stops_answering_is_dropped_after_the_ping_timeout(server):
    ws = engine_socket(server)
    assert ws.recv() == "2"
    pinged = time.monotonic()   # and no pong
    said = []
    try:
        while message := ws.recv():   # "" once the server closed it
            said.append(message)
    except websocket.WebSocketConnectionClosedException:
        pass
    dropped = time.monotonic() - pinged
    assert said in ([], ["1"])   # the close packet at most: no other ping
    # the server's monitor looks at each socket once per ping timeout
    assert TIMEOUT <= dropped <= 2 * TIMEOUT + 1.5, dropped


def test_an_idle_socket_keeps_no_greenlet_for_its_pings(server):
    """Each websocket has three greenlets (its request's, simple-websocket's
    reader, Engine.IO's writer); Engine.IO's own pings add a fourth, asleep
    for the interval, to every idle socket."""
    def greenlets() -> int:
        return int(requests.get(server + "/test/greenlets", timeout=10).text)

    before = greenlets()
    phones = [engine_socket(server) for _ in range(20)]
    for _ in range(2):
        for ws in phones:
            assert ws.recv() == "2"
            ws.send("3")
    time.sleep(INTERVAL / 3)   # every socket waits for its next ping now
    per_socket = (greenlets() - before) / len(phones)
    for ws in phones:
        ws.close()
    assert per_socket <= 3.2, per_socket


def test_a_silent_phone_goes_within_40_s_and_a_phone_misses_the_server_within_30_s(make_app):
    """The settings the app serves (its Engine.IO server's): the server drops a
    socket whose ping went unanswered for the timeout, found by a monitor
    that looks at each socket once per timeout (so at most interval + 2 ×
    timeout after the last answer: 40 s); a page that hears no ping for
    interval + timeout reconnects (30 s); pings at most every 20 s (issue
    #44: each one wakes a phone's radio and costs the server CPU)."""
    _, socketio = make_app()
    interval, timeout = socketio.server.eio.ping_interval, socketio.server.eio.ping_timeout
    assert interval + 2 * timeout <= 40, (interval, timeout)
    assert interval + timeout <= 30, (interval, timeout)
    assert interval >= 20, interval
