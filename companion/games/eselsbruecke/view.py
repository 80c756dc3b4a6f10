"""What each screen shows.  The table and every phone see the open cards of
the story being told, the taken cards and the resolved stories; a told story
vanishes from every view until it is resolved.  A phone also sees its own
hand (digital) and, behind hold-to-show, its own cards of the story being
resolved and the card it is asked about."""
from __future__ import annotations

from typing import Any

from .board import _k, pending, teller, untaken, waiting_for


def view(state: dict, seat_: int | None) -> dict:
    public = _public(state)
    if seat_ is None or seat_ not in state["seats"]:
        return {"you": None, "public": public}
    return {"you": _you(state, seat_), "public": public}


def _public(state: dict) -> dict:
    phase = state["phase"]
    n = len(state["seats"])
    public: dict[str, Any] = {
        "phase": phase, "mode": state["mode"], "language": state["language"],
        "players": n, "per_player": state["per_player"], "size": state["size"],
        "stories": n, "scores": dict(state["scores"]),
        "waiting_for": waiting_for(state),
        "resolved": [_resolved(number, story) for number, story
                     in enumerate(state["resolved"], start=1)],
    }
    if phase == "telling":
        story = state["stories"][state["story"]]
        public.update(story=state["story"] + 1, donkey=story["starter"], turn=teller(state),
                      laid=[{"term": c["term"], "by": c["by"]} for c in story["cards"]],
                      hidden_stories=state["story"])
    elif phase == "resolution":
        public.update(_resolution(state))
    return public


def _resolved(number: int, story: dict) -> dict:
    return {"number": number, "starter": story["starter"],
            "cards": [dict(c) for c in story["cards"]]}


def _resolution(state: dict) -> dict:
    res = state["res"]
    holding = {_k(s): 0 for s in state["seats"]}
    for card in untaken(state):
        holding[_k(card["holder"])] += 1
    question = res["question"]
    return {
        "story": state["story"] + 1,
        "donkey": state["stories"][state["story"]]["starter"],
        "turn": res["turn"],
        "hidden_stories": len(state["seats"]) - state["story"] - 1,
        "holding": holding,
        "left": sum(holding.values()),
        "taken": [{"term": c["term"], "by": c["taken_by"], "from": c["holder"]}
                  for c in res["cards"] if c["taken_by"] is not None],
        "idle": res["idle"],
        "question": {"kind": question["kind"], "namer": question["namer"],
                     "said": question["said"], "asked": [int(s) for s in question["asked"]],
                     "waiting": pending(state)} if question else None,
        "appeal": dict(res["appeal"]) if res["appeal"] else None,
        "ending": res["ending"],
        "last": dict(res["last"]) if res["last"] else None,
    }


def _you(state: dict, seat_: int) -> dict:
    you: dict[str, Any] = {"seat": seat_, "score": state["scores"][_k(seat_)]}
    if state["phase"] == "telling" and state["mode"] == "digital":
        you["hand"] = list(state["hands"][_k(seat_)])
    if state["phase"] != "resolution":
        return you
    secret: dict[str, Any] = {}
    mine = [c["term"] for c in untaken(state) if c["holder"] == seat_]
    if mine:
        secret["cards"] = mine
    question = state["res"]["question"]
    if question and seat_ in pending(state):
        secret["asked"] = list(question["asked"][_k(seat_)])
    if secret:
        you["secret"] = secret
    return you
