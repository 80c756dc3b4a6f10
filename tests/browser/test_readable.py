"""The table reads from across the room (issue #25), at 1280x800 for the
largest table of every game (at most 8 seats here): in the lobby, in play
and at the end, every visible text is at least 20 px, no text is cut (no
ellipsis that hides letters, no name clipped), and every seat's row is on
the screen; only the log and the board scroll.  Screenshots of each go to
test-artifacts/screens/readable-*.png."""
from __future__ import annotations

import random

import pytest

from companion import games
from tests.browser.conftest import SCREENS, host_table, wait_js
from tests.browser.test_table_board import SHIPPED, Room

NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom", "Anna", "Jan"]

SMALL_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest("[hidden], svg, .tb-announce")) continue;
    const r = el.getBoundingClientRect(), st = getComputedStyle(el);
    if (!r.width || !r.height || st.visibility === "hidden") continue;
    if (parseFloat(st.fontSize) < 20) out.push(el.className + " " + st.fontSize + " " + node.textContent.trim().slice(0, 24));
  }
  return out;
}"""

CUT_TEXT = """() => Array.from(document.querySelectorAll("#seats *, #game-area *, #evening *, #step, #waiting *"))
  .filter((el) => getComputedStyle(el).textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth + 1)
  .map((el) => el.className + " " + el.textContent.trim().slice(0, 24))"""

SEATS_OFF_SCREEN = """() => Array.from(document.querySelectorAll("#seats li"))
  .filter((li) => li.getBoundingClientRect().bottom > innerHeight + 1).map((li) => li.textContent.trim())"""


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def look(page, where):
    page.wait_for_timeout(200)
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"readable-{where}.png"))
    assert not page.evaluate(SMALL_TEXT), f"{where}: text under 20 px: {page.evaluate(SMALL_TEXT)[:8]}"
    assert not page.evaluate(CUT_TEXT), f"{where}: text cut: {page.evaluate(CUT_TEXT)[:8]}"
    assert not page.evaluate(SEATS_OFF_SCREEN), f"{where}: seats below the screen"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), f"{where}: the page scrolls sideways"


@pytest.mark.parametrize("game", SHIPPED)
def test_the_table_reads_from_across_the_room(server, browser, game):
    _, high = games.get(game).player_range({})
    room = Room(server, game, NAMES[:min(high, 8)])
    table = host_table(browser, server, room)
    look(table, f"{game}-lobby")
    room.host_act({"type": "start"})
    room.play(random.Random(11), steps=25)
    wait_js(table, f"Number(document.body.dataset.version) >= {room.view()['version']}")
    look(table, f"{game}-playing")
    if room.view()["status"] == "playing":
        room.host_act({"type": "end"})
    wait_js(table, "document.body.dataset.status === 'finished'")
    look(table, f"{game}-end")
