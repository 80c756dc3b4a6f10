"""The referee: one action checked (``check``: action known → listed for
this viewer → fields admitted → the game's rules, and the precise reason
when it is refused) and applied (``apply``) to the room.  Pure: the caller holds a fresh copy of the room and stores it
only if the action was applied."""
from __future__ import annotations

from typing import Any

from . import games, lobby, rooms
from .errors import ServiceError, fail
from .gameplay import UndoSteps, apply_game_action, keep_books, refused
from .games.base import HOST, Game, Illegal, default_why_not, match_action
from .host_powers import Absence
from .host_powers import check as check_cause
from .lobby import HOST_TYPES, PLATFORM_ACTIONS, SEAT_TYPES


def known_type(game: Game, type_: str) -> bool:
    return type_ in HOST_TYPES or type_ in SEAT_TYPES or type_ in game.action_types


def apply_action(room: dict, kind: str, seat: int | None, action: dict, undo: UndoSteps,
                 templates: list[dict] | None = None, absence: Absence | None = None) -> Any:
    """Checks and applies one action to ``room`` in place (the caller holds a
    fresh copy and stores it, with ``undo.change``, only if this returns),
    then keeps the books: the three steps Service.act takes one by one."""
    action = check(room, kind, seat, action, templates, absence)
    result = apply(room, kind, seat, action, undo)
    keep_books(room)
    return result


def check(room: dict, kind: str, seat: int | None, action: dict,
          templates: list[dict] | None = None, absence: Absence | None = None) -> dict:
    """The action as it will be applied (``start`` with its defaults), or
    the precise refusal: known, a token, the host's, listed for this
    viewer with every field admitted, else the game's own reason; a host
    tool that skips a seat needs a cause.  ``templates``: the audience's
    templates at this state, if the caller has them; ``absence``: the
    room's phones (None: a caller without phones, no such check)."""
    game = games.get(room["game"])
    type_ = action["type"]
    if not known_type(game, type_):
        raise fail("unknown_action")
    if kind == "table":
        raise fail("missing_token")
    if type_ in HOST_TYPES and kind != "host":
        raise fail("host_only")
    if type_ == "start" and kind == "host":
        action = with_start_defaults(room, game, action)
    if templates is None:
        templates = lobby.templates_for(room, kind, seat)
    tpl, bad_field = match_action(templates, action)
    if tpl is None:
        raise why_refused(room, game, kind, HOST if kind == "host" else seat, action, bad_field)
    if kind == "host" and type_ in game.host_skips and type_ not in HOST_TYPES | SEAT_TYPES:
        check_cause(room, game, action, absence)
    return action


def apply(room: dict, kind: str, seat: int | None, action: dict, undo: UndoSteps) -> Any:
    """Applies a checked action: a platform action (lobby.py; ``undo``
    restores ``undo.newest``, the newest step as the store keeps it) or
    the game's move with its log lines and points (gameplay.py).  The undo
    step it takes or takes back goes into ``undo.change``, for the store.
    Returns what the action answers besides the view (a claim link)."""
    type_ = action["type"]
    if type_ in HOST_TYPES or type_ in SEAT_TYPES:
        return PLATFORM_ACTIONS[type_](room, seat, action, undo)
    game = games.get(room["game"])
    first_line = room["log_n"] + 1
    result = apply_game_action(room, game, HOST if kind == "host" else seat, action, undo)
    if kind == "host" and type_ in game.host_skips and room["log_n"] >= first_line:
        room["host_skip"] = first_line   # the table announces the host's skip (its first line)
    return result


def why_refused(room: dict, game: Game, kind: str, actor, action: dict,
                bad_field: str | None) -> ServiceError:
    """The reason no template admits ``action``: the game says it for its
    own actions while it runs (``why_not``, never a trial ``apply``); the
    templates say it otherwise."""
    type_ = action["type"]
    is_game_action = type_ not in HOST_TYPES and type_ not in SEAT_TYPES
    if is_game_action and room["status"] == "finished":
        return fail("game_over")
    if is_game_action and room["status"] == "playing":
        if kind == "seat" and actor not in room["order"]:
            return refused(room, game, Illegal("not_in_game"))
        state = room["state"]
        refusal = game.why_not(state, actor, action) or default_why_not(
            game, state, actor, action, rooms.ordered_seats(room))
        return refused(room, game, refusal)
    if not is_game_action:
        reason = lobby.why_not(room, action, seat=actor if kind == "seat" else None)
        if reason is not None:
            return reason
    if bad_field is not None and bad_field != "?":
        missing = bad_field not in action
        return fail("missing_field" if missing else "invalid_field",
                       field={"text": f"field.{bad_field}"})
    return fail("not_allowed")


def with_start_defaults(room: dict, game: Game, action: dict) -> dict:
    """A list field left out of ``start`` takes its first allowed value
    (the game orders its lists with the documented default first)."""
    filled = dict(action)
    for name, spec in game.start_fields(rooms.ordered_seats(room), room["options"]).items():
        if name not in filled and isinstance(spec, list) and spec:
            filled[name] = spec[0]
    return filled
