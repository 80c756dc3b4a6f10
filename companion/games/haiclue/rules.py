"""Haiclue — the referee: setup, templates, refusals and moves (the flow
and every decision are in the package docstring, ``__init__.py``)."""
from __future__ import annotations

import random
from typing import Any

from ..base import (HOST, SHARED_ERRORS, Game, Illegal, Move, ev, load_texts, seat,
                    template, txt)
from .explain import explain as _explain
from .hidden import SECRETS, hidden_variants as _hidden_variants
from .view import view as _view
from .view import views as _views
from .board import (BY_INITIAL, CARDS_PER_COLOR, CLUE_MAX, COLORS, INITIAL, TEAM_GOAL,
                    TEAM_PERFECT, TILES_PER_PLAYER, WORD_MAX, author, guessers, is_team,
                    key, side, tiles_per_stack, winners)
from .rulebook import RULEBOOK

ERRORS: dict[str, int] = {
    "host_cannot": 403,         # a player's move sent with the host token
    "not_clue_step": 409,
    "already_ready": 409,
    "clue_two_words": 422,
    "clue_too_many_words": 422,
    "clue_too_long": 422,
    "not_guessing": 409,
    "author_guesses": 403,
    "already_guessed": 409,
    "unknown_color": 422,
    "bad_step": 409,
    "not_between": 409,
    "words_off": 409,
    "word_too_long": 422,
}


def refuse(code: str, **params: Any) -> Illegal:
    """A refusal carrying its status from the tables."""
    return Illegal(code, ERRORS.get(code) or SHARED_ERRORS[code], **params)


class Haiclue(Game):
    name = "haiclue"
    min_players = 2
    max_players = 12
    options_schema = [{"name": "words", "kind": "bool", "default": False}]
    texts = load_texts(__package__)
    errors = ERRORS
    seat_fields = frozenset({"target", "seat", "youngest"})
    #: the typed clue and the host's typed target words are shown as typed
    literal_fields = frozenset({"text", *COLORS})

    # --- setup -------------------------------------------------------------

    def start_fields(self, seats: list[int], options: dict) -> dict:
        # the documented default (the first seat in table order) comes first
        return {"youngest": list(seats)}

    def setup(self, seats: list[int], options: dict, rng: random.Random):
        seats = list(seats)
        n = len(seats)
        if not self.min_players <= n <= self.max_players:
            raise refuse("player_count", min=self.min_players, max=self.max_players, count=n)
        youngest = options.get("youngest", seats[0])
        if type(youngest) is not int or youngest not in seats:
            youngest = seats[0]
        # authors from the youngest's left neighbour clockwise; the youngest last
        y = seats.index(youngest)
        order = [seats[(y + 1 + i) % n] for i in range(n)]
        tiles = tiles_per_stack(n)
        cards = [INITIAL[c] for c in COLORS for _ in range(CARDS_PER_COLOR)]
        rng.shuffle(cards)
        state: dict[str, Any] = {
            "seats": seats,
            "youngest": youngest,
            "order": order,
            "words_option": bool(options.get("words", False)),
            "tiles": tiles,
            "rounds": 2 * tiles,
            "round": 0,
            "phase": "clue",
            "deck": "".join(cards),
            "discard": "",
            "colors": {},
            "ready": {},
            "current": 0,
            "guesses": {},
            "results": [],
            "scores": {key(s): 0 for s in seats},
            "words": {},
            "todo": None,
        }
        events = [
            ev("start", players=n, tiles=tiles, rounds=2 * tiles),
            ev("order", youngest=seat(youngest), order=[seat(s) for s in order]),
        ]
        events += _start_round(state, rng)
        return state, events

    # --- templates ---------------------------------------------------------
    # The guess lists all four colours whatever the guesser's own colour
    # (several players may share a colour), so its values tell nothing; but
    # the rulebook lays the guess tile face down ("rät dann heimlich"), so
    # the act is secret: the phone takes it behind the reveal.

    def actions(self, state: dict, seat_: int) -> list[dict]:
        if seat_ not in state["seats"]:
            return []
        phase = state["phase"]
        if phase == "clue" and key(seat_) not in state["ready"]:
            return [template("clue_ready", required=True,
                             text={"kind": "text", "max": CLUE_MAX, "optional": True})]
        if phase == "guess" and seat_ != author(state) and key(seat_) not in state["guesses"]:
            return [template("guess", confirm=True, required=True, secret_act=True,
                             color=list(COLORS))]
        if phase == "between":
            # anyone may deal the next round once the tiles are done: nobody owes it
            return [template("next")]
        return []

    def host_actions(self, state: dict) -> list[dict]:
        phase = state["phase"]
        out: list[dict] = []
        if phase in ("clue", "guess"):
            out.append(template("close", confirm=True, step=[phase]))
        if phase == "between":
            out.append(template("next"))
        if state["words_option"] and phase != "over":
            out.append(template("words", **{
                c: {"kind": "text", "max": WORD_MAX, "optional": True} for c in COLORS}))
        return out

    # --- refusals: what every move shares; each move's own check is
    # --- named beside it in the moves map at the end ----------------------

    def refusal_first(self, state: dict, actor: int | str, move) -> Illegal | None:
        if move is None:
            return None
        if move.by == "host" and actor != HOST:
            return refuse("host_only")
        if actor == HOST and move.by == "seat":
            return refuse("host_cannot")
        if actor != HOST and actor not in state["seats"]:
            return refuse("not_in_game")
        return refuse("game_over") if state["phase"] == "over" else None

    # --- views and results ---------------------------------------------------

    def view(self, state: dict, seat_: int | None) -> dict:
        return _view(state, seat_)

    def views(self, state: dict, seats: list) -> dict:
        return _views(state, seats)

    def explain(self, view: dict, seat_: int | None, actions: list[dict],
                waiting: list[int]) -> dict:
        return _explain(view, seat_, actions, waiting)

    #: what a viewer may not know, declared once (issue #46)
    secrets = SECRETS
    rulebook = RULEBOOK

    def hidden_variants(self, state: dict, viewer: int | None,
                        rng: random.Random) -> list[dict]:
        return _hidden_variants(state, viewer, rng)

    def scores(self, state: dict) -> dict[int, int]:
        return {s: state["scores"][key(s)] for s in state["seats"]}

    def winners(self, state: dict) -> list[int] | None:
        return winners(state)


