"""Must versus may, on the screens (issue #25): over random positions of
every game, each phone says "Your move" exactly when its seat has a
``required`` template (the game cannot go on without it), names the other
seats the game waits for ("or" in a race, where the first one counts),
and the table's "waiting for" names exactly the seats with a required
template.  Moves go over HTTP; the pages only show."""
from __future__ import annotations

import random

import pytest

from tests.browser.conftest import new_page, seat_phone, wait_js
from tests.browser.test_table_board import SHIPPED, Room, player_names

TABLE = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def required(room):
    out, race = [], True
    for seat, token in room.tokens.items():
        tpls = [t for t in room.view(token)["actions"] if t.get("required")]
        if tpls:
            out.append(seat)
            race = race and all(t.get("race") for t in tpls)
    return sorted(out), race and len(out) > 1


@pytest.mark.parametrize("game", SHIPPED)
def test_phones_and_table_say_whom_the_game_waits_for(server, browser, game):
    names = player_names(game)
    room = Room(server, game, names)
    room.host_act({"type": "start"})
    phones = {seat: seat_phone(browser, server, room, seat) for seat in room.tokens}
    table = new_page(browser, TABLE)
    table.goto(f"{server.url}/t/{room.code}?lang=en")
    rng = random.Random(hash(game) % 1000)
    checked = 0
    for _ in range(10):
        view = room.view()
        if view["status"] != "playing":
            break
        for page in list(phones.values()) + [table]:
            wait_js(page, f"Number(document.body.dataset.version) >= {view['version']}")
        waiting, race = required(room)
        assert sorted(view["waiting"]) == waiting
        assert view["waiting_any"] == race
        shown = table.locator("#waiting .tb-name").all_text_contents()
        assert sorted(shown) == sorted(names[s] for s in waiting), (shown, waiting)
        for seat, page in phones.items():
            text = page.locator("#todo-text").text_content()
            hint = page.locator("#todo-hint").text_content() if page.locator("#todo-hint").is_visible() else ""
            assert (text == "Your move") == (seat in waiting), (game, seat, text, waiting)
            if seat not in waiting or race:   # a seat on the move hears of the others only in a race
                for other in waiting:
                    if other != seat:
                        assert names[other] in hint, (game, seat, hint, waiting)
            if race and len([s for s in waiting if s != seat]) > 1:
                assert " or " in hint, hint
            checked += 1
        for _ in range(rng.randint(1, 3)):
            room.random_move(rng)
    assert checked >= len(phones) * 3
