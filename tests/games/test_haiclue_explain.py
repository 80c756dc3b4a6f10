"""Haiclue's explain mode (issue #29): what the phones and the table say at
the key positions of a round, in both languages, and that the secret line
carries the secret while the open line does not."""
from __future__ import annotations

import random

import pytest

from companion.games.base import HOST, copied, match_action
from companion.games.haiclue import GAME
from companion.i18n import translate
from tests.harness import awaited

NAMES = {s: f"Name{s}" for s in range(12)}
# the phone's top line says "your move"; the explanation starts with what to do
CLUE_MUST = {"en": "Hold the bar for your secret colour", "de": "Halte die Leiste für deine geheime Farbe"}
GUESS_MUST = {"en": "Which top word does", "de": "Welches oberste Wort"}


def new(n=5, seed=1, **options):
    state, _ = GAME.setup(list(range(n)), options, random.Random(seed))
    return state


def act(state, actor, action):
    templates = GAME.actions(state, actor) if actor != HOST else GAME.host_actions(state)
    assert match_action(templates, action)[0] is not None, (actor, action)
    return GAME.apply(copied(state), actor, action, random.Random(0))


def all_ready(state):
    for s in state["seats"]:
        state, _ = act(state, s, {"type": "clue_ready"})
    assert state["phase"] == "guess"
    return state


def author(state):
    return state["order"][state["current"]]


def told(state, viewer, lang):
    """What explain mode says to ``viewer`` (None: the table), rendered."""
    actions = GAME.actions(state, viewer) if viewer is not None else GAME.host_actions(state)
    out = GAME.explain(GAME.view(state, viewer), viewer, actions,
                       awaited(GAME, state, state["seats"]))

    def say(lines):
        return " ".join(translate(lang, k, p, GAME, NAMES) for k, p in lines)
    moves = {tpl["type"]: translate(lang, *(out.get("moves", {}).get(tpl["type"])
                                          or (f"explain.move.{tpl['type']}", {})), GAME, NAMES)
             for tpl in actions}
    return say(out["now"]), say(out.get("secret") or []), moves


