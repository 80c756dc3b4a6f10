"""The evening to keep (issue #28) in a real Chromium: two games of
Haiclue played over HTTP while the tablet shows the room (the play-throughs
play every game through the screens; this test is about what the evening
keeps), then the host opens the evening page on the tablet with a click:
it matches the table's standings; printed (A4, no buttons) and on a
phone-sized screen, in English and German; its HTML download opens from
disk with the network blocked and shows the same standings; its CSV has a
row per game and seat.  Names that are markup or a formula stay text."""
from __future__ import annotations

import csv
import io
import random
import re

import pytest

from tests.browser.conftest import SCREENS, wait_js
from tests.browser.playthrough import clear_announcements
from tests.browser.test_readable import END_CUT
from tests.browser.test_table_board import BOARD, Room, open_board

NAMES = ["Anna", "<img src=x onerror=alert(1)>", "=HYPERLINK(1)", "Dörte"]
WORDS = {"blue": "sea", "red": "fire", "green": "leaf", "yellow": "sun"}


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def play_one(room: Room, rng: random.Random):
    """One game of Haiclue to its end, by random legal moves of the seats."""
    room.host_act({"type": "start"})
    room.host_act({"type": "words", **WORDS})
    view = room.play(rng, steps=3000)
    assert view["status"] == "finished", view["status"]


def table_standings(tablet) -> list[tuple[str, int]]:
    """The table's own standings (its end panel): each name and its wins."""
    rows = tablet.locator(".tb-standings tbody tr")
    out = []
    for i in range(rows.count()):
        row = rows.nth(i)
        name = row.locator("th").inner_text().strip()
        wins = int(re.search(r"\d+", row.locator(".tb-total").inner_text()).group())
        out.append((name, wins))
    return out


def evening_standings(page) -> list[tuple[str, int]]:
    rows = page.locator(".ev-standings tbody tr")
    return [(rows.nth(i).locator(".ev-name").inner_text().strip(),
             int(rows.nth(i).locator(".ev-wins").inner_text()))
            for i in range(rows.count())]


def shot(page, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"evening-{name}.png"), full_page=True)


def ready(page):
    wait_js(page, "document.body.dataset.ready === '1'")


