"""The one referee path.  Every transport (HTTP, Socket.IO) calls these
functions; they authenticate, check, apply on a copy, store (compare-and-set
on the room's version, so no update is ever lost), and only then push every
connected client the view of its own token.

Order of checks for an action (as boardgame.io's master does it): room
exists → token valid → body well-formed → action known → listed for this
viewer → fields admitted → the game's rules → store → push.
"""
from __future__ import annotations

import copy
import json
import random
import threading
import time
from collections import defaultdict
from typing import Any, Callable

from . import games, rooms
from .errors import (ServiceError, bad_request, conflict, forbidden, invalid,
                     not_found, unauthorized)
from .games.base import HOST, Game, Illegal, match_action, template
from .i18n import translate
from .store import Store

HOST_TYPES = {"start", "seat_order", "kick", "reopen_seat", "undo", "end",
              "rematch", "new_game"}
SEAT_TYPES = {"rename", "leave"}
SAVE_ATTEMPTS = 200
LOG_IN_VIEW = 150


class RateLimiter:
    """A token bucket per key (room and token, or address)."""

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, burst
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def hit(self, key: str) -> None:
        if self.rate <= 0:
            return
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - last) * self.rate)
            if tokens < 1:
                self._buckets[key] = (tokens, now)
                raise ServiceError("too_many", 429)
            self._buckets[key] = (tokens - 1, now)
            if len(self._buckets) > 10000:   # forget idle keys
                self._buckets.clear()


def game_rng(room: dict) -> random.Random:
    """The random source of the next game action: a function of the room's
    seed, the game number and the number of moves so far, so undo followed
    by the same action gives the same outcome (no fishing for a better deal)."""
    return random.Random(f"{room['seed']}/{room['game_no']}/{room['moves']}")


