"""What the Rule?! — the Game: templates (who may do what now) and what each
action changes.  Rounds, turns and scoring live in ``flow``, refusals in
``checks``, the rule language in ``language`` and ``equivalence``."""
from __future__ import annotations

import random

from ..base import Game, Illegal, Move, ev, load_texts, seat, template, txt
from . import checks, explain, flow, hidden, view
from .cards import CARD_SPEC, action_card, card_code, hand_spec, picker_fields
from .checks import TEXT_MAX
from .deck import LEVELS
from .flow import k
from .budget import metered
from .language import RULE_MAX, code_param, parse
from .rulebook import RULEBOOK

#: sample rules offered with every rule-language field: the phone can show
#: them as examples, random play can send them (never derived from a
#: secret: the list is the same in every view)
EXAMPLES = ["color == white", "shape != prev.shape", "count == n % 6 + 1",
            "count <= 3 and fill == filled", "shape in [circle, triangle]", "changes == 2"]


def rule_field(optional: bool = False) -> dict:
    spec = {"kind": "text", "max": RULE_MAX, "examples": list(EXAMPLES)}
    if optional:
        spec["optional"] = True
    else:
        spec["min"] = 1
    return spec


def text_field(optional: bool = False) -> dict:
    spec = {"kind": "text", "max": TEXT_MAX}
    if optional:
        spec["optional"] = True
    else:
        spec["min"] = 1
    return spec


def clean(text) -> str:
    return " ".join(str(text or "").split())


