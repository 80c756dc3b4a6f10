"""Socket.IO: each client gets the view of its own token after every change,
actions through the socket answer like HTTP, reconnects get a full view."""
from __future__ import annotations

import pytest

from tests.conftest import Table


@pytest.fixture
def setup(app_pair):
    app, socketio = app_pair
    table = Table(app.test_client())
    seats = [table.join(n) for n in ("Sylvia", "Gregor", "Petra")]
    return app, socketio, table, seats


def connect(socketio, app, table, token=None):
    auth = {"room": table.code}
    if token:
        auth["token"] = token
    return socketio.test_client(app, auth=auth)


def views(client):
    return [m["args"][0] for m in client.get_received() if m["name"] == "view"]


def test_each_socket_gets_its_own_view(setup):
    app, socketio, table, seats = setup
    phones = {s: connect(socketio, app, table, table.tokens[s]) for s in seats}
    tablet = connect(socketio, app, table)
    for client in list(phones.values()) + [tablet]:
        assert client.is_connected()
        assert views(client)   # a full view at once on connect
    table.host_act(type="start", first=seats[0])
    for s, client in phones.items():
        latest = views(client)[-1]
        assert latest["you"]["seat"] == s and "letter" in latest["you"]["secret"]
        assert latest["status"] == "playing"
    public = views(tablet)[-1]
    assert public["you"] is None and all(seat["connected"] for seat in public["seats"])


def test_action_over_socket_acknowledges_like_http(setup):
    app, socketio, table, seats = setup
    table.host_act(type="start", first=seats[0])
    phone = connect(socketio, app, table, table.tokens[seats[0]])
    other = connect(socketio, app, table, table.tokens[seats[1]])
    phone.get_received(); other.get_received()
    ack = phone.emit("action", {"type": "pick", "number": 2}, callback=True)
    assert ack["ok"] is True and ack["view"]["you"]["picked"] == 2
    latest = views(other)[-1]
    assert latest["version"] == ack["view"]["version"] and latest["you"]["picked"] is None
    refused = phone.emit("action", {"type": "pick", "number": 3}, callback=True)
    assert refused == {"ok": False, "error": {"code": "already_picked", "message": "You already picked."}}
    assert phone.emit("action", "garbage", callback=True)["error"]["code"] == "bad_json"
    assert other.emit("action", {"type": "start"}, callback=True)["error"]["code"] == "host_only"
    tablet = connect(socketio, app, table)
    assert tablet.emit("action", {"type": "pick", "number": 1}, callback=True)["error"]["code"] == "missing_token"


def test_bad_room_or_token_refused(setup):
    app, socketio, table, seats = setup
    assert not socketio.test_client(app, auth={"room": "ZZZZZ"}).is_connected()
    assert not socketio.test_client(app, auth={"room": table.code, "token": "nope"}).is_connected()
    assert not socketio.test_client(app, auth={"room": 5}).is_connected()
    assert not socketio.test_client(app).is_connected()


def test_reconnect_and_second_tab_get_full_view(setup):
    app, socketio, table, seats = setup
    table.host_act(type="start", first=seats[0])
    phone = connect(socketio, app, table, table.tokens[seats[0]])
    table.seat_act(seats[0], type="pick", number=1)
    phone.disconnect()
    assert views(connect(socketio, app, table))[-1]["seats"][0]["connected"] is False
    again = connect(socketio, app, table, table.tokens[seats[0]])
    tab2 = connect(socketio, app, table, table.tokens[seats[0]])
    for client in (again, tab2):
        latest = views(client)[-1]
        assert latest["you"]["picked"] == 1 and latest["status"] == "playing"
    assert table.view()["seats"][0]["connected"] is True


def test_revoked_token_gets_no_more_views(setup):
    app, socketio, table, seats = setup
    old = connect(socketio, app, table, table.tokens[seats[1]])
    old.get_received()
    table.host_act(type="reopen_seat", seat=seats[1])
    table.host_act(type="start", first=seats[0])
    assert views(old) == []


def test_language_per_socket(setup):
    app, socketio, table, seats = setup
    de = socketio.test_client(app, auth={"room": table.code, "lang": "de"})
    en = socketio.test_client(app, auth={"room": table.code, "lang": "en"})
    table.host_act(type="start", first=seats[0])
    assert "Das Spiel beginnt" in views(de)[-1]["log"][-2]["text"]
    assert "The game starts" in views(en)[-1]["log"][-2]["text"]
