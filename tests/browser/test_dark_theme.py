"""The dark theme (issue #28), in real Chromium against a real server.

For every shipped game, in English and in German: a room played over HTTP
to a real position in the middle of a game (legal moves of the seats, the
referee's own checks), its table at 1280×800 on the host's device (a
mouse's clicks) and the phone of the seat it waits for at 390×844 (a touch
phone), both with the device's colour scheme dark.  Screenshots go to
test-artifacts/screens/dark-<game>-<lang>-{table,phone,sheet}.png.  On each
page axe's colour-contrast rule finds nothing, no large box is still a
light one (what keeps its colour is listed: QR codes, card faces, the white
side), and on the table every text is at least 20 px (issue #25).

The table's switch (the first line of the host tools: open on the board in
the lobby, folded in the side in play): a real click goes round "as the device" → dark →
light → "as the device", the choice survives a reload, and without a
choice the device's scheme rules."""
from __future__ import annotations

import random

import pytest

from tests.browser.conftest import SCREENS, hold, release, wait_js
from tests.browser.test_accessibility import AXE, SHIPPED, Room, drawn, storage
from tests.browser.test_readable import SMALL_TEXT

TABLE = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

CONTRAST = """async () => {
  const result = await axe.run(document, {runOnly: ["color-contrast"], resultTypes: ["violations"]});
  return result.violations.flatMap((v) => v.nodes.slice(0, 6).map((n) =>
    n.target.join(" ") + " -> " + n.failureSummary.replace(/\\s+/g, " ")));
}"""

#: boxes that stay light in the dark, and why: QR codes must scan, a card is a card
#: (What the Rule?!'s white cards, HOAX's and Eselsbrücke's card faces), the white
#: side of Haiclue, a yellow that marks (the thumb's aim, the first player)
KEEPS_LIGHT = (".tb-qr, .tb-claim-qr, .qr, .hx-card, .eb-card, .rules-card, .rules-id, .wtr-card, .hk-side-white, .hc-side-white, "
               ".hk-word, .hc-c-yellow, .hk-field, [data-pick].aim, .hx-first b, .hoax-revealed, "
               "form[data-type=guess] button.choice")
LIGHT_BOXES = """(keep) => {
  const out = [];
  const lum = (c) => { const m = c.match(/[\\d.]+/g); if (!m) return 0;
    const [r, g, b, a = 1] = m.map(Number); if (a < .5) return 0;
    const f = (v) => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; };
    return .2126 * f(r) + .7152 * f(g) + .0722 * f(b); };
  for (const el of document.querySelectorAll("body, body *")) {
    if (el.closest("[hidden], " + keep)) continue;
    const st = getComputedStyle(el), r = el.getBoundingClientRect();
    if (r.width * r.height < 900 || st.visibility === "hidden" || st.display === "none") continue;
    if (lum(st.backgroundColor) > .6) out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className} ${st.backgroundColor}`);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def server():
    from tests.servers import Server
    import tempfile
    srv = Server(db=str(tempfile.mkdtemp(prefix="dark") + "/rooms.sqlite3"), env={"COMPANION_LIMITS": "off"})
    yield srv
    srv.stop()


def dark_page(browser, url, size, lang, state):
    """A page with the device's colour scheme dark (CSP bypassed only so
    that axe can be injected)."""
    phone = size is PHONE
    context = browser.new_context(viewport=size, locale=lang, has_touch=phone, is_mobile=phone,
                                  color_scheme="dark", bypass_csp=True, storage_state=state)
    page = context.new_page()
    page.goto(url)
    return page


def contrast(page) -> list[str]:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text())
    return page.evaluate(CONTRAST)


def check(page, where: str, table: bool) -> list[str]:
    """What is wrong on ``page`` in the dark; its screenshot saved."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"dark-{where}.png"))
    problems = [f"{where}: contrast {p}" for p in contrast(page)]
    problems += [f"{where}: a light box {p}" for p in page.evaluate(LIGHT_BOXES, KEEPS_LIGHT)]
    if table:
        problems += [f"{where}: under 20 px {p}" for p in page.evaluate(SMALL_TEXT)]
    return problems


def started(server, game: str) -> Room:
    room = Room(server.url, game)
    room.fill()
    room.start()
    return room


