"""Eselsbrücke — the referee (see the package docstring for the decisions).

State (plain JSON; seat keys of dicts are strings)
--------------------------------------------------
``seats`` (table order, clockwise), ``mode`` (physical|digital),
``language`` (de|en: the app's deck), ``per_player`` (cards each player lays
per story), ``size`` (cards per story), ``phase`` (telling|resolution|over),
``story`` (index of the story being told or resolved), ``stories`` (each
``{"starter", "cards": [{"term", "by"}]}``; the last one grows while it is
told), ``hands``/``deck`` (digital only), ``res`` (the resolution of the
current story, see ``_deal``), ``resolved`` (finished stories, public),
``scores`` (cards taken).
"""
from __future__ import annotations

import random
from typing import Any

from ..base import (HOST, Game, Illegal, Move, ev, load_texts, not_in_game, not_your_turn,
                    seat, template, txt, wrong_step)
from . import explain as explaining, hidden, view as views
from .board import (HAND_SIZE, MODES, PER_PLAYER, TERM_MAX, _k, appeal_holders,
                    by_holder, close_steps, next_seat, only_own_left, pending, teller, untaken)
from .deck import DECK_SEP, LANGUAGES, load_deck
from .matching import is_near, normalise
from .rulebook import RULEBOOK


class Eselsbruecke(Game):
    name = "eselsbruecke"
    min_players = 3
    max_players = 6
    options_schema = [
        {"name": "deck", "kind": "choice", "default": "physical", "choices": list(MODES)},
        {"name": "language", "kind": "choice", "default": "de", "choices": list(LANGUAGES)},
    ]
    texts = load_texts(__package__)
    errors = {
        "empty_term": 422, "term_too_long": 422, "duplicate_term": 409, "not_in_hand": 422,
        "own_card": 409, "already_taken": 409, "must_take": 409, "cannot_take": 409,
        "waiting_for_answer": 409, "waiting_for_appeal": 409, "not_asked": 403,
        "not_your_card": 422, "no_appeal": 409, "nothing_to_close": 409,
    }
    seat_fields = frozenset()
    literal_fields = frozenset({"term", "card"})

    # --- setup ------------------------------------------------------------

    def setup(self, seats: list[int], options: dict, rng: random.Random):
        n = len(seats)
        if n not in PER_PLAYER:
            raise Illegal("player_count", min=self.min_players, max=self.max_players, count=n)
        mode = options.get("deck", "physical")
        language = options.get("language", "de")
        per = PER_PLAYER[n]
        state: dict[str, Any] = {
            "seats": list(seats), "mode": mode, "language": language,
            "per_player": per, "size": n * per, "phase": "telling", "story": 0,
            "stories": [{"starter": seats[0], "cards": []}],
            "hands": {}, "deck": "", "res": None, "resolved": [],
            "scores": {_k(s): 0 for s in seats},
        }
        events = [ev(f"start_{mode}", players=n, size=n * per, per=per)]
        if mode == "digital":
            deck = list(load_deck(language))
            state["deck"] = DECK_SEP.join(rng.sample(deck, len(deck)))
            state["hands"] = {_k(s): [] for s in seats}
            _refill(state)
        events.append(ev("story_start", story=1, seat=seat(seats[0])))
        return state, events

    # --- templates ----------------------------------------------------------

    def actions(self, state: dict, seat_: int) -> list[dict]:
        if seat_ not in state["seats"]:
            return []
        if state["phase"] == "telling":
            return self._telling_actions(state, seat_)
        if state["phase"] == "resolution":
            return self._resolution_actions(state, seat_)
        return []

    def _telling_actions(self, state: dict, seat_: int) -> list[dict]:
        if seat_ != teller(state):
            return []
        if state["mode"] == "digital":   # the hand is secret: chosen under the reveal, then confirmed
            return [template("lay", confirm=True, required=True, secret=True, secret_act=True,
                             term=list(state["hands"][_k(seat_)]))]
        return [template("lay", required=True, term={"kind": "text", "min": 1, "max": TERM_MAX})]

    def _resolution_actions(self, state: dict, seat_: int) -> list[dict]:
        res = state["res"]
        if res["question"]:
            if seat_ not in pending(state):
                return []
            # the answer is secret either way: how many of one's cards are
            # near the word (one: yes or no; several: which one) must not
            # show on the phone, so both shapes are chosen under the reveal
            candidates = res["question"]["asked"][_k(seat_)]
            if len(candidates) == 1:   # yes or no; the card is implied
                return [template("confirm", confirm=True, required=True, secret=True, secret_act=True, accept=[True, False])]
            return [template("confirm", confirm=True, required=True, secret=True, secret_act=True,
                             card=list(candidates), accept=[True]),
                    template("confirm", confirm=True, required=True, secret=True, secret_act=True, accept=[False])]
        out = []
        appeal = res["appeal"]
        if appeal and appeal["seat"] == seat_ and appeal_holders(state, seat_):
            out.append(template("appeal", confirm=True))
        if res["ending"]:
            if appeal and appeal["seat"] == seat_:
                out.append(template("concede", confirm=True, required=True))
            return out
        if seat_ == res["turn"]:
            if only_own_left(state, seat_):
                out.append(template("take", required=True))
            else:
                out.append(template("name", confirm=True, required=True,
                                    term={"kind": "text", "min": 1, "max": TERM_MAX}))
                out.append(template("pass", confirm=True, required=True))
        return out

    def host_actions(self, state: dict) -> list[dict]:
        steps = close_steps(state)
        if steps == ["lay"] and state["mode"] == "physical":   # the card lies open: its term
            return [template("close", confirm=True, step=steps,
                             term={"kind": "text", "min": 1, "max": TERM_MAX})]
        return [template("close", confirm=True, step=steps)] if steps else []

    # --- refusals: what every move shares; each move's own check is named
    # --- beside it in the moves map at the end ----------------------------

    def refusal_first(self, state: dict, actor: int | str, move) -> Illegal | None:
        """What refuses every move alike, before its own check."""
        if move is None:
            return wrong_step()
        if state["phase"] == "over":
            return Illegal("game_over")
        if move.by == "host":
            return None if actor == HOST else Illegal("host_only")
        if actor == HOST or actor not in state["seats"]:
            return not_in_game()
        return None

    # --- views and results --------------------------------------------------

    def view(self, state: dict, seat_: int | None) -> dict:
        return views.view(state, seat_)

    def explain(self, view: dict, seat_: int | None, actions: list[dict],
                waiting: list[int]) -> dict:
        return explaining.explain(view, seat_, actions, waiting)

    #: what a viewer may not know, declared once (issue #46)
    secrets = hidden.SECRETS
    rulebook = RULEBOOK

    def hidden_variants(self, state: dict, viewer: int | None, rng: random.Random) -> list[dict]:
        return hidden.hidden_variants(state, viewer, rng)

    def scores(self, state: dict) -> dict[int, int]:
        return {s: state["scores"][_k(s)] for s in state["seats"]}

    def winners(self, state: dict) -> list[int] | None:
        if state["phase"] != "over":
            return None
        best = max(state["scores"].values())
        return [s for s in state["seats"] if state["scores"][_k(s)] == best]