def colour(lang, c):
    return GAME.texts[lang]["value." + c]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_clue_step_says_your_move_and_keeps_the_colour_under_the_reveal(lang):
    state = new(5)
    now, secret, moves = told(state, 2, lang)
    mine = colour(lang, state["colors"]["2"])
    assert now.startswith(CLUE_MUST[lang])
    assert mine in secret
    # the open line is the same for every seat whatever their colour
    assert all(told(state, s, lang)[0] == now for s in state["seats"])
    assert {"clue_ready"} == set(moves)
    assert ("optional" if lang == "en" else "freiwillig") in moves["clue_ready"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_ready_player_is_told_whom_they_wait_for(lang):
    state = new(4)
    state, _ = act(state, 0, {"type": "clue_ready"})
    state, _ = act(state, 2, {"type": "clue_ready"})
    now, _, moves = told(state, 0, lang)
    assert CLUE_MUST[lang] not in now
    assert "Name1" in now and "Name3" in now and "Name2" not in now
    assert moves == {}
    table, _, host = told(state, None, lang)
    assert "Name1, Name3" in table
    assert set(host) == {"close"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_guessing_tells_guesser_author_and_table_their_part(lang):
    state = all_ready(new(5))
    clue_of = author(state)
    guesser = next(s for s in state["seats"] if s != clue_of)
    now, _, moves = told(state, guesser, lang)
    assert now.startswith(GUESS_MUST[lang]) and NAMES[clue_of] in now
    assert NAMES[clue_of] in moves["guess"]
    # the author is told not to guess and who is still at it
    now_a, secret_a, moves_a = told(state, clue_of, lang)
    assert GUESS_MUST[lang] not in now_a and moves_a == {}
    assert all(NAMES[s] in now_a for s in state["seats"] if s != clue_of)
    assert colour(lang, state["colors"][str(clue_of)]) in secret_a
    assert colour(lang, state["colors"][str(clue_of)]) not in now_a
    # the table: whom it waits for and whose clue
    table, _, host = told(state, None, lang)
    assert NAMES[clue_of] in table and NAMES[guesser] in table
    assert NAMES[clue_of] in host["close"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_own_guess_only_under_the_reveal(lang):
    state = all_ready(new(5))
    clue_of = author(state)
    guesser, *rest = [s for s in state["seats"] if s != clue_of]
    before = told(state, guesser, lang)[0]
    state, _ = act(state, guesser, {"type": "guess", "color": "green"})
    now, secret, moves = told(state, guesser, lang)
    assert colour(lang, "green") in secret and colour(lang, "green") not in now
    assert now != before and GUESS_MUST[lang] not in now and moves == {}
    assert all(NAMES[s] in now for s in rest)
    # another guess of another colour changes the secret line only
    other = copied(state)
    other["guesses"][str(guesser)] = "red"
    again = told(other, guesser, lang)
    assert again[0] == now and again[1] != secret


@pytest.mark.parametrize("lang", ["en", "de"])
def test_between_rounds_next_is_optional(lang):
    state = new(3)
    state = all_ready(state)
    while state["phase"] == "guess":
        state, _ = act(state, HOST, {"type": "close", "step": "guess"})
    assert state["phase"] == "between" and state["todo"] == "flip"
    now, secret, moves = told(state, 1, lang)
    assert CLUE_MUST[lang] not in now and GUESS_MUST[lang] not in now
    assert ("need not" if lang == "en" else "musst aber nicht") in now
    assert ("black" if lang == "en" else "schwarzen") in now
    assert "2" in moves["next"] and secret == ""
    table = told(state, None, lang)[0]
    assert ("nobody owes" if lang == "en" else "niemand muss") in table


@pytest.mark.parametrize("lang", ["en", "de"])
def test_two_players_hear_about_the_team_score(lang):
    state = all_ready(new(2))
    clue_of = author(state)
    guesser = next(s for s in state["seats"] if s != clue_of)
    now = told(state, guesser, lang)[0]
    assert ("team point" if lang == "en" else "Team-Punkt") in now
    assert "6" in now and "8" in now
    assert ("partner" if lang == "en" else "Mitspieler") in told(state, clue_of, lang)[1]


def test_worked_example_meaning_says_what_the_author_scored():
    state = all_ready(new(5))
    clue_of = author(state)
    right = colour("en", state["colors"][str(clue_of)])
    guessers = [s for s in state["seats"] if s != clue_of]
    events = []
    for i, s in enumerate(guessers):
        c = state["colors"][str(clue_of)]
        pick = c if i < 3 else next(x for x in GAME.view(state, None)["public"]["colors"] if x != c)
        state, evs = act(state, s, {"type": "guess", "color": pick})
        events += evs
    reveal = next(e for e in events if e["key"] == "reveal")
    en = translate("en", "meaning.reveal", reveal["params"], GAME, NAMES)
    de = translate("de", "meaning.reveal", reveal["params"], GAME, NAMES)
    assert f"{NAMES[clue_of]} scores 3" in en and right not in en
    assert f"{NAMES[clue_of]} bekommt 3 Punkte" in de


@pytest.mark.parametrize("lang", ["en", "de"])
def test_game_over_names_the_winners(lang):
    state = new(3)
    while state["phase"] != "over":
        if state["phase"] == "between":
            state, _ = act(state, 0, {"type": "next"})
        else:
            state, _ = act(state, HOST, {"type": "close", "step": state["phase"]})
    now = told(state, None, lang)[0]
    assert all(NAMES[s] in now for s in state["seats"])   # all 0: all share
    assert ("share" if lang == "en" else "gemeinsam") in now


def test_every_refusal_a_phone_meets_says_what_instead():
    phone_codes = {"not_clue_step", "already_ready", "clue_two_words", "clue_too_many_words",
                   "clue_too_long", "not_guessing", "author_guesses", "already_guessed",
                   "unknown_color", "not_between"}
    assert phone_codes <= set(GAME.errors)
    for lang in ("en", "de"):
        for code in phone_codes:
            assert f"explain.instead.{code}" in GAME.texts[lang], (lang, code)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_first_author_hears_yours_and_names_follow_the_seating(lang):
    """Issue #45: the first author's own phone says the guessing starts with
    their clue ("yours"), not with their own name; whom the step waits for
    is named in seating order, as the seat list shows them."""
    state = new(5)
    first = state["order"][0]
    state, _ = act(state, first, {"type": "clue_ready"})
    now = told(state, first, lang)[0]
    assert NAMES[first] not in now and ("yours" if lang == "en" else "deinem") in now
    waiting = [NAMES[s] for s in state["seats"] if s != first]
    assert ", ".join(waiting[:-1]) in now   # 0, 2, 3 in seating order (the order starts elsewhere)
    other = next(s for s in state["seats"] if s != first)
    state, _ = act(state, other, {"type": "clue_ready"})
    assert NAMES[first] in told(state, other, lang)[0]


def test_the_first_round_says_no_points_carry_over():
    """Issue #45: round 1's meaning said "the points so far carry over"
    before anything was scored."""
    for lang in ("en", "de"):
        text = translate(lang, "meaning.round", {"round": 1, "rounds": 6}, GAME, NAMES)
        assert "so far" not in text and "bisherigen" not in text and "6" in text
