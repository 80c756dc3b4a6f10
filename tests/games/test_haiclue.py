"""Haiclue referee: rules, refusals, random play and non-interference."""
from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from collections import Counter

import pytest

from companion.games.base import HOST, SHARED_ERRORS, Illegal, copied, match_action
from companion.games.haiclue import GAME
from companion.games.haiclue import texts_de, texts_en
from companion.games.haiclue.board import BY_INITIAL, COLORS, tiles_per_stack
from tests.harness import canon, check_non_interference, random_play

RENDERER = Path(__file__).resolve().parents[2] / "companion" / "static" / "games" / "haiclue.js"


# --- helpers -----------------------------------------------------------------

def new(n=5, seed=1, seats=None, **options):
    seats = list(range(n)) if seats is None else seats
    state, events = GAME.setup(seats, options, random.Random(seed))
    return state, events


def act(state, actor, action, seed=0):
    """Apply like the platform: the templates must admit it, state is copied."""
    templates = GAME.actions(state, actor) if actor != HOST else GAME.host_actions(state)
    assert match_action(templates, action)[0] is not None, (actor, action, templates)
    return GAME.apply(copied(state), actor, action, random.Random(seed))


def all_ready(state):
    events = []
    for s in state["seats"]:
        state, evs = act(state, s, {"type": "clue_ready"})
        events += evs
    assert state["phase"] == "guess"
    return state, events


def all_ready_rest(state):
    """The seats that have not said so yet say their clue is ready."""
    events = []
    for s in state["seats"]:
        if str(s) not in state["ready"]:
            state, evs = act(state, s, {"type": "clue_ready"})
            events += evs
    return state, events


def guess_current(state, pick):
    """Every guesser of the current author guesses ``pick(seat, author_colour)``."""
    author = state["order"][state["current"]]
    colour = state["colors"][str(author)]
    events = []
    for s in state["seats"]:
        if s != author:
            state, evs = act(state, s, {"type": "guess", "color": pick(s, colour)})
            events += evs
    return state, events


def other(colour):
    return COLORS[(COLORS.index(colour) + 1) % 4]


def render(lang, event):
    """Formats a log event as the platform would (seat -> 'P<n>')."""
    def value(v):
        if isinstance(v, list):
            return ", ".join(value(x) for x in v)
        if isinstance(v, dict) and "seat" in v:
            return f"P{v['seat']}"
        if isinstance(v, dict) and "text" in v:
            return GAME.texts[lang][v["text"]]
        assert isinstance(v, (str, int)), v
        return str(v)
    template = GAME.texts[lang]["log." + event["key"]]
    return template.format(**{k: value(v) for k, v in event["params"].items()})


def expect_illegal(state, actor, action, code, status=None):
    before = canon(state)
    with pytest.raises(Illegal) as err:
        GAME.apply(state, actor, action, random.Random(0))
    assert err.value.code == code
    assert err.value.status == GAME.error_status(code)
    if status is not None:
        assert err.value.status == status
    assert code in GAME.errors or code in SHARED_ERRORS
    if code in GAME.errors:
        for lang in ("en", "de"):
            GAME.texts[lang]["error." + code].format(**err.value.params)
    assert canon(state) == before
    # the platform asks why_not when no template admits the action: same answer
    why = GAME.why_not(state, actor, action)
    if why is not None:
        assert (why.code, why.params) == (code, err.value.params)
    assert canon(state) == before


class Tracker:
    """Collects every revealed clue of a game (the state keeps only the
    current round's)."""

    def __init__(self):
        self.results = {}

    def see(self, state):
        for i, r in enumerate(state["results"]):
            key = (state["round"], i)
            if key in self.results:
                assert self.results[key] == r  # a revealed result never changes
            self.results[key] = copied(r)


def recompute(state, tracker):
    seats = state["seats"]
    score = {s: 0 for s in seats}
    for r in tracker.results.values():
        assert len(r["guesses"]) == len(seats)
        guesses = {s: BY_INITIAL[g] for s, g in zip(seats, r["guesses"]) if g != "-"}
        right = [s for s in seats if guesses.get(s) == r["color"]]
        assert r["author"] in seats and r["author"] not in guesses
        if len(seats) == 2:
            for s in seats:
                score[s] += len(right)
        else:
            for s in right:
                score[s] += 1
            score[r["author"]] += len(right)
    return score


