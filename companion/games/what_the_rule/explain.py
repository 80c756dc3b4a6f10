"""Explain mode (issue #29): what is happening now and what the viewer may
do, as keys of ``texts_explain_en``/``_de`` with their parameters.  Pure:
built only from the viewer's own view (``view["public"]``, and for the
seated game master the sealed rule under ``you.secret``, which goes only
into the ``secret`` lines), the viewer's templates and the awaited seats.

``now`` reads the public part and the viewer's seat only: whether the
viewer is the game master, the player on turn or the guesser is public at
this table.  The lines are chosen per step (``phase``) and, inside the
``turn`` step, per hint state (vote open, hint announced, plain turn)."""
from __future__ import annotations

from ..base import line, txt
from ..base import seat as who
from .language import code_param

Line = tuple[str, dict]


def explain(view: dict, me: int | None, actions: list[dict], waiting: list[int]) -> dict:
    p = view["public"]
    now = table_now(p, waiting) if me is None else seat_now(p, me, actions, waiting)
    return {"now": now, "secret": secret(view, me), "moves": moves(p, actions)}


# --- shared facts of the position ----------------------------------------------------

def app_judges(p: dict) -> bool:
    return p["master"] == "app" or (p["rule"] or {}).get("judge") == "app"


def judge(p: dict) -> dict:
    """Who judges the cards: the app, or the seated game master."""
    return txt("explain.word.app") if app_judges(p) else who(p["gm"])


def guesser(p: dict) -> int | None:
    """The seat whose guess is waiting (judged, or open to an overrule)."""
    at = p["overrule"] if p["overrule"] is not None else len(p["guesses"]) - 1
    return p["guesses"][at]["seat"] if p["guesses"] and at >= 0 else p["turn"]


def gm_param(p: dict) -> dict:
    """``gm`` for a line that names the seated game master (none with the app)."""
    return {} if p["gm"] is None else {"gm": who(p["gm"])}


def bonus(p: dict) -> int:
    return 2 if p["hints"]["given"] else 5


def stakes(p: dict, key: str, **params) -> Line:
    """What a right guess brings: the bonus with points, a rule found without."""
    if p["scoring"]:
        return line(f"{key}_points", bonus=bonus(p), **params)
    return line(f"{key}_found", **params)


def guess_rules(p: dict) -> Line:
    """Who judges a guess, and in which words it may be written."""
    if p["master"] == "app":
        return line("explain.guess_by.app")
    if p["rule"]["judge"] == "gm":
        return line("explain.guess_by.gm", gm=who(p["gm"]))
    return line("explain.guess_by.both", gm=who(p["gm"]))


def hint_cost(p: dict) -> list[Line]:
    return [line("explain.hints_cost")] if p["scoring"] else []


def last_turn(p: dict) -> bool:
    """The player on turn has no cards left, or the pile is empty: the round
    ends after this turn."""
    return p["hands"].get(str(p["turn"])) == 0 or p["pile"] <= 0


# --- the table ----------------------------------------------------------------------------

