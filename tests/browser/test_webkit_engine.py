"""The phone in WebKit (issue #42): what the engine interface rests on,
and what the phone page does in WebKit that Chromium's tests cannot see.

* the error collector (``webkit_shell.py``) runs before the page's own
  scripts and reports what Chromium's console would: uncaught errors,
  unhandled rejections, console.error, CSP refusals, failed loads;
* WebKitGTK takes W3C touch actions but delivers them as a mouse: one
  pointer (pointerType "mouse"), no touch events, no touch points.  The
  gesture is therefore a one-pointer press-move-release in WebKit;
* the one interface (``webkit.Phone``) makes a secret choice with the
  gesture in both engines, and letting go elsewhere picks nothing;
* what iOS lacks is built in the page, not skipped: no navigator.vibrate
  (the cue carries the signal, the timer's end included), the sound is
  unlocked by the first touch, the screen is kept awake (the Wake Lock API
  or, where WebKit refuses it, the looping video), every declaration and
  selector of the linked style sheets (app.css, table.css, evening.css) is
  one WebKit understands or has its -webkit- twin beside it."""
from __future__ import annotations

import http.server
import random
import threading

import pytest

from tests.browser.test_one_thumb import drive_until
from tests.browser.test_table_board import Room
from tests.browser import webkit as engines
from tests.browser.webkit import seat

#: the fixtures this module uses
webkit, webkit_phones, phone_in = engines.webkit, engines.webkit_phones, engines.phone_in


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


BROKEN = """<!doctype html><html><head><script>
console.error("said before anything else");
undefinedFunction();
</script></head><body><img src="/nothing-here.png"></body></html>"""


@pytest.fixture
def broken_page():
    """A page of another server (no CSP) whose first script throws."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = BROKEN.encode() if self.path == "/" else b"no"
            self.send_response(200 if self.path == "/" else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def test_the_collector_hears_errors_from_the_first_script_on(server, webkit_phones, broken_page):
    phone = webkit_phones.phone("en")
    # a page whose first script throws: heard (the collector ran before it)
    phone.goto(broken_page)
    phone.wait("document.readyState === 'complete'")
    said = "\n".join(phone.errors())
    assert "console.error: said before anything else" in said, said
    assert "uncaught: ReferenceError" in said and "undefinedFunction" in said, said
    assert "resource failed: IMG" in said, said
    room = Room(server, "pick", ["Ana", "Ben"])
    before = len(phone.errors())
    seat(phone, server, room, 0)
    phone.wait("document.documentElement.lang === 'en'")
    assert phone.errors()[before:] == [], "the phone page has errors in WebKit"
    # on the app's page: a CSP refusal, a rejection nobody handles, a failed fetch
    phone.js("() => { try { (0, eval)('1'); } catch (e) { /* refused */ }"
             " Promise.reject(new Error('nobody waits for me'));"
             " fetch('/api/rooms/NOSUCH'); }")
    phone.wait("true")
    for _ in range(50):
        said = "\n".join(phone.errors()[before:])
        if "CSP" in said and "unhandled rejection" in said and "failed to load resource: 404" in said:
            break
        phone.frame()
    assert "CSP: script-src" in said, said
    assert "unhandled rejection: nobody waits for me" in said, said
    assert "failed to load resource: 404" in said, said


WATCH = """() => { window.__heard = [];
  for (const type of ["pointerdown", "pointermove", "pointerup", "touchstart", "touchmove", "touchend", "click"])
    document.addEventListener(type, (e) => window.__heard.push(type + ":" + (e.pointerType || "")), true); }"""


def test_webkitgtk_delivers_touch_actions_as_one_mouse_pointer(server, webkit_phones):
    """Why the WebKit gesture is a one-pointer press-move-release: the
    W3C actions are of pointer type "touch", and WebKitGTK turns them into
    a mouse.  (If a later WebKitGTK delivers real touch, this test says so,
    and the words in webkit.py and the play-throughs need changing.)"""
    phone = webkit_phones.phone("en")
    room = Room(server, "pick", ["Ana", "Ben"])
    seat(phone, server, room, 0)
    assert phone.js("[navigator.maxTouchPoints, matchMedia('(pointer: coarse)').matches, 'ontouchstart' in window]") \
        == [0, False, False]
    phone.js(WATCH)
    phone.tap("#play details.card summary")
    heard = phone.js("window.__heard")
    assert "pointerdown:mouse" in heard and "pointerup:mouse" in heard and "click:mouse" in heard, heard
    assert not [h for h in heard if h.startswith("touch")], heard


@pytest.mark.parametrize("engine", ["chromium", "webkit"])
def test_the_interface_makes_a_secret_choice_with_the_gesture(server, phone_in, engine):
    """Haiclue's guess through ``Phone``: letting go beside the choices
    picks nothing; hold, slide onto a colour, let go; hold again, slide
    onto the confirm's yes, let go: the server has the guess."""
    room = Room(server, "haiclue", ["Anna", "Ben", "Cara"])
    room.host_act({"type": "start"})
    (guesser, *_) = drive_until(room, random.Random(42), "guess")
    phone = seat(phone_in(engine, "en"), server, room, guesser)
    card = '#secret-actions [data-type="guess"]'
    phone.hold()
    assert "revealed" in phone.js("document.body.className")
    phone.slide("#secret-items")          # beside the choices
    phone.release()
    assert room.view(room.tokens[guesser])["you"]["secret"].get("guess") is None
    phone.hold()
    phone.slide(f'{card} [data-pick][data-value="\\"green\\""]')
    assert "green" in phone.js("document.getElementById('secret-aim').textContent").lower()
    phone.release()
    phone.hold()
    assert "green" in phone.text(f"{card} .confirm-question").lower()
    version = phone.js("Number(document.body.dataset.version)")
    phone.slide(f"{card} .confirm-yes")
    phone.release()
    phone.wait(f"Number(document.body.dataset.version) > {version}")
    assert room.view(room.tokens[guesser])["you"]["secret"]["guess"] == "green"
    assert phone.errors() == [], phone.errors()


