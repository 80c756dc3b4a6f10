"""Whole games through the screens only (issue #25, "played through"): a
tablet (1280×800, real clicks) creates the room with the mode's options on
the create page, phones (390×844, real touch) join by the table's join URL,
the host starts, the phones play every move from what their screens offer,
and the evening ends on the table's standings and the phones' end view.
The pages alternate languages; any console error fails the test; every
step worth seeing is saved under test-artifacts/screens/.

No API call moves the game: ``public`` reads the room for assertions only.
A game's test brings its own policy (which move a player makes); this
module gives the primitives a player's hand has on each screen."""
from __future__ import annotations

import re

import requests

from tests.browser.conftest import (BEFORE_SENDING, FIRST_MINUTES, RAW, SCREENS, explained, fill_form, hold,
                                    release, wait_js)

TABLE_SIZE = {"width": 1280, "height": 800}
PHONE_SIZE = {"width": 390, "height": 844}


class Evening:
    """One room at one table: the tablet and its phones, in ``langs``
    (the tablet takes ``langs[0]``, the phones take them in turn)."""

    def __init__(self, browser, server, game, names, langs=("en", "de"), options=None,
                 prefix=None):
        self.browser, self.server, self.game = browser, server, game
        self.prefix = prefix or game
        self.errors: list[str] = []
        self.tablet = self.page(TABLE_SIZE, langs[0])
        self.create(options or {})
        self.phones = [self.join(name, langs[(i + 1) % len(langs)]) for i, name in enumerate(names)]
        wait_js(self.tablet, f"document.querySelectorAll('#seats .dot.on').length === {len(names)}")
        self.shot(self.tablet, "lobby")

    # --- pages -------------------------------------------------------------
    def page(self, size, lang):
        phone = size["width"] < 600   # a phone-sized page is a touch phone
        context = self.browser.new_context(viewport=size, locale=lang, has_touch=phone,
                                           is_mobile=phone)
        page = context.new_page()
        name = f"{'phone' if phone else 'tablet'}:{lang}"
        page.on("console", lambda msg: msg.type == "error" and self.errors.append(f"{name}: {msg.text}"))
        page.on("pageerror", lambda err: self.errors.append(f"{name}: {err}"))
        return page

    def create(self, options):
        tablet = self.tablet
        tablet.goto(self.server.url + "/")
        tablet.locator(f'button[data-game="{self.game}"]').click()
        for name, value in options.items():
            field = tablet.locator(f"#opt-{name}")
            if isinstance(value, bool):
                field.set_checked(value)
            elif field.evaluate("el => el.tagName") == "SELECT":
                field.select_option(str(value))
            else:
                field.fill(str(value))
        self.shot(tablet, "create")
        tablet.locator("#create").click()
        tablet.wait_for_url(re.compile(r"/t/[A-Z]{5}$"))
        wait_js(tablet, "document.getElementById('join-url').textContent.length > 0")
        self.code = tablet.url.rsplit("/", 1)[1]

    def join(self, name, lang):
        phone = self.page(PHONE_SIZE, lang)
        phone.goto(self.tablet.locator("#join-url").text_content())
        phone.fill("#name", name)
        phone.locator("#join-form button").tap()
        phone.wait_for_selector("#play:not([hidden])")
        return phone

    def shot(self, page, what):
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / f"play-{self.prefix}-{what}.png"), full_page=True)

    # --- reading (assertions only) ----------------------------------------
    def public(self) -> dict:
        return requests.get(f"{self.server.url}/api/rooms/{self.code}", timeout=10).json()

    def seat_view(self, phone) -> dict:
        """The seat's own view, read with the token its phone keeps (what
        a gesture chose is what the room holds)."""
        token = phone.evaluate(f"localStorage.getItem('companion:seat:{self.code}')")
        return requests.get(f"{self.server.url}/api/rooms/{self.code}", timeout=10,
                            headers={"Authorization": f"Bearer {token}"}).json()

    def settle(self):
        """Every page shows the room's newest version; in explain mode the
        table says what it waits for (issue #29), and its first few
        settled screens are saved."""
        view = self.public()
        for page in [self.tablet, *self.phones]:
            wait_js(page, f"Number(document.body.dataset.version) >= {view['version']}")
        if view["explain"] and view["status"] == "playing":
            # (drawn even where a big board hides the box to fit: table.js fitExplain)
            said = (self.tablet.locator("#explain-now").text_content() or "").strip()
            assert said and not RAW.search(said), f"the table explains {said!r}"
            self.settled = getattr(self, "settled", 0) + 1
            if self.settled <= FIRST_MINUTES:
                self.shot(self.tablet, f"explain-{self.settled}")
        elif not view["explain"]:   # off: the screens look as before
            assert self.tablet.locator("#explain").is_hidden()
            for phone in self.phones:
                assert not phone.locator("#explain-now:not([hidden]), .move-help").count()

    # --- the host's hand (clicks on the tablet) ----------------------------
    def host(self, action_type, choose=None):
        """The host uses its tool ``action_type`` (tapping the values in
        ``choose``, else the first of each row) and confirms where asked."""
        tablet = self.tablet
        box = tablet.locator("#host-tools")
        if not box.evaluate("el => el.open"):
            box.locator("summary").first.click()
        form = tablet.locator(f'#host-actions form[data-type="{action_type}"]').first
        version = tablet.evaluate("Number(document.body.dataset.version)")
        fill_form(form, choose or {}, click=True)
        answer(tablet, version, click=True)

    def start(self):
        self.host("start")
        for phone in self.phones:
            wait_js(phone, "document.body.dataset.status === 'playing' || "
                           "document.getElementById('todo').className.includes('now') || "
                           "!/lobby|Lobby/.test(document.getElementById('todo-text').textContent)")
        self.shot(self.tablet, "start")

    # --- a player's hand (touch on the phones) -----------------------------
    def finish(self, winners_expected=True):
        """The game is over: the table shows the winners and the evening's
        standings, every phone its end view with everyone's score."""
        view = self.public()
        assert view["status"] == "finished", view["status"]
        self.settle()
        final = self.tablet.locator("#final")
        final.wait_for(state="visible")
        assert self.tablet.locator(".tb-standings").count(), "no standings on the table"
        self.shot(self.tablet, "end")
        for i, phone in enumerate(self.phones):
            phone.wait_for_selector("#ending:not([hidden])")
            text = phone.locator("#ending").inner_text()
            for seat in view["seats"]:
                assert seat["name"] in text, (seat["name"], text)
            self.shot(phone, f"end-{i}")
        if winners_expected:
            assert view["winners"], "nobody won"
        assert not self.errors, self.errors


