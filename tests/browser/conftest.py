"""Real Chromium (Debian's package) driven by Python Playwright against a
real server subprocess.  Screenshots go to test-artifacts/screens/."""
from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest

from tests.quiet_network import chromium_env
from tests.servers import ROOT, Server

SCREENS = ROOT / "test-artifacts" / "screens"
#: Debian's headless build of Chromium (the same Blink, without the browser's
#: window machinery): a play-through costs about a fifth less CPU than with
#: /usr/bin/chromium, which COMPANION_CHROMIUM may choose instead
CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium-headless-shell")
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1180, "height": 820}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(db=str(tmp_path_factory.mktemp("browser") / "rooms.sqlite3"))
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def unlimited_server(tmp_path_factory):
    """A real server without per-address limits: for tests that open many
    rooms and seats from one address."""
    srv = Server(db=str(tmp_path_factory.mktemp("unlimited") / "rooms.sqlite3"),
                 env={"COMPANION_LIMITS": "off"})
    yield srv
    srv.stop()


#: screenshots are for a person to look at (test-artifacts/screens/); saving
#: them costs about a fifth of a play-through's time, so `scripts/test` runs
#: without them unless COMPANION_SCREENS=on.  Nothing asserts on a saved file.
SCREENSHOTS = os.environ.get("COMPANION_SCREENS", "on") != "off"


@pytest.fixture(autouse=True, scope="session")
def screenshots_switch():
    """With COMPANION_SCREENS=off a screenshot asked to go to a file is not
    taken (every other call of Playwright is untouched)."""
    if SCREENSHOTS:
        yield
        return
    from playwright.sync_api import Locator, Page
    originals = {kind: kind.screenshot for kind in (Page, Locator)}

    def skipped(original):
        def screenshot(self, *args, **kwargs):
            return b"" if kwargs.get("path") else original(self, *args, **kwargs)
        return screenshot

    for kind, original in originals.items():
        kind.screenshot = skipped(original)
    yield
    for kind, original in originals.items():
        kind.screenshot = original


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium-headless-shell")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, env=chromium_env(), args=[
            "--no-sandbox", "--disable-background-networking", "--disable-gpu",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        grants_the_screen_wake_lock(chromium)
        yield chromium
        chromium.close()


def grants_the_screen_wake_lock(chromium):
    """Every page of ``chromium`` may keep the screen awake, as a phone's
    Chrome lets a secure page do without asking: headless Chromium answers
    the permission with no (it cannot ask), and every phone then played its
    looping keep-awake video all game, which a phone's Chrome does not.
    The video is tested where a phone needs it: on a plain http address
    (test_app_like.py's ``lan_browser``, not a secure context)."""
    new_context = chromium.new_context

    def granted(*args, **kwargs):
        context = new_context(*args, **kwargs)
        context.grant_permissions(["screen-wake-lock"])
        return context
    chromium.new_context = granted


#: the Chromium fixtures a test may hold pages in
BROWSERS = ("browser", "lan_browser")
PAGE_STATE = """() => ({status: document.body.dataset.status || null, drawn: document.body.dataset.version || null,
  banner: !(document.getElementById("banner") || {hidden: true}).hidden,
  text: document.body.innerText.replace(/\\s+/g, " ").slice(0, 400)})"""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report says what each open page showed (its
    address, the version drawn, the reconnect banner, its first words) and
    how the server's log ends: CI keeps no screenshots."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    lines = []
    for name in BROWSERS:
        chromium = item.funcargs.get(name)
        for page in [p for c in (chromium.contexts if chromium else []) for p in c.pages]:
            try:
                lines.append(f"{page.url}: {json.dumps(page.evaluate(PAGE_STATE), ensure_ascii=False)}")
            except Exception as err:   # a page that is gone or hung says so
                lines.append(f"{page.url}: {type(err).__name__}")
    for value in item.funcargs.values():
        if isinstance(value, Server):
            said = [line for line in value.output().splitlines() if line and line[0] not in "█▀▄ "]   # not its QR code
            lines.append("server log: " + "\n".join(said)[-1500:])
    if lines:
        report.sections.append(("open pages", "\n".join(lines)))