COUNT_SOUND = """() => { window.__oscillators = 0;
  const made = BaseAudioContext.prototype.createOscillator;
  BaseAudioContext.prototype.createOscillator = function () {
    window.__oscillators += 1; return made.apply(this, arguments); };
  const Made = window.AudioContext;
  window.AudioContext = class extends Made { constructor(...args) { super(...args); window.__audio = this; } }; }"""


def test_what_ios_lacks_is_built_in_the_page(server, webkit_phones):
    """No vibration in WebKit: the your-move cue is heard once the first
    touch has unlocked the sound; the screen is kept awake by the Wake Lock
    API or else the looping video; no page error on the way."""
    phone = webkit_phones.phone("en")
    room = Room(server, "pick", ["Ana", "Ben"], {"rounds": 3})
    seat(phone, server, room, 0)
    assert phone.js("typeof navigator.vibrate") == "undefined"
    phone.js(COUNT_SOUND)   # (the page makes its AudioContext at the first touch)
    room.host_act({"type": "start"})
    phone.wait("document.getElementById('todo').classList.contains('now')")
    phone.wait("['lock', 'video'].includes(document.documentElement.dataset.awake)")
    assert phone.js("window.__oscillators") == 0, "a sound before any touch"
    phone.tap("#play details.card summary")   # the first touch
    phone.wait("document.documentElement.dataset.sound === 'ready'")
    phone.wait("window.__audio.state === 'suspended'")   # at rest between sounds
    for s in (0, 1):                           # round 2: her move again, heard
        assert room.act(room.tokens[s], {"type": "pick", "number": 1})["ok"]
    phone.wait(f"Number(document.body.dataset.version) >= {room.view()['version']}")
    phone.wait("document.getElementById('todo').classList.contains('now')")
    phone.wait("window.__oscillators >= 2")   # resumed without a touch
    phone.wait("window.__audio.state === 'suspended'")
    awake = phone.js("document.documentElement.dataset.awake")
    if awake == "video":
        assert phone.js("!document.getElementById('keepawake').paused")
    assert not phone.js("!!document.getElementById('awake-note')"), "the page says it cannot keep awake"
    assert phone.errors() == [], phone.errors()


