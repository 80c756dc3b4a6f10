"""What running a game does to the room: its random source, undo steps,
a game's refusal as a service error, setting a game up, applying one of
its moves, the score history, its events in the log and its end.  The
lobby (starting a game, undo) and the referee (a seat's move) both use
these steps."""
from __future__ import annotations

import random

from . import games, rooms
from .errors import ServiceError, fail
from .games.base import Game, Illegal

#: what a game action changes in the room (and undo puts back)
GAME_KEYS = ("game", "options", "status", "state", "moves", "game_no", "winners",
             "points", "ended")


def game_rng(room: dict) -> random.Random:
    """The random source of the next game action: a function of the room's
    seed, the game number and the number of moves so far, so undo followed
    by the same action gives the same outcome (no fishing for a better deal)."""
    return random.Random(f"{room['seed']}/{room['game_no']}/{room['moves']}")


def snapshot(room: dict, what: dict) -> None:
    """An undo step, one JSON string the store keeps beside the room (not
    in its body, which every action reads and writes): the save that
    stores this action pushes it (``room["_undo"]``, see RoomCache.save_room)."""
    assert "_undo" not in room, "one undo step per action"
    room["_undo"] = ("push", rooms.encode({
        "what": what,
        **{key: room.get(key) for key in GAME_KEYS},
        "evening": len(room["evening"]),
    }))
    room["undo_n"] = min(room.get("undo_n", 0) + 1, rooms.HISTORY_MAX)


def refused(room: dict, game: Game, refusal: Illegal) -> ServiceError:
    """A game's refusal as a service error; seat names travel with it so
    the message can name players.  A raised refusal's traceback goes: game
    code often holds the Illegal it raises in a local, which tied the
    game's frames into a reference cycle on every refused action."""
    refusal.__traceback__ = None
    return ServiceError(refusal.code, refusal.status or game.error_status(refusal.code),
                        game=game.name, names=rooms.seat_names(room), **refusal.params)


def start_game(room: dict, action: dict) -> None:
    game = games.get(room["game"])
    seats = rooms.ordered_seats(room)
    low, high = game.player_range(room["options"])
    if not low <= len(seats) <= high:
        raise fail("player_count", min=low, max=high, count=len(seats))
    options = dict(room["options"])
    options.update({k: v for k, v in action.items() if k != "type"})
    room["game_no"] += 1
    room["moves"] = 0
    try:
        state, events = game.setup(seats, options, game_rng(room))
    except Illegal as refusal:
        raise refused(room, game, refusal)
    room["state"] = state
    room["status"] = "playing"
    room["winners"] = None
    room["ended"] = False
    room["points"] = []
    note_points(room, game)
    rooms.add_log(room, "log.started", {"game": {"text": "title"}}, game=game.name)
    room["game_log_n"] = room["log_n"]   # where this game's lines begin
    log_events(room, game, events)
    check_finished(room, game)


def apply_game_action(room: dict, game: Game, actor, action: dict) -> None:
    rng = game_rng(room)
    # the room is this action's own fresh copy (a refusal discards it whole),
    # so the game may change its state in place; the undo step is taken first
    snapshot(room, {"type": action["type"], "by": actor})
    try:
        state, events = game.apply(room["state"], actor, action, rng)
    except Illegal as refusal:
        raise refused(room, game, refusal)
    room["state"] = state
    room["moves"] += 1
    note_points(room, game)
    log_events(room, game, events)
    check_finished(room, game)


def note_points(room: dict, game: Game) -> None:
    """The score history of this game, for the chart at its end: one entry
    per move that changed a score (public, as the scores are)."""
    scores = {str(s): v for s, v in game.scores(room["state"]).items()}
    history = room.setdefault("points", [])
    if not history or history[-1]["scores"] != scores:
        history.append({"move": room["moves"], "scores": scores})


def log_events(room: dict, game: Game, events: list[dict]) -> None:
    for event in events:
        rooms.add_log(room, f"log.{event['key']}", event.get("params") or {},
                      event.get("to"), game=game.name)


def check_finished(room: dict, game: Game) -> None:
    winners = game.winners(room["state"])
    if winners is None:
        return
    room["status"] = "finished"
    room["winners"] = list(winners)
    room["evening"].append({"game": room["game"], "winners": list(winners),
                            "game_no": room["game_no"]})
    if winners:
        rooms.add_log(room, "log.finished", {"names": [{"seat": s} for s in winners]})
    else:
        rooms.add_log(room, "log.finished_nobody")
