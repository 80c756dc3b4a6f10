"""All audiences' views of one broadcast in one pass (issue #43): the
lobby's templates and explain mode are each entered once per broadcast,
not once per audience, and every view is the one ``build_view`` makes for
that audience alone, byte for byte."""
from __future__ import annotations

import json
import time

from companion import explain, lobby
from companion.service import Service
from companion.store.sqlite import SqliteStore
from companion.views import ViewParts, build_view, build_views


class Pushed:
    def __init__(self):
        self.views = []

    def push(self, views, fresh):
        self.views.extend(views)

    def revoke(self, code, sockets):
        pass


def room_with_sockets(tmp_path):
    """A started game of 'pick', explain mode on, with the host, the
    table and three seats connected (one reading German)."""
    pushed = Pushed()
    svc = Service(SqliteStore(str(tmp_path / "r.sqlite3")), action_rate=0, notifier=pushed)
    created = svc.create_room("pick", {"rounds": 2, "explain": True})
    code, host = created["code"], created["host_token"]
    tokens = [svc.join(code, name)["token"] for name in ("Sylvia", "Gregor", "Ada")]
    svc.connect(code, host, "host", "en")
    svc.connect(code, None, "table", "en")
    for i, token in enumerate(tokens):
        svc.connect(code, token, f"s{i}", "de" if i == 2 else "en")
    svc.act(code, host, {"type": "start"}, "en")
    return svc, pushed, code, tokens


def counting(module, name, calls):
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(name)
        return real(*args, **kwargs)
    return real, counted


def test_a_broadcast_enters_the_lobby_and_explain_mode_once(tmp_path, monkeypatch):
    svc, pushed, code, tokens = room_with_sockets(tmp_path)
    calls: list[str] = []
    for module, name in ((lobby, "templates_for_each"), (explain, "explanations")):
        monkeypatch.setattr(module, name, counting(module, name, calls)[1])
    pushed.views.clear()
    svc.act(code, tokens[0], {"type": "pick", "number": 1}, "en")
    assert len(pushed.views) == 5   # host, table, three seats
    assert sorted(calls) == ["explanations", "templates_for_each"]
    assert all(view["explain"] is not None for _, view in pushed.views)


def test_each_view_of_the_pass_is_the_one_built_alone(tmp_path, monkeypatch):
    svc, _, code, _ = room_with_sockets(tmp_path)
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now)   # the host's view says the server's time
    room = svc.load(code)
    connected = svc.connected_seats(room)
    wanted = [("host", None, "en", None), ("table", None, "de", 1),
              *[("seat", s, lang, 1) for s in room["order"] for lang in ("en", "de")]]
    away = svc.away(room)
    together = build_views(ViewParts(room, connected, {k[1] for k in wanted}, away=away), wanted)
    for kind, seat, lang, log_from in wanted:
        alone = build_view(room, kind, seat, lang, connected, log_from=log_from, away=away)
        assert json.dumps(together[(kind, seat, lang, log_from)]) == json.dumps(alone)


def test_one_failing_audience_leaves_the_others_their_views(tmp_path, monkeypatch):
    svc, _, code, _ = room_with_sockets(tmp_path)
    room = svc.load(code)
    broken = room["order"][0]
    real = lobby.templates_for

    def templates_for(room, kind, seat, *given):
        if seat == broken:
            raise RuntimeError("a broken template")
        return real(room, kind, seat, *given)
    monkeypatch.setattr(lobby, "templates_for", templates_for)
    wanted = [("seat", s, "en", None) for s in room["order"]] + [("table", None, "en", None)]
    views = build_views(ViewParts(room, set(room["order"])), wanted)
    assert isinstance(views[("seat", broken, "en", None)], RuntimeError)
    assert all(isinstance(views[key], dict) and "_game_view" not in views[key]
               for key in wanted if key[1] != broken)