def test_the_evening_printed_downloaded_and_opened_offline(server, browser, tmp_path):
    room = Room(server, "haiclue", NAMES, {"words": True})
    tablet = open_board(browser, server, room, BOARD, "en")   # the tablet holds the host token
    table_errors = []
    tablet.on("console", lambda msg: msg.type == "error" and table_errors.append(msg.text))
    tablet.on("pageerror", lambda err: table_errors.append(str(err)))
    rng = random.Random("evening")
    play_one(room, rng)
    room.host_act({"type": "rematch"})
    play_one(room, rng)
    view = room.view()
    wait_js(tablet, f"Number(document.body.dataset.version) >= {view['version']}")
    tablet.locator(".tb-standings").wait_for(state="visible")
    clear_announcements(tablet)
    shot(tablet, "table-end")
    # a name that is long (here markup) shortens in the chart, never widening it over the standings
    assert not tablet.evaluate(END_CUT), tablet.evaluate(END_CUT)[:8]
    on_table = table_standings(tablet)
    assert len(view["evening"]["games"]) == 2 and sum(w for _, w in on_table) >= 2
    assert sorted(n for n, _ in on_table) == sorted(NAMES)

    # the host's evening page, opened from the host tools with a real click (a new tab
    # on the tablet that holds the host token)
    tools = tablet.locator("#host-tools")
    if tools.get_attribute("open") is None:
        tools.locator("summary").first.click()
    with tablet.context.expect_page() as opened:
        tablet.locator("#evening-link").click()
    page = opened.value
    page.set_viewport_size({"width": 1280, "height": 800})
    errors = []
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{server.url}/t/{room.code}/evening?lang=en")   # in English, whatever the tablet's language
    ready(page)
    assert evening_standings(page) == on_table
    assert page.locator(".ev-game").count() == 2
    assert page.locator(".ev-game svg.ev-chart").count() >= 1   # the last game's chart
    assert page.locator("img").count() == 0                      # a name is text, never markup
    text = page.locator("#ev-content").inner_text()
    for name in NAMES:
        assert name in text
    shot(page, "1280-en-screen")
    page.emulate_media(media="print")
    assert page.locator(".ev-tools").is_hidden() and page.locator("#ev-print").is_hidden()
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
    shot(page, "1280-en-print")
    page.emulate_media(media="screen")

    # downloads: the HTML file and the CSV, by real clicks
    with page.expect_download() as info:
        page.locator("#ev-html").click()
    html_path = tmp_path / info.value.suggested_filename
    info.value.save_as(html_path)
    assert re.fullmatch(rf"evening-{room.code}-\d{{4}}-\d\d-\d\d\.html", html_path.name)
    with page.expect_download() as info:
        page.locator("#ev-csv").click()
    csv_text = info.value.path().read_bytes().decode("utf-8-sig")
    games, standings = csv_text.split("\r\n\r\n")
    game_rows = list(csv.reader(io.StringIO(games)))
    assert game_rows[0] == ["game no", "game", "player", "points", "won"]
    assert len(game_rows) == 1 + 2 * len(NAMES)
    assert {r[2] for r in game_rows[1:]} == {"Anna", NAMES[1], "'" + NAMES[2], "Dörte"}
    winners = [[r[2] for r in game_rows[1:] if r[0] == str(no) and r[4] == "1"] for no in (1, 2)]
    assert all(winners)
    stand_rows = list(csv.reader(io.StringIO(standings)))
    assert [(r[1].removeprefix("'"), int(r[2])) for r in stand_rows[1:]] == on_table

    # the file from disk, in a fresh context with the network blocked
    offline = browser.new_context(viewport={"width": 1280, "height": 800})
    asked = []
    offline.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
                  else (asked.append(route.request.url), route.abort()))
    disk = offline.new_page()
    disk.on("request", lambda request: None if request.url.startswith("file:") else asked.append(request.url))
    disk.goto(html_path.as_uri())
    assert evening_standings(disk) == on_table
    assert disk.locator(".ev-game").count() == 2 and disk.locator("script").count() == 0
    assert disk.evaluate("getComputedStyle(document.querySelector('.ev-standings-box')).borderRadius") == "14px"
    assert not asked, asked
    shot(disk, "file-offline")
    offline.close()

    # German, by the page's own switch, then a phone-sized screen
    page.locator("#ev-lang").click()
    page.wait_for_url(re.compile(r"lang=de"))
    ready(page)
    assert page.locator("h1").inner_text().startswith("Der Abend in Raum")
    assert evening_standings(page) == on_table
    shot(page, "1280-de-screen")
    page.emulate_media(media="print")
    shot(page, "1280-de-print")
    page.emulate_media(media="screen")
    for lang in ("de", "en"):
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(f"{server.url}/t/{room.code}/evening?lang={lang}")
        ready(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, f"390-{lang}-screen")
        page.emulate_media(media="print")
        shot(page, f"390-{lang}-print")
        page.emulate_media(media="screen")
    assert not errors, errors
    assert not table_errors, table_errors


def test_without_the_host_token_the_page_says_why(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de")
    page = context.new_page()
    import requests
    code = requests.post(f"{server.url}/api/rooms", json={"game": "haiclue", "options": {}}, timeout=10).json()["code"]
    page.goto(f"{server.url}/t/{code}/evening?lang=de")
    wait_js(page, "document.body.dataset.ready === 'error'")
    message = page.locator("#ev-status").inner_text()
    assert "Nur der Tisch" in message and page.locator("#ev-html").is_disabled()
    shot(page, "390-de-no-host")
    context.close()
