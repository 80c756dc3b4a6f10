"""Rounds, throne points and the final (§7–9); the original HOAX's end
(§12.1.2: the last player left, or the first one doubted wrongly, wins)."""
from __future__ import annotations

import random

from ..base import ev, seat
from .claims import cover
from .common import (copies, identities_in_play, identity_text, identity_texts, in_round,
                     next_in_round, original, sk)

WINNING_POINTS = 10


def deal(st: dict, start: int, rng: random.Random, events: list) -> None:
    """A new round: identities dealt, everybody in, nothing covered yet
    (the original HOAX: the Trader covered for everyone, nothing else).
    The cards not dealt stay in ``undealt`` (secret; §12.3 draws from it)."""
    deck = [i for i in identities_in_play(st) for _ in range(copies(st))]
    rng.shuffle(deck)
    seats = st["seats"]
    st.update({
        "round": st["round"] + 1, "phase": "cover", "start": start,
        "ident": {sk(s): deck[n] for n, s in enumerate(seats)},
        "undealt": deck[len(seats):],
        "covers": {sk(s): [] for s in seats},
        "to_cover": list(seats),
        "shown": {}, "out": {}, "revealed": {}, "second": {}, "recover": None,
        "final": False, "to_move": start, "turn": None, "claims": [], "used": {},
        "doubt": None, "pending": None,
    })
    if original(st):
        st.update(phase="play", to_cover=[], covers={sk(s): ["trader"] for s in seats})
        events.append(ev("deal_original", who=seat(start)))
        return
    events.append(ev("deal", round=st["round"], who=seat(start)))


def go_out(st: dict, s: int, reason: str) -> None:
    st["out"][sk(s)] = reason
    if st["to_move"] == s:
        st["to_move"] = next_in_round(st, s)


def award(st: dict, s: int, n: int, events: list, capped: bool = False) -> bool:
    """Books ``n`` throne points; True if that won the game.  ``capped``:
    points that may not be the 10th (a fended-off accusation, a lost final)
    are dropped when they would be."""
    points = st["points"]
    if capped and points[sk(s)] + n >= WINNING_POINTS:
        events.append(ev("no_tenth", who=seat(s)))
        return False
    points[sk(s)] += n
    events.append(ev("points", who=seat(s), n=n, total=points[sk(s)]))
    if points[sk(s)] < WINNING_POINTS:
        return False
    crown(st, s)
    events.append(ev("wins", who=seat(s)))
    return True


def crown(st: dict, s: int) -> None:
    """The game is over: ``s`` has won it."""
    st.update(winner=s, phase="over", doubt=None, pending=None, recover=None)


def last_one(st: dict, events: list) -> None:
    """The original HOAX: the last player left in the game wins it."""
    players = in_round(st)
    if len(players) == 1:
        crown(st, players[0])
        events.append(ev("last_one_wins", who=seat(players[0])))


def maybe_final(st: dict, events: list) -> None:
    """Two players left: the final begins; each covers what they showed the
    other (§7)."""
    players = in_round(st)
    if st["final"] or len(players) != 2:
        return
    st["final"] = True
    a, b = players
    events.append(ev("final_begins", a=seat(a), b=seat(b)))
    for me, other in ((a, b), (b, a)):
        shown = st["shown"].get(sk(other), {}).get(sk(me), [])
        new = [i for i in shown if i not in st["covers"][sk(me)]]
        if new:
            events.append(ev("final_auto_cover", who=seat(me), other=seat(other),
                             identities=identity_texts(new)))
            for i in new:
                cover(st, me, i, events)


def finish_final(st: dict, winner: int, loser: int, events: list, rng: random.Random,
                 bonus: int = 0, bonus_capped: bool = False) -> None:
    """The final is won: the final's +3 first, then ``bonus`` (a right
    accusation's +1; a fended-off accusation's +1, which may not be the
    10th), then the loser's +1 (never the 10th); a new round follows."""
    events.append(ev("final_won", who=seat(winner), loser=seat(loser)))
    if award(st, winner, 3, events):
        return
    if bonus and award(st, winner, bonus, events, capped=bonus_capped):
        return
    award(st, loser, 1, events, capped=True)
    events.append(ev("round_end", round=st["round"]))
    for s in st["seats"]:
        events.append(ev("reveal", who=seat(s), identity=identity_text(st["ident"][sk(s)])))
    st["last_round"] = {"round": st["round"], "winner": winner, "loser": loser,
                        "identities": dict(st["ident"])}
    deal(st, winner, rng, events)
