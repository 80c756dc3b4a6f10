"""Doubts (§4.5): raising and supporting (``doubt``), declining, withdrawing,
and what a decided doubt does.

A claim's ``doubt`` holds its latest doubt: ``{"by", "yes", "no", "status"}``
with status open | right | wrong | collapsed | withdrawn | closed.  A claim's
``withdrawn`` lists the seats that withdrew a doubt against it (absent while
nobody did)."""
from __future__ import annotations

import random

from ..base import Illegal, ev, seat, template
from . import second
from .claims import cover, disprove, void, void_other_identities
from .common import (copies, find_claim, first_cards, identity_text, in_round, is_out, missing,
                     needed, original, play_refusal, recovering, revealed_cards,
                     second_identity, sk)
from .rounds import award, crown, finish_final, go_out, maybe_final

TYPES = ("doubt", "decline", "withdraw")
#: a doubt that ended so leaves its claim open to a new doubt: nobody voted
REOPENING = ("withdrawn", "closed")


# ------------------------------------------------------------- templates
def open_doubt_templates(st: dict, s: int) -> list[dict]:
    """While a doubt is open: its answers (owed by every player who has not
    answered yet) and its withdrawal (by its raiser)."""
    c = find_claim(st, st["doubt"])
    d = c["doubt"]
    out = []
    if s != c["seat"] and s not in d["yes"] and s not in d["no"]:
        out.append(template("doubt", confirm=True, required=True, claim=[c["id"]]))
        out.append(template("decline", required=True, claim=[c["id"]]))
    if s == d["by"]:
        out.append(template("withdraw", claim=[c["id"]]))
    return out


def raise_template(st: dict, s: int) -> list[dict]:
    """The claims of the open turn ``s`` may doubt (optional)."""
    ids = [c["id"] for c in st["claims"] if new_doubt_refusal(st, s, c) is None]
    return [template("doubt", confirm=True, claim=ids)] if ids else []


# ------------------------------------------------------------- refusals
def doubt_refusal(st: dict, actor: int, action: dict) -> Illegal | None:
    found = play_refusal(st, actor)
    if found:
        return found
    recover = recovering(st)
    if recover:
        return Illegal("waiting_cover", who=seat(recover["seat"]))
    pending = st["pending"]
    if pending:
        return Illegal("waiting_show", target=seat(pending["target"]),
                       buyer=seat(pending["buyer"]))
    c = find_claim(st, action.get("claim"))
    if c is None:
        return missing(action, "claim") or Illegal("no_claim")
    if c["seat"] == actor:
        return Illegal("own_claim")
    if st["doubt"] is not None:
        if st["doubt"] != c["id"]:
            return Illegal("doubt_open", claim=st["doubt"])
        d = c["doubt"]
        if actor in d["yes"] or actor in d["no"]:
            return Illegal("already_answered")
        return None
    return new_doubt_refusal(st, actor, c)


def new_doubt_refusal(st: dict, actor: int, c: dict) -> Illegal | None:
    """May ``actor`` raise a new doubt against claim ``c``?  A claim can be
    doubted anew after a doubt was withdrawn or closed by the host — but not
    by a player who withdrew one against it — and never after the table
    voted (collapsed) or the doubt was decided."""
    if c["seat"] == actor:
        return Illegal("own_claim")
    if c["void"]:
        return Illegal("claim_void")
    if is_out(st, c["seat"]):
        return Illegal("claimant_out", claimant=seat(c["seat"]))
    d = c["doubt"]
    if d is not None and d["status"] not in REOPENING:
        return Illegal("already_doubted")
    if actor in c.get("withdrawn", []):
        return Illegal("withdrew_doubt")
    return None


def decline_refusal(st: dict, actor: int, action: dict) -> Illegal | None:
    found = play_refusal(st, actor)
    if found:
        return found
    c = find_claim(st, action.get("claim"))
    if c is None or st["doubt"] != c["id"]:
        return missing(action, "claim") or Illegal("no_open_doubt")
    if c["seat"] == actor:
        return Illegal("own_claim")
    d = c["doubt"]
    if actor in d["yes"] or actor in d["no"]:
        return Illegal("already_answered")
    return None


def withdraw_refusal(st: dict, actor: int, action: dict) -> Illegal | None:
    found = play_refusal(st, actor)
    if found:
        return found
    c = find_claim(st, action.get("claim"))
    if c is None or st["doubt"] != c["id"]:
        return missing(action, "claim") or Illegal("no_open_doubt")
    if c["doubt"]["by"] != actor:
        return Illegal("not_raiser")
    return None


# ------------------------------------------------------------- performing
def perform_withdraw(st: dict, actor: int, action: dict, rng: random.Random) -> list[dict]:
    events: list[dict] = []
    c = find_claim(st, action["claim"])
    c.setdefault("withdrawn", []).append(actor)
    collapse(st, c, "withdrawn", events)
    return events


def perform_decline(st: dict, actor: int, action: dict, rng: random.Random) -> list[dict]:
    c = find_claim(st, action["claim"])
    c["doubt"]["no"].append(actor)
    events = [ev("doubt_decline", who=seat(actor), claimant=seat(c["seat"]), id=c["id"])]
    check(st, c, events, rng)
    return events


