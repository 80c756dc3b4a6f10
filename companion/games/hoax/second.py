"""The second identity (§12.3): the first time in a round a player is
wrongly doubted, they show their card, take a new identity from the undealt
cards and cover as many identities on it as they had covered before.

While they cover, the game waits for them (``recover`` in the state, like
the start covers).  Their new identity is theirs alone: the table learns
only that they drew one (a private log line tells them which)."""
from __future__ import annotations

import random

from ..base import ev, seat, template
from .common import (IDENTITIES, copies, identity_text, recovering, revealed_cards, sk,
                     standing)


def new_identity(st: dict, s: int, old: str, events: list) -> None:
    """``s`` showed ``old`` and draws the top card of the undealt ones.
    What they showed others was about the old card and no longer counts;
    the identities every card of which is on the table (§11) are covered on
    the new card at once, the player chooses the rest."""
    before = len(st["covers"][sk(s)])
    for c in standing(st, seat_=s):     # all as ``old``: true, whatever the new card says
        c["first_card"] = True
    st["second"][sk(s)] = old
    new = st["undealt"].pop()
    st["ident"][sk(s)] = new
    for answers in st["shown"].values():
        answers.pop(sk(s), None)
    shown = revealed_cards(st)
    st["covers"][sk(s)] = [i for i in IDENTITIES if shown.count(i) >= copies(st)]
    events.append(ev("new_identity", who=seat(s), n=before))
    events.append(ev("new_identity_you", to=[s], identity=identity_text(new)))
    left = before - len(st["covers"][sk(s)])
    if left > 0:
        st["recover"] = {"seat": s, "left": left}


def templates(st: dict, s: int) -> list[dict]:
    """The covers the game waits for: every identity not covered yet but
    one's own, a secret choice like the start cover (see ``__init__``)."""
    recover = recovering(st)
    if recover["seat"] != s:
        return []
    listed = [i for i in IDENTITIES if i not in st["covers"][sk(s)] and i != st["ident"][sk(s)]]
    return [template("cover", required=True, secret=True, secret_act=True, identity=listed)]


def cover_new_card(st: dict, s: int, identity: str, events: list, key: str = "cover") -> None:
    """One cover on the new card.  Nothing is voided: the player's standing
    claims were made with the old card, which the table has seen."""
    st["covers"][sk(s)].append(identity)
    events.append(ev(key, who=seat(s), identity=identity_text(identity)))
    recover = st["recover"]
    recover["left"] -= 1
    if not recover["left"]:
        st["recover"] = None
        events.append(ev("recovered", who=seat(s)))


def close(st: dict, rng: random.Random, events: list) -> None:
    """The host closes the covers: chosen at random among the allowed."""
    s = st["recover"]["seat"]
    while st["recover"]:
        own, covers = st["ident"][sk(s)], st["covers"][sk(s)]
        choice = rng.choice([i for i in IDENTITIES if i != own and i not in covers])
        cover_new_card(st, s, choice, events, "cover_closed")
