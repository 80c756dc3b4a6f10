"""What each patch of third-party code (companion/transport/upstream.py)
changes, and the start's refusal when an installed version is not the one
a patch was written for.  The ping timer on a real server:
tests/protocol/test_pings.py."""
from __future__ import annotations

import socket
from types import SimpleNamespace

import engineio
import gevent
import pytest
from engineio import packet as eio_packet
from engineio import socket as eio_socket
from flask import request
from gevent import pywsgi
from socketio import packet as sio_packet

from companion import cli
from companion.transport import guard, upstream


def test_the_installed_versions_are_the_ones_the_patches_were_written_for():
    assert upstream.version_problem() is None


@pytest.mark.parametrize("installed, said", [
    ("4.16.0", "python-engineio 4.16.0 is installed"),
    (None, "python-engineio is not installed"),
])
def test_serve_refuses_to_start_with_another_version(monkeypatch, capsys, installed, said):
    real = upstream.installed_version

    def fake(distribution):
        if distribution != "python-engineio":
            return real(distribution)
        if installed is None:
            raise upstream.PackageNotFoundError(distribution)
        return installed

    monkeypatch.setattr(upstream, "installed_version", fake)
    # port 0 would be refused too: the versions are checked first
    with pytest.raises(SystemExit) as stopped:
        cli.serve(cli.parse(["serve", "--async-mode", "threading", "--port", "0"]))
    assert stopped.value.code == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == [(
        f"companion: {said}, but the server's patch of it (companion/transport/upstream.py) was "
        "written for 4.15.1: install that version (pip install python-engineio==4.15.1, or "
        "scripts/setup in a checkout)")]


@pytest.fixture
def engine():
    """An Engine.IO server in gevent's mode (gevent's hub runs in this
    thread; nothing is monkey-patched), pinging every 50 ms, with every
    background task it starts recorded."""
    upstream.ping_on_loop_timers()
    server = engineio.Server(async_mode="gevent", ping_interval=0.05, ping_timeout=1)
    server.started = []
    server.start_background_task = lambda target, *a, **k: server.started.append(target)
    return server


def sent(sock) -> list:
    packets = []
    while not sock.queue.empty():
        packets.append(sock.queue.get_nowait().packet_type)
    return packets


def test_a_ping_waits_on_a_loop_timer_not_in_a_greenlet(engine):
    sock = eio_socket.Socket(engine, "sid")
    sock.schedule_ping()              # as on connect, and on each pong
    sock.schedule_ping()              # while one waits: no second
    gevent.sleep(0.02)
    assert sent(sock) == []           # not before the interval
    gevent.sleep(0.08)
    assert sent(sock) == [eio_packet.PING]
    assert engine.started == []       # Engine.IO's own starts a greenlet that sleeps
    gevent.sleep(0.1)
    assert sent(sock) == []           # the next one only once this one is answered
    sock.receive(eio_packet.Packet(eio_packet.PONG))
    gevent.sleep(0.1)
    assert sent(sock) == [eio_packet.PING]


def test_a_closed_socket_is_not_pinged(engine):
    sock = eio_socket.Socket(engine, "sid")
    sock.schedule_ping()
    sock.closed = True
    gevent.sleep(0.1)
    assert sent(sock) == []


def test_frames_python_engineio_cannot_decode_are_skipped():
    frames = ["4{", "2probe", "\x00\xff", "3", "40"]

    class Websocket:
        def wait(self):
            return frames.pop(0)

    eio = SimpleNamespace(_async={"websocket": Websocket, "sleep": None})
    guard.check_engine_frames(eio)
    websocket = eio._async["websocket"]()
    assert [websocket.wait(), websocket.wait(), websocket.wait()] == ["2probe", "3", "40"]

    real = engineio.Server(async_mode="threading")
    driver = real._async["websocket"]
    guard.check_engine_frames(real)
    assert issubclass(real._async["websocket"], driver) and real._async["websocket"] is not driver
    assert engineio.Server(async_mode="threading")._async["websocket"] is driver   # for this server only


def test_outgoing_packets_are_not_walked_for_binary_data():
    class Unwalkable(dict):
        def values(self):
            raise AssertionError("walked for binary data")

    packet = guard.CheckedPacket(sio_packet.EVENT, data=["view", Unwalkable(seats=[1, 2])])
    assert packet.packet_type == sio_packet.EVENT
    assert packet.encode() == '2["view",{"seats":[1,2]}]'


def test_socket_io_paths_are_matched_against_no_route(app_pair):
    app, _ = app_pair
    with app.test_request_context("/socket.io/?EIO=4&transport=websocket"):
        assert request.routing_exception is None   # werkzeug's NotFound made cycles per event
    with app.test_request_context("/healthz"):
        assert request.url_rule is not None
    with app.test_request_context("/nowhere"):
        assert request.routing_exception is not None


def test_the_stop_closes_every_socket_without_waiting_for_it():
    closed = []

    class Socket:
        def __init__(self, sid):
            self.sid = sid

        def close(self, **how):
            closed.append((self.sid, how))

    eio = SimpleNamespace(sockets={"a": Socket("a"), "b": Socket("b")}, reason=engineio.Server.reason)
    upstream.close_engine_sockets(eio)
    how = {"wait": False, "reason": engineio.Server.reason.SERVER_DISCONNECT}
    assert closed == [("a", how), ("b", how)]
    assert eio.sockets == {}


def test_an_accepted_connection_refuses_to_be_duplicated():
    from gevent import socket as gsocket
    listener = gsocket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    phone = socket.create_connection(listener.getsockname())
    try:
        connection, address = upstream.accept_one_file(listener)
        with pytest.raises(NotImplementedError):
            connection.dup()   # simple-websocket then goes on with this one
        phone.sendall(b"hi")
        assert connection.recv(2) == b"hi" and address == phone.getsockname()
        connection.close()
    finally:
        phone.close()
        listener.close()


@pytest.mark.parametrize("headers, upgrade", [
    ({"Upgrade": "websocket", "Connection": "Upgrade"}, True),
    ({"Connection": "keep-alive"}, False),
])
def test_a_websocket_request_is_told_apart(headers, upgrade):
    handler = pywsgi.WSGIHandler.__new__(pywsgi.WSGIHandler)
    handler.headers = headers
    assert upstream.upgrade_requested(handler) is upgrade


def test_the_patches_are_written_for_the_pinned_versions():
    """A pin raised in pyproject.toml without reading the patch again
    fails here (and `companion serve` would refuse to start)."""
    import tomllib

    from tests.servers import ROOT
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = dict(line.split("#")[0].strip().split("==") for line in project["dependencies"])
    assert {name: pins[name] for name in upstream.WRITTEN_FOR} == upstream.WRITTEN_FOR
