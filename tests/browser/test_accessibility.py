"""Accessibility of every page (issue #12), in real Chromium against a real
server: axe-core (node_modules/axe-core, installed by ``npm ci``, never
served by the app) finds no serious or critical violation on the create
page, the join page, and the table and phone pages of every shipped game,
in the lobby and in play (the phone's secret held, its rules open, the
host's tools open), each in the light and in the dark theme (issue #28: the
device's colour scheme emulated dark; the table turned dark by its switch,
a real click).  axe is injected into a context made with
``bypass_csp=True`` for these tests only: the app's CSP allows no inline
script.

Colour is never the only signal: a connected and an offline seat, the seat
the game waits for and the others, a chosen and an unchosen choice differ in
something besides colour (shape, border, weight or a mark)."""
from __future__ import annotations

import random
import re

import pytest
import requests

from companion import games
from companion.games.base import sample_action
from tests.browser.conftest import PHONE, TABLET, hold, release, slide, wait_js
from tests.servers import ROOT, Server

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom", "Anna", "Jan"]
PLATFORM_TYPES = {"start", "seat_order", "kick", "reopen_seat", "undo", "end", "rematch",
                  "new_game", "rename", "leave", "explain"}
SHIPPED = sorted(games.shipped())
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id} (${v.help}): ` +
      v.nodes.slice(0, 4).map((n) => n.target.join(" ") + " -> " + n.failureSummary.replace(/\\s+/g, " ")).join(" | "));
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real server without per-address limits (many rooms from one address)."""
    srv = Server(db=str(tmp_path_factory.mktemp("a11y") / "rooms.sqlite3"),
                 env={"COMPANION_LIMITS": "off"})
    yield srv
    srv.stop()


# --- rooms over HTTP ----------------------------------------------------------------

class Room:
    """A room on the real server: the host token and the seats' tokens."""

    def __init__(self, url: str, game: str):
        self.url, self.game = url, game
        made = requests.post(f"{url}/api/rooms", json={"game": game, "options": {}}, timeout=10)
        assert made.status_code == 201, made.text
        self.code, self.host = made.json()["code"], made.json()["host_token"]
        self.tokens: dict[int, str] = {}

    def seat(self, name: str) -> int:
        answer = requests.post(f"{self.url}/api/rooms/{self.code}/seats", json={"name": name}, timeout=10)
        assert answer.status_code == 201, answer.text
        self.tokens[answer.json()["seat"]] = answer.json()["token"]
        return answer.json()["seat"]

    def fill(self) -> None:
        """Seats up to the game's smallest table."""
        low, _ = games.get(self.game).player_range({})
        for name in NAMES[len(self.tokens):low]:
            self.seat(name)

    def act(self, token: str, action: dict) -> dict:
        return requests.post(f"{self.url}/api/rooms/{self.code}/actions", json=action, timeout=10,
                             headers={"Authorization": f"Bearer {token}"}).json()

    def start(self) -> None:
        answer = self.act(self.host, {"type": "start"})
        assert answer["ok"], answer

    def view(self, token: str | None = None) -> dict:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return requests.get(f"{self.url}/api/rooms/{self.code}", headers=headers, timeout=10).json()

    def random_move(self, rng: random.Random) -> bool:
        """A legal move of some seat, mostly one the game waits for (the host
        closes a step nobody can move in).  False: nothing to do."""
        choices = [(token, tpl) for token in self.tokens.values() for tpl in self.view(token)["actions"]
                   if tpl["type"] not in PLATFORM_TYPES]
        if not choices:
            choices = [(self.host, tpl) for tpl in self.view(self.host)["actions"] if tpl["type"] == "close"]
        required = [choice for choice in choices if choice[1].get("required")]
        if not choices:
            return False
        token, tpl = rng.choice(required if required and rng.random() < 0.85 else choices)
        self.act(token, sample_action(tpl, rng))
        return True

    def play(self, rng: random.Random, moves: int) -> None:
        for _ in range(moves):
            if self.view()["status"] != "playing" or not self.random_move(rng):
                return


def storage(url: str, room: Room, seat: int | None = None, host: bool = False) -> dict:
    """localStorage of a device that holds a seat's or the host's token."""
    items = []
    if seat is not None:
        items += [{"name": f"companion:seat:{room.code}", "value": room.tokens[seat]},
                  {"name": f"companion:seatno:{room.code}", "value": str(seat)}]
    if host:
        items.append({"name": f"companion:host:{room.code}", "value": room.host})
    return {"cookies": [], "origins": [{"origin": url, "localStorage": items}]}


def open_page(browser, url: str, size=PHONE, lang: str = "en", state: dict | None = None, audit: bool = True,
              scheme: str = "light"):
    """A page in its own context (``audit``: with the CSP bypassed so that
    axe can be injected; ``scheme``: the device's colour scheme)."""
    context = browser.new_context(viewport=size, locale=lang, has_touch=size is PHONE, color_scheme=scheme,
                                  is_mobile=size is PHONE, bypass_csp=audit,
                                  storage_state=state or {"cookies": [], "origins": []})
    page = context.new_page()
    page.goto(url)
    return page


def drawn(page, version: int | None = None) -> None:
    """Waits until a phone drew a view (``version``) or a table its seats."""
    if version is None:
        wait_js(page, "document.body.dataset.version !== undefined || document.body.dataset.status !== undefined")
    else:
        wait_js(page, f"Number(document.body.dataset.version) >= {version}")


def violations(page) -> list[str]:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text())
    return page.evaluate(RUN_AXE)


def audit(page, where: str, found: dict) -> None:
    """Adds what axe finds on ``page`` to ``found`` (problem -> where seen)."""
    for problem in violations(page):
        found.setdefault(problem, []).append(where)


def report(found: dict) -> str:
    return "\n".join(f"{problem}\n    on: {', '.join(wheres)}" for problem, wheres in found.items())


# --- the pages ---------------------------------------------------------------------------

def dark_by_switch(table) -> None:
    """The host's click on the table's theme switch (the host tools' first
    line), from "as the device" (light here) to dark."""
    wait_js(table, "!document.getElementById('host-tools').hidden")
    if not table.locator("#host-tools").evaluate("(d) => d.open"):
        table.locator("#host-tools > summary").click()
    table.locator("#theme-switch").click()
    wait_js(table, "document.documentElement.dataset.theme === 'dark'")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_create_page_with_every_game_chosen(server, browser, lang, scheme):
    page = open_page(browser, f"{server.url}/?lang={lang}", TABLET, lang, scheme=scheme)
    found: dict = {}
    try:
        page.wait_for_selector("#game-list button")
        for name in SHIPPED:
            page.locator(f'button[data-game="{name}"]').click()
            audit(page, f"create page ({lang}, {scheme}), {name} chosen", found)
    finally:
        page.context.close()
    assert not found, report(found)


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("game_name", SHIPPED)
def test_join_table_and_phone_pages_of_every_game(server, browser, game_name, theme):
    """``dark``: the phone's device says dark; the table's device says
    light and the host turns it dark with the switch."""
    room = Room(server.url, game_name)
    found: dict = {}
    phone = open_page(browser, f"{server.url}/j/{room.code}", scheme=theme)
    table = open_page(browser, f"{server.url}/t/{room.code}", TABLET, state=storage(server.url, room, host=True))
    try:
        if theme == "dark":
            dark_by_switch(table)
        phone.wait_for_selector("#join-form:not([hidden])")
        audit(phone, "join page", found)
        phone.fill("#name", NAMES[0])
        phone.locator("#join-form button").tap()
        phone.wait_for_selector("#play:not([hidden])")
        seat, token = phone.evaluate(f"""() => [localStorage.getItem('companion:seatno:{room.code}'),
                                                 localStorage.getItem('companion:seat:{room.code}')]""")
        room.tokens[int(seat)] = token
        room.fill()
        drawn(phone, room.view()["version"])
        drawn(table)
        audit(phone, "phone page, lobby", found)
        audit(table, "table page, lobby (host)", found)

        room.start()
        room.play(random.Random(game_name), 4)
        version = room.view()["version"]
        drawn(phone, version)
        wait_js(table, "document.body.dataset.status !== 'lobby'")
        audit(table, "table page, in play", found)
        table.locator("#show-rules").click()
        table.wait_for_selector("#rules:not([hidden]) .rules-doc")
        audit(table, "table page, rules open", found)
        audit(phone, "phone page, in play", found)
        if phone.locator("#hold").is_visible():   # the bar shows only while the phone has a secret
            hold(phone)
            audit(phone, "phone page, secret held", found)
            release(phone)
            # a screen reader's way: the "stay" control (focused, activated)
            # shows the sheet until its hide button
            phone.locator("#reveal-stay").focus()
            phone.keyboard.press("Enter")
            wait_js(phone, "document.body.classList.contains('stay')")
            audit(phone, "phone page, secret shown to stay (screen reader)", found)
            phone.locator("#reveal-hide").tap()
            wait_js(phone, "!document.body.classList.contains('revealed')")
        phone.locator("#show-rules").tap()
        phone.wait_for_selector("#rules[open] .rules-doc")
        audit(phone, "phone page, rules open", found)
    finally:
        phone.context.close()
        table.context.close()
    assert not found, report(found)


def test_axe_finds_what_it_should(server, browser):
    """The audit can fail: a button without a name is a critical violation."""
    room = Room(server.url, SHIPPED[0])
    page = open_page(browser, f"{server.url}/j/{room.code}")
    try:
        page.wait_for_selector("#join-form:not([hidden])")
        page.evaluate("""() => { const b = document.createElement("button");
            document.querySelector("main").appendChild(b); }""")
        assert any(" button-name " in problem for problem in violations(page))
    finally:
        page.context.close()


# --- colour is never the only signal ---------------------------------------------------

#: the computed style of an element and its ::before/::after with every
#: colour taken out (a ring drawn by a box-shadow stays a ring; a background
#: colour becomes nothing); opacity counts as colour
STYLE_WITHOUT_COLOUR = """(el) => {
  const out = {};
  const colour = /rgba?\\([^)]*\\)|#[0-9a-f]{3,8}\\b|\\b(transparent|currentcolor)\\b/gi;
  for (const pseudo of [null, "::before", "::after"]) {
    const style = getComputedStyle(el, pseudo);
    for (const name of style) {
      if (name === "opacity" || name.endsWith("color")) continue;
      out[(pseudo || "") + name] = style.getPropertyValue(name).replace(colour, "").replace(/\\s+/g, " ").trim();
    }
  }
  return out;
}"""
#: position and size follow from the content: what differs must be the look
LAYOUT = re.compile(r"^(::before|::after)?(width|height|inline-size|block-size|inset.*|top|left|right|bottom|"
                    r"transform-origin|perspective-origin|d|x|y|r|cx|cy)$")


def differs_beyond_colour(page, one: str, other: str) -> list[str]:
    """The properties (colour left out) in which ``one`` and ``other`` differ."""
    a = page.locator(one).first.evaluate(STYLE_WITHOUT_COLOUR)
    b = page.locator(other).first.evaluate(STYLE_WITHOUT_COLOUR)
    return [name for name in a if a[name] != b.get(name) and not LAYOUT.match(name)]


def mark(page, selector: str, css_class: str, on: bool) -> None:
    """Sets ``css_class`` on the first match, the way the page's script does."""
    page.locator(selector).first.evaluate(f"(el) => el.classList.toggle({css_class!r}, {str(on).lower()})")


def test_colour_is_never_the_only_signal(server, browser):
    room = Room(server.url, "hoax")
    room.fill()
    room.start()
    for token in room.tokens.values():   # the covers (secret choices) over HTTP: then open forms follow
        own = room.view(token)["you"]["secret"]["identity"]
        listed = next(t for t in room.view(token)["actions"] if t["type"] == "cover")["fields"]["identity"]
        assert room.act(token, {"type": "cover", "identity": next(i for i in listed if i != own)})["ok"]
    phone = open_page(browser, f"{server.url}/j/{room.code}", state=storage(server.url, room, seat=room.view()["public"]["to_move"]), audit=False)
    table = open_page(browser, f"{server.url}/t/{room.code}", TABLET, audit=False)
    try:
        drawn(phone, room.view()["version"])
        wait_js(table, "document.querySelector('#seats .dot.on') !== null")   # seat 0's phone; the others offline
        for page in (phone, table):
            where = "phone" if page is phone else "table"
            assert differs_beyond_colour(page, "#seats .dot.on", "#seats .dot.off"), f"{where}: connected or not"
            # the seat the game waits for, beside one it does not
            mark(page, "#seats li:nth-child(1)", "turn", True)
            mark(page, "#seats li:nth-child(2)", "turn", False)
            assert differs_beyond_colour(page, "#seats li:nth-child(1)", "#seats li:nth-child(2)"), \
                f"{where}: whose turn it is"
        # a row of open choices: one chosen, one not
        phone.wait_for_selector("form.action .choice")
        mark(phone, "form.action .choice", "on", True)
        assert differs_beyond_colour(phone, "form.action .choice.on", "form.action .choice:not(.on)"), "a chosen choice"
        # the secret choice the held thumb is on (what letting go picks), beside the others
        secret = Room(server.url, "factum")
        secret.fill()
        secret.start()
        rng = random.Random("colour/factum")
        for _ in range(200):
            mine = [t for t in secret.view(secret.tokens[0])["actions"] if t.get("secret")]
            if mine or secret.view()["status"] != "playing" or not secret.random_move(rng):
                break
        assert mine, "factum offered seat 0 no secret choice"
        sheet = open_page(browser, f"{server.url}/j/{secret.code}", state=storage(server.url, secret, seat=0),
                          audit=False)
        try:
            drawn(sheet, secret.view()["version"])
            hold(sheet)
            choices = sheet.locator("#secret-actions [data-pick]")
            assert choices.count() >= 2, "the sheet offers fewer than two choices"
            slide(sheet, choices.first)
            wait_js(sheet, "document.querySelectorAll('#secret-actions [data-pick].aim').length === 1")
            assert differs_beyond_colour(sheet, "#secret-actions [data-pick].aim",
                                         "#secret-actions [data-pick]:not(.aim)"), "the choice under the thumb"
            slide(sheet, "#hold")   # back onto the bar: letting go there picks nothing
            release(sheet)
        finally:
            sheet.context.close()
        create = open_page(browser, f"{server.url}/", TABLET, audit=False)
        try:
            create.locator('button[data-game="hoax"]').click()
            assert differs_beyond_colour(create, "#game-list .choice.on", "#game-list .choice:not(.on)"), \
                "the chosen game"
        finally:
            create.context.close()
    finally:
        phone.context.close()
        table.context.close()