def _refill(state: dict) -> None:
    """Every hand back to 6 from the deck, in table order.  The deck is one
    string (its top at the end): the state is copied on every move."""
    deck = state["deck"].split(DECK_SEP) if state["deck"] else []
    for s in state["seats"]:
        hand = state["hands"][_k(s)]
        while len(hand) < HAND_SIZE and deck:
            hand.append(deck.pop())
    state["deck"] = DECK_SEP.join(deck)


# --- the checks

def _term(action: dict) -> tuple[str | None, Illegal | None]:
    term = action.get("term")
    if term is None:
        return None, Illegal("missing_field", field=txt("field.term"))
    if not isinstance(term, str):
        return None, Illegal("invalid_field", field=txt("field.term"))
    term = term.strip()
    if not normalise(term):
        return None, Illegal("empty_term")
    if len(term) > TERM_MAX:
        return None, Illegal("term_too_long", max=TERM_MAX)
    return term, None


def _lay_refusal(state, actor, action):
    if state["phase"] != "telling":
        return wrong_step()
    if actor != teller(state):
        return not_your_turn()
    term, bad = _term(action)
    if bad:
        return bad
    if state["mode"] == "digital":
        return None if term in state["hands"][_k(actor)] else Illegal("not_in_hand", term=term)
    norm = normalise(term)
    for card in state["stories"][state["story"]]["cards"]:
        if normalise(card["term"]) == norm:
            return Illegal("duplicate_term", term=card["term"])
    return None