# --- setup and table order ---------------------------------------------------

@pytest.mark.parametrize("n,tiles,rounds", [
    (2, 2, 4), (3, 3, 6), (4, 3, 6), (5, 3, 6), (6, 2, 4), (7, 2, 4), (8, 2, 4),
    (9, 1, 2), (10, 1, 2), (11, 1, 2), (12, 1, 2)])
def test_tiles_and_rounds(n, tiles, rounds):
    assert tiles_per_stack(n) == tiles
    state, _ = new(n)
    assert state["tiles"] == tiles and state["rounds"] == rounds
    assert GAME.view(state, None)["public"]["rounds"] == rounds


def test_start_field_and_order_from_youngest():
    seats = [4, 1, 7, 2]
    assert GAME.start_fields(seats, {}) == {"youngest": seats}
    state, events = new(seats=seats, youngest=7)
    # left neighbour = next seat in table order; the youngest comes last
    assert state["order"] == [2, 4, 1, 7]
    # the documented default, the first seat in table order, is what both the
    # platform (first value of the start field) and setup (no field) pick
    default, _ = new(seats=seats)
    assert default["order"] == [1, 7, 2, 4] and default["youngest"] == 4
    first, _ = new(seats=seats, youngest=GAME.start_fields(seats, {})["youngest"][0])
    assert canon(first) == canon(default)
    for bogus in (99, True, "4", None):
        assert new(seats=seats, youngest=bogus)[0]["order"] == [1, 7, 2, 4]
    state, _ = all_ready(state)
    assert GAME.view(state, None)["public"]["author"] == 2
    assert GAME.player_range({}) == (2, 12)
    assert GAME.name == "haiclue"


def test_start_log_says_phones_replace_cards():
    state, events = new(4)
    keys = [e["key"] for e in events]
    assert keys == ["start", "order", "round"]
    assert all(e["to"] is None for e in events)
    assert "colour cards" in render("en", events[0])
    assert "Farbkarten" in render("de", events[0])


def test_colour_deck_dealt_one_per_player():
    state, _ = new(7)
    hand = Counter(state["colors"].values())
    deck = Counter(BY_INITIAL[c] for c in state["deck"])
    for c in COLORS:
        assert hand[c] + deck[c] == 10
    assert len(state["deck"]) == 33 and state["discard"] == ""
    # deterministic
    assert canon(new(7, seed=5)[0]) == canon(new(7, seed=5)[0])


# --- the worked example --------------------------------------------------------

def test_worked_example_five_players():
    state, _ = new(5, seed=3)
    state, _ = all_ready(state)
    author = state["order"][0]
    colour = state["colors"][str(author)]
    guessers = [s for s in state["seats"] if s != author]
    wrong = guessers[-1]
    state, events = guess_current(
        state, lambda s, c: other(c) if s == wrong else c)
    scores = GAME.scores(state)
    assert scores[author] == 3
    for s in guessers[:3]:
        assert scores[s] == 1
    assert scores[wrong] == 0
    reveal = [e for e in events if e["key"] == "reveal"][0]
    assert reveal["params"]["points"] == 3
    assert "P%d" % author in render("en", reveal)
    last = GAME.view(state, None)["public"]["last"]
    assert last["author"] == author and last["color"] == colour
    assert last["right"] == guessers[:3]
    assert last["guesses"][str(wrong)] == other(colour)
    # the next author is up at once, the reveal stays visible
    assert state["phase"] == "guess" and state["current"] == 1


# --- whole games ---------------------------------------------------------------

