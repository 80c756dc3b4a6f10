#!/usr/bin/env python
"""CPU per action without sockets: where the referee's own time goes.

Rooms of one game are played to mid-game (as load.py prepares them), each
gets 7 fake sockets in presence (6 seats and the table), and then actions
drawn from the seats' own views go through ``Service.act`` in this one
process, with a push that writes every view as the Socket.IO transport
does (``rooms.encode`` of the event).  It prints the CPU per action, and
with ``--profile`` the functions that took the most of it (cProfile).

    .venv/bin/python -m bench.action_cost --game hoax --actions 3000 --profile
    .venv/bin/python -m bench.action_cost --game hoax --floor
    .venv/bin/python -m bench.action_cost --game hoax --patches

It also prints the bytes a phone is sent per action (pushes to the seats'
sockets and the actor's acknowledgement, as Socket.IO writes them),
whole views or, with ``--patches``, patches.

``--floor`` also prints the game's own share alone (its check, apply,
views and templates for every audience, the views written as JSON, on the
same rooms held in memory: load.py's `rules` row without sockets) and what
the platform adds to it.

What it leaves out is the socket stack itself: compare load.py's echo
(the bare python-socketio fan-out, about 1 ms per action on this machine)
with the figure printed here to see what the referee adds.  Not a test:
it prints figures and asserts nothing about timing.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import tempfile
import time

from . import load
from .echo import FloorRooms

os.environ.setdefault("COMPANION_EXTRA_GAMES", "tests.fixture_game")


def connect_all(service, prepared) -> None:
    """Seven sockets per room in presence: the host's tablet and every seat."""
    from companion.rooms import token_hash
    for number, room in enumerate(prepared):
        service.store.presence_add(room["code"], f"t{number}", token_hash(room["host"]), "en")
        for seat, token in enumerate(room["tokens"]):
            service.store.presence_add(room["code"], f"s{number}-{seat}", token_hash(token), "en")


def next_action(views: dict, room: dict, rng: random.Random, game_name: str):
    """A seat's action drawn from its latest view, as the load driver draws
    it: the host's game actions when no seat has one, a rename when nobody
    can act."""
    from companion import games
    from companion.games.base import sample_action
    if game_name == "pick":
        seat = rng.randrange(len(room["tokens"]))
        return room["tokens"][seat], {"type": "rename", "name": f"N{rng.randrange(10**9)}"}
    moves = [(token, tpl) for token in room["tokens"]
             for tpl in views.get(token, {}).get("actions", [])
             if tpl["type"] not in ("rename", "leave")]
    if not moves:
        moves = [(room["host"], tpl) for tpl in views.get(room["host"], {}).get("actions", [])
                 if tpl["type"] in games.get(game_name).action_types | {"rematch", "start"}]
    if not moves:
        seat = rng.randrange(len(room["tokens"]))
        return room["tokens"][seat], {"type": "rename", "name": f"N{rng.randrange(10**9)}"}
    token, tpl = rng.choice(moves)
    return token, sample_action(tpl, rng)


def floor_cost(db: str, game_name: str, count: int, seed: int) -> float:
    """The game's own share, as load.py's `rules` row runs it (bench/echo.py
    FloorRooms, without sockets): CPU ms per action for the game's check
    and apply, the views of six seats and the host, and each view written
    as JSON, on the rooms of ``db`` held in memory (no log, store, undo or
    presence).  Drawing the action is not counted, as in ``run``.  A room
    whose game ends starts again from its prepared state."""
    from companion import games, rooms
    from companion.games.base import sample_action
    floor = FloorRooms(db)
    tables = [room for room in floor.rooms.values() if room["status"] == "playing"]
    start = {room["code"]: rooms.encode(room["state"]) for room in tables}
    game = games.get(game_name)
    rng = random.Random(seed)

    def act(room: dict) -> float | None:
        seats = room["order"]
        moves = [(s, tpl) for s in seats for tpl in game.actions(room["state"], s)]
        if room["status"] != "playing" or not moves:
            room["state"], room["status"] = rooms.decode(start[room["code"]]), "playing"
            return None
        seat, tpl = rng.choice(moves)
        action = sample_action(tpl, rng)
        begin = time.process_time()
        if floor.act(room, seat, action) is None:
            for view in floor.views(room, {*seats, floor.HOST}).values():
                rooms.encode(["view", view])   # what the transport does with it
        return time.process_time() - begin

    for _ in range(min(300, count)):   # warm-up
        act(rng.choice(tables))
    spent = [act(rng.choice(tables)) for _ in range(count)]
    spent = [seconds for seconds in spent if seconds is not None]
    return 1000 * sum(spent) / max(1, len(spent))


