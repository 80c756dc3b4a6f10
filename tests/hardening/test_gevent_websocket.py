"""`companion serve --websocket gevent-websocket` (the optional extra): the
same contract at the websocket's door as simple-websocket, and a frame
announcing more than the engine reads closes that socket alone.  Skipped
where gevent-websocket is not installed (it is not in the test extra: its
mere presence changes python-engineio's gevent driver,
transport/gevent_server.engine_websocket); run with it on PYTHONPATH:

    pip install --target /tmp/gws gevent-websocket==0.10.1
    PYTHONPATH=/tmp/gws .venv/bin/python -m pytest tests/hardening/test_gevent_websocket.py
"""
from __future__ import annotations

import os
import struct

import pytest
import requests
import websocket

from tests.servers import Server

pytest.importorskip("geventwebsocket")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("gws") / "rooms.sqlite3")
    srv = Server(db=db, env={"COMPANION_WEBSOCKET": "gevent-websocket"})
    yield srv
    srv.kill()


def engine_socket(server, origin=None):
    url = f"ws://127.0.0.1:{server.port}/socket.io/?EIO=4&transport=websocket"
    return websocket.create_connection(url, origin=origin or server.url, timeout=10)


def test_a_websocket_of_its_own_origin_is_served_and_another_refused(server):
    ws = engine_socket(server)
    assert ws.recv().startswith("0{")   # the Engine.IO handshake
    ws.send("40")   # no auth: the companion's refusal, through the layer
    assert ws.recv().startswith('44{"message"')
    ws.close()
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        engine_socket(server, origin="http://evil.example")
    assert refused.value.status_code == 400


def test_a_frame_over_the_largest_message_closes_that_socket(server):
    ws = engine_socket(server)
    assert ws.recv().startswith("0{")
    # a masked text frame announcing 2 MiB (64-bit length), none of it sent
    ws.sock.sendall(bytes([0x81, 0x80 | 127]) + struct.pack("!Q", 2 << 20) + os.urandom(4))
    opcode, _ = ws.recv_data(control_frame=True)   # gevent-websocket sends no close code
    assert opcode == websocket.ABNF.OPCODE_CLOSE
    assert requests.get(server.url + "/healthz", timeout=10).ok
    assert "Traceback" not in server.output()