class Service:
    def __init__(self, store: Store, action_rate: float = 20.0, action_burst: float = 60.0):
        self.store = store
        self.push: Callable[[list[tuple[str, dict]]], None] | None = None
        self.limiter = RateLimiter(action_rate, action_burst)
        self._locks: dict[str, threading.Lock] = defaultdict(threading.Lock)

    # --- loading and saving ------------------------------------------------

    def load(self, code: str) -> dict:
        code = rooms.normalise_code(code)
        loaded = self.store.load(code) if len(code) == rooms.CODE_LENGTH else None
        if loaded is None:
            raise not_found()
        body, version = loaded
        room = json.loads(body)
        room["version"] = version
        return room

    def _change(self, code: str, change: Callable[[dict], Any]) -> tuple[dict, Any]:
        """Applies ``change`` to a fresh copy of the room and stores it with
        compare-and-set; retries on a concurrent write.  A raised error
        stores nothing.  Pushes views after the store succeeded."""
        code = rooms.normalise_code(code)
        self.load(code)   # no lock is made for a room that does not exist
        with self._locks[code]:   # one room's actions one after the other here
            for _ in range(SAVE_ATTEMPTS):
                room = self.load(code)
                expected = room["version"]
                result = change(room)
                room["version"] = expected + 1
                if self.store.save(code, json.dumps(room), room["version"], expected):
                    break
                time.sleep(0.001)   # another process won; reload and redo
            else:
                raise ServiceError("busy", 409)
        self.broadcast(room)
        return room, result

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
            if self.store.create(code, json.dumps(room)):
                return {"code": code, "host_token": host_token}
        raise ServiceError("busy", 409)

    def join(self, code: str, name: Any = None, claim: Any = None) -> dict:
        token = rooms.new_token()

        def sit(room: dict) -> dict:
            if claim is not None:
                return claim_seat(room, claim, token)
            clean = check_name(room, name)
            if room["status"] == "playing":
                raise conflict("game_running")
            game = games.get(room["game"])
            if len(room["seats"]) >= game.player_range(room["options"])[1]:
                raise conflict("room_full")
            number = room["next_seat"]
            room["next_seat"] += 1
            room["seats"].append({"seat": number, "name": clean,
                                  "token": rooms.token_hash(token), "claim": None})
            room["order"].append(number)
            rooms.add_log(room, "log.joined", {"name": clean})
            return {"seat": number, "token": token}

        _, result = self._change(code, sit)
        return result

    # --- views -------------------------------------------------------------

    def audience(self, room: dict, token: str | None) -> tuple[str, int | None]:
        """("table"|"host"|"seat", seat) for a token; a wrong token is 401."""
        if not token:
            return "table", None
        if rooms.is_host(room, token):
            return "host", None
        entry = rooms.seat_by_token(room, token)
        if entry is None:
            raise unauthorized()
        return "seat", entry["seat"]

    def view(self, code: str, token: str | None, lang: str) -> dict:
        room = self.load(code)
        kind, seat = self.audience(room, token)
        return build_view(room, kind, seat, lang, self.connected_seats(room))

    def connected_seats(self, room: dict) -> set[int]:
        connected = set()
        for _, token, _ in self.store.presence(room["code"]):
            if token and not rooms.is_host(room, token):
                entry = rooms.seat_by_token(room, token)
                if entry is not None:
                    connected.add(entry["seat"])
        return connected

    def broadcast(self, room: dict) -> None:
        """Every connected socket of the room gets the view of its token."""
        if self.push is None:
            return
        presence = self.store.presence(room["code"])
        if not presence:
            return
        connected = set()
        audiences = {}
        for sid, token, lang in presence:
            try:
                audiences[sid] = self.audience(room, token), lang
            except ServiceError:
                audiences[sid] = None, lang   # token revoked: no more views
                continue
            if audiences[sid][0][0] == "seat":
                connected.add(audiences[sid][0][1])
        cache: dict = {}
        out = []
        for sid, (aud, lang) in audiences.items():
            if aud is None:
                continue
            key = (aud, lang)
            if key not in cache:
                cache[key] = build_view(room, aud[0], aud[1], lang, connected)
            out.append((sid, cache[key]))
        self.push(out)

    # --- presence (sockets) ------------------------------------------------

    def connect(self, code: str, token: str | None, sid: str, lang: str) -> dict:
        room = self.load(code)
        kind, seat = self.audience(room, token)
        self.store.presence_add(room["code"], sid, token or "", lang)
        self.broadcast(room)   # the seat's connected dot, and this socket's first view
        return {"kind": kind, "seat": seat}

    def disconnect(self, code: str, sid: str) -> None:
        self.store.presence_remove(code, sid)
        try:
            room = self.load(code)
        except ServiceError:
            return
        self.broadcast(room)

    # --- actions -----------------------------------------------------------

    def act(self, code: str, token: str | None, action: Any, lang: str) -> dict:
        room = self.load(code)   # 404 before 401 before 400
        kind, seat = self.audience(room, token)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise bad_request("bad_json")
        self.limiter.hit(f"{room['code']}/{token}")
        holder: dict = {}

        def apply(room: dict) -> Any:
            # the token may have been revoked between load and lock
            holder["aud"] = self.audience(room, token)
            return apply_action(room, holder["aud"][0], holder["aud"][1], action)

        room, result = self._change(code, apply)
        kind, seat = holder["aud"]
        if kind == "seat" and rooms.find_seat(room, seat) is None:
            kind, seat = "table", None   # the seat just left
        answer = {"ok": True, "view": build_view(room, kind, seat, lang, self.connected_seats(room))}
        if result:
            answer["result"] = result
        return answer


# --- pure room logic (no store): easy to unit-test --------------------------

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


def ordered_seats(room: dict) -> list[int]:
    return list(room["order"])


def host_templates(room: dict, game: Game) -> list[dict]:
    seats = ordered_seats(room)
    status = room["status"]
    out = []
    if status == "lobby":
        out.append(template("start", **game.start_fields(seats, room["options"])))
        if len(seats) > 1:
            out.append(template("seat_order", order={"kind": "order", "of": seats}))
    if status != "playing" and seats:
        out.append(template("kick", confirm=True, seat=seats))
    if seats:
        out.append(template("reopen_seat", confirm=True, seat=seats))
    if room["history"]:
        out.append(template("undo", confirm=True))
    if status == "playing":
        out.extend(game.host_actions(room["state"]))
        out.append(template("end", confirm=True))
    if status == "finished":
        out.append(template("rematch"))
    if status != "playing":
        out.append(template("new_game", game=sorted(games.all_games()),
                            options={"kind": "object"}))
    return out


