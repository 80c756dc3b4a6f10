"""Explanations kept between broadcasts (issue #44): explain mode makes a
viewer's explanation again only where something it reads changed
(``explain.Kept``), and what a phone or the table is pushed is, broadcast
after broadcast of a random game, the explanation made afresh."""
from __future__ import annotations

import json
import random

import pytest

from companion import explain, games
from companion.errors import ServiceError
from companion.games.base import sample_action
from companion.service import Service
from companion.store.sqlite import SqliteStore
from companion.views import build_view

GAMES = ["hoax", "haiclue", "factum", "eselsbruecke", "what_the_rule"]


class Pushed:
    def __init__(self):
        self.views: dict[str, dict] = {}

    def push(self, views, fresh):
        self.views.update(views)

    def revoke(self, code, sockets):
        pass


def made_afresh(svc: Service, code: str, kind: str, seat: int | None, lang: str) -> dict:
    """The audience's explanation with nothing kept."""
    kept, explain.KEPT = explain.KEPT, explain.Kept()
    try:
        room = svc.load(code)
        return build_view(room, kind, seat, lang, svc.connected_seats(room),
                          away=svc.away(room) if kind == "host" else None)["explain"]
    finally:
        explain.KEPT = kept


@pytest.mark.parametrize("game_name", GAMES)
def test_what_is_pushed_is_the_explanation_made_afresh(tmp_path, monkeypatch, game_name):
    monkeypatch.setattr(explain, "KEPT", explain.Kept())   # this test's alone: no other room's
    pushed = Pushed()
    svc = Service(SqliteStore(str(tmp_path / "r.sqlite3")), action_rate=0, notifier=pushed)
    game = games.get(game_name)
    created = svc.create_room(game_name, {"explain": True})
    code, host = created["code"], created["host_token"]
    players = max(4, game.player_range({})[0])
    joined = [svc.join(code, f"P{i}") for i in range(players)]
    tokens = [seat["token"] for seat in joined]
    who = {"host": ("host", None, "en"), "table": ("table", None, "de")}
    svc.connect(code, host, "host", "en")
    svc.connect(code, None, "table", "de")
    for i, token in enumerate(tokens):
        svc.connect(code, token, f"s{i}", "de" if i % 2 else "en")
        who[f"s{i}"] = ("seat", joined[i]["seat"], "de" if i % 2 else "en")
    svc.act(code, host, {"type": "start"}, "en")
    sockets = {"host": host, **{f"s{i}": token for i, token in enumerate(tokens)}}
    rng = random.Random(7)
    remade = 0
    for _ in range(80):
        before = dict(explain.KEPT.made)
        for sid, view in pushed.views.items():
            kind, seat, lang = who[sid]
            assert json.dumps(view["explain"]) == json.dumps(made_afresh(svc, code, kind, seat, lang)), sid
        moves = [(sid, tpl) for sid, view in pushed.views.items() if sid in sockets
                 for tpl in view["actions"] if tpl["type"] in game.action_types]
        if not moves:
            break
        sid, tpl = rng.choice(moves)
        try:
            svc.act(code, sockets[sid], sample_action(tpl, rng), who[sid][2])
        except ServiceError:
            continue
        remade += sum(viewer in before and said is not before[viewer][1]
                      for viewer, (_, said) in explain.KEPT.made.items())
    assert remade   # the play changed what explanations read
    # a second tab of a seat changes nothing the explanations read: the one kept is pushed
    kept = explain.KEPT.made[(code, svc.load(code)["seed"], game_name, "seat", joined[0]["seat"], "en")][1]
    svc.connect(code, tokens[0], "second tab", "en")
    assert pushed.views["second tab"]["explain"] is kept
    assert json.dumps(kept) == json.dumps(made_afresh(svc, code, "seat", joined[0]["seat"], "en"))


def test_a_kept_explanation_is_the_same_object_until_what_it_reads_changes():
    kept = explain.Kept(size=2)
    said = {"now": "x"}
    kept.put(("R", 1), b"a", said)
    assert kept.get(("R", 1), b"a") is said
    assert kept.get(("R", 1), b"b") is None
    kept.put(("R", 2), b"a", said)
    kept.put(("R", 3), b"a", said)   # past the size: all forgotten, this one kept
    assert kept.get(("R", 1), b"a") is None and kept.get(("R", 3), b"a") is said
