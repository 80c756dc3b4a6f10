"""No untranslated string anywhere (issue #12), in real Chromium against a
real server: every page of every shipped game, in German and English, in the
lobby, in play (a few random moves, the phone's secret held and not) and at
the end.  A page fails on a raw text key ("value.baron"), an unfilled
placeholder ("{name}"), an "(s)" plural, or a key its script asked for and
did not find (``Companion.missingTexts``: a made-up label such as "Buy info"
stands in for it).  Read: the page's innerText and the words of its
aria-label, title, placeholder and alt attributes.  (The conformance suite
checks the game texts themselves.)"""
from __future__ import annotations

import random
import re

import pytest

from companion import games
from tests.browser.conftest import PHONE, TABLET, hold, release, wait_js
from tests.browser.test_accessibility import NAMES, Room, open_page, storage

SHIPPED = sorted(games.shipped())
LANGS = ("en", "de")
RAW_KEY = re.compile(r"\b(page|table|option|action|field|value|log|error|ui|confirm|todo|words|kind)\.[a-z_]+\b")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
PLURAL = re.compile(r"\w\((s|n|en|e)\)")   # "player(s)", "Spieler(n)"; not a bare "(n)"
READ = """() => {
  const words = [document.body.innerText];
  document.querySelectorAll("[aria-label], [title], [placeholder], [alt]").forEach((el) => {
    ["aria-label", "title", "placeholder", "alt"].forEach((name) => {
      if (el.hasAttribute(name)) words.push(el.getAttribute(name));
    });
  });
  return {text: words.join("\\n"), missing: Array.from(Companion.missingTexts || [])};
}"""


def untranslated(page) -> list[str]:
    """What on ``page`` is not in words."""
    seen = page.evaluate(READ)
    text = seen["text"]
    found = [f"raw key {m.group(0)!r}" for m in RAW_KEY.finditer(text)]
    found += [f"placeholder {m.group(0)!r}" for m in PLACEHOLDER.finditer(text)]
    found += [f"plural {line.strip()!r}" for line in text.splitlines() if PLURAL.search(line)]
    found += [f"missing text {key!r}" for key in seen["missing"]]
    return found


def check(page, where: str, found: dict) -> None:
    for problem in untranslated(page):
        found.setdefault(problem, []).append(where)


def report(found: dict) -> str:
    return "\n".join(f"{problem}  on: {', '.join(sorted(set(wheres)))}" for problem, wheres in found.items())


def last_line(room: Room) -> int:
    log = room.view()["log"]
    return log[-1]["n"] if log else 0


def table_drawn(page, room: Room) -> None:
    """Waits until the table drew the room's newest public log line."""
    wait_js(page, f"document.querySelector('#log li[data-n=\"{last_line(room)}\"]') !== null")


def phone_drawn(page, room: Room) -> None:
    wait_js(page, f"Number(document.body.dataset.version) >= {room.view()['version']}")


# --- the pages ---------------------------------------------------------------------------

def test_the_create_page_in_both_languages(server, browser):
    found: dict = {}
    for lang in LANGS:
        page = open_page(browser, f"{server.url}/?lang={lang}", TABLET, lang, audit=False)
        try:
            page.wait_for_selector("#game-list button")
            for name in SHIPPED:
                page.locator(f'button[data-game="{name}"]').click()
                check(page, f"create ({lang}, {name})", found)
        finally:
            page.context.close()
    assert not found, report(found)


def test_the_create_page_asks_again_when_the_games_do_not_load(server, browser):
    """The list of games fails to load (the network drops the request): the
    page says so in words and asks again, and the games appear."""
    page = open_page(browser, "about:blank", TABLET, "en", audit=False)
    failed = []

    def drop_first(route):
        if not failed:
            failed.append(route.request.url)
            route.abort()
        else:
            route.continue_()
    try:
        page.route("**/api/games*", drop_first)
        page.goto(f"{server.url}/?lang=en")
        page.locator("#game-list .hint").wait_for()
        said = page.locator("#game-list").inner_text()
        assert "could not be loaded" in said and not RAW_KEY.search(said), said
        page.wait_for_selector("#game-list button")
        assert failed and page.locator("#game-list button").count() >= len(SHIPPED)
    finally:
        page.context.close()


