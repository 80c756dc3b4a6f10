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
| ``resync`` | whole views a socket asks again (per socket, not address) | 20 at once, then one every 2 s |
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

from collections.abc import Callable

from ..buckets import MAX_KEYS, TokenBuckets, too_many
from ..errors import ServiceError

DEFAULTS: dict[str, tuple[float, float]] = {
    "create": (10, 60.0),
    "join": (20, 5.0),
    "connect": (60, 1.0),
    "resync": (20, 2.0),
    "wrong_token": (20, 10.0),
    "unknown_room": (20, 3.0),
}
ROOMS_PER_ADDRESS = 20
CODES = {"wrong_token": "too_many_guesses", "unknown_room": "too_many_guesses"}
#: refusals that were guesses, and what they count against
GUESSES = {"no_room": "unknown_room", "bad_token": "wrong_token", "bad_claim": "wrong_token"}


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



class AddressLimits(TokenBuckets):
    """The buckets by client address, and the rooms each address has open."""

    def __init__(self, limits: dict[str, tuple[float, float]] | None,
                 rooms_per_address: int = ROOMS_PER_ADDRESS):
        super().__init__(limits, CODES)
        self.rooms_per_address = rooms_per_address
        self._rooms: dict[str, list[str]] = {}

    def count_refusal(self, error: ServiceError, address: str) -> None:
        """A refused guess (room code, token, claim link) counts against the
        address that made it."""
        if error.code in GUESSES:
            self.count(GUESSES[error.code], address)

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
