"""Limits per client address: what one phone, tablet or script may do in a
given time.  Token buckets, kept in this process: behind the documented
proxy (routing by room code) an address's requests spread over the workers
by the rooms they name, so with N workers an address may do up to N times
these allowances (docs/SECURITY.md).

| kind | counts | default |
|---|---|---|
| ``create`` | rooms created | 10 at once, then one a minute |
| ``join`` | seats taken or claimed | 20 at once, then one every 5 s |
| ``connect`` | Socket.IO connections | 60 at once, then one a second |
| ``wrong_token`` | refused seat/host tokens and claim links | 20, then one every 10 s |
| ``unknown_room`` | room codes that do not exist | 20, then one every 3 s |

Once ``wrong_token`` or ``unknown_room`` is used up, every request of that
address with a token (or with a room code) is refused with 429 before it is
looked at, so a guesser cannot tell a hit from a miss.  Room codes are five
letters out of 21 (4,084,101 codes): at one guess every 3 s, walking them
from one address takes 142 days.  ``ROOMS_PER_ADDRESS`` caps the rooms one
address has open at once.

Settings: ``LIMITS`` = "off", or a dict ``{kind: (burst, seconds per
token)}`` overriding the defaults; env ``COMPANION_LIMITS`` = "off" or
"create=10/60,join=20/5".
"""
from __future__ import annotations

import math
import threading
import time
from typing import Callable

from ..errors import ServiceError, fail

DEFAULTS: dict[str, tuple[float, float]] = {
    "create": (10, 60.0),
    "join": (20, 5.0),
    "connect": (60, 1.0),
    "wrong_token": (20, 10.0),
    "unknown_room": (20, 3.0),
}
ROOMS_PER_ADDRESS = 20
CODES = {"wrong_token": "too_many_guesses", "unknown_room": "too_many_guesses"}
#: refusals that were guesses, and what they count against
GUESSES = {"no_room": "unknown_room", "bad_token": "wrong_token", "bad_claim": "wrong_token"}
MAX_KEYS = 50_000   # buckets kept; full ones are forgotten first


def parse(setting) -> dict[str, tuple[float, float]] | None:
    """``LIMITS`` -> {kind: (burst, seconds per token)}, or None (off)."""
    if setting in ("off", "0", False):
        return None
    limits = dict(DEFAULTS)
    if isinstance(setting, dict):
        limits.update({kind: (float(b), float(s)) for kind, (b, s) in setting.items()})
    elif isinstance(setting, str) and setting not in ("", "on", "1"):
        for part in setting.split(","):
            kind, _, value = part.partition("=")
            burst, _, seconds = value.partition("/")
            limits[kind.strip()] = (float(burst), float(seconds))
    unknown = set(limits) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown limit(s): {', '.join(sorted(unknown))}")
    return limits


def too_many(code: str, retry_after: float, **params) -> ServiceError:
    error = fail(code, **params)
    error.retry_after = max(1, math.ceil(retry_after))
    return error


class AddressLimits:
    def __init__(self, limits: dict[str, tuple[float, float]] | None,
                 rooms_per_address: int = ROOMS_PER_ADDRESS):
        self.limits = limits
        self.rooms_per_address = rooms_per_address
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}
        self._rooms: dict[str, list[str]] = {}
        self._lock = threading.Lock()

    @property
    def on(self) -> bool:
        return self.limits is not None

    def _level(self, kind: str, address: str, now: float) -> float:
        burst, seconds = self.limits[kind]
        tokens, last = self._buckets.get((kind, address), (burst, now))
        return min(burst, tokens + (now - last) / seconds)

    def _refusal(self, kind: str, tokens: float) -> ServiceError:
        return too_many(CODES.get(kind, "too_many"), (1 - tokens) * self.limits[kind][1])

    def check(self, kind: str, address: str) -> None:
        """429 if ``address`` has used up ``kind``; spends nothing."""
        if not self.on:
            return
        with self._lock:
            tokens = self._level(kind, address, time.monotonic())
        if tokens < 1:
            raise self._refusal(kind, tokens)

    def spend(self, kind: str, address: str) -> None:
        """Takes one token, or 429 if none is left."""
        if not self.on:
            return
        now = time.monotonic()
        with self._lock:
            tokens = self._level(kind, address, now)
            if tokens < 1:
                raise self._refusal(kind, tokens)
            self._buckets[(kind, address)] = (tokens - 1, now)
            self._forget_some(now)

    def count(self, kind: str, address: str) -> None:
        """Takes one token if there is one (a failure that already happened)."""
        try:
            self.spend(kind, address)
        except ServiceError:
            pass

    def count_refusal(self, error: ServiceError, address: str) -> None:
        """A refused guess (room code, token, claim link) counts against the
        address that made it."""
        if error.code in GUESSES:
            self.count(GUESSES[error.code], address)

    def _forget_some(self, now: float) -> None:
        if len(self._buckets) <= MAX_KEYS:
            return
        for key in [k for k in self._buckets if self._level(k[0], k[1], now) >= self.limits[k[0]][0]]:
            del self._buckets[key]
        if len(self._buckets) > MAX_KEYS:   # all busy: the oldest half goes
            for key in sorted(self._buckets, key=lambda k: self._buckets[k][1])[:MAX_KEYS // 2]:
                del self._buckets[key]

    # --- open rooms per address ----------------------------------------------

    def check_rooms(self, address: str, exists: Callable[[str], bool]) -> None:
        """429 if ``address`` already has ``rooms_per_address`` rooms open."""
        if not self.on:
            return
        with self._lock:
            codes = self._rooms.get(address, [])
        if len(codes) < self.rooms_per_address:
            return
        alive = [code for code in codes if exists(code)]   # expired rooms free their place
        with self._lock:
            self._rooms[address] = alive
        if len(alive) >= self.rooms_per_address:
            raise too_many("too_many_rooms", 3600, max=self.rooms_per_address)

    def room_opened(self, address: str, code: str) -> None:
        if self.on:
            with self._lock:
                self._rooms.setdefault(address, []).append(code)
                if len(self._rooms) > MAX_KEYS:   # the longest-known address goes
                    self._rooms.pop(next(iter(self._rooms)))
