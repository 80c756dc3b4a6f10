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