def _busy(state: dict) -> Illegal | None:
    res = state["res"]
    if res["question"]:
        return Illegal("waiting_for_answer", seats=[seat(s) for s in pending(state)])
    if res["ending"]:
        return Illegal("waiting_for_appeal", seat=seat(res["appeal"]["seat"]))
    return None


def _turn_refusal(state, actor, action):
    if state["phase"] != "resolution":
        return wrong_step()
    res = state["res"]
    busy = _busy(state)
    if busy:
        return busy
    if actor != res["turn"]:
        return not_your_turn()
    own_left = only_own_left(state, actor)
    if action["type"] == "take":
        return None if own_left else Illegal("cannot_take")
    if own_left:
        return Illegal("must_take")
    if action["type"] == "pass":
        return None
    term, bad = _term(action)
    if bad:
        return bad
    norm = normalise(term)
    for card in res["cards"]:
        if normalise(card["term"]) != norm:
            continue
        if card["taken_by"] is not None:
            return Illegal("already_taken", term=card["term"])
        if card["holder"] == actor:
            return Illegal("own_card", term=card["term"])
    return None


def _confirm_refusal(state, actor, action):
    if state["phase"] != "resolution":
        return wrong_step()
    if actor not in pending(state):
        return Illegal("not_asked")
    accept = action.get("accept")
    if accept is None:
        return Illegal("missing_field", field=txt("field.accept"))
    if not isinstance(accept, bool):
        return Illegal("invalid_field", field=txt("field.accept"))
    if not accept:
        return None
    candidates = state["res"]["question"]["asked"][_k(actor)]
    card = action.get("card")
    if card is None:
        if len(candidates) == 1:
            return None
        return Illegal("missing_field", field=txt("field.card"))
    return None if card in candidates else Illegal("not_your_card")


def _appeal_refusal(state, actor, action):
    if state["phase"] != "resolution":
        return wrong_step()
    res = state["res"]
    if res["question"]:
        return _busy(state)
    appeal = res["appeal"]
    if not appeal or appeal["seat"] != actor or not appeal_holders(state, actor):
        return Illegal("no_appeal")
    return None


def _concede_refusal(state, actor, action):
    if state["phase"] != "resolution":
        return wrong_step()
    res = state["res"]
    if res["question"]:
        return _busy(state)
    if not res["ending"] or res["appeal"]["seat"] != actor:
        return wrong_step()
    return None


# --- the moves: telling

def _lay(state, actor, action, rng):
    events: list[dict] = []
    term = action["term"].strip()
    story = state["stories"][state["story"]]
    story["cards"].append({"term": term, "by": actor})
    if state["mode"] == "digital":
        state["hands"][_k(actor)].remove(term)
    events.append(ev("laid", seat=seat(actor), count=len(story["cards"]), size=state["size"]))
    if len(story["cards"]) == state["size"]:
        _story_told(state, rng, events)
    return events


def _lay_for(state, rng, events, term):
    """The host lays the teller's card: the term of the physical card
    (it lies open), or a random card of the digital hand."""
    who = teller(state)
    if term is None:
        term = rng.choice(state["hands"][_k(who)])
    events.append(ev("closed_lay", seat=seat(who)))
    events += _lay(state, who, {"term": term}, rng)


def _story_told(state, rng, events):
    number = state["story"] + 1
    last = number == len(state["seats"])
    starter = state["stories"][state["story"]]["starter"]
    suffix = "_last" if last else ""
    events.append(ev(f"told_{state['mode']}{suffix}", story=number, seat=seat(starter),
                     size=state["size"]))
    if not last:
        if state["mode"] == "digital":
            _refill(state)
        state["story"] += 1
        starter = state["seats"][state["story"]]
        state["stories"].append({"starter": starter, "cards": []})
        events.append(ev("story_start", story=number + 1, seat=seat(starter)))
        return
    state["phase"] = "resolution"
    state["hands"], state["deck"] = {}, ""
    state["story"] = 0
    events.append(ev("resolution"))
    _deal(state, rng, events)


# --- the moves: resolution

