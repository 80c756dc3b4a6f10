"""The one referee path.  Every transport (HTTP, Socket.IO) calls these
functions; they authenticate, check, apply on a copy, store (compare-and-set
on the room's version, so no update is ever lost), and only then push every
connected client the view of its own token.

Order of checks for an action (as boardgame.io's master does it): room
exists → token valid → body well-formed → action known → listed for this
viewer → fields admitted → the game's rules → store → push.
"""
from __future__ import annotations

import functools
import random
import threading
import time
from collections import defaultdict
from typing import Any, Callable

from . import games, rooms
from .errors import (ServiceError, bad_request, conflict, fail, forbidden, invalid,
                     not_found, unauthorized)
from .games.base import HOST, Game, Illegal, default_why_not, match_action, template
from .i18n import translate
from .store import Store
from .buckets import TokenBuckets

#: what a game action changes in the room (and undo puts back)
GAME_KEYS = ("game", "options", "status", "state", "moves", "game_no", "winners",
             "points", "ended")
HOST_TYPES = {"start", "seat_order", "kick", "reopen_seat", "undo", "end",
              "rematch", "new_game"}
SEAT_TYPES = {"rename", "leave"}
SAVE_ATTEMPTS = 200
LOG_IN_VIEW = 150
LOGS_KEPT = 5_000   # rooms a process keeps log lines and templates of (keep_for)
#: a pushed view's log: the lines the action added, and at least this many
#: (the page keeps the rest; a socket's first view carries LOG_IN_VIEW)
LOG_PUSH = 6


def game_rng(room: dict) -> random.Random:
    """The random source of the next game action: a function of the room's
    seed, the game number and the number of moves so far, so undo followed
    by the same action gives the same outcome (no fishing for a better deal)."""
    return random.Random(f"{room['seed']}/{room['game_no']}/{room['moves']}")