def test_time_up_is_heard_where_the_phone_cannot_buzz(server, webkit_phones):
    """The host's timer at zero: Chromium's phone vibrates (test_timer.py);
    WebKit's has no navigator.vibrate, so the awaited phone sounds the cue
    instead, once."""
    phone = webkit_phones.phone("en")
    room = Room(server, "pick", ["Ana", "Ben"], {"rounds": 3, "timer": 10})
    seat(phone, server, room, 0)
    phone.js(COUNT_SOUND)
    phone.tap("#play details.card summary")   # the first touch unlocks the sound
    phone.wait("document.documentElement.dataset.sound === 'ready'")
    room.host_act({"type": "start"})
    phone.wait("window.__oscillators === 2")   # your move
    phone.wait("(document.querySelector('#timer .tm-clock') || {}).textContent === '0:00'", timeout=20_000)
    phone.wait("window.__oscillators === 4")   # time is up
    phone.js("() => new Promise((done) => setTimeout(done, 700))")   # a few more ticks: still once
    assert phone.js("window.__oscillators") == 4
    assert phone.errors() == [], phone.errors()


#: declarations WebKitGTK does not know that are right as they are
WEBKITGTK_LACKS = {
    "-webkit-touch-callout": "iOS's own (no callout menu on a long press of the bar); WebKitGTK has no callout",
}
#: every declaration and selector of a style sheet that this engine does not
#: understand and that has no -webkit- twin in its block
AUDIT = """async (url) => {
  const css = (await (await fetch(url)).text()).replace(/\\/\\*[\\s\\S]*?\\*\\//g, "");
  const out = [], twins = [];
  for (const [, selectors, body] of css.matchAll(/([^{};]*)\\{([^{}]*)\\}/g)) {
    if (selectors.trim().startsWith("@page")) continue;   // page descriptors (size), not properties
    const declared = body.split(";").map((d) => d.trim()).filter(Boolean).map((d) => {
      const at = d.indexOf(":");
      return [d.slice(0, at).trim(), d.slice(at + 1).replace(/!important\\s*$/, "").trim()];
    });
    const names = new Set(declared.map(([p]) => p));
    for (const [prop, value] of declared) {
      if (prop.startsWith("--") || CSS.supports(prop, value)) continue;
      const twin = prop.startsWith("-webkit-") ? prop.slice(8) : "-webkit-" + prop;
      if (names.has(twin) && CSS.supports(twin, declared.find(([p]) => p === twin)[1])) { twins.push(twin); continue; }
      out.push(`${url}: ${selectors.trim()} { ${prop}: ${value} }`);
    }
    const sel = selectors.trim();
    if (sel && !sel.startsWith("@") && !/^(from|to|[\\d.]+%)(,|$)/.test(sel)) {
      for (const one of sel.split(/,(?![^(]*\\))/)) {
        const plain = one.trim().replace(/::?(-webkit-)?[a-z-]+$/, (m) => m === "::backdrop" ? "" : m);
        if (plain && !CSS.supports(`selector(${plain})`)) out.push(`${url}: selector ${one.trim()}`);
      }
    }
  }
  return {out, twins};
}"""


def test_webkit_understands_every_declaration_of_the_style_sheets(server, webkit_phones):
    """app.css (every page), table.css and evening.css: each declaration is
    one WebKit understands, or its -webkit- twin stands beside it (Safari
    still needs -webkit-user-select), and each selector parses (:has(),
    :is())."""
    phone = webkit_phones.phone("en")
    room = Room(server, "pick", ["Ana", "Ben"])
    seat(phone, server, room, 0)
    links = phone.js("Array.from(document.querySelectorAll('link[rel=stylesheet]')).map((l) => l.href)")
    assert any("app.css" in link for link in links), links
    sheets = links + [link.split("?")[0].replace("app.css", name) for link in links if "app.css" in link
                      for name in ("table.css", "evening.css")]
    unknown, twins = [], []
    for url in sheets:
        found = phone.js(AUDIT, url)
        unknown += [line for line in found["out"] if not any(p in line for p in WEBKITGTK_LACKS)]
        twins += found["twins"]
    assert not unknown, "\n".join(unknown)
    assert "-webkit-user-select" in twins, twins   # the audit sees the twins it lets pass
