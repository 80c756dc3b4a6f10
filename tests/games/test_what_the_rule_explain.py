"""What the Rule?!'s explain mode (issue #29): at key positions, played with
the game's own moves, each phone and the table are told what is happening,
what they may do and what it means — in both languages, the sealed rule only
in the game master's secret lines."""
from __future__ import annotations

import random
import re

import pytest

from companion import explain
from companion.games.what_the_rule.rules import GAME
from companion.i18n import translate
from tests.games.test_what_the_rule import (
    ALAN,
    BOB,
    CARO,
    DINA,
    WHITE,
    act,
    card,
    fitting,
    new,
    play,
    refusal,
    seal_rule,
    seal_text,
)
from tests.harness import awaited
from companion.games.base import copied

NAMES = {ALAN: "Alan", BOB: "Bob", CARO: "Caro", DINA: "Dina"}
SEATS = [ALAN, BOB, CARO, DINA]
RULE = "Ascending count from 1 to 6, then again"


def told(state, viewer, seats=SEATS):
    actions = GAME.actions(state, viewer) if viewer is not None else GAME.host_actions(state)
    return GAME.explain(GAME.view(state, viewer), viewer, actions, awaited(GAME, state, seats))


def say(lines, lang):
    return " ".join(translate(lang, key, params, GAME, NAMES) for key, params in lines)


def now(state, viewer, lang="en"):
    return say(told(state, viewer)["now"], lang)


def secret(state, viewer, lang="en"):
    return say(told(state, viewer)["secret"], lang)


def move(state, viewer, type_, lang="en"):
    given = told(state, viewer)["moves"].get(type_) or (f"explain.move.{type_}", {})
    return say([given], lang)


def keys(state, viewer, part="now"):
    return [key for key, _ in told(state, viewer)[part]]


# --- a turn -------------------------------------------------------------------------

def test_the_player_on_turn_is_told_it_is_their_move_and_what_each_option_does():
    state = seal_text(new(4), text=RULE)          # Caro is GM, Dina begins
    assert state["turn"] == DINA
    assert now(state, DINA).startswith("Play a card")
    assert "you draw a card" in now(state, DINA)
    assert now(state, DINA, "de").startswith("Spiel eine Karte aus")
    assert "you may guess" in move(state, DINA, "play")
    assert "one card fewer" in move(state, DINA, "reveal")
    assert "eine Karte weniger" in move(state, DINA, "reveal", "de")


def test_waiting_players_and_the_table_are_told_whom_the_game_waits_for():
    state = seal_text(new(4), text=RULE)
    assert now(state, ALAN).startswith("Dina is on turn")
    assert now(state, ALAN, "de").startswith("Dina ist am Zug")
    assert "Your turn" not in now(state, ALAN)
    # proposing hints is an option, and it says so
    assert "optional" in now(state, ALAN) and "freiwillig" in now(state, ALAN, "de")
    assert now(state, None).startswith("Waiting for Dina:")
    assert now(state, None, "de").startswith("Wir warten auf Dina:")
    assert "cards left: 114" in now(state, None)   # 144 - 3 hands of 10
    assert "Skips Dina's turn" in move(state, None, "close")
    assert "you play no cards" in now(state, CARO)


# --- the game master judges --------------------------------------------------------------

def test_the_gm_judging_a_card_sees_the_rule_only_in_the_secret_lines():
    state = play(seal_text(new(4), text=RULE), WHITE[0])
    assert state["phase"] == "judge"
    for lang in ("en", "de"):
        assert RULE in secret(state, CARO, lang)
        assert RULE not in now(state, CARO, lang)
        for viewer in (ALAN, BOB, DINA, None):
            assert RULE not in now(state, viewer, lang) + secret(state, viewer, lang)
    assert translate("en", f"value.{WHITE[0]}", {}, GAME) in secret(state, CARO)
    assert now(state, CARO).startswith("Does Dina's card fit your rule?")
    assert "place 1 of the row" in move(state, CARO, "judge")
    assert now(state, DINA).startswith("Caro is judging your card")
    assert now(state, ALAN).startswith("Caro is judging Dina's card")
    assert now(state, None).startswith("Waiting for Caro to judge Dina's card")
    assert told(state, ALAN)["secret"] == [] and told(state, None)["secret"] == []


def test_a_guess_tells_the_guesser_the_stakes_and_the_gm_how_to_judge():
    state = play(seal_text(new(4), text=RULE), WHITE[0])
    state = act(state, CARO, {"type": "judge", "fits": True})
    assert state["phase"] == "guess"
    assert now(state, DINA).startswith("You may guess the rule now")
    assert "5 extra points" in now(state, DINA) and "5 Extrapunkte" in now(state, DINA, "de")
    assert "for Caro to judge" in move(state, DINA, "guess")
    assert "next player is on turn" in move(state, DINA, "no_guess")
    assert "You judge the guess" in now(state, CARO)
    state = act(state, DINA, {"type": "guess", "text": "Only white cards"})
    assert now(state, CARO).startswith("Is Dina's guess your rule?")
    assert "Dina's guess" in secret(state, CARO) and RULE in secret(state, CARO)
    assert now(state, DINA).startswith("Caro is judging your guess")
    assert "Dina scores 5 extra points" in now(state, None)


