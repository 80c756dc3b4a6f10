"""The phone reads right in one hand (issue #25), in real Chromium with real
touch (390x844):

* HOAX has one reveal control, the bar: the notebook is in its sheet (a
  grid, a row per player), never a second box on the page; with 8 players
  the sheet's secret choices (show, accuse) stay on screen above the bar,
  and the page of the player on turn is shorter than it was (~2,300 px);
* Eselsbrücke says the own move before the form (the renderer's ``step``
  line above it), and its end is a block per story with a line per winner;
* What the Rule?!: while a hand is shown, how many of its cards are entered
  stands right above the form that enters them;
* Factum has one reveal control too (issue #45): the marks and ballots are
  in the bar's sheet, never a second "Hold to reveal" block on the page.

Screenshots: test-artifacts/screens/page-*.png."""
from __future__ import annotations

import random

import pytest

from companion.games.base import sample_action
from tests.browser.conftest import SCREENS, hold, pick_secret, release, seat_phone, wait_js
from tests.browser.test_table_board import Room

NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom", "Anna", "Ben"]


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def shows_latest(page, room):
    wait_js(page, f"Number(document.body.dataset.version) >= {room.view()['version']}")


def length(page) -> int:
    return page.evaluate("document.documentElement.scrollHeight")


def shot(page, name, full=True):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"page-{name}.png"), full_page=full)


def above_the_bar(page, locator):
    """Every element of ``locator`` lies whole on screen, above the bar."""
    bar = page.locator("#hold").bounding_box()
    for i in range(locator.count()):
        box = locator.nth(i).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= bar["y"] + 1, \
            f"{locator.nth(i).text_content()!r} at {box} is not above the bar at {bar['y']:.0f}"


# --- HOAX ---------------------------------------------------------------------------

