"""A move made at the real table (issue #46): in the test game "Ask"
(tests/fixture_ask.py) one seat in turn asks aloud while the others pick
on their phones.  Played through the screens from the create page to the
evening's standings, in both languages: the asker's phone says "your
move — at the table" (never "nothing to do") and offers nothing to enter,
the others pick with one thumb, and explain mode speaks from the
platform's defaults, since the game words no explanation."""
from __future__ import annotations

import pytest

from tests.browser.conftest import RAW, wait_js
from tests.browser.playthrough import Evening, must
from tests.servers import Server

AT_TABLE = {"en": ("Your move — at the table", "Your move is at the table"),
            "de": ("Du bist dran — am Tisch", "Dein Zug ist am Tisch")}


@pytest.fixture(scope="module")
def ask_server(tmp_path_factory):
    srv = Server(db=str(tmp_path_factory.mktemp("ask") / "rooms.sqlite3"),
                 env={"COMPANION_EXTRA_GAMES": "tests.fixture_game,tests.fixture_ask"})
    yield srv
    srv.stop()


@pytest.mark.parametrize("langs", [("en", "de"), ("de", "en")])
def test_the_asker_is_told_its_move_is_at_the_table(ask_server, browser, langs):
    names = ["Sylvia", "Gregor", "Ada"]
    evening = Evening(browser, ask_server, "ask", names, langs=langs, options={"rounds": 3},
                      prefix=f"ask-{langs[0]}")
    evening.start()
    for round_ in range(3):
        evening.settle()
        view = evening.public()
        asker = view["at_table"]
        assert asker == [round_] and view["waiting"] == [s for s in range(3) if s != round_]
        # the table's generic board names the asker (the view gives {"seat": n})
        asks = evening.tablet.locator("dl.generic dd").nth(3).text_content()
        assert asks == names[round_], asks
        for seat, phone in enumerate(evening.phones):
            lang = langs[(seat + 1) % 2]
            if seat == round_:
                said, explained = AT_TABLE[lang]
                assert phone.locator("#todo-text").text_content() == said
                assert must(phone)                       # the game cannot go on without the question
                assert phone.locator("#todo-hint").is_visible()
                assert phone.locator('form[data-type="pick"]').count() == 0
                now = phone.locator("#explain-now").text_content()
                assert now.startswith(explained) and not RAW.search(now)
                evening.shot(phone, f"asker-{round_}")
        for seat, phone in enumerate(evening.phones):
            if seat != round_:
                # the room's version right before this pick: the phone's own
                # may already be past the round's start through an earlier pick
                version = evening.public()["version"]
                phone.locator('form[data-type="pick"] button.choice').nth(seat % 3).tap()
                phone.locator("#confirm-yes").tap()
                wait_js(phone, f"Number(document.body.dataset.version) > {version}")
    evening.finish()
