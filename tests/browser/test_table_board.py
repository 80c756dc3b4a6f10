"""The table screen reads from across the table (issue #12), in real
Chromium against a real server; games are driven over HTTP.

For every shipped game, at 1280×800: the step in at least 32 px, names and
scores in at least 24 px, no raw text key and no "(s)" on screen.  The join
code is large in the lobby, in a corner during play and large again on
demand; "End the game" leaves no "Next to act"; a decisive event is
announced in the middle; log numbers past 99 are whole; the end shows the
points chart and the evening's standings with titles and real plurals; the
rules are one tap away for every game in both languages; the start page
joins by code and labels choices in words.

Screenshots of each game's table at 1280×800 and 1024×768 in both languages
go to /tmp/shots/table/ (COMPANION_TABLE_SHOTS overrides)."""
from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
import requests

from companion import games
from companion.errors import ServiceError, error_answer
from companion.games.base import copied, sample_action
from companion.service import Service
from companion.store.sqlite import SqliteStore
from tests.browser.conftest import new_page
from tests.servers import Server

SHOTS = Path(os.environ.get("COMPANION_TABLE_SHOTS", "/tmp/shots/table"))
BOARD = {"width": 1280, "height": 800}
SMALL = {"width": 1024, "height": 768}
NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom"]
PLATFORM_TYPES = {"start", "seat_order", "kick", "reopen_seat", "undo", "end", "rematch",
                  "new_game", "rename", "leave", "explain"}
