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
    wait_js(tablet, "document.getElementById('join-url').textContent.length > 0")
    join_url = tablet.locator("#join-url").text_content()
    phones = []
    for name in names:
        phone = new_page(browser, PHONE)
        phone.goto(join_url)
        phone.fill("#name", name)
        phone.locator("#join-form button").click()
        phone.wait_for_selector("#play:not([hidden])")
        phones.append(phone)
    wait_js(tablet, f"document.querySelectorAll('#seats .dot.on').length === {len(names)}")
    return tablet, phones


def tap(page, selector, confirm=False):
    page.locator(selector).first.click()
    if confirm:
        page.locator("#confirm-yes").click()


# --- the phone page (issue #11): hold to reveal, step pickers, inline confirms ---

def hold(page, selector="#hold"):
    """Holds the reveal control (a second pointer may still tap choices)."""
    page.locator(selector).first.dispatch_event("pointerdown", {"pointerId": 7, "isPrimary": True})


def release(page, selector="#hold"):
    page.locator(selector).first.dispatch_event("pointerup", {"pointerId": 7, "isPrimary": True})


def press(page, action_type, index=0, held=False):
    """Uses the phone's own form for ``action_type`` to the end: steps
    through a step picker (the first value at each step), taps the first
    choice or the submit button and answers the confirm (the dialog, or the
    inline one of a secret choice).  ``held``: a secret choice, made while
    the reveal control is held."""
    if held:
        hold(page)
    for _ in range(12):
        form = page.locator(f'form[data-type="{action_type}"]').nth(index)
        if "picker" in (form.get_attribute("class") or "").split():
            form.locator("button.choice").first.click()
            continue
        submit = form.locator('button[type="submit"]')
        (submit if submit.count() else form.locator("button.choice")).first.click()
        break
    if page.locator("#confirm[open]").count():
        page.locator("#confirm-yes").click()
    inline = page.locator(".inline-confirm .confirm-yes")
    if inline.count():
        inline.first.click()
    if held:
        release(page)


def wait_js(page, expression: str, timeout: float = 10_000):
    """Waits until ``expression`` is truthy in the page.  Unlike Playwright's
    ``wait_for_function`` (whose polling evaluates a string inside the page,
    which the app's CSP forbids), each check is a DevTools evaluation."""
    import time
    deadline = time.monotonic() + timeout / 1000
    while True:
        if page.evaluate(f"() => !!({expression})"):
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout} ms: {expression}")
        page.wait_for_timeout(100)