@pytest.fixture(autouse=True)
def pages_closed_after(request):
    """A test's pages close when it ends.  A page left open keeps its
    socket and keep-alive connections to the module's server, which holds
    at most 64 connections of one address (gevent_server.PER_ADDRESS): four
    What the Rule?! tests left 43, and CI once saw a later test's table
    refused its page (issue #30)."""
    yield
    for name in BROWSERS:
        if name in request.fixturenames:
            for context in request.getfixturevalue(name).contexts:
                context.close()


@pytest.fixture
def shoot():
    SCREENS.mkdir(parents=True, exist_ok=True)

    def take(page, name):
        page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)
    return take


def new_page(browser, size, lang="en"):
    phone = size["width"] < 600   # a phone-sized page is a touch phone
    context = browser.new_context(viewport=size, locale=lang, has_touch=phone, is_mobile=phone)
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
        phone.locator("#join-form button").tap()
        phone.wait_for_selector("#play:not([hidden])")
        phones.append(phone)
    wait_js(tablet, f"document.querySelectorAll('#seats .dot.on').length === {len(names)}")
    return tablet, phones


def seat_phone(browser, server, room, seat, lang="en", size=PHONE):
    """The phone of ``seat`` of a room made over HTTP (its token put where
    the join page keeps it), showing its first view."""
    page = new_page(browser, size, lang)
    page.goto(f"{server.url}/j/{room.code}?lang={lang}")
    page.evaluate("([c, t, s]) => { localStorage.setItem('companion:seat:' + c, t);"
                  " localStorage.setItem('companion:seatno:' + c, String(s)); }",
                  [room.code, room.tokens[seat], seat])
    page.reload()
    page.wait_for_selector("#play:not([hidden])")
    return page


def host_table(browser, server, room, size=None, lang="en"):
    """The table screen of a room made over HTTP, on the device holding the
    host token, showing the room's newest view."""
    page = new_page(browser, size or {"width": 1280, "height": 800}, lang)
    page.goto(f"{server.url}/t/{room.code}?lang={lang}")
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [f"companion:host:{room.code}", room.host])
    page.reload()
    wait_js(page, f"Number(document.body.dataset.version) >= {room.view()['version']}")
    return page


