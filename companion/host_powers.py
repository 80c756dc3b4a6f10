"""When the host may skip a seat or act for it (issue #38).

The host is usually a player, so a tool that stops waiting for a seat
(every game's ``close``, What the Rule?!'s ``void_round``, Factum's naming
of a storyteller or judge: each game lists them in ``Game.host_skips``)
needs a cause the whole table can see:

* every seat the game waits for has had no phone connected for
  ``Absence.after`` seconds (30 by default: a phone that died, not one that
  blinked), or
* the step's timer ran out (the host's per-step timer, issue #28), or
* in a race (any one of several seats is enough, e.g. Factum's volunteer),
  the race has waited ``Absence.after`` seconds: nobody took it.

``cause_at`` says from when the cause holds (epoch seconds; None: not
while the awaited phones are here and no timer runs).  Pure: the clock
and the phones' absence come in as arguments, so the conformance suite
checks it over random play without waiting.  Undo and ending the game are
not skipping anyone and need no cause."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from . import rooms
from .errors import fail
from .gameplay import awaited, timer_on

#: how long a phone must be gone before the host may skip its seat
AWAY_SECONDS = 30.0


@dataclass(frozen=True)
class Absence:
    """The room's phones as the server sees them now: for each seat of the
    game with no phone connected, since when (epoch seconds); a connected
    seat is not listed.  ``after``: the seconds a phone must be gone."""
    since: dict[int, float] = field(default_factory=dict)
    after: float = AWAY_SECONDS


def absence(seats: list[int], connected: set[int], gone: dict[int, float] | None,
            after: float = AWAY_SECONDS) -> Absence:
    """The game's ``seats`` with no phone ``connected``, and since when:
    ``gone``, when each seat's last phone went (the service keeps it);
    None where no phone can connect (HTTP only): every seat is away."""
    if gone is None:
        return Absence({s: 0.0 for s in seats}, after)
    return Absence({s: gone[s] for s in seats if s not in connected}, after)


def cause_at(room: dict, absence: Absence, waiting: tuple[list[int], bool] | None = None,
             timer: dict | None = None) -> float | None:
    """From when the host may skip or act for the seats the game waits
    for now (None: no cause yet, or nobody is awaited).  ``waiting`` and
    ``timer``: whom the game waits for (``gameplay.awaited``) and the
    running timer (``gameplay.timer_on``) where the caller read them
    (the views do, once per broadcast); else read here."""
    if room["status"] != "playing":
        return None
    if waiting is None:
        waiting, timer = awaited(room), timer_on(room)
    seats, race = waiting
    if not seats:
        return None
    causes = []
    if timer and timer.get("deadline") is not None:
        causes.append(timer["deadline"])
    if all(s in absence.since for s in seats):
        causes.append(max(absence.since[s] for s in seats) + absence.after)
    if race:
        since = (room.get("waiting_since") or {}).get("at", 0.0)   # gameplay.follow_waiting
        causes.append(since + absence.after)
    return min(causes) if causes else None


def check(room: dict, game, action: dict, absence: Absence | None, now: float | None = None) -> None:
    """Refuses a host tool that skips or acts for a seat without a cause
    (``no_cause``); ``absence`` None: a caller without phones (no check)."""
    if absence is None or action.get("type") not in game.host_skips:
        return
    at = cause_at(room, absence)
    now = time.time() if now is None else now
    if at is None or now < at:
        names = rooms.seat_names(room)
        who = ", ".join(names.get(s, str(s)) for s in awaited(room)[0])
        raise fail("no_cause", seats=who, seconds=int(absence.after))


def skip_view(room: dict, game, absence: Absence | None,
              waiting: tuple[list[int], bool] | None = None, timer: dict | None = None) -> dict | None:
    """The host's view of it: which tools need a cause, from when they
    work (``at``, epoch seconds, null: not yet), and whose phones are away
    (the table says why a tool is not there yet).  ``waiting``, ``timer``:
    as for ``cause_at``."""
    if absence is None or room["status"] != "playing":
        return None
    return {"tools": sorted(game.host_skips), "at": cause_at(room, absence, waiting, timer),
            "away": sorted(s for s in absence.since if s in room["order"]),
            "after": absence.after, "server_now": round(time.time(), 3)}
