"""The evening at the table (issue #25): announcements never lag behind
(a newer one replaces the older at once; a new game silences the last);
a phone's end of game shows everyone's score, the winners and the
evening's wins."""
from __future__ import annotations

import random

import pytest

from tests.browser.conftest import PHONE, new_page, wait_js
from tests.browser.test_table_board import Room

TABLE = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def table_page(browser, server, room):
    page = new_page(browser, TABLE)
    page.goto(f"{server.url}/t/{room.code}?lang=en")
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [f"companion:host:{room.code}", room.host])
    page.reload()
    wait_js(page, f"Number(document.body.dataset.version) >= {room.view()['version']}")
    return page


def test_a_newer_announcement_replaces_the_older_at_once(server, browser):
    room = Room(server, "hoax", ["Sylvia", "Christian", "Petra"])
    room.host_act({"type": "start"})
    table = table_page(browser, server, room)
    table.evaluate("Companion.table.announce('first news', 'news')")
    assert table.locator("#announce").text_content().strip() == "first news"
    table.evaluate("Companion.table.announce('second news', 'news')")
    assert table.locator("#announce").text_content().strip() == "second news"   # not queued behind
    room.host_act({"type": "end"})
    room.host_act({"type": "new_game", "game": "factum", "options": {}})
    wait_js(table, "document.body.dataset.status === 'lobby'")
    assert table.locator("#announce").is_hidden()                                # the old game is silent


def test_the_phone_shows_scores_winners_and_the_evening_at_the_end(server, browser):
    room = Room(server, "haiclue", ["Anna", "Ben", "Cara"])
    room.host_act({"type": "start"})
    view = room.play(random.Random(5))
    assert view["status"] == "finished"
    phone = new_page(browser, PHONE)
    phone.goto(f"{server.url}/j/{room.code}?lang=de")
    phone.evaluate("([c, t, s]) => { localStorage.setItem('companion:seat:' + c, t);"
                   " localStorage.setItem('companion:seatno:' + c, String(s)); }",
                   [room.code, room.tokens[1], 1])
    phone.reload()
    phone.wait_for_selector("#ending:not([hidden])")
    text = phone.locator("#ending").inner_text()
    for seat in view["seats"]:
        assert seat["name"] in text and str(seat["score"]) in text
    assert "Heute Abend" in text and ("Sieg" in text) and "(s)" not in text
    assert phone.locator("#ending li.won").count() == len(view["winners"] or [])
    assert phone.locator("#secret").is_hidden()                      # nothing secret after a game
