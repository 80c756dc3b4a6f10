"""Real Chromium (Debian's package) driven by Python Playwright against a
real server subprocess.  Screenshots go to test-artifacts/screens/."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.servers import ROOT, Server

SCREENS = ROOT / "test-artifacts" / "screens"
CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1180, "height": 820}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(db=str(tmp_path_factory.mktemp("browser") / "rooms.sqlite3"))
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-background-networking", "--disable-gpu",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        yield chromium
        chromium.close()


@pytest.fixture
def shoot():
    SCREENS.mkdir(parents=True, exist_ok=True)

    def take(page, name):
        page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)
    return take


def new_page(browser, size, lang="en"):
    context = browser.new_context(viewport=size, locale=lang, has_touch=size is PHONE,
                                  is_mobile=size is PHONE)
    return context.new_page()


def open_table(browser, server, game, names, shoot=None, prefix=None, options=None):
    """A tablet creates a room of ``game`` through the create page; phones
    join by the join URL shown on the table.  Returns (tablet, phones)."""
    import re
    tablet = new_page(browser, TABLET)
    tablet.goto(server.url + "/")
    tablet.locator(f'button[data-game="{game}"]').click()
    for name, value in (options or {}).items():
        field = tablet.locator(f"#opt-{name}")
        if isinstance(value, bool):
            field.set_checked(value)
        else:
            field.fill(str(value))
    if shoot:
        shoot(tablet, f"{prefix}-create")
    tablet.locator("#create").click()
    tablet.wait_for_url(re.compile(r"/t/[A-Z]{5}$"))
    tablet.wait_for_function("document.getElementById('join-url').textContent.length > 0")
    join_url = tablet.locator("#join-url").text_content()
    phones = []
    for name in names:
        phone = new_page(browser, PHONE)
        phone.goto(join_url)
        phone.fill("#name", name)
        phone.locator("#join-form button").click()
        phone.wait_for_selector("#play:not([hidden])")
        phones.append(phone)
    tablet.wait_for_function(f"document.querySelectorAll('#seats .dot.on').length === {len(names)}")
    return tablet, phones


def tap(page, selector, confirm=False):
    page.locator(selector).first.click()
    if confirm:
        page.locator("#confirm-yes").click()
