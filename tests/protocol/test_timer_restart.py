"""The host's per-step timer across a restart of the real server process
(`python -m companion serve` on the same SQLite file): the running deadline
and the paused rest are the stored ones, and the clock goes on from them."""
from __future__ import annotations

import signal

from tests.protocol.remote import Remote, stop

MS = 0.002   # deadline and server_now are each rounded to the millisecond


def test_the_timer_survives_a_restart_of_the_server(servers, tmp_path):
    db = str(tmp_path / "rooms.sqlite3")
    first = servers(db=db)
    game = Remote(first.url)
    game.create("pick", {"rounds": 3, "timer": 300})
    for name in ("Sylvia", "Gregor"):
        game.join(name)
    view = game.ok(game.host, type="start", first=0)
    running = view["timer"]
    assert running["seconds"] == 300 and running["paused_left"] is None
    assert 0 < running["deadline"] - running["server_now"] <= 300 + MS
    assert stop(first, signal.SIGTERM)[0] == 0

    second = servers(db=db)
    game.url = second.url
    for token in (None, game.tokens[0], game.host):
        again = game.view(token)["timer"]
        assert (again["seconds"], again["deadline"]) == (300, running["deadline"])
    paused = game.ok(game.host, type="timer_pause")["timer"]["paused_left"]
    assert 0 < paused <= 300 + MS
    assert stop(second, signal.SIGTERM)[0] == 0

    third = servers(db=db)
    game.url = third.url
    assert game.view()["timer"]["paused_left"] == paused
    resumed = game.ok(game.host, type="timer_resume")["timer"]
    assert resumed["paused_left"] is None
    assert 0 < resumed["deadline"] - resumed["server_now"] <= paused + MS
    # the game goes on; the clock starts afresh for the next step
    view = game.ok(game.tokens[0], type="pick", number=1)
    assert view["waiting"] == [1]
    assert view["timer"]["deadline"] - view["timer"]["server_now"] > 299
    # and bad input keeps the one error shape over HTTP
    for bad in ([30], {"s": 1}, "30", 10**20, 5):
        answer = game.act(game.host, type="timer", seconds=bad)
        assert answer.status_code == 422 and answer.json()["error"]["code"] == "invalid_field"
    answer = game.act(game.tokens[0], type="timer_pause")
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "host_only"
    answer = game.act(game.host, type="timer_resume")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "timer_running"
