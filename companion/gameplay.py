"""What running a game does to the room: its random source, undo steps,
a game's refusal as a service error, setting a game up, applying one of
its moves, the score history, its events in the log and its end; and
the books kept after every accepted action (``keep_books``: the step's
timer, since when the game waits).  The lobby (starting a game, undo)
and the referee (a seat's move) both use these steps."""
from __future__ import annotations

import random
import time

from . import games, rooms
from .errors import ServiceError, fail
from .games.base import Game, Illegal

#: what a game action changes in the room (and undo puts back)
GAME_KEYS = ("game", "options", "status", "state", "moves", "game_no", "winners",
             "points", "ended", "decisive")


def game_rng(room: dict) -> random.Random:
    """The random source of the next game action: a function of the room's
    seed, the game number and the number of moves so far, so undo followed
    by the same action gives the same outcome (no fishing for a better deal)."""
    return random.Random(f"{room['seed']}/{room['game_no']}/{room['moves']}")


class UndoSteps:
    """One action's undo steps, passed along its path (never kept in the
    room): ``newest`` the newest step as the store keeps it, read in for an
    undo (Service.act); ``change`` what storing the room does to the steps,
    collected out for the store's ``save``: ``("push", step)``, ``("pop",)``
    or None."""

    def __init__(self, newest: str | None = None):
        self.newest = newest
        self.change: tuple | None = None

    def push(self, step: str) -> None:
        assert self.change is None, "one undo step per action"
        self.change = ("push", step)

    def pop(self) -> dict:
        """The newest step, taken back."""
        assert self.change is None and self.newest is not None
        self.change = ("pop",)
        return rooms.decode(self.newest)