def seat_templates(room: dict, game: Game, seat: int) -> list[dict]:
    out = [template("rename", name={"kind": "text", "min": 1, "max": rooms.NAME_MAX})]
    if room["status"] == "lobby":
        out.append(template("leave", confirm=True))
    if room["status"] == "playing":
        out = game.actions(room["state"], seat) + out
    return out


def templates_for(room: dict, kind: str, seat: int | None) -> list[dict]:
    game = games.get(room["game"])
    if kind == "host":
        return host_templates(room, game)
    if kind == "seat":
        return seat_templates(room, game, seat)
    return []


def known_type(game: Game, type_: str) -> bool:
    return (type_ in HOST_TYPES or type_ in SEAT_TYPES or type_ == "close"
            or f"action.{type_}" in game.texts.get("en", {}))


def snapshot(room: dict, what: dict) -> None:
    room["history"].append({
        "what": what,
        **{key: copy.deepcopy(room[key]) for key in
           ("game", "options", "status", "state", "moves", "game_no", "winners")},
        "evening": len(room["evening"]),
    })
    del room["history"][:-rooms.HISTORY_MAX]


def apply_action(room: dict, kind: str, seat: int | None, action: dict) -> Any:
    """Checks and applies one action to ``room`` in place (the caller holds a
    fresh copy and stores it only if this returns)."""
    game = games.get(room["game"])
    type_ = action["type"]
    if not known_type(game, type_):
        raise bad_request("unknown_action")
    if kind == "table":
        raise unauthorized("missing_token")
    if type_ in HOST_TYPES and kind != "host":
        raise forbidden("host_only")
    allowed = templates_for(room, kind, seat)
    tpl, bad_field = match_action(allowed, action)
    actor = HOST if kind == "host" else seat
    is_game_action = type_ not in HOST_TYPES and type_ not in SEAT_TYPES
    if tpl is None:
        if room["status"] == "finished" and is_game_action:
            raise conflict("game_over")
        if not is_game_action and kind in ("host", "seat"):
            # the platform's own check may say more precisely what is wrong
            try:
                PLATFORM_ACTIONS[type_](copy.deepcopy(room), seat, action)
            except ServiceError:
                raise
            except Exception:
                pass
        if is_game_action and room["status"] == "playing":
            # the game's own refusal says best what is wrong
            try:
                game.apply(copy.deepcopy(room["state"]), actor, action, game_rng(room))
            except Illegal as refusal:
                raise refused(room, game, refusal)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                pass
        if bad_field is not None:
            raise invalid("invalid_field", field=bad_field)
        raise conflict("not_allowed")
    if type_ in HOST_TYPES or type_ in SEAT_TYPES:
        return PLATFORM_ACTIONS[type_](room, seat, action)
    return apply_game_action(room, game, actor, action)


def refused(room: dict, game: Game, refusal: Illegal) -> ServiceError:
    """A game's refusal as a service error; seat names travel with it so
    the message can name players."""
    error = ServiceError(refusal.code, refusal.status, game=game.name, **refusal.params)
    error.names = {entry["seat"]: entry["name"] for entry in room["seats"]}
    return error


def apply_game_action(room: dict, game: Game, actor, action: dict) -> None:
    rng = game_rng(room)
    try:
        state, events = game.apply(copy.deepcopy(room["state"]), actor, action, rng)
    except Illegal as refusal:
        raise refused(room, game, refusal)
    snapshot(room, {"type": action["type"], "by": actor})
    room["state"] = state
    room["moves"] += 1
    log_events(room, game, events)
    check_finished(room, game)


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
    rooms.add_log(room, "log.started", {"game": {"text": "title"}}, game=game.name)
    log_events(room, game, events)
    check_finished(room, game)


def act_start(room, seat, action):
    snapshot(room, {"type": "start", "by": HOST})
    room["start_fields"] = {k: v for k, v in action.items() if k != "type"}
    start_game(room, action)


def rematch_fields(room: dict, game: Game) -> dict:
    """The last start's choices, where they still fit the seats."""
    fields = {}
    for name, spec in game.start_fields(ordered_seats(room), room["options"]).items():
        value = room.get("start_fields", {}).get(name)
        tpl, _ = match_action([template("start", **{name: spec})], {"type": "start", name: value})
        if tpl is None and isinstance(spec, list) and spec:
            value = spec[0]
        fields[name] = value
    return fields