def hoax_turns(room, rng, turns):
    """Everyone covers; then ``turns`` turns of claims (the second buys
    information, answered over HTTP; in the third another player reacts
    with a claim).  Returns the seat on turn."""
    for token in room.tokens.values():
        for tpl in room.view(token)["actions"]:
            if tpl["type"] == "cover":
                assert room.act(token, sample_action(tpl, rng))["ok"]
    for n in range(turns):
        seat = room.view()["public"]["to_move"]
        token = room.tokens[seat]
        kind = "buy_info" if n == 1 else "claim"
        action = sample_action(rng.choice([t for t in room.view(token)["actions"] if t["type"] == kind]), rng)
        if kind == "buy_info":
            action["trios"] = 1
        assert room.act(token, action)["ok"], action
        for other in room.tokens.values():
            for tpl in room.view(other)["actions"]:
                if tpl["type"] == "show":
                    assert room.act(other, sample_action(tpl, rng))["ok"]
        if n == 2:
            other = next(s for s in room.tokens if s != seat and any(
                t["type"] == "claim" for t in room.view(room.tokens[s])["actions"]))
            tpl = next(t for t in room.view(room.tokens[other])["actions"] if t["type"] == "claim")
            assert room.act(room.tokens[other], sample_action(tpl, rng))["ok"]
    return room.view()["public"]["to_move"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hoax_one_reveal_control_and_a_shorter_turn(server, browser, lang):
    room = Room(server, "hoax", NAMES)
    room.host_act({"type": "start"})
    seat = hoax_turns(room, random.Random(f"hoax/{lang}"), 5)
    phone = seat_phone(browser, server, room, seat, lang)
    shows_latest(phone, room)
    # one control: the bar; nothing of the notebook on the page
    assert phone.locator("[data-hold]").count() == 1 and phone.locator(".secret.inline").count() == 0
    assert phone.locator(".hoax-book").count() == 0
    notebook = {"en": "Your notebook", "de": "Dein Notizbuch"}[lang]
    assert notebook not in phone.locator("body").inner_text()
    turn = length(phone)
    shot(phone, f"hoax-turn-{lang}")
    # explain mode (on for a room's first game) adds a line above and one under each move
    assert turn <= 2600, f"the HOAX phone on turn is {turn} px long in explain mode"
    room.act(room.tokens[seat], {"type": "explain", "mode": "off"})
    shows_latest(phone, room)
    turn = length(phone)
    shot(phone, f"hoax-turn-plain-{lang}")
    assert turn <= 2100, f"the HOAX phone on turn is {turn} px long"
    # held: the identity, the notebook (a row per other player), the accusation's choices above the bar
    hold(phone)
    shot(phone, f"hoax-held-{lang}", full=False)
    assert notebook in phone.locator("#secret-items").inner_text()
    assert phone.locator("#secret-items .secret-item[data-key='identity'] strong").count() == 1
    assert phone.locator("#secret-items .hoax-book tr[data-seat]").count() == len(NAMES) - 1
    targets = phone.locator('#secret-actions [data-type="accuse"] [data-pick]')
    assert targets.count() == len(NAMES) - 1
    above_the_bar(phone, targets)
    release(phone)
    assert phone.locator(".hoax-book").count() == 0


def test_hoax_show_with_eight_players_is_reachable(server, browser):
    """The answer to bought information, with the notebook in the sheet:
    each identity is picked by sliding onto it (it must be above the bar,
    where the finger lands on it), then confirmed."""
    rng = random.Random("hoax/show")
    room = Room(server, "hoax", NAMES)
    room.host_act({"type": "start"})
    hoax_turns(room, rng, 1)
    buyer = room.view()["public"]["to_move"]
    target = next(s for s in room.tokens if s != buyer)
    assert room.act(room.tokens[buyer], {"type": "buy_info", "target": target, "trios": 3})["ok"]
    phone = seat_phone(browser, server, room, target, "de")
    shows_latest(phone, room)
    hold(phone)
    above_the_bar(phone, phone.locator('#secret-actions [data-type="show"] [data-pick]'))
    shot(phone, "hoax-show-held-de", full=False)
    release(phone)
    pick_secret(phone, "show")
    assert not [t for t in room.view(room.tokens[target])["actions"] if t["type"] == "show"]
    assert len(room.view(room.tokens[buyer])["you"]["notebook"][str(target)]) == 3
    # the buyer's notebook marks what was shown (held only)
    buyer_phone = seat_phone(browser, server, room, buyer, "en")
    shows_latest(buyer_phone, room)
    assert buyer_phone.locator(".hb-shown").count() == 0
    hold(buyer_phone)
    assert buyer_phone.locator(f'.hoax-book tr[data-seat="{target}"] .hb-shown').count() == 3
    release(buyer_phone)


# --- Eselsbrücke ----------------------------------------------------------------------

SAY = {"en": "Your turn: lay one of your real cards", "de": "Du bist dran: Lege eine deiner echten Karten"}


TURN = {"en": "'s turn: lay a card", "de": " ist dran: Karte legen"}


def above(page, line, form):
    """``line`` is visible and ends above ``form``."""
    box = page.locator(line).bounding_box()
    assert page.locator(line).is_visible() and box["y"] + box["height"] <= page.locator(form).bounding_box()["y"]


def switch_explain(room, seat, phone, mode):
    assert room.act(room.tokens[seat], {"type": "explain", "mode": mode})["ok"]
    shows_latest(phone, room)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_eselsbruecke_says_the_move_before_the_form_and_once(server, browser, lang):
    """The own move is said right above its form, once: by the renderer's
    step line, or in explain mode by the explain line alone (issue #45: both
    said it, and the others' phones said whose turn it is three times)."""
    room = Room(server, "eselsbruecke", ["Anna", "Ben", "Clara"], {"deck": "physical", "language": "de",
                                                                    "explain": False})
    room.host_act({"type": "start"})
    teller = room.view()["public"]["turn"]
    phone = seat_phone(browser, server, room, teller, lang)
    shows_latest(phone, room)
    form = '#actions form[data-type="lay"]'
    assert SAY[lang] in phone.locator("#step-line").inner_text()
    above(phone, "#step-line", form)
    assert SAY[lang] not in phone.locator("#game-area").inner_text()   # said once
    shot(phone, f"eselsbruecke-lay-{lang}")
    # the others read whose turn it is, and have no line of their own
    other_seat = (teller + 1) % 3
    other = seat_phone(browser, server, room, other_seat, lang)
    shows_latest(other, room)
    assert other.locator("#step-line").is_hidden()
    assert TURN[lang] in other.locator("#game-area").inner_text()
    # explain mode: its line says the move, in the same place; the game's own lines give way
    switch_explain(room, teller, phone, "on")
    assert phone.locator("#step-line").is_hidden() and SAY[lang] not in phone.locator("body").inner_text()
    above(phone, "#explain-now", form)
    shot(phone, f"eselsbruecke-lay-explained-{lang}")
    switch_explain(room, other_seat, other, "on")
    assert other.locator("#explain-now").is_visible()
    assert TURN[lang] not in other.locator("body").inner_text()
    shot(other, f"eselsbruecke-watch-explained-{lang}")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_eselsbruecke_end_is_a_block_per_story(server, browser, lang):
    room = Room(server, "eselsbruecke", ["Anna", "Ben", "Clara"], {"deck": "digital", "language": lang})
    room.host_act({"type": "start"})
    view = room.play(random.Random(f"eb/{lang}"), steps=3000)
    assert view["status"] == "finished"
    phone = seat_phone(browser, server, room, 0, lang)
    shows_latest(phone, room)
    shot(phone, f"eselsbruecke-end-{lang}")
    text = phone.locator("#game-area").inner_text()
    stories = view["public"]["resolved"]
    assert phone.locator("#game-area .eb-story").count() == len(stories)
    won = {"en": "Won by", "de": "Gewonnen von"}[lang]
    for story in stories:
        for card in story["cards"]:
            assert card["term"] in text
            if card["taken_by"] is not None:
                assert f"{won} {room.view()['seats'][card['taken_by']]['name']}:" in text
    # was ~3,600 px with a line per card
    assert length(phone) <= 2200, f"the end is {length(phone)} px long"


# --- What the Rule?! ----------------------------------------------------------------------

def test_what_the_rule_shows_the_count_beside_the_reveal_form(server, browser):
    """How many cards of the shown hand are entered stands right above the
    form, once: the step line, or in explain mode the explain line (issue
    #45: both, and the box under the form, said it)."""
    rng = random.Random("wtr/reveal")
    for _ in range(6):
        room = Room(server, "what_the_rule", ["Anna", "Ben", "Clara"], {"master": "app", "explain": False})
        room.host_act({"type": "start"})
        view = room.play(rng, until=lambda v: v["public"].get("phase") == "reveal", steps=300)
        if view["public"].get("phase") == "reveal":
            break
    else:
        pytest.fail("no random game reached a shown hand")
    seat = view["public"]["turn"]
    size = view["public"]["pending"]["size"]
    phone = seat_phone(browser, server, room, seat, "en")
    shows_latest(phone, room)
    line, form = phone.locator("#step-line"), phone.locator('#actions form[data-type="reveal_card"]')
    assert f"0 of {size} cards entered" in line.inner_text()
    gap = form.bounding_box()["y"] - (line.bounding_box()["y"] + line.bounding_box()["height"])
    assert 0 <= gap <= 40, gap
    assert phone.locator("body").inner_text().count(f"0 of {size}") == 1
    shot(phone, "wtr-reveal-en")
    switch_explain(room, seat, phone, "on")
    assert line.is_hidden() and f"0 of {size} entered" in phone.locator("#explain-now").inner_text()
    above(phone, "#explain-now", '#actions form[data-type="reveal_card"]')
    assert phone.locator("body").inner_text().count(f"0 of {size}") == 1
    shot(phone, "wtr-reveal-explained-en")


# --- Factum -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "de"])
def test_factum_one_reveal_control(server, browser, lang):
    """Issue #45: a Factum phone had two "Hold to reveal" controls (a block
    in the page with the marks, and the bar); pressing the block flipped the
    bar's label. One control, the bar: the marks are in its sheet."""
    room = Room(server, "factum", NAMES[:5])
    room.host_act({"type": "start"})
    room.play(random.Random(f"factum/{lang}"), until=lambda v: v["public"].get("step") == "vote")
    assert room.view()["public"]["step"] == "vote"
    seat = next(s for s, token in room.tokens.items()
                if room.view(token)["you"]["secret"]["marks"])
    marks = room.view(room.tokens[seat])["you"]["secret"]["marks"]
    phone = seat_phone(browser, server, room, seat, lang)
    shows_latest(phone, room)
    assert phone.locator("[data-hold]").count() == 1 and phone.locator(".secret.inline").count() == 0
    title = {"en": "Your marks", "de": "Deine Markierungen"}[lang]
    assert title not in phone.locator("body").inner_text()
    shot(phone, f"factum-vote-{lang}")
    hold(phone)
    shot(phone, f"factum-held-{lang}", full=False)
    held = phone.locator("#secret-items").inner_text()
    assert title in held and all(f" {position}" in held for position in marks.values()), held
    release(phone)
    assert title not in phone.locator("body").inner_text()
    assert phone.locator("#hold-label").text_content() == {"en": "Hold to reveal", "de": "Halten zum Aufdecken"}[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_factum_says_each_thing_once(server, browser, lang):
    """Issue #45: a Factum phone said whom the game waits for twice (the top
    line and the game's line) and, in explain mode, what to do twice (the
    explain line and the game's line under the moves). Now the game's line
    stands above the moves, without the names, and gives way to the explain
    line."""
    room = Room(server, "factum", NAMES[:5], {"explain": False})
    room.host_act({"type": "start"})
    room.play(random.Random(f"factum-once/{lang}"), until=lambda v: v["public"].get("step") == "vote")
    view = room.view()
    assert view["public"]["step"] == "vote"
    seat = next(s for s, token in room.tokens.items() if room.view(token)["you"]["todo"] == "wait_votes")
    names = [room.view()["seats"][s]["name"] for s in view["waiting"]]
    phone = seat_phone(browser, server, room, seat, lang)
    shows_latest(phone, room)
    confuse = {"en": "Try to confuse the guessers!", "de": "Verwirr die Ratenden!"}[lang]
    assert phone.locator("#step-line").inner_text() == confuse
    said = " ".join(phone.locator(part).inner_text() for part in ("#todo", "#step-line", "#game-area"))
    for name in names:
        assert said.count(name) == 1, said
    shot(phone, f"factum-confuse-{lang}")
    switch_explain(room, seat, phone, "on")
    assert phone.locator("#explain-now").is_visible() and phone.locator("#step-line").is_hidden()
    assert confuse not in phone.locator("body").inner_text()
    shot(phone, f"factum-confuse-explained-{lang}")
