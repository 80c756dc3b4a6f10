"""An answer tells the truth about what was stored (issue #39): when one
viewer's view cannot be built after an action was stored, the action is
still answered done (its version, without the view it could not build),
every other socket gets its view, and the failing viewer's socket is told
(``failed``) instead of being left waiting.  For every game, a fault is
planted in the game's view for one seat (the actor's or another's)."""
from __future__ import annotations

import random

import pytest

from companion import games
from companion.games.base import sample_action
from tests.conftest import Table

NAMES = ["Sylvia", "Gregor", "Petra", "Gaby", "Tom", "Anna"]


def received(client):
    got = client.get_received()
    return ([m["args"][0] for m in got if m["name"] == "view"],
            [m["args"][0] for m in got if m["name"] == "failed"])


@pytest.mark.parametrize("game_name", sorted(games.shipped()))
@pytest.mark.parametrize("victim_acts", [False, True], ids=["another", "the-actor"])
def test_a_failing_view_never_turns_a_stored_action_into_a_refusal(app_pair, game_name, monkeypatch,
                                                                 victim_acts):
    app, socketio = app_pair
    game = games.get(game_name)
    table = Table(app.test_client(), game=game_name)
    seats = [table.join(name) for name in NAMES[:game.player_range({})[0] + 1]]
    assert table.host_act(type="start").status_code == 200
    store = app.extensions["companion"].store
    rng = random.Random(game_name)
    # a seat that has a game move now acts; the victim is it or another seat
    movers = [(s, t) for s in seats for t in table.view(table.tokens[s])["actions"]
              if t["type"] in game.action_types]
    assert movers, "nobody can move"
    actor, tpl = movers[0]
    victim = actor if victim_acts else next(s for s in seats if s != actor)
    sockets = {s: socketio.test_client(app, auth={"room": table.code, "token": table.tokens[s]})
               for s in seats}
    tablet = socketio.test_client(app, auth={"room": table.code})
    for client in [*sockets.values(), tablet]:
        client.get_received()
    real_view, real_views = type(game).view, type(game).views

    def broken(self, state, seat):
        if seat == victim:
            raise RuntimeError("a planted fault")
        return real_view(self, state, seat)

    def broken_all(self, state, seats):   # a game's batch of views (HOAX has its own)
        if victim in seats:
            raise RuntimeError("a planted fault")
        return real_views(self, state, seats)

    monkeypatch.setattr(type(game), "view", broken)
    monkeypatch.setattr(type(game), "views", broken_all)
    before = store.load(table.code)[1]
    answer = table.seat_act(actor, **sample_action(tpl, rng))
    assert answer.status_code == 200, answer.json
    body = answer.json
    assert body["ok"] is True
    after = store.load(table.code)[1]
    assert after == before + 1, "the action was not stored"
    if victim_acts:
        assert "view" not in body and body["version"] == after
    else:
        assert body["view"]["version"] == after
    for s, client in sockets.items():
        views, failed = received(client)
        if s == victim:
            assert failed and failed[-1]["code"] == "view_failed" and not views
            assert "went on" in failed[-1]["message"]
        else:
            assert views and views[-1]["version"] == after, s
    views, failed = received(tablet)
    assert views and views[-1]["version"] == after and not failed
    monkeypatch.undo()
    for client in [*sockets.values(), tablet]:
        client.disconnect()
