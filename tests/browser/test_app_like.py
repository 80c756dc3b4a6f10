"""The phone as an app (issue #28), in real Chromium with real touch:

* heard: the "your move" cue (Web Audio) sounds exactly when the game
  starts waiting for this seat, not on other views, not when the phone's
  sound switch is off; the switch survives a reload;
* awake: on a plain-http address (not a secure context: no Wake Lock API)
  the page plays our looping muted video while a game runs and stops it
  after; where the video cannot play it says so once, quietly;
* installable: the manifest (application/manifest+json) and its icons load
  and are what they say, Chromium finds the page installable, and the
  join page's install offer never stands in the way of joining;
* the server refuses to start, in one line, without a file the pages need.

The sound is observed, not faked: an init script counts the oscillators
the page's AudioContext makes.  Screenshots: test-artifacts/screens/app-*.png."""
from __future__ import annotations

import json
import os
import struct
import subprocess
import sys

import pytest
import requests

from tests.browser.conftest import CHROMIUM, PHONE, SCREENS, new_page, wait_js
from tests.browser.test_table_board import Room
from tests.quiet_network import chromium_env
from tests.servers import ROOT, free_port

#: counts the oscillators made (a cue is two) and keeps the AudioContext
#: the page makes, so the test can wait for the sound to be unlocked
COUNT_SOUND = """
  window.__oscillators = 0;
  const made = BaseAudioContext.prototype.createOscillator;
  BaseAudioContext.prototype.createOscillator = function () {
    window.__oscillators += 1; return made.apply(this, arguments); };
  const Made = window.AudioContext;
  window.AudioContext = class extends Made {
    constructor(...args) { super(...args); window.__audio = this; } };
"""
#: a host name for 127.0.0.1 that is not "localhost": plain http there is
#: not a secure context, as on a home Wi-Fi's LAN address
LAN_HOST = "companion-lan.test"


def shows_latest(page, room, token=None):
    wait_js(page, f"Number(document.body.dataset.version) >= {room.view(token)['version']}")


def oscillators(page) -> int:
    return page.evaluate("window.__oscillators")


def rests(page):
    """Between sounds the page's AudioContext is suspended (a running one
    renders silence all evening: a phone's battery)."""
    wait_js(page, "window.__audio.state === 'suspended'")


def pick_all(room, seats):
    for seat in seats:
        answer = room.act(room.tokens[seat], {"type": "pick", "number": 1})
        assert answer["ok"], answer


# --- heard ----------------------------------------------------------------------------

def test_the_cue_sounds_only_on_your_move_and_not_when_muted(browser, server):
    room = Room(server, "pick", ["Ana", "Ben"], {"rounds": 3})
    phone = seat_phone_counting(browser, server, room, 0)
    switch = phone.locator("#sound-switch")
    assert switch.get_attribute("aria-checked") == "true"
    box = switch.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    # the player's first tap (here on the seats list) unlocks the sound
    phone.locator("#play details.card summary").first.tap()
    wait_js(phone, "document.documentElement.dataset.sound === 'ready'")
    assert oscillators(phone) == 0   # the lobby: nobody's move
    rests(phone)

    room.host_act({"type": "start"})
    shows_latest(phone, room)
    wait_js(phone, "document.getElementById('todo').classList.contains('now')")
    wait_js(phone, "window.__oscillators >= 2")   # heard: resumed without a tap
    after_start = oscillators(phone)
    rests(phone)

    pick_all(room, [0])             # Ana picks: nothing to do, no cue
    shows_latest(phone, room)
    assert not phone.evaluate("document.getElementById('todo').classList.contains('now')")
    assert oscillators(phone) == after_start
    pick_all(room, [1])             # Ben picks: round 2, her move again
    shows_latest(phone, room)
    wait_js(phone, "document.getElementById('todo').classList.contains('now')")
    wait_js(phone, f"window.__oscillators > {after_start}")
    round_two = oscillators(phone)
    assert round_two == 2 * after_start, (after_start, round_two)

    switch.tap()                     # sound off: the tap itself sounds nothing
    assert switch.get_attribute("aria-checked") == "false"
    assert switch.text_content() == "Sound off"
    pick_all(room, [0])
    shows_latest(phone, room)
    pick_all(room, [1])              # round 3: her move, silently
    shows_latest(phone, room)
    wait_js(phone, "document.getElementById('todo').classList.contains('now')")
    assert oscillators(phone) == round_two

    phone.reload()                   # the switch is this phone's, kept
    phone.wait_for_selector("#play:not([hidden])")
    assert phone.locator("#sound-switch").get_attribute("aria-checked") == "false"
    assert phone.locator("#sound-switch").text_content() == "Sound off"
    assert oscillators(phone) == 0   # it is her move, and the phone stays quiet
    phone.locator("#sound-switch").tap()   # on again: one cue, so she hears what it is
    assert phone.locator("#sound-switch").get_attribute("aria-checked") == "true"
    wait_js(phone, "window.__oscillators === 2")
    phone.context.close()