def mid_game(server, game: str) -> Room:
    """A room some legal moves into its first game, still playing."""
    room = started(server, game)
    rng = random.Random(f"dark/{game}")
    for _ in range(6):
        if room.view()["status"] != "playing" or not room.random_move(rng):
            break
    assert room.view()["status"] == "playing", f"{game} ended in its first moves"
    return room


def waited_for(room: Room) -> int:
    """The seat the game waits for (else the first)."""
    for seat, token in sorted(room.tokens.items()):
        if any(t.get("required") for t in room.view(token)["actions"]):
            return seat
    return min(room.tokens)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", SHIPPED)
def test_every_game_reads_in_the_dark(server, browser, game, lang):
    room = mid_game(server, game)
    seat = waited_for(room)
    version = room.view()["version"]
    table = dark_page(browser, f"{server.url}/t/{room.code}?lang={lang}", TABLE, lang,
                      storage(server.url, room, host=True))
    phone = dark_page(browser, f"{server.url}/j/{room.code}?lang={lang}", PHONE, lang,
                      storage(server.url, room, seat=seat))
    problems: list[str] = []
    try:
        drawn(table, version)
        drawn(phone, version)
        # the device says dark and nobody chose: the palette is the dark one
        assert table.evaluate("() => !document.documentElement.dataset.theme")
        assert table.evaluate("() => getComputedStyle(document.body).colorScheme") == "dark"
        problems += check(table, f"{game}-{lang}-table", table=True)
        problems += check(phone, f"{game}-{lang}-phone", table=False)
        if phone.locator("#hold").is_visible():   # the sheet of a seat with a secret, held by a thumb
            hold(phone)
            problems += check(phone, f"{game}-{lang}-sheet", table=False)
            release(phone)
    finally:
        table.context.close()
        phone.context.close()
    assert not problems, "\n".join(problems[:30])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_tables_switch(server, browser, lang):
    """A device in light: the host's clicks go round dark, light, as the
    device; the choice stays over a reload and is in both languages."""
    room = Room(server.url, SHIPPED[0])
    context = browser.new_context(viewport=TABLE, locale=lang, color_scheme="light",
                                  storage_state=storage(server.url, room, host=True))
    page = context.new_page()
    background = "() => getComputedStyle(document.body).backgroundColor"
    try:
        page.goto(f"{server.url}/t/{room.code}?lang={lang}")
        drawn(page)
        switch = page.locator("#theme-switch")
        box = switch.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
        words = {"en": ["As the device", "Dark", "Light"], "de": ["Wie das Gerät", "Dunkel", "Hell"]}[lang]
        assert words[0] in switch.text_content()
        light = page.evaluate(background)
        switch.click()
        wait_js(page, "document.documentElement.dataset.theme === 'dark'")
        assert words[1] in switch.text_content()
        dark = page.evaluate(background)
        assert dark != light
        page.reload()
        drawn(page)
        assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
        assert page.evaluate(background) == dark
        page.locator("#theme-switch").click()
        wait_js(page, "document.documentElement.dataset.theme === 'light'")
        assert words[2] in page.locator("#theme-switch").text_content()
        page.emulate_media(color_scheme="dark")   # a choice beats the device
        assert page.evaluate(background) == light
        page.locator("#theme-switch").click()
        wait_js(page, "!document.documentElement.dataset.theme")
        assert page.evaluate(background) == dark   # no choice: the device's dark
        page.reload()
        drawn(page)
        assert page.evaluate("() => localStorage.getItem('companion.theme')") is None
        # in play the host tools fold into the side: one tap opens them, the switch is there
        room.fill()
        room.start()
        wait_js(page, "document.body.dataset.status === 'playing'")
        assert not page.locator("#theme-switch").is_visible()
        page.locator("#host-tools > summary").click()
        page.locator("#theme-switch").click()
        wait_js(page, "document.documentElement.dataset.theme === 'dark'")
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_other_pages_in_the_dark(server, browser, lang):
    """The create page, the table in the lobby and with its rules open, the
    join page and a phone's rules: dark too, readable, no light box."""
    problems: list[str] = []
    create = dark_page(browser, f"{server.url}/?lang={lang}", TABLE, lang, None)
    try:
        create.wait_for_selector("#game-list button")
        create.locator(f'button[data-game="{SHIPPED[0]}"]').click()
        problems += check(create, f"create-{lang}", table=False)
    finally:
        create.context.close()
    room = Room(server.url, SHIPPED[0])
    table = dark_page(browser, f"{server.url}/t/{room.code}?lang={lang}", TABLE, lang,
                      storage(server.url, room, host=True))
    join = dark_page(browser, f"{server.url}/j/{room.code}?lang={lang}", PHONE, lang, None)
    try:
        drawn(table)
        problems += check(table, f"lobby-{lang}-table", table=True)
        join.wait_for_selector("#join-form:not([hidden])")
        problems += check(join, f"join-{lang}-phone", table=False)
        join.fill("#name", "Sylvia")
        join.locator("#join-form button").tap()
        join.wait_for_selector("#play:not([hidden])")
        seat = int(join.evaluate(f"() => localStorage.getItem('companion:seatno:{room.code}')"))
        room.tokens[seat] = join.evaluate(f"() => localStorage.getItem('companion:seat:{room.code}')")
        room.fill()
        room.start()
        drawn(join, room.view()["version"])
        wait_js(table, "document.body.dataset.status !== 'lobby'")
        table.locator("#show-rules").click()
        table.wait_for_selector("#rules:not([hidden]) .rules-doc")
        problems += check(table, f"rules-{lang}-table", table=False)
        join.locator("#show-rules").tap()
        join.wait_for_selector("#rules[open] .rules-doc")
        problems += check(join, f"rules-{lang}-phone", table=False)
    finally:
        table.context.close()
        join.context.close()
    assert not problems, "\n".join(problems[:30])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_end_in_the_dark(server, browser, lang):
    """A game the host ended mid-way: the table's winners, chart and
    standings and a phone's end view, dark and readable."""
    room = mid_game(server, "hoax")
    rng = random.Random("dark/end")
    for _ in range(30):   # some points, so the chart has lines
        if room.view()["status"] != "playing" or not room.random_move(rng):
            break
    if room.view()["status"] == "playing":
        assert room.act(room.host, {"type": "end"})["ok"]
    version = room.view()["version"]
    table = dark_page(browser, f"{server.url}/t/{room.code}?lang={lang}", TABLE, lang,
                      storage(server.url, room, host=True))
    phone = dark_page(browser, f"{server.url}/j/{room.code}?lang={lang}", PHONE, lang,
                      storage(server.url, room, seat=min(room.tokens)))
    problems: list[str] = []
    try:
        drawn(table, version)
        drawn(phone, version)
        wait_js(table, "document.body.dataset.status === 'finished'")
        problems += check(table, f"end-{lang}-table", table=True)
        problems += check(phone, f"end-{lang}-phone", table=False)
    finally:
        table.context.close()
        phone.context.close()
    assert not problems, "\n".join(problems[:30])


