"""Host powers need a cause, through the screens (issue #38): while the
awaited phones are at the table, the tablet's host tools offer no "stop
waiting" and say when it comes; once a phone has gone for the grace
(COMPANION_AWAY_SECONDS, 2 s here) the tool appears by itself, a real
click uses it, and the table announces it in the middle, not only in the
log.  Both languages; phones with real touch, the tablet with clicks."""
from __future__ import annotations

import pytest

from tests.browser.conftest import open_table, wait_js
from tests.servers import GRACE, grace_server

server = pytest.fixture(scope="module", name="server")(grace_server)


CLOSE = '#host-actions form[data-type="close"]'


@pytest.mark.parametrize("lang", ["en", "de"])
def test_stop_waiting_appears_once_a_phone_is_away(server, browser, shoot, lang):
    tablet, phones = open_table(browser, server, "haiclue", ["Anna", "Ben"], shoot, f"powers-{lang}")
    if lang == "de":
        tablet.locator("#lang-switch").click()
        wait_js(tablet, "document.documentElement.lang === 'de'")
    tablet.locator('#host-actions form[data-type="start"] button.choice').first.click()
    tablet.locator("#confirm-yes").click()
    wait_js(tablet, "document.body.dataset.status === 'playing'")
    tools = tablet.locator("#host-tools")
    if not tools.evaluate("el => el.open"):
        tools.locator("summary").first.click()
    # both phones here: no tool skips them, and a line says when it comes
    assert tablet.locator(CLOSE).count() == 0
    note = tablet.locator("#skip-note")
    assert note.is_visible() and ("30" not in note.text_content()) and str(GRACE) in note.text_content()
    shoot(tablet, f"powers-no-cause-{lang}")
    # Anna builds her clue; Ben's phone dies
    phones[0].locator('form[data-type="clue_ready"] button[type="submit"]').tap()
    phones[1].context.close()
    wait_js(tablet, f"!!document.querySelector('{CLOSE}')", timeout=15000)
    assert tablet.locator("#skip-note").is_hidden()
    shoot(tablet, f"powers-cause-{lang}")
    tablet.locator(f"{CLOSE} button").first.click()
    if tablet.locator("#confirm[open]").count():
        tablet.locator("#confirm-yes").click()
    # the whole table is told, in the middle
    wait_js(tablet, "document.getElementById('announce').classList.contains('tb-tone-host')")
    text = tablet.locator("#announce").text_content()
    assert "Ben" in text
    shoot(tablet, f"powers-announced-{lang}")
