"""The platform's own actions, the lobby's and the host's: who may do
which (the templates of the host and of each seat), the checks of names,
options and claim links, and what each action does to the room.  The
referee (referee.py) checks an action against these templates and
dispatches it to ``PLATFORM_ACTIONS``."""
from __future__ import annotations

from typing import Any, NamedTuple

from . import explain, games, rooms
from .errors import ServiceError, fail
from .gameplay import (
    GAME_KEYS,
    TIMER_MAX,
    TIMER_MIN,
    log_events,
    pause_timer,
    restore_timer,
    resume_timer,
    set_timer,
    snapshot,
    start_game,
    timer_on,
)
from .games.base import HOST, Game, template

HOST_TYPES = {"start", "seat_order", "kick", "reopen_seat", "undo", "end",
              "rematch", "new_game", "timer", "timer_pause", "timer_resume"}

#: the host's per-step timer: off (0), the usual lengths, or any TIMER_MIN..TIMER_MAX seconds
TIMER_PRESETS = [0, 30, 60, 120, 300]
TIMER_CUSTOM = {"kind": "int", "min": TIMER_MIN, "max": TIMER_MAX}
#: the room's own options beside the game's (POST /api/rooms {"options": {"timer": 60}})
PLATFORM_OPTIONS = {"timer", "explain"}


#: ``explain`` is the host's too (the room's switch): it is no host-only type
SEAT_TYPES = {"rename", "leave", "explain"}


def validate_options(game: Game, options: Any) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise fail("bad_option", option="options")
    clean = {}
    schema = {opt["name"]: opt for opt in game.options_schema}
    for name in options:
        if name not in schema:
            raise fail("bad_option", option=str(name)[:40])
    for name, opt in schema.items():
        value = options.get(name, opt.get("default"))
        kind = opt.get("kind")
        ok = ((kind == "bool" and isinstance(value, bool))
              or (kind == "int" and type(value) is int
                  and opt.get("min", -10**9) <= value <= opt.get("max", 10**9))
              or (kind == "choice" and value in opt.get("choices", []))
              or (kind == "text" and isinstance(value, str) and len(value) <= opt.get("max", 80)))
        if not ok:
            raise fail("bad_option", option=name)
        clean[name] = value
    return clean


def split_options(options: Any) -> tuple[Any, int]:
    """The game's options and the room's timer setting (``options.timer``:
    0 or TIMER_MIN..TIMER_MAX seconds, default 0 = off)."""
    if not isinstance(options, dict) or "timer" not in options:
        return options, 0
    options = dict(options)
    seconds = options.pop("timer")
    if not _timer_ok(seconds):
        raise fail("bad_option", option="timer")
    return options, seconds


def split_explain(options: Any) -> tuple[Any, bool | None]:
    """The game's options and the room's explain mode (``options.explain``:
    true or false; None: the default, on for the room's first game of a kind)."""
    if not isinstance(options, dict) or "explain" not in options:
        return options, None
    options = dict(options)
    on = options.pop("explain")
    if not isinstance(on, bool):
        raise fail("bad_option", option="explain")
    return options, on


def set_explain(room: dict, on: bool | None) -> None:
    """A new game's explain mode: the host's choice, else on for the first
    game of its kind in this room.  Players' own switches start afresh."""
    if on is None:
        on = explain.first_of_its_kind(room, room["game"])
    room["explain"] = explain.setting(on)


def _timer_ok(seconds: Any) -> bool:
    return type(seconds) is int and (seconds == 0 or TIMER_MIN <= seconds <= TIMER_MAX)


def check_name(room: dict, name: Any, seat: int | None = None) -> str:
    clean = rooms.clean_name(name)
    if not clean or len(clean) > rooms.NAME_MAX:
        raise fail("bad_name", max=rooms.NAME_MAX)
    for entry in room["seats"]:
        if entry["seat"] != seat and entry["name"].casefold() == clean.casefold():
            raise fail("name_taken")
    return clean


def claim_seat(room: dict, claim: Any, token: str) -> dict:
    if isinstance(claim, str) and claim:
        digest = rooms.token_hash(claim)
        for entry in room["seats"]:
            if entry["claim"] and entry["claim"] == digest:
                entry["claim"] = None
                entry["token"] = rooms.token_hash(token)
                rooms.add_log(room, "log.seat_claimed", {"name": entry["name"]})
                return {"seat": entry["seat"], "token": token}
    raise fail("bad_claim")