@pytest.mark.parametrize("game_name", SHIPPED)
def test_every_page_of_every_game_in_both_languages(server, browser, game_name):
    """One room, a table and a phone per language, from the join page to the end."""
    room = Room(server.url, game_name)
    found: dict = {}
    tables = {lang: open_page(browser, f"{server.url}/t/{room.code}?lang={lang}", TABLET, lang,
                              state=storage(server.url, room, host=True), audit=False) for lang in LANGS}
    phones = {lang: open_page(browser, f"{server.url}/j/{room.code}?lang={lang}", PHONE, lang, audit=False)
              for lang in LANGS}
    try:
        for i, (lang, phone) in enumerate(phones.items()):
            phone.wait_for_selector("#join-form:not([hidden])")
            check(phone, f"join page ({lang})", found)
            phone.fill("#name", NAMES[i])
            phone.locator("#join-form button").tap()
            phone.wait_for_selector("#play:not([hidden])")
            seat, token = phone.evaluate(f"""() => [localStorage.getItem('companion:seatno:{room.code}'),
                                                     localStorage.getItem('companion:seat:{room.code}')]""")
            room.tokens[int(seat)] = token
        room.fill()
        look(room, tables, phones, "lobby", found)

        room.start()
        rng = random.Random(game_name)
        for move in range(4):
            look(room, tables, phones, f"in play, move {move}", found)
            room.play(rng, 1)
        for lang, phone in phones.items():
            # the rules are one tap away: this game's, in this language
            phone.locator("#show-rules").tap()
            phone.wait_for_selector(f'#rules[open][data-game="{game_name}"] .rules-doc[lang="{lang}"]')
            check(phone, f"phone rules ({lang})", found)
            phone.locator("#rules-close").tap()
            phone.wait_for_selector("#rules:not([open])", state="attached")

        assert room.act(room.host, {"type": "end"})["ok"]
        look(room, tables, phones, "ended", found)
    finally:
        for page in list(tables.values()) + list(phones.values()):
            page.context.close()
    assert not found, report(found)


def look(room: Room, tables: dict, phones: dict, when: str, found: dict) -> None:
    """Every table and phone page, once the room's newest view is drawn; the
    phones also with their secret held (one finger on the bar; the lobby
    has no bar)."""
    for lang, table in tables.items():
        table_drawn(table, room)
        check(table, f"table ({lang}, {when})", found)
    for lang, phone in phones.items():
        phone_drawn(phone, room)
        check(phone, f"phone ({lang}, {when})", found)
        if when == "lobby":
            assert phone.locator("#hold").is_hidden(), f"phone ({lang}): a reveal bar in the lobby"
            continue
        if phone.locator("#hold").is_hidden():   # nothing secret at this step: no bar to hold
            continue
        hold(phone)
        check(phone, f"phone held ({lang}, {when})", found)
        release(phone)


def test_the_check_finds_what_it_should(server, browser):
    """A raw key, a placeholder, an "(s)" and a missing key are all found."""
    room = Room(server.url, SHIPPED[0])
    page = open_page(browser, f"{server.url}/j/{room.code}", audit=False)
    try:
        page.wait_for_selector("#join-form:not([hidden])")
        assert untranslated(page) == []
        page.evaluate("""() => { document.getElementById("join-error").hidden = false;
            document.getElementById("join-error").textContent = "value.baron {name} 2 player(s) " +
              Companion.t("page.no_such_text"); }""")
        problems = " ".join(untranslated(page))
        for expected in ("raw key 'value.baron'", "placeholder '{name}'", "plural", "missing text 'page.no_such_text'",
                         "raw key 'page.no_such_text'"):
            assert expected in problems, (expected, problems)
    finally:
        page.context.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real server without per-address limits (many rooms from one address)."""
    from tests.servers import Server
    srv = Server(db=str(tmp_path_factory.mktemp("texts") / "rooms.sqlite3"), env={"COMPANION_LIMITS": "off"})
    yield srv
    srv.stop()