class WhatTheRule(Game):
    name = "what_the_rule"
    min_players = 2
    max_players = 10
    options_schema = [
        {"name": "master", "kind": "choice", "choices": ["seat", "app"], "default": "seat"},
        {"name": "rounds", "kind": "int", "min": 0, "max": 20, "default": 0},
        {"name": "scoring", "kind": "bool", "default": True},
    ]
    texts = load_texts(__package__)
    errors = checks.ERRORS
    seat_fields = frozenset({"seat"})
    #: voiding the round skips the game master and the players alike (issue #38)
    host_skips = frozenset({"close", "void_round"})
    literal_fields = frozenset({"text", "rule"})

    def player_range(self, options: dict) -> tuple[int, int]:
        return (1 if options.get("master") == "app" else 2), self.max_players

    # --- setup -------------------------------------------------------------

    def setup(self, seats: list[int], options: dict, rng: random.Random):
        master = "app" if options.get("master") == "app" else "seat"
        low, high = self.player_range({"master": master})
        if not low <= len(seats) <= high:
            raise Illegal("player_count", min=low, max=high, count=len(seats))
        rounds = options.get("rounds") or (len(seats) if master == "seat" else 3)
        scoring = bool(options.get("scoring", True)) and len(seats) > 2
        state = {
            "seats": list(seats), "master": master, "scoring": scoring, "rounds": rounds,
            "round": 1, "phase": "rule", "gm": None, "named": None, "players": [],
            "turn": None, "hands": {}, "pile": 0, "row": "", "wrong": "", "rule": None,
            "pending": None, "guesses": [], "partings": {}, "overrule": None, "turns": {},
            "hints": {"on": False, "vote": None, "announced": False, "given": []},
            "scores": {k(s): 0 for s in seats}, "found": {k(s): 0 for s in seats},
            "results": [], "drawn": [],
        }
        events = [ev("start_app" if master == "app" else "start_seat",
                     players=len(seats), rounds=rounds)]
        events.append(ev("with_points" if scoring else "without_points"))
        return state, events

    # --- templates ---------------------------------------------------------

    def actions(self, state: dict, seat_: int) -> list[dict]:
        if seat_ not in state["seats"] or state["phase"] == "over":
            return []
        if state["phase"] == "rule":
            return self._rule_templates(state, seat_)
        return self._round_templates(state, seat_)

    def _rule_templates(self, state: dict, seat_: int) -> list[dict]:
        # the game waits for a rule: from the GM, or (first round, app) anyone's
        if state["master"] == "app":
            return [template("draw_rule", required=True, confirm=True, level=list(LEVELS))]
        designated = checks.designated_gm(state)
        if designated is not None and seat_ != designated:
            return []
        return [template("set_rule", required=True, confirm=True, rule=rule_field(True),
                         text=text_field(True)),
                template("draw_rule", required=True, confirm=True, level=list(LEVELS))]

    def _round_templates(self, state: dict, seat_: int) -> list[dict]:
        phase, gm, hints = state["phase"], state["gm"], state["hints"]
        on_turn = seat_ == state["turn"]
        out: list[dict] = []
        if phase == "turn":
            if hints["vote"] is not None:
                if k(seat_) not in hints["vote"]:
                    out.append(template("hints", required=True, agree=[True, False]))
                return out
            if hints["announced"]:
                if seat_ == gm:
                    out.append(template("give_hint", required=True, text=text_field(True)))
                else:
                    out.append(template("object"))
                return out
            if on_turn:
                out += turn_templates(state["hands"][k(seat_)])
            if state["master"] == "seat":
                if not hints["on"]:
                    out.append(template("hints", agree=[True]))
                elif seat_ == gm:
                    out.append(template("announce_hint"))
                if seat_ == gm and state["overrule"] is not None:
                    out.append(template("overrule", confirm=True))
        elif phase == "guess" and on_turn:
            if state["master"] == "seat":
                out.append(template("guess", required=True, confirm=True, rule=rule_field(True),
                                    text=text_field(True)))
            else:
                out.append(template("guess", required=True, confirm=True, rule=rule_field()))
            out.append(template("no_guess", required=True))
        elif phase == "reveal" and on_turn:
            out.append(template("reveal_card", required=True, **picker_fields()))
            out.append(template("reveal_card", required=True, card=CARD_SPEC))
        elif seat_ == gm and phase == "judge":
            out.append(template("judge", required=True, confirm=True, fits=[True, False]))
        elif seat_ == gm and phase == "judge_guess":
            out.append(template("judge_guess", required=True, confirm=True, right=[True, False]))
        elif seat_ == gm and phase == "judge_reveal":
            cards = sorted(set(state["pending"]["cards"])) + ["none"]
            out.append(template("judge_reveal", required=True, confirm=True, card=cards))
        elif seat_ == gm and phase == "overrule":
            out.append(template("overrule", required=True, confirm=True))
            out.append(template("let_stand", required=True, confirm=True))
        return out

    def host_actions(self, state: dict) -> list[dict]:
        phase, hints = state["phase"], state["hints"]
        out: list[dict] = []
        if phase == "rule" and state["master"] == "seat":
            out.append(template("choose_gm", seat=list(state["seats"])))
        if phase == "rule" and state["master"] == "app":
            out.append(template("draw_rule", confirm=True, level=list(LEVELS)))
        if phase in flow.RUNNING:
            if phase == "turn" and hints["vote"] is not None:
                out.append(template("close", confirm=True, step=["hints"]))
            if phase == "turn" and hints["announced"]:
                out.append(template("close", confirm=True, step=["hint"]))
            if checks.turn_closable(state):
                out.append(template("close", confirm=True, step=["turn"]))
            if phase == "overrule":
                out.append(template("close", confirm=True, step=["overrule"]))
            out.append(template("void_round", confirm=True))
        return out

    # --- refusals: what every move shares; each move's own check (in
    # --- ``checks``) is named beside it in the moves map at the end -------

    def refusal_first(self, state: dict, actor, move) -> Illegal | None:
        return checks.first(state, actor, move)

    # --- apply: the moves are the functions after the class ---------------

    def apply(self, state: dict, actor, action: dict, rng: random.Random):
        """Every rule check of one action shares one budget (``budget``):
        past it the action is refused (``rule_too_complex``), nothing stored."""
        with metered():
            return super().apply(state, actor, action, rng)

    def end(self, state: dict) -> list[dict]:
        """The host ends the game during a round: its sealed rule is shown
        (a result without points, reason "ended"), as every end of a round does."""
        if state["phase"] not in flow.RUNNING:
            return []
        rule = flow.revealed_rule(state)
        parted = flow.parted_guesses(state)
        state["results"].append({"round": state["round"], "gm": state["gm"], "rule": rule,
                                 "reason": "ended", "guesser": None, "points": {},
                                 "gm_points": None, "halved": False,
                                 "hinted": len(state["hints"]["given"]) > 0, "parted": parted})
        state["phase"] = "over"
        return [flow.rule_event(rule)] + [flow.parted_event(entry) for entry in parted]

    # --- views and results -------------------------------------------------

    def view(self, state: dict, seat_: int | None) -> dict:
        return view.view(self, state, seat_)

    def explain(self, view: dict, seat_: int | None, actions: list[dict],
                waiting: list[int]) -> dict:
        return explain.explain(view, seat_, actions, waiting)

    #: what a viewer may not know, declared once (issue #46)
    secrets = hidden.SECRETS
    rulebook = RULEBOOK

    def hidden_variants(self, state: dict, viewer: int | None, rng: random.Random) -> list[dict]:
        return hidden.hidden_variants(state, viewer, rng)

    def scores(self, state: dict) -> dict[int, int]:
        table = state["scores"] if state["scoring"] else state["found"]
        return {s: table[k(s)] for s in state["seats"]}

    def winners(self, state: dict) -> list[int] | None:
        return flow.winners(state)


