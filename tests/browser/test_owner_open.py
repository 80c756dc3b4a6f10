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
    # two seats not laying now: their hands are only something to look at
    seat, neighbour = [s["seat"] for s in view["seats"] if s["seat"] not in view["waiting"]][:2]
    hand = room.view(room.tokens[seat])["you"]["hand"]
    assert len(hand) == 6
    phone, other = (seat_phone(browser, server, room, s, lang) for s in (seat, neighbour))
    for page in (phone, other):
        wait_js(page, f"Number(document.body.dataset.version) >= {view['version']}")
    # a term may be a word the page says anyway ("slide" in the bar's hint): it
    # shows no more often on this phone than on the neighbour's, whose hand differs
    assert not shown_more(hand, phone, other), phone.locator("body").inner_text()
    hold(phone)
    held = phone.locator("#secret-items").inner_text()
    SCREENS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENS / f"owner-open-hand-held-{lang}.png"))
    assert all(term in held for term in hand), (hand, held)
    release(phone)
    assert not shown_more(hand, phone, other)


def shown_more(terms: list[str], phone, other) -> list[str]:
    """The terms ``phone``'s open page says more often than ``other``'s."""
    mine, theirs = (page.locator("body").inner_text() for page in (phone, other))
    return [term for term in terms if mine.count(term) > theirs.count(term)]