def _draw(state: dict, rng: random.Random, events: list) -> str:
    if not state["deck"]:
        cards = list(state["discard"])
        rng.shuffle(cards)
        state["deck"], state["discard"] = "".join(cards), ""
        events.append(ev("reshuffle"))
    card = state["deck"][-1]
    state["deck"] = state["deck"][:-1]
    return BY_INITIAL[card]


def _start_round(state: dict, rng: random.Random) -> list[dict]:
    events: list[dict] = []
    state["round"] += 1
    state["phase"] = "clue"
    state["colors"] = {key(s): _draw(state, rng, events) for s in state["seats"]}
    state["ready"] = {}
    state["current"] = 0
    state["guesses"] = {}
    state["results"] = []
    state["todo"] = None
    events.append(ev("round", round=state["round"], rounds=state["rounds"],
                     side=txt("value." + side(state))))
    return events


def _clue_refusal(state: dict, actor: int, action: dict) -> Illegal | None:
    if state["phase"] != "clue":
        return refuse("not_clue_step")
    if key(actor) in state["ready"]:
        return refuse("already_ready")
    text = action.get("text")
    if text is None:
        return None
    if not isinstance(text, str):
        return refuse("invalid_field", field=txt("field.text"))
    words = text.split()
    if len(text.strip()) > CLUE_MAX:
        return refuse("clue_too_long", max=CLUE_MAX)
    if len(words) == 1:
        return refuse("clue_two_words")
    if len(words) > TILES_PER_PLAYER:
        return refuse("clue_too_many_words", max=TILES_PER_PLAYER)
    return None


def _guess_refusal(state: dict, actor: int, action: dict) -> Illegal | None:
    if state["phase"] != "guess":
        return refuse("not_guessing")
    if actor == author(state):
        return refuse("author_guesses")
    if key(actor) in state["guesses"]:
        return refuse("already_guessed")
    if "color" not in action:
        return refuse("missing_field", field=txt("field.color"))
    color = action["color"]
    if not isinstance(color, str) or color not in COLORS:
        return refuse("unknown_color", color=str(color)[:20])
    return None


def _close_refusal(state: dict, actor: str, action: dict) -> Illegal | None:
    if "step" not in action:
        return refuse("missing_field", field=txt("field.step"))
    if action["step"] not in ("clue", "guess") or action["step"] != state["phase"]:
        return refuse("bad_step")
    return None


def _next_refusal(state: dict, actor: int | str, action: dict) -> Illegal | None:
    return refuse("not_between") if state["phase"] != "between" else None


def _words_refusal(state: dict, actor: str, action: dict) -> Illegal | None:
    if not state["words_option"]:
        return refuse("words_off")
    for c in COLORS:
        value = action.get(c)
        if value is None:
            continue
        if not isinstance(value, str):
            return refuse("invalid_field", field=txt("field." + c))
        if len(value.strip()) > WORD_MAX:
            return refuse("word_too_long", max=WORD_MAX)
    return None


def _clue_ready(state, actor, action, rng):
    state["ready"][key(actor)] = " ".join((action.get("text") or "").split())
    events = [ev("ready", seat=seat(actor))]
    if all(key(s) in state["ready"] for s in state["seats"]):
        events += _open_guessing(state)
    return events


