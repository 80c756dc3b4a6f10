"""Factum explain mode (issue #29): at key positions, played with the game's
own moves, what each phone and the table are told — in both languages —
and that a seat's secret shows only under ``secret``."""
from __future__ import annotations

import random
import re

import pytest

from companion.games.base import HOST
from companion.games.factum import GAME, hidden
from companion.i18n import translate
from tests.games.test_factum import act, mark_all, new, vote_all
from tests.harness import awaited

NAMES = {0: "Anna", 1: "Ben", 2: "Cleo", 3: "Dan", 4: "Eva", 5: "Finn"}
SEATS = list(NAMES)
LANGS = ("en", "de")
# the phone's top line says "your move"; the must-line starts with what to do
TELL = {"en": "Tell your true story", "de": "Erzähl deine wahre Geschichte"}
JUDGE = {"en": "Look at ", "de": "Sieh dir die Karte"}
VOTE = {"en": "Talk it over aloud", "de": "Besprecht euch laut"}
BEST = {"en": "Vote secretly whether", "de": "Stimm geheim ab"}


def told(state, viewer):
    actions = GAME.host_actions(state) if viewer is None else GAME.actions(state, viewer)
    return GAME.explain(GAME.view(state, viewer), viewer, actions, awaited(GAME, state, SEATS))


def say(lang, lines):
    return " ".join(translate(lang, key, params, GAME, NAMES) for key, params in lines)


def now(state, viewer, lang):
    return say(lang, told(state, viewer)["now"])


def secret(state, viewer, lang):
    return say(lang, told(state, viewer)["secret"])


def move(state, viewer, type_, lang):
    given = told(state, viewer)["moves"].get(type_) or (f"explain.move.{type_}", {})
    return say(lang, [given])


def telling():
    """Ben volunteers; teams fixed: A = Anna, Ben, Cleo; B = Dan, Eva, Finn."""
    state, _ = act(new(), 1, {"type": "volunteer"})
    state["team_a"], state["team_b"] = [0, 1, 2], [3, 4, 5]
    return state


def decided(guessers):
    state, _ = act(telling(), 1, {"type": "told"})
    state, _ = act(state, 3, {"type": "judge"})
    state, _ = act(state, 3, {"type": "decide", "guessers": guessers})
    return state


def voting():
    """Team B guesses (Dan judges), team A confused and marked: Ben's story
    card at 2, his second card at 4, Anna's at 1, Cleo's at 3."""
    state, _ = mark_all(decided("B"), [(1, "story", 2), (1, "second", 4), (0, "own", 1),
                                       (2, "own", 3)])
    assert state["phase"] == "vote"
    return state


@pytest.mark.parametrize("lang", LANGS)
def test_the_storyteller_is_told_it_is_their_move_and_team_b_to_race(lang):
    state = telling()
    assert now(state, 1, lang).startswith(TELL[lang])
    assert "Meine Geschichte ist fertig" in now(state, 1, "de")
    for b in (3, 4, 5):   # team B: listen, then race for the judge
        text = now(state, b, lang)
        assert "Ben" in text and TELL[lang] not in text
        assert ("I judge!" if lang == "en" else "Ich bin Richter!") in text
    for a in (0, 2):
        assert "Ben" in now(state, a, lang) and TELL[lang] not in now(state, a, lang)
    table = now(state, None, lang)
    assert "Ben" in table and "Dan, Eva, Finn" in table
    assert "judge" in move(state, 1, "told", "en") and "Richter" in move(state, 1, "told", "de")
    assert "told" in move(state, None, "close", "en") and "erzählt" in move(state, None, "close", "de")