def valued(value) -> str:
    """An attribute selector for an element whose data-value is ``value``
    as JSON (quoted for CSS: a deck term may hold an apostrophe, "bird's nest")."""
    text = json.dumps(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[data-value="{text}"]'


def tap(page, selector, confirm=False):
    """A finger's tap on a phone (real touch: Playwright's touchscreen)."""
    page.locator(selector).first.tap()
    if confirm:
        page.locator("#confirm-yes").tap()


# --- one finger on a phone: DevTools touch input, as a real phone sends it ---
# The reveal bar is held with one finger (touchStart), the finger slides
# (touchMove) onto a choice in the sheet and lets go there (touchEnd).
# Nothing here dispatches a DOM event on an element: the browser hit-tests
# the touch points and makes its own touch, pointer and click events.

def _touch(page, kind, x=None, y=None):
    cdp = getattr(page, "_companion_cdp", None)
    if cdp is None:
        cdp = page._companion_cdp = page.context.new_cdp_session(page)
    points = [] if kind == "touchEnd" else [
        {"x": x, "y": y, "id": 1, "radiusX": 6, "radiusY": 6, "force": 1}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def centre(locator, scroll=False):
    """The centre of ``locator`` in the viewport; it must be on screen (a
    finger cannot reach what is not).  One round trip to the page where
    the element is there (its box as the page lays it out), not
    Playwright's three; else it waits for it to show first.
    ``scroll``: brought into view first where it is not (as a thumb
    scrolls the page to reach it)."""
    boxes = locator.evaluate_all(BOXES, scroll)
    if boxes in ([], [None]):   # not there, or not shown yet
        locator.wait_for(state="visible")
        boxes = locator.evaluate_all(BOXES, scroll)
    assert len(boxes) == 1, f"{len(boxes)} elements, not one: {locator}"
    box = boxes[0]
    assert box, f"not on screen: {locator}"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    width, height = locator.page.viewport_size["width"], locator.page.viewport_size["height"]
    assert 0 <= x <= width and 0 <= y <= height, f"off screen at ({x:.0f}, {y:.0f}): {locator}"
    return x, y


#: each element's box in the viewport, null where it is not laid out (hidden)
BOXES = """(els, scroll) => els.map((el) => {
  if (scroll) el.scrollIntoViewIfNeeded();
  const r = el.getBoundingClientRect();
  return r.width || r.height ? {x: r.x, y: r.y, width: r.width, height: r.height} : null;
})"""


def hold(page, selector="#hold"):
    """One finger down on the reveal control, and kept there."""
    x, y = centre(page.locator(selector).first, scroll=True)
    _touch(page, "touchStart", x, y)
    page._companion_finger = (x, y)
    wait_js(page, "document.body.classList.contains('revealed')")


#: how long a finger rests on its choice before it lifts (ms); more than
#: the 40 ms after which Chromium's velocity tracker takes it as still
REST_MS = 60


def slide(page, target):
    """The held finger slides, in small moves, onto ``target`` (a locator
    or a selector)."""
    if isinstance(target, str):
        target = page.locator(target).first
    x0, y0 = page._companion_finger
    x1, y1 = centre(target)
    # a finger moves over several events, not at once (each is one round
    # trip to the browser: milliseconds apart, as a quick thumb)
    for i in range(1, 5):
        _touch(page, "touchMove", x0 + (x1 - x0) * i / 4, y0 + (y1 - y0) * i / 4)
    # and rests on the choice before it lifts: a lift still in motion is a
    # fling to the browser, and the next tap would only stop that fling
    # (Chromium's velocity tracker takes a pointer still for 40 ms as stopped)
    time.sleep(REST_MS / 1000)
    _touch(page, "touchMove", x1, y1)
    page._companion_finger = (x1, y1)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")   # the move is seen


def release(page, selector=None):
    """The finger lifts (where it is now); everything secret hides."""
    _touch(page, "touchEnd")
    page._companion_finger = None
    wait_js(page, "!document.body.classList.contains('revealed')")


def pick(page, target):
    """One gesture: hold the bar, slide onto ``target``, let go there.
    Returns what that pick leads to ("send", "confirm" or None: a step)."""
    hold(page)
    if isinstance(target, str):
        target = page.locator(target).first
    ends = target.get_attribute("data-ends")
    slide(page, target)
    release(page)
    return ends


RAW = re.compile(r"\{\w+\}|\b(?:explain|meaning)\.[a-z_.]+")
#: explain mode's first moves of each phone are saved to look at (issue #29)
FIRST_MINUTES = 5


def explained(page, card, where: str) -> None:
    """Explain mode (issue #29): on a phone that explains (its line above
    the moves shows), the move about to be made says what it does under
    its card, and neither says a raw key or placeholder.  The phone's
    first few moves are saved as screenshots."""
    said = card.evaluate_all(EXPLAINED)   # (no wait: a card not there fails below)
    if said is None:
        return
    now, help_ = said
    assert now and help_, f"{where}: not explained"
    for text in (now, help_):
        assert not RAW.search(text), f"{where}: raw text in {text!r}"
    shots = getattr(page, "_companion_explained", 0)
    if shots < FIRST_MINUTES:
        page._companion_explained = shots + 1
        SCREENS.mkdir(parents=True, exist_ok=True)
        code = page.url.split("?")[0].rstrip("/").rsplit("/", 1)[-1]
        lang = page.evaluate("Companion.page.lang")
        name = page.evaluate("document.getElementById('me').textContent").split()[-1]
        page.screenshot(path=str(SCREENS / f"explain-{code}-{name}-{lang}-{shots + 1}.png"))


#: what the phone's explain line and the first card's own help say (as
#: shown: innerText), null where the page does not explain (no line, or
#: not visible as Playwright takes it: a box, and not visibility: hidden)
EXPLAINED = """(cards) => {
  const now = document.getElementById("explain-now");
  const box = now && now.getBoundingClientRect();
  if (!now || !box.width || !box.height || getComputedStyle(now).visibility === "hidden") return null;
  const help = cards.length ? cards[0].querySelector(".move-help") : null;
  return [now.innerText.trim(), help ? help.innerText.trim() : ""];
}"""


def pick_secret(page, action_type, value=None, index=0, choose=None):
    """Makes the secret choice ``action_type`` on the phone's sheet, one
    gesture a step: at each step the choice ``choose[field]`` (else
    ``value``, else the first offered), then "yes" if it asks to confirm.
    The held sheet is read in one round trip a step (``SHEET_CARD``)."""
    wanted = {field: f"[data-pick]{valued(v)}" for field, v in (choose or {}).items()}
    fallback = None if value is None else f"[data-pick]{valued(value)}"
    for step_no in range(8):
        hold(page)
        card = page.locator(f'#secret-actions [data-type="{action_type}"]').nth(index)
        seen = card.evaluate_all(SHEET_CARD, [wanted, fallback])
        if step_no == 0 and not (seen or {}).get("confirm"):
            explained(page, card, f"secret {action_type}")
        if seen and seen["confirm"]:
            slide(page, card.locator(".confirm-yes"))
            sent(page, release)
            return
        assert seen and seen["target"], f"no secret choice {action_type} offered"
        slide(page, card.locator(seen["target"]).first)
        if seen["ends"] == "send":
            sent(page, release)
            return
        release(page)
    raise AssertionError(f"{action_type}: still not chosen after 8 gestures")


#: what one card of the held sheet asks now: whether it waits for "yes",
#: else which choice to slide onto (the selector of the one wanted at its
#: step, where the card has it, else of its first choice) and where that
#: choice leads (its data-ends); null where the card is not there
SHEET_CARD = """(cards, [wanted, fallback]) => {
  const card = cards[0];
  if (!card) return null;
  if (card.querySelector(".confirm-yes")) return {confirm: true};
  const step = card.dataset.step, want = step !== undefined && step in wanted ? wanted[step] : fallback;
  const first = "[data-pick].choice";
  const target = want && card.querySelector(want) ? want : card.querySelector(first) ? first : null;
  return {confirm: false, target, ends: target ? card.querySelector(target).dataset.ends || null : null};
}"""


def sent(page, step):
    """Does ``step`` (which sends an action) and waits for the server's
    answer: a newer view drawn, or a refusal shown."""
    version = page.evaluate(BEFORE_SENDING)
    step(page)
    wait_js(page, f"Number(document.body.dataset.version) > {version} || "
                  "!document.getElementById('toast').hidden")


#: before a move is sent: the last refusal's toast is put away (the answer
#: may be a new one) and the version drawn is read (the answer's is newer)
BEFORE_SENDING = """() => {
  document.getElementById("toast").hidden = true;
  return Number(document.body.dataset.version);
}"""


def press(page, action_type, index=0, held=False):
    """Uses the phone's own form for ``action_type`` to the end: the first
    value at each step and of each row, then its button, and says yes to
    the confirm dialog.  ``held``: a secret choice, made on the sheet with
    one finger (``pick_secret``)."""
    if held:
        pick_secret(page, action_type, index=index)
        return
    fill_form(page.locator(f'form[data-type="{action_type}"]').nth(index), {})
    if page.locator("#confirm[open]").count():
        page.locator("#confirm-yes").tap()


def fill_form(form, choose: dict, click=False):
    """Fills an open form as a hand does: at each step of a step picker the
    value ``choose[field]`` (else the first offered), text typed in, the
    chosen (else first) value of each row of choices, then its button.
    ``click``: the tablet (a mouse); else a finger's tap.  What the form
    asks now is read in one round trip (``FORM_NOW``) before each tap."""
    use = (lambda loc: loc.click()) if click else (lambda loc: loc.tap())
    wanted = {field: valued(value) for field, value in choose.items()}
    now = form_now(form, wanted)
    for _ in range(12):   # a step picker draws the form anew after each step
        if not now["picker"]:
            break
        use(form.locator(now["pick"]).first)
        now = form_now(form, wanted)
    for field in now["inputs"]:
        value = choose[field]
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            form.locator(f'[data-field="{field}"] input').first.fill(str(value))
    for _ in range(3):
        rows = form.locator(".field")
        for row, tap in now["rows"]:
            use(rows.nth(row).locator(tap).first)
        now = form_now(form, wanted)
        # a tap lost to a redraw (a newer view drew the form anew) leaves it
        # unready: the hand looks and taps again, as a player would
        if not now["submit"] or not now["disabled"]:
            break
    use(form.locator('button[type="submit"]').first if now["submit"] else form.locator(now["last"]).first)


def form_now(form, wanted: dict) -> dict:
    """What ``form`` asks now (``FORM_NOW``), once it is there."""
    now = form.evaluate_all(FORM_NOW, wanted)
    if now is None:
        form.wait_for(state="attached")
        now = form.evaluate_all(FORM_NOW, wanted)
    return now


#: what a form asks now, given ``wanted`` (field -> the attribute selector of
#: its chosen value): whether it is a step picker and the choice to tap at
#: its step; the fields with a text box; each row of choices with nothing
#: chosen (or not the value wanted) and the choice to tap there; whether it
#: has a submit button and whether that is disabled; the choice to tap
#: where it has none.  A choice: the wanted value's button, else the first.
FORM_NOW = """(forms, wanted) => {
  const form = forms[0];
  if (!form) return null;
  const pick = (box, field) => {
    const want = field !== undefined && field in wanted ? "button.choice" + wanted[field] : null;
    return want && box.querySelector(want) ? want : "button.choice";
  };
  const rows = [];
  form.querySelectorAll(".field").forEach((row, i) => {
    const field = row.dataset.field;
    if (!row.querySelector("button.choice")) return;
    const chosen = field !== undefined && field in wanted ? "button.on" + wanted[field] : "button.on";
    if (!row.querySelector(chosen)) rows.push([i, pick(row, field)]);
  });
  const submit = form.querySelector('button[type="submit"]');
  return {
    picker: form.classList.contains("picker"), pick: pick(form, form.dataset.step),
    inputs: Object.keys(wanted).filter((field) => form.querySelector(`[data-field="${field}"] input`)),
    rows, submit: !!submit,
    disabled: !!submit && (submit.matches(":disabled") || submit.getAttribute("aria-disabled") === "true"),
    last: pick(form, form.dataset.field),
  };
}"""


def wait_js(page, expression: str, timeout: float = 10_000):
    """Waits until ``expression`` is truthy in the page.  Unlike Playwright's
    ``wait_for_function`` (whose polling evaluates a string inside the page,
    which the app's CSP forbids), the expression is compiled by DevTools
    with the function that checks it every 10 ms inside the page: the
    test sees the change within a few milliseconds, not a round trip per
    check.  A navigation meanwhile (a reload, a redirect) checks again in
    the new document."""
    from playwright.sync_api import Error, Page
    if not isinstance(page, Page):   # a WebKit phone (webkit.py): its own check per round trip
        page.wait(expression, timeout)
        return
    deadline = time.monotonic() + timeout / 1000
    while True:
        left = max(0, int((deadline - time.monotonic()) * 1000))
        try:
            if page.evaluate(WAIT_IN_PAGE.replace("EXPRESSION", expression), left):
                return
        except Error as error:
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
            page.wait_for_timeout(50)
            if time.monotonic() < deadline:
                continue
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout} ms: {expression}")


#: checks an expression every 10 ms in the page until it holds (true) or
#: the time given runs out (false)
WAIT_IN_PAGE = """(left) => new Promise((done) => {
  const end = Date.now() + left;
  const check = () => {
    if (EXPRESSION) done(true);
    else if (Date.now() >= end) done(false);
    else setTimeout(check, 10);
  };
  check();
})"""
