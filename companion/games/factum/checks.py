"""Why an action is refused: one check per action type (named beside its
move in ``rules``' moves map), returning the refusal (an ``Illegal``) or
None, and ``first``, what refuses every move alike.  ``apply`` raises what
``why_not`` returns, so a phone is told the same reason either way.
Checks are pure and never trust a field's type (``why_not`` sees actions no
template admitted)."""
from __future__ import annotations

from ..base import HOST, Illegal, no_such_seat, not_in_game, txt, wrong_step
from . import roles
from .roles import key

def missing(action: dict, *fields: str) -> Illegal | None:
    for field in fields:
        if field not in action:
            return Illegal("missing_field", field=txt(f"field.{field}"))   # the label, as every game says it
    return None


# --- seat actions -------------------------------------------------------------

def volunteer(state: dict, actor: int, action: dict) -> Illegal | None:
    if state["phase"] != "volunteer":
        # a race's losing press arrives once the winner's is applied
        return Illegal("already_volunteered") if state["teller"] is not None else wrong_step()
    if actor == state["last_teller"]:
        return Illegal("last_teller")
    return None


def told(state: dict, actor: int, action: dict) -> Illegal | None:
    if state["phase"] != "telling":
        return wrong_step()
    if actor != state["teller"]:
        return Illegal("not_teller")
    return None


def judge(state: dict, actor: int, action: dict) -> Illegal | None:
    if state["phase"] != "judge":
        # a race's losing press arrives once the winner's is applied
        after = state["phase"] in ("decide", "mark", "vote", "best")
        return Illegal("judge_taken") if after else wrong_step()
    if actor not in state["team_b"]:
        return Illegal("judge_team_a")
    return None


def decide(state: dict, actor: int, action: dict) -> Illegal | None:
    if state["phase"] != "decide":
        return wrong_step()
    if actor != state["judge"]:
        return Illegal("not_judge")
    if action.get("guessers") not in ("A", "B"):
        return missing(action, "guessers") or Illegal("bad_team")
    return None


def mark(state: dict, actor: int, action: dict) -> Illegal | None:
    if state["phase"] not in ("mark", "vote"):
        return wrong_step()
    kinds = roles.cards_of(state, actor)
    if not kinds:
        return Illegal("not_contributor")
    card = action.get("card")
    if state["phase"] == "vote":
        # marks are final once the guessers vote (they discuss aloud)
        marked = state["marks"].get(key(actor), {})
        return Illegal("marks_final") if card in list(marked) else Illegal("mark_closed")
    if card not in kinds:
        return missing(action, "card") or Illegal("wrong_card")
    position = action.get("position")
    if type(position) is not int or not 1 <= position <= state["n"]:
        return missing(action, "position") or Illegal("position_range", n=state["n"])
    if position in roles.own_other_positions(state, actor, card):
        return Illegal("position_own")
    if position in roles.taken_by_others(state, actor):
        return Illegal("position_taken")
    return None


def vote(state: dict, actor: int, action: dict) -> Illegal | None:
    if state["phase"] != "vote":
        return wrong_step()
    guessers = state["guessers"]
    if roles.team_of(state, actor) != guessers:
        return Illegal("other_team")
    if actor == roles.captain(state, guessers):
        return Illegal("captain_silent")
    if key(actor) in state["votes"]:
        return Illegal("already_voted")
    position = action.get("position")
    options = roles.vote_options(state)
    if type(position) is not int or position not in options:
        if "position" not in action:
            return missing(action, "position")
        if state["tied"] is None:
            return Illegal("position_range", n=state["n"])
        return Illegal("vote_option", options=", ".join(map(str, options)))
    return None


def best(state: dict, actor: int, action: dict) -> Illegal | None:
    if state["phase"] != "best":
        return wrong_step()
    if actor not in roles.best_voters(state):
        return Illegal("not_best_voter")
    if key(actor) in state["best_votes"]:
        return Illegal("already_voted")
    if action.get("story") not in ("current", "title"):
        return missing(action, "story") or Illegal("bad_story")
    return None


# --- host actions -------------------------------------------------------------

def seat_field(state: dict, action: dict) -> Illegal | None:
    if not roles.is_seat(state, action.get("seat")):
        return missing(action, "seat") or no_such_seat()
    return None


def name_storyteller(state: dict, actor: str, action: dict) -> Illegal | None:
    if state["phase"] != "volunteer":
        return wrong_step()
    refusal = seat_field(state, action)
    if refusal:
        return refusal
    if action["seat"] == state["last_teller"]:
        return Illegal("last_teller_named")
    return None


def name_judge(state: dict, actor: str, action: dict) -> Illegal | None:
    if state["phase"] != "judge":
        return wrong_step()
    refusal = seat_field(state, action)
    if refusal:
        return refusal
    if action["seat"] not in state["team_b"]:
        return Illegal("judge_not_b")
    return None


def close(state: dict, actor: str, action: dict) -> Illegal | None:
    open_step = roles.closable_step(state)
    if open_step is None:
        return Illegal("nothing_to_close")
    step = action.get("step")
    if step != open_step:
        if "step" not in action:
            return missing(action, "step")
        if not (isinstance(step, str) and step in roles.CLOSABLE):
            return Illegal("invalid_field", field="step")
        return wrong_step()
    if step == "decide":   # the judge said it aloud: the host enters it
        return decide(state, state["judge"], action)
    return None


def first(state: dict, actor: int | str, move) -> Illegal | None:
    """What refuses every move alike, before its own check (``move`` None:
    a type the game has no move for)."""
    if state["phase"] == "over":
        return Illegal("game_over")
    if actor == HOST:
        if move is not None and move.by == "seat":
            return Illegal("players_only")
    elif not roles.is_seat(state, actor):
        return not_in_game()
    elif move is not None and move.by == "host":
        return Illegal("host_only")
    return wrong_step() if move is None else None
