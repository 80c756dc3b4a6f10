"""Factum's storyteller marks two cards (issue #40), on a 390×844 touch
phone in both languages, the round driven over HTTP up to the marking:
the two choices keep their places after the first mark (the second card
moved first, and a slide from habit picked it), the marks under the bar
are listed in the cards' order, no choice is cut ("deine Geschichtenka…")
or broken inside a word but at its hyphen, and the step line is German
("die Position für deine Geschichtenkarte und deine zweite Karte", not
"von deine")."""
from __future__ import annotations

import pytest

from tests.browser.conftest import hold, pick_secret, release, seat_phone
from tests.browser.test_phone_clear import BROKEN, NAMES, drawn, shot, to_marking
from tests.browser.test_table_board import Room


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def sheet_cards(phone) -> list[str]:
    """The card step's choices on the held sheet, in their order."""
    hold(phone)
    card = phone.locator('#secret-actions [data-type="mark"]').first
    values = card.locator("[data-pick]").evaluate_all("els => els.map((el) => JSON.parse(el.dataset.value))") \
        if card.get_attribute("data-step") == "card" else []
    broken = phone.evaluate(BROKEN)
    release(phone)
    assert not broken, broken
    return values


@pytest.mark.parametrize("lang", ["en", "de"])
def test_factum_storyteller_marks_keep_their_places(server, browser, lang):
    room = Room(server, "factum", NAMES, {"explain": False})
    room.host_act({"type": "start"})
    teller = to_marking(room, "B")   # the storyteller's team confuses: a second card to mark
    phone = seat_phone(browser, server, room, teller, lang)
    drawn(phone, room)
    step = phone.locator("#step-line").inner_text()
    both = {"en": "mark the position of your story card and your second card",
            "de": "Markiere die Position für deine Geschichtenkarte und deine zweite Karte"}[lang]
    assert both in step, step
    assert sheet_cards(phone) == ["story", "second"]
    hold(phone)
    shot(phone, f"factum-mark-1-{lang}")
    release(phone)
    pick_secret(phone, "mark", choose={"card": "story", "position": 1})
    drawn(phone, room)
    assert sheet_cards(phone) == ["story", "second"], "the choices swapped places after the first mark"
    phone.context.close()

    # the other way round: the second card marked first; under the bar the story card comes first
    room = Room(server, "factum", NAMES, {"explain": False})
    room.host_act({"type": "start"})
    teller = to_marking(room, "B")
    phone = seat_phone(browser, server, room, teller, lang)
    pick_secret(phone, "mark", choose={"card": "second", "position": 2})
    drawn(phone, room)
    pick_secret(phone, "mark", choose={"card": "story", "position": 1})
    drawn(phone, room)
    hold(phone)
    shot(phone, f"factum-mark-2-{lang}")
    marks = phone.locator('#secret-items [data-key="marks"] p').inner_text().splitlines()
    release(phone)
    story, second = {"en": ("your story card", "your second card"),
                     "de": ("deine Geschichtenkarte", "deine zweite Karte")}[lang]
    assert [line.split(":")[0] for line in marks] == [story, second], marks