def _deal(state, rng, events):
    """Shuffles the current story's cards and deals them round the table
    from its starter: each player gets as many as they laid."""
    k = state["story"]
    story = state["stories"][k]
    seats = state["seats"]
    shuffled = rng.sample(story["cards"], len(story["cards"]))
    cards = [{"term": c["term"], "by": c["by"], "holder": seats[(k + i) % len(seats)],
              "taken_by": None} for i, c in enumerate(shuffled)]
    state["res"] = {"turn": story["starter"], "idle": 0, "cards": cards, "question": None,
                    "appeal": None, "ending": False, "last": None}
    events.append(ev("deal", story=k + 1, seat=seat(story["starter"]), per=state["per_player"]))
    if state["mode"] == "physical":
        events.append(ev("deal_physical", story=k + 1, seat=seat(story["starter"])))


def _give(state, card: dict, taker: int) -> None:
    card["taken_by"] = taker
    state["scores"][_k(taker)] += 1
    state["res"]["idle"] = 0


def _name(state, actor, action, rng):
    events: list[dict] = []
    res = state["res"]
    res["appeal"] = None   # an appeal must come at once: taking a turn ends its chance
    said = action["term"].strip()
    norm = normalise(said)
    others = [c for c in untaken(state) if c["holder"] != actor]
    exact = [c for c in others if normalise(c["term"]) == norm]
    if exact:
        card = exact[0]
        _give(state, card, actor)
        res["last"] = {"kind": "right", "seat": actor, "said": said,
                       "card": card["term"], "from": card["holder"]}
        events.append(ev("right", seat=seat(actor), said=said, card=card["term"],
                         holder=seat(card["holder"])))
        _turn_over(state, actor, rng, events)
        return events
    near = [c for c in others if is_near(norm, normalise(c["term"]))]
    if near:
        asked = by_holder(state, near)
        res["question"] = {"kind": "near", "namer": actor, "said": said,
                           "asked": asked, "declined": []}
        res["last"] = {"kind": "near", "seat": actor, "said": said}
        events.append(ev("near", seat=seat(actor), said=said,
                         holders=[seat(int(s)) for s in asked]))
        return events
    events.append(ev("wrong", seat=seat(actor), said=said))
    _wrong(state, actor, said, rng, events)
    return events


def _wrong(state, actor, said, rng, events):
    """``actor``'s name was judged wrong: the turn passes; an appeal may follow."""
    res = state["res"]
    res["last"] = {"kind": "wrong", "seat": actor, "said": said}
    res["appeal"] = {"seat": actor, "said": said}
    res["idle"] += 1
    res["turn"] = next_seat(state, actor)
    if res["idle"] < len(state["seats"]):
        return
    if appeal_holders(state, actor):   # the namer may still appeal before the end
        res["ending"] = True
        events.append(ev("ending", seat=seat(actor)))
    else:
        _circle_over(state, rng, events)


def _turn_over(state, actor, rng, events):
    """After a take: the next player's turn, unless the story is done."""
    state["res"]["turn"] = next_seat(state, actor)
    if not untaken(state):
        _story_over(state, rng, events)


def _pass(state, actor, action, rng):
    res = state["res"]
    res["appeal"] = None   # an appeal must come at once: taking a turn ends its chance
    res["last"] = {"kind": "pass", "seat": actor}
    events = [ev("passed", seat=seat(actor))]
    res["idle"] += 1
    res["turn"] = next_seat(state, actor)
    if res["idle"] >= len(state["seats"]):
        _circle_over(state, rng, events)
    return events


def _circle_over(state, rng, events):
    """A full round of turns without a card: the story ends."""
    state["res"]["appeal"], state["res"]["ending"] = None, False
    events.append(ev("circle"))
    _story_over(state, rng, events)


def _take(state, actor, action, rng):
    state["res"]["appeal"] = None   # an appeal must come at once: taking a turn ends its chance
    mine = [c for c in untaken(state) if c["holder"] == actor]
    for card in mine:
        _give(state, card, actor)
    terms = [c["term"] for c in mine]
    state["res"]["last"] = {"kind": "take", "seat": actor, "cards": terms}
    events = [ev("took_own", seat=seat(actor), cards=terms)]
    _turn_over(state, actor, rng, events)
    return events


