"""The phone in either engine (issue #42): one small interface a test
drives a phone's page through, for Chromium (Playwright, the helpers of
``conftest``) and for WebKit (Debian's WebKitGTK through its WebDriver,
``WebKitWebDriver``, and Selenium's W3C actions, under Xvfb).

``Phone`` is the interface: ``goto``, ``tap``, ``hold`` / ``slide`` /
``release`` (one finger on the reveal bar, onto a choice, let go),
``text``, ``js``, ``wait``, ``screenshot`` and ``errors`` (every page error
since the phone was taken).  ``ChromiumPhone`` wraps a Playwright page and
the helpers of ``conftest``; ``WebKitPhone`` drives a WebKitGTK page.

The play-throughs (``test_playthrough_*``) are written against Playwright's
page; a ``WebKitPhone`` also answers the part of that page they use
(``locator`` and its reading, waiting and tapping, ``evaluate``,
``fill``...), built on the same interface, so every play-through runs with
WebKit phones unchanged (``test_webkit_playthroughs.py``).  ``conftest``'s
finger (``hold``, ``slide``, ``release``, ``pick_secret``) speaks DevTools'
``Input.dispatchTouchEvent`` through ``page._companion_cdp``: a WebKit phone
answers that one message with W3C pointer actions.

What WebKitGTK does with touch: it takes W3C actions of pointer type
"touch", but delivers them as a mouse (pointer events of pointerType
"mouse", mousedown and mouseup, no touch events; the page sees no touch
points and a fine pointer).  So in WebKit every gesture is a one-pointer
press-move-release, which the reveal handles like a finger (reveal.js
listens to pointer events); ``test_webkit_engine.py`` asserts this.

The browser is ``webkit_shell.py`` (a window holding one WebKitGTK web view,
in place of MiniBrowser): it runs an error collector before the page's own
scripts (WebKit has no browser log a WebDriver client can read) and tells
the page the phone's language.  Sessions are kept for the whole pytest
process (starting one takes 1.5 to 3 s), one per phone, and cleared between
tests."""
from __future__ import annotations

import atexit
import ctypes
import itertools
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.browser import conftest
from tests.browser.conftest import SCREENSHOTS

DRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"
SHELL = Path(__file__).with_name("webkit_shell.py")
#: Debian's Python, which has python3-gi (the venv's has not)
SYSTEM_PYTHON = "/usr/bin/python3"
PHONE = {"width": 390, "height": 844}
#: MiniBrowser's narrowest window (its toolbar), and the widest phone's CSS width
WIDE_PHONE = {"width": 447, "height": 906}
TIMEOUT = 10_000
#: the longest a WebDriver command may take before the test fails
COMMAND_SECONDS = 120
#: the screenshot's drawing ticker (``WebKitPhone.screenshot``): nothing to
#: see (no content, no background), only a layer that changes
KEEP_DRAWING = """window.__companionShot = setInterval(() => {
  let tick = document.getElementById("companion-shot-tick");
  if (!tick) {
    tick = document.createElement("div");
    tick.id = "companion-shot-tick";
    tick.style.cssText = "position:fixed;left:0;top:0;width:1px;height:1px;pointer-events:none";
    document.documentElement.appendChild(tick);
  }
  tick.style.opacity = tick.style.opacity === "0.5" ? "0.6" : "0.5";
}, 50);"""
STOP_DRAWING = """clearInterval(window.__companionShot);
const tick = document.getElementById("companion-shot-tick");
if (tick) tick.remove();"""


class Phone:
    """One phone's page, in either engine: what a hand does and an eye sees."""

    engine = ""

    def goto(self, url: str): raise NotImplementedError
    def tap(self, target): raise NotImplementedError
    def hold(self, target="#hold"): raise NotImplementedError
    def slide(self, target): raise NotImplementedError
    def release(self): raise NotImplementedError
    def text(self, selector: str = "body") -> str: raise NotImplementedError
    def js(self, expression: str, arg=None): raise NotImplementedError
    def screenshot(self, path): raise NotImplementedError
    def errors(self) -> list[str]: raise NotImplementedError

    def locate(self, selector: str):
        """The engine's locator of the first match, for conftest's form
        helpers (``fill_form``): Playwright's, or ``WebKitLocator``."""
        raise NotImplementedError

    def wait(self, expression: str, timeout: float = TIMEOUT):
        """Until ``expression`` is truthy in the page."""
        deadline = time.monotonic() + timeout / 1000
        while not self.js(f"() => !!({expression})"):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.engine}: still false after {timeout} ms: {expression}")
            time.sleep(0.05)

    def pick(self, target) -> None:
        """One gesture: hold the bar, slide onto ``target``, let go there."""
        self.hold()
        self.slide(target)
        self.release()

    def frame(self):
        """The page has drawn what it was told (a frame after a change)."""
        self.js("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))")


