"""The table in WebKit (an iPad at the middle of the table is Safari's
engine): for every shipped game at its largest table in play, the table
page at 1280x800 reads and fits as test_readable.py asks of Chromium's:
every text at least 20 px, names and scores 24, the step 32, nothing cut
or scrolling but the log, the seats and the player on turn on the
screen, nothing wider than the screen, and no script error or failed
load (HOAX's board is drawn by hoax.table.js beside hoax.js).  The
languages alternate from game to game.  Screenshots:
test-artifacts/screens/webkit-table-*.png."""
from __future__ import annotations

import pytest

from tests.browser import webkit as engines
from tests.browser.conftest import SCREENS, SCREENSHOTS
from tests.browser.test_readable import (
    CUT_TEXT,
    SCROLLS,
    SEATS_OFF_SCREEN,
    SIZES,
    SMALL_TEXT,
    TOO_SMALL,
    TURN_OFF_SCREEN,
    in_play,
)
from tests.browser.test_table_board import SHIPPED

#: the fixtures this module uses
webkit, webkit_phones, phone_in = engines.webkit, engines.webkit_phones, engines.phone_in
TABLET = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


@pytest.mark.parametrize("game", SHIPPED)
def test_the_largest_table_reads_and_fits_in_webkit(server, phone_in, game):
    room, names = in_play(server, game)
    lang = ("en", "de")[SHIPPED.index(game) % 2]
    table = phone_in("webkit", lang, TABLET)
    table.goto(f"{server.url}/t/{room.code}?lang={lang}")
    table.wait(f"Number(document.body.dataset.version) >= {room.view()['version']}")
    table.js("Companion.table.clear()")
    table.frame()
    where = f"{game}-{len(names)}-playing-{lang}"
    if SCREENSHOTS:
        SCREENS.mkdir(parents=True, exist_ok=True)
        table.screenshot(SCREENS / f"webkit-table-{where}.png")
    found = {"text under 20 px": table.js(SMALL_TEXT),
             "text cut": table.js(CUT_TEXT),
             "seats below the screen": table.js(SEATS_OFF_SCREEN),
             "too small": table.js(TOO_SMALL, SIZES),
             "cut or scrolling": table.js(SCROLLS),
             "rows below the screen": table.js(TURN_OFF_SCREEN),
             "sideways": [] if table.js("document.documentElement.scrollWidth <= innerWidth") else ["scrolls"],
             "errors": table.errors()}
    found = {what: items[:8] for what, items in found.items() if items}
    assert not found, f"webkit {where}: {found}"
