"""The store contract, shared by every back end (tests/store runs one suite
against all of them)."""
from __future__ import annotations

from abc import ABC, abstractmethod

from ..rooms import IDLE_SECONDS


class Store(ABC):
    idle_seconds = IDLE_SECONDS

    @abstractmethod
    def create(self, code: str, body: str) -> bool:
        """Stores a new room at version 0; False if the code is taken."""

    @abstractmethod
    def load(self, code: str) -> tuple[str, int] | None:
        """``(body, version)`` or None (no such room, or expired)."""

    @abstractmethod
    def save(self, code: str, body: str, version: int, expected: int) -> bool:
        """Replaces the room only if its stored version is ``expected``."""

    @abstractmethod
    def presence_add(self, code: str, sid: str, token: str, lang: str) -> None:
        """A connected socket of the room (token may be '' for the table)."""

    @abstractmethod
    def presence_remove(self, code: str, sid: str) -> None: ...

    @abstractmethod
    def presence(self, code: str) -> list[tuple[str, str, str]]:
        """``[(sid, token, lang)]`` of the room's connected sockets."""

    def presence_reset(self) -> None:
        """Forget every socket (a single server starting up)."""

    def close(self) -> None:
        pass
