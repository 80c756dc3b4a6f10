"""Reactions to the open turn (§4.1–4.4): ``illegal`` (as Baron), ``fine``
(as Judge), ``indulgence`` (as Monk), ``immunize`` (as Magician).  Every
reaction is a claim of its identity, so it can be doubted.

``used[seat]`` lists which of illegal / fine / indulgence the seat used this
turn: one of the three (§4), or in the original HOAX each of them once
(§12.1.6: all reactions may be combined)."""
from __future__ import annotations

from typing import Any

from ..base import Illegal, ev, seat, template, txt
from .claims import add_claim
from .common import (ONE_OF_THREE, REACTION_IDENTITY, RESOURCES, action_standing,
                     amount_refusal, hit_by_action, identity_text, is_out, missing, original,
                     pause_refusal, play_refusal, resource_refusal, sk, standing, turn_claim)

TYPES = ("illegal", "fine", "indulgence", "immunize")


def templates(st: dict, s: int) -> list[dict]:
    """The reactions ``s`` may make to the open turn (none is required).
    Each is a claim, and every claim asks to confirm (as the turn's do)."""
    turn = st["turn"]
    if not turn:
        return []
    covers = st["covers"][sk(s)]
    out = []
    if one_of_three_open(st, s):
        if "baron" not in covers and unused(st, s, "illegal"):
            out.append(template("illegal", confirm=True))
        if "judge" not in covers and standing(st, "illegal") and unused(st, s, "fine"):
            out.append(template("fine", confirm=True, resource=list(RESOURCES), amount=[1, 2]))
        if "monk" not in covers and standing(st, "fine") and unused(st, s, "indulgence"):
            out.append(template("indulgence", confirm=True, resource=list(RESOURCES)))
    if "magician" not in covers:
        against = [a for a in ("action", "sentence") if immunize_refusal(st, s, a) is None]
        if against:
            out.append(template("immunize", confirm=True, against=against))
    return out


def one_of_three_open(st: dict, s: int) -> bool:
    """May ``s`` still use one of illegal / fine / indulgence this turn?"""
    player = st["turn"]["player"]
    return (s != player and not is_out(st, player) and action_standing(st)
            and (original(st) or sk(s) not in st["used"]))


def unused(st: dict, s: int, kind: str) -> bool:
    """Has ``s`` not yet reacted with ``kind`` this turn?"""
    return kind not in st["used"].get(sk(s), [])


def refusal(st: dict, actor: int, action: dict) -> Illegal | None:
    kind = action["type"]
    found = play_refusal(st, actor) or pause_refusal(st)
    if found:
        return found
    if not st["turn"]:
        return Illegal("no_turn")
    if kind in ONE_OF_THREE:
        found = one_of_three_refusal(st, actor, action)
    else:
        found = missing(action, "against") or immunize_refusal(st, actor, action.get("against"))
    if found:
        return found
    identity = REACTION_IDENTITY[kind]
    if identity in st["covers"][sk(actor)]:
        return Illegal("identity_covered", identity=identity_text(identity))
    return None


def one_of_three_refusal(st: dict, actor: int, action: dict) -> Illegal | None:
    kind = action["type"]
    player = st["turn"]["player"]
    if not action_standing(st):
        return Illegal("action_void")
    if is_out(st, player):
        return Illegal("actor_out", actor=seat(player))
    if actor == player:
        return Illegal({"illegal": "own_action", "fine": "fine_self",
                        "indulgence": "indulgence_self"}[kind])
    if kind == "fine" and not standing(st, "illegal"):
        return Illegal("no_illegal")
    if kind == "indulgence" and not standing(st, "fine"):
        return Illegal("no_fine")
    if sk(actor) in st["used"] and not original(st):
        return Illegal("reaction_used", reaction=txt("action." + st["used"][sk(actor)][0]))
    if not unused(st, actor, kind):
        return Illegal("reaction_repeat", reaction=txt("action." + kind))
    if kind in ("fine", "indulgence"):
        found = resource_refusal(action)
        if found:
            return found
    if kind == "fine":
        return amount_refusal(action)
    return None


def immunize_refusal(st: dict, actor: int, against) -> Illegal | None:
    """Against the action: only who it hits, never against a theft.  Against
    the sentence: only the turn's player, once fined.  Once each."""
    if against not in ("action", "sentence"):
        return Illegal("bad_against")
    if against == "action":
        c = turn_claim(st)
        if c is not None and not c["void"] and c["action"] == "steal" and c["seat"] != actor:
            return Illegal("immune_theft")
        if not hit_by_action(st, actor):
            return Illegal("not_hit")
    else:
        if actor != st["turn"]["player"]:
            return Illegal("not_sentenced")
        if not standing(st, "fine"):
            return Illegal("no_fine")
    if any(c["params"]["against"] == against for c in standing(st, "immunize", actor)):
        return Illegal("already_immune")
    return None


def perform(st: dict, actor: int, action: dict, rng) -> list[dict]:
    """Adds the reaction as a claim (nothing random happens here)."""
    kind = action["type"]
    params: dict[str, Any] = {}
    if kind in ("fine", "indulgence"):
        params["resource"] = action["resource"]
    if kind == "fine":
        params["amount"] = action["amount"]
    if kind == "immunize":
        params["against"] = action["against"]
    if kind in ONE_OF_THREE:
        st["used"].setdefault(sk(actor), []).append(kind)
    c = add_claim(st, actor, REACTION_IDENTITY[kind], kind, None, params)
    key = kind
    if kind == "fine":
        key = "fine2" if params["amount"] == 2 else "fine1"
    elif kind == "immunize":
        key = "immunize_" + params["against"]
    return [ev(key, who=seat(actor), actor=seat(st["turn"]["player"]), id=c["id"],
               resource=txt("value." + params["resource"]) if "resource" in params else "",
               amount=params.get("amount", 0))]