class Service:
    def __init__(self, store: Store, action_rate: float = 20.0, action_burst: float = 60.0):
        self.store = store
        self.push: Callable[[list[tuple[str, dict]]], None] | None = None
        # told about sockets whose token stopped opening the room: (code, [(sid, lang)])
        self.revoke: Callable[[str, list[tuple[str, str]]], None] | None = None
        # actions per token: the same token buckets as the per-address limits
        self.limiter = TokenBuckets({"action": (action_burst, 1 / action_rate)}
                                     if action_rate > 0 else None)
        self._locks: dict[str, threading.Lock] = defaultdict(threading.Lock)
        self._saved: dict[str, int] = {}   # the last version this process stored, per room
        # each room's log lines as last read or written here, by code:
        # (seed, version, lines); lines are append-only, so a load reads only
        # newer ones, and none while the stored version is the one kept
        self._logs: dict[str, tuple[str, int, list[dict]]] = {}
        # each room's action templates by (kind, seat), as its last broadcast
        # built them: (seed, version, templates); the next action is matched
        # against them instead of building its actor's templates again
        self._templates: dict[str, tuple[str, int, dict]] = {}
        self.stopping = False   # set by a clean stop: sockets' goodbyes touch no store

    # --- loading and saving ------------------------------------------------

    def load(self, code: str) -> dict:
        """A fresh copy of the room, its log included: the body and the log
        lines this process has not seen yet, read at one instant.  When the
        stored version is the one whose lines this process keeps (it wrote
        or read that version last, as with every room it serves alone), the
        body is all it reads."""
        code = rooms.normalise_code(code)
        if len(code) != rooms.CODE_LENGTH:
            raise not_found("no_room")
        known = self._logs.get(code)
        loaded = self.read(code, known)
        if loaded is None:
            raise not_found("no_room")
        body, version, lines = loaded
        room = rooms.decode(body)
        room["version"] = version
        if "history" in room:   # stored before undo steps left the body: those steps go
            del room["history"]
            room["undo_n"] = 0
        if "log" in room:   # stored before the log left the body: the next save stores it
            room["_log_saved"] = 0
            return room
        if known and (known[0] != room["seed"] or known[2] and known[2][-1]["n"] > room["log_n"]):
            del self._logs[code]   # another room of the same code, or a body put back: read all
            return self.load(code)
        log = known[2] if known else []
        if lines:
            new = [rooms.decode(line) for line in lines]
            # lines past the body's log_n: a body put back (tests) left them; not this room's
            log = log + [e for e in new if e["n"] <= room["log_n"]]
        self.keep_log(room, log)
        room["log"] = list(log)   # the room's own list: its changes must not reach the kept one
        return room

    def read(self, code: str, known: tuple | None) -> tuple[str, int, list[str]] | None:
        """The stored body, its version and the log lines after the ones
        ``known`` (this process's ``_logs`` entry) holds."""
        if known is None:
            return self.store.load_with_log(code, 0)
        stored = self.store.load(code)
        if stored is None:
            return None
        if stored[1] == known[1]:   # versions only grow: the same version, the same lines
            return (*stored, [])
        return self.store.load_with_log(code, known[2][-1]["n"] if known[2] else 0)

    def keep_log(self, room: dict, log: list[dict]) -> None:
        """Keeps the room's log lines as of its version, for the next load."""
        keep_for(self._logs, room, log)

    def keep_templates(self, room: dict, views: dict) -> None:
        """Keeps the templates of the views just built (a template is
        never changed once built), for matching the room's next action."""
        keep_for(self._templates, room, {
            key[:2]: view["actions"] for key, view in views.items() if key != "connected"})

    def kept_templates(self, room: dict, kind: str, seat: int | None) -> list[dict] | None:
        """The audience's templates at the room's version, if kept."""
        kept = self._templates.get(room["code"])
        if kept is None or kept[:2] != (room["seed"], room["version"]):
            return None
        return kept[2].get((kind, seat))

    def save_room(self, room: dict, expected: int, since: int) -> bool:
        """Stores the room at its version if the stored one is ``expected``:
        the body, the log lines after line ``since`` and its undo change."""
        undo = room.pop("_undo", None)
        since = room.pop("_log_saved", since)
        room.pop("_last_undo", None)
        new = []
        for entry in reversed(room["log"]):
            if entry["n"] <= since:
                break
            new.append((entry["n"], rooms.encode(entry)))
        new.reverse()
        if not self.store.save(room["code"], room_body(room), room["version"], expected, undo, new):
            return False
        self.keep_log(room, room["log"])   # add_log keeps LOG_MAX
        self._saved[room["code"]] = room["version"]
        return True

    def _change(self, code: str, change: Callable[[dict], Any],
                loaded: dict | None = None) -> tuple[dict, Any, dict]:
        """Applies ``change`` to a fresh copy of the room and stores it with
        compare-and-set; retries on a concurrent write.  A raised error
        stores nothing.  Pushes views after the store succeeded and returns
        ``(room, result, views)`` (the views pushed, by audience).
        ``loaded`` is a copy the caller just loaded and will not use again:
        the first attempt starts from it instead of loading once more."""
        code = rooms.normalise_code(code)
        room = loaded or self.load(code)   # no lock is made for a room that does not exist
        with self._locks[code]:   # one room's actions one after the other here
            if self._saved.get(code, -1) > room["version"]:
                room = self.load(code)   # judged on the state after the action before it
            for _ in range(SAVE_ATTEMPTS):
                expected, since, names = room["version"], room["log_n"], seat_names(room)
                result = change(room)
                room["version"] = expected + 1
                if self.save_room(room, expected, since):
                    break
                time.sleep(0.001)   # another process won; reload and redo
                room = self.load(code)
            else:
                raise fail("busy")
        return room, result, self.broadcast(room, since=since,
                                            renamed=renamed_seats(names, room))

    # --- rooms and seats ---------------------------------------------------

    def create_room(self, game_name: str, options: Any) -> dict:
        game = games.get(game_name) if isinstance(game_name, str) else None
        if game is None:
            raise invalid("unknown_game")
        options = validate_options(game, options)
        host_token = rooms.new_token()
        for _ in range(50):
            code = rooms.new_code()
            room = rooms.new_room(code, game.name, options, host_token)
            rooms.add_log(room, "log.room_created", {"room": code, "game": {"text": "title"}},
                          game=game.name)
            if self.store.create(code, room_body(room),
                                 [(e["n"], rooms.encode(e)) for e in room["log"]]):
                return {"code": code, "host_token": host_token}
        raise fail("busy")

    def join(self, code: str, name: Any = None, claim: Any = None) -> dict:
        token = rooms.new_token()

        def sit(room: dict) -> dict:
            if claim is not None:
                return claim_seat(room, claim, token)
            clean = check_name(room, name)
            game = games.get(room["game"])
            if len(room["seats"]) >= game.player_range(room["options"])[1]:
                raise conflict("room_full")
            number = room["next_seat"]
            room["next_seat"] += 1
            room["seats"].append({"seat": number, "name": clean,
                                  "token": rooms.token_hash(token), "claim": None})
            if room["status"] == "playing":   # a late arrival watches and plays from the next game on
                rooms.add_log(room, "log.joined_next", {"name": clean})
            else:
                room["order"].append(number)
                rooms.add_log(room, "log.joined", {"name": clean})
            return {"seat": number, "token": token}

        _, result, _ = self._change(code, sit)
        return result

    # --- views -------------------------------------------------------------

    def audience(self, room: dict, token: str | None,
                 hashed: bool = False) -> tuple[str, int | None]:
        """("table"|"host"|"seat", seat) for a token (``hashed``: for its
        digest, as presence keeps it); a wrong token is 401."""
        if not token:
            return "table", None
        digest = token if hashed else rooms.token_hash(token)
        if rooms.is_host_digest(room, digest):
            return "host", None
        entry = rooms.seat_by_digest(room, digest)
        if entry is None:
            raise unauthorized("bad_token")
        return "seat", entry["seat"]

    def view(self, code: str, token: str | None, lang: str) -> dict:
        room = self.load(code)
        kind, seat = self.audience(room, token)
        return build_view(room, kind, seat, lang, self.connected_seats(room))

    def connected_seats(self, room: dict) -> set[int]:
        connected = set()
        for _, digest, _ in self.store.presence(room["code"]):
            if digest and not rooms.is_host_digest(room, digest):
                entry = rooms.seat_by_digest(room, digest)
                if entry is not None:
                    connected.add(entry["seat"])
        return connected

    def broadcast(self, room: dict, since: int | None = None, fresh: str | None = None,
                  presence: list | None = None, renamed: frozenset = frozenset()) -> dict:
        """Every connected socket of the room gets the view of its token.
        Pushed views carry the log's tail: the lines after ``since`` (the
        room's ``log_n`` before the change) and at least LOG_PUSH, plus
        under ``log_changed`` the earlier lines that name a seat of
        ``renamed`` (their text changed); the socket ``fresh`` (just
        connected, or its language changed) gets the whole log, and when
        ``fresh`` changes nothing the others see (the table, a second tab
        of a connected seat) only it gets a view.  What all the views
        share is built once (``ViewParts``).
        Returns the views built, by (kind, seat, lang, whole log?), plus
        the connected seats under the key "connected"."""
        if presence is None:
            presence = self.store.presence(room["code"]) if self.push is not None else []
        audiences = {}
        revoked = []
        for sid, digest, lang in presence:
            try:
                audiences[sid] = self.audience(room, digest, hashed=True), lang
            except ServiceError:
                revoked.append((sid, lang))   # token revoked: no more views; the phone is told
        connected = {aud[1] for aud, _ in audiences.values() if aud[0] == "seat"}
        views: dict = {"connected": connected}
        tail = log_tail_from(room, since)
        told = [(sid, aud, lang) for sid, (aud, lang) in audiences.items()
                if fresh is None or sid == fresh or changes_others(audiences, fresh)]
        parts = ViewParts(room, connected, {aud[1] if aud[0] == "seat" else None
                                            for _, aud, _ in told}, renamed) if told else None
        out = []
        for sid, aud, lang in told:
            full = sid == fresh
            key = (aud[0], aud[1], lang, full)
            if key not in views:
                views[key] = build_view(room, aud[0], aud[1], lang, connected,
                                        log_from=None if full else tail, parts=parts)
            out.append((sid, views[key]))
        self.keep_templates(room, views)
        if out:
            self.push(out)
        if revoked and self.revoke is not None:
            self.revoke(room["code"], revoked)
        return views

    # --- presence (sockets) ------------------------------------------------

    def connect(self, code: str, token: str | None, sid: str, lang: str) -> dict:
        room = self.load(code)
        kind, seat = self.audience(room, token)
        # presence keeps the token's digest only, as the room does
        self.store.presence_add(room["code"], sid, rooms.token_hash(token) if token else "", lang)
        self.broadcast(room, fresh=sid)   # this socket's first view, and the seat's connected dot
        return {"kind": kind, "seat": seat}

    def disconnect(self, code: str, sid: str) -> None:
        code = rooms.normalise_code(code)
        before = self.store.presence(code)
        self.store.presence_remove(code, sid)
        digest = next((d for s, d, _ in before if s == sid), "")
        if not digest or any(d == digest for s, d, _ in before if s != sid):
            return   # the table, or a seat still connected on another socket: no dot changes
        try:
            room = self.load(code)
            if self.audience(room, digest, hashed=True)[0] == "host":
                return
        except ServiceError:
            return   # the room is gone, or the token no longer opens it
        self.broadcast(room, presence=[entry for entry in before if entry[0] != sid])

    # --- actions -----------------------------------------------------------

    def act(self, code: str, token: str | None, action: Any, lang: str) -> dict:
        room = self.load(code)   # 404 before 401 before 400
        kind, seat = self.audience(room, token)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise bad_request("bad_json")
        self.limiter.spend("action", f"{room['code']}/{token}")
        holder: dict = {}

        def apply(room: dict) -> Any:
            # the token may have been revoked between load and lock
            holder["aud"] = self.audience(room, token)
            if action["type"] == "undo" and room.get("undo_n"):
                room["_last_undo"] = self.store.last_undo(room["code"])
            kind, seat = holder["aud"]
            return apply_action(room, kind, seat, action, self.kept_templates(room, kind, seat))

        room, result, views = self._change(code, apply, loaded=room)
        kind, seat = holder["aud"]
        if kind == "seat" and rooms.find_seat(room, seat) is None:
            kind, seat = "table", None   # the seat just left
        view = views.get((kind, seat, lang, False))
        if view is None:   # the actor has no socket here (HTTP)
            connected = views["connected"] if self.push is not None else self.connected_seats(room)
            view = build_view(room, kind, seat, lang, connected)
        answer = {"ok": True, "view": view}
        if result:
            answer["result"] = result
        return answer


