"""Issue #40, two things a newcomer stumbled on, in real Chromium:

* The host's start box of a game with start fields (HOAX's start player,
  Haiclue's youngest player): its confirm did not name the choice; now it
  names the whole choice ("Start the game with Ben beginning?").
* A form's submit button could sit under the phone's fixed bar (a tap on
  "Buy information…" hit the bar): the tap that makes the form ready
  scrolls it above the bar."""
from __future__ import annotations

import pytest

from tests.browser.conftest import SCREENS, host_table, seat_phone, wait_js
from tests.browser.test_table_board import Room

@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def latest(page, room):
    wait_js(page, f"Number(document.body.dataset.version) >= {room.view()['version']}")


def shot(page, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"start-bar-{name}.png"), full_page=True)


def asked(table, button) -> str:
    button.click()
    table.wait_for_selector("#confirm[open]")
    return table.locator("#confirm-text").inner_text()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_start_box_says_start_and_its_confirm_names_the_choice(server, browser, lang):
    room = Room(server, "hoax", ["Anna", "Ben", "Cara"])
    table = host_table(browser, server, room, lang=lang)
    form = table.locator('#host-actions form[data-type="start"]')
    assert form.locator("button.choice").count() == 4   # a random player, Anna, Ben, Cara
    shot(table, f"hoax-start-{lang}")
    random = asked(table, form.locator('button.choice[data-value="\\"random\\""]'))
    assert random == {"en": "Start the game with a random player beginning, everyone seated in this order?",
                      "de": "Das Spiel jetzt starten, mit allen in dieser Reihenfolge? "
                            "Es beginnt ein zufälliger Spieler."}[lang]
    table.locator("#confirm-no").click()
    ben = asked(table, form.locator('button.choice[data-value="1"]'))
    assert "Ben" in ben and "Anna" not in ben, ben
    table.locator("#confirm-yes").click()
    wait_js(table, "document.body.dataset.status === 'playing' || /Runde|Round/.test(document.body.innerText)")
    assert room.view()["status"] == "playing"
    assert room.view()["public"]["to_move"] == 1


def test_haiclue_start_names_the_youngest_player(server, browser):
    room = Room(server, "haiclue", ["Anna", "Ben", "Cara"])
    table = host_table(browser, server, room)
    form = table.locator('#host-actions form[data-type="start"]')
    assert asked(table, form.locator('button.choice[data-value="2"]')) == \
        "Start the game with Cara as the youngest player, everyone seated in this order?"
    table.locator("#confirm-no").click()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_ready_submit_button_is_scrolled_above_the_bar(server, browser, lang):
    room = Room(server, "hoax", ["Anna", "Ben", "Cara", "Dan", "Eve", "Finn"])
    room.host_act({"type": "start", "first": 0})
    for token in room.tokens.values():
        cover = next(t for t in room.view(token)["actions"] if t["type"] == "cover")
        assert room.act(token, {"type": "cover", "identity": cover["fields"]["identity"][0]})["ok"]
    anna = seat_phone(browser, server, room, 0, lang)
    latest(anna, room)
    form = anna.locator('#actions form[data-type="buy_info"]')
    form.locator('[data-field="target"] button.choice[data-value="2"]').tap()
    form.locator('[data-field="trios"] button.choice[data-value="1"]').tap()
    go = form.locator('button[type="submit"]')
    assert go.is_enabled()
    bar = anna.locator("#secret").bounding_box()["y"]
    wait_js(anna, "(() => { const b = document.querySelector('#actions form[data-type=\"buy_info\"] "
                  f"button[type=submit]').getBoundingClientRect(); return b.bottom <= {bar}; }})()", timeout=3000)
    box = go.bounding_box()
    # a tap anywhere on the button, its lowest edge too, reaches the button, not the bar
    hit = anna.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('form[data-type=\"buy_info\"]')",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] - 2])
    assert hit
    shot(anna, f"buy-info-ready-{lang}")
    go.tap()   # and the tap sends it
    for _ in range(50):
        if room.view()["public"].get("pending"):
            break
        anna.wait_for_timeout(100)
    assert room.view()["public"]["pending"]["target"] == 2