def table_now(p: dict, waiting: list[int]) -> list[Line]:
    phase, gm, turn = p["phase"], p["gm"], p["turn"]
    if phase == "over":
        return [line("explain.table.over")]
    if phase == "rule":
        if p["master"] == "app":
            return [line("explain.table.draw_app", round=p["round"], rounds=p["rounds"])]
        if p["designated"] is None:
            return [line("explain.table.first_gm")]
        return [line("explain.table.seal", gm=who(p["designated"]), round=p["round"])]
    hints = p["hints"]
    if phase == "turn" and hints["vote"] is not None:
        return [line("explain.table.vote", names=[who(s) for s in waiting])] + hint_cost(p)
    if phase == "turn" and hints["announced"]:
        return [line("explain.table.announced", gm=who(gm))]
    if phase == "turn":
        said = [line("explain.table.turn", seat=who(turn))]
        if p["overrule"] is not None:
            return said + [line("explain.table.may_overrule", gm=who(gm), seat=who(guesser(p)))]
        return said + [line("explain.table.round_end", pile=p["pile"])]
    place = len(p["row"]) + 1
    if phase == "judge":
        return [line("explain.table.judge", gm=who(gm), seat=who(turn), place=place)]
    if phase == "guess":
        return [line("explain.table.guess", seat=who(turn)), guess_rules(p)]
    if phase == "judge_guess":
        return [line("explain.table.judge_guess", gm=who(gm), seat=who(turn)),
                stakes(p, "explain.table.right", seat=who(turn))]
    if phase == "reveal":
        pending = p["pending"]
        return [line("explain.table.reveal", seat=who(turn), k=len(pending["cards"]),
                     n=pending["size"])]
    if phase == "judge_reveal":
        return [line("explain.table.judge_reveal", gm=who(gm), seat=who(turn))]
    return [line("explain.table.overrule", gm=who(gm), seat=who(guesser(p)))]


# --- a phone ----------------------------------------------------------------------------------

def seat_now(p: dict, me: int, actions: list[dict], waiting: list[int]) -> list[Line]:
    phase, gm, turn = p["phase"], p["gm"], p["turn"]
    types = {t["type"] for t in actions}
    if phase == "over":
        return [line("explain.seat.over")]
    if phase == "rule":
        return rule_now(p, me)
    role = "gm" if me == gm else "own" if me == turn else "wait"
    if phase == "turn":
        return turn_now(p, me, role, types, waiting)
    if phase == "judge":
        return [line(f"explain.seat.judge.{role}", gm=who(gm), seat=who(turn),
                     place=len(p["row"]) + 1)]
    if phase == "guess":
        if role == "own":
            return [line("explain.seat.guess.own"), stakes(p, "explain.seat.right")]
        said = [line(f"explain.seat.guess.{role}", seat=who(turn))]
        if role == "gm":
            return said + [line("explain.seat.gm_judges_guess" if p["rule"]["judge"] == "gm"
                                else "explain.seat.gm_app_judges_guess")]
        return said
    if phase == "judge_guess":
        return [line(f"explain.seat.judge_guess.{role}", gm=who(gm), seat=who(turn))]
    if phase == "reveal":
        pending = p["pending"]
        role = f"{role}_app" if role == "gm" and app_judges(p) else role
        return [line(f"explain.seat.reveal.{role}", seat=who(turn), judge=judge(p),
                     k=len(pending["cards"]), n=pending["size"])]
    if phase == "judge_reveal":
        return [line(f"explain.seat.judge_reveal.{role}", gm=who(gm), seat=who(turn))]
    if me == gm:
        return [stakes(p, "explain.seat.overrule.gm", seat=who(guesser(p)))]
    role = "own" if me == guesser(p) else "wait"
    return [line(f"explain.seat.overrule.{role}", gm=who(gm), seat=who(guesser(p)))]


def rule_now(p: dict, me: int) -> list[Line]:
    if p["master"] == "app":
        return [line("explain.seat.draw_app", round=p["round"], rounds=p["rounds"])]
    designated = p["designated"]
    if designated is None:
        return [line("explain.seat.first_gm")]
    if designated == me:
        return [line("explain.seat.seal", round=p["round"])]
    return [line("explain.seat.wait_seal", gm=who(designated))]


