"""No undo breaks a room and no view can raise (issue #39): random play of
every game through the one referee path, mixed with what happens around a
table — late arrivals, the host's end, rematch, new game, undo (often
right after a lobby event), players leaving and being removed.  After
every step every audience's view builds in both languages (host, table,
each seat: players, late arrivals, spectators, explain mode on and off),
and the seats stay sound: a seat outside the running game is a spectator
(never a player without a game), and every spectator may leave and be
removed by the host."""
from __future__ import annotations

import random

import pytest

from companion import games, rooms
from companion.errors import ServiceError
from companion.games.base import sample_action
from companion.lobby import templates_for
from companion.service import Service
from companion.store.sqlite import SqliteStore
from companion.views import build_view

NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom", "Anna", "Ben", "Cleo", "Dan",
         "Eva", "Finn", "Gus", "Hana"]


@pytest.fixture
def service(tmp_path):
    svc = Service(SqliteStore(str(tmp_path / "rooms.sqlite3")), action_rate=0)
    yield svc
    svc.store.close()


class Walk:
    """One room and everyone's tokens; each step one random thing happens."""

    def __init__(self, svc: Service, game_name: str, rng: random.Random):
        self.svc, self.rng, self.game_name = svc, rng, game_name
        game = games.get(game_name)
        created = svc.create_room(game_name, {})
        self.code, self.host = created["code"], created["host_token"]
        self.tokens: dict[int, str] = {}
        self.names = iter(NAMES)
        for _ in range(game.player_range({})[0] + 1):
            self.join()
        self.act(self.host, {"type": "start"})

    def join(self):
        name = next(self.names, None)
        if name is None:
            return
        try:
            joined = self.svc.join(self.code, name)
        except ServiceError as error:
            assert error.code == "room_full", error.code
            return
        self.tokens[joined["seat"]] = joined["token"]

    def act(self, token, action) -> bool:
        try:
            answer = self.svc.act(self.code, token, action, "en")
        except ServiceError as error:
            assert error.status < 500, (error.code, action)
            return False
        assert answer["ok"]
        return True

    def room(self) -> dict:
        return self.svc.load(self.code)

    def step(self):
        room, rng = self.room(), self.rng
        roll = rng.random()
        host = {tpl["type"]: tpl for tpl in templates_for(room, "host", None)}
        if roll < 0.05:
            self.join()
        elif roll < 0.12 and "undo" in host:
            self.act(self.host, {"type": "undo"})
        elif roll < 0.15 and "end" in host:
            self.act(self.host, {"type": "end"})
        elif roll < 0.19 and "rematch" in host:
            self.act(self.host, {"type": "rematch"})
        elif roll < 0.21 and "new_game" in host:
            self.act(self.host, {"type": "new_game", "game": self.game_name, "options": {}})
        elif roll < 0.26 and room["status"] == "lobby":
            self.act(self.host, {"type": "start"})
        elif roll < 0.29:
            self.leave_or_kick(room)
        else:
            self.play(room)

    def leave_or_kick(self, room):
        spectators = [s for s in self.tokens if s not in room["order"]]
        if room["status"] != "playing":
            spectators = list(self.tokens)
        if not spectators:
            return
        seat = self.rng.choice(spectators)
        ways = [(self.tokens[seat], {"type": "leave"}), (self.host, {"type": "kick", "seat": seat})]
        if self.rng.random() < 0.5:
            ways.reverse()
        done = self.act(*ways[0]) or self.act(*ways[1])
        assert done, f"seat {seat} could neither leave nor be removed ({room['status']})"
        del self.tokens[seat]

    def play(self, room):
        game = games.get(room["game"])
        movers = [(self.tokens[s], "seat", s) for s in self.tokens]
        movers.append((self.host, "host", None))
        choices = [(token, tpl) for token, kind, s in movers
                   for tpl in templates_for(room, kind, s) if tpl["type"] in game.action_types]
        if not choices:
            if room["status"] == "lobby" and len(room["order"]) >= game.player_range(room["options"])[0]:
                self.act(self.host, {"type": "start"})
            return
        token, tpl = self.rng.choice(choices)
        self.act(token, sample_action(tpl, self.rng))

    def check_views(self):
        room = self.room()
        seated = {entry["seat"] for entry in room["seats"]}
        assert set(room["order"]) <= seated
        audiences = [("host", None), ("table", None)] + [("seat", s) for s in sorted(seated)]
        for kind, seat in audiences:
            for lang in ("en", "de"):
                view = build_view(room, kind, seat, lang, set(self.tokens) & seated)
                if kind != "seat":
                    continue
                in_game = seat in room["order"]
                listed = {s["seat"] for s in view["seats"]}
                late = {s["seat"] for s in view["spectators"]}
                assert (seat in listed) == in_game and (seat in late) != in_game, (seat, room["order"])
                if not in_game:   # a spectator: no game moves, and may always go
                    types = {tpl["type"] for tpl in view["actions"]}
                    assert "leave" in types and not types & games.get(room["game"]).action_types
                    kick = next(t for t in templates_for(room, "host", None) if t["type"] == "kick")
                    assert seat in kick["fields"]["seat"]
        assert rooms.ordered_seats(room) == room["order"]


@pytest.mark.parametrize("seed", [1, 2])
def test_lobby_events_undo_and_every_view(service, game_name, seed):
    rng = random.Random(f"{game_name}/{seed}")
    walk = Walk(service, game_name, rng)
    for _ in range(220):
        walk.step()
        walk.check_views()


@pytest.mark.parametrize("event", ["late", "rematch", "new_game", "finished_late"])
def test_undo_after_each_lobby_event_keeps_the_seats(service, game_name, event):
    """The issue's case: a seat that joins or is seated by a lobby event,
    then the host's undo: the seat is a spectator of the restored game,
    every view builds, and it can leave."""
    rng = random.Random(event)
    walk = Walk(service, game_name, rng)
    for _ in range(6):
        walk.play(walk.room())
    if event in ("rematch", "new_game", "finished_late") and walk.room()["status"] == "playing":
        assert walk.act(walk.host, {"type": "end"})
    if event == "finished_late":
        walk.join()
    if event == "late":
        walk.join()
    if event == "rematch":
        walk.join()
        assert walk.act(walk.host, {"type": "rematch"})
    if event == "new_game":
        walk.join()
        assert walk.act(walk.host, {"type": "new_game", "game": game_name, "options": {}})
    late = max(walk.tokens)
    assert walk.act(walk.host, {"type": "undo"})
    room = walk.room()
    assert late not in room["order"]
    walk.check_views()
    assert walk.act(walk.tokens[late], {"type": "leave"})
