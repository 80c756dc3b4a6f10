"""Limits per client address: wrong tokens, unknown room codes, socket
connections, seats, rooms created, rooms open.  Answered 429 in the one
shape with Retry-After; behind a proxy (PROXIES) they count the forwarded
address.  The defaults suit a real evening."""
from __future__ import annotations

import logging

import pytest

from companion import rooms
from companion.transport import limits
from tests.conftest import Table

from .helpers import client_from, stored

PHONE, OTHER, TABLET = "10.0.0.21", "10.0.0.22", "10.0.0.2"


def too_many(answer, code="too_many"):
    assert answer.status_code == 429, answer.data[:300]
    assert answer.json["ok"] is False and answer.json["error"]["code"] == code
    assert answer.json["error"]["message"]
    assert int(answer.headers["Retry-After"]) >= 1


def room(app, address=TABLET) -> Table:
    return Table(client_from(app, address))


def test_wrong_tokens_run_out_then_every_token_is_refused(make_app):
    app, _ = make_app(LIMITS={"wrong_token": (5, 60)})
    table = room(app)
    seat = table.join("Sylvia")
    guesser = client_from(app, PHONE)
    wrong = {"Authorization": "Bearer guess"}
    codes = [guesser.get(f"/api/rooms/{table.code}", headers=wrong).status_code for _ in range(5)]
    assert codes == [401] * 5
    too_many(guesser.get(f"/api/rooms/{table.code}", headers=wrong), "too_many_guesses")
    # a hit now looks like a miss: the right token is refused too
    right = {"Authorization": f"Bearer {table.tokens[seat]}"}
    too_many(guesser.get(f"/api/rooms/{table.code}", headers=right), "too_many_guesses")
    too_many(guesser.post(f"/api/rooms/{table.code}/seats", json={"claim": "guess"}), "too_many_guesses")
    # nobody else is touched, and requests without a token still work
    assert client_from(app, OTHER).get(f"/api/rooms/{table.code}", headers=right).status_code == 200
    assert guesser.get(f"/api/rooms/{table.code}").status_code == 200


def test_wrong_claim_links_count_as_wrong_tokens(make_app):
    app, _ = make_app(LIMITS={"wrong_token": (3, 60)})
    table = room(app)
    guesser = client_from(app, PHONE)
    for _ in range(3):
        assert guesser.post(f"/api/rooms/{table.code}/seats", json={"claim": "x"}).status_code == 401
    too_many(guesser.post(f"/api/rooms/{table.code}/seats", json={"claim": "x"}), "too_many_guesses")


def test_unknown_room_codes_run_out_then_every_code_is_refused(make_app):
    app, _ = make_app(LIMITS={"unknown_room": (4, 60)})
    table = room(app)
    walker = client_from(app, PHONE)
    for code in ("AAAAA", "AAAAB", "AAAAC", "AAAAD"):
        assert walker.get(f"/api/rooms/{code}").status_code == 404
    too_many(walker.get("/api/rooms/AAAAE"), "too_many_guesses")
    too_many(walker.get(f"/api/rooms/{table.code}"), "too_many_guesses")   # existing: refused alike
    too_many(walker.post(f"/api/rooms/{table.code}/seats", json={"name": "Eve"}), "too_many_guesses")
    too_many(walker.get(f"/api/rooms/{table.code}/qr.svg"), "too_many_guesses")
    assert client_from(app, OTHER).get(f"/api/rooms/{table.code}").status_code == 200
    assert walker.get(f"/j/{table.code}").status_code == 200   # the page looks nothing up


def test_walking_the_code_space_from_one_address_takes_months():
    burst, seconds = limits.DEFAULTS["unknown_room"]
    codes = len(rooms.CODE_ALPHABET) ** rooms.CODE_LENGTH
    assert rooms.CODE_LENGTH == 5
    assert (codes - burst) * seconds / 86400 > 60   # days


def test_socket_connections_and_wrong_socket_tokens(make_app):
    app, socketio = make_app(LIMITS={"connect": (4, 60), "wrong_token": (2, 60)})
    table = room(app)
    seat = table.join("Sylvia")
    assert not socketio.test_client(app, auth={"room": table.code, "token": "nope"}).is_connected()
    assert not socketio.test_client(app, auth={"room": table.code, "token": "nope"}).is_connected()
    # wrong tokens used up: even the right one is refused now (same address)
    assert not socketio.test_client(app, auth={"room": table.code,
                                               "token": table.tokens[seat]}).is_connected()
    assert socketio.test_client(app, auth={"room": table.code}).is_connected()   # 4th connect
    assert not socketio.test_client(app, auth={"room": table.code}).is_connected()   # 5th: too many


def test_resync_has_its_own_allowance_per_socket(make_app):
    """Issue #39: 120 resyncs from one phone used to lock its address out of
    new sockets for a minute (phones behind one NAT share it).  Resync
    spends its own allowance, per socket: the resyncing phone is slowed,
    a new phone of the same address still connects."""
    app, socketio = make_app(LIMITS={"connect": (3, 60), "resync": (5, 60)})
    table = room(app)
    seat = table.join("Sylvia")
    phone = socketio.test_client(app, auth={"room": table.code, "token": table.tokens[seat]})
    answers = [phone.emit("resync", callback=True) for _ in range(8)]
    assert [a["ok"] for a in answers] == [True] * 5 + [False] * 3
    assert answers[-1]["error"]["code"] == "too_many" and answers[-1]["error"]["message"]
    other = socketio.test_client(app, auth={"room": table.code})
    assert other.is_connected()   # connect's allowance is untouched
    second = socketio.test_client(app, auth={"room": table.code, "token": table.tokens[seat]})
    assert second.emit("resync", callback=True)["ok"] is True   # another socket, its own allowance


