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
    phone.get_received()
    other.get_received()
    ack = phone.emit("action", {"type": "pick", "number": 2}, callback=True)
    assert ack["ok"] is True and ack["view"]["you"]["picked"] == 2
    latest = views(other)[-1]
    assert latest["version"] == ack["view"]["version"] and latest["you"]["picked"] is None
    refused = phone.emit("action", {"type": "pick", "number": 3}, callback=True)
    # explain mode is on for a room's first game: the reason, then what to do instead
    assert refused == {"ok": False, "error": {"code": "already_picked", "message": (
        "You already picked. Nothing for you now: the game waits for Gregor, Petra.")}}
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


def test_pushed_views_carry_the_logs_tail_and_a_first_view_all_of_it(setup):
    from companion.views import LOG_PUSH
    app, socketio, table, seats = setup
    for n in range(LOG_PUSH + 5):   # a longer log
        table.seat_act(seats[2], type="rename", name=f"Petra {n}")
    table.host_act(type="start", first=seats[0])
    whole = table.view(table.tokens[seats[0]])["log"]
    assert len(whole) > LOG_PUSH + 5
    phone = connect(socketio, app, table, table.tokens[seats[0]])
    first = views(phone)[-1]
    assert first["log_tail"] is False and [line["n"] for line in first["log"]] == [
        line["n"] for line in whole]
    before = whole[-1]["n"]
    table.seat_act(seats[1], type="pick", number=2)
    pushed = views(phone)[-1]
    assert pushed["log_tail"] is True
    numbers = [line["n"] for line in pushed["log"]]
    full = table.view(table.tokens[seats[0]])["log"]
    # every line since the action (and of the LOG_PUSH newest numbers) this seat may see
    assert numbers[0] <= min(before + 1, full[-1]["n"] - LOG_PUSH + 1) and numbers[0] > whole[0]["n"]
    assert pushed["log"] == [line for line in full if line["n"] >= numbers[0]]
    # the acknowledgement of a socket's own action is a pushed view too
    ack = phone.emit("action", {"type": "pick", "number": 3}, callback=True)
    assert ack["view"]["log_tail"] is True and ack["view"]["log"][-1]["n"] > numbers[-1]
    # a new name changes earlier lines: they come along under log_changed
    for n in range(LOG_PUSH):   # the picks' lines leave the tail
        table.seat_act(seats[2], type="rename", name=f"Tom {n}")
    table.seat_act(seats[1], type="rename", name="Petronella")   # who picked
    renamed = views(phone)[-1]
    assert renamed["log_tail"] is True
    full = table.view(table.tokens[seats[0]])["log"]
    first = renamed["log"][0]["n"]
    changed = [line for line in full if line["n"] < first and "Petronella" in line["text"]]
    assert changed and renamed["log_changed"] == changed
    assert pushed["log_changed"] == []


def test_a_connect_that_lights_no_dot_tells_only_the_new_socket(setup):
    app, socketio, table, seats = setup
    phone = connect(socketio, app, table, table.tokens[seats[0]])
    other = connect(socketio, app, table, table.tokens[seats[1]])
    phone.get_received()
    other.get_received()
    tablet = connect(socketio, app, table)                            # the table: no dot
    tab2 = connect(socketio, app, table, table.tokens[seats[0]])      # seat 0 again: lit already
    assert views(tablet) and views(tab2)
    assert views(phone) == [] and views(other) == []
    tab2.disconnect()                                                 # seat 0 still connected
    tablet.disconnect()
    assert views(phone) == [] and views(other) == []
    third = connect(socketio, app, table, table.tokens[seats[2]])     # a new dot: everyone
    assert views(third)
    assert [s["connected"] for s in views(phone)[-1]["seats"]] == [True, True, True]
    third.disconnect()                                                # and it goes out again
    assert [s["connected"] for s in views(other)[-1]["seats"]] == [True, True, False]


def test_socket_events_leave_no_reference_cycles(setup):
    """Each action over a socket, accepted or refused, is freed by reference
    counting alone: garbage in cycles made the collector pause every room
    (URL matching for /socket.io/ raised NotFound in each event's request
    context; a game's Illegal kept its frames)."""
    import gc
    app, socketio, table, seats = setup
    table.host_act(type="start", first=seats[0])
    phone = connect(socketio, app, table, table.tokens[seats[0]])
    other = connect(socketio, app, table, table.tokens[seats[1]])
    for client in (phone, other):   # warm up (first-time imports and caches)
        client.emit("action", {"type": "rename", "name": "Warm"}, callback=True)
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for n in range(10):
            assert phone.emit("action", {"type": "rename", "name": f"Syl {n}"}, callback=True)["ok"]
            refused = other.emit("action", {"type": "start"}, callback=True)       # platform refusal
            assert refused["ok"] is False
            refused = other.emit("action", {"type": "pick", "number": 99}, callback=True)
            assert refused["ok"] is False
        gc.collect()
        # only this path's garbage counts (other tests' threads may make their own)
        ours = [type(o).__name__ for o in gc.garbage if type(o).__name__ in PER_EVENT
                or (type(o).__name__ == "frame" and "/companion/" in o.f_code.co_filename)]
    finally:
        gc.set_debug(0)
        del gc.garbage[:]
        gc.enable()
    assert not ours, f"{len(ours)} objects of socket events in reference cycles: {sorted(set(ours))}"


PER_EVENT = {"RequestContext", "NotFound", "NoMatch", "Illegal", "ServiceError", "MapAdapter"}
