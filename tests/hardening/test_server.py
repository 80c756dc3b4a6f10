"""The real server (`companion serve`, gevent): it raises its file limit at
start, lets slow or idle connections go, caps the connections of one
address, still answers /healthz under 1,100 slow connections from one
address, accepts websockets from its own origin only, and answers hostile
packets on a real websocket without a traceback in its log."""
from __future__ import annotations

import json
import resource
import socket
import time

import pytest
import requests
import socketio
import websocket

from tests.servers import Server

from .helpers import file_limit, process_file_limit

HEADER_TIMEOUT = 2
PER_ADDRESS = 64   # the default


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for the module, started with the usual soft limit of 1024
    open files (it raises that itself)."""
    db = str(tmp_path_factory.mktemp("hardened") / "rooms.sqlite3")
    with file_limit(1024):
        srv = Server(db=db, env={"COMPANION_LIMITS": "on",
                                 "COMPANION_HEADER_TIMEOUT": str(HEADER_TIMEOUT)})
    yield srv
    srv.kill()


def connect_from(server, address="127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10,
                                    source_address=(address, 0))
    return sock


def health(server, address="127.0.0.1") -> int:
    sock = connect_from(server, address)
    try:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return int(sock.recv(64).split(b" ")[1])
    finally:
        sock.close()


def closed_by_server(sock, timeout=15.0) -> bool:
    """True once the server has closed (or answered and closed) ``sock``."""
    sock.settimeout(timeout)
    try:
        while sock.recv(4096):
            pass
        return True
    except OSError:   # reset or timeout
        return False


def room(server):
    made = requests.post(server.url + "/api/rooms", json={"game": "pick"}, timeout=10).json()
    seat = requests.post(f"{server.url}/api/rooms/{made['code']}/seats", json={"name": "Sylvia"},
                         timeout=10).json()
    return made["code"], made["host_token"], seat["token"]


def test_the_file_limit_is_raised_at_start(server):
    soft, hard = process_file_limit(server.process.pid)
    assert soft == hard or soft >= 65536
    assert f"up to {soft} open files" in server.output()


def test_websockets_from_another_origin_are_refused(server):
    url = f"ws://127.0.0.1:{server.port}/socket.io/?EIO=4&transport=websocket"
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        websocket.create_connection(url, origin="http://evil.example", timeout=10)
    assert refused.value.status_code == 400
    same = websocket.create_connection(url, origin=server.url, timeout=10)
    assert same.recv().startswith("0{")   # the Engine.IO handshake
    same.close()


class RawSocketIO:
    """Socket.IO spoken by hand over a real websocket, to send what no
    client library would."""

    def __init__(self, server, auth):
        self.ws = websocket.create_connection(
            f"ws://127.0.0.1:{server.port}/socket.io/?EIO=4&transport=websocket",
            origin=server.url, timeout=10)
        assert self.ws.recv().startswith("0{")
        self.ws.send("40" + json.dumps(auth))

    def until(self, prefix: str, timeout=10.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = self.ws.recv()
            if message == "2":
                self.ws.send("3")   # pong
            elif message.startswith(prefix):
                return message
        raise AssertionError(f"nothing starting with {prefix!r}")


def test_hostile_packets_on_a_real_websocket_are_answered_and_not_logged(server):
    code, host, token = room(server)
    lines_before = len(server.output().splitlines())
    raw = RawSocketIO(server, {"room": code, "token": token})
    raw.until("40")
    hostile = {
        "too_deep": '["action",' + "[" * 3000 + "]" * 3000 + "]",
        "bad_encoding": '["action",{"type":"rename","name":"\\ud800"}]',
        "bad_number": '["action",{"type":"rename","name":NaN}]',
        "bad_json": '["action",{"type":',
        "unknown_action": '["disconnect"]',
        "too_large": '["action",{"type":"rename","name":"' + "x" * 70000 + '"}]',
    }
    for ack_id, (code_wanted, payload) in enumerate(hostile.items(), start=1):
        raw.ws.send(f"42{ack_id}{payload}")   # engine.io message 4, socket.io event 2
        answer = raw.until(f"43{ack_id}")     # socket.io ack 3
        assert json.loads(answer[len(f"43{ack_id}"):])[0]["error"]["code"] == code_wanted
    for garbage in ("9", "4", "4/nope,1[]", "47", "4" + "9" * 300, "\x00\xff", "4" + "[" * 3000,
                    "2" + "{" * 3000, "3probe", "5", "6"):
        raw.ws.send(garbage)   # engine.io and socket.io garbage: no answer owed
    raw.ws.send("4299" + '["action",{"type":"rename","name":"Sylvie"}]')
    assert '"ok":true' in raw.until("4399").replace(" ", "")   # the socket still works
    raw.ws.close()
    # hostile HTTP too
    url = f"{server.url}/api/rooms/{code}/actions"
    auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    for body in (b"[" * 3000 + b"]" * 3000, b'{"type": "rename", "name": "\\ud800"}', b"\xff\xfe"):
        assert requests.post(url, data=body, headers=auth, timeout=10).status_code == 400
    polling = requests.post(f"{server.url}/socket.io/?EIO=4&transport=polling&sid=nope",
                            data=b"\xff\xfe", timeout=10)
    assert polling.status_code == 400
    for _ in range(3):   # refused connections: the websocket's last frames are not requests
        refused = socketio.Client(reconnection=False)
        with pytest.raises(socketio.exceptions.ConnectionError):
            refused.connect(server.url, auth={"room": code, "token": "wrong"}, transports=["websocket"],
                            wait_timeout=5)
    bad_request_line = connect_from(server)
    bad_request_line.sendall(b"\x16\x03\x01 not http at all\r\n\r\n")
    closed_by_server(bad_request_line)
    time.sleep(0.5)
    after = server.output().splitlines()[lines_before:]
    assert not any("Traceback" in line for line in after), after
    assert len(after) <= 2, after   # engine.io's once-per-kind line, gevent's for the non-HTTP request


def test_a_slow_connection_is_let_go(server):
    slow = connect_from(server)
    slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")   # and never the rest
    idle = connect_from(server)   # says nothing at all
    assert closed_by_server(slow, timeout=HEADER_TIMEOUT + 15)
    assert closed_by_server(idle, timeout=HEADER_TIMEOUT + 15)


def websocket_handshake(server) -> socket.socket:
    sock = connect_from(server)
    sock.sendall((f"GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                  "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").encode())
    return sock


def test_a_finished_websocket_carries_no_more_requests(server):
    """What a client sends after its websocket ended is websocket frames,
    never HTTP: the connection closes (it used to be read as requests, one
    "Invalid HTTP method" log line each, and a refused phone waited 2 s)."""
    sock = websocket_handshake(server)
    assert sock.recv(12) == b"HTTP/1.1 101"
    sock.sendall(b"\x88\x80\x00\x00\x00\x00")   # a (masked, empty) close frame
    time.sleep(0.5)
    try:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    except OSError:
        return   # already closed
    sock.settimeout(10)
    seen = b""
    try:
        while chunk := sock.recv(4096):
            seen += chunk
    except OSError:
        pass
    assert b"HTTP/1.1 200" not in seen


def test_connections_per_address_are_capped(server):
    busy = [websocket_handshake(server) for _ in range(PER_ADDRESS)]
    try:
        for sock in busy:
            assert sock.recv(12) == b"HTTP/1.1 101"
        refused = websocket_handshake(server)
        answer = refused.recv(4096)
        assert answer.startswith(b"HTTP/1.1 429"), answer[:100]
        assert b'"too_many_connections"' in answer and b"Retry-After:" in answer
        assert health(server, "127.0.0.2") == 200   # another address is not touched
    finally:
        for sock in busy:
            sock.close()


def let_go(sock) -> bool:
    """True if the server has closed ``sock`` (after a 429 or without a word)."""
    sock.setblocking(False)
    try:
        while sock.recv(65536):
            pass
        return True
    except BlockingIOError:
        return False   # nothing more to read and not closed: still held
    except OSError:
        return True


def test_health_answers_under_1100_slow_connections_from_one_address(server):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard < 1300:
        pytest.skip("this machine allows fewer than 1,300 open files per process")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1300), hard))
    flood = []
    try:
        for _ in range(1100):
            sock = connect_from(server)
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")   # slowly, slowly
            flood.append(sock)
        assert health(server, "127.0.0.2") == 200
        assert health(server, "127.0.0.1") == 200   # even from the flooding address
        time.sleep(0.5)
        still_open = sum(1 for sock in flood if not let_go(sock))
        assert still_open <= PER_ADDRESS   # the rest were let go at once
    finally:
        for sock in flood:
            sock.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