@pytest.mark.parametrize("n,rounds", [(2, 4), (3, 6), (6, 4), (9, 2), (12, 2)])
def test_play_through_counts_rounds(n, rounds):
    state, events = new(n, seed=n)
    tracker = Tracker()
    round_events = [e for e in events if e["key"] == "round"]
    nexts = 0
    todos = []
    while True:
        state, evs = all_ready(state)
        events += evs
        for _ in range(n):
            state, evs = guess_current(state, lambda s, c: "blue")
            events += evs
        tracker.see(state)
        if state["phase"] == "over":
            break
        assert state["phase"] == "between"
        todos.append(state["todo"])
        view = GAME.view(state, None)["public"]
        assert view["todo"] == state["todo"] and len(view["results"]) == n
        # results stay until someone presses next; any seat or the host may
        assert GAME.actions(state, state["seats"][-1]) == [{"type": "next", "fields": {}}]
        actor = HOST if nexts % 2 else state["seats"][1]
        state, evs = act(state, actor, {"type": "next"}, seed=nexts)
        nexts += 1
        round_events += [e for e in evs if e["key"] == "round"]
        events += evs
    assert state["round"] == rounds == len(round_events)
    assert nexts == rounds - 1
    assert len(tracker.results) == rounds * n
    swap_or_pass = "swap" if n == 2 else "pass"
    assert todos == (["flip", swap_or_pass] * rounds)[:rounds - 1]
    assert GAME.winners(state) is not None
    assert GAME.actions(state, 0) == [] and GAME.host_actions(state) == []
    assert GAME.scores(state) == recompute(state, tracker)
    # the sides alternate in the round log lines
    sides = [e["params"]["side"]["text"] for e in round_events]
    assert sides == (["value.white", "value.black"] * rounds)[:rounds]
    for e in events:
        render("en", e), render("de", e)


def play_two(right_count, seed=0):
    """A two-player game where exactly the first ``right_count`` clues are guessed right."""
    state, _ = new(2, seed=seed)
    done = 0
    events = []
    while state["phase"] != "over":
        if state["phase"] == "between":
            state, evs = act(state, HOST, {"type": "next"})
            events += evs
        state, evs = all_ready(state)
        events += evs
        for _ in range(2):
            ok = done < right_count
            done += 1
            state, evs = guess_current(state, lambda s, c: c if ok else other(c))
            events += evs
    return state, events


@pytest.mark.parametrize("right,won,key", [
    (8, True, "over_team_perfect"), (7, True, "over_team_win"),
    (6, True, "over_team_win"), (5, False, "over_team_lose"), (0, False, "over_team_lose")])
def test_two_player_coop(right, won, key):
    state, events = play_two(right)
    a, b = state["seats"]
    assert GAME.scores(state) == {a: right, b: right}
    assert GAME.winners(state) == ([a, b] if won else [])
    assert events[-1]["key"] == key
    assert GAME.view(state, None)["public"]["team_score"] == right
    render("de", events[-1])


def test_two_player_swap_instruction():
    state, _ = new(2)
    for expected in ("flip", "swap", "flip"):
        state, _ = all_ready(state)
        state, _ = guess_current(state, lambda s, c: c)
        state, events = guess_current(state, lambda s, c: c)
        assert state["todo"] == expected and events[-1]["key"] == expected
        assert "swap" in render("en", events[-1]) or expected == "flip"
        state, _ = act(state, 0, {"type": "next"})


def test_most_points_win_and_ties_share():
    state, _ = new(3, seed=9)
    state["phase"] = "over"
    state["scores"] = {"0": 4, "1": 7, "2": 7}
    assert GAME.winners(state) == [1, 2]
    state["scores"] = {"0": 8, "1": 7, "2": 7}
    assert GAME.winners(state) == [0]


# --- the colour deck -------------------------------------------------------------

def test_no_natural_game_exhausts_the_deck():
    # at most 8 players x 4 rounds = 32 cards: the reshuffle rule is tested below
    worst = max(n * 2 * tiles_per_stack(n) for n in range(2, 13))
    assert worst == 32 < 40