class ChromiumPhone(Phone):
    """A Playwright page (a touch phone of ``conftest.new_page``); the
    gesture is conftest's DevTools touch."""

    engine = "chromium"

    def __init__(self, page):
        self.page = page
        self._errors: list[str] = []
        page.on("console", lambda msg: msg.type == "error" and self._errors.append(msg.text))
        page.on("pageerror", lambda err: self._errors.append(str(err)))

    def _locator(self, target):
        return self.page.locator(target).first if isinstance(target, str) else target

    def goto(self, url):
        self.page.goto(url)

    def tap(self, target):
        self._locator(target).tap()

    def hold(self, target="#hold"):
        conftest.hold(self.page, target)

    def slide(self, target):
        conftest.slide(self.page, self._locator(target))

    def release(self):
        conftest.release(self.page)

    def text(self, selector="body"):
        return self.page.locator(selector).first.inner_text()

    def js(self, expression, arg=None):
        return self.page.evaluate(expression, arg)

    def screenshot(self, path):
        self.frame()
        self.page.screenshot(path=str(path))

    def errors(self):
        return list(self._errors)

    def locate(self, selector):
        return self.page.locator(selector).first


# --- WebKit -----------------------------------------------------------------

#: Playwright's rule: a string that is a function is called, else evaluated
FUNCTION = re.compile(r"^\s*(async\s+)?(function\b|\([^()]*\)\s*=>|[\w$]+\s*=>)")

#: finds a locator's elements: ``steps`` is a list of {css, text, visible, nth}
FIND = r"""
const visible = (el) => { const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden"; };
const norm = (s) => String(s || "").replace(/\s+/g, " ").trim().toLowerCase();
const find = (steps) => {
  let found = [document];
  for (const step of steps) {
    const next = new Set();
    for (const root of found) root.querySelectorAll(step.css).forEach((el) => next.add(el));
    let els = Array.from(next).sort((a, b) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1);
    if (step.visible) els = els.filter(visible);
    if (step.text != null) els = els.filter((el) => norm(el.textContent).includes(norm(step.text)));
    if (step.nth != null) els = step.nth < 0 ? els.slice(els.length + step.nth, els.length + step.nth + 1) : els.slice(step.nth, step.nth + 1);
    found = els;
  }
  return found;
};
"""

#: where a tap or a finger would land on the element: its centre once it is
#: scrolled into view, if the element (or one inside it) is what is there
AIM = r"""
const el = find(arguments[0])[0];
if (!el) return {why: "not found"};
if (!visible(el)) return {why: "not visible"};
if (el.disabled) return {why: "disabled"};
// as Playwright: into view if needed; while something covers it, centred, at the top, at the bottom
const scroll = arguments[1];
if (scroll === "needed") { if (el.scrollIntoViewIfNeeded) el.scrollIntoViewIfNeeded(true); else el.scrollIntoView({block: "center"}); }
else if (scroll) el.scrollIntoView({block: scroll, inline: "nearest"});
const r = el.getBoundingClientRect();
const x = r.left + r.width / 2, y = r.top + r.height / 2;
if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return {why: `off screen at ${x},${y}`};
const there = document.elementFromPoint(x, y);
if (!there || !(el === there || el.contains(there))) return {why: "covered by " + (there ? there.outerHTML.slice(0, 80) : "nothing")};
return {x, y};
"""


#: how a tap brings its element into view, one after the other (Playwright's order)
SCROLLS = ["needed", "center", "start", "end"]


