"""Rooms between the store and the referee: a room loaded with its log, a
change applied to a fresh copy and stored with compare-and-set (retried
when another process wrote first), and what this process keeps per room
so that the next action reads and builds less: the log lines it has seen,
the templates its last views offered, the version it stored last.  What
it keeps is bounded by the rooms' life: a room idle longer than the
store keeps it (``store.idle_seconds``) is forgotten, and at most
ROOMS_KEPT rooms are kept (the least recently used go first)."""
from __future__ import annotations

import contextlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from . import rooms
from .errors import fail
from .store import Store

SAVE_ATTEMPTS = 200
ROOMS_KEPT = 5_000


def room_body(room: dict) -> str:
    """What the store keeps as the room's body: all but its log lines,
    which it keeps beside it."""
    return rooms.encode({key: value for key, value in room.items() if key != "log"})


class RoomMap:
    """One value per room code, forgotten once the room may have expired
    (not kept again for ``idle`` seconds) or when more than ``size`` rooms
    are kept (the least recently kept first)."""

    def __init__(self, size: int, idle: float):
        self.size, self.idle = size, idle
        self._items: OrderedDict[str, tuple[float, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, code: str, default=None):
        item = self._items.get(code)
        return default if item is None else item[1]

    def put(self, code: str, value) -> None:
        now = time.monotonic()
        with self._lock:
            self._items[code] = (now, value)
            self._items.move_to_end(code)
            while self._items:   # the oldest first: stop at the first one still wanted
                stamp, _ = next(iter(self._items.values()))
                if len(self._items) <= self.size and now - stamp < self.idle:
                    break
                self._items.popitem(last=False)

    def pop(self, code: str) -> None:
        with self._lock:
            self._items.pop(code, None)

    def __iter__(self):
        return iter(list(self._items))

    def __len__(self) -> int:
        return len(self._items)


class RoomLocks:
    """One lock per room while some thread holds or waits for it: a room
    nobody acts in right now has none."""

    def __init__(self):
        self._locks: dict[str, list] = {}   # code -> [lock, threads holding or waiting]
        self._guard = threading.Lock()

    @contextlib.contextmanager
    def hold(self, code: str):
        with self._guard:
            entry = self._locks.setdefault(code, [threading.Lock(), 0])
            entry[1] += 1
        try:
            with entry[0]:
                yield
        finally:
            with self._guard:
                entry[1] -= 1
                if not entry[1]:
                    del self._locks[code]

    def __iter__(self):
        return iter(list(self._locks))


class RoomCache:
    def __init__(self, store: Store, size: int = ROOMS_KEPT):
        self.store = store
        self._locks = RoomLocks()
        idle = store.idle_seconds
        self._saved = RoomMap(size, idle)   # the last version this process stored, per room
        # each room's log lines as last read or written here, by code:
        # (seed, version, lines); lines are append-only, so a load reads only
        # newer ones, and none while the stored version is the one kept
        self._logs = RoomMap(size, idle)
        # each room's action templates by (kind, seat), as its last broadcast
        # built them: (seed, version, templates); the next action is matched
        # against them instead of building its actor's templates again
        self._templates = RoomMap(size, idle)

    def forget(self, code: str) -> None:
        """The room is gone from the store: nothing of it is kept."""
        for kept in (self._saved, self._logs, self._templates):
            kept.pop(code)

    def load(self, code: str) -> dict:
        """A fresh copy of the room, its log included: the body and the log
        lines this process has not seen yet, read at one instant.  When the
        stored version is the one whose lines this process keeps (it wrote
        or read that version last, as with every room it serves alone), the
        body is all it reads."""
        code = rooms.normalise_code(code)
        if len(code) != rooms.CODE_LENGTH:
            raise fail("no_room")
        known = self._logs.get(code)
        loaded = self.read(code, known)
        if loaded is None:
            self.forget(code)
            raise fail("no_room")
        body, version, lines = loaded
        room = rooms.decode(body)
        room["version"] = version
        if known and (known[0] != room["seed"] or known[2] and known[2][-1]["n"] > room["log_n"]):
            self._logs.pop(code)   # another room of the same code, or a body put back: read all
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
        self._logs.put(room["code"], (room["seed"], room["version"], log))

    def keep_templates(self, room: dict, views: dict) -> None:
        """Keeps the templates of the views just built, by (kind, seat, lang,
        whole log?) (a template is never changed once built), for matching
        the room's next action."""
        self._templates.put(room["code"], (room["seed"], room["version"], {
            key[:2]: view["actions"] for key, view in views.items()}))

    def kept_templates(self, room: dict) -> dict[tuple, list[dict]]:
        """Each audience's templates at the room's version, by (kind,
        seat), as far as kept."""
        kept = self._templates.get(room["code"])
        if kept is None or kept[:2] != (room["seed"], room["version"]):
            return {}
        return kept[2]

    def save_room(self, room: dict, expected: int, since: int, undo: tuple | None = None) -> bool:
        """Stores the room at its version if the stored one is ``expected``:
        the body, the log lines after line ``since`` and ``undo``, the
        change to its undo steps (``UndoSteps.change``; None: none)."""
        new = []
        for entry in reversed(room["log"]):
            if entry["n"] <= since:
                break
            new.append((entry["n"], rooms.encode(entry)))
        new.reverse()
        if not self.store.save(room["code"], room_body(room), room["version"], expected, undo, new):
            return False
        self.keep_log(room, room["log"])   # add_log keeps LOG_MAX
        self._saved.put(room["code"], room["version"])
        return True

    @contextlib.contextmanager
    def turn(self, loaded: dict):
        """The room's turn in this process (its lock): one room's actions
        one after the other here.  Yields a ``Turn`` whose ``room`` is a
        fresh copy to change and ``store``; ``loaded`` is a copy the caller
        just loaded and will not use again, the first attempt starts from
        it unless this process stored a newer version meanwhile (the action
        is judged on the state after the action before it).  A raised
        error stores nothing and ends the turn."""
        code = loaded["code"]
        with self._locks.hold(code):
            room = loaded
            if self._saved.get(code, -1) > room["version"]:
                room = self.load(code)
            yield Turn(self, room)

    def change(self, code: str, change: Callable[[dict], Any],
               loaded: dict | None = None) -> tuple[dict, Any, int, dict[int, str]]:
        """Applies ``change`` to a fresh copy of the room and stores it with
        compare-and-set; retries on a concurrent write (``turn``).  Returns
        ``(room, result, since, names)``: the room stored, what ``change``
        returned, and the room's ``log_n`` and seat names before the change.
        ``change`` takes no undo step (a seat joining): actions that do go
        through Service.act."""
        room = loaded or self.load(code)   # no lock is made for a room that does not exist
        with self.turn(room) as turn:
            while True:
                result = change(turn.room)
                if turn.store():
                    return turn.room, result, turn.since, turn.names


class Turn:
    """One action's attempts at storing the room under its lock: ``room``
    the copy to change; ``since`` and ``names`` its ``log_n`` and seat
    names before the change (what the push needs); ``templates`` each
    audience's templates the last broadcast built at this version, by
    (kind, seat) (the action is matched against its actor's)."""

    def __init__(self, cache: RoomCache, room: dict):
        self.cache = cache
        self.attempts = 0
        self.begin(room)

    def begin(self, room: dict) -> None:
        self.room = room
        self.expected, self.since, self.names = room["version"], room["log_n"], rooms.seat_names(room)
        self.templates = self.cache.kept_templates(room)

    def store(self, undo: tuple | None = None) -> bool:
        """Stores the changed room with compare-and-set on its version, and
        ``undo``, the change to its undo steps (``UndoSteps.change``).
        False when another process wrote first: ``room`` is then a fresh
        copy to change again (with a new undo change); after SAVE_ATTEMPTS
        such attempts, busy."""
        self.room["version"] = self.expected + 1
        if self.cache.save_room(self.room, self.expected, self.since, undo):
            return True
        self.attempts += 1
        time.sleep(0.001)   # another process won; reload and redo
        self.begin(self.cache.load(self.room["code"]))
        if self.attempts >= SAVE_ATTEMPTS:
            raise fail("busy")
        return False