def test_without_points_a_right_guess_is_a_rule_found():
    state = act(new(2), ALAN, {"type": "set_rule", "text": RULE})
    state = play(state, WHITE[0])
    state = act(state, ALAN, {"type": "judge", "fits": True})
    assert "rule found by you" in now(state, BOB)
    assert "extra points" not in now(state, BOB)


# --- the overrule step ----------------------------------------------------------------------

def overrule_step():
    """Caro seals ``color == white``; Dina's last card fits and her guess is
    judged wrong by the app: the round waits for Caro."""
    state = seal_rule(new(4), "color == white")
    state["pile"] += state["hands"][str(DINA)] - 1
    state["hands"][str(DINA)] = 1
    state = play(state, WHITE[0])
    state = act(state, DINA, {"type": "guess", "rule": "shape == circle"})
    assert state["phase"] == "overrule"
    return state


def test_the_overrule_step_is_explained_to_gm_guesser_players_and_table():
    state = overrule_step()
    assert keys(state, CARO) == ["explain.seat.overrule.gm_points"]
    assert now(state, CARO).startswith("This ends the round")
    assert "your points are halved" in now(state, CARO)
    assert "deine Punkte werden halbiert" in now(state, CARO, "de")
    assert "color == white" in secret(state, CARO)
    assert "color == white" not in now(state, CARO)
    assert "Dina's guess counts as right" in move(state, CARO, "overrule")
    assert "rule not found" in move(state, CARO, "let_stand")
    assert now(state, DINA).startswith("The app judged your guess wrong; Caro may still overrule")
    assert now(state, BOB).startswith("The app judged Dina's guess wrong")
    assert "Waiting for Caro: overrule it" in now(state, None)
    assert "Decides for Caro" in move(state, None, "close")


def test_before_the_next_play_the_gm_is_told_the_overrule_is_optional():
    state = seal_rule(new(4), "color == white")
    state = play(state, WHITE[0])
    state = act(state, DINA, {"type": "guess", "rule": "shape == circle"})
    assert state["phase"] == "turn" and state["turn"] == ALAN
    assert "you may overrule it (optional)" in now(state, CARO)
    assert "Caro may still overrule it" in now(state, None)


# --- hints -------------------------------------------------------------------------------------

def test_a_hints_vote_asks_those_who_owe_an_answer_and_names_them_to_the_others():
    state = act(seal_text(new(4)), BOB, {"type": "hints", "agree": True})
    assert now(state, ALAN).startswith("Hints from the game master, yes or no?")
    assert "Agreed so far: Bob" in now(state, ALAN)
    assert "2 extra points instead of 5" in now(state, ALAN)
    assert now(state, BOB) == "You said yes to hints; waiting for Alan, Caro, Dina to answer."
    assert "Alan, Caro, Dina" in now(state, None)
    assert "No: the vote ends" in move(state, ALAN, "hints")
    for s in (ALAN, CARO, DINA):
        state = act(state, s, {"type": "hints", "agree": True})
    state = act(state, CARO, {"type": "announce_hint"})
    assert now(state, ALAN).startswith("Caro has announced a hint. You may object (optional)")
    assert now(state, CARO).startswith("You announced a hint")


# --- the app as game master ---------------------------------------------------------------

def test_with_the_app_as_gm_everyone_draws_and_guesses_in_the_rule_language():
    state = new(3, master="app")
    assert "the app is game master and you all play" in now(state, BOB)
    assert "Die App ist Spielleiter" in now(state, BOB, "de")
    assert "nobody sees it" in move(state, None, "draw_rule")
    state = act(state, ALAN, {"type": "draw_rule", "level": 1})
    assert told(state, ALAN)["secret"] == []
    assert now(state, ALAN).startswith("Play a card")       # Alan begins in round 1
    state = play(state, fitting(state))
    assert state["phase"] == "guess"
    assert "in the rule language" in move(state, ALAN, "guess")
    assert "Guesses are written in the rule language" in now(state, None)
    assert "overrule" not in now(state, None)


# --- what decisive events meant --------------------------------------------------------------

def events_of(state, actor, action):
    return GAME.apply(copied(state), actor, action, random.Random(0))[1]


def meaning(event, lang="en"):
    return translate(lang, f"meaning.{event['key']}", event["params"], GAME, NAMES)


def test_a_misfit_and_a_fit_say_what_they_meant():
    state = play(seal_text(new(4), text=RULE), WHITE[0])
    misfit = next(e for e in events_of(state, CARO, {"type": "judge", "fits": False})
                  if e["key"] == "misfit")
    assert meaning(misfit) == ("Dina's card breaks the rule: it shows what the rule is not, and "
                               "Dina's hand grows by a card instead of shrinking.")
    fits = next(e for e in events_of(state, CARO, {"type": "judge", "fits": True})
                if e["key"] == "fits")
    assert meaning(fits) == ("Dina's card fits the rule: it goes to place 1 of the row, and "
                             "Dina may try to guess the rule.")
    assert meaning(fits, "de").startswith("Die Karte von Dina passt zur Regel")


