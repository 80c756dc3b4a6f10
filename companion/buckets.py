"""Token buckets kept in this process, by (kind, key): a burst, then one
token every so many seconds.  Neutral ground: the service limits actions
per token with them, the transports limit what one address may do
(transport/limits.py)."""
from __future__ import annotations

import math
import threading
import time

from .errors import ServiceError, fail

MAX_KEYS = 50_000   # buckets kept; full ones are forgotten first


def too_many(code: str, retry_after: float, **params) -> ServiceError:
    error = fail(code, **params)
    error.retry_after = max(1, math.ceil(retry_after))
    return error


class TokenBuckets:
    """``limits``: {kind: (burst, seconds per token)}, or None (off).
    ``codes``: the refusal code of a kind, when not ``too_many``."""

    def __init__(self, limits: dict[str, tuple[float, float]] | None,
                 codes: dict[str, str] | None = None):
        self.limits = limits
        self.codes = codes or {}
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}
        self._lock = threading.Lock()

    @property
    def on(self) -> bool:
        return self.limits is not None

    def _level(self, kind: str, key: str, now: float) -> float:
        burst, seconds = self.limits[kind]
        tokens, last = self._buckets.get((kind, key), (burst, now))
        return min(burst, tokens + (now - last) / seconds)

    def _refusal(self, kind: str, tokens: float) -> ServiceError:
        return too_many(self.codes.get(kind, "too_many"), (1 - tokens) * self.limits[kind][1])

    def check(self, kind: str, key: str) -> None:
        """429 if ``key`` has used up ``kind``; spends nothing."""
        if not self.on:
            return
        with self._lock:
            tokens = self._level(kind, key, time.monotonic())
        if tokens < 1:
            raise self._refusal(kind, tokens)

    def spend(self, kind: str, key: str) -> None:
        """Takes one token, or 429 if none is left."""
        if not self.on:
            return
        now = time.monotonic()
        with self._lock:
            tokens = self._level(kind, key, now)
            if tokens < 1:
                raise self._refusal(kind, tokens)
            self._buckets[(kind, key)] = (tokens - 1, now)
            self._forget_some(now)

    def charge(self, kind: str, key: str, tokens: float) -> None:
        """Takes ``tokens`` more for what a request cost beyond its first
        token, down to one burst below empty: the key waits for them to
        come back before its next request (nothing is refused now)."""
        if not self.on or tokens <= 0:
            return
        now = time.monotonic()
        with self._lock:
            level = self._level(kind, key, now)
            self._buckets[(kind, key)] = (max(-self.limits[kind][0], level - tokens), now)
            self._forget_some(now)

    def count(self, kind: str, key: str) -> None:
        """Takes one token if there is one (a failure that already happened)."""
        try:
            self.spend(kind, key)
        except ServiceError:
            pass

    def _forget_some(self, now: float) -> None:
        if len(self._buckets) <= MAX_KEYS:
            return
        for key in [k for k in self._buckets if self._level(k[0], k[1], now) >= self.limits[k[0]][0]]:
            del self._buckets[key]
        if len(self._buckets) > MAX_KEYS:   # all busy: the oldest half goes
            for key in sorted(self._buckets, key=lambda k: self._buckets[k][1])[:MAX_KEYS // 2]:
                del self._buckets[key]