def keep_for(kept: dict, room: dict, value) -> None:
    """Keeps ``value`` under the room's code with its seed and version.  At
    most LOGS_KEPT rooms: then it starts over (cheap and rare; what is not
    kept is read or built again)."""
    if len(kept) >= LOGS_KEPT:
        kept.clear()
    kept[room["code"]] = (room["seed"], room["version"], value)


# --- pure room logic (no store): easy to unit-test --------------------------

def room_body(room: dict) -> str:
    """What the store keeps as the room's body: all but its log lines,
    which it keeps beside it."""
    return rooms.encode({key: value for key, value in room.items() if key != "log"})


def log_tail_from(room: dict, since: int | None) -> int:
    """The first log line a pushed view carries: every line after
    ``since``, and at least the last LOG_PUSH."""
    newest = room["log_n"]
    first = newest - LOG_PUSH + 1
    if since is not None:
        first = min(first, since + 1)
    return max(first, newest - LOG_IN_VIEW + 1)


def renamed_seats(names: dict[int, str], room: dict) -> frozenset:
    """The seats of ``names`` (as they were before a change) whose name
    the change altered or removed: the log lines naming them read anew."""
    now = seat_names(room)
    return frozenset(s for s, name in names.items() if now.get(s) != name)


def changes_others(audiences: dict, sid: str) -> bool:
    """Whether socket ``sid`` connecting changed what the room's other
    sockets see: only a seat's first socket lights its connected dot."""
    (kind, seat), _ = audiences.get(sid, (("table", None), None))
    if kind != "seat":
        return False
    return not any(aud == ("seat", seat) for other, (aud, _) in audiences.items() if other != sid)