@pytest.mark.parametrize("lang", LANGS)
def test_the_judge_weighs_the_card_and_the_others_wait_for_the_judge(lang):
    state, _ = act(telling(), 1, {"type": "told"})
    state, _ = act(state, 3, {"type": "judge"})
    judge = now(state, 3, lang)
    assert judge.startswith(JUDGE[lang]) and "Ben" in judge
    assert "team b" in judge.lower() and "team a" in judge.lower()
    for other in (0, 1, 2, 4, 5):
        text = now(state, other, lang)
        assert "Dan" in text and JUDGE[lang] not in text
    assert "Dan" in now(state, None, lang) and "Ben" in now(state, None, lang)
    # the storyteller learns the second-card chance before the judge decides
    assert ("second card" if lang == "en" else "zweite Karte") in now(state, 1, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_marking_names_who_is_missing_and_the_mark_stays_secret(lang):
    state = decided("B")   # team A confuses: Ben adds a second card
    assert ("second card" if lang == "en" else "zweite") in now(state, 1, lang)
    assert now(state, 0, lang).startswith(("Your team confuses", "Dein Team verwirrt"))
    assert secret(state, 0, lang) == ""
    state, _ = mark_all(state, [(0, "own", 4)])
    anna_now, anna_secret = now(state, 0, lang), secret(state, 0, lang)
    assert "4" in anna_secret and "4" not in anna_now
    assert "Ben, Cleo" in anna_now and "Anna" not in anna_now
    assert "Ben, Cleo" in now(state, None, lang) and "Ben, Cleo" in now(state, 4, lang)
    # the judge of the guessing team has seen the card: silence, not a move
    assert now(state, 3, lang).startswith({"en": "Your team B guesses and you have seen", "de": "Dein Team B rät, und du hast"}[lang])


def test_a_guessers_explanation_does_not_move_with_the_hidden_marks():
    state, _ = mark_all(decided("B"), [(0, "own", 4), (1, "story", 2)])
    variants = hidden.hidden_variants(state, 4, random.Random(3))
    assert variants
    for variant in variants:
        assert told(variant, 4) == told(state, 4)
        assert told(variant, None) == told(state, None)


@pytest.mark.parametrize("lang", LANGS)
def test_the_team_vote_what_each_side_risks_and_gains(lang):
    state = voting()
    eva = now(state, 4, lang)
    assert eva.startswith(VOTE[lang]) and "Ben" in eva and "+1" in eva
    dan = now(state, 3, lang)   # the guessing team's captain
    assert VOTE[lang] not in dan and "Eva, Finn" in dan
    cleo = now(state, 2, lang)  # a confuser: talking is optional, not a move
    assert VOTE[lang] not in cleo
    assert ("may" if lang == "en" else "darfst") in cleo
    assert "3" in secret(state, 2, lang) and "3" not in cleo
    ben = secret(state, 1, lang)
    assert "2" in ben and "4" in ben
    table = now(state, None, lang)
    assert "Eva, Finn" in table and "Dan" in table and "Ben" in table
    # Eva votes: she is told whom the vote still waits for; her vote stays secret
    state, _ = vote_all(state, [(4, 4)])
    assert "Finn" in now(state, 4, lang) and "Eva" not in now(state, 4, lang)
    assert "4" in secret(state, 4, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_tied_vote_says_the_revote_positions(lang):
    state, _ = vote_all(voting(), [(4, 2), (5, 4)])
    assert state["tied"] == [2, 4]
    assert "2, 4" in now(state, 5, lang) and "2, 4" in now(state, None, lang)
    assert "2, 4" in move(state, 5, "vote", lang)
    assert "2, 4" in now(state, 0, lang)


def best_step(title_points):
    """Round 2: Cleo tells against Ben's title story; the title has (or
    lacks) its 3 points."""
    state, _ = vote_all(voting(), [(4, 4), (5, 4)])
    assert state["phase"] == "volunteer" and state["title"]["seat"] == 1
    state["title"]["points"] = title_points
    state, _ = act(state, 2, {"type": "volunteer"})
    state["team_a"], state["team_b"] = [0, 2, 4], [1, 3, 5]
    state, _ = act(state, 2, {"type": "told"})
    state, _ = act(state, 5, {"type": "judge"})
    state, _ = act(state, 5, {"type": "decide", "guessers": "A"})
    state, _ = mark_all(state, [(2, "story", 5), (1, "own", 1), (3, "own", 2), (5, "own", 3)])
    state, _ = vote_all(state, [(0, 5), (4, 5)])
    assert state["phase"] == "best"
    return state


@pytest.mark.parametrize("lang", LANGS)
def test_the_best_story_vote_says_what_is_at_stake(lang):
    first, held = best_step(False), best_step(True)
    for state in (first, held):
        voter = now(state, 0, lang)
        assert voter.startswith(BEST[lang]) and "Cleo" in voter and "Ben" in voter
        assert BEST[lang] not in now(state, 1, lang)
        assert BEST[lang] not in now(state, 2, lang)
    loses = {"en": "loses", "de": "verliert"}[lang]
    assert loses in now(held, None, lang) and loses not in now(first, None, lang)
    state, _ = act(held, 0, {"type": "best", "story": "title"})
    assert "Dan, Eva, Finn" in now(state, 0, lang)
    ballot = {"en": "title story", "de": "Titelgeschichte"}[lang]
    assert ballot in secret(state, 0, lang)
    assert secret(state, 3, lang) == ""


@pytest.mark.parametrize("lang", LANGS)
def test_game_over_names_the_winner(lang):
    state, _ = vote_all(voting(), [(4, 4), (5, 4)])
    state, _ = act(state, 2, {"type": "volunteer"})
    state["target"] = 5   # the next scoring ends the game
    state["scores"]["1"] = 4
    state["team_a"], state["team_b"] = [0, 2, 4], [1, 3, 5]
    state, _ = act(state, 2, {"type": "told"})
    state, _ = act(state, 5, {"type": "judge"})
    state, _ = act(state, 5, {"type": "decide", "guessers": "A"})
    state, _ = mark_all(state, [(2, "story", 5), (1, "own", 1), (3, "own", 2), (5, "own", 3)])
    state, _ = vote_all(state, [(0, 1), (4, 1)])   # Ben's card chosen: B wins, Ben +2
    state, _ = act(state, HOST, {"type": "close", "step": "best"})
    assert state["phase"] == "over" and state["winners"] == [1]
    assert "Ben" in now(state, None, lang) and "6" in now(state, 3, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_meanings_of_the_reveal_fill_from_the_events(lang):
    _, events = vote_all(voting(), [(4, 1), (5, 1)])   # Anna's card: team A wins
    said = {e["key"]: translate(lang, "meaning." + e["key"], e["params"], GAME, NAMES)
            for e in events if e["to"] is None and "meaning." + e["key"] in GAME.texts[lang]}
    assert set(said) == {"wrong", "first_title"}
    assert "Team A" in said["wrong"] and "Ben" in said["first_title"]
    assert not any(re.search(r"\{\w*\}", text) for text in said.values())


def test_refusals_on_the_phone_say_what_is_allowed_instead():
    for code in ("already_volunteered", "judge_taken", "position_taken", "marks_final",
                 "captain_silent", "vote_option", "already_voted"):
        for lang in LANGS:
            assert "explain.instead." + code in GAME.texts[lang], (lang, code)
    text = translate("de", "explain.instead.vote_option", {"options": "2, 4"}, GAME, NAMES)
    assert "2, 4" in text