def snapshot(room: dict, what: dict, undo: UndoSteps) -> None:
    """An undo step, one JSON string the store keeps beside the room (not
    in its body, which every action reads and writes): the save that
    stores this action pushes it (``undo``, see RoomCache.save_room)."""
    undo.push(rooms.encode({
        "what": what,
        **{key: room.get(key) for key in GAME_KEYS},
        "evening": len(room["evening"]),
        "timer": timer_snapshot(room),
        # who plays: undo puts it back, so a seat seated by a rematch or a
        # new game is a spectator again, never a player without a game
        "order": list(room["order"]),
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
    room["decisive"] = None   # explain mode's last decisive event (log_events)
    note_points(room, game)
    rooms.add_log(room, "log.started", {"game": {"text": "title"}}, game=game.name)
    room["game_log_n"] = room["log_n"]   # where this game's lines begin
    log_events(room, game, events)
    check_finished(room, game)


def apply_game_action(room: dict, game: Game, actor, action: dict, undo: UndoSteps) -> None:
    rng = game_rng(room)
    # the room is this action's own fresh copy (a refusal discards it whole),
    # so the game may change its state in place; the undo step is taken first
    snapshot(room, {"type": action["type"], "by": actor}, undo)
    before = owed(room, game)
    try:
        state, events = game.apply(room["state"], actor, action, rng)
    except Illegal as refusal:
        raise refused(room, game, refusal)
    room["state"] = state
    room["moves"] += 1
    note_points(room, game)
    log_events(room, game, events)
    moved_on(room, game, before)
    check_finished(room, game)


def owed(room: dict, game: Game) -> set[tuple[int, str]]:
    """What the game waits for: each awaited seat with each kind of move it
    owes (``required`` templates' types)."""
    if room["status"] != "playing":
        return set()
    return {(s, t["type"]) for s in room["order"] for t in game.actions(room["state"], s)
            if t.get("required")}


def moved_on(room: dict, game: Game, before: set[tuple[int, str]]) -> None:
    """Explain mode's "what it meant" is about what just happened: it stays
    while the game goes on with the same step (what it waits for only
    shrinks as the players move), and ends when a move without a decisive
    event of its own makes the game wait for someone new (issue #45: a HOAX
    doubt opened and the table still said what the event before it had
    meant) or for a new kind of move (issue #40: an Eselsbrücke appeal that
    asks only the player on turn, who now must answer instead of naming)."""
    decisive = room.get("decisive")
    if decisive and decisive["move"] != room["moves"] and not owed(room, game) <= before:
        room["decisive"] = None


def note_points(room: dict, game: Game) -> None:
    """The score history of this game, for the chart at its end: one entry
    per move that changed a score (public, as the scores are)."""
    scores = {str(s): v for s, v in game.scores(room["state"]).items()}
    history = room.setdefault("points", [])
    if not history or history[-1]["scores"] != scores:
        history.append({"move": room["moves"], "scores": scores})


def log_events(room: dict, game: Game, events: list[dict]) -> None:
    decisive = None
    for event in events:
        rooms.add_log(room, f"log.{event['key']}", event.get("params") or {},
                      event.get("to"), game=game.name)
        if decisive is None and event.get("to") is None and f"meaning.{event['key']}" in game.texts["en"]:
            decisive = room["log_n"]
    if decisive is not None:   # explain mode: the table says what the move's first decisive event meant
        room["decisive"] = {"n": decisive, "move": room["moves"]}


def check_finished(room: dict, game: Game) -> None:
    winners = game.winners(room["state"])
    if winners is None:
        return
    room["status"] = "finished"
    room["winners"] = list(winners)
    # the game's final scores and their history stay with the evening (its page and
    # downloads chart every game, not only the last one): public once the game is over
    room["evening"].append({"game": room["game"], "winners": list(winners),
                            "game_no": room["game_no"],
                            "scores": {str(s): v for s, v in game.scores(room["state"]).items()},
                            "points": list(room.get("points", []))})
    if winners:
        rooms.add_log(room, "log.finished", {"names": [{"seat": s} for s in winners]})
    else:
        rooms.add_log(room, "log.finished_nobody")


# --- the host's per-step timer (issue #28) ------------------------------------
# ``room["timer"]``: {"seconds": the host's setting (0: off), "deadline": the
# end of the running step as epoch seconds (None while paused or while nobody
# is awaited), "paused_left": the seconds left while paused (None while
# running), "waiting": the awaited seats the clock was started for}.  Time
# running out changes nothing in the game: the host decides (``close``).

TIMER_MIN, TIMER_MAX = 10, 3600


def awaited(room: dict, game: Game | None = None) -> tuple[list[int], bool]:
    """Whom the game cannot go on without: the seats offered a ``required``
    template, in seating order; and whether any one of them is enough
    (every such template a ``race``)."""
    seats, race = [], True
    if room["status"] == "playing":
        game = game or games.get(room["game"])
        for s in room["order"]:
            required = [t for t in game.actions(room["state"], s) if t.get("required")]
            if required:
                seats.append(s)
                race = race and all(t.get("race") for t in required)
    return seats, race and len(seats) > 1


def timer_on(room: dict) -> dict | None:
    timer = room.get("timer")
    return timer if timer and timer.get("seconds") else None


def timer_left(timer: dict, now: float) -> float | None:
    """The seconds left of the running or paused step (None: no step runs)."""
    if timer.get("paused_left") is not None:
        return timer["paused_left"]
    if timer.get("deadline") is not None:
        return max(0.0, timer["deadline"] - now)
    return None


def set_timer(room: dict, seconds: int, now: float | None = None) -> None:
    """The host's setting: 0 switches the timer off; a new length starts the
    current step again with it (paused stays paused, with the full length)."""
    now = time.time() if now is None else now
    if not seconds:
        room["timer"] = {"seconds": 0, "deadline": None, "paused_left": None, "waiting": None}
        return
    paused = bool(timer_on(room)) and room["timer"].get("paused_left") is not None
    room["timer"] = {"seconds": seconds, "deadline": None, "paused_left": None, "waiting": None}
    follow_timer(room, now)
    if paused:
        pause_timer(room, now)


def pause_timer(room: dict, now: float | None = None) -> None:
    timer = room["timer"]
    now = time.time() if now is None else now
    left = timer_left(timer, now)
    timer["paused_left"] = round(timer["seconds"] if left is None else left, 3)
    timer["deadline"] = None


def resume_timer(room: dict, now: float | None = None) -> None:
    timer = room["timer"]
    now = time.time() if now is None else now
    left = timer.get("paused_left")
    timer["paused_left"] = None
    timer["deadline"] = round(now + left, 3) if timer.get("waiting") and left is not None else None


def follow_timer(room: dict, now: float | None = None) -> None:
    """After every accepted action: when the set of awaited seats changed,
    the game moved on and the step's clock starts again (a paused clock
    stays paused, full again).  Nobody awaited (lobby, end): no clock runs."""
    timer = timer_on(room)
    if timer is None:
        return
    waiting = awaited(room)[0]
    if waiting == timer.get("waiting"):
        return
    now = time.time() if now is None else now
    timer["waiting"] = waiting
    paused = timer.get("paused_left") is not None
    if paused:
        timer["paused_left"] = timer["seconds"]
        timer["deadline"] = None
    else:
        timer["deadline"] = round(now + timer["seconds"], 3) if waiting else None


def keep_books(room: dict) -> None:
    """After every accepted action: the step's clock and since when the
    game waits follow whom it waits for now."""
    follow_timer(room)   # the game moved on: the step's clock starts again
    follow_waiting(room)


def follow_waiting(room: dict, now: float | None = None) -> None:
    """When the seats the game waits for changed, the step starts now (a
    race's wait is counted from here: host_powers.cause_at)."""
    seats = awaited(room)[0] if room["status"] == "playing" else []
    kept = room.get("waiting_since")
    if kept and kept.get("seats") == seats:
        return
    room["waiting_since"] = {"seats": seats, "at": round(time.time() if now is None else now, 3)}


def timer_snapshot(room: dict) -> dict | None:
    """What an undo step keeps of the clock: the seconds left then."""
    timer = timer_on(room)
    if timer is None:
        return None
    left = timer_left(timer, time.time())
    return {"left": None if left is None else round(left, 3),
            "paused": timer.get("paused_left") is not None, "waiting": timer.get("waiting")}


def restore_timer(room: dict, saved: dict | None, now: float | None = None) -> None:
    """Undo puts the clock back as it was when the undone action came: the
    same seconds left, paused or running.  The host's setting stays."""
    timer = timer_on(room)
    if timer is None:
        return
    now = time.time() if now is None else now
    if not saved or saved.get("left") is None:
        timer.update(waiting=None, deadline=None,
                     paused_left=timer["seconds"] if timer.get("paused_left") is not None else None)
        return   # follow_timer starts the restored step afresh
    left = min(saved["left"], TIMER_MAX)
    timer["waiting"] = saved.get("waiting")
    if saved.get("paused"):
        timer.update(paused_left=left, deadline=None)
    else:
        timer.update(paused_left=None, deadline=round(now + left, 3))


def timer_view(room: dict, now: float | None = None) -> dict | None:
    """The view's ``timer``: null when off, else the setting, the deadline
    (epoch seconds, null while paused or while nobody is awaited), the
    seconds left while paused, and the server's clock (clients correct
    their own by it)."""
    timer = timer_on(room)
    if timer is None:
        return None
    now = time.time() if now is None else now
    return {"seconds": timer["seconds"], "deadline": timer.get("deadline"),
            "paused_left": timer.get("paused_left"), "server_now": round(now, 3)}
