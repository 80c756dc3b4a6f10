"""What the table and each phone see.  The table: turn order, who is on
turn, covers, who is out, points, the open claims and their doubts, and at
the end of the game every identity.  A phone adds its own identity (under
``secret``), what others showed it and what it showed, and what each other
player may still be.  With the second identity (§12.3) the table sees the
first card such a player showed (``first_identity``) and the covers they
still owe (``recover``); the new identity is only in their own ``secret``.
The undealt cards are in no view."""
from __future__ import annotations

from .common import IDENTITIES, first_cards, needed, recovering, sk


def step_of(st: dict) -> str:
    if st["winner"] is not None:
        return "over"
    if st["phase"] == "cover" or recovering(st):
        return "cover"
    if st["pending"]:
        return "show"
    if st["doubt"] is not None:
        return "doubt"
    return "turn"


def view(st: dict, s: int | None) -> dict:
    return views(st, [s])[s]


def views(st: dict, seats: list) -> dict:
    """The views of several audiences: the public part, and what the table
    rules out for each player, are everyone's."""
    public = public_part(st)
    ruled_out = public_ruled_out(st)
    unseen = {t: possible_for(ruled_out[t], None) for t in st["seats"]}
    return {s: {"you": own_part(st, s, ruled_out, unseen) if s is not None and s in st["seats"]
                else None, "public": public} for s in seats}


def public_part(st: dict) -> dict:
    over = st["winner"] is not None
    need = needed(st)
    return {
        "round": st["round"], "phase": st["phase"], "step": step_of(st),
        "order": list(st["seats"]), "start": st["start"],
        "to_move": None if over else st["to_move"],
        "final": st["final"], "players": [player(st, t) for t in st["seats"]],
        "turn": dict(st["turn"]) if st["turn"] else None,
        "claims": [claim(c, need) for c in st["claims"]],
        "doubt": st["doubt"], "needed": need, "pending": st["pending"],
        "recover": dict(recovering(st)) if recovering(st) else None,
        "last_round": st["last_round"], "winner": st["winner"],
        "options": dict(st["opts"]),
        "identities": dict(st["ident"]) if over else None,
    }


def player(st: dict, t: int) -> dict:
    k = sk(t)
    recover = recovering(st)
    return {"seat": t, "covers": list(st["covers"][k]),
            "covered": t not in st["to_cover"] and not (recover and recover["seat"] == t),
            "in_round": k not in st["out"], "out": st["out"].get(k),
            "revealed": st["revealed"].get(k), "first_identity": first_cards(st).get(k),
            "points": st["points"][k]}


def claim(c: dict, need: int) -> dict:
    d = c["doubt"]
    return {
        "id": c["id"], "seat": c["seat"], "identity": c["identity"], "kind": c["kind"],
        "action": c["action"], "params": dict(c["params"]), "void": c["void"],
        "doubt": None if d is None else {
            "by": d["by"], "supporters": list(d["yes"]), "declined": list(d["no"]),
            "count": len(d["yes"]), "needed": need, "status": d["status"]},
    }


def public_ruled_out(st: dict) -> dict:
    """Per player, what everyone knows: its identity if revealed, else the
    identities it has covered."""
    return {t: st["revealed"][sk(t)] if sk(t) in st["revealed"] else set(st["covers"][sk(t)])
            for t in st["seats"]}


def own_part(st: dict, s: int, ruled_out: dict | None = None,
             unseen: dict | None = None) -> dict:
    """``unseen``: per player, ``possible_for`` it when it showed the viewer
    nothing (most players to most viewers: worked out once per broadcast)."""
    ruled_out = ruled_out or public_ruled_out(st)
    unseen = unseen or {t: possible_for(ruled_out[t], None) for t in st["seats"]}
    key = sk(s)
    notebook = st["shown"].get(key, {})
    showed = {buyer: list(m[key]) for buyer, m in st["shown"].items() if key in m}
    return {
        "seat": s, "secret": {"identity": st["ident"][key]},
        "covers": list(st["covers"][key]),
        "in_round": key not in st["out"],
        "notebook": {t: list(ids) for t, ids in notebook.items()}, "showed": showed,
        "possible": {sk(t): possible_for(ruled_out[t], notebook[sk(t)])
                     if notebook.get(sk(t)) else unseen[t] for t in st["seats"] if t != s},
    }


def possible_for(ruled_out, shown) -> list[str]:
    """What a viewer knows another player may still be: from
    ``public_ruled_out`` and what that player showed the viewer."""
    if isinstance(ruled_out, str):
        return [ruled_out]   # revealed
    return [i for i in IDENTITIES if i not in ruled_out and (not shown or i not in shown)]
