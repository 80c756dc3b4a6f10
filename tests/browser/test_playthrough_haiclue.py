"""Haiclue played through from the create page to the evening's standings,
through the screens only (issue #25): with 2 players (a team against the
game) and with 4 (everyone for themselves), the pages alternating English
and German.  Every phone plays what its screen offers: it types a clue
(some leave it to the tiles), guesses a colour, and someone deals the next
round from the phone; the host types the target words once (they reach
the phones)."""
from __future__ import annotations

import json

import pytest

from companion.games.haiclue import texts_de, texts_en
from tests.browser.conftest import hold, pick_secret, release, wait_js
from tests.browser.playthrough import Evening, must, offered, play_form

CLUES = ["cold river moon", "quiet storm", "", "red fox"]
WORDS = {"blue": "sea", "red": "fire", "green": "leaf", "yellow": "sun"}
TEXTS = {"en": texts_en.TEXTS, "de": texts_de.TEXTS}
#: each colour's mark beside its name (for colour-blind players), as haiclue.js draws it
MARKS = {"blue": "●", "red": "▲", "green": "■", "yellow": "◆"}
#: how explain mode's line begins to say what to do with the bar
HOLD = {"en": "Hold the bar", "de": "Halte die Leiste"}


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def building(evening: Evening):
    """The clues are being built: explain mode's line says what to do and
    the game's own lines do not say it again (issue #45); the colour shows
    only while the bar is held, with its mark and its target word."""
    evening.settle()
    for i, phone in enumerate(evening.phones):
        lang = phone.evaluate("document.documentElement.lang")
        said = phone.locator("#play").inner_text()
        for key in ("ui.hold_hint", "ui.building_hint"):
            assert TEXTS[lang][key] not in said, f"phone {i} says {key} beside the explanation"
        assert said.count(HOLD[lang]) == 1, f"phone {i}: {said}"
        secret = "#secret-items *, #secret-actions *"
        assert not phone.locator(secret).count(), f"phone {i} shows its secret without the bar held"
        hold(phone)
        colour = phone.locator("#secret-body strong").first.text_content()
        release(phone)
        assert colour in [f"{MARKS[c]} {TEXTS[lang]['value.' + c]} · {word}" for c, word in WORDS.items()], colour
        assert not phone.locator(secret).count(), f"phone {i} still shows its secret after the bar"


def colours_held(phone) -> int:
    """How many colours the held sheet offers to guess."""
    hold(phone)
    count = phone.locator('#secret-actions [data-type="guess"] [data-pick]').count()
    release(phone)
    return count


def play_haiclue(evening: Evening, rounds_seen: list):
    phones = evening.phones
    looked = False   # at the four colours of a guess (once a game)
    for step in range(400):
        if evening.public()["status"] == "finished":
            return
        acted = False
        for i, phone in enumerate(phones):
            if not must(phone):
                continue
            kinds = offered(phone)
            if "clue_ready" in kinds:
                play_form(phone, "clue_ready", {"text": CLUES[(i + step) % len(CLUES)]})
            else:   # the game waits for this seat and it has no clue to give: its guess
                if not looked:
                    looked = True
                    assert colours_held(phone) == 4, "the held sheet does not offer the four colours"
                guess_in_secret(evening, phone, ["blue", "red", "green", "yellow"][(i + step) % 4])
            acted = True
            if step == 1 and i == 0:
                evening.shot(phone, "phone-acting")
        if not acted and "next" in offered(phones[-1], "#react-actions"):
            rounds_seen.append(step)
            if len(rounds_seen) == 1:
                evening.shot(evening.tablet, "between")
            play_form(phones[-1], "next", where="#react-actions")
            acted = True
        if not acted:
            evening.tablet.wait_for_timeout(150)
    raise AssertionError("the game did not end")


def guess_in_secret(evening: Evening, phone, colour: str):
    """The guess is a secret act (issue #45): the open page offers no
    colour; the sheet takes it with a confirm, and while the clue is still
    being guessed the open page says only that the seat has guessed."""
    open_page = "document.getElementById('play').innerText"
    assert "guess" not in offered(phone) and "guess" not in offered(phone, "#react-actions")
    assert not phone.locator("#play .picks, #play form[data-type=guess], #play [data-pick]").count()
    pub = evening.public()["public"]
    if pub.get("clue"):   # the clue typed is on the table
        wait_js(evening.tablet,
                f"document.getElementById('game-area').textContent.includes({json.dumps(pub['clue'])})")
    results = len(pub["results"])
    before = phone.evaluate(open_page)
    pick_secret(phone, "guess", value=colour)
    if len(evening.public()["public"]["results"]) > results:
        return   # this guess was the last: the reveal made every guess public
    after = phone.evaluate(open_page)
    for word in ("Blue", "Red", "Green", "Yellow", "Blau", "Rot", "Grün", "Gelb"):
        assert after.count(word) <= before.count(word), f"the open page names {word} after the guess"


@pytest.mark.parametrize("names,langs", [
    (["Anna", "Ben"], ("de", "en")),
    (["Anna", "Ben", "Cara", "Dirk"], ("en", "de")),
], ids=["two", "four"])
def test_haiclue_played_through(server, browser, names, langs):
    evening = Evening(browser, server, "haiclue", names, langs, options={"words": True},
                      prefix=f"haiclue-{len(names)}")
    evening.start()
    evening.host("words", WORDS)
    wait_js(evening.phones[0], "document.getElementById('game-area').textContent.includes('fire')")
    building(evening)
    rounds = []
    play_haiclue(evening, rounds)
    assert rounds, "no round was dealt from a phone"
    evening.finish(winners_expected=len(names) > 2)