def validate_options(game: Game, options: Any) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise invalid("bad_option", option="options")
    clean = {}
    schema = {opt["name"]: opt for opt in game.options_schema}
    for name in options:
        if name not in schema:
            raise invalid("bad_option", option=str(name)[:40])
    for name, opt in schema.items():
        value = options.get(name, opt.get("default"))
        kind = opt.get("kind")
        ok = ((kind == "bool" and isinstance(value, bool))
              or (kind == "int" and type(value) is int
                  and opt.get("min", -10**9) <= value <= opt.get("max", 10**9))
              or (kind == "choice" and value in opt.get("choices", []))
              or (kind == "text" and isinstance(value, str) and len(value) <= opt.get("max", 80)))
        if not ok:
            raise invalid("bad_option", option=name)
        clean[name] = value
    return clean


def check_name(room: dict, name: Any, seat: int | None = None) -> str:
    clean = rooms.clean_name(name)
    if not clean or len(clean) > rooms.NAME_MAX:
        raise invalid("bad_name", max=rooms.NAME_MAX)
    for entry in room["seats"]:
        if entry["seat"] != seat and entry["name"].casefold() == clean.casefold():
            raise conflict("name_taken")
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
    raise unauthorized("bad_claim")


def seat_names(room: dict) -> dict[int, str]:
    return {entry["seat"]: entry["name"] for entry in room["seats"]}


def ordered_seats(room: dict) -> list[int]:
    return list(room["order"])


def host_templates(room: dict, game: Game) -> list[dict]:
    seats = ordered_seats(room)
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
    if status == "playing":
        out.extend(game.host_actions(room["state"]))
        out.append(template("end", confirm=True))
    if status == "finished":
        out.append(template("rematch", confirm=True))
    if status != "playing":
        out.append(template("new_game", game=sorted(games.all_games()),
                            options={"kind": "object"}))
    return out


def seat_templates(room: dict, game: Game, seat: int) -> list[dict]:
    out = [template("rename", name={"kind": "text", "min": 1, "max": rooms.NAME_MAX})]
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


def templates_for(room: dict, kind: str, seat: int | None) -> list[dict]:
    game = games.get(room["game"])
    if kind == "host":
        return host_templates(room, game)
    if kind == "seat":
        return seat_templates(room, game, seat)
    return []


