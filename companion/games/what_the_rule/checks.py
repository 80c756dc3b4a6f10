"""Every refusal, in one place: one check per move (named beside it in
``rules``' moves map; some moves share one) and ``first``, what refuses
every move alike.  ``apply`` raises what ``why_not`` returns, and
``why_not`` (an action no template admitted) asks the same checks, so a
player always hears the most precise reason.  Pure: never changes the
state."""
from __future__ import annotations

import re

from ..base import HOST, Illegal, no_such_seat, not_in_game, not_your_turn, txt, wrong_step
from .cards import COPIES, action_card, card_code
from .deck import LEVELS
from .flow import JUDGING, RUNNING, copies_out, k
from .equivalence import dead_end_row
from .language import ERRORS as LANGUAGE_ERRORS
from .language import RULE_MAX, Rule
from .reading import ROW_WHOLE, relevant, row_params

TEXT_MAX = 200
#: control characters (but tab and line breaks, which ``clean`` turns into
#: spaces), bidi marks and overrides, a byte-order mark: a typed rule, guess
#: or hint never needs them, and they could hide or reorder what others read
ODD_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e"
                       "\u2066-\u2069\ufeff]")

ERRORS: dict[str, int] = {
    # the round and the rule
    "rule_sealed": 409, "no_rule_yet": 409, "no_round": 409, "app_is_gm": 409,
    "only_gm": 403, "gm_does_not_play": 403, "nothing_written": 422, "rule_or_text": 422,
    "text_too_long": 422, "odd_char": 422,
    "rule_nothing_fits": 422, "no_such_level": 422, "host_draws_not": 409,
    # cards
    "no_such_card": 422, "no_copy_left": 422, "not_revealed": 422,
    "hand_size": 422, "no_such_card_at": 422, "too_many_copies": 422,
    # steps of a turn
    "wait_for_gm": 409, "guess_first": 409, "finish_reveal": 409, "no_guess_now": 409,
    "nothing_to_judge": 409, "nothing_to_overrule": 409, "nothing_to_let_stand": 409,
    "guess_needs_rule": 422,
    # hints
    "hints_with_app": 409, "hints_between_turns": 409, "hints_vote_open": 409,
    "hints_already_on": 409, "no_hint_vote": 409, "already_voted": 409, "hints_off": 409,
    "hint_announced": 409, "no_hint_announced": 409, "gm_cannot_object": 403,
    "nothing_to_close": 409,
    # the rule language
    **LANGUAGE_ERRORS,
}


def first(state: dict, actor, move) -> Illegal | None:
    """What refuses every move alike, before its own check (``move`` None:
    a type the game has no move for)."""
    if state["phase"] == "over":
        return Illegal("game_over")
    if actor == HOST:
        return None if move is not None and move.by != "seat" else not_in_game()
    if actor not in state["seats"]:
        return not_in_game()
    if move is not None and move.by == "host":
        return Illegal("host_only")
    return None


def too_long(action: dict) -> Illegal | None:
    """A typed rule or text: no odd characters, not longer than its limit."""
    rule, text = action.get("rule"), action.get("text")
    for name, value in (("rule", rule), ("text", text)):
        if isinstance(value, str) and ODD_CHARS.search(value):
            return Illegal("odd_char", field={"text": f"field.{name}"})
    if isinstance(rule, str) and len(rule) > RULE_MAX:
        return Illegal("rule_too_long", max=RULE_MAX)
    if isinstance(text, str) and len(text) > TEXT_MAX:
        return Illegal("text_too_long", max=TEXT_MAX)
    return None