def test_deck_reshuffles_from_discards():
    state, _ = new(5, seed=4)
    for _ in range(5):
        state, _ = all_ready(state) if state["phase"] == "clue" else (state, [])
        state, _ = guess_current(state, lambda s, c: c)
    assert state["phase"] == "between"
    assert len(state["discard"]) == 5 and len(state["deck"]) == 35
    # rig the deck: only two cards left, the rest already played and discarded
    pool = state["deck"] + state["discard"]
    state["deck"], state["discard"] = pool[:2], pool[2:]
    left_over = list(state["deck"])
    state, events = act(state, 0, {"type": "next"}, seed=11)
    assert [e["key"] for e in events] == ["reshuffle", "round"]
    render("en", events[0]), render("de", events[0])
    assert state["discard"] == ""
    # the two old cards went to the first two players in table order
    assert [state["colors"]["0"], state["colors"]["1"]] == [
        BY_INITIAL[c] for c in left_over[::-1]]
    hands = Counter(state["colors"].values())
    total = Counter(BY_INITIAL[c] for c in state["deck"]) + hands
    assert all(total[c] == 10 for c in COLORS) and sum(total.values()) == 40
    assert len(state["deck"]) == 35


def test_deck_conserved_in_random_games():
    for seed in range(30):
        n = 2 + seed % 11
        for state, _, _, _ in random_play(GAME, list(range(n)), {}, seed):
            hands = Counter(state["colors"].values())
            # a discarded card is a revealed author's card of this round
            pending = len(state["seats"]) - len(state["results"])
            counted = Counter(state["deck"]) + Counter(state["discard"])
            assert sum(counted.values()) + pending == 40
            assert sum(hands.values()) == n


# --- host steps and options ---------------------------------------------------------

def test_host_closes_clue_and_guess_steps():
    state, _ = new(4)
    state, _ = act(state, 1, {"type": "clue_ready", "text": "cold  river tea"})
    assert GAME.host_actions(state)[0] == {
        "type": "close", "fields": {"step": ["clue"]}, "confirm": True}
    state, events = act(state, HOST, {"type": "close", "step": "clue"})
    assert [e["key"] for e in events] == ["closed_clue", "guess_now_text"]
    assert [p["seat"] for p in events[0]["params"]["seats"]] == [0, 2, 3]
    assert events[1]["params"]["clue"] == "cold river tea"
    assert GAME.view(state, 3)["public"]["clue"] == "cold river tea"
    author = state["order"][0]
    assert author == 1
    state, _ = act(state, 2, {"type": "guess", "color": "red"})
    assert GAME.host_actions(state)[0]["fields"] == {"step": ["guess"]}
    state, events = act(state, HOST, {"type": "close", "step": "guess"})
    assert [e["key"] for e in events][:2] == ["closed_guess", "reveal" if
                                              state["colors"]["1"] == "red" else "reveal_none"]
    assert [p["seat"] for p in events[0]["params"]["seats"]] == [0, 3]
    last = GAME.view(state, None)["public"]["last"]
    assert last["guesses"] == {"2": "red"}
    assert state["current"] == 1 and state["phase"] == "guess"


def test_words_option():
    state, _ = new(3, words=True)
    assert "words" in GAME.view(state, None)["public"]
    tpl = [t for t in GAME.host_actions(state) if t["type"] == "words"]
    assert tpl and set(tpl[0]["fields"]) == set(COLORS)
    state, events = act(state, HOST, {"type": "words", "blue": "Ocean", "red": "Fire"})
    assert events[0]["key"] == "words"
    state, _ = act(state, HOST, {"type": "words", "red": " Lava ", "green": ""})
    assert GAME.view(state, 1)["public"]["words"] == {"blue": "Ocean", "red": "Lava"}
    for _ in range(3):
        state, _ = all_ready(state) if state["phase"] == "clue" else (state, [])
        state, _ = guess_current(state, lambda s, c: c)
    assert state["phase"] == "between" and state["words"] == {}
    state, _ = act(state, HOST, {"type": "words", "yellow": "Sun"})
    state, _ = act(state, HOST, {"type": "next"})
    assert GAME.view(state, None)["public"]["words"] == {"yellow": "Sun"}
    off, _ = new(3)
    assert "words" not in GAME.view(off, None)["public"]
    assert all(t["type"] != "words" for t in GAME.host_actions(off))
    expect_illegal(off, HOST, {"type": "words", "blue": "x"}, "words_off", 409)
    expect_illegal(state, HOST, {"type": "words", "blue": "x" * 41}, "word_too_long", 422)


# --- refusals --------------------------------------------------------------------