def rule_or_text(action: dict) -> tuple[str | None, str | None]:
    """(rule, None) or (None, text): exactly one of the two fields must be
    written."""
    rule = action.get("rule") if isinstance(action.get("rule"), str) else ""
    text = clean(action.get("text"))
    if rule.strip() and text:
        raise Illegal("rule_or_text")
    if rule.strip():
        return rule, None
    if not text:
        raise Illegal("nothing_written")
    return None, text


def turn_templates(hand: int) -> list[dict]:
    """The player on turn: play a card (four pickers, or the spec's
    ``card``: a code or an object), or show the whole hand (at once with
    ``cards``, or card by card after a bare ``reveal``).  Playing asks no
    confirm (issue #40): the phone draws the chosen card above the button
    that plays it, so that tap is the check; showing the whole hand asks."""
    return [template("play", required=True, **picker_fields()),
            template("play", required=True, card=CARD_SPEC),
            template("reveal", required=True, confirm=True, cards=hand_spec(hand)),
            template("reveal", required=True, confirm=True)]


def card_text(code: str) -> dict:
    return txt(f"value.{code}")


def _set_rule(state, actor, action, rng):
    written, text = rule_or_text(action)
    if written is not None:
        rule = parse(written)
        why = checks.dead_end_refusal(rule)
        if why:
            raise why
        state["rule"] = {"kind": "expr", "rule": rule.text}
        key = "rule_set_expr"
    else:
        state["rule"] = {"kind": "text", "text": text}
        key = "rule_set_text"
    return _seal(state, actor, ev(key, gm=seat(_take_gm(state, actor))))


def _draw_rule(state, actor, action, rng):
    level = action["level"]
    state["rule"] = {"kind": "deck", "id": flow.draw_from_deck(state, level, rng),
                     "level": level}
    if state["master"] == "app":
        return _seal(state, actor, ev("rule_drawn_app", level=level))
    gm = _take_gm(state, actor)
    return _seal(state, actor, ev("rule_drawn", gm=seat(gm), level=level))


def _take_gm(state: dict, actor: int) -> int:
    state["gm"] = actor
    state["named"] = None
    return actor


def _seal(state: dict, actor, event: dict) -> list[dict]:
    return [event] + flow.begin_round(state)


def _choose_gm(state, actor, action, rng):
    state["named"] = action["seat"]
    return [ev("gm_named", seat=seat(action["seat"]))]


def _play(state, actor, action, rng):
    code = action_card(action)
    state["turns"][k(actor)] += 1
    state["overrule"] = None
    state["hands"][k(actor)] -= 1
    events = [ev("play", seat=seat(actor), card=card_text(code))]
    if flow.app_judges(state):
        return events + _judged(state, actor, code, flow.fits(state, code))
    state["pending"] = {"card": code}
    state["phase"] = "judge"
    return events + [ev("judge_now", gm=seat(state["gm"]))]


def _judge(state, actor, action, rng):
    code = state["pending"]["card"]
    return _judged(state, state["turn"], code, action["fits"])


def _judged(state: dict, player: int, code: str, fits: bool) -> list[dict]:
    state["pending"] = None
    if fits:
        flow.place_correct(state, code)
        state["phase"] = "guess"
        return [ev("fits", seat=seat(player), card=card_text(code), place=flow.row_length(state))]
    flow.place_wrong(state, code)
    flow.draw(state, player, 1)
    return [ev("misfit", seat=seat(player), card=card_text(code),
               place=flow.row_length(state) + 1)] + flow.end_turn(state)


