"""The table in WebKit (an iPad at the middle of the table is Safari's
engine): for every shipped game at its largest table in play, the table
page at 1280x800 reads and fits as test_readable.py asks of Chromium's:
every text at least 20 px, names and scores 24, the step 32, nothing cut
or scrolling but the log, the seats and the player on turn on the
screen, nothing wider than the screen, and no script error or failed
load (HOAX's board is drawn by hoax.table.js beside hoax.js).  The
languages alternate from game to game.  Screenshots:
test-artifacts/screens/readable-webkit-*.png."""
from __future__ import annotations

import pytest

from tests.browser import webkit as engines
from tests.browser.test_readable import fits, in_play
from tests.browser.test_table_board import BOARD, SHIPPED

#: the fixtures this module uses
webkit, webkit_phones, phone_in = engines.webkit, engines.webkit_phones, engines.phone_in


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


@pytest.mark.parametrize("game", SHIPPED)
def test_the_largest_table_reads_and_fits_in_webkit(server, phone_in, game):
    room, names = in_play(server, game)
    lang = ("en", "de")[SHIPPED.index(game) % 2]
    table = phone_in("webkit", lang, BOARD)
    table.goto(f"{server.url}/t/{room.code}?lang={lang}")
    table.wait(f"Number(document.body.dataset.version) >= {room.view()['version']}")
    fits(table, f"webkit-{game}-{len(names)}-playing-{lang}")   # test_readable's checks, one engine interface
    assert table.errors() == [], f"webkit {game}: {table.errors()}"
