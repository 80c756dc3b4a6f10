"""What the table and each phone see.  The table: scores, the step, whom the
game waits for (names, never choices), teams and captains, N and the deck
cards, after the reveal every team vote and whose card lay where, the
best-story counts and result (never the best-story ballots).  A phone adds
its team, role, what to do now and, under ``secret``, its own marks and
ballots."""
from __future__ import annotations

from typing import Any

from . import roles, scoring
from .roles import key


def todo(state: dict, s: int) -> str:
    """What seat ``s`` should do now (``todo.<...>`` texts)."""
    phase = state["phase"]
    if phase == "over":
        return "over"
    if phase == "volunteer":
        return "wait_volunteer_last" if s == state["last_teller"] else "volunteer"
    if phase == "telling":
        return "tell" if s == state["teller"] else "wait_told"
    if phase == "judge":
        return "judge" if s in state["team_b"] else "wait_judge"
    if phase == "decide":
        return "decide" if s == state["judge"] else "wait_decide"
    if phase == "mark":
        if not roles.cards_of(state, s):
            return "wait_marks"
        return "mark" if roles.unmarked(state, s) else "marked"
    if phase == "vote":
        if s in roles.voters(state):
            return "voted" if key(s) in state["votes"] else "vote"
        if s == roles.captain(state, state["guessers"]):
            return "captain_silent"
        return "wait_votes"
    if phase == "best":
        if s in roles.best_voters(state):
            return "best_voted" if key(s) in state["best_votes"] else "best"
        return "best_excluded"
    return "wait"


def round_view(state: dict) -> dict:
    """The public picture of the current (or just finished) round."""
    out = {
        "round": state["round"], "teller": state["teller"], "judge": state["judge"],
        "team_a": list(state["team_a"]), "team_b": list(state["team_b"]),
        "guessers": state["guessers"], "n": state["n"], "deck": roles.deck(state),
        "contributors": sorted(int(k) for k in roles.contributors(state)),
        "second_card": any("second" in v for v in roles.contributors(state).values()),
        "reveal": scoring.reveal(state),
        # counts and result only: who voted how stays secret for good
        "best": dict(state["best"]) if state["best"] else None,
        "title_compared": None,
    }
    if state["best"] and "holder" in state["best"]:
        out["title_compared"] = state["best"]["holder"]
    elif state["phase"] == "best":
        out["title_compared"] = state["title"]["seat"]
    return out


def public_view(state: dict) -> dict:
    phase = state["phase"]
    started = state["teller"] is not None
    current = round_view(state)
    if phase == "volunteer":
        current, last = None, (dict(current, round=state["round"] - 1) if started else None)
        if last is not None:   # the host closed its marking: nobody scored (issue #38)
            last["void"] = state.get("void") == state["round"] - 1
    else:
        last = None
    voting = phase == "vote"
    return {
        "round": state["round"], "step": phase, "target": state["target"],
        "scores": dict(state["scores"]),
        "last_teller": state["last_teller"],
        "current": current,
        "last": last,
        "awaited": roles.awaited(state),
        "voters": roles.voters(state) if voting else [],
        "vote_options": roles.vote_options(state) if voting else [],
        "ballot": (2 if state["tied"] else 1) if voting else None,
        # a tied first ballot was revealed; the open one is not
        "ballots": [dict(b) for b in state["ballots"]] if voting else [],
        "best_voters": roles.best_voters(state) if phase == "best" else [],
        "title": dict(state["title"]) if state["title"] else None,
        "winners": state["winners"],
    }


def seat_view(state: dict, s: int) -> dict:
    phase = state["phase"]
    you: dict[str, Any] = {"seat": s, "team": None, "role": None,
                           "todo": todo(state, s), "cards": []}
    secret: dict[str, Any] = {"marks": {}, "vote": None, "best": None}
    if phase != "volunteer":
        team = roles.team_of(state, s)
        you["team"] = team
        if s == state["teller"]:
            you["role"] = "teller"
        elif s == state["judge"]:
            you["role"] = "judge"
        elif team:
            you["role"] = "member"
        you["cards"] = roles.cards_of(state, s)
        secret["marks"] = dict(state["marks"].get(key(s), {}))
        if phase == "vote":
            secret["vote"] = state["votes"].get(key(s))
        if phase == "best":
            secret["best"] = state["best_votes"].get(key(s))
    you["secret"] = secret
    return you


def view(state: dict, s: int | None) -> dict:
    public = public_view(state)
    if not roles.is_seat(state, s):
        return {"you": None, "public": public}
    return {"you": seat_view(state, s), "public": public}