def seat_phone_counting(browser, server, room, seat, lang="en"):
    """seat_phone, with the sound counted from the page's first script on."""
    context = browser.new_context(viewport=PHONE, locale=lang, has_touch=True, is_mobile=True)
    context.add_init_script(COUNT_SOUND)
    page = context.new_page()
    page.goto(f"{server.url}/j/{room.code}?lang={lang}")
    page.evaluate("([c, t, s]) => { localStorage.setItem('companion:seat:' + c, t);"
                  " localStorage.setItem('companion:seatno:' + c, String(s)); }",
                  [room.code, room.tokens[seat], seat])
    page.reload()
    page.wait_for_selector("#play:not([hidden])")
    return page


def test_the_chime_sounds_only_when_asked(browser, server):
    """K.chime(on) for the table: it asks nothing but its argument (not
    the phone's sound switch)."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script(COUNT_SOUND)
    page = context.new_page()
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('companion:muted', '1')")
    page.locator("#room-code").tap()   # the first tap unlocks the sound
    wait_js(page, "document.documentElement.dataset.sound === 'ready'")
    assert page.evaluate("Companion.chime(false)") is False
    assert oscillators(page) == 0
    assert page.evaluate("Companion.chime(true)") is True
    wait_js(page, "window.__oscillators === 3")
    assert page.evaluate("Companion.cue()") is False   # the cue does ask the switch
    assert oscillators(page) == 3
    context.close()


# --- awake ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def lan_browser(browser):
    """A second Chromium (same Playwright) that resolves LAN_HOST to 127.0.0.1."""
    chromium = browser.browser_type.launch(executable_path=CHROMIUM, headless=True, env=chromium_env(), args=[
        "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1"])
    yield chromium
    chromium.close()


def lan_page(lan_browser, server, path, token_key=None, token=None, size=PHONE, block_media=False):
    phone = size["width"] < 600
    context = lan_browser.new_context(viewport=size, has_touch=phone, is_mobile=phone)
    page = context.new_page()
    if block_media:   # as on a browser that plays neither file
        page.route("**/static/media/**", lambda route: route.abort())
    url = f"http://{LAN_HOST}:{server.port}{path}"
    page.goto(url)
    assert page.evaluate("window.isSecureContext") is False
    if token_key:
        page.evaluate("([k, t]) => localStorage.setItem(k, t)", [token_key, token])
        page.reload()
    return page


def plays(page):
    """The keep-awake video plays: not paused, and its time moves on."""
    wait_js(page, "(() => { const v = document.getElementById('keepawake');"
                  " return v && !v.paused && v.currentTime > 0; })()")
    first = page.evaluate("document.getElementById('keepawake').currentTime")
    wait_js(page, f"document.getElementById('keepawake').currentTime !== {first}")
    assert page.evaluate("document.documentElement.dataset.awake") == "video"
    assert page.evaluate("getComputedStyle(document.getElementById('keepawake')).display") != "none"
    assert page.evaluate("(() => { const v = document.getElementById('keepawake');"
                         " return v.muted && v.loop && v.playsInline; })()")


def test_on_plain_http_a_looping_video_keeps_phone_and_table_awake_while_a_game_runs(
        lan_browser, server):
    room = Room(server, "pick", ["Ana", "Ben"])
    phone = lan_page(lan_browser, server, f"/j/{room.code}")
    phone.evaluate("([c, t]) => { localStorage.setItem('companion:seat:' + c, t);"
                   " localStorage.setItem('companion:seatno:' + c, '0'); }", [room.code, room.tokens[0]])
    phone.reload()
    phone.wait_for_selector("#play:not([hidden])")
    table = lan_page(lan_browser, server, f"/t/{room.code}", f"companion:host:{room.code}", room.host,
                     size={"width": 1180, "height": 820})
    for page in (phone, table):
        shows_latest(page, room)
        assert not page.evaluate("(() => { const v = document.getElementById('keepawake');"
                                 " return v && !v.paused; })()")   # the lobby: no need
    room.host_act({"type": "start"})
    for page in (phone, table):
        shows_latest(page, room)
        plays(page)
    room.host_act({"type": "end"})
    for page in (phone, table):
        shows_latest(page, room)
        wait_js(page, "document.getElementById('keepawake').paused")
        assert page.evaluate("document.documentElement.dataset.awake") == "off"
    assert phone.locator("#awake-note").count() == 0
    phone.context.close()
    table.context.close()


@pytest.mark.parametrize("name", ["keepawake.webm", "keepawake.mp4"])
def test_each_generated_media_file_is_a_playable_looping_video(browser, server, name):
    """Both files of scripts/make-assets decode in Chromium: a video of
    64x64 frames a few seconds long (WebM for most browsers, MP4 for Safari)."""
    page = new_page(browser, PHONE)
    page.goto(server.url + "/")
    src = page.evaluate("Companion.page.awake").pop(0 if name.endswith("webm") else 1)
    assert name in src
    page.evaluate("""(src) => { const v = document.createElement('video');
        v.id = 'probe'; v.muted = true; v.loop = true; v.src = src; document.body.append(v);
        window.__probe = v.play().then(() => 'playing', (e) => String(e)); }""", src)
    assert page.evaluate("window.__probe") == "playing"
    wait_js(page, "document.getElementById('probe').currentTime > 0")
    size = page.evaluate("(() => { const v = document.getElementById('probe');"
                         " return [v.videoWidth, v.videoHeight, v.duration]; })()")
    assert size[:2] == [64, 64] and 2 <= size[2] <= 10, size
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_where_the_screen_cannot_be_kept_on_the_page_says_so_once(lan_browser, server, lang):
    room = Room(server, "pick", ["Ana", "Ben"], {"rounds": 2})
    phone = lan_page(lan_browser, server, f"/j/{room.code}?lang={lang}", block_media=True)
    phone.evaluate("([c, t]) => { localStorage.setItem('companion:seat:' + c, t);"
                   " localStorage.setItem('companion:seatno:' + c, '0'); }", [room.code, room.tokens[0]])
    phone.reload()
    phone.wait_for_selector("#play:not([hidden])")
    assert phone.locator("#awake-note").count() == 0
    room.host_act({"type": "start"})
    shows_latest(phone, room)
    phone.wait_for_selector("#awake-note")
    expected = {"en": "does not let the page keep the screen on",
                "de": "lässt die Seite den Bildschirm nicht wach halten"}[lang]
    assert expected in phone.locator("#awake-note").text_content()
    note = phone.locator("#awake-note").bounding_box()
    assert note["height"] >= 44 and note["height"] < 120, note   # a line, not a dialog
    assert phone.locator("dialog[open]").count() == 0
    SCREENS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENS / f"app-awake-note-{lang}.png"))
    pick_all(room, [0, 1])           # more views: still one note
    shows_latest(phone, room)
    assert phone.locator("#awake-note").count() == 1
    phone.locator("#awake-note").tap()   # a tap puts it away
    assert phone.locator("#awake-note").count() == 0
    phone.context.close()


# --- installable ----------------------------------------------------------------------

def png_size(body: bytes) -> tuple[int, int]:
    assert body[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert body[12:16] == b"IHDR"
    return struct.unpack(">II", body[16:24])


def test_the_manifest_and_icons_load_and_validate(browser, server):
    page = new_page(browser, PHONE)
    page.goto(server.url + "/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    answer = requests.get(server.url + href, timeout=10)
    assert answer.status_code == 200
    assert answer.headers["Content-Type"].split(";")[0] == "application/manifest+json"
    manifest = json.loads(answer.text)
    for member in ("name", "short_name", "start_url", "display", "theme_color",
                   "background_color", "icons"):
        assert manifest.get(member), member
    assert manifest["display"] == "standalone"
    sizes = {}
    for icon in manifest["icons"]:
        body = requests.get(server.url + icon["src"], timeout=10)
        assert body.status_code == 200, icon
        assert body.headers["Content-Type"].split(";")[0] == icon["type"]
        if icon["type"] == "image/png":
            width, height = png_size(body.content)
            assert icon["sizes"] == f"{width}x{height}", icon
            sizes[width] = icon
    assert {192, 512} <= set(sizes)
    # the page's own links: apple-touch-icon (180) and an icon, no empty data: icon
    for rel, size in (("apple-touch-icon", 180), ('icon"][type="image/png', 192)):
        link = page.locator(f'link[rel="{rel}"]').get_attribute("href")
        assert png_size(requests.get(server.url + link, timeout=10).content) == (size, size)
    assert page.locator('link[href="data:,"]').count() == 0
    # Chromium reads the same manifest and finds nothing in the way of installing
    cdp = page.context.new_cdp_session(page)
    read = cdp.send("Page.getAppManifest")
    assert not read.get("errors"), read.get("errors")
    assert json.loads(read["data"])["short_name"] == manifest["short_name"]
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # a Playwright context is an incognito profile, where nothing installs
    assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_join_page_offers_to_install_without_standing_in_the_way(browser, server, lang):
    room = Room(server, "pick", ["Ana"])
    page = new_page(browser, PHONE, lang)
    page.goto(f"{server.url}/j/{room.code}?lang={lang}")
    page.wait_for_selector("#join-form:not([hidden])")
    wait_js(page, "document.getElementById('join-seated').textContent.length > 0")
    install = page.locator("#install")
    # headless Chromium never fires beforeinstallprompt (it needs a person's
    # engagement with the site): the offer stays out of sight and joining works
    assert install.text_content() == {"en": "Add to home screen", "de": "Zum Startbildschirm hinzufügen"}[lang]
    assert install.is_hidden()
    switch = page.locator("#sound-switch")
    assert switch.text_content() == {"en": "Sound on", "de": "Ton an"}[lang]
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"app-join-{lang}.png"))
    page.fill("#name", "Ben")
    page.locator("#join-form button[type=submit]").tap()
    page.wait_for_selector("#play:not([hidden])")
    page.screenshot(path=str(SCREENS / f"app-phone-switch-{lang}.png"))
    switch.tap()
    assert switch.text_content() == {"en": "Sound off", "de": "Ton aus"}[lang]
    assert switch.get_attribute("aria-checked") == "false"
    page.screenshot(path=str(SCREENS / f"app-phone-switch-off-{lang}.png"))
    page.context.close()


# --- the manifest ----------------------------------------------------------------------

def test_the_manifest_is_served_as_a_manifest(client):
    """In-process: its MIME type, and a link to it on every page."""
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.mimetype == "application/manifest+json"
    assert json.loads(answer.data)["start_url"] == "/"
    for path in ("/", "/t/ABCDE", "/j/ABCDE"):
        assert b'<link rel="manifest" href="/manifest.webmanifest">' in client.get(path).data, path


# --- https ------------------------------------------------------------------------------

def test_serve_https_makes_its_certificate_prints_its_fingerprint_and_is_a_secure_context(
        browser, tmp_path):
    import hashlib
    import ssl
    import time
    port = free_port()
    # COMPANION_CONTAINER=no: CI may run in a container, where the start names no address
    env = dict(os.environ, COMPANION_LIMITS="off", COMPANION_EXTRA_GAMES="tests.fixture_game",
               PYTHONPATH=str(ROOT), COMPANION_CONTAINER="no")
    env.pop("COMPANION_PUBLIC_URL", None)
    env.pop("REDIS_URL", None)
    log = open(tmp_path / "serve.log", "w")
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--https", "--host", "127.0.0.1",
         "--port", str(port), "--db", str(tmp_path / "rooms.sqlite3")],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"https://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            assert process.poll() is None, (tmp_path / "serve.log").read_text()
            try:
                if requests.get(url + "/healthz", timeout=1, verify=False).ok:
                    break
            except requests.RequestException:
                assert time.monotonic() < deadline, "no https answer"
                time.sleep(0.1)
        # the certificate lies beside the database, and the printed fingerprint is the served one's
        assert (tmp_path / "cert.pem").exists() and (tmp_path / "key.pem").stat().st_mode & 0o077 == 0
        served = ssl.PEM_cert_to_DER_cert(ssl.get_server_certificate(("127.0.0.1", port)))
        digest = hashlib.sha256(served).hexdigest().upper()
        printed = [line for line in (tmp_path / "serve.log").read_text().splitlines()
                   if "SHA-256 fingerprint" in line]
        assert printed == [f"companion: its SHA-256 fingerprint "
                           f"{':'.join(digest[i:i + 2] for i in range(0, 64, 2))}"], printed
        assert f"open {url}/" in (tmp_path / "serve.log").read_text()

        # a phone that accepted the warning once: a secure context, the Wake Lock API there
        answer = requests.post(url + "/api/rooms", json={"game": "pick", "options": {}},
                               timeout=10, verify=False).json()
        code = answer["code"]
        seat = requests.post(f"{url}/api/rooms/{code}/seats", json={"name": "Ana"},
                             timeout=10, verify=False).json()
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                      ignore_https_errors=True)
        page = context.new_page()
        page.goto(f"{url}/j/{code}")
        page.evaluate("([c, t]) => { localStorage.setItem('companion:seat:' + c, t);"
                      " localStorage.setItem('companion:seatno:' + c, '0'); }", [code, seat["token"]])
        page.reload()
        page.wait_for_selector("#play:not([hidden])")   # the socket works over wss too
        assert page.evaluate("window.isSecureContext && 'wakeLock' in navigator")
        context.close()
    finally:
        process.terminate()
        process.wait(10)
        log.close()
    # a second start keeps the certificate (the phones' exceptions stay valid)
    before = (tmp_path / "cert.pem").read_bytes()
    from companion.cli import certificate
    assert certificate(str(tmp_path), ["127.0.0.1"])[0] == str(tmp_path / "cert.pem")
    assert (tmp_path / "cert.pem").read_bytes() == before
    certificate(str(tmp_path), ["192.168.1.23"])   # a new LAN address: a new certificate names it
    assert (tmp_path / "cert.pem").read_bytes() != before


# --- felt -----------------------------------------------------------------------------

#: tells the test (in the console) when the page asks to vibrate and when it
#: shows "your move": any query of the page by the test would count as a user
#: gesture (Playwright's own scripts do), so the test only listens until it taps
WATCH_BUZZ = """
  localStorage.setItem('companion:seat:' + CODE, TOKEN);
  localStorage.setItem('companion:seatno:' + CODE, '0');
  if (navigator.vibrate) {
    const buzz = navigator.vibrate.bind(navigator);
    navigator.vibrate = (pattern) => { console.log('test: buzz'); return buzz(pattern); };
  }
  let now = false;
  new MutationObserver(() => {
    const todo = document.getElementById('todo');
    const on = !!todo && todo.classList.contains('now');
    if (on !== now) { now = on; console.log(on ? 'test: your move' : 'test: not your move'); }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['class']});