def known_type(game: Game, type_: str) -> bool:
    return type_ in HOST_TYPES or type_ in SEAT_TYPES or type_ in game.action_types


def snapshot(room: dict, what: dict) -> None:
    """An undo step, one JSON string the store keeps beside the room (not
    in its body, which every action reads and writes): the save that
    stores this action pushes it (``room["_undo"]``, see Service._change)."""
    assert "_undo" not in room, "one undo step per action"
    room["_undo"] = ("push", rooms.encode({
        "what": what,
        **{key: room.get(key) for key in GAME_KEYS},
        "evening": len(room["evening"]),
    }))
    room["undo_n"] = min(room.get("undo_n", 0) + 1, rooms.HISTORY_MAX)


def apply_action(room: dict, kind: str, seat: int | None, action: dict,
                 templates: list[dict] | None = None) -> Any:
    """Checks and applies one action to ``room`` in place (the caller holds a
    fresh copy and stores it only if this returns).  ``templates``: the
    audience's templates at this state, if the caller has them."""
    game = games.get(room["game"])
    type_ = action["type"]
    if not known_type(game, type_):
        raise bad_request("unknown_action")
    if kind == "table":
        raise unauthorized("missing_token")
    if type_ in HOST_TYPES and kind != "host":
        raise forbidden("host_only")
    if type_ == "start" and kind == "host":
        action = with_start_defaults(room, game, action)
    if templates is None:
        templates = templates_for(room, kind, seat)
    tpl, bad_field = match_action(templates, action)
    actor = HOST if kind == "host" else seat
    if tpl is None:
        raise why_refused(room, game, kind, actor, action, bad_field)
    if type_ in HOST_TYPES or type_ in SEAT_TYPES:
        return PLATFORM_ACTIONS[type_](room, seat, action)
    return apply_game_action(room, game, actor, action)


def why_refused(room: dict, game: Game, kind: str, actor, action: dict,
                bad_field: str | None) -> ServiceError:
    """The reason no template admits ``action``: the game says it for its
    own actions while it runs (``why_not``, never a trial ``apply``); the
    templates say it otherwise."""
    type_ = action["type"]
    is_game_action = type_ not in HOST_TYPES and type_ not in SEAT_TYPES
    if is_game_action and room["status"] == "finished":
        return conflict("game_over")
    if is_game_action and room["status"] == "playing":
        if kind == "seat" and actor not in room["order"]:
            return refused(room, game, Illegal("not_in_game"))
        state = room["state"]
        refusal = game.why_not(state, actor, action) or default_why_not(
            game, state, actor, action, ordered_seats(room))
        return refused(room, game, refusal)
    if not is_game_action:
        reason = platform_why_not(room, action, seat=actor if kind == "seat" else None)
        if reason is not None:
            return reason
    if bad_field is not None and bad_field != "?":
        missing = bad_field not in action
        return invalid("missing_field" if missing else "invalid_field",
                       field={"text": f"field.{bad_field}"})
    return conflict("not_allowed")


def platform_why_not(room: dict, action: dict, seat: int | None) -> ServiceError | None:
    """The platform's own precise reasons for refusing one of its actions
    (pure checks; nothing is applied)."""
    type_ = action["type"]
    if type_ == "kick" and room["status"] == "playing":
        return conflict("kick_in_game")
    if type_ == "undo" and not room.get("undo_n"):
        return conflict("nothing_to_undo")
    if type_ == "start" and room["status"] == "playing":
        return conflict("game_running")
    if type_ == "rename" and isinstance(action.get("name"), str):
        try:
            check_name(room, action["name"], seat)
        except ServiceError as error:
            return error
    if type_ == "new_game" and room["status"] != "playing":
        if not isinstance(action.get("game"), str) or games.get(action["game"]) is None:
            return invalid("unknown_game")
        try:
            validate_options(games.get(action["game"]), action.get("options"))
        except ServiceError as error:
            return error
    return None


def with_start_defaults(room: dict, game: Game, action: dict) -> dict:
    """A list field left out of ``start`` takes its first allowed value
    (the game orders its lists with the documented default first)."""
    filled = dict(action)
    for name, spec in game.start_fields(ordered_seats(room), room["options"]).items():
        if name not in filled and isinstance(spec, list) and spec:
            filled[name] = spec[0]
    return filled


def refused(room: dict, game: Game, refusal: Illegal) -> ServiceError:
    """A game's refusal as a service error; seat names travel with it so
    the message can name players.  A raised refusal's traceback goes: game
    code often holds the Illegal it raises in a local, which tied the
    game's frames into a reference cycle on every refused action."""
    refusal.__traceback__ = None
    return ServiceError(refusal.code, refusal.status or game.error_status(refusal.code),
                        game=game.name, names=seat_names(room), **refusal.params)


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