def test_refusals_leave_state_unchanged():
    state, _ = new(4, seed=2)
    # guessing out of step (clues are still being built)
    expect_illegal(state, 1, {"type": "guess", "color": "red"}, "not_guessing", 409)
    expect_illegal(state, 1, {"type": "next"}, "not_between", 409)
    expect_illegal(state, HOST, {"type": "next"}, "not_between", 409)
    expect_illegal(state, 0, {"type": "clue_ready", "text": "river"}, "clue_two_words", 422)
    expect_illegal(state, 0, {"type": "clue_ready", "text": "  river   "}, "clue_two_words", 422)
    expect_illegal(state, 0, {"type": "clue_ready", "text": "a b" * 40}, "clue_too_long", 422)
    expect_illegal(state, 0, {"type": "clue_ready", "text": 5}, "invalid_field", 422)
    expect_illegal(state, HOST, {"type": "clue_ready"}, "host_cannot", 403)
    expect_illegal(state, 9, {"type": "clue_ready"}, "not_in_game", 403)
    expect_illegal(state, 0, {"type": "close", "step": "clue"}, "host_only", 403)
    expect_illegal(state, HOST, {"type": "close", "step": "guess"}, "bad_step", 409)
    expect_illegal(state, HOST, {"type": "close"}, "missing_field", 422)
    expect_illegal(state, 0, {"type": "fly"}, "wrong_step", 409)
    state, _ = act(state, 0, {"type": "clue_ready", "text": "sun moon"})
    expect_illegal(state, 0, {"type": "clue_ready"}, "already_ready", 409)
    assert GAME.actions(state, 0) == []
    for s in (1, 2, 3):
        state, _ = act(state, s, {"type": "clue_ready"})
    author = state["order"][0]
    assert author == 1
    # the author does not guess
    assert GAME.actions(state, author) == []
    expect_illegal(state, author, {"type": "guess", "color": "red"}, "author_guesses", 403)
    expect_illegal(state, 0, {"type": "guess", "color": "purple"}, "unknown_color", 422)
    expect_illegal(state, 0, {"type": "guess", "color": None}, "unknown_color", 422)
    expect_illegal(state, 0, {"type": "clue_ready"}, "not_clue_step", 409)
    expect_illegal(state, HOST, {"type": "guess", "color": "red"}, "host_cannot", 403)
    expect_illegal(state, HOST, {"type": "close", "step": "clue"}, "bad_step", 409)
    state, _ = act(state, 0, {"type": "guess", "color": "red"})
    # a second guess (also to change it) is refused
    assert GAME.actions(state, 0) == []
    expect_illegal(state, 0, {"type": "guess", "color": "red"}, "already_guessed", 409)
    expect_illegal(state, 0, {"type": "guess", "color": "blue"}, "already_guessed", 409)
    # the game over
    state, _ = play_two(3)
    expect_illegal(state, 0, {"type": "next"}, "game_over", 409)
    expect_illegal(state, 0, {"type": "guess", "color": "red"}, "game_over", 409)
    with pytest.raises(Illegal) as err:
        GAME.setup([0], {}, random.Random(0))
    assert err.value.code == "player_count"


def test_clue_has_at_most_fifteen_words():
    """Each player has 15 word tiles, so a typed clue has at most 15 words."""
    state, _ = new(3)
    words = " ".join(["sun"] * 16)
    expect_illegal(state, 0, {"type": "clue_ready", "text": words}, "clue_too_many_words", 422)
    assert "15" in GAME.texts["de"]["error.clue_too_many_words"].format(max=15)
    state, _ = act(state, 0, {"type": "clue_ready", "text": " ".join(["sun"] * 15)})
    assert GAME.view(state, 0)["you"]["clue"] == " ".join(["sun"] * 15)


def not_admitted(state, actor, action):
    templates = GAME.actions(state, actor) if actor != HOST else GAME.host_actions(state)
    return match_action(templates, action)[0] is None