def must(phone) -> bool:
    """The phone says "your move" (the game cannot go on without it)."""
    return "now" in (phone.locator("#todo").get_attribute("class") or "").split()


def offered(phone, where="#actions") -> list[str]:
    """The action types the phone shows openly in ``where``."""
    return phone.eval_on_selector_all(f"{where} form[data-type]",
                                      "els => els.map((el) => el.dataset.type)")


def secret_offered(phone) -> list[str]:
    """The secret choices the sheet offers (looked at while held)."""
    if phone.locator("#secret").is_hidden():
        return []
    hold(phone)
    types = phone.eval_on_selector_all("#secret-actions [data-type]",
                                       "els => [...new Set(els.map((el) => el.dataset.type))]")
    release(phone)
    return types


def play_form(phone, action_type, choose=None, where="#actions"):
    """Sends the phone's open form ``action_type`` (answering its confirm)."""
    version = phone.evaluate(BEFORE_SENDING)
    form = phone.locator(f'{where} form[data-type="{action_type}"]').first
    explained(phone, form, f"{where} {action_type}")
    fill_form(form, choose or {})
    answer(phone, version)


def answer(page, version, click=False):
    """Says yes to the confirm the last tap opened (if it asks), then waits
    for the server's answer: a newer view drawn, or a refusal shown."""
    wait_js(page, f"Number(document.body.dataset.version) > {version} || "
                  "!!document.querySelector('#confirm[open]') || "
                  "!document.getElementById('toast').hidden")
    if page.locator("#confirm[open]").count():
        yes = page.locator("#confirm-yes")
        yes.click() if click else yes.tap()
        wait_js(page, f"Number(document.body.dataset.version) > {version} || "
                      "!document.getElementById('toast').hidden")



def clear_announcements(tablet):
    """Clicks the table's announcements away, as a host does (they cover
    the middle for a few seconds after each decisive move)."""
    from playwright.sync_api import TimeoutError as NotClicked
    for _ in range(12):
        box = tablet.locator("#announce")
        if box.is_hidden():
            break
        try:
            box.click(timeout=5000)
        except NotClicked:   # it went to the log by itself meanwhile (a busy machine)
            continue
        # the card flies to the log (650 ms): then the next one shows, or none
        wait_js(tablet, "document.getElementById('announce').hidden || "
                        "!(document.querySelector('#announce .tb-announce-card') || {style: {}}).style.transform")


def table_shot(evening: Evening, name: str):
    """The table's screen, once its announcements are clicked away."""
    clear_announcements(evening.tablet)
    evening.shot(evening.tablet, name)


def no_raw_text(page, where):
    """No raw placeholder, no "(s)", no text key the page could not find."""
    text = page.locator("body").inner_text()
    assert not re.search(r"\{[a-z_]+\}", text), f"{where}: a raw placeholder in {text!r}"
    assert "(s)" not in text, f"{where}: a '(s)' in {text!r}"
    assert not page.evaluate("Array.from(Companion.missingTexts || [])"), f"{where}: missing texts"