def host_templates(room: dict, game: Game, switch: list[str] | None, seats: list[int],
                   timer: dict | None) -> list[dict]:
    """The host's templates; ``switch``: the explain switch's value
    (``explain.switch_template_value``; None: left open, explain mode
    fills it in: ``views.build_views``), ``seats`` the seats in play and
    ``timer`` the running timer (``gameplay.timer_on``), passed in."""
    status = room["status"]
    out = []
    if status == "lobby":
        out.append(template("start", confirm=True, **game.start_fields(seats, room["options"])))
        if len(seats) > 1:
            out.append(template("seat_order", order={"kind": "order", "of": seats}))
    if room["seats"]:
        # in a game too: a late arrival may go; a player is told why not (the game's words)
        out.append(template("kick", confirm=True, seat=[e["seat"] for e in room["seats"]]))
    if seats:
        out.append(template("reopen_seat", confirm=True, seat=seats))
    if room.get("undo_n"):
        out.append(template("undo", confirm=True))
    out.append(template("explain", mode=switch))
    out.append(template("timer", seconds=TIMER_PRESETS))
    out.append(template("timer", seconds=TIMER_CUSTOM))
    if timer is not None:
        out.append(template("timer_resume" if timer.get("paused_left") is not None
                            else "timer_pause"))
    if status == "playing":
        out.extend(game.host_actions(room["state"]))
        out.append(template("end", confirm=True))
    if status == "finished":
        out.append(template("rematch", confirm=True))
    if status != "playing":
        out.append(template("new_game", game=sorted(games.all_games()),
                            options={"kind": "object"}))
    return out


def seat_templates(room: dict, game: Game, seat: int, switch: list[str] | None) -> list[dict]:
    """A seat's templates; ``switch`` as for ``host_templates``."""
    out = [template("rename", name={"kind": "text", "min": 1, "max": rooms.NAME_MAX}),
           template("explain", mode=switch)]
    playing = seat in room["order"]   # else it waits for the next game
    if room["status"] == "lobby" or not playing:
        out.append(template("leave", confirm=True))
    if room["status"] == "playing" and playing:
        out = game.actions(room["state"], seat) + out
    return out


def late_arrivals(room: dict) -> list[int]:
    """Seats that joined during a game: they play from the next one on."""
    return [entry["seat"] for entry in room["seats"] if entry["seat"] not in room["order"]]


def seat_late_arrivals(room: dict) -> None:
    room["order"].extend(late_arrivals(room))


class Shared(NamedTuple):
    """What every audience's templates read of the room, read once per
    broadcast by the caller: its game, the seats in play
    (``rooms.ordered_seats``) and the running timer (``gameplay.timer_on``)."""
    game: Game
    seats: list[int]
    timer: dict | None


def templates_for(room: dict, kind: str, seat: int | None, shared: Shared | None = None) -> list[dict]:
    """The audience's templates.  ``shared``: what a broadcast read once
    for all its audiences (``templates_for_each``), the explain switch then
    left open for explain mode to fill in (``views.build_views``); else
    everything, the switch's value too, is asked here."""
    if kind == "table":
        return []
    switch = None
    if shared is None:
        shared = Shared(games.get(room["game"]), rooms.ordered_seats(room), timer_on(room))
        switch = explain.switch_template_value(room, kind, seat)
    if kind == "host":
        return host_templates(room, shared.game, switch, shared.seats, shared.timer)
    return seat_templates(room, shared.game, seat, switch)


def templates_for_each(room: dict, audiences: list[tuple[str, int | None]], game: Game,
                       seats: list[int], timer: dict | None) -> dict[tuple, list | Exception]:
    """The templates of each audience (kind, seat) of one broadcast, in one
    call (issue #43), what they share passed in (the room's game, the seats
    in play, the timer): the lobby calls neither the registry, the room
    record, the timer nor explain mode per audience; every explain switch is
    left open (None) for explain mode to fill in.  Keyed by (kind, seat);
    an audience whose templates fail gets its exception, the others theirs."""
    shared = Shared(game, seats, timer)
    out: dict[tuple, list | Exception] = {}
    for kind, seat in audiences:
        if (kind, seat) not in out:
            try:
                out[(kind, seat)] = templates_for(room, kind, seat, shared)
            except Exception as exc:  # noqa: BLE001 - the view's builder reports it
                out[(kind, seat)] = exc
    return out


def why_not(room: dict, action: dict, seat: int | None) -> ServiceError | None:
    """The platform's own precise reasons for refusing one of its actions
    (pure checks; nothing is applied): the referee's, when no template
    admits the action."""
    type_ = action["type"]
    if type_ == "kick" and room["status"] == "playing":
        return fail("kick_in_game")
    if type_ == "undo" and not room.get("undo_n"):
        return fail("nothing_to_undo")
    if type_ in ("timer_pause", "timer_resume"):
        timer = timer_on(room)
        if timer is None:
            return fail("timer_off")
        if type_ == "timer_pause" and timer.get("paused_left") is not None:
            return fail("timer_paused")
        if type_ == "timer_resume" and timer.get("paused_left") is None:
            return fail("timer_running")
    if type_ == "start" and room["status"] == "playing":
        return fail("game_running")
    if type_ == "rename" and isinstance(action.get("name"), str):
        try:
            check_name(room, action["name"], seat)
        except ServiceError as error:
            return error
    if type_ == "new_game" and room["status"] != "playing":
        if not isinstance(action.get("game"), str) or games.get(action["game"]) is None:
            return fail("unknown_game")
        try:
            validate_options(games.get(action["game"]), action.get("options"))
        except ServiceError as error:
            return error
    return None


def act_start(room, seat, action, undo):
    snapshot(room, {"type": "start", "by": HOST}, undo)
    start_game(room, action)