def test_why_not_names_the_precise_rule():
    """What the platform asks when no template admits an action: the same
    checks apply uses, without touching the state."""
    state, _ = new(4, seed=2, words=True)
    cases = [
        (0, {"type": "close", "step": "clue"}, "host_only"),
        (1, {"type": "words", "blue": "sea"}, "host_only"),
        (HOST, {"type": "words", "blue": "x" * 41}, "word_too_long"),
        (HOST, {"type": "words", "blue": 7}, "invalid_field"),
        (HOST, {"type": "close", "step": "guess"}, "bad_step"),
        (HOST, {"type": "clue_ready"}, "host_cannot"),
        (9, {"type": "clue_ready"}, "not_in_game"),
        (0, {"type": "clue_ready", "text": "sun " * 30}, "clue_too_long"),
        (0, {"type": "guess", "color": "red"}, "not_guessing"),
        (0, {"type": "next"}, "not_between"),
    ]
    state, _ = act(state, 3, {"type": "clue_ready"})
    cases.append((3, {"type": "clue_ready"}, "already_ready"))
    for actor, action, code in cases:
        before = canon(state)
        assert not_admitted(state, actor, action), action
        why = GAME.why_not(state, actor, action)
        assert why is not None and why.code == code, (action, why and why.code)
        assert why.status == GAME.error_status(code)
        assert canon(state) == before
    state, _ = all_ready_rest(state)
    author = state["order"][0]
    state, _ = act(state, 2, {"type": "guess", "color": "green"})
    for actor, action, code in [
            (author, {"type": "guess", "color": "red"}, "author_guesses"),
            (2, {"type": "guess", "color": "red"}, "already_guessed"),
            (0, {"type": "guess", "color": "purple"}, "unknown_color"),
            (0, {"type": "guess"}, "missing_field"),
            (0, {"type": "clue_ready"}, "not_clue_step")]:
        assert not_admitted(state, actor, action), action
        assert GAME.why_not(state, actor, action).code == code
    assert GAME.why_not(state, 0, {"type": "fly"}) is None
    over, _ = play_two(2)
    assert GAME.why_not(over, 0, {"type": "next"}).code == "game_over"


def test_one_right_guess_is_one_point():
    state, _ = new(4, seed=5)
    state, _ = all_ready(state)
    author = state["order"][0]
    lucky = next(s for s in state["seats"] if s != author)
    state, events = guess_current(state, lambda s, c: c if s == lucky else other(c))
    reveal = next(e for e in events if e["key"].startswith("reveal"))
    assert reveal["key"] == "reveal_one"
    assert "1 point each" in render("en", reveal) and "je 1 Punkt" in render("de", reveal)
    assert GAME.scores(state)[author] == GAME.scores(state)[lucky] == 1


def test_game_won_with_one_point_says_point():
    """Nine players, two rounds; only the very first guess of the game is right."""
    state, _ = new(9, seed=1)
    lucky = state["order"][-1]
    events, reveals = [], 0
    while state["phase"] != "over":
        if state["phase"] == "between":
            state, _ = act(state, HOST, {"type": "next"})
        state, _ = all_ready(state)
        for _ in range(9):
            first = reveals == 0
            state, evs = guess_current(
                state, lambda s, c: c if first and s == lucky else other(c))
            reveals += 1
            events += evs
    assert reveals == 18 and max(GAME.scores(state).values()) == 1
    assert events[-1]["key"] == "over_one"
    assert "with 1 point:" in render("en", events[-1])
    assert "Mit 1 Punkt" in render("de", events[-1])


def test_templates_owed_moves_are_required():
    state, _ = new(3)
    assert GAME.actions(state, 0) == [{"type": "clue_ready", "required": True, "fields": {
        "text": {"kind": "text", "max": 80, "optional": True}}}]
    state, _ = all_ready(state)
    # every colour, the guesser's own included: the values depend on no
    # secret, but the act is secret (the tile is laid face down)
    tpl = GAME.actions(state, state["order"][1])
    assert tpl == [{"type": "guess", "fields": {"color": COLORS},
                    "confirm": True, "required": True, "secret": True, "secret_act": True}]
    state, _ = play_two(4)
    assert GAME.actions(state, 0) == []


def test_next_is_nobodys_duty():
    state, _ = new(2)
    state, _ = all_ready(state)
    state, _ = guess_current(state, lambda s, c: c)
    state, _ = guess_current(state, lambda s, c: c)
    assert state["phase"] == "between"
    for s in state["seats"]:
        assert GAME.actions(state, s) == [{"type": "next", "fields": {}}]
    assert {"type": "next", "fields": {}} in GAME.host_actions(state)