def start_game(room: dict, action: dict) -> None:
    game = games.get(room["game"])
    seats = ordered_seats(room)
    low, high = game.player_range(room["options"])
    if not low <= len(seats) <= high:
        raise conflict("player_count", min=low, max=high, count=len(seats))
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


def act_start(room, seat, action):
    snapshot(room, {"type": "start", "by": HOST})
    start_game(room, action)


def act_seat_order(room, seat, action):
    room["order"] = list(action["order"])
    rooms.add_log(room, "log.seat_order", {"order": [{"seat": s} for s in room["order"]]})


def remove_seat(room: dict, number: int, key: str) -> None:
    entry = rooms.find_seat(room, number)
    room["seats"].remove(entry)
    if number in room["order"]:   # else it waited for the next game
        room["order"].remove(number)
    rooms.add_log(room, key, {"name": entry["name"]})


def act_kick(room, seat, action):
    if room["status"] == "playing" and action["seat"] in room["order"]:
        name = rooms.find_seat(room, action["seat"])["name"]
        raise ServiceError("kick_in_game", game=room["game"], name=name)
    remove_seat(room, action["seat"], "log.kicked")


def act_leave(room, seat, action):
    remove_seat(room, seat, "log.left")


def act_rename(room, seat, action):
    entry = rooms.find_seat(room, seat)
    old = entry["name"]
    entry["name"] = check_name(room, action["name"], seat)
    rooms.add_log(room, "log.renamed", {"old": old, "name": entry["name"]})


def act_reopen_seat(room, seat, action):
    entry = rooms.find_seat(room, action["seat"])
    claim = rooms.new_token()
    entry["token"] = None          # the old phone stops working at once
    entry["claim"] = rooms.token_hash(claim)
    rooms.add_log(room, "log.seat_reopened", {"name": entry["name"]})
    return {"seat": entry["seat"], "claim": claim}


def act_undo(room, seat, action):
    """Restores the newest undo step, which the service read from the store
    into ``room["_last_undo"]``."""
    last = room.get("_last_undo")
    if not room.get("undo_n") or last is None:
        raise conflict("nothing_to_undo")
    last = rooms.decode(last)
    room["_undo"] = ("pop",)
    room["undo_n"] -= 1
    for key in GAME_KEYS:
        room[key] = last.get(key)
    del room["evening"][last["evening"]:]
    what = last["what"]
    game = games.get(room["game"])
    rooms.add_log(room, "log.undone", {"what": {"text": f"action.{what['type']}"}},
                  game=game.name)


def act_end(room, seat, action):
    snapshot(room, {"type": "end", "by": HOST})
    room["status"] = "finished"
    room["winners"] = []
    room["ended"] = True
    rooms.add_log(room, "log.ended")


def act_rematch(room, seat, action):
    """The same game and options again, through the lobby: late arrivals
    take their seats, players may leave, the order may change; the host
    starts it."""
    snapshot(room, {"type": "rematch", "by": HOST})
    room.update(status="lobby", state=None, winners=None)
    seat_late_arrivals(room)
    rooms.add_log(room, "log.rematch", {"game": {"text": "title"}}, game=room["game"])


def act_new_game(room, seat, action):
    game = games.get(action["game"])
    options = validate_options(game, action.get("options"))
    snapshot(room, {"type": "new_game", "by": HOST})
    room.update(game=game.name, options=options, status="lobby", state=None, winners=None)
    seat_late_arrivals(room)
    rooms.add_log(room, "log.new_game", {"game": {"text": "title"}}, game=game.name)


PLATFORM_ACTIONS = {
    "start": act_start, "seat_order": act_seat_order, "kick": act_kick,
    "reopen_seat": act_reopen_seat, "undo": act_undo, "end": act_end,
    "rematch": act_rematch, "new_game": act_new_game,
    "rename": act_rename, "leave": act_leave,
}


# --- views -------------------------------------------------------------------

class LineCache:
    """Translated log lines, kept per process: a line is rendered once per
    language (and again when a seat it names is renamed), not once per
    viewer and action.  One dict per (room, language), by line number:
    (line, the names it used)."""

    def __init__(self, size: int = 1_000):
        self.size = size
        self.rooms: dict[tuple, dict[int, tuple]] = {}

    def lines(self, key: tuple) -> dict[int, dict]:
        found = self.rooms.get(key)
        if found is None:
            if len(self.rooms) >= self.size:
                self.rooms.clear()   # cheap and rare; lines are rendered again on demand
            found = self.rooms[key] = {}
        return found


LINES = LineCache()