def _confirm(state, actor, action, rng):
    events: list[dict] = []
    res = state["res"]
    question = res["question"]
    namer, said = question["namer"], question["said"]
    if not action["accept"]:
        question["declined"].append(actor)
        events.append(ev("declined", seat=seat(actor), said=said))
        if not pending(state):
            _question_failed(state, rng, events)
        return events
    term = action.get("card") or question["asked"][_k(actor)][0]
    card = next(c for c in untaken(state) if c["holder"] == actor and c["term"] == term)
    res["question"] = None
    _give(state, card, namer)
    res["last"] = {"kind": "right", "seat": namer, "said": said, "card": term, "from": actor}
    events.append(ev("accepted", seat=seat(actor), said=said, card=term, namer=seat(namer)))
    if question["kind"] == "near":
        _turn_over(state, namer, rng, events)
        return events
    res["appeal"], res["ending"] = None, False   # the turn had already moved on
    if not untaken(state):
        _story_over(state, rng, events)
    return events


def _question_failed(state, rng, events):
    res = state["res"]
    question = res["question"]
    res["question"] = None
    if question["kind"] == "near":
        events.append(ev("judged_wrong", seat=seat(question["namer"]), said=question["said"]))
        _wrong(state, question["namer"], question["said"], rng, events)
        return
    events.append(ev("appeal_failed", seat=seat(question["namer"]), said=question["said"]))
    res["appeal"] = None
    if res["ending"]:
        _circle_over(state, rng, events)


def _appeal(state, actor, action, rng):
    res = state["res"]
    asked = appeal_holders(state, actor)
    said = res["appeal"]["said"]
    res["question"] = {"kind": "appeal", "namer": actor, "said": said,
                       "asked": asked, "declined": []}
    return [ev("appealed", seat=seat(actor), said=said,
               holders=[seat(int(s)) for s in asked])]


def _concede(state, actor, action, rng):
    events = [ev("conceded", seat=seat(actor))]
    _circle_over(state, rng, events)
    return events


def _close(state, actor, action, rng):
    events: list[dict] = []
    res = state["res"]
    step = action["step"]
    if step == "lay":
        _lay_for(state, rng, events, action.get("term"))
    elif step == "confirm":
        missing = pending(state)
        res["question"]["declined"].extend(missing)
        events.append(ev("closed_confirm", seats=[seat(s) for s in missing]))
        _question_failed(state, rng, events)
    elif step == "appeal":
        events.append(ev("closed_appeal", seat=seat(res["appeal"]["seat"])))
        _circle_over(state, rng, events)
    elif only_own_left(state, res["turn"]):
        res["appeal"] = None   # the host takes the turn: as any turn, it ends an appeal's chance
        events.append(ev("closed_take", seat=seat(res["turn"])))
        events += _take(state, res["turn"], action, rng)
    else:
        res["appeal"] = None
        events.append(ev("closed_turn", seat=seat(res["turn"])))
        events += _pass(state, res["turn"], action, rng)
    return events


def _story_over(state, rng, events):
    res = state["res"]
    k = state["story"]
    starter = state["stories"][k]["starter"]
    lost = [c["term"] for c in res["cards"] if c["taken_by"] is None]
    state["resolved"].append({"starter": starter, "cards": [
        {"term": c["term"], "by": c["by"], "taken_by": c["taken_by"]} for c in res["cards"]]})
    if lost:
        events.append(ev("resolved_lost", story=k + 1, cards=lost))
    else:
        events.append(ev("resolved_all", story=k + 1))
    if k + 1 < len(state["seats"]):
        state["story"] += 1
        _deal(state, rng, events)
        return
    state["phase"] = "over"
    state["res"] = None
    best = max(state["scores"].values())
    events.append(ev("over", points=best, winners=[seat(s) for s in state["seats"] if state["scores"][_k(s)] == best]))


def _close_refusal(state, actor, action):
    if action.get("step") not in close_steps(state):
        return Illegal("nothing_to_close")
    if action["step"] == "lay" and state["mode"] == "physical":   # the term the host typed
        return _lay_refusal(state, teller(state), action)
    return None


#: every move of the game: what it changes, why it is refused, who makes it
Eselsbruecke.moves = {
    "lay": Move(_lay, _lay_refusal, secret=True),
    "name": Move(_name, _turn_refusal),
    "pass": Move(_pass, _turn_refusal),
    "take": Move(_take, _turn_refusal),
    "confirm": Move(_confirm, _confirm_refusal, secret=True),
    "appeal": Move(_appeal, _appeal_refusal),
    "concede": Move(_concede, _concede_refusal),
    "close": Move(_close, _close_refusal, by="host"),
}

GAME = Eselsbruecke()