def _reveal(state, actor, action, rng):
    """The player shows the whole hand: all cards at once (``cards``),
    or one ``reveal_card`` after another."""
    state["turns"][k(actor)] += 1
    state["overrule"] = None
    size = state["hands"][k(actor)]
    if "cards" in action:
        codes = [card_code(card) for card in action["cards"]]
        state["pending"] = {"cards": codes, "size": size}
        return ([ev("reveal_all", seat=seat(actor), count=size,
                    cards=[card_text(c) for c in codes])]
                + _hand_shown(state, actor, rng))
    state["pending"] = {"cards": [], "size": size}
    state["phase"] = "reveal"
    return [ev("reveal", seat=seat(actor), count=size)]


def _reveal_card(state, actor, action, rng):
    pending = state["pending"]
    pending["cards"].append(action_card(action))
    if len(pending["cards"]) < pending["size"]:
        return []
    return _hand_shown(state, actor, rng)


def _hand_shown(state: dict, actor: int, rng: random.Random) -> list[dict]:
    """Every card of the hand is known: the seated GM judges it (free
    text), or the app puts one fitting card into the row, drawn at
    random with the move's seeded ``rng`` (an undo replays the same
    draw, so it cannot fish for another card)."""
    pending = state["pending"]
    if not flow.app_judges(state):
        state["phase"] = "judge_reveal"
        return [ev("judge_reveal_now", gm=seat(state["gm"]), seat=seat(actor))]
    fitting = sorted({code for code in pending["cards"] if flow.fits(state, code)})
    if fitting:
        return _revealed_fit(state, actor, rng.choice(fitting))
    return _revealed_none(state, actor)


def _judge_reveal(state, actor, action, rng):
    player = state["turn"]
    if action["card"] == "none":
        return _revealed_none(state, player)
    return _revealed_fit(state, player, action["card"])


def _revealed_fit(state: dict, player: int, code: str) -> list[dict]:
    """One fitting card goes into the row; the player draws one."""
    flow.place_correct(state, code)
    state["hands"][k(player)] -= 1
    flow.draw(state, player, 1)
    return [ev("reveal_fits", seat=seat(player), card=card_text(code))] + flow.end_turn(state)


def _revealed_none(state: dict, player: int) -> list[dict]:
    """None fits: the hand goes under the pile, the player draws one card
    fewer than they had and may guess."""
    size = state["pending"]["size"]
    state["pile"] += size
    state["hands"][k(player)] = 0
    flow.draw(state, player, size - 1)
    state["pending"] = None
    state["phase"] = "guess"
    return [ev("reveal_none", seat=seat(player), draw=size - 1)]


def _guess(state, actor, action, rng):
    written, text = rule_or_text(action)
    if written is not None:
        guess = parse(written)
        state["guesses"].append({"seat": actor, "rule": guess.text, "right": None})
        events = [ev("guess_rule", seat=seat(actor), rule=code_param(guess.text))]
        if flow.app_judges(state):
            verdict = flow.judge_guess_by_app(state, guess)
            return events + _guess_judged(state, verdict.right, by_app=True,
                                               start=verdict.start)
    else:
        state["guesses"].append({"seat": actor, "text": text, "right": None})
        events = [ev("guess_text", seat=seat(actor), text=text)]
    state["phase"] = "judge_guess"
    return events + [ev("judge_guess_now", gm=seat(state["gm"]))]


def _judge_guess(state, actor, action, rng):
    return _guess_judged(state, action["right"], by_app=False)


def _guess_judged(state: dict, right: bool, by_app: bool,
                  start: tuple[int, ...] = ()) -> list[dict]:
    guess = state["guesses"][-1]
    guess["right"] = right
    if right and start:     # right as a game master judges: the log says why
        guess["start"] = True
        events = (flow.start_events(state, guess["seat"], start)
                  + flow.end_round(state, "guessed", guess["seat"]))
        state["results"][-1]["start"] = True
        return events
    if right:
        return flow.end_round(state, "guessed", guess["seat"])
    events = [ev("guess_wrong", seat=seat(guess["seat"]))]
    if by_app and state["master"] == "seat":
        state["overrule"] = len(state["guesses"]) - 1
        if flow.round_ends_after_turn(state):
            # the round would end now: it waits for the game master to
            # overrule the app, or to let its "wrong" stand
            state["phase"] = "overrule"
            return events + [ev("overrule_now", gm=seat(state["gm"]))]
    return events + flow.end_turn(state)