def _open_guessing(state: dict) -> list[dict]:
    state["phase"] = "guess"
    state["guesses"] = {}
    current = author(state)
    clue = state["ready"].get(key(current), "")
    if clue:
        return [ev("guess_now_text", author=seat(current), clue=clue)]
    return [ev("guess_now", author=seat(current))]


def _guess(state, actor, action, rng):
    state["guesses"][key(actor)] = action["color"]
    events = [ev("guessed", seat=seat(actor))]
    if all(key(s) in state["guesses"] for s in guessers(state)):
        events += _reveal(state)
    return events


def _reveal(state: dict) -> list[dict]:
    """Reveals the guesses with the author's colour, scores them,
    discards the author's card and opens the next clue (or ends the
    round)."""
    current = author(state)
    color = state["colors"][key(current)]
    guesses = dict(state["guesses"])
    right = [s for s in state["seats"] if guesses.get(key(s)) == color]
    if is_team(state):
        for s in state["seats"]:
            state["scores"][key(s)] += len(right)
    else:
        for s in right:
            state["scores"][key(s)] += 1
        state["scores"][key(current)] += len(right)
    state["results"].append({
        "author": current,
        "color": color,
        "clue": state["ready"].get(key(current), ""),
        # one character per seat in table order: colour initial, "-" = none
        "guesses": "".join(INITIAL[guesses[key(s)]] if key(s) in guesses else "-"
                           for s in state["seats"]),
    })
    state["discard"] += INITIAL[color]
    state["guesses"] = {}
    events = [_reveal_event(state, current, color, guesses, right)]
    if state["current"] + 1 < len(state["order"]):
        state["current"] += 1
        events += _open_guessing(state)
    else:
        events += _end_round(state)
    return events


def _reveal_event(state: dict, current: int, color: str, guesses: dict,
                  right: list[int]) -> dict:
    shown = {"author": seat(current), "color": txt("value." + color)}
    if is_team(state):
        guesser = next(s for s in state["seats"] if s != current)
        team = state["scores"][key(guesser)]
        if key(guesser) not in guesses:
            return ev("reveal_none", **shown)
        outcome = "reveal_team_right" if right else "reveal_team_wrong"
        return ev(outcome, guesser=seat(guesser), team=team, **shown)
    if not right:
        return ev("reveal_none", **shown)
    if len(right) == 1:
        return ev("reveal_one", right=[seat(s) for s in right], **shown)
    return ev("reveal", right=[seat(s) for s in right], points=len(right), **shown)


def _end_round(state: dict) -> list[dict]:
    state["words"] = {}
    if state["round"] >= state["rounds"]:
        state["phase"] = "over"
        state["todo"] = None
        return [_over_event(state)]
    state["phase"] = "between"
    if side(state) == "white":
        todo = "flip"
    else:
        todo = "swap" if is_team(state) else "pass"
    state["todo"] = todo
    return [ev(todo, round=state["round"])]


def _over_event(state: dict) -> dict:
    if is_team(state):
        points = state["scores"][key(state["seats"][0])]
        if points >= TEAM_PERFECT:
            return ev("over_team_perfect", points=points)
        if points >= TEAM_GOAL:
            return ev("over_team_win", points=points)
        return ev("over_team_lose", points=points)
    best = winners(state) or []
    points = max(state["scores"].values())
    if points == 1:
        return ev("over_one", winners=[seat(s) for s in best])
    return ev("over", points=points, winners=[seat(s) for s in best])


def _close(state, actor, action, rng):
    if action["step"] == "clue":
        missing = [s for s in state["seats"] if key(s) not in state["ready"]]
        for s in missing:
            state["ready"][key(s)] = ""
        events = [ev("closed_clue", seats=[seat(s) for s in missing])] if missing else []
        return events + _open_guessing(state)
    missing = [s for s in guessers(state) if key(s) not in state["guesses"]]
    events = [ev("closed_guess", seats=[seat(s) for s in missing])] if missing else []
    return events + _reveal(state)


def _next(state, actor, action, rng):
    return _start_round(state, rng)


def _words(state, actor, action, rng):
    for c in COLORS:
        word = " ".join((action.get(c) or "").split())
        if word:
            state["words"][c] = word
    return [ev("words")]


#: every move of the game: what it changes, why it is refused, who makes it
Haiclue.moves = {
    "clue_ready": Move(_clue_ready, _clue_refusal),
    "guess": Move(_guess, _guess_refusal, secret=True),
    "close": Move(_close, _close_refusal, by="host"),
    "next": Move(_next, _next_refusal, by="both"),
    "words": Move(_words, _words_refusal, by="host"),
}

GAME = Haiclue()
