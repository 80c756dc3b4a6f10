"""Variants of a state that differ only in what a viewer may not know (for
the non-interference check): the identities of two other players, swapped
where both still fit everything public and everything the viewer was
shown; another player's identity swapped with an undealt card (so a second
identity, §12.3, could have been any of them); the undealt cards in another
order (also once the game is over: they are never shown); and what one
player showed another when the viewer was neither."""
from __future__ import annotations

import json
import random

from ..base import Secret
from .common import IDENTITIES, in_round, show_allowed, sk


def unrevealed(st: dict, path: tuple) -> bool:
    return st["winner"] is None and path[1] not in st["revealed"]


def private_answer(st: dict, path: tuple) -> bool:
    """An answer to a purchase, except the finalists' answers to each
    other (public covers in the final)."""
    players = in_round(st)
    return st["winner"] is None and not (st["final"] and int(path[1]) in players
                                         and int(path[2]) in players)


#: the game's secrets (``Game.secrets``): each identity until it is
#: revealed, the undealt cards and their order, and what a player showed a
#: buyer (known to both; the buyer's notebook is on its open screen)
SECRETS = (Secret("ident.*", values=tuple(IDENTITIES), when=unrevealed),
           Secret("undealt", hidden="everyone", order=True),
           Secret("shown.*.*.*", values=tuple(IDENTITIES), when=private_answer,
                  known_by=lambda st, path: [int(path[2])], owner_open=True))


def fits(st: dict, s: int, identity: str) -> bool:
    """May seat ``s`` hold ``identity`` without contradicting the state?"""
    if identity in st["covers"][sk(s)]:
        return False
    if any(c["seat"] == s and c["identity"] == identity and c["doubt"]
           and c["doubt"]["status"] == "right" for c in st["claims"]):
        return False    # the table saw that doubt go through (the original HOAX covers nothing)
    if any(identity in m.get(sk(s), []) for m in st["shown"].values()):
        return False
    pending = st["pending"]
    if pending and pending["target"] == s:
        swapped = {**st, "ident": {**st["ident"], sk(s): identity}}
        if len(show_allowed(swapped, pending["buyer"], s)) < pending["n"]:
            return False
    return True


def hidden_variants(st: dict, viewer: int | None, rng: random.Random) -> list[dict]:
    if st["winner"] is not None:     # every identity is on the table, the rest is not
        return reshuffled_undealt(st, rng)
    return (swapped_identities(st, viewer, rng) + swapped_with_undealt(st, viewer, rng)
            + reshuffled_undealt(st, rng) + changed_answers(st, viewer, rng))


def copy_of(st: dict) -> dict:
    return json.loads(json.dumps(st))


def swapped_identities(st, viewer, rng, most=2):
    hidden = hidden_seats(st, viewer)
    pairs = [(a, b) for a in hidden for b in hidden if a < b]
    rng.shuffle(pairs)
    variants = []
    for a, b in pairs:
        ia, ib = st["ident"][sk(a)], st["ident"][sk(b)]
        if ia != ib and fits(st, a, ib) and fits(st, b, ia):
            variant = copy_of(st)
            variant["ident"][sk(a)], variant["ident"][sk(b)] = ib, ia
            variants.append(variant)
            if len(variants) >= most:
                break
    return variants


def hidden_seats(st: dict, viewer: int | None) -> list[int]:
    return [s for s in st["seats"] if s != viewer and sk(s) not in st["revealed"]]


def swapped_with_undealt(st, viewer, rng):
    """One hidden identity exchanged for an undealt card that fits."""
    undealt = st.get("undealt") or []
    seats = hidden_seats(st, viewer)
    rng.shuffle(seats)
    for s in seats:
        mine = st["ident"][sk(s)]
        cards = [n for n, i in enumerate(undealt) if i != mine and fits(st, s, i)]
        if cards:
            n = rng.choice(cards)
            variant = copy_of(st)
            variant["ident"][sk(s)], variant["undealt"][n] = undealt[n], mine
            return [variant]
    return []


def reshuffled_undealt(st, rng):
    """The undealt cards in another order (the next second identity drawn
    would be another one)."""
    undealt = list(st.get("undealt") or [])
    if len(set(undealt)) < 2:
        return []
    order = list(undealt)
    while order == undealt:
        rng.shuffle(order)
    variant = copy_of(st)
    variant["undealt"] = order
    return [variant]


def changed_answers(st, viewer, rng):
    """Another answer to a purchase the viewer took no part in.  In the
    final the finalists' answers to each other became public covers."""
    players = in_round(st)
    variants = []
    for buyer, answers in st["shown"].items():
        for target, ids in answers.items():
            if viewer is not None and viewer in (int(buyer), int(target)):
                continue
            if st["final"] and int(buyer) in players and int(target) in players:
                continue
            spare = [i for i in IDENTITIES if i != st["ident"][target]
                     and i not in st["covers"][target] and i not in ids]
            if not ids or not spare:
                continue
            variant = copy_of(st)
            variant["shown"][buyer][target][rng.randrange(len(ids))] = rng.choice(spare)
            pending = st["pending"]
            if (pending and pending["target"] == int(target)
                    and len(show_allowed(variant, pending["buyer"], int(target))) < pending["n"]):
                continue
            variants.append(variant)
    return variants