# --- texts ---------------------------------------------------------------------------

def test_renderer_keys_exist_in_both_languages():
    """The JS renderer asks for these keys (the conformance suite checks
    everything the rules emit)."""
    assert GAME.texts == {"en": texts_en.TEXTS, "de": texts_de.TEXTS}
    js = RENDERER.read_text(encoding="utf-8")
    keys = set(re.findall(r'"((?:ui|value)\.\w*[a-z])"', js))
    keys |= {"ui.todo_" + t for t in ("flip", "pass", "swap")}
    keys |= {"value." + c for c in COLORS + ["white", "black"]}
    assert len(keys) > 30
    for key in keys:
        assert key in texts_en.TEXTS and key in texts_de.TEXTS, key
    assert texts_de.TEXTS["value.green"] == "Grün"


# --- views ---------------------------------------------------------------------------

def test_views_show_only_own_colour_and_hide_guesses():
    state, _ = new(4, seed=8)
    table = GAME.view(state, None)
    assert table["you"] is None
    for s in state["seats"]:
        v = GAME.view(state, s)
        assert v["you"]["secret"] == {"color": state["colors"][str(s)]}
        assert v["you"]["seat"] == s
    state, _ = all_ready(state)
    state, _ = act(state, 2, {"type": "guess", "color": "green"})
    table = GAME.view(state, None)["public"]
    assert table["guessed"] == [2] and table["waiting"] == [0, 3]
    assert "green" not in canon(table["guessed"])
    assert GAME.view(state, 2)["you"]["secret"]["guess"] == "green"
    assert "guess" not in GAME.view(state, 0)["you"]["secret"]
    assert GAME.view(state, 1)["you"]["author"] is True


# --- random play and non-interference ----------------------------------------------------

def player_counts(games):
    """The table sizes of the random games.  A game costs about n² steps, so
    most games are small: every size from 5 to 12 gets 10 games, 4 gets 100,
    3 gets 300, the rest (about 1,500) are two-player co-op games."""
    counts = [n for n in range(5, 13) for _ in range(10)] + [4] * 100 + [3] * 300
    return counts + [2] * (games - len(counts))


def test_random_play_many_games():
    games = 0
    counts = player_counts(2000)
    for seed, n in enumerate(counts):
        seats = random.Random(seed).sample(range(20), n)
        options = {"words": seed % 3 == 0, "youngest": seats[seed % n]}
        final = None
        tracker = Tracker()
        host_rate = (0.0, 0.02, 0.2)[seed % 3]
        for state, actor, action, events in random_play(GAME, seats, options, seed,
                                                        host_rate=host_rate):
            final = state
            tracker.see(state)
            assert action is None or action["type"] in GAME.action_types
            for e in events:
                assert e["to"] is None
                GAME.texts["en"]["log." + e["key"]]
        assert GAME.winners(final) is not None, seed
        assert final["round"] == final["rounds"]
        assert len(tracker.results) == final["rounds"] * n
        assert GAME.scores(final) == recompute(final, tracker)
        games += 1
    assert games == 2000


def hidden_changes(state, variant):
    """Which hidden parts a variant changed."""
    return {part for part in ("colors", "deck", "ready", "guesses")
            if variant[part] != state[part]}


def test_non_interference():
    rng = random.Random(7)
    compared = 0
    positions = 0
    changed = set()
    for seed in range(55):
        n = 2 + seed % 11
        seats = random.Random(seed).sample(range(15), n)
        states = [s for s, _, _, _ in random_play(GAME, seats, {"words": seed % 2 == 0},
                                                  seed, host_rate=0.05)]
        for state in rng.sample(states, min(8, len(states))):
            compared += check_non_interference(GAME, state, seats, GAME.hidden_variants, rng)
            positions += 1
            for viewer in [None] + seats:
                for variant in GAME.hidden_variants(state, viewer, rng):
                    changed |= hidden_changes(state, variant)
    assert positions > 300
    assert compared > 0
    # every kind of secret gets varied somewhere
    assert changed == {"colors", "deck", "ready", "guesses"}