def act_seat_order(room, seat, action, undo):
    room["order"] = list(action["order"])
    rooms.add_log(room, "log.seat_order", {"order": [{"seat": s} for s in room["order"]]})


def remove_seat(room: dict, number: int, key: str) -> None:
    entry = rooms.find_seat(room, number)
    room["seats"].remove(entry)
    if number in room["order"]:   # else it waited for the next game
        room["order"].remove(number)
        # an undo past this would bring back a game of a seat that is gone:
        # the history ends here (issue #39)
        room["undo_n"] = 0
    rooms.add_log(room, key, {"name": entry["name"]})


def act_kick(room, seat, action, undo):
    if room["status"] == "playing" and action["seat"] in room["order"]:
        name = rooms.find_seat(room, action["seat"])["name"]
        raise ServiceError("kick_in_game", game=room["game"], name=name)
    remove_seat(room, action["seat"], "log.kicked")


def act_leave(room, seat, action, undo):
    remove_seat(room, seat, "log.left")


def act_rename(room, seat, action, undo):
    entry = rooms.find_seat(room, seat)
    old = entry["name"]
    entry["name"] = check_name(room, action["name"], seat)
    rooms.add_log(room, "log.renamed", {"old": old, "name": entry["name"]})


def act_reopen_seat(room, seat, action, undo):
    entry = rooms.find_seat(room, action["seat"])
    claim = rooms.new_token()
    entry["token"] = None          # the old phone stops working at once
    entry["claim"] = rooms.token_hash(claim)
    rooms.add_log(room, "log.seat_reopened", {"name": entry["name"]})
    return {"seat": entry["seat"], "claim": claim}


def act_undo(room, seat, action, undo):
    """Restores the newest undo step, as the store keeps it (the service
    reads it in: Service.act)."""
    if not room.get("undo_n") or undo.newest is None:
        raise fail("nothing_to_undo")
    last = undo.pop()
    room["undo_n"] -= 1
    for key in GAME_KEYS:
        room[key] = last.get(key)
    del room["evening"][last["evening"]:]
    if "order" in last:   # steps stored before issue #39 leave the order alone
        seated = {entry["seat"] for entry in room["seats"]}
        room["order"] = [s for s in last["order"] if s in seated]
    if "timer" in last:   # steps stored before the timer existed leave it alone
        restore_timer(room, last["timer"])
    what = last["what"]
    game = games.get(room["game"])
    rooms.add_log(room, "log.undone", {"what": {"text": f"action.{what['type']}"}},
                  game=game.name)


def act_end(room, seat, action, undo):
    snapshot(room, {"type": "end", "by": HOST}, undo)
    if room["status"] == "playing":   # what the game shows when it ends early (a sealed rule)
        game = games.get(room["game"])
        log_events(room, game, game.end(room["state"]))
    room["status"] = "finished"
    room["winners"] = []
    room["ended"] = True
    rooms.add_log(room, "log.ended")


def act_rematch(room, seat, action, undo):
    """The same game and options again, through the lobby: late arrivals
    take their seats, players may leave, the order may change; the host
    starts it."""
    snapshot(room, {"type": "rematch", "by": HOST}, undo)
    room.update(status="lobby", state=None, winners=None)
    if room.get("explain"):   # the same kind again: the room's explanations go off, players' stay
        room["explain"]["on"] = explain.first_of_its_kind(room, room["game"])
    seat_late_arrivals(room)
    rooms.add_log(room, "log.rematch", {"game": {"text": "title"}}, game=room["game"])


def act_new_game(room, seat, action, undo):
    game = games.get(action["game"])
    options, on = split_explain(action.get("options"))
    options = validate_options(game, options)
    snapshot(room, {"type": "new_game", "by": HOST}, undo)
    room.update(game=game.name, options=options, status="lobby", state=None, winners=None)
    set_explain(room, on)
    seat_late_arrivals(room)
    rooms.add_log(room, "log.new_game", {"game": {"text": "title"}}, game=game.name)


def act_timer(room, seat, action, undo):
    """Not an undo step: the clock is the host's, not the game's (an undo
    right after a pause takes back the last move, not the pause)."""
    set_timer(room, action["seconds"])


def act_explain(room, seat, action, undo):
    """Not an undo step, and no log line: how a screen talks is each
    viewer's business (a seat's own switch; the host's is the room's)."""
    explain.switch(room, "host" if seat is None else "seat", seat, action["mode"])


def act_timer_pause(room, seat, action, undo):
    pause_timer(room)


def act_timer_resume(room, seat, action, undo):
    resume_timer(room)


#: the platform's actions, each ``(room, seat, action, undo)``: ``undo`` the
#: action's undo steps (gameplay.UndoSteps), which undo, start, end, rematch
#: and new_game change
PLATFORM_ACTIONS = {
    "timer": act_timer, "timer_pause": act_timer_pause, "timer_resume": act_timer_resume,
    "start": act_start, "seat_order": act_seat_order, "kick": act_kick,
    "reopen_seat": act_reopen_seat, "end": act_end,
    "rematch": act_rematch, "new_game": act_new_game,
    "rename": act_rename, "leave": act_leave, "explain": act_explain, "undo": act_undo,
}