"""


def test_the_buzz_waits_for_the_first_touch(browser, server):
    """Issue #45: a phone seated and laid down untouched asked to vibrate at
    its move, and Chrome refused it in the console ("Blocked call to
    navigator.vibrate"). Now it buzzes only once the page has been touched."""
    room = Room(server, "pick", ["Ana", "Ben"], {"rounds": 3})
    context = browser.new_context(viewport=PHONE, locale="en", has_touch=True, is_mobile=True)
    context.add_init_script(f"const CODE = {json.dumps(room.code)}, TOKEN = {json.dumps(room.tokens[0])};"
                            + WATCH_BUZZ)
    phone = context.new_page()
    said = []
    phone.on("console", lambda message: said.append(message.text))

    def heard(text, times=1):
        for _ in range(100):
            if said.count(text) >= times:
                return
            phone.wait_for_timeout(100)   # waits without running anything in the page
        raise AssertionError(f"never said {text!r}: {said}")

    phone.goto(f"{server.url}/j/{room.code}?lang=en")
    for _ in range(100):                      # the phone is connected: the server says so
        if room.view()["seats"][0]["connected"]:
            break
        phone.wait_for_timeout(100)
    room.host_act({"type": "start"})          # her move, on a page nobody touched
    heard("test: your move")
    phone.wait_for_timeout(300)
    assert "test: buzz" not in said and not [text for text in said if "vibrate" in text], said
    phone.locator("#play details.card summary").first.tap()   # the first touch
    pick_all(room, [0])
    heard("test: not your move")
    pick_all(room, [1])                       # round 2: her move again, felt
    heard("test: your move", 2)
    heard("test: buzz")
    assert said.count("test: buzz") == 1 and not [text for text in said if "Blocked" in text], said
    context.close()
