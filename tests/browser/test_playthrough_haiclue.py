"""Haiclue played through from the create page to the evening's standings,
through the screens only (issue #25): with 2 players (a team against the
game) and with 4 (everyone for themselves), the pages alternating English
and German.  Every phone plays what its screen offers: it types a clue
(some leave it to the tiles), guesses a colour, and someone deals the next
round from the phone; the host types the target words once (they reach
the phones)."""
from __future__ import annotations

import pytest

from tests.browser.conftest import pick_secret, wait_js
from tests.browser.playthrough import Evening, must, offered, play_form

CLUES = ["cold river moon", "quiet storm", "", "red fox"]


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def play_haiclue(evening: Evening, rounds_seen: list):
    phones = evening.phones
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
    assert not phone.locator("#play .picks, #play form[data-type=guess]").count()
    results = len(evening.public()["public"]["results"])
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
    evening.host("words", {"blue": "sea", "red": "fire", "green": "leaf", "yellow": "sun"})
    wait_js(evening.phones[0], "document.getElementById('game-area').textContent.includes('fire')")
    rounds = []
    play_haiclue(evening, rounds)
    assert rounds, "no round was dealt from a phone"
    evening.finish(winners_expected=len(names) > 2)
