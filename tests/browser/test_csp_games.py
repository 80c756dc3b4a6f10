"""No inline style anywhere (issue #26): the policy's style-src is 'self'
only, so every game's table and phone, drawn through a game played at
random, must report no violation (renderers adopt their stylesheets
through the CSSOM; a seat's colour is a class)."""
from __future__ import annotations

import random

import pytest
import requests

from tests.browser.conftest import host_table, seat_phone, wait_js
from tests.browser.test_table_board import SHIPPED, Room, player_names

WATCH = ("document.addEventListener('securitypolicyviolation', (e) =>"
         " console.error('Refused to: ' + e.violatedDirective + ' ' + e.blockedURI))")


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def watched(page, name, problems):
    page.on("console", lambda m: problems.append(f"{name}: {m.text}")
            if "Content Security Policy" in m.text or "Refused to" in m.text else None)
    page.on("pageerror", lambda error: problems.append(f"{name}: {error}"))
    page.evaluate(WATCH)
    return page


@pytest.mark.parametrize("game", SHIPPED)
def test_every_game_draws_without_inline_style(server, browser, game):
    policy = requests.get(server.url + "/", timeout=10).headers["Content-Security-Policy"]
    assert "style-src 'self';" in policy, policy
    room = Room(server, game, player_names(game))
    room.host_act({"type": "start"})
    problems: list[str] = []
    table = watched(host_table(browser, server, room), "table", problems)
    phone = watched(seat_phone(browser, server, room, min(room.tokens)), "phone", problems)
    rng = random.Random(f"csp/{game}")
    for _ in range(40):
        if not room.random_move(rng):
            break
    version = room.view()["version"]
    for page in (table, phone):
        wait_js(page, f"Number(document.body.dataset.version) >= {version}")
    assert problems == [], problems
