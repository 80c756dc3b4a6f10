"""A secret declared ``owner_open`` travels to its owner's phone outside
``you.secret`` (tests/conformance cannot see further than the view), so
the screen is proven here (issue #46's review of those declarations):
Eselsbrücke's digital hand is in the bar's sheet only, never on the open
page a neighbour glances at; held, every card of it shows.  (HOAX's
notebook: tests/browser/test_phone_page.py; Haiclue's own typed clue is
its author's act at the table and stays open, docs/GAME_KIT.md.)"""
from __future__ import annotations

import pytest

from tests.browser.conftest import SCREENS, hold, release, seat_phone, wait_js
from tests.browser.test_table_board import Room


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_digital_hand_shows_only_while_held(server, browser, lang):
    room = Room(server, "eselsbruecke", ["Sylvia", "Gregor", "Petra"],
                {"deck": "digital", "language": lang})
    room.host_act({"type": "start"})
    view = room.view()
    # a seat not laying now: its hand is only something to look at
    seat = next(s["seat"] for s in view["seats"] if s["seat"] not in view["waiting"])
    hand = room.view(room.tokens[seat])["you"]["hand"]
    assert len(hand) == 6
    phone = seat_phone(browser, server, room, seat, lang)
    wait_js(phone, f"Number(document.body.dataset.version) >= {view['version']}")
    page = phone.locator("body").inner_text()
    assert not [term for term in hand if term in page], page
    hold(phone)
    held = phone.locator("#secret-items").inner_text()
    SCREENS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENS / f"owner-open-hand-held-{lang}.png"))
    assert all(term in held for term in hand), (hand, held)
    release(phone)
    assert not [term for term in hand if term in phone.locator("body").inner_text()]