def run(args) -> None:
    from companion import rooms
    from companion.errors import ServiceError
    from companion.service import Service
    from companion.store.sqlite import SqliteStore
    from companion.transport.sockets import without_view
    from companion.transport.view_patches import next_push

    tmp = tempfile.mkdtemp(prefix="action-cost-")
    store = {"redis": None, "db": os.path.join(tmp, "bench.db")}
    prepared = load.prepare_rooms(store, args.game, args.rooms, args.log_lines, args.seed)
    service = Service(SqliteStore(store["db"]), action_rate=0)
    latest: dict[str, dict] = {}   # token -> the latest view its socket got
    holder = {f"s{number}-{seat}": token for number, room in enumerate(prepared)
              for seat, token in enumerate(room["tokens"])}
    holder.update({f"t{number}": room["host"] for number, room in enumerate(prepared)})
    sessions = {sid: {"patches": args.patches} for sid in holder}   # as the transport keeps them
    session_of = {token: sessions[sid] for sid, token in holder.items()}
    phone_bytes = [0]   # what the seats' sockets were sent: pushes and acknowledgements

    def push(views, fresh):
        made: dict = {}
        for sid, view in views:
            if args.patches:   # what transport/sockets.py does for a socket that takes patches
                body = next_push(sessions[sid], view, sid == fresh, made)
                data = rooms.encode(["patch", body]) if body is not None else ""
            else:
                data = rooms.encode(["view", view])   # what the transport does with it
            if sid[0] == "s":
                phone_bytes[0] += len(data)
            if sid in holder:
                latest[holder[sid]] = view

    service.push = push
    connect_all(service, prepared)
    rng = random.Random(args.seed)
    for room in prepared:
        for token in room["tokens"] + [room["host"]]:
            latest[token] = service.view(room["code"], token, "en")

    def play(count: int, profiler=None) -> tuple[int, int, float]:
        ok = refused = 0
        spent = 0.0
        for _ in range(count):
            room = rng.choice(prepared)
            token, action = next_action(latest, room, rng, args.game)
            start = time.process_time()
            if profiler:
                profiler.enable()
            try:
                answer = service.act(room["code"], token, action, "en")
                latest[token] = answer["view"]
                if args.patches:
                    answer = without_view(answer, session_of[token])
                phone_bytes[0] += len(rooms.encode(answer))
                ok += 1
            except ServiceError:
                refused += 1
            if profiler:
                profiler.disable()
            spent += time.process_time() - start
        return ok, refused, spent

    play(min(300, args.actions))   # warm-up
    profiler = cProfile.Profile() if args.profile else None
    phone_bytes[0] = 0
    ok, refused, spent = play(args.actions, profiler)
    phones = sum(len(room["tokens"]) for room in prepared) / len(prepared)
    print(f"{args.game}{' (patches)' if args.patches else ''}: {ok} ok, {refused} refused, "
          f"{1000 * spent / max(1, ok + refused):.3f} ms CPU per action, "
          f"{phone_bytes[0] / max(1, ok) / phones:,.0f} bytes per phone per action")
    if args.floor:
        floor = floor_cost(store["db"], args.game, args.actions, args.seed)
        print(f"{args.game} floor (the game's own work, load.py's `rules`): {floor:.3f} ms CPU "
              f"per action; the platform adds {1000 * spent / max(1, ok + refused) - floor:.3f} ms")
    if profiler:
        stats = pstats.Stats(profiler)
        stats.sort_stats("tottime").print_stats(args.top)
        stats.sort_stats("cumulative").print_stats(args.top)
    service.store.close()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="hoax")
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--log-lines", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--floor", action="store_true",
                        help="also the game's own share alone (rules, views, templates, JSON)")
    parser.add_argument("--top", type=int, default=35)
    parser.add_argument("--patches", action="store_true",
                        help="every socket takes patches (transport/view_patches.py)")
    run(parser.parse_args(argv))


if __name__ == "__main__":
    main()