def dead_end_refusal(rule: Rule) -> Illegal | None:
    """A rule that cannot be sealed because its row can run dead: no card
    starts it (``rule_nothing_fits``), or after some row the rule allows no
    card can follow — the first such row is named (``rule_no_second`` after
    one card, ``rule_dead_end`` after more, with the row's length).  The
    whole walk of the equivalence check runs, within its budget (a rule the
    app could not judge guesses against is ``rule_too_complex``)."""
    found = dead_end_row(rule)
    if found is None:
        return None
    if found.n == 0:
        return Illegal("rule_nothing_fits")
    attrs = relevant(rule)
    if found.n == 1:
        return Illegal("rule_no_second", row=row_params(found.row, attrs)["row"])
    row = row_params(found.row, attrs)["row"] if attrs else [txt("log.row_any")]
    if found.n > ROW_WHOLE and attrs:
        row = ["…"] + row
    return Illegal("rule_dead_end", n=found.n, row=row)


def designated_gm(state: dict) -> int | None:
    """Who must set the rule now (None: in the first round, anyone)."""
    return state["named"] if state["named"] is not None else state["gm"]


def rule_refusal(state: dict, actor: int, action: dict) -> Illegal | None:
    if state["master"] == "app" and action["type"] == "set_rule":
        return Illegal("app_is_gm")
    if state["phase"] != "rule":
        return Illegal("rule_sealed")
    designated = designated_gm(state)
    if state["master"] == "seat" and designated is not None and actor != designated:
        return Illegal("only_gm", gm=seat_param(designated))
    if action["type"] == "draw_rule" and "level" in action and action["level"] not in LEVELS:
        return Illegal("no_such_level")
    return too_long(action)


def seat_param(s: int) -> dict:
    return {"seat": s}


def turn_refusal(state: dict, actor: int, action: dict) -> Illegal | None:
    type_, phase = action["type"], state["phase"]
    if phase == "rule":
        return Illegal("no_rule_yet")
    if actor not in state["players"]:
        return Illegal("gm_does_not_play") if actor == state["gm"] else not_in_game()
    hints = state["hints"]
    if phase == "turn" and hints["vote"] is not None:
        return Illegal("hints_vote_open")
    if phase == "turn" and hints["announced"]:
        return Illegal("hint_announced")
    if actor != state["turn"]:
        return not_your_turn()
    if phase in JUDGING:
        return Illegal("wait_for_gm")
    if phase == "guess":
        return Illegal("guess_first")
    if phase == "reveal" and type_ != "reveal_card":
        return Illegal("finish_reveal")
    if phase != "reveal" and type_ == "reveal_card":
        return wrong_step()
    if type_ in ("play", "reveal_card"):
        return card_refusal(state, action)
    if "cards" in action:
        return hand_refusal(state, actor, action["cards"])
    return None


def card_refusal(state: dict, action: dict) -> Illegal | None:
    code = action_card(action)
    if code is None:
        return Illegal("no_such_card")
    if copies_out(state, code) >= COPIES:
        return Illegal("no_copy_left", card={"text": f"value.{code}"})
    return None


def hand_refusal(state: dict, actor: int, cards) -> Illegal | None:
    """A whole hand shown at once: exactly the cards in hand, each one of
    the 72, no more copies of one than the box holds beside the table."""
    size = state["hands"][k(actor)]
    if not isinstance(cards, list):
        return Illegal("invalid_field", field={"text": "field.cards"})
    if len(cards) != size:
        return Illegal("hand_size", n=size, given=len(cards))
    codes = [card_code(card) for card in cards]
    if None in codes:
        return Illegal("no_such_card_at", place=codes.index(None) + 1)
    for code in sorted(set(codes)):
        if codes.count(code) + copies_out(state, code) > COPIES:
            return Illegal("too_many_copies", card={"text": f"value.{code}"},
                           chosen=codes.count(code), out=copies_out(state, code))
    return None


