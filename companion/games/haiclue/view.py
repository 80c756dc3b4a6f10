"""What the table and each phone see.  Public: round, side, whose clue is
being guessed (and its typed text, if any), who has guessed but not what,
the reveals, scores, and what to do with the tiles between rounds.  A
phone adds its own typed clue and, under ``secret`` (shown only while the
reveal control is held), its own colour and its guess for the current clue:
a guess is a secret vote until the reveal, like the guess tile lying face
down in front of the player."""
from __future__ import annotations

from typing import Any

from .board import COLORS, author, guessers, is_team, key, result, side, winners


def public(state: dict) -> dict:
    phase = state["phase"]
    out: dict[str, Any] = {
        "colors": list(COLORS),
        "round": state["round"],
        "rounds": state["rounds"],
        "side": side(state),
        "tiles": state["tiles"],
        "phase": phase,
        "order": list(state["order"]),
        "youngest": state["youngest"],
        "team": is_team(state),
        "scores": dict(state["scores"]),
        "results": [result(state, r) for r in state["results"]],
        "todo": state["todo"],
        "winners": winners(state),
    }
    if state["words_option"]:
        out["words"] = dict(state["words"])
    if phase == "clue":
        out["ready"] = [s for s in state["seats"] if key(s) in state["ready"]]
    if phase == "guess":
        current = author(state)
        out["author"] = current
        out["clue"] = state["ready"].get(key(current), "")
        out["guessed"] = [s for s in state["seats"] if key(s) in state["guesses"]]
        out["waiting"] = [s for s in guessers(state) if key(s) not in state["guesses"]]
    if state["results"]:
        out["last"] = result(state, state["results"][-1])
    if is_team(state):
        out["team_score"] = state["scores"][key(state["seats"][0])]
    return out


def private(state: dict, seat: int) -> dict:
    phase = state["phase"]
    secret = {"color": state["colors"][key(seat)]}
    guess = state["guesses"].get(key(seat)) if phase == "guess" else None
    if guess is not None:
        secret["guess"] = guess
    return {
        "seat": seat,
        "score": state["scores"][key(seat)],
        "secret": secret,
        "ready": key(seat) in state["ready"] if phase == "clue" else None,
        "clue": state["ready"].get(key(seat), "") if phase in ("clue", "guess") else "",
        "author": phase == "guess" and author(state) == seat,
    }


def view(state: dict, seat: int | None) -> dict:
    return views(state, [seat])[seat]


def views(state: dict, seats: list) -> dict:
    """The views of several audiences of one state: the public part (the
    reveals above all) is everyone's, built once."""
    shared = public(state)
    return {seat: {"you": private(state, seat) if seat is not None and seat in state["seats"] else None,
                   "public": shared} for seat in seats}
