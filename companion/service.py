"""The one referee path.  Every transport (HTTP, Socket.IO) calls these
functions; they authenticate, check, apply on a copy, store (compare-and-set
on the room's version, so no update is ever lost), and only then push every
connected client the view of its own token.

``Service.act`` takes an action as boardgame.io's master does
(``Master.onUpdate``), one step one call into the module named for it:
load (``room_cache``, 404) → authenticate (the token: host, seat or
table, 401) → the body (400) and the token's budget (``buckets``) → under
the room's lock (``room_cache``): authenticate again → check (``referee``:
action known → listed for this viewer → fields admitted → the game's
rules) → apply (``referee`` into ``lobby`` or ``gameplay``, with the undo
step, log lines and points; the undo step goes in and out in the
action's ``UndoSteps``, never in the room) → bookkeeping (``gameplay``:
the step's timer, the wait) → store (the room and the undo step) → push
(``views``, the notifier) → answer.

Other modules: ``lobby`` (the platform's own actions and templates),
``gameplay`` (what a game's setup and moves do to the room), ``views``
(what each audience sees, and the log).
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from . import explain, games, host_powers, referee, rooms, views
from .buckets import TokenBuckets
from .errors import ServiceError, fail
from .gameplay import UndoSteps, awaited, set_timer
from .host_powers import AWAY_SECONDS, Absence
from .lobby import (
    check_name,
    claim_seat,
    set_explain,
    split_explain,
    split_options,
    templates_for,
    validate_options,
)
from .room_cache import RoomCache, room_body
from .store import Store
from .views import Told, build_view

log = logging.getLogger("companion")

#: the CPU seconds one action token pays for: at 20 tokens a second a seat
#: keeps at most a fifth of a core busy, whatever it sends (issue #39)
CPU_PER_TOKEN = 0.010


class Notifier(Protocol):
    """Who tells the connected clients (the Socket.IO transport)."""

    def push(self, views: list[tuple[str, dict]], fresh: str | None) -> None:
        """Sends each socket (sid) its view; ``fresh``: the socket that
        gets a whole view whatever it asked for (just connected, or its
        language changed)."""

    def revoke(self, code: str, sockets: list[tuple[str, str]]) -> None:
        """Tells sockets (sid, lang) whose token stopped opening the room."""

    def failed(self, sockets: list[tuple[str, str]]) -> None:
        """Tells sockets (sid, lang) whose view could not be built: the
        change is stored, their screen is not up to date."""


class Service:
    def __init__(self, store: Store, action_rate: float = 20.0, action_burst: float = 60.0,
                 notifier: Notifier | None = None, away_after: float = AWAY_SECONDS,
                 cpu_clock: Callable[[], float] = time.thread_time):
        """``notifier``: None where nobody is pushed to (HTTP only, tests).
        ``away_after``: the seconds a seat's phone must be gone before the
        host may skip it (``host_powers``)."""
        self.store = store
        self.away_after = away_after
        # (room, seat) -> when its last socket here went; a seat not seen
        # since this process started counts from the start
        self.gone_at: dict[tuple[str, int], float] = {}
        self.started = time.time()
        self.cache = RoomCache(store)
        self.push: Callable[[list[tuple[str, dict]], str | None], None] | None = (
            notifier.push if notifier else None)
        self.revoke: Callable[[str, list[tuple[str, str]]], None] | None = (
            notifier.revoke if notifier else None)
        self.failed: Callable[[list[tuple[str, str]]], None] | None = (
            getattr(notifier, "failed", None) if notifier else None)
        # actions per token: the same token buckets as the per-address limits
        self.limiter = TokenBuckets({"action": (action_burst, 1 / action_rate)}
                                    if action_rate > 0 else None)
        # an action costs its sender one token per CPU_PER_TOKEN of work, so a
        # seat sending costly requests (refused or not) slows only itself
        self.cpu_clock = cpu_clock
        self.stopping = False   # set by a clean stop: sockets' goodbyes touch no store

    # --- loading and saving (room_cache.py) -----------------------------------

    def load(self, code: str) -> dict:
        return self.cache.load(code)

    def _change(self, code: str, change: Callable[[dict], Any],
                loaded: dict | None = None) -> tuple[dict, Any, Told | None]:
        """Applies ``change`` and stores the room (``RoomCache.change``),
        then pushes the views.  Returns ``(room, result, told)`` (what the
        broadcast built: ``views.Told``; None: it failed)."""
        room, result, since, names = self.cache.change(code, change, loaded)
        return room, result, self.tell(room, since, names)

    # --- rooms and seats ---------------------------------------------------

    def create_room(self, game_name: str, options: Any) -> dict:
        game = games.get(game_name) if isinstance(game_name, str) else None
        if game is None:
            raise fail("unknown_game")
        options, timer = split_options(options)
        options, explain_on = split_explain(options)
        options = validate_options(game, options)
        host_token = rooms.new_token()
        for _ in range(50):
            code = rooms.new_code()
            room = rooms.new_room(code, game.name, options, host_token)
            rooms.add_log(room, "log.room_created", {"room": code, "game": {"text": "title"}},
                          game=game.name)
            if timer:
                set_timer(room, timer)
            set_explain(room, explain_on)
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
                raise fail("room_full")
            number = room["next_seat"]
            room["next_seat"] += 1
            room["seats"].append({"seat": number, "name": clean,
                                  "token": rooms.token_hash(token), "claim": None})
            # a late arrival (during a game, or once it is over) watches and plays from the
            # next game on: a finished game's seats and scores stay its players'
            if room["status"] != "lobby":
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
        found = rooms.audience(room, token, hashed)
        if found is None:
            raise fail("bad_token")
        return found

    def view(self, code: str, token: str | None, lang: str) -> dict:
        room = self.load(code)
        kind, seat = self.audience(room, token)
        connected = self.connected_seats(room)
        return build_view(room, kind, seat, lang, connected,
                          away=self.away(room) if kind == "host" else None)

    def gone(self, room: dict) -> dict[int, float] | None:
        """When each of the game's seats last had a phone here (a seat not
        seen since this process started: since the start).  None without a
        notifier: no phone can connect (HTTP only), every seat is away."""
        if self.push is None:
            return None
        code = room["code"]
        return {s: self.gone_at.get((code, s), self.started) for s in room["order"]}

    def away(self, room: dict) -> tuple[dict[int, float] | None, float]:
        """What the host's tools that skip a seat need of the phones
        (``host_powers.absence``): ``gone`` and the seconds to be gone."""
        return self.gone(room), self.away_after

    def absence(self, room: dict, connected: set[int]) -> Absence:
        """The game's seats with no phone here, and since when."""
        return host_powers.absence(room["order"], connected, *self.away(room))

    def connected_seats(self, room: dict) -> set[int]:
        digests = [digest for _, digest, _ in self.store.presence(room["code"])]
        return {aud[1] for aud in rooms.audiences(room, digests, hashed=True)
                if aud is not None and aud[0] == "seat"}

    def broadcast(self, room: dict, since: int | None = None, fresh: str | None = None,
                  presence: list | None = None, names: dict[int, str] | None = None,
                  actor: tuple[tuple[str, int | None], str] | None = None) -> Told:
        """Every connected socket of the room gets the view of its token,
        all built in one call into the views (``views.tell``: the log's
        tail after ``since``, the lines naming a seat ``names`` named
        otherwise, the socket ``fresh`` alone where it changes nothing for
        the others, ``actor``'s view for its answer); then the templates
        built are kept for the next action, the views pushed, the sockets
        whose view failed or whose token is revoked told.  Returns what the
        broadcast built (``views.Told``)."""
        if presence is None:
            presence = self.store.presence(room["code"])
        told = views.tell(room, presence, since=since, fresh=fresh, names=names,
                          away=self.away(room), push=self.push is not None, actor=actor)
        self.cache.keep_templates(room, told.views)
        if told.pushed:
            self.push(told.pushed, fresh)
        if told.failed and self.failed is not None:
            self.failed(told.failed)
        if told.revoked and self.revoke is not None:
            self.revoke(room["code"], told.revoked)
        return told

    def answer_view(self, room: dict, actor: tuple[str, int | None], lang: str) -> dict | None:
        """The actor's view for the answer to a stored action where the
        broadcast failed, or None when it cannot be built (logged): the
        action stays done."""
        kind, seat = actor
        try:
            if kind == "seat" and rooms.find_seat(room, seat) is None:
                kind, seat = "table", None   # the seat just left
            connected = set() if self.push is not None else self.connected_seats(room)
            return build_view(room, kind, seat, lang, connected,
                              away=self.away(room) if kind == "host" else None)
        except Exception:
            log.exception("the answer's view of %s %s in room %s failed", kind, seat, room["code"])
            return None

    def instead(self, code: str, seat: int, lang: str, refusal: ServiceError) -> str | None:
        """Explain mode: what the refused seat may do instead (None: off)."""
        room = self.load(code)
        if not explain.is_on(room, "seat", seat) or rooms.find_seat(room, seat) is None:
            return None
        game = games.get(room["game"])
        return explain.instead(game, seat, templates_for(room, "seat", seat), awaited(room, game)[0],
                               lang, rooms.seat_names(room), refusal.code, refusal.params)

    # --- presence (sockets) ------------------------------------------------

    def connect(self, code: str, token: str | None, sid: str, lang: str) -> dict:
        room = self.load(code)
        kind, seat = self.audience(room, token)
        # presence keeps the token's digest only, as the room does
        self.store.presence_add(room["code"], sid, rooms.token_hash(token) if token else "", lang)
        # read again once present: a change stored before this line is in the
        # view below, one stored after it is pushed to this socket as well
        # (its push reads the presence); the page keeps the newer of the two
        room = self.load(code)
        if kind == "seat":
            self.gone_at.pop((room["code"], seat), None)
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
            kind, seat = self.audience(room, digest, hashed=True)
            if kind == "host":
                return
        except ServiceError:
            return   # the room is gone, or the token no longer opens it
        self.gone_at[(code, seat)] = time.time()   # its last phone went: the host may skip it later
        self.broadcast(room, presence=[entry for entry in before if entry[0] != sid])

    # --- actions -----------------------------------------------------------

    def act(self, code: str, token: str | None, action: Any, lang: str) -> dict:
        """One action, start to end (the order: this module's docstring).
        ``action``: the body, or a function that reads it (HTTP reads it
        once the token is known: 404, then 401, then 400).  The push comes
        before the answer: the actor's answer is the view just pushed to
        its socket (a socket that takes patches is acknowledged with the
        version only, after its patch)."""
        room = self.cache.load(code)                    # load: the room or 404
        kind, seat = self.audience(room, token)         # authenticate: host, seat or table; else 401
        action = action_body(action)                    # an action at all: else 400
        sender = f"{room['code']}/{token}"
        self.limiter.spend("action", sender)            # the token's action budget (buckets)
        started = self.cpu_clock()
        try:
            return self._act(room, token, kind, seat, action, lang)
        finally:   # a costly action costs its sender more
            self.limiter.charge("action", sender, (self.cpu_clock() - started) / CPU_PER_TOKEN - 1)

    def _act(self, room: dict, token: str | None, kind: str, seat: int | None,
             action: dict, lang: str) -> dict:
        absence = self.absence(room, self.connected_seats(room)) if kind == "host" else None
        try:
            with self.cache.turn(room) as turn:   # the room's lock: one action after the other
                while True:
                    actor = self.audience(turn.room, token)   # again: revoked while it waited?
                    undo = UndoSteps(self.undo_step(turn.room, action))
                    # check, apply, keep the books (referee); matched against the
                    # templates the actor's last view showed, if the turn kept them
                    result = referee.apply_action(turn.room, *actor, action, undo,
                                                  turn.templates.get(actor), absence)
                    if turn.store(undo.change):   # compare-and-set; False: another process wrote first
                        break
        except ServiceError as refusal:
            if kind == "seat" and refusal.status in (403, 409, 422):
                refusal.instead = self.instead(room["code"], seat, lang, refusal)
            raise
        told = self.tell(turn.room, turn.since, turn.names, (actor, lang))
        return self.answer(turn.room, actor, lang, told, result)

    def undo_step(self, room: dict, action: dict) -> str | None:
        """The newest undo step, read from the store for an undo only (the
        action's ``UndoSteps`` carry it to ``lobby.act_undo``)."""
        if action["type"] == "undo" and room.get("undo_n"):
            return self.store.last_undo(room["code"])
        return None

    def tell(self, room: dict, since: int, names: dict[int, str],
             actor: tuple[tuple[str, int | None], str] | None = None) -> Told | None:
        """Pushes the stored change to every connected socket; returns what
        the broadcast built (``broadcast``), None where it failed."""
        try:
            return self.broadcast(room, since=since, names=names, actor=actor)
        except Exception:   # stored is stored: the answer says done, the pages catch up on reconnect
            log.exception("pushing room %s version %s failed", room["code"], room["version"])
            return None

    def answer(self, room: dict, actor: tuple[str, int | None], lang: str, told: Told | None,
               result: Any) -> dict:
        """The actor's answer: its view as the broadcast built it (the one
        pushed to its socket, else one built for it in the same pass: HTTP),
        built anew only where the broadcast failed; stored is stored, so
        without its view the answer still says done, with the version (issue #39)."""
        view = told.answer if told is not None else self.answer_view(room, actor, lang)
        answer = {"ok": True, "view": view} if view is not None else {"ok": True, "version": room["version"]}
        if result:
            answer["result"] = result
        return answer


def action_body(action: Any) -> dict:
    """The action, read if the transport passed its reader (HTTP), and
    shaped as an action (a type), else 400."""
    if callable(action):
        action = action()
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise fail("bad_json")
    return action
