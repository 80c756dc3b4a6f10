"""Claims of the open turn: adding them, covering an identity, and voiding a
claim with everything that stood on it (one log line each)."""
from __future__ import annotations

from typing import Any

from ..base import ev, seat, txt
from .common import identity_text, sk, standing


def add_claim(st: dict, s: int, identity: str, kind: str, action: str | None = None,
              params: dict | None = None) -> dict:
    """A new claim: ``kind`` is "action" (a personal action) or a reaction."""
    c = {"id": st["next_id"], "seat": s, "identity": identity, "kind": kind,
         "action": action, "params": params or {}, "void": False, "doubt": None}
    st["next_id"] += 1
    st["claims"].append(c)
    return c


def claim_params(c: dict, words: str = "value.") -> dict:
    """The log parameters of a personal action (``words``: the prefix of
    the resources' and the bank's texts; explain mode's run in a sentence)."""
    p = c["params"]
    out: dict[str, Any] = {"who": seat(c["seat"]), "id": c["id"],
                           "identity": identity_text(c["identity"])}
    for name in ("resource", "give", "get"):
        if name in p:
            out[name] = txt(words + p[name])
    if "target" in p:
        out["target"] = seat(p["target"])
    if "amount" in p:
        out["amount"] = p["amount"]
    if "with" in p:
        out["partner"] = txt(words + "bank") if p["with"] == "bank" else seat(p["with"])
    return out


def cover(st: dict, s: int, identity: str, events: list) -> None:
    """``s`` covers ``identity``: their standing claims as it are void (they
    have been proven not to be it)."""
    if identity not in st["covers"][sk(s)]:
        st["covers"][sk(s)].append(identity)
    disprove(st, s, identity, events)


def disprove(st: dict, s: int, identity: str, events: list) -> None:
    """``s`` has been shown not to be ``identity``: their standing claims as
    it are void (the original HOAX stops here: nothing is covered) — except
    those made with a first identity card (§12.3), which the table saw."""
    for c in standing(st, seat_=s):
        if c["identity"] == identity and not c.get("first_card"):
            void(st, c, events)


def void_other_identities(st: dict, s: int, identity: str, events: list) -> None:
    """``s`` has been shown to be ``identity``: their standing claims as any
    other identity are void."""
    for c in standing(st, seat_=s):
        if c["identity"] != identity:
            void(st, c, events)


def void(st: dict, c: dict, events: list) -> None:
    """Voids claim ``c`` and, each with its own line, what stood on it: the
    illegal declarations and immunizations against a void action, the fines
    once no illegal declaration is left, the indulgences and immunizations
    against the fine once no fine is left."""
    if c["void"]:
        return
    c["void"] = True
    if c["kind"] == "action":
        events.append(ev(f"void.{c['identity']}.{c['action']}", **claim_params(c)))
        for r in standing(st, "illegal"):
            void(st, r, events)
        for r in standing(st, "immunize"):
            if r["params"]["against"] == "action":
                void(st, r, events)
        return
    player = st["turn"]["player"] if st["turn"] else c["seat"]
    events.append(ev("void." + c["kind"], who=seat(c["seat"]), id=c["id"], actor=seat(player)))
    if c["kind"] == "illegal" and not standing(st, "illegal"):
        for r in standing(st, "fine"):
            void(st, r, events)
    elif c["kind"] == "fine" and not standing(st, "fine"):
        for r in standing(st, "indulgence"):
            void(st, r, events)
        for r in standing(st, "immunize"):
            if r["params"]["against"] == "sentence":
                void(st, r, events)