def _no_guess(state, actor, action, rng):
    return [ev("no_guess", seat=seat(actor))] + flow.end_turn(state)


def _overrule(state, actor, action, rng):
    guess = state["guesses"][state["overrule"]]
    guess["right"] = True
    guess["overruled"] = True
    return ([ev("overruled", gm=seat(actor), seat=seat(guess["seat"]))]
            + flow.end_round(state, "guessed", guess["seat"]))


def _let_stand(state, actor, action, rng):
    state["overrule"] = None
    return [ev("wrong_stands", gm=seat(actor))] + flow.end_turn(state)


def _hints(state, actor, action, rng):
    hints = state["hints"]
    if hints["vote"] is None:
        hints["vote"] = {k(actor): True}
        events = [ev("hints_proposed", seat=seat(actor))]
    elif action["agree"]:
        hints["vote"][k(actor)] = True
        events = [ev("hints_agreed", seat=seat(actor))]
    else:
        hints["vote"] = None
        return [ev("hints_refused", seat=seat(actor))]
    if all(k(s) in hints["vote"] for s in state["seats"]):
        hints["vote"] = None
        hints["on"] = True
        events.append(ev("hints_on", gm=seat(state["gm"])))
    return events


def _announce_hint(state, actor, action, rng):
    state["hints"]["announced"] = True
    return [ev("hint_announced", gm=seat(actor))]


def _object(state, actor, action, rng):
    state["hints"]["announced"] = False
    return [ev("hint_objection", seat=seat(actor))]


def _give_hint(state, actor, action, rng):
    text = clean(action.get("text"))
    state["hints"]["announced"] = False
    state["hints"]["given"].append(text)
    if text:
        return [ev("hint_given_text", gm=seat(actor), text=text)]
    return [ev("hint_given", gm=seat(actor))]


def _void_round(state, actor, action, rng):
    return flow.end_round(state, "void")


def _close(state, actor, action, rng):
    if action["step"] == "turn":   # a phone that is gone: the next player is on turn
        if state["phase"] == "turn":   # a skipped turn is a turn taken (issue #38); a guess's turn counted at its card
            state["turns"][k(state["turn"])] += 1
        return [ev("turn_skipped", seat=seat(state["turn"]))] + flow.end_turn(state)
    if action["step"] == "overrule":   # the app's "wrong" stands, the round ends
        state["overrule"] = None
        return [ev("overrule_closed")] + flow.end_turn(state)
    if action["step"] == "hints":
        state["hints"]["vote"] = None
        return [ev("hints_closed")]
    state["hints"]["announced"] = False
    return [ev("hint_closed")]


#: every move of the game: what it changes, why it is refused, who makes it
WhatTheRule.moves = {
    "set_rule": Move(_set_rule, checks.rule_refusal),
    "draw_rule": Move(_draw_rule, checks.draw_rule_refusal, by="both"),
    "choose_gm": Move(_choose_gm, checks.choose_gm_refusal, by="host"),
    "play": Move(_play, checks.turn_refusal),
    "reveal": Move(_reveal, checks.turn_refusal),
    "reveal_card": Move(_reveal_card, checks.turn_refusal),
    "judge": Move(_judge, checks.gm_refusal),
    "judge_reveal": Move(_judge_reveal, checks.gm_refusal),
    "judge_guess": Move(_judge_guess, checks.gm_refusal),
    "overrule": Move(_overrule, checks.gm_refusal),
    "let_stand": Move(_let_stand, checks.gm_refusal),
    "announce_hint": Move(_announce_hint, checks.gm_refusal),
    "give_hint": Move(_give_hint, checks.gm_refusal),
    "guess": Move(_guess, checks.guess_refusal),
    "no_guess": Move(_no_guess, checks.guess_refusal),
    "hints": Move(_hints, checks.hint_refusal),
    "object": Move(_object, checks.hint_refusal),
    "void_round": Move(_void_round, checks.void_round_refusal, by="host"),
    "close": Move(_close, checks.close_refusal, by="host"),
}

GAME = WhatTheRule()
