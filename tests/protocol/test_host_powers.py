"""Host powers need a cause, on a real server with a real phone socket
(issue #38): the host's ``close`` is refused (``no_cause``) while the
awaited seat's phone is connected, and after it left until the grace
(here 2 s, COMPANION_AWAY_SECONDS) is over; then it works.  The host's
view says from when (``skip.at``).  Ending the game needs no cause."""
from __future__ import annotations

import time

import pytest

from tests.protocol.remote import Remote, Sock
from tests.servers import GRACE, grace_server

server = pytest.fixture(scope="module", name="server")(grace_server)


def test_close_waits_for_a_phone_away_and_its_grace(server):
    room = Remote(server.url)
    room.create("haiclue")
    anna, ben = room.join("Anna"), room.join("Ben")
    phones = [Sock(server.url, room.code, room.tokens[s]) for s in (anna, ben)]
    try:
        room.ok(room.host, type="start")
        host = room.view(room.host)
        assert {k: v for k, v in host["skip"].items() if k != "server_now"} == {
            "tools": ["close"], "at": None, "away": [], "after": GRACE}
        refused = room.act(room.host, type="close", step="clue")
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "no_cause"
        assert "Anna" in refused.json()["error"]["message"]
        # Anna's clue is in; Ben's phone goes: the host may skip Ben after the grace
        room.ok(room.tokens[anna], type="clue_ready")
        phones[1].close()
        deadline = time.time() + 10
        while room.view(room.host)["skip"]["at"] is None and time.time() < deadline:
            time.sleep(0.05)
        host = room.view(room.host)
        assert host["skip"]["away"] == [ben] and host["skip"]["at"] is not None
        still = room.act(room.host, type="close", step="clue")
        assert still.json()["error"]["code"] == "no_cause"   # not yet: the phone may come back
        while time.time() < host["skip"]["at"] + 0.2:
            time.sleep(0.1)
        closed = room.ok(room.host, type="close", step="clue")
        assert closed["public"]["phase"] == "guess"
        # the end of the game needs no cause
        room.ok(room.host, type="end")
    finally:
        for phone in phones:
            phone.close()