def act_seat_order(room, seat, action):
    room["order"] = list(action["order"])
    rooms.add_log(room, "log.seat_order", {"order": [{"seat": s} for s in room["order"]]})


def remove_seat(room: dict, number: int, key: str) -> None:
    entry = rooms.find_seat(room, number)
    room["seats"].remove(entry)
    room["order"].remove(number)
    rooms.add_log(room, key, {"name": entry["name"]})


def act_kick(room, seat, action):
    if room["status"] == "playing":
        raise conflict("kick_in_game")
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
    if not room["history"]:
        raise conflict("nothing_to_undo")
    last = room["history"].pop()
    for key in ("game", "options", "status", "state", "moves", "game_no", "winners"):
        room[key] = last[key]
    del room["evening"][last["evening"]:]
    what = last["what"]
    game = games.get(room["game"])
    rooms.add_log(room, "log.undone", {"what": {"text": f"action.{what['type']}"}},
                  game=game.name)


def act_end(room, seat, action):
    snapshot(room, {"type": "end", "by": HOST})
    room["status"] = "finished"
    room["winners"] = []
    rooms.add_log(room, "log.ended")


def act_rematch(room, seat, action):
    snapshot(room, {"type": "rematch", "by": HOST})
    rooms.add_log(room, "log.rematch", {"game": {"text": "title"}}, game=room["game"])
    start_game(room, rematch_fields(room, games.get(room["game"])))


def act_new_game(room, seat, action):
    game = games.get(action["game"])
    options = validate_options(game, action.get("options"))
    snapshot(room, {"type": "new_game", "by": HOST})
    room.update(game=game.name, options=options, status="lobby", state=None, winners=None)
    rooms.add_log(room, "log.new_game", {"game": {"text": "title"}}, game=game.name)


PLATFORM_ACTIONS = {
    "start": act_start, "seat_order": act_seat_order, "kick": act_kick,
    "reopen_seat": act_reopen_seat, "undo": act_undo, "end": act_end,
    "rematch": act_rematch, "new_game": act_new_game,
    "rename": act_rename, "leave": act_leave,
}


# --- views -------------------------------------------------------------------

def build_view(room: dict, kind: str, seat: int | None, lang: str,
               connected: set[int]) -> dict:
    game = games.get(room["game"])
    names = {entry["seat"]: entry["name"] for entry in room["seats"]}
    playing = room["state"] is not None and room["status"] != "lobby"
    scores = game.scores(room["state"]) if playing else {}
    game_view = game.view(room["state"], seat if kind == "seat" else None) if playing else {}
    seats = [{"seat": s, "name": names[s], "connected": s in connected,
              "score": scores.get(s, scores.get(str(s), 0))} for s in room["order"]]
    if kind == "seat":
        you = {"seat": seat, "name": names[seat], "host": False}
        you.update(game_view.get("you") or {})
    elif kind == "host":
        you = {"seat": None, "host": True}
    else:
        you = None
    log = []
    visible = [entry for entry in room["log"]
               if entry["to"] is None or (kind == "seat" and seat in entry["to"])]
    for entry in visible[-LOG_IN_VIEW:]:   # translate only what is sent
        entry_game = games.get(entry["game"]) if entry["game"] else None
        line = {"n": entry["n"], "text": translate(lang, entry["key"], entry["params"],
                                                   entry_game or game, names)}
        if entry["to"] is not None:
            line["private"] = True
        log.append(line)
    wins: dict[str, int] = {}
    for finished in room["evening"]:
        for winner in finished["winners"]:
            wins[str(winner)] = wins.get(str(winner), 0) + 1
    low, high = game.player_range(room["options"])
    return {
        "room": room["code"],
        "game": room["game"],
        "version": room["version"],
        "status": room["status"],
        "seats": seats,
        "you": you,
        "public": game_view.get("public", {}) if playing else {},
        "actions": templates_for(room, kind, seat),
        "log": log,
        "winners": room["winners"],
        "evening": {"games": [{"game": g["game"], "winners": g["winners"]}
                              for g in room["evening"]], "wins": wins},
        "options": room["options"],
        "players": {"min": low, "max": high},
        "lang": lang,
    }