def test_hidden_variants_keep_the_cards_and_what_is_public():
    state, _ = new(5, seed=1)
    state, _ = act(state, 3, {"type": "clue_ready", "text": "moon sun"})
    state, _ = all_ready_rest(state)
    first = state["order"][0]
    state, _ = guess_current(state, lambda s, c: c)     # first author revealed
    state, _ = act(state, 0, {"type": "guess", "color": "red"})
    current = state["order"][1]
    for viewer in [None] + state["seats"]:
        variants = GAME.hidden_variants(state, viewer, random.Random(viewer or 0))
        assert variants and any(canon(v) != canon(state) for v in variants)
        for v in variants:
            # the 40 cards still add up; nothing public moved
            cards = Counter(v["deck"]) + Counter(v["discard"])
            cards += Counter(c[0] for s, c in v["colors"].items() if int(s) != first)
            assert sum(cards.values()) == 40 and set(cards.values()) == {10}
            assert v["colors"][str(first)] == state["colors"][str(first)]
            assert v["ready"][str(current)] == state["ready"][str(current)]
            assert set(v["guesses"]) == set(state["guesses"])
            if viewer is not None:
                assert v["colors"][str(viewer)] == state["colors"][str(viewer)]
                assert v["guesses"].get(str(viewer)) == state["guesses"].get(str(viewer))


def test_the_check_could_fail():
    """What hidden_variants must leave alone is visible: the author's own
    view tells its colour, a guesser's view its guess."""
    state, _ = new(5, seed=1)
    state, _ = all_ready(state)
    state, _ = act(state, 0, {"type": "guess", "color": "red"})
    author = state["order"][0]
    v = copied(state)
    v["colors"][str(author)] = other(v["colors"][str(author)])
    assert GAME.view(v, author) != GAME.view(state, author)
    assert GAME.view(v, 2) == GAME.view(state, 2)
    w = copied(state)
    w["guesses"]["0"] = "blue"
    assert GAME.view(w, 0) != GAME.view(state, 0)
    assert GAME.view(w, None) == GAME.view(state, None)


SMOKE_JS = r"""
global.window = {};
require(process.argv[2]);
const data = JSON.parse(require("fs").readFileSync(0, "utf8"));
function mkui(lang) {
  return {lang, name: s => "P<" + s + ">", secret: h => h,
    quote: s => (lang === "de" ? "„" + s + "“" : "“" + s + "”"),
    esc: s => String(s).replace(/[&<>"']/g, c => "&#" + c.charCodeAt(0) + ";"),
    t: (k, p) => {
      const s = data.texts[lang][k];
      if (s === undefined) throw new Error("missing text " + k);
      return s.replace(/\{(\w+)\}/g, (m, n) => {
        if (!p || !(n in p)) throw new Error("missing param " + n + " of " + k);
        return p[n];
      });
    }};
}
let n = 0;
for (const v of data.views) for (const lang of ["en", "de"]) {
  const r = window.Companion.games.haiclue;
  const html = v.you ? r.phone(v, mkui(lang)) : r.table(v, mkui(lang));
  if (/undefined|NaN|\[object|P</.test(html)) throw new Error("bad html: " + html);
  n++;
}
console.log(n);
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node not installed")
def test_renderer_draws_every_phase(tmp_path):
    """The JS renderer runs (in node) on views of every phase, in both
    languages, finds every text it asks for and escapes names."""
    views = []
    for seed, n in ((1, 2), (2, 5), (3, 12)):
        seats = list(range(n))
        for state, _, _, _ in random_play(GAME, seats, {"words": True}, seed, host_rate=0.1):
            for viewer in [None] + seats[:2]:
                views.append(GAME.view(state, viewer))
    assert {v["public"]["phase"] for v in views} == {"clue", "guess", "between", "over"}
    script = tmp_path / "smoke.js"
    script.write_text(SMOKE_JS)
    out = subprocess.run(["node", str(script), str(RENDERER)],
                         input=json.dumps({"views": views, "texts": GAME.texts}),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) == 2 * len(views)