def test_socket_unknown_rooms_count(make_app):
    app, socketio = make_app(LIMITS={"unknown_room": (2, 60)})
    table = room(app)
    for code in ("AAAAA", "AAAAB"):
        assert not socketio.test_client(app, auth={"room": code}).is_connected()
    assert not socketio.test_client(app, auth={"room": table.code}).is_connected()
    assert client_from(app, OTHER).get(f"/api/rooms/{table.code}").status_code == 200


def test_joins_per_address(make_app):
    app, _ = make_app(LIMITS={"join": (2, 60)})
    table = room(app)
    phone = client_from(app, PHONE)
    for name in ("A", "B"):
        assert phone.post(f"/api/rooms/{table.code}/seats", json={"name": name}).status_code == 201
    before = stored(app)
    too_many(phone.post(f"/api/rooms/{table.code}/seats", json={"name": "C"}))
    assert stored(app) == before
    assert client_from(app, OTHER).post(f"/api/rooms/{table.code}/seats", json={"name": "C"}).status_code == 201


def test_rooms_created_per_address(make_app):
    app, _ = make_app(LIMITS={"create": (2, 600)})
    tablet = client_from(app, TABLET)
    for _ in range(2):
        assert tablet.post("/api/rooms", json={"game": "pick"}).status_code == 201
    too_many(tablet.post("/api/rooms", json={"game": "pick"}))
    assert len(stored(app)) == 2
    assert client_from(app, OTHER).post("/api/rooms", json={"game": "pick"}).status_code == 201


def test_open_rooms_per_address(make_app):
    app, _ = make_app(LIMITS={"create": (100, 1)}, ROOMS_PER_ADDRESS=3)
    tablet = client_from(app, TABLET)
    codes = [tablet.post("/api/rooms", json={"game": "pick"}).json["code"] for _ in range(3)]
    answer = tablet.post("/api/rooms", json={"game": "pick"})
    too_many(answer, "too_many_rooms")
    assert "3" in answer.json["error"]["message"]
    # a room that closes (expires) frees its place
    store = app.extensions["companion"].store
    with store._lock:
        store._db.execute("UPDATE rooms SET touched = 0 WHERE code = ?", (codes[0],))
    assert tablet.post("/api/rooms", json={"game": "pick"}).status_code == 201


def test_proxy_fix_counts_the_forwarded_address(make_app):
    app, _ = make_app(LIMITS={"create": (1, 600)}, PROXIES=1)
    proxy = client_from(app, "172.18.0.5")
    first = proxy.post("/api/rooms", json={"game": "pick"}, headers={"X-Forwarded-For": PHONE})
    second = proxy.post("/api/rooms", json={"game": "pick"}, headers={"X-Forwarded-For": OTHER})
    assert first.status_code == second.status_code == 201
    too_many(proxy.post("/api/rooms", json={"game": "pick"}, headers={"X-Forwarded-For": PHONE}))
    # a client cannot pretend: only the address the proxy appended counts
    spoofed = proxy.post("/api/rooms", json={"game": "pick"},
                         headers={"X-Forwarded-For": f"1.2.3.4, {PHONE}"})
    too_many(spoofed)


def test_without_proxy_fix_everyone_is_the_proxy_and_a_warning_says_so(make_app):
    app, _ = make_app(LIMITS={"create": (1, 600)})
    records = []
    handler = logging.Handler()
    handler.emit = records.append
    logging.getLogger("companion").addHandler(handler)
    try:
        proxy = client_from(app, "172.18.0.5")
        assert proxy.post("/api/rooms", json={"game": "pick"},
                          headers={"X-Forwarded-For": PHONE}).status_code == 201
        too_many(proxy.post("/api/rooms", json={"game": "pick"}, headers={"X-Forwarded-For": OTHER}))
    finally:
        logging.getLogger("companion").removeHandler(handler)
    assert any("COMPANION_PROXIES" in record.getMessage() for record in records)


def test_the_defaults_suit_a_real_evening(make_app):
    """A tablet opens three rooms over the evening; twelve phones join,
    each connects and reconnects a few times, a few mistype a code or come
    back with last week's link: nobody is refused.  Also when all of them
    share one address (a home network behind one public address)."""
    for shared in (False, True):
        app, socketio = make_app(LIMITS="on")
        tablet = client_from(app, TABLET)
        codes = [tablet.post("/api/rooms", json={"game": "pick"}).json["code"] for _ in range(3)]
        for i in range(12):
            phone = client_from(app, TABLET if shared else f"10.0.1.{i}")
            if i % 4 == 0:
                assert phone.get("/api/rooms/QQQQQ").status_code == 404
                assert phone.get(f"/api/rooms/{codes[0]}",
                                 headers={"Authorization": "Bearer last-week"}).status_code == 401
            joined = phone.post(f"/api/rooms/{codes[i % 3]}/seats", json={"name": f"P{i}"})
            assert joined.status_code == 201, joined.json
            for _ in range(3):   # phone asleep and awake again
                sock = socketio.test_client(app, auth={"room": codes[i % 3], "token": joined.json["token"]})
                assert sock.is_connected()
                sock.disconnect()


@pytest.mark.parametrize("setting,expected", [
    ("off", None),
    ("on", limits.DEFAULTS),
    ("create=3/30,join=5/2", {**limits.DEFAULTS, "create": (3.0, 30.0), "join": (5.0, 2.0)}),
])
def test_limits_setting(setting, expected):
    assert limits.parse(setting) == expected
    with pytest.raises(ValueError):
        limits.parse("crate=3/30")
