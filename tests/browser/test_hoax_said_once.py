"""HOAX's phone says each thing once in explain mode (issue #40): "Next to
act: Anna", the top line's "The game waits for Anna" and the explanation
named the same player; at the start cover the top line's hint and the
explanation both said to hold the bar; "Cara must answer Anna" repeated the
top line and the explanation.  With explain mode on (a room's first game)
the renderer's own line for the step gives way to the explanation; off, it
is there again.  Real Chromium, both languages."""
from __future__ import annotations

import re

import pytest

from tests.browser.conftest import SCREENS, seat_phone, wait_js
from tests.browser.test_table_board import Room

NAMES = ["Anna", "Ben", "Cara", "Dan"]
ANNA, BEN, CARA = 0, 1, 2
BAR = {"en": r"hold the bar", "de": r"Leiste"}
NEXT = {"en": "Next to act", "de": "Als Nächstes"}
WAITS = {"en": "The game waits for Anna", "de": "Das Spiel wartet auf Anna"}
ANSWER = {"en": "Cara must answer Anna", "de": "Cara muss Anna antworten"}


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def latest(page, room):
    wait_js(page, f"Number(document.body.dataset.version) >= {room.view()['version']}")


def shot(page, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"hoax-once-{name}.png"), full_page=True)


def text(page) -> str:
    return page.locator("body").inner_text()


def explain(room, seat, page, mode):
    assert room.act(room.tokens[seat], {"type": "explain", "mode": mode})["ok"]
    latest(page, room)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hoax_phone_says_each_thing_once_in_explain_mode(server, browser, lang):
    room = Room(server, "hoax", NAMES)   # explain mode: on for the room's first game
    room.host_act({"type": "start", "first": ANNA})

    # the start cover: the top line's hint says to hold the bar, the explanation does not again
    ben = seat_phone(browser, server, room, BEN, lang)
    latest(ben, room)
    assert ben.locator("#explain-now").is_visible()
    assert len(re.findall(BAR[lang], text(ben), re.I)) == 1, text(ben)
    shot(ben, f"cover-{lang}")

    for seat, token in room.tokens.items():
        cover = next(t for t in room.view(token)["actions"] if t["type"] == "cover")
        assert room.act(token, {"type": "cover", "identity": cover["fields"]["identity"][0]})["ok"]

    # Anna's turn: Ben's phone names her in the top line and the explanation, not a third time
    latest(ben, room)
    assert WAITS[lang] in text(ben) and "Anna" in ben.locator("#explain-now").inner_text()
    assert NEXT[lang] not in text(ben)
    shot(ben, f"turn-explained-{lang}")
    explain(room, BEN, ben, "off")
    assert NEXT[lang] in text(ben)   # without the explanation the game's own line says it
    explain(room, BEN, ben, "on")

    # Anna buys information about Cara: nobody reads "Cara must answer Anna" besides the explanation
    assert room.act(room.tokens[ANNA], {"type": "buy_info", "target": CARA, "trios": 1})["ok"]
    cara = seat_phone(browser, server, room, CARA, lang)
    for phone in (ben, cara):
        latest(phone, room)
        assert phone.locator("#explain-now").is_visible()
        assert ANSWER[lang] not in text(phone), text(phone)
    assert len(re.findall(BAR[lang], text(cara), re.I)) == 1, text(cara)
    shot(cara, f"show-explained-{lang}")
    explain(room, BEN, ben, "off")
    assert ANSWER[lang] in text(ben)