RAW_KEY = re.compile(r"\b(option|action|field|value|log|error|page|ui)\.[a-z_]+")
SHIPPED = sorted(name for name, game in games.all_games().items()
                 if type(game).__module__.startswith("companion."))   # not the tests' fixture game


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real server without per-address limits: these tests open many rooms
    and seats from one address."""
    srv = Server(db=str(tmp_path_factory.mktemp("board") / "rooms.sqlite3"),
                 env={"COMPANION_LIMITS": "off"})
    yield srv
    srv.stop()


# --- rooms over HTTP -------------------------------------------------------------

class Room:
    """A room on the real server, driven over HTTP (host token and seats)."""

    def __init__(self, server, game: str, names: list[str], options: dict | None = None):
        self.url = server.url
        # one kept-alive connection: a random game is thousands of requests
        self.http = requests.Session()
        answer = self.http.post(f"{self.url}/api/rooms", json={"game": game, "options": options or {}},
                               timeout=10)
        assert answer.status_code == 201, answer.text
        self.code, self.host = answer.json()["code"], answer.json()["host_token"]
        self.tokens: dict[int, str] = {}
        for name in names:
            seat = self.http.post(f"{self.url}/api/rooms/{self.code}/seats", json={"name": name},
                                 timeout=10).json()
            self.tokens[seat["seat"]] = seat["token"]

    def act(self, token: str, action: dict) -> dict:
        return self.http.post(f"{self.url}/api/rooms/{self.code}/actions", json=action, timeout=10,
                             headers={"Authorization": f"Bearer {token}"}).json()

    def host_act(self, action: dict) -> dict:
        answer = self.act(self.host, action)
        assert answer["ok"], answer
        return answer

    def view(self, token: str | None = None) -> dict:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return self.http.get(f"{self.url}/api/rooms/{self.code}", headers=headers, timeout=10).json()

    def moves(self) -> dict[int, list[dict]]:
        return {seat: [tpl for tpl in self.view(token)["actions"] if tpl["type"] not in PLATFORM_TYPES]
                for seat, token in self.tokens.items()}

    def random_move(self, rng: random.Random, waiting: list[int] = ()) -> bool:
        """Mostly what the game waits for; the host closes a step nobody can
        move in.  False: nothing left to do.  ``waiting`` (the public view's):
        most moves ask only a waiting seat for its moves, not every seat."""
        if waiting and rng.random() < 0.85:
            seat = rng.choice(list(waiting))
            required = [tpl for tpl in self.view(self.tokens[seat])["actions"] if tpl.get("required")]
            if required:
                self.act(self.tokens[seat], sample_action(rng.choice(required), rng))
                return True
        choices = [(s, tpl) for s, tpls in self.moves().items() for tpl in tpls]
        required = [(s, tpl) for s, tpl in choices if tpl.get("required")]
        if not choices:
            close = [tpl for tpl in self.view(self.host)["actions"] if tpl["type"] == "close"]
            if not close:
                return False
            self.act(self.host, sample_action(close[0], rng))
            return True
        seat, tpl = rng.choice(required if required and rng.random() < 0.85 else choices)
        self.act(self.tokens[seat], sample_action(tpl, rng))
        return True

    def play(self, rng: random.Random, until=lambda view: False, steps: int = 400) -> dict:
        """Random legal moves until ``until(public view)`` holds or the game ends."""
        for _ in range(steps):
            view = self.view()
            if until(view) or view["status"] != "playing" or not self.random_move(rng, view["waiting"]):
                return view
        return self.view()


class LocalRoom(Room):
    """A room played in this process, by the service every transport calls,
    on the server's own database: a random game without HTTP (an HTTP view
    costs about ten times the view itself, client and server together).
    The server reads the room from the store when a page opens it, but an
    open page is pushed nothing this process does: for tests that play
    first and open a page to look afterwards."""

    def __init__(self, server, game: str, names: list[str], options: dict | None = None):
        self.url = server.url
        self.service = local_service(server)
        made = self.service.create_room(game, options or {})
        self.code, self.host = made["code"], made["host_token"]
        self.tokens = {}
        for name in names:
            seat = self.service.join(self.code, name)
            self.tokens[seat["seat"]] = seat["token"]

    def act(self, token: str, action: dict) -> dict:
        try:
            return copied(self.service.act(self.code, token, action, "en"))
        except ServiceError as refusal:
            return error_answer(refusal, "en")

    def view(self, token: str | None = None) -> dict:
        return copied(self.service.view(self.code, token, "en"))


def local_service(server) -> Service:
    """One service per server (as configured by tests/servers.py: no action
    rate, no grace for seats away), on its database."""
    if getattr(server, "local", None) is None:
        assert server.db, "a server of LocalRoom needs its SQLite file"
        server.local = Service(SqliteStore(server.db), action_rate=0, away_after=0)
    return server.local


def player_names(name: str) -> list[str]:
    game = games.get(name)
    low, high = game.player_range({opt["name"]: opt.get("default") for opt in game.options_schema})
    return NAMES[:max(low, min(high, 4))]


# --- the table page -------------------------------------------------------------------

def open_board(browser, server, room: Room, size=BOARD, lang: str = "en", host: bool = True):
    """The table screen of ``room``; ``host``: this device holds the host token."""
    page = new_page(browser, size, lang)
    page.goto(f"{server.url}/t/{room.code}?lang={lang}")
    if host:
        page.evaluate("([k, t]) => localStorage.setItem(k, t)", [f"companion:host:{room.code}", room.host])
        page.reload()
    settle(page, room)
    return page


def settle(page, room: Room):
    """Waits until the screen drew the room's latest view (its status and
    the newest log line are on screen)."""
    view = room.view()
    last = view["log"][-1]["n"]
    page.wait_for_function(
        "([status, n]) => document.body.dataset.status === status && "
        "!!document.querySelector(`#log li[data-n='${n}']`) && document.getElementById('step').textContent.length > 0",
        arg=[view["status"], last])


def font_px(page, selector: str) -> list[float]:
    return page.eval_on_selector_all(selector, "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")


def text(page) -> str:
    return page.evaluate("() => document.body.innerText")


def shot(page, name: str):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def quiet(page):
    """Lets the announcement card go (a screenshot of the board under it)."""
    page.evaluate("() => Companion.table.clear()")


def relang(page, server, room: Room, lang: str, size):
    page.set_viewport_size(size)
    page.goto(f"{server.url}/t/{room.code}?lang={lang}")
    settle(page, room)


# --- every shipped game: the board reads from 2 m ---------------------------------------

# a position worth a picture, per game (random play stops there, or after 120 moves)
INTERESTING = {
    "hoax": lambda pub: pub.get("step") == "doubt" or any(
        c["doubt"] and c["doubt"]["status"] in ("right", "wrong") for c in pub.get("claims", [])),
    "factum": lambda pub: bool((pub.get("current") or {}).get("reveal")),
    "haiclue": lambda pub: pub.get("phase") == "guess" and len(pub.get("results", [])) >= 1,
    "eselsbruecke": lambda pub: pub.get("phase") == "resolution",
    "what_the_rule": lambda pub: len(pub.get("row") or []) >= 2,
}


@pytest.mark.parametrize("game_name", SHIPPED)
def test_every_game_reads_from_across_the_table(server, browser, game_name):
    wanted = INTERESTING.get(game_name, lambda pub: False)
    for attempt in range(10):   # a seed whose random moves end the game is passed over
        room = Room(server, game_name, player_names(game_name))
        room.host_act({"type": "start"})
        rng = random.Random(f"board/{game_name}/{attempt}")
        # stop where someone is waited for too: the table names them
        room.play(rng, until=lambda view: wanted(view["public"]) and view["waiting"],
                  steps=120 if game_name in INTERESTING else 14)
        if room.view()["status"] == "playing":
            break
    else:
        pytest.fail(f"{game_name}: every random game ended during the moves; stop earlier")
    page = open_board(browser, server, room)
    quiet(page)

    assert min(font_px(page, "#step")) >= 32
    assert min(font_px(page, "#seats .sname")) >= 24
    assert min(font_px(page, "#seats .score")) >= 24
    names = font_px(page, "#waiting .tb-name")
    assert names, f"{game_name}: the table names nobody it waits for (view: {room.view()['waiting']})"
    assert min(names) >= 24
    assert page.locator("#step").inner_text().strip()
    for lang, size in (("en", BOARD), ("de", BOARD), ("de", SMALL), ("en", SMALL)):
        if (lang, size) != ("en", BOARD):
            relang(page, server, room, lang, size)
            quiet(page)
        seen = text(page)
        assert not RAW_KEY.search(seen), f"{game_name} ({lang}): raw key {RAW_KEY.search(seen).group(0)!r}"
        assert "(s)" not in seen, f"{game_name} ({lang}): a '(s)' plural on the table"
        assert not page.evaluate("() => [...Companion.missingTexts]"), f"{game_name} ({lang}): missing texts"
        shot(page, f"{game_name}-{lang}-{size['width']}x{size['height']}")


# --- join: large while the lobby fills, a corner in play, back on demand ----------------------

def qr_width(page) -> float:
    return page.locator("#qr").bounding_box()["width"]


def create_on_the_tablet(browser, server, game: str):
    """The tablet creates a room through the start page (it keeps the host
    token) and shows the table screen.  (Not conftest's open_table: its
    string predicates cannot poll under the page's CSP.)"""
    tablet = new_page(browser, BOARD)
    tablet.goto(server.url + "/")
    tablet.locator(f'button[data-game="{game}"]').click()
    tablet.locator("#create").click()
    tablet.wait_for_url(re.compile(r"/t/[A-Z]{5}$"))
    tablet.wait_for_function("() => document.getElementById('join-url').textContent.length > 0")
    return tablet, tablet.url.rsplit("/", 1)[1]


def test_join_code_large_in_the_lobby_small_in_play_and_back_on_demand(server, browser):
    tablet, code = create_on_the_tablet(browser, server, "hoax")
    assert tablet.locator("#join-url").text_content() == f"{server.url}/j/{code}"
    for name in NAMES[:3]:
        assert requests.post(f"{server.url}/api/rooms/{code}/seats", json={"name": name}, timeout=10).ok
    tablet.wait_for_function("() => document.querySelectorAll('#seats li').length === 3")
    assert qr_width(tablet) >= 250
    assert min(font_px(tablet, "#join-url")) >= 20
    assert min(font_px(tablet, "#roomcode")) >= 48
    shot(tablet, "hoax-lobby-en-1280x800")

    tablet.locator('#host-actions form[data-type="start"] button.choice').first.click()
    tablet.locator("#confirm-yes").click()   # the start asks to confirm (issue #25)
    tablet.wait_for_function("() => document.body.dataset.status === 'playing'")
    assert qr_width(tablet) <= 120
    assert tablet.locator("#roomcode").is_visible()        # the code stays readable in the corner

    tablet.locator("#show-join").click()
    assert qr_width(tablet) >= 250
    shot(tablet, "hoax-join-on-demand-en-1280x800")
    tablet.locator("#join-close").click()
    assert qr_width(tablet) <= 120
    tablet.locator("#qr").click()                            # the corner itself brings it back too
    assert qr_width(tablet) >= 250
    tablet.keyboard.press("Escape")
    assert qr_width(tablet) <= 120


# --- after "End the game" the table does not wait for anybody -------------------------------

def test_end_the_game_leaves_no_next_to_act(server, browser):
    room = Room(server, "hoax", NAMES[:4])
    room.host_act({"type": "start", "first": 0})
    room.play(random.Random("end"), until=lambda v: v["public"]["step"] == "turn")
    page = open_board(browser, server, room)
    assert "Next to act" in page.locator("#waiting").inner_text()
    assert page.locator(".hx-next").count() == 1

    room.host_act({"type": "end"})
    settle(page, room)
    seen = text(page)
    assert "Next to act" not in seen
    assert page.locator(".hx-next").count() == 0
    assert page.locator("#step").inner_text() == "Game over"
    assert "The host ended the game." in page.locator("#waiting").inner_text()
    shot(page, "hoax-ended-en-1280x800")


# --- decisive events in the middle of the screen ----------------------------------------------

def test_an_accusation_is_announced_in_the_middle(server, browser):
    room = Room(server, "hoax", NAMES[:4])
    room.host_act({"type": "start", "first": 0})
    room.play(random.Random("accuse"), until=lambda v: v["public"]["step"] == "turn")
    page = open_board(browser, server, room)
    mover = room.view()["public"]["to_move"]
    accuse = next(tpl for tpl in room.view(room.tokens[mover])["actions"] if tpl["type"] == "accuse")
    answer = room.act(room.tokens[mover], sample_action(accuse, random.Random(1)))
    assert answer["ok"], answer
    page.wait_for_function("() => !document.getElementById('announce').hidden")
    said = page.locator("#announce").inner_text()
    assert "accuses" in said and ("Right" in said or "Wrong" in said)
    box, board = page.locator(".tb-announce-card").bounding_box(), page.locator("#board").bounding_box()
    middle = box["x"] + box["width"] / 2
    assert board["x"] + board["width"] * .3 < middle < board["x"] + board["width"] * .7
    assert min(font_px(page, ".tb-announce-card")) >= 24
    page.wait_for_timeout(400)     # the card's pop-in, for the picture only
    shot(page, "hoax-announce-accusation-en-1280x800")
    # a tap lets it go to the log, where its lines light up
    page.locator(".tb-announce-card").click()
    page.wait_for_function("() => document.querySelectorAll('#log li.fresh').length > 0")


# --- the log: numbers past 99 are whole ---------------------------------------------------------

def test_log_numbers_past_99_are_not_clipped(server, browser):
    room = Room(server, "hoax", NAMES[:3])
    token = room.tokens[0]
    for i in range(105):
        assert room.act(token, {"type": "rename", "name": f"Sylvia {i}"})["ok"]
    page = open_board(browser, server, room, host=False)
    numbers = page.eval_on_selector_all(
        "#log .tb-n", "els => els.map(e => [e.textContent, e.scrollWidth <= e.clientWidth + 1, "
        "e.getBoundingClientRect().left >= e.closest('#log').getBoundingClientRect().left])")
    big = [n for n in numbers if int(n[0]) >= 100]
    assert big, "no log line past 99"
    assert all(whole and inside for _, whole, inside in big)


# --- the end: points over the game, winners, the evening ------------------------------------------

def test_the_end_shows_points_winners_and_the_evening(server, browser):
    room = Room(server, "haiclue", NAMES[:3])
    page = open_board(browser, server, room)
    room.host_act({"type": "start"})
    end = room.play(random.Random("evening"), steps=300)
    assert end["status"] == "finished"
    settle(page, room)
    quiet(page)
    final = page.locator("#final")
    assert final.is_visible()
    assert page.locator("#final svg.tb-chart path").count() == 3       # one line per player
    standings = page.locator("#final .tb-standings").inner_text()
    assert "Haiclue" in standings
    wins = end["evening"]["wins"]
    for seat in room.tokens:
        n = wins.get(str(seat), 0)
        assert (f"{n} win" if n == 1 else f"{n} wins") in standings
    assert "1 wins" not in text(page)
    shot(page, "haiclue-finished-en-1280x800")

    room.host_act({"type": "new_game", "game": "factum", "options": {"target": 5}})
    settle(page, room)
    seen = text(page)
    assert "Haiclue" in page.locator("#evening").inner_text()
    assert not re.search(r"\b(haiclue|factum|hoax)\b", seen), "a game id instead of its title"
    relang(page, server, room, "de", BOARD)
    assert "Haiclue" in page.locator("#evening").inner_text()


# --- the rules: one tap away, every game, both languages ---------------------------------------

def test_rules_for_every_game_in_both_languages(server, browser):
    for lang in ("de", "en"):   # the server lists which games brought a summary
        listed = requests.get(f"{server.url}/api/games?lang={lang}", timeout=10).json()["games"]
        assert {g["name"] for g in listed if g["rules"]} >= set(SHIPPED), lang
    for name in SHIPPED:
        for lang in ("de", "en"):
            answer = requests.get(f"{server.url}/static/games/rules/{name}.{lang}.html", timeout=10)
            assert answer.status_code == 200, (name, lang)
            assert f'lang="{lang}"' in answer.text and "<h2>" in answer.text

    room = Room(server, "hoax", NAMES[:3])
    page = open_board(browser, server, room, lang="de", host=False)
    page.locator("#show-rules").click()
    page.wait_for_function("() => !!document.querySelector('#rules-body .rules-doc')")
    # the text itself: innerText follows the heading's text-transform, which
    # applies only once the rules' stylesheet has loaded (a race)
    body = page.locator("#rules-body").text_content()
    assert "Die Erben von HOAX" in body and "Mönch" in body
    german = requests.get(f"{server.url}/api/games?lang=de", timeout=10).json()["games"]
    assert page.locator("#rules-tabs button").count() == len([g for g in german if g["rules"]])
    shot(page, "hoax-rules-de-1280x800")
    page.locator('#rules-tabs button[data-game="haiclue"]').click()
    page.wait_for_function("() => !!document.querySelector('#rules-body .rules-haiclue')")
    page.keyboard.press("Escape")
    assert page.locator("#rules").is_hidden()


# --- the start page: join by code, choices in words ------------------------------------------

def test_start_page_joins_by_code_and_labels_choices(server, browser):
    page = new_page(browser, SMALL, "en")
    page.goto(f"{server.url}/?lang=en")
    page.locator('button[data-game="eselsbruecke"]').click()
    deck = page.locator("#opt-deck option").first
    assert deck.get_attribute("value") == "physical"
    assert deck.text_content() != "physical"                     # the game's words, not the key
    for name in SHIPPED:
        page.locator(f'button[data-game="{name}"]').click()
        seen = text(page)
        assert not RAW_KEY.search(seen), f"{name}: {RAW_KEY.search(seen).group(0)!r} on the start page"
    shot(page, "create-en-1024x768")

    room = Room(server, "hoax", [])
    page.fill("#room-code", room.code.lower())
    page.locator("#join-room-go").click()
    page.wait_for_url(f"{server.url}/j/{room.code}")
