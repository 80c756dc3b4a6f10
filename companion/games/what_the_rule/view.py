"""What each viewer sees.  The table and every seat see the real table:
the correct row, the wrong cards under each place, hand sizes, the draw
pile, whose turn, the guesses so far, hints, scores, and each finished
round's rule.  Only a seated game master sees the current rule (under
``you.secret``); with the app as game master nobody does until the round
ends."""
from __future__ import annotations

from . import flow
from .checks import designated_gm
from .flow import RUNNING, k


def public_rule(state: dict) -> dict | None:
    """What everyone knows about the sealed rule: how it is held (typed by
    the GM, typed in the rule language, or drawn from the deck, with its
    level), never the rule itself."""
    rule = state["rule"]
    if rule is None or state["phase"] not in RUNNING:
        return None
    out = {"kind": rule["kind"], "judge": "app" if rule["kind"] != "text" else "gm"}
    if rule["kind"] == "deck":
        out["level"] = rule["level"]
    return out


def public(game, state: dict) -> dict:
    phase = state["phase"]
    hints = state["hints"]
    pending = state["pending"]
    return {
        "master": state["master"], "scoring": state["scoring"],
        "round": state["round"], "rounds": state["rounds"], "phase": phase,
        "gm": state["gm"], "designated": designated_gm(state) if phase == "rule" else None,
        "players": list(state["players"]), "turn": state["turn"],
        "hands": dict(state["hands"]), "pile": state["pile"],
        "row": flow.row_cards(state), "wrong": flow.wrong_columns(state),
        "played": flow.cards_played(state), "turns": dict(state["turns"]),
        "rule": public_rule(state),
        "pending": None if pending is None else {
            key: (list(value) if isinstance(value, list) else value)
            for key, value in pending.items()},
        "guesses": [dict(g) for g in state["guesses"]],
        "overrule": state["overrule"],
        "hints": {"on": hints["on"], "announced": hints["announced"],
                  "vote": None if hints["vote"] is None else
                  [s for s in state["seats"] if k(s) in hints["vote"]],
                  "given": list(hints["given"])},
        "scores": dict(state["scores"]), "found": dict(state["found"]),
        "results": [dict(r) for r in state["results"]],
        "waiting_for": [s for s in state["seats"]
                        if any(t.get("required") for t in game.actions(state, s))],
        "winners": flow.winners(state),
    }


def secret(state: dict, seat_: int) -> dict | None:
    """The sealed rule, for the seated game master while the round runs."""
    rule = state["rule"]
    if (state["master"] != "seat" or seat_ != state["gm"] or rule is None
            or state["phase"] not in RUNNING):
        return None
    if rule["kind"] == "text":
        return {"secret_rule": rule["text"]}
    if rule["kind"] == "deck":
        return {"deck_rule": rule["id"], "secret_rule": flow.revealed_rule(state)["rule"]}
    return {"secret_rule": rule["rule"]}


def view(game, state: dict, seat_: int | None) -> dict:
    shared = public(game, state)
    if seat_ is None or seat_ not in state["seats"]:
        return {"you": None, "public": shared}
    you = {
        "seat": seat_, "gm": seat_ == state["gm"], "player": seat_ in state["players"],
        "hand": state["hands"].get(k(seat_)), "turn": seat_ == state["turn"],
        "score": state["scores"][k(seat_)], "found": state["found"][k(seat_)],
    }
    hidden = secret(state, seat_)
    if hidden is not None:
        you["secret"] = hidden
    return {"you": you, "public": shared}