def gm_refusal(state: dict, actor: int, action: dict) -> Illegal | None:
    type_, phase = action["type"], state["phase"]
    if state["master"] == "app":
        return Illegal("app_is_gm")
    if phase == "rule":
        return Illegal("no_rule_yet")
    if actor != state["gm"]:
        return Illegal("only_gm", gm=seat_param(state["gm"]))
    hints = state["hints"]
    if type_ in ("judge", "judge_guess", "judge_reveal") and phase != type_:
        return Illegal("nothing_to_judge")
    if type_ == "judge_reveal":
        card = action.get("card")
        if card != "none" and card not in state["pending"]["cards"]:
            return Illegal("not_revealed")
    if type_ == "overrule" and (state["overrule"] is None or phase not in ("turn", "overrule")):
        return Illegal("nothing_to_overrule")
    if type_ == "let_stand" and phase != "overrule":
        return Illegal("nothing_to_let_stand")
    if type_ == "announce_hint":
        if not hints["on"]:
            return Illegal("hints_off")
        if phase != "turn" or hints["vote"] is not None:
            return Illegal("hints_between_turns")
        if hints["announced"]:
            return Illegal("hint_announced")
    if type_ == "give_hint":
        if not hints["announced"]:
            return Illegal("no_hint_announced")
        return too_long(action)
    return None


def guess_refusal(state: dict, actor: int, action: dict) -> Illegal | None:
    if (action["type"] == "guess" and state["master"] == "app"
            and not isinstance(action.get("rule"), str)):
        return Illegal("guess_needs_rule")
    if state["phase"] != "guess":
        return Illegal("no_guess_now")
    if actor != state["turn"]:
        return not_your_turn()
    return too_long(action)


def hint_refusal(state: dict, actor: int, action: dict) -> Illegal | None:
    if state["master"] == "app":
        return Illegal("hints_with_app")
    hints = state["hints"]
    if action["type"] == "object":
        if actor == state["gm"]:
            return Illegal("gm_cannot_object")
        if not hints["announced"]:
            return Illegal("no_hint_announced")
        return None
    if state["phase"] != "turn":
        return Illegal("hints_between_turns")
    vote = hints["vote"]
    if vote is None:
        if hints["on"]:
            return Illegal("hints_already_on")
        if action.get("agree") is False:
            return Illegal("no_hint_vote")
        return None
    if str(actor) in vote:
        return Illegal("already_voted")
    return None


def draw_rule_refusal(state: dict, actor, action: dict) -> Illegal | None:
    """A seat draws as the game master; the host draws for the app."""
    if actor != HOST:
        return rule_refusal(state, actor, action)
    if state["master"] == "seat":
        return Illegal("host_draws_not")
    if state["phase"] != "rule":
        return Illegal("rule_sealed")
    if action.get("level") not in LEVELS:
        return Illegal("no_such_level")
    return None


def choose_gm_refusal(state: dict, actor, action: dict) -> Illegal | None:
    if state["master"] == "app":
        return Illegal("app_is_gm")
    if state["phase"] != "rule":
        return Illegal("rule_sealed")
    if action.get("seat") not in state["seats"]:
        return no_such_seat()
    return None


def void_round_refusal(state: dict, actor, action: dict) -> Illegal | None:
    return Illegal("no_round") if state["phase"] not in RUNNING else None


def close_refusal(state: dict, actor, action: dict) -> Illegal | None:
    step, hints = action.get("step"), state["hints"]
    open_ = ((step == "hints" and hints["vote"] is not None)
             or (step == "hint" and hints["announced"]))
    if step == "turn":
        return None if turn_closable(state) else Illegal("nothing_to_close")
    if step == "overrule":
        return None if state["phase"] == "overrule" else Illegal("nothing_to_close")
    if state["phase"] != "turn" or not open_:
        return Illegal("nothing_to_close")
    return None


def turn_closable(state: dict) -> bool:
    """The player on turn (to play, or to guess after a card) may be
    skipped by the host; not while a hint is being voted or announced."""
    hints = state["hints"]
    return (state["phase"] in ("turn", "guess") and hints["vote"] is None
            and not hints["announced"])
