"""Eselsbrücke explain mode (issue #29): what the phones and the table are
told at key positions of a game played with the game's own moves, in both
languages — whose move it is and what each option does, whom a waiting
player waits for, and that a player's own cards are only in the secret
line."""
from __future__ import annotations

import pytest

from companion.games.base import HOST
from companion.games.eselsbruecke import GAME
from companion.i18n import translate
from tests.games.test_eselsbruecke import (
    ANNA,
    BEN,
    CARA,
    STORY_1,
    act,
    new,
    resolving_fridge_story,
    tell,
    templates,
)
from tests.harness import awaited

NAMES = {ANNA: "Anna", BEN: "Ben", CARA: "Cara", 3: "Dora"}
LANGS = ("en", "de")


def told(state, viewer, lang):
    """What explain mode says to ``viewer`` (None: the table): rendered
    ``now``, ``secret`` and ``moves`` (every offered type, with the
    platform's fallback to ``explain.move.<type>``)."""
    actor = HOST if viewer is None else viewer
    actions = templates(state, actor)
    raw = GAME.explain(GAME.view(state, viewer), viewer, actions,
                       awaited(GAME, state, state["seats"]))

    def say(lines):
        return " ".join(translate(lang, key, params, GAME, NAMES) for key, params in lines)

    moves = {tpl["type"]: say([(raw.get("moves") or {}).get(tpl["type"])
                               or (f"explain.move.{tpl['type']}", {})]) for tpl in actions}
    out = {"now": say(raw["now"]), "secret": say(raw.get("secret") or []), "moves": moves}
    for text in [out["now"], out["secret"], *moves.values()]:
        assert "{" not in text and "explain." not in text, text
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_telling_the_donkey_starts_and_the_others_listen(lang):
    state, _ = new(3)
    anna, ben, cara, table = (told(state, s, lang) for s in (ANNA, BEN, CARA, None))
    donkey = {"en": "You have the donkey", "de": "Du hast den Esel"}[lang]
    assert anna["now"].startswith(donkey)
    assert {"en": "funny link", "de": "lustige Eselsbrücke"}[lang] in anna["now"]
    assert set(anna["moves"]) == {"lay"} and "1" in anna["moves"]["lay"]
    # Ben lays next and is told so; Cara only listens; both learn why to remember
    assert "Anna" in ben["now"]
    assert {"en": "You lay the next card", "de": "Du legst die nächste Karte"}[lang] in ben["now"]
    assert "Anna" in cara["now"] and "next card" not in cara["now"] and "nächste" not in cara["now"]
    assert {"en": "remember", "de": "merk dir"}[lang] in cara["now"]
    assert ben["moves"] == {} and ben["secret"] == ""
    # the table names whom it waits for and offers the host's close
    assert table["now"].startswith({"en": "Waiting for Anna", "de": "Wir warten auf Anna"}[lang])
    assert "Anna" in table["moves"]["close"]


@pytest.mark.parametrize("lang", LANGS)
def test_telling_the_last_card_says_the_story_will_be_hidden(lang):
    state, _ = new(3)
    state, _ = tell(state, STORY_1[:8])
    cara = told(state, CARA, lang)
    assert {"en": "last card of story 1", "de": "letzte Karte von Geschichte 1"}[lang] in cara["now"]
    assert {"en": "hidden", "de": "verdeckt"}[lang] in cara["moves"]["lay"]


