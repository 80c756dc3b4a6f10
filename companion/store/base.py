"""The store contract, shared by every back end (tests/store runs one suite
against all of them)."""
from __future__ import annotations

import uuid
from abc import ABC, abstractmethod

from ..rooms import IDLE_SECONDS

#: the layout of what the stores keep, recorded with it (SQLite's
#: ``user_version``, Redis's ``<prefix>schema`` key).  Raise it with every
#: change of layout, and add the step from the one before to MIGRATIONS of
#: each store; a server finds an older store migrated on start, and refuses
#: a newer one with one line.
#:   0  gamenight-companion 0.1.0 (then "companion"): nothing recorded
#:   1  0.2.0: the same tables and keys, the version recorded
SCHEMA = 1


class SchemaTooNew(Exception):
    """The store was written by a newer server: its message is the one line
    ``companion serve`` stops with."""


class Store(ABC):
    idle_seconds = IDLE_SECONDS

    # A room is its body plus two things kept beside it, so that an action
    # reads and writes a small body: its log lines (numbered, append-only;
    # the newest LOG_MAX kept) and its undo steps (the newest HISTORY_MAX).

    @abstractmethod
    def create(self, code: str, body: str, log: list[tuple[int, str]] = ()) -> bool:
        """Stores a new room at version 0 with its first log lines
        ``[(n, line)]``; False if the code is taken."""

    @abstractmethod
    def load(self, code: str) -> tuple[str, int] | None:
        """``(body, version)`` or None (no such room, or expired)."""

    @abstractmethod
    def load_with_log(self, code: str, after: int, upto: int | None = None
                      ) -> tuple[str, int, list[str]] | None:
        """``(body, version, lines)``, read at one instant: the log lines
        numbered ``after < n <= upto`` (None: to the newest), oldest first."""

    @abstractmethod
    def save(self, code: str, body: str, version: int, expected: int,
             undo: tuple | None = None, log: list[tuple[int, str]] = ()) -> bool:
        """Replaces the room only if its stored version is ``expected``, and
        in the same step adds its new log lines ``[(n, line)]`` (a line of a
        number already stored replaces it) and changes its undo steps:
        ``("push", snapshot)`` keeps the newest HISTORY_MAX, ``("pop",)``
        drops the newest."""

    @abstractmethod
    def last_undo(self, code: str) -> str | None:
        """The newest undo step of the room, or None."""

    # --- presence: which sockets are connected, per server process ---------
    #
    # Every server process has its own ``server_id``.  Its presence entries
    # live only as long as it beats: ``presence_beat`` (every few seconds)
    # pushes its deadline ``ttl`` seconds ahead and clears the entries of
    # every process whose deadline passed (killed, frozen, unplugged), so a
    # dead process's sockets leave every view within ttl + one beat.
    # ``presence`` never returns an entry of a dead process.  Entries hold
    # what the service gives them: a token's digest, never the token.

    presence_ttl = 30.0
    presence_lost = False    # set by presence_beat if others took us for dead
    closed = False

    @property
    def server_id(self) -> str:
        if "_server_id" not in self.__dict__:
            self._server_id = uuid.uuid4().hex
        return self._server_id

    @abstractmethod
    def presence_add(self, code: str, sid: str, token: str, lang: str) -> None:
        """A connected socket of the room, held by this process (token: the
        digest of its token, '' for the table)."""

    @abstractmethod
    def presence_remove(self, code: str, sid: str) -> None: ...

    @abstractmethod
    def presence(self, code: str) -> list[tuple[str, str, str]]:
        """``[(sid, token, lang)]`` of the room's sockets held by live processes."""

    def presence_beat(self, ttl: float | None = None) -> list[str]:
        """This process is alive for ``ttl`` more seconds.  Clears the
        entries of dead processes; returns the codes of the rooms that lost
        sockets that way (their views changed)."""
        return []

    def presence_stop(self) -> list[str]:
        """This process stops: its entries go.  Returns the rooms' codes."""
        return []

    def presence_reset(self) -> None:
        """Forget every socket (a single server starting up)."""

    def alive(self) -> bool:
        """Whether the store answers now (/healthz)."""
        return True

    def close(self) -> None:
        self.closed = True
