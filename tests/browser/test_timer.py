"""The host's per-step timer and the running points on real Chromium
(issue #28): the host sets a 30 s timer by clicks on the table; the table
and the awaited phone count down; a pause stops both; a reload of both
shows the same rest; an undo brings back the undone step's clock.  No
timed assertions: values read from the pages and the views."""
from __future__ import annotations

import math
import re

import pytest
import requests
from playwright.sync_api import expect

from companion.games.base import sample_action
from tests.browser.conftest import SCREENS, host_table, press, seat_phone, wait_js
from tests.browser.test_table_board import PLATFORM_TYPES
from tests.servers import Server

TABLE = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(db=str(tmp_path_factory.mktemp("timer") / "rooms.sqlite3"),
                 env={"COMPANION_LIMITS": "off"})
    yield srv
    srv.stop()


class Room:
    def __init__(self, server, names, options=None):
        self.url = server.url
        answer = requests.post(f"{self.url}/api/rooms", json={"game": "pick", "options": options or {}},
                               timeout=10).json()
        self.code, self.host = answer["code"], answer["host_token"]
        self.tokens = {}
        for name in names:
            seat = requests.post(f"{self.url}/api/rooms/{self.code}/seats", json={"name": name},
                                 timeout=10).json()
            self.tokens[seat["seat"]] = seat["token"]

    def act(self, token, **action):
        answer = requests.post(f"{self.url}/api/rooms/{self.code}/actions", json=action, timeout=10,
                               headers={"Authorization": f"Bearer {token}"}).json()
        assert answer["ok"], answer
        return answer["view"]

    def view(self, token=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return requests.get(f"{self.url}/api/rooms/{self.code}", headers=headers, timeout=10).json()


def clock(seconds: float) -> str:
    whole = math.ceil(seconds - 1e-6)
    return f"{whole // 60}:{whole % 60:02d}"


def shot(page, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"))


def open_tools(page):
    """Unfolds the host tools (folded during play) by a real click."""
    if not page.evaluate("() => document.getElementById('host-tools').open"):
        page.locator("#host-tools > summary").click()


def left_of(page) -> int:
    return int(page.get_attribute("#timer", "data-left"))


def test_host_sets_pauses_reloads_and_undoes_the_timer(server, browser):
    room = Room(server, ["Sylvia", "Gregor", "Petra"], {"rounds": 3})
    room.act(room.host, type="start", first=0)
    table = host_table(browser, server, room, size=TABLE)
    phone = seat_phone(browser, server, room, 0)
    expect(table.locator("#timer")).to_be_hidden()           # off by default
    expect(phone.locator("#timer")).to_be_hidden()

    # the host sets 30 s by real clicks in the host tools
    open_tools(table)
    table.locator('#timer-host button[data-seconds="30"]').click()
    expect(table.locator("#timer")).to_be_visible()
    assert room.view()["timer"]["seconds"] == 30
    assert 0 < left_of(table) <= 30
    expect(table.locator("#timer-host button[data-seconds='30']")).to_have_attribute("aria-pressed", "true")
    # both count down: the rest shown gets smaller
    wait_js(table, "Number(document.getElementById('timer').dataset.left) < 30")
    expect(phone.locator("#timer")).to_be_visible()
    wait_js(phone, "Number(document.getElementById('timer').dataset.left) < 30")
    assert phone.get_attribute("#timer", "data-paused") == "0"
    shot(table, "timer-table-en")
    shot(phone, "timer-phone-en")

    # the host pauses: both stop on the rest the server keeps
    table.locator("#timer-host button[data-toggle='timer_pause']").click()
    expect(table.locator("#timer")).to_have_attribute("data-paused", "1")
    expect(phone.locator("#timer")).to_have_attribute("data-paused", "1")
    rest = room.view()["timer"]["paused_left"]
    assert 0 < rest < 30
    expect(table.locator("#timer .tm-clock")).to_have_text(clock(rest))
    expect(phone.locator("#timer .tm-clock")).to_have_text(clock(rest))
    expect(table.locator("#timer .tm-note")).to_have_text("paused")
    expect(table.locator("#timer-host button[data-toggle]")).to_have_text("Resume")

    # a reload of both pages shows the same rest
    table.reload()
    phone.reload()
    expect(table.locator("#timer .tm-clock")).to_have_text(clock(rest))
    expect(phone.locator("#timer .tm-clock")).to_have_text(clock(rest))
    expect(table.locator("#timer")).to_have_attribute("data-paused", "1")

    # Sylvia picks on her phone (real taps): the next step, whose clock starts afresh
    # (still paused); her phone shows none
    press(phone, "pick")
    expect(phone.locator("#timer")).to_be_hidden()
    assert room.view()["waiting"] == [1, 2]
    expect(table.locator("#timer .tm-clock")).to_have_text("0:30")
    expect(phone.locator("#timer")).to_be_hidden()
    # the host undoes the pick: the undone step's clock comes back, on both screens
    view = room.act(room.host, type="undo")
    assert view["timer"]["paused_left"] == rest
    expect(table.locator("#timer .tm-clock")).to_have_text(clock(rest))
    expect(phone.locator("#timer .tm-clock")).to_have_text(clock(rest))

    # resume: it runs again from the rest
    open_tools(table)
    table.locator("#timer-host button[data-toggle='timer_resume']").click()
    expect(table.locator("#timer")).to_have_attribute("data-paused", "0")
    wait_js(phone, f"Number(document.getElementById('timer').dataset.left) < {math.ceil(rest)}")

    # German: the same clock in the other language
    table.goto(f"{server.url}/t/{room.code}?lang=de")
    phone.goto(f"{server.url}/j/{room.code}?lang=de")
    expect(table.locator("#timer")).to_be_visible()
    expect(phone.locator("#timer")).to_be_visible()
    open_tools(table)
    table.locator("#timer-host button[data-toggle='timer_pause']").click()
    expect(phone.locator("#timer .tm-note")).to_have_text("angehalten")
    expect(table.locator("#timer-host h3")).to_have_text("Zeit pro Schritt")
    shot(table, "timer-table-de")
    shot(phone, "timer-phone-de")


def test_custom_seconds_and_off_from_the_host_tools(server, browser):
    room = Room(server, ["Sylvia", "Gregor"])
    room.act(room.host, type="start", first=0)
    table = host_table(browser, server, room, size=TABLE)
    open_tools(table)
    table.locator("#timer-host input[name=seconds]").fill("45")
    table.locator("#timer-host form button[type=submit]").click()
    expect(table.locator("#timer")).to_be_visible()
    assert room.view()["timer"]["seconds"] == 45
    assert left_of(table) <= 45
    table.locator('#timer-host button[data-seconds="0"]').click()
    expect(table.locator("#timer")).to_be_hidden()
    assert room.view()["timer"] is None


def test_the_running_points_update_after_a_scoring_move(server, browser):
    room = Room(server, ["Sylvia", "Gregor"], {"rounds": 3})
    room.act(room.host, type="start", first=0)
    for lang in ("en", "de"):
        if lang == "de":
            room = Room(server, ["Sylvia", "Gregor"], {"rounds": 3})
            room.act(room.host, type="start", first=0)
        table = host_table(browser, server, room, size=TABLE, lang=lang)
        expect(table.locator("#running")).to_be_hidden()     # no points moved yet
        room.act(room.tokens[0], type="pick", number=1)
        room.act(room.tokens[1], type="pick", number=2)      # 1 + 2: target 1, Sylvia scores
        expect(table.locator("#running")).to_have_attribute("data-points", "2")
        expect(table.locator("#running svg text.tb-chart-name").first).to_have_text("Sylvia 1")
        room.act(room.tokens[0], type="pick", number=1)
        view = room.act(room.tokens[1], type="pick", number=2)   # Sylvia again
        assert len(view["points"]) == 3
        expect(table.locator("#running")).to_have_attribute("data-points", "3")
        expect(table.locator("#running svg text.tb-chart-name").first).to_have_text("Sylvia 2")
        expect(table.locator("#running h2")).to_have_text("Points so far" if lang == "en" else "Punkte bisher")
        table.evaluate("() => Companion.table.clear()")
        shot(table, f"running-scores-{lang}")
        table.context.close()


def test_the_chime_switch_is_kept_on_the_table(server, browser):
    room = Room(server, ["Sylvia", "Gregor"])
    room.act(room.host, type="start", first=0)
    table = host_table(browser, server, room, size=TABLE)
    open_tools(table)
    switch = table.locator("#chime-switch input")
    expect(switch).not_to_be_checked()
    # what the chime really played (device.js answers whether it sounded)
    table.evaluate("() => { const real = Companion.chime; window.chimed = 0;"
                   " Companion.chime = (on) => { if (real(on)) window.chimed += 1; }; }")
    switch.click()
    assert table.evaluate("() => localStorage.getItem('companion:table:chime')") == "1"
    assert table.evaluate("() => window.chimed") == 1   # the preview sounds (it was always silent)
    table.reload()
    open_tools(table)
    expect(table.locator("#chime-switch input")).to_be_checked()
    expect(table.locator("#chime-switch")).to_have_text("Chime on big moments")
    table.locator("#chime-switch input").click()
    table.reload()
    expect(table.locator("#chime-switch input")).not_to_be_checked()
    table.context.close()


SHIPPED = sorted(name for name in __import__("companion.games", fromlist=["all_games"]).all_games()
                 if name != "pick")


def play_until_scored(room, rng, first: bool, steps: int = 200) -> dict:
    """Moves the game waits for, the first waiting seat's, until a score
    moved while the game runs: the public view then (else at the end or
    after ``steps``).  ``first``: that seat's first template (What the
    Rule?! scores so), else one at random (HOAX: the first claim and its
    doubt go round without a point).  An Eselsbrücke namer names a card
    another seat holds (a random word is never right)."""
    for _ in range(steps):
        view = room.view()
        if view["status"] != "playing" or len(view["points"]) > 1:
            return view
        views = {seat: room.view(token) for seat, token in room.tokens.items()}
        offered = [(seat, tpl) for seat in sorted(views) for tpl in views[seat]["actions"]
                   if tpl["type"] not in PLATFORM_TYPES]
        waited = [(seat, tpl) for seat, tpl in offered if tpl.get("required")] or offered
        assert waited, "nobody can move"
        seat = waited[0][0]
        mine = [tpl for s, tpl in waited if s == seat]
        tpl = mine[0] if first else rng.choice(mine)
        action = sample_action(tpl, rng)
        held = [card for other, seen in views.items() if other != seat
                for card in ((seen["you"] or {}).get("secret") or {}).get("cards", [])]
        if tpl["type"] == "name" and held:
            action["term"] = held[0]
        room.act(room.tokens[seat], action)   # a refused sample: the next step samples anew
    return room.view()


@pytest.mark.parametrize("game_name", SHIPPED)
def test_every_game_with_points_shows_them_while_it_runs(server, browser, game_name):
    """Played until a score moved while the game still runs (every shipped
    game has running points; a game that does not get there fails): the
    table draws the running chart from view.points (one entry per change)."""
    import random

    from tests.browser.test_table_board import Room as BoardRoom
    from tests.browser.test_table_board import player_names

    for attempt in range(3):
        room = BoardRoom(server, game_name, player_names(game_name))
        room.host_act({"type": "start"})
        view = play_until_scored(room, random.Random(f"running/{game_name}/{attempt}"), first=attempt == 0)
        if view["status"] == "playing" and len(view["points"]) > 1:
            break
    else:
        pytest.fail(f"{game_name}: no score moved in 3 games of 200 moves")
    table = host_table(browser, server, room, size=TABLE)
    expect(table.locator("#running")).to_be_visible()
    expect(table.locator("#running")).to_have_attribute("data-points", str(len(room.view()["points"])))
    assert table.locator("#running svg path").count() == len(view["seats"])
    table.evaluate("() => Companion.table.clear()")
    shot(table, f"running-scores-{game_name}-en")
    table.context.close()


def test_time_up_cues_once_and_changes_nothing(server, browser):
    """At zero: "time is up — the host decides" on the table and the awaited
    phone, one vibration on that phone, and the game waits as before."""
    room = Room(server, ["Sylvia", "Gregor"])
    room.act(room.host, type="start", first=0)
    table = host_table(browser, server, room, size=TABLE)
    phone = seat_phone(browser, server, room, 0)
    # count the phone's vibrations (the device's own K.vibrate still runs)
    phone.evaluate("() => { const K = window.Companion, v = K.vibrate; window.vibrated = 0;"
                   " K.vibrate = (...a) => { window.vibrated += 1; return v(...a); }; }")
    open_tools(table)
    table.locator("#timer-host input[name=seconds]").fill("10")
    table.locator("#timer-host form button[type=submit]").click()
    expect(table.locator("#timer")).to_be_visible()
    version = room.view()["version"]
    expect(table.locator("#timer .tm-note")).to_have_text("Time is up — the host decides.", timeout=20_000)
    expect(phone.locator("#timer .tm-clock")).to_have_text("0:00", timeout=20_000)
    expect(table.locator("#timer")).to_have_class(re.compile(r"\btm-up\b"))
    wait_js(phone, "window.vibrated === 1")
    view = room.view()
    assert view["version"] == version and view["waiting"] == [0, 1] and view["status"] == "playing"
    shot(table, "timer-up-table-en")
    phone.wait_for_timeout(600)   # a few more ticks of the page's clock: still once
    assert phone.evaluate("() => window.vibrated") == 1
    # a reload after the end gives no second cue: a reloaded page buzzes only
    # after a gesture (issue #45), and a real tap then brings no time-up cue
    phone.context.add_init_script(
        "window.vibrated = 0; { const v = navigator.vibrate ? navigator.vibrate.bind(navigator) : null;"
        " navigator.vibrate = (...a) => { window.vibrated += 1; return v ? v(...a) : true; }; }")
    phone.reload()
    expect(phone.locator("#timer .tm-clock")).to_have_text("0:00")
    phone.locator("#me").tap()
    phone.wait_for_timeout(600)
    # at most the page's own "your move" once the tap allowed it: no time-up cue again
    assert phone.evaluate("() => window.vibrated") <= 1