def test_a_halved_game_master_is_told_why():
    state = overrule_step()
    events = events_of(state, CARO, {"type": "let_stand"})
    halved = next(e for e in events if e["key"] == "gm_points_halved")
    assert "only half of the best player's" in meaning(halved)
    assert "Caro" in meaning(halved, "de")


# --- refusals and the texts themselves ---------------------------------------------------------

def instead(state, actor, action, lang="en"):
    """What the phone says instead, for the refusal the player meets."""
    reason = refusal(state, actor, action)
    return explain.instead(GAME, actor, GAME.actions(state, actor),
                           awaited(GAME, state, SEATS), lang, NAMES, reason.code, reason.params)


def test_a_refused_move_says_what_is_allowed_instead():
    state = act(seal_text(new(4), text=RULE), DINA, {"type": "play", **card(WHITE[0])})
    assert instead(state, DINA, {"type": "play", **card(WHITE[1])}).startswith(
        "Wait for the game master's verdict")
    assert instead(state, DINA, {"type": "no_guess"}).endswith("the game offers “Guess the rule”.")
    assert instead(state, DINA, {"type": "no_guess"}, "de").endswith("„Regel raten“ an.")
    judged = act(state, CARO, {"type": "judge", "fits": True})
    assert instead(judged, DINA, {"type": "play", **card(WHITE[1])}).startswith(
        "First guess the rule or choose “Don't guess now”")
    assert instead(judged, ALAN, {"type": "judge", "fits": True}) == (
        "Only Caro, the game master, may do that; you play cards, guess, and answer about hints.")
    late = seal_text(new(4))
    assert instead(late, ALAN, {"type": "set_rule", "text": "Only circles"}, "de").startswith(
        "Es ist schon eine Regel versiegelt")


def test_both_languages_have_the_same_keys_and_placeholders():
    en, de = GAME.texts["en"], GAME.texts["de"]
    ours = sorted(k for k in en if k.startswith(("explain.", "meaning.")))
    assert ours == sorted(k for k in de if k.startswith(("explain.", "meaning.")))
    for key in ours:
        assert set(re.findall(r"\{(\w+)\}", en[key])) == set(re.findall(r"\{(\w+)\}", de[key])), key
        assert "(s)" not in en[key] and "(en)" not in de[key], key


def test_every_action_type_has_a_static_what_it_does():
    for type_ in GAME.action_types:
        for lang in ("en", "de"):
            assert f"explain.move.{type_}" in GAME.texts[lang], (lang, type_)


@pytest.mark.parametrize("viewer", [ALAN, CARO, DINA, None])
def test_explanations_do_not_change_when_only_the_sealed_rule_changes(viewer):
    state = play(seal_rule(new(4), "color == white"), WHITE[0])
    other = copied(state)
    other["rule"]["rule"] = "shape == circle"
    if viewer == CARO:     # the game master knows the rule: only the secret lines differ
        assert told(state, viewer)["now"] == told(other, viewer)["now"]
        assert told(state, viewer)["secret"] != told(other, viewer)["secret"]
    else:
        assert told(state, viewer) == told(other, viewer)


def test_the_host_is_told_what_each_of_its_moves_does():
    state = seal_text(new(4))
    types = {t["type"] for t in GAME.host_actions(state)}
    assert types == {"close", "void_round"}
    assert move(state, None, "void_round").startswith("Ends this round unscored")
    assert move(state, None, "close", "de").startswith("Überspringt den Zug von Dina")


def test_a_refusal_and_what_to_do_instead_never_say_the_same_thing_twice():
    """Issue #40: the phone shows a refusal's message and, in explain mode,
    what to do instead after it ("Both copies of this card are on the table
    … Both copies of it already lie on the table …" said it twice): the
    instead line adds, it never repeats four words running of the message."""
    from companion.i18n.catalogue import TEXTS as PLATFORM

    def runs(text):
        words = re.findall(r"\w+", text.lower())
        return {tuple(words[i:i + 4]) for i in range(len(words) - 3)}
    for lang in ("en", "de"):
        texts = GAME.texts[lang]
        for key in [k for k in texts if k.startswith("explain.instead.")]:
            code = key.removeprefix("explain.instead.")
            error = texts.get(f"error.{code}") or PLATFORM[lang].get(f"error.{code}")
            if error:
                assert not runs(error) & runs(texts[key]), (lang, code, runs(error) & runs(texts[key]))
    state = act(seal_text(new(4), text=RULE), DINA, {"type": "play", **card(WHITE[0])})
    state = act(state, CARO, {"type": "judge", "fits": True})
    state = act(state, DINA, {"type": "no_guess"})
    state = act(state, ALAN, {"type": "play", **card(WHITE[0])})
    state = act(state, CARO, {"type": "judge", "fits": False})
    said = instead(state, BOB, {"type": "play", **card(WHITE[0])})
    assert said.startswith("So it cannot be in your hand") and "copies" not in said, said