def turn_now(p: dict, me: int, role: str, types: set, waiting: list[int]) -> list[Line]:
    gm, turn, hints = p["gm"], p["turn"], p["hints"]
    if hints["vote"] is not None:
        if "hints" in types:
            return [line("explain.seat.vote", names=[who(s) for s in hints["vote"]])] + hint_cost(p)
        return [line("explain.seat.voted", names=[who(s) for s in waiting])]
    if hints["announced"]:
        return [line("explain.seat.give_hint" if me == gm else "explain.seat.object", gm=who(gm))]
    if role == "own":
        return [line("explain.seat.turn.own"), line("explain.seat.turn.stakes")]
    if role == "wait":
        said = [line("explain.seat.turn.wait", seat=who(turn))]
        return said + ([line("explain.seat.may_propose")] if "hints" in types else [])
    said = [line("explain.seat.turn.gm", seat=who(turn))]
    if "overrule" in types:
        return said + [line("explain.seat.gm_may_overrule", seat=who(guesser(p)))]
    if "announce_hint" in types:
        return said + [line("explain.seat.gm_may_hint")]
    if app_judges(p):
        return said + [line("explain.seat.gm_app_judges")]
    return said + [line("explain.seat.gm_you_judge", seat=who(turn))]


# --- the game master's secret ---------------------------------------------------------------

def secret(view: dict, me: int | None) -> list[Line]:
    """The sealed rule, and what to check it against now: for the seated
    game master only (the phone shows it under the reveal)."""
    hidden = (view.get("you") or {}).get("secret")
    if me is None or not hidden:
        return []
    p = view["public"]
    if "deck_rule" in hidden:
        said = [line("explain.secret.rule_deck", sentence=txt(f"value.{hidden['deck_rule']}"))]
    elif p["rule"]["kind"] == "text":
        said = [line("explain.secret.rule_text", rule=hidden["secret_rule"])]
    else:
        said = [line("explain.secret.rule_expr", rule=code_param(hidden["secret_rule"]))]
    phase, turn = p["phase"], p["turn"]
    if phase == "judge":
        said.append(line("explain.secret.judge", card=txt(f"value.{p['pending']['card']}")))
    elif phase in ("judge_guess", "overrule"):
        said.append(line("explain.secret.judge_guess", seat=who(guesser(p))))
    elif phase == "judge_reveal":
        said.append(line("explain.secret.judge_reveal", seat=who(turn)))
    return said


# --- what each offered move does here --------------------------------------------------------

def moves(p: dict, actions: list[dict]) -> dict[str, Line]:
    turn = p["turn"]
    out: dict[str, Line] = {}
    for tpl in actions:
        type_ = tpl["type"]
        if type_ == "draw_rule" and p["master"] == "app":
            out[type_] = line("explain.move.draw_rule_app")
        elif type_ == "set_rule" and p["designated"] is None:
            out[type_] = line("explain.move.set_rule_first")
        elif type_ == "draw_rule" and p["designated"] is None:
            out[type_] = line("explain.move.draw_rule_first")
        elif type_ == "judge":
            out[type_] = line("explain.move.judge_here", seat=who(turn), place=len(p["row"]) + 1)
        elif type_ == "guess":
            key = "app" if p["master"] == "app" else "gm" if p["rule"]["judge"] == "gm" else "both"
            out[type_] = line(f"explain.move.guess_{key}", **gm_param(p))
        elif type_ == "no_guess" and last_turn(p):
            out[type_] = line("explain.move.no_guess_last")
        elif type_ in ("judge_guess", "judge_reveal", "overrule"):
            out[type_] = line(f"explain.move.{type_}_here", seat=who(guesser(p)))
        elif type_ == "let_stand":
            out[type_] = line("explain.move.let_stand_here", seat=who(guesser(p)))
        elif type_ == "hints" and p["hints"]["vote"] is not None:
            out[type_] = line("explain.move.hints_vote")
        elif type_ == "object":
            out[type_] = line("explain.move.object_here", **gm_param(p))
        elif type_ == "reveal_card":
            pending = p["pending"]
            out[type_] = line("explain.move.reveal_card_here", k=len(pending["cards"]) + 1,
                              n=pending["size"])
        elif type_ == "close":
            step = tpl["fields"]["step"][0]
            out[type_] = line(f"explain.move.close_{step}", seat=who(turn), **gm_param(p))
    return out