@functools.lru_cache(maxsize=256)
def game_title(name: str, lang: str) -> str:
    """A game's title (every view shows it, and each finished game's)."""
    game = games.get(name)
    return translate(lang, "title", game=game) if game else name


def log_line(lines: dict[int, tuple], entry: dict, lang: str, game: Game,
             names: dict[int, str]) -> dict:
    """The line as rendered before, unless a seat it names has a new name."""
    cached = lines.get(entry["n"])
    if cached is not None and (not cached[1] or all(names.get(s) == name
                                                    for s, name in cached[1])):
        return cached[0]
    entry_game = games.get(entry["game"]) if entry["game"] else None
    line = {"n": entry["n"], "text": translate(lang, entry["key"], entry["params"],
                                               entry_game or game, names)}
    if entry["to"] is not None:
        line["private"] = True
    elif "p" in entry:
        line["no"] = entry["p"]   # its number among the public lines (n counts private ones too)
    lines[entry["n"]] = line, tuple((s, names.get(s)) for s in named_seats(entry["params"]))
    return line


def named_seats(value) -> set[int]:
    """The seats a log line's parameters name ({"seat": n}, at any depth)."""
    if isinstance(value, dict):
        if "seat" in value and not isinstance(value["seat"], (dict, list)):
            return {value["seat"]}
        return set().union(*map(named_seats, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(named_seats, value)) if value else set()
    return set()


def may_read(entry: dict, reader: int | None) -> bool:
    """Whether seat ``reader`` (None: the table or the host) sees a log
    entry: the public ones, and the private ones addressed to it."""
    return entry["to"] is None or reader in entry["to"]


def visible_log(room: dict, reader: int | None) -> list[dict]:
    """The last LOG_IN_VIEW log entries seat ``reader`` may see."""
    out = []
    for entry in reversed(room["log"]):
        if may_read(entry, reader):
            out.append(entry)
            if len(out) == LOG_IN_VIEW:
                break
    out.reverse()
    return out


class ViewParts:
    """What the views of one state share, built once per broadcast: the
    game's views of the audiences told (``Game.views``), the seats with
    their scores, the evening per language, the log lines per language
    (one list for all audiences that see the same lines)."""

    def __init__(self, room: dict, connected: set[int], audiences=None,
                 renamed: frozenset = frozenset()):
        self.room = room
        self.renamed = renamed
        self.logs: dict[tuple, list[dict]] = {}
        self.tails: dict[int, tuple[list[dict], set[int]]] = {}
        self.changed: dict[str, list] = {}   # lang -> renamed_lines
        self.game = games.get(room["game"])
        self.names = {entry["seat"]: entry["name"] for entry in room["seats"]}
        self.playing = room["state"] is not None and room["status"] != "lobby"
        self.game_views = (self.game.views(room["state"], sorted(audiences, key=str))
                           if self.playing and audiences else {})
        scores = self.game.scores(room["state"]) if self.playing else {}
        self.seats = [{"seat": s, "name": self.names[s], "connected": s in connected,
                       "score": scores.get(s, scores.get(str(s), 0))} for s in room["order"]]
        self.evenings: dict[str, dict] = {}
        self._waiting: tuple[list[int], bool] | None = None

    def waiting(self) -> tuple[list[int], bool]:
        """Whom the game cannot go on without: the seats offered a
        ``required`` template, in seating order; and whether any one of
        them is enough (every such template a ``race``)."""
        if self._waiting is None:
            seats, race = [], True
            if self.room["status"] == "playing":
                for s in self.room["order"]:
                    required = [t for t in self.game.actions(self.room["state"], s) if t.get("required")]
                    if required:
                        seats.append(s)
                        race = race and all(t.get("race") for t in required)
            self._waiting = seats, race and len(seats) > 1
        return self._waiting

    def game_view(self, seat: int | None) -> dict:
        if not self.playing:
            return {}
        if seat not in self.game_views:
            self.game_views[seat] = self.game.view(self.room["state"], seat)
        return self.game_views[seat]

    def log(self, kind: str, seat: int | None, lang: str,
            log_from: int | None) -> tuple[list[dict], list[dict]]:
        """The audience's log lines (``visible_log``) and, in a view of
        the tail, the earlier ones a rename changed."""
        reader = seat if kind == "seat" else None
        if log_from is None:   # a whole log: a socket's first view
            entries = visible_log(self.room, reader)
            key = (lang, tuple(entry["n"] for entry in entries))
        else:   # the tail: the same lines for all but the seats it has private lines for
            tail, private_to = self.tail(log_from)
            who = reader if reader in private_to else None
            key = (lang, log_from, who)
            entries = None if key in self.logs else [
                entry for entry in tail if may_read(entry, who)][-LOG_IN_VIEW:]
        if key not in self.logs:
            lines = LINES.lines((self.room["seed"], lang))
            self.logs[key] = [log_line(lines, entry, lang, self.game, self.names)
                              for entry in entries]
        if log_from is None or not self.renamed:
            return self.logs[key], []
        return self.logs[key], [line for entry, line in self.renamed_lines(lang)
                                if entry["n"] < log_from and may_read(entry, reader)]

    def tail(self, log_from: int) -> tuple[list[dict], set[int]]:
        """The log entries from line ``log_from`` on, and the seats some of
        them are private to."""
        if log_from not in self.tails:
            entries = []
            for entry in reversed(self.room["log"]):
                if entry["n"] < log_from:
                    break
                entries.append(entry)
            entries.reverse()
            self.tails[log_from] = entries, {s for e in entries if e["to"] for s in e["to"]}
        return self.tails[log_from]

    def renamed_lines(self, lang: str) -> list[tuple[dict, dict]]:
        """The lines that name a renamed seat, rendered anew, as (entry,
        line), among those any audience's view may hold: back to the
        LOG_IN_VIEW-th public line from the end (each audience sees every
        public line, so its window starts there or later)."""
        if lang not in self.changed:
            lines = LINES.lines((self.room["seed"], lang))
            found, public = [], 0
            for entry in reversed(self.room["log"]):
                cached = lines.get(entry["n"])
                if cached is None or cached[1]:   # most lines name nobody: nothing to do
                    named = (named_seats(entry["params"]) if cached is None
                             else (s for s, _ in cached[1]))
                    if not self.renamed.isdisjoint(named):
                        found.append((entry, log_line(lines, entry, lang, self.game, self.names)))
                if entry["to"] is None:
                    public += 1
                    if public == LOG_IN_VIEW:
                        break
            self.changed[lang] = found[::-1]
        return self.changed[lang]

    def evening(self, lang: str) -> dict:
        if lang not in self.evenings:
            wins: dict[str, int] = {}
            for finished in self.room["evening"]:
                for winner in finished["winners"]:
                    wins[str(winner)] = wins.get(str(winner), 0) + 1
            self.evenings[lang] = {"games": [{"game": g["game"], "winners": g["winners"],
                                              "title": game_title(g["game"], lang)}
                                             for g in self.room["evening"]], "wins": wins}
        return self.evenings[lang]


def build_view(room: dict, kind: str, seat: int | None, lang: str,
               connected: set[int], log_from: int | None = None,
               parts: ViewParts | None = None) -> dict:
    """The view of one audience.  Its log: the last LOG_IN_VIEW lines it may
    see, or with ``log_from`` (a pushed view) only those from line
    ``log_from`` on, ``log_tail: true`` (the page keeps the rest) and
    ``log_changed``: earlier lines whose text a rename changed (the page
    replaces its own of the same ``n``).
    ``parts``: what this view shares with the others of one broadcast."""
    parts = parts or ViewParts(room, connected)
    game, names, playing = parts.game, parts.names, parts.playing
    late = kind == "seat" and seat not in room["order"]   # joined during the game: plays the next
    game_view = parts.game_view(seat if kind == "seat" and not late else None)
    if kind == "seat":
        you = {"seat": seat, "name": names[seat], "host": False}
        if late:
            you["next_game"] = True
        you.update(game_view.get("you") or {})
    elif kind == "host":
        you = {"seat": None, "host": True}
    else:
        you = None
    log, changed = parts.log(kind, seat, lang, log_from)
    low, high = game.player_range(room["options"])
    waiting, waiting_any = parts.waiting()
    view = {
        "room": room["code"],
        "game": room["game"],
        "version": room["version"],
        "status": room["status"],
        "seats": parts.seats,
        # seats that joined during the game: they play from the next one on
        "spectators": [{"seat": s, "name": names[s]} for s in late_arrivals(room)],
        "you": you,
        "public": game_view.get("public", {}) if playing else {},
        "actions": templates_for(room, kind, seat),
        # whom the game waits for (seats with a required template), the same for all
        "waiting": waiting,
        "waiting_any": waiting_any,
        "log": log,
        "log_tail": log_from is not None,
        "winners": room["winners"],
        "evening": parts.evening(lang),
        "title": game_title(room["game"], lang),
        "game_no": room["game_no"],
        # the ``n`` of this game's first log line: a phone's private lines start there
        "game_log_from": room.get("game_log_n", 0),
        "ended_by_host": bool(room.get("ended")),
        # the chart at a game's end draws it; during play it would only grow every view
        "points": room.get("points", []) if room["status"] == "finished" else [],
        "options": room["options"],
        "players": {"min": low, "max": high},
        "lang": lang,
    }
    if log_from is not None:
        view["log_changed"] = changed
    return view