def perform_doubt(st: dict, actor: int, action: dict, rng: random.Random) -> list[dict]:
    """Raises a doubt against a claim, or supports the open one."""
    events: list[dict] = []
    c = find_claim(st, action["claim"])
    if st["doubt"] != c["id"]:
        raise_doubt(st, actor, c, events, rng)
        return events
    d = c["doubt"]
    d["yes"].append(actor)
    events.append(ev("doubt_support", who=seat(actor), claimant=seat(c["seat"]),
                     id=c["id"], count=len(d["yes"]), needed=needed(st)))
    check(st, c, events, rng)
    return events


def raise_doubt(st: dict, actor: int, c: dict, events: list, rng: random.Random) -> None:
    c["doubt"] = {"by": actor, "yes": [actor], "no": [], "status": "open"}
    st["doubt"] = c["id"]
    events.append(ev("doubt_raised", who=seat(actor), claimant=seat(c["seat"]),
                     identity=identity_text(c["identity"]), id=c["id"], needed=needed(st)))
    if st["final"]:     # in the final every doubt goes through at once (§7)
        resolve(st, c, events, rng)
    else:
        check(st, c, events, rng)


def check(st: dict, c: dict, events: list, rng: random.Random) -> None:
    """Enough doubters: resolve; too many declined to get there: collapse."""
    d = c["doubt"]
    need = needed(st)
    if len(d["yes"]) >= need:
        resolve(st, c, events, rng)
        return
    undecided = [s for s in in_round(st)
                 if s != c["seat"] and s not in d["yes"] and s not in d["no"]]
    if len(d["yes"]) + len(undecided) < need:
        collapse(st, c, "collapsed", events)


def collapse(st: dict, c: dict, status: str, events: list) -> None:
    c["doubt"]["status"] = status
    st["doubt"] = None
    events.append(ev("doubt_" + status, claimant=seat(c["seat"]), id=c["id"],
                     identity=identity_text(c["identity"])))


def resolve(st: dict, c: dict, events: list, rng: random.Random) -> None:
    st["doubt"] = None
    claimant, identity = c["seat"], c["identity"]
    if st["ident"][sk(claimant)] != identity:
        doubt_right(st, c, events)
    elif original(st):
        doubt_wrong_wins(st, c, events)
    else:
        doubt_wrong(st, c, events, rng)


def doubt_right(st: dict, c: dict, events: list) -> None:
    """The claimant is not that identity: the claim is void and they cover
    it — in the original HOAX they cover nothing (§12.1.5): the log line is
    all the table keeps, everyone must remember."""
    d = c["doubt"]
    d["status"] = "right"
    claimant, identity = c["seat"], c["identity"]
    params = dict(claimant=seat(claimant), identity=identity_text(identity), id=c["id"],
                  count=len(d["yes"]))
    if original(st):
        events.append(ev("doubt_right_original", **params))
        void(st, c, events)
        disprove(st, claimant, identity, events)
        return
    events.append(ev("doubt_right", **params))
    void(st, c, events)
    cover(st, claimant, identity, events)


def doubt_wrong_wins(st: dict, c: dict, events: list) -> None:
    """The original HOAX (§12.1.2): the first player doubted in their true
    identity wins the game."""
    c["doubt"]["status"] = "wrong"
    claimant = c["seat"]
    st["revealed"][sk(claimant)] = c["identity"]
    crown(st, claimant)
    events.append(ev("doubt_wrong_wins", claimant=seat(claimant),
                     identity=identity_text(c["identity"]), id=c["id"],
                     doubters=[seat(s) for s in c["doubt"]["yes"]]))


def doubt_wrong(st: dict, c: dict, events: list, rng: random.Random) -> None:
    """The claimant really is that identity: +3 and out; with the second
    identity (§12.3) the first time in a round +2 and a new identity."""
    d = c["doubt"]
    d["status"] = "wrong"
    claimant, identity = c["seat"], c["identity"]
    first_time = second_identity(st) and sk(claimant) not in first_cards(st)
    params = dict(claimant=seat(claimant), identity=identity_text(identity), id=c["id"],
                  doubters=[seat(s) for s in d["yes"]])
    if first_time and not st["final"]:
        events.append(ev("doubt_wrong_second", **params))
        void_other_identities(st, claimant, identity, events)
        if award(st, claimant, 2, events):
            return
        second.new_identity(st, claimant, identity, events)
        open_info(st, identity, events, spare=claimant)
        return
    st["revealed"][sk(claimant)] = identity
    # in the final the claimant wins it and stays: a line that does not say "leaves"
    events.append(ev("doubt_wrong_final" if st["final"] else "doubt_wrong", **params))
    points = 2 if first_time else 3
    if st["final"]:
        # the wrong doubt's points now, then the final's +3: both count,
        # and neither may be dropped, so their order changes nothing
        if award(st, claimant, points, events):
            return
        events.append(ev("final_wrong_doubt", who=seat(d["by"])))
        finish_final(st, claimant, d["by"], events, rng)
        return
    void_other_identities(st, claimant, identity, events)
    go_out(st, claimant, "doubted")
    if award(st, claimant, points, events):
        return
    open_info(st, identity, events)
    maybe_final(st, events)


def open_info(st: dict, identity: str, events: list, spare: int | None = None) -> None:
    """§11: every card of ``identity`` has been shown, so every player still
    in the round covers it (``spare`` already has, on a new card)."""
    if revealed_cards(st).count(identity) < copies(st):
        return
    events.append(ev("open_info", identity=identity_text(identity)))
    for s in in_round(st):
        if s != spare:
            cover(st, s, identity, events)