@pytest.mark.parametrize("lang", LANGS)
def test_resolution_turn_the_cards_are_secret_and_the_options_explained(lang):
    state = resolving_fridge_story()
    anna, ben, table = (told(state, s, lang) for s in (ANNA, BEN, None))
    assert anna["now"].startswith({"en": "Story 1: name a term", "de": "Geschichte 1: Nenne einen Begriff"}[lang])
    assert set(anna["moves"]) == {"name", "pass"}
    assert "Ben" in anna["moves"]["pass"]   # the pass hands the turn on to Ben
    # Anna's own cards are only under the reveal
    for term in ("Opa", "Giraffe", "Trompete"):
        assert term in anna["secret"]
        assert term not in anna["now"] and term not in ben["now"] and term not in table["now"]
    assert "Kühlschrank" in ben["secret"] and "Opa" not in ben["secret"]
    # Ben waits for Anna and is not told it is his move
    assert ben["now"].startswith("Anna") and ben["moves"] == {}
    assert {"en": "Your turn", "de": "Du bist dran"}[lang] not in ben["now"]
    assert table["now"].startswith({"en": "Waiting for Anna", "de": "Wir warten auf Anna"}[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_last_turn_of_a_circle_warns_that_the_story_ends(lang):
    state = resolving_fridge_story()
    state, _ = act(state, ANNA, {"type": "pass"})
    state, _ = act(state, BEN, {"type": "pass"})
    cara = told(state, CARA, lang)
    assert {"en": "Careful: 2 turns", "de": "Achtung: 2 Züge"}[lang] in cara["now"]
    assert "9" in cara["now"]   # the nine untaken cards
    assert {"en": "Ends story 1", "de": "Beendet Geschichte 1"}[lang] in cara["moves"]["pass"]
    assert "Ben" not in cara["moves"]["pass"]


@pytest.mark.parametrize("lang", LANGS)
def test_near_miss_the_holder_is_asked_and_only_the_reveal_names_the_card(lang):
    state = resolving_fridge_story()
    state, _ = act(state, ANNA, {"type": "name", "term": "Kühlschrnk"})
    anna, ben, cara, table = (told(state, s, lang) for s in (ANNA, BEN, CARA, None))
    assert "Kühlschrnk" in ben["now"] and "Anna" in ben["now"]
    assert {"en": "You must answer", "de": "Du musst antworten"}[lang] in ben["now"]
    assert "Kühlschrank" not in ben["now"] and "Kühlschrank" in ben["secret"]
    assert "Anna" in ben["moves"]["confirm"]
    assert "Ben" in anna["now"] and "Kühlschrank" not in anna["now"]
    assert "Ben" in cara["now"] and cara["moves"] == {}
    assert table["now"].startswith({"en": "Waiting for Ben", "de": "Wir warten auf Ben"}[lang])
    assert "Ben" in table["moves"]["close"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_name_offers_an_optional_appeal(lang):
    state = resolving_fridge_story()
    state, _ = act(state, ANNA, {"type": "name", "term": "Karotte"})   # the card says Möhre
    anna = told(state, ANNA, lang)
    assert {"en": "Optional", "de": "Freiwillig"}[lang] in anna["now"]
    assert "Karotte" in anna["now"] and "Ben" in anna["now"]   # until Ben moves
    assert {"en": "Your turn", "de": "Du bist dran"}[lang] not in anna["now"]
    assert "Ben" in anna["moves"]["appeal"] and "Cara" in anna["moves"]["appeal"]
    # the appeal asks Ben and Cara about all their cards
    state, _ = act(state, ANNA, {"type": "appeal"})
    cara = told(state, CARA, lang)
    assert "Möhre" in cara["secret"] and "Möhre" not in cara["now"]
    assert "Anna" in cara["now"]


@pytest.mark.parametrize("lang", LANGS)
def test_full_circle_after_a_wrong_name_the_namer_must_decide(lang):
    state = resolving_fridge_story()
    state, _ = act(state, ANNA, {"type": "pass"})
    state, _ = act(state, BEN, {"type": "pass"})
    state, _ = act(state, CARA, {"type": "name", "term": "Fahrrad"})
    cara, anna, table = (told(state, s, lang) for s in (CARA, ANNA, None))
    assert {"en": "you must decide", "de": "du musst entscheiden"}[lang] in cara["now"]
    assert set(cara["moves"]) == {"appeal", "concede"}
    assert "9" in cara["moves"]["concede"]
    assert "Cara" in anna["now"] and "Fahrrad" in anna["now"] and anna["moves"] == {}
    assert table["now"].startswith({"en": "Waiting for Cara", "de": "Wir warten auf Cara"}[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_only_own_cards_left_the_player_takes_them(lang):
    state = resolving_fridge_story()
    for actor, move in [(ANNA, "Kühlschrank"), (BEN, "Möhre"), (CARA, "Handtasche"),
                        (ANNA, "Leuchtturm"), (BEN, "Zahnbürste"), (CARA, None),
                        (ANNA, "Regenschirm"), (BEN, None), (CARA, None)]:
        action = {"type": "name", "term": move} if move else {"type": "pass"}
        state, _ = act(state, actor, action)
    # only Anna's own three cards are left, and it is her turn
    anna, ben, table = (told(state, s, lang) for s in (ANNA, BEN, None))
    assert set(anna["moves"]) == {"take"}
    assert {"en": "take them", "de": "Nimm sie"}[lang] in anna["now"]
    assert "3" in anna["moves"]["take"] and "3" in anna["now"]
    assert "Opa" in anna["secret"] and "Opa" not in anna["now"]
    assert ben["now"].startswith({"en": "Only Anna's own cards", "de": "Von Geschichte 1"}[lang])
    assert "Anna" in ben["now"] and ben["moves"] == {}
    assert table["now"].startswith({"en": "Waiting for Anna", "de": "Wir warten auf Anna"}[lang])
    assert "Anna" in table["moves"]["close"]


@pytest.mark.parametrize("lang", LANGS)
def test_meanings_of_decisive_events(lang):
    state = resolving_fridge_story()
    state, events = act(state, ANNA, {"type": "name", "term": "Kühlschrank"})
    right = translate(lang, "meaning.right", events[0]["params"], GAME, NAMES)
    assert "Anna" in right and "Kühlschrank" in right and "Ben" in right
    state, _ = act(state, BEN, {"type": "pass"})
    state, _ = act(state, CARA, {"type": "pass"})
    state, events = act(state, ANNA, {"type": "pass"})   # three turns without a card
    lost = next(e for e in events if e["key"] == "resolved_lost")
    said = translate(lang, "meaning.resolved_lost", lost["params"], GAME, NAMES)
    assert "Opa" in said and {"en": "no point", "de": "ohne Punkt"}[lang] in said


@pytest.mark.parametrize("lang", LANGS)
def test_digital_teller_is_sent_to_the_reveal_for_the_hand(lang):
    state, _ = new(3, mode="digital")
    anna = told(state, ANNA, lang)
    assert {"en": "funny link", "de": "lustige Eselsbrücke"}[lang] in anna["now"]
    for term in state["hands"]["0"]:
        assert term not in anna["now"]
    assert "Anna" in told(state, None, lang)["moves"]["close"]