class WebKitLocator:
    """Playwright's Locator, as much of it as the play-throughs use, on a
    WebKit page: found again at every call; reading waits for the element
    to be there, acting for it to be visible, enabled and not covered."""

    def __init__(self, phone: WebKitPhone, steps: list[dict]):
        self.page, self._steps = phone, steps

    def __repr__(self):
        return f"WebKitLocator({self._steps})"

    # --- narrowing
    def locator(self, selector, has_text=None):
        return WebKitLocator(self.page, self._steps + [_step(selector, has_text)])

    def nth(self, index):
        last = dict(self._steps[-1])
        if last.get("nth") is not None:   # nth of an nth: a new step over the one element
            return WebKitLocator(self.page, self._steps + [{"css": ":scope", "nth": index}])
        last["nth"] = index
        return WebKitLocator(self.page, self._steps[:-1] + [last])

    @property
    def first(self):
        return self.nth(0)

    @property
    def last(self):
        return self.nth(-1)

    def all(self):
        return [self.nth(i) for i in range(self.count())]

    # --- reading
    def _run(self, body, *args):
        return self.page._script(FIND + body, self._steps, *args)

    def _one(self, body, *args, timeout=TIMEOUT):
        """``body`` with ``el``, once the element is there."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            found = self._run("const el = find(arguments[0])[0]; if (!el) return {missing: true};"
                              f"return {{value: (() => {{ {body} }})()}};", *args)
            if not found.get("missing"):
                return found["value"]
            if time.monotonic() > deadline:
                raise TimeoutError(f"webkit: no element {self._steps} after {timeout} ms")
            time.sleep(0.05)

    def count(self):
        return self._run("return find(arguments[0]).length;")

    def get_attribute(self, name):
        return self._one("return el.getAttribute(arguments[1]);", name)

    def inner_text(self):
        return self._one("return el.innerText;")

    def text_content(self):
        return self._one("return el.textContent;")

    def all_text_contents(self):
        return self._run("return find(arguments[0]).map((el) => el.textContent);")

    def all_inner_texts(self):
        return self._run("return find(arguments[0]).map((el) => el.innerText);")

    def is_visible(self):
        return self._run("const el = find(arguments[0])[0]; return !!el && visible(el);")

    def is_hidden(self):
        return not self.is_visible()

    def is_disabled(self):
        return self._one("return !!el.disabled;")

    def bounding_box(self):
        return self._one("if (!visible(el)) return null; const r = el.getBoundingClientRect();"
                         "return {x: r.left, y: r.top, width: r.width, height: r.height};")

    def evaluate(self, fn, arg=None):
        return self._one(f"return ({fn})(el, arguments[1]);", arg)

    def evaluate_all(self, fn, arg=None):
        return self._run(f"return ({fn})(find(arguments[0]), arguments[1]);", arg)

    def wait_for(self, state="visible", timeout=30_000):
        test = {"visible": "!!el && visible(el)", "hidden": "!el || !visible(el)",
                "attached": "!!el", "detached": "!el"}[state]
        deadline = time.monotonic() + timeout / 1000
        while not self._run(f"const el = find(arguments[0])[0]; return {test};"):
            if time.monotonic() > deadline:
                raise TimeoutError(f"webkit: {self._steps} not {state} after {timeout} ms")
            time.sleep(0.05)

    # --- acting
    def scroll_into_view_if_needed(self):
        self._one("if (el.scrollIntoViewIfNeeded) el.scrollIntoViewIfNeeded(true); else el.scrollIntoView({block: 'center'});")

    def aim(self, scroll=True, timeout=TIMEOUT):
        """Where a finger lands on the element (waiting until it can;
        ``scroll``: scrolling the page to bring it out from under what
        covers it, such as the reveal bar)."""
        deadline = time.monotonic() + timeout / 1000
        for attempt in itertools.count():
            at = self._run(AIM, SCROLLS[attempt % len(SCROLLS)] if scroll else None)
            if "x" in at:
                return at["x"], at["y"]
            if time.monotonic() > deadline:
                raise TimeoutError(f"webkit: cannot tap {self._steps}: {at['why']}")
            time.sleep(0.05)

    def tap(self):
        self.page.tap(self)

    click = tap

    def fill(self, value):
        """Focuses the field by a tap and puts ``value`` in, as Playwright's
        fill does (one input event, the way a keyboard's suggestion lands)."""
        self.tap()
        self._one("el.focus(); el.value = arguments[1];"
                  "el.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText', data: arguments[1]}));"
                  "el.dispatchEvent(new Event('change', {bubbles: true}));", str(value))


def _step(selector: str, has_text=None) -> dict:
    visible = selector.endswith(":visible")
    return {"css": selector[:-len(":visible")] if visible else selector, "text": has_text,
            "visible": visible, "nth": None}


class _Finger:
    """What conftest's finger sends (DevTools' Input.dispatchTouchEvent),
    as W3C pointer actions of type "touch" (which WebKitGTK delivers as a
    mouse: one pointer pressed, moved, released)."""

    def __init__(self, phone: WebKitPhone):
        self.phone = phone

    def send(self, method, params):
        assert method == "Input.dispatchTouchEvent", method
        points = params["touchPoints"]
        kind = params["type"]
        if kind == "touchStart":
            self.phone._pointer([("move", points[0]["x"], points[0]["y"]), ("down",)])
        elif kind == "touchMove":
            self.phone._pointer([("move", points[0]["x"], points[0]["y"])])
        else:
            self.phone._pointer([("up",)])


class WebKitPhone(Phone):
    """A WebKitGTK page of one WebDriver session (a phone of ``lang``)."""

    engine = "webkit"

    def __init__(self, driver, lang: str, errors_file: Path):
        self.driver, self.lang, self.errors_file = driver, lang, errors_file
        self._errors_from = 0
        self._companion_cdp = _Finger(self)   # conftest's finger (see the module's docstring)
        self._finger = None
        self.viewport_size = dict(PHONE)

    # --- the interface
    def goto(self, url):
        self.driver.get(url)

    def tap(self, target):
        x, y = self._locate(target).aim()
        self._pointer([("move", x, y), ("down",), ("up",)])

    def hold(self, target="#hold"):
        x, y = self._locate(target).aim()
        self._pointer([("move", x, y), ("down",)])
        self._finger = (x, y)
        self.wait("document.body.classList.contains('revealed')")

    def slide(self, target):
        """The pressed pointer moves, in small steps, onto ``target`` and
        rests there (the page hears every move)."""
        x0, y0 = self._finger
        x1, y1 = self._locate(target).aim(scroll=False)
        self._pointer([("move", x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8) for i in range(1, 9)],
                      duration=16)
        self._finger = (x1, y1)
        self.frame()

    def release(self):
        self._pointer([("up",)])
        self._finger = None
        self.wait("!document.body.classList.contains('revealed')")

    def text(self, selector="body"):
        return self.locator(selector).first.inner_text()

    def locate(self, selector):
        return self.locator(selector).first

    def js(self, expression, arg=None):
        return self.evaluate(expression, arg)

    def screenshot(self, path=None, full_page=False):
        """The screen (WebDriver shows the viewport: ``full_page`` is
        Playwright's and ignored); not taken with COMPANION_SCREENS=off."""
        if not (path and SCREENSHOTS):
            return b""
        # WebKitGTK's screenshot waits for the page's next drawn frame, and
        # a page where nothing changes draws none: the command never returned
        # (a finished game's phone, a static page, 3 of 3 in a probe). So the
        # page keeps drawing meanwhile: an empty element, never seen, whose
        # opacity flips every 50 ms (0 of 9 hung with it)
        self.driver.execute_script(KEEP_DRAWING)
        try:
            png = self.driver.get_screenshot_as_png()
        finally:
            self.driver.execute_script(STOP_DRAWING)
        Path(path).write_bytes(png)
        return png

    def errors(self):
        lines = self.errors_file.read_text(errors="replace").splitlines()
        return lines[self._errors_from:]

    # --- the W3C actions of the one pointer
    def _pointer(self, steps, duration=0):
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        actions = ActionBuilder(self.driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"),
                                duration=duration)
        for step in steps:
            if step[0] == "move":
                actions.pointer_action.move_to_location(round(step[1]), round(step[2]))
            elif step[0] == "down":
                actions.pointer_action.pointer_down()
            else:
                actions.pointer_action.pointer_up()
        actions.perform()

    def _locate(self, target) -> WebKitLocator:
        return self.locator(target).first if isinstance(target, str) else target

    # --- Playwright's Page, as much as the play-throughs use
    def _script(self, body, *args):
        return self.driver.execute_script(body, *args)

    def locator(self, selector, has_text=None):
        return WebKitLocator(self, [_step(selector, has_text)])

    def evaluate(self, expression, arg=None):
        if FUNCTION.match(expression):
            return self._script(f"return ({expression})(arguments[0]);", arg)
        return self._script(f"return ({expression});")

    def eval_on_selector_all(self, selector, fn, arg=None):
        return self.locator(selector).evaluate_all(fn, arg)

    def fill(self, selector, value):
        self.locator(selector).first.fill(value)

    def wait_for_selector(self, selector, state="visible", timeout=30_000):
        self.locator(selector).first.wait_for(state=state, timeout=timeout)

    def wait_for_timeout(self, ms):
        time.sleep(ms / 1000)

    def reload(self):
        self.driver.refresh()

    @property
    def url(self):
        return self.driver.current_url

    # --- between tests
    def size(self, size: dict):
        """The window is the page (webkit_shell.py): the viewport ``size``."""
        wanted = [size["width"], size["height"]]
        self.driver.set_window_size(*wanted)
        inner = self._settled_inner(wanted)
        if inner != wanted:   # a window manager's frame: make up for it
            self.driver.set_window_size(2 * wanted[0] - inner[0], 2 * wanted[1] - inner[1])
            inner = self._settled_inner(wanted)
        assert inner == wanted, f"webkit's viewport is {inner}, not {size}"
        self.viewport_size = dict(size)

    def _settled_inner(self, wanted: list, seconds: float = 5.0) -> list:
        """The page's inner size once the resize reached it: the window
        resizes after WebDriver answers, later on a busy machine (CI once
        read the old size and made up for a frame that was not there)."""
        deadline, last, since = time.monotonic() + seconds, None, time.monotonic()
        while True:
            inner, now = self._script("return [innerWidth, innerHeight];"), time.monotonic()
            if inner != last:
                last, since = inner, now
            if inner == wanted or now - since >= 0.5 or now > deadline:
                return inner
            time.sleep(0.1)

    def reset(self):
        """Back to a fresh phone: nothing held, nothing stored, a blank page."""
        try:   # a finger still down lets go
            from selenium.webdriver.remote.command import Command
            self.driver.execute(Command.W3C_CLEAR_ACTIONS)
        except Exception:
            pass
        try:
            self._script("try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}")
            self.driver.delete_all_cookies()
        except Exception:
            pass
        self.driver.get("about:blank")
        self._finger = None
        self._errors_from = len(self.errors_file.read_text(errors="replace").splitlines())


class WebKit:
    """Xvfb, one WebKitWebDriver and the WebDriver sessions of this pytest
    process (a phone each), kept between tests."""

    def __init__(self):
        for path in (DRIVER, XVFB, SYSTEM_PYTHON):
            if not Path(path).exists():
                pytest.fail(f"{path} is missing: scripts/setup --test installs webkit2gtk-driver, xvfb, python3-gi")
        self.dir = Path(tempfile.mkdtemp(prefix="companion-webkit-"))
        self.display = self._xvfb()
        self.idle: list[WebKitPhone] = []
        self.busy: list[WebKitPhone] = []
        self.lock = threading.Lock()
        self.started = 0

    def _xvfb(self) -> str:
        read, write = os.pipe()
        self.xvfb = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                                      "-nolisten", "tcp"], pass_fds=(write,), preexec_fn=_die_with_parent,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        with os.fdopen(read, "rb") as pipe:
            while not number.endswith(b"\n"):
                chunk = pipe.read(1)
                if not chunk:
                    raise RuntimeError("Xvfb did not start")
                number += chunk
        return ":" + number.decode().strip()

    def _driver(self) -> tuple:
        """A WebKitWebDriver of its own (one holds one session at a time),
        started from this thread: it goes when this process goes."""
        from selenium.webdriver.webkitgtk.service import Service
        with self.lock:
            self.started += 1
            name = f"phone-{self.started}"
        errors = self.dir / f"{name}.errors"
        errors.touch()
        service = Service(executable_path=DRIVER, log_output=str(self.dir / f"{name}.driver.log"),
                          env={**os.environ, "DISPLAY": self.display},
                          popen_kw={"preexec_fn": _die_with_parent})
        service.start()
        return service, errors

    def _session(self, lang: str, service, errors: Path) -> WebKitPhone:
        """A new phone: a browser (webkit_shell.py) with its own error file."""
        from selenium import webdriver
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.webkitgtk.options import Options
        options = Options()
        options.binary_location = str(SHELL)
        options.set_capability("browserName", "companion-webkit")
        for arg in ("--automation", f"--errors={errors}", f"--lang={lang}"):
            options.add_argument(arg)
        # a command that hangs fails the test after two minutes (nothing the
        # tests ask takes a tenth of that) instead of stalling the suite
        config = ClientConfig(remote_server_addr=service.service_url, timeout=COMMAND_SECONDS)
        driver = webdriver.Remote(command_executor=service.service_url, options=options,
                                  client_config=config)
        driver.set_script_timeout(30)
        phone = WebKitPhone(driver, lang, errors)
        phone.service = service
        return phone

    def phones(self, langs: list[str], size: dict = PHONE) -> list[WebKitPhone]:
        """Phones of these languages (fresh pages), starting the sessions
        missing side by side."""
        taken, missing = [], []
        with self.lock:
            for lang in langs:
                phone = next((p for p in self.idle if p.lang == lang), None)
                if phone:
                    self.idle.remove(phone)
                taken.append(phone)
                if not phone:
                    missing.append(lang)
        if missing:
            drivers = [self._driver() for _ in missing]
            with ThreadPoolExecutor(max_workers=min(4, len(missing))) as pool:
                made = iter(list(pool.map(lambda args: self._session(*args),
                                          [(lang, *d) for lang, d in zip(missing, drivers)])))
            taken = [p or next(made) for p in taken]
        for phone in taken:
            phone.size(size)
        with self.lock:
            self.busy.extend(taken)
        return taken

    def phone(self, lang: str = "en", size: dict = PHONE) -> WebKitPhone:
        return self.phones([lang], size)[0]

    def give_back(self):
        """Every phone taken goes back, cleared (a session that broke goes)."""
        with self.lock:
            busy, self.busy = self.busy, []
        for phone in busy:
            try:
                phone.reset()
                self.idle.append(phone)
            except Exception:
                self._quit(phone)

    def _quit(self, phone):
        try:
            phone.driver.quit()
        except Exception:
            pass
        phone.service.stop()

    def close(self):
        for phone in self.idle + self.busy:
            self._quit(phone)
        self.idle, self.busy = [], []
        self.xvfb.terminate()
        try:
            self.xvfb.wait(5)
        except subprocess.TimeoutExpired:
            self.xvfb.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