def reached(server, game: str, seen) -> Room:
    """A room of ``game`` whose public view shows ``seen`` (a position
    only some games reach), found by legal random moves."""
    for attempt in range(40):
        room = started(server, game)
        rng = random.Random(f"dark/{game}/seen/{attempt}")
        for _ in range(120):
            if room.view()["status"] != "playing" or not room.random_move(rng):
                break
            if seen(room.view()["public"]):
                return room
    raise AssertionError(f"not reached in 40 random {game} games")


#: positions that only some games reach, each with what shows it on the table
RARE = {
    # a claim its player covered, or a doubt took down (CI once met one, issue #30)
    "void-claim": ("hoax", lambda public: any(c["void"] for c in public.get("claims") or []),
                   "#game-area .hx-claim.hx-void"),
    # a resolved story's card that nobody won: out of the game (in play a line of the
    # resolved stories, at the end a card; issue #40)
    "out-card": ("eselsbruecke", lambda public: any(c["taken_by"] is None for story in public.get("resolved") or []
                                                    for c in story["cards"]),
                 "#game-area .eb-story .eb-out"),
}


@pytest.mark.parametrize("rare", sorted(RARE))
def test_rare_positions_in_the_dark(server, browser, rare):
    """A void HOAX claim sinks into the felt, an Eselsbrücke card out of
    the game is greyed: in the dark neither is a light box or unreadable
    (both were: a fixed light colour, and a see-through card)."""
    game, seen, shows = RARE[rare]
    room = reached(server, game, seen)
    table = dark_page(browser, f"{server.url}/t/{room.code}?lang=en", TABLE, "en",
                      storage(server.url, room, host=True))
    try:
        drawn(table, room.view()["version"])
        assert table.locator(shows).count() >= 1
        problems = check(table, f"{rare}-en-table", table=True)
    finally:
        table.context.close()
    assert not problems, "\n".join(problems[:30])