def _die_with_parent():
    """In the child, before it runs: a SIGTERM when this process ends,
    however it ends (a pytest killed runs no atexit)."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)   # PR_SET_PDEATHSIG


_WEBKIT: WebKit | None = None


def webkit_engine() -> WebKit:
    """This process's WebKit (started at the first use, closed at exit)."""
    global _WEBKIT
    if _WEBKIT is None:
        _WEBKIT = WebKit()
        atexit.register(_WEBKIT.close)
    return _WEBKIT


@pytest.fixture(scope="session")
def webkit():
    """Xvfb, WebKitWebDriver and its sessions, for the whole pytest process;
    every phone a test took is cleared and given back when it ends."""
    engine = webkit_engine()
    yield engine


@pytest.fixture
def webkit_phones(webkit):
    """The WebKit phones this test takes go back when it ends."""
    yield webkit
    webkit.give_back()



@pytest.fixture
def phone_in(browser, webkit_phones):
    """``phone_in(engine, lang, size)``: a fresh phone page in "chromium"
    or "webkit" (closed or given back when the test ends)."""
    def make(engine: str, lang: str = "en", size: dict = PHONE) -> Phone:
        if engine == "webkit":
            return webkit_phones.phone(lang, size)
        return ChromiumPhone(conftest.new_page(browser, size, lang))
    return make


def seat(phone: Phone, server, room, seat: int, lang: str = "en") -> Phone:
    """``phone`` becomes the phone of ``seat`` of a room made over HTTP (its
    token put where the join page keeps it), showing the newest view."""
    url = f"{server.url}/j/{room.code}?lang={lang}"
    phone.goto(url)
    phone.js("([c, t, s]) => { localStorage.setItem('companion:seat:' + c, t);"
             " localStorage.setItem('companion:seatno:' + c, String(s)); }",
             [room.code, room.tokens[seat], seat])
    phone.goto(url)
    phone.wait("!document.getElementById('play').hidden")
    phone.wait(f"Number(document.body.dataset.version) >= {room.view()['version']}")
    return phone
