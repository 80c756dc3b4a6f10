"""The evening at the table (issue #25): announcements never lag behind
(a newer one replaces the older at once; a new game silences the last);
a phone's end of game shows everyone's score, the winners and the
evening's wins."""
from __future__ import annotations

import random

import pytest

from tests.browser.conftest import PHONE, SCREENS, host_table, new_page, seat_phone, wait_js
from tests.browser.test_table_board import Room

@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def test_a_newer_announcement_replaces_the_older_at_once(server, browser):
    room = Room(server, "hoax", ["Sylvia", "Christian", "Petra"])
    room.host_act({"type": "start"})
    table = host_table(browser, server, room)
    table.evaluate("Companion.table.announce('first news', 'news')")
    assert table.locator("#announce").text_content().strip() == "first news"
    table.evaluate("Companion.table.announce('second news', 'news')")
    assert table.locator("#announce").text_content().strip() == "second news"   # not queued behind
    room.host_act({"type": "end"})
    room.host_act({"type": "new_game", "game": "factum", "options": {}})
    wait_js(table, "document.body.dataset.status === 'lobby'")
    assert table.locator("#announce").is_hidden()                                # the old game is silent


def test_the_phone_shows_scores_winners_and_the_evening_at_the_end(server, browser):
    room = Room(server, "haiclue", ["Anna", "Ben", "Cara"])
    room.host_act({"type": "start"})
    view = room.play(random.Random(5))
    assert view["status"] == "finished"
    phone = seat_phone(browser, server, room, 1, lang="de")
    phone.wait_for_selector("#ending:not([hidden])")
    text = phone.locator("#ending").inner_text()
    for seat in view["seats"]:
        assert seat["name"] in text and str(seat["score"]) in text
    assert "Heute Abend" in text and ("Sieg" in text) and "(s)" not in text
    assert phone.locator("#ending li.won").count() == len(view["winners"] or [])
    assert phone.locator("#secret").is_hidden()                      # nothing secret after a game


def test_late_arrival_play_again_and_next_game_with_options(server, browser):
    """Through the screens: a phone that joins during a game watches and
    takes its seat when the host plays again; play again and next game go
    through the lobby and ask to confirm in words; the next game takes any
    option the create page offers."""
    room = Room(server, "haiclue", ["Anna", "Ben", "Cara"])
    room.host_act({"type": "start"})
    table = host_table(browser, server, room)
    late = new_page(browser, PHONE)
    late.goto(f"{server.url}/j/{room.code}?lang=en")
    late.fill("#name", "Dana")
    late.locator("#join-form button").tap()
    late.wait_for_selector("#play:not([hidden])")
    assert late.locator("#todo-text").text_content() == "You play from the next game on. Until then you watch."
    assert late.locator("#hold").is_hidden()
    SCREENS.mkdir(parents=True, exist_ok=True)
    late.screenshot(path=str(SCREENS / "night-phone-late-arrival.png"))
    wait_js(table, "document.getElementById('seats').textContent.includes('From the next game: Dana')")
    view = room.play(random.Random(8))
    assert view["status"] == "finished"
    wait_js(table, "document.body.dataset.status === 'finished'")
    table.locator('#host-actions form[data-type="rematch"] button').click()
    assert "late arrivals can join" in table.locator("#confirm-text").text_content()
    table.locator("#confirm-yes").click()
    wait_js(table, "document.body.dataset.status === 'lobby'")
    assert [s["name"] for s in room.view()["seats"]] == ["Anna", "Ben", "Cara", "Dana"]
    late.wait_for_selector("#todo-text:text('Waiting for players')")

    # another game, with an option off its default, from the table's own card
    box = table.locator("#next-game-box")
    if not box.evaluate("(el) => el.open"):
        box.locator("summary").click()
    table.locator('#next-game button[data-game="eselsbruecke"]').click()
    table.locator("#opt-deck").select_option("digital")
    table.screenshot(path=str(SCREENS / "night-table-next-game.png"))
    table.locator('#next-game button[type="submit"]').click()
    question = table.locator("#confirm-text").text_content()
    assert question.startswith("Next game: Eselsbrücke — ") and "The app deals the cards" in question, question
    table.locator("#confirm-yes").click()
    wait_js(table, "document.body.dataset.game === 'eselsbruecke'")
    after = room.view()
    assert after["game"] == "eselsbruecke" and after["options"]["deck"] == "digital"
    assert after["evening"]["games"] and len(after["seats"]) == 4      # seats and the evening kept
    table.locator('#host-actions form[data-type="start"] button').first.click()
    assert table.locator("#confirm-text").text_content().startswith("Start the game now")
    table.locator("#confirm-yes").click()
    wait_js(table, "document.body.dataset.status === 'playing'")


def test_the_sheet_keeps_only_this_games_private_lines(server, browser):
    """The "only for you" lines of an earlier game are not on the sheet of
    the next; within a game the newest lead and older ones fold away."""
    from tests.browser.conftest import hold, release
    room = Room(server, "pick", ["Anna", "Ben"])
    room.host_act({"type": "start"})
    first = [line["text"] for line in room.view(room.tokens[0])["log"] if line.get("private")]
    room.host_act({"type": "end"})
    room.host_act({"type": "rematch"})
    room.host_act({"type": "start"})
    second = [line["text"] for line in room.view(room.tokens[0])["log"] if line.get("private")][len(first):]
    assert first and second
    phone = seat_phone(browser, server, room, 0)
    hold(phone)
    shown = phone.locator("#secret-log").inner_text()
    count = phone.locator("#secret-log li").count()
    release(phone)
    assert second[-1] in shown and count == len(second), (shown, first, second)


def test_at_the_end_only_the_end_is_announced(server, browser):
    """The last move of a game reveals a clue and ends the game: the table
    announces the end (the win card), not the reveal before it."""
    room = Room(server, "haiclue", ["Anna", "Ben"])
    room.host_act({"type": "start"})
    rng = random.Random(7)

    def last_guess(view):
        p = view["public"]
        return (p.get("round") == p.get("rounds") and p.get("phase") == "guess"
                and p.get("author") == p["order"][-1])
    assert room.play(rng, until=last_guess)["status"] == "playing"
    table = host_table(browser, server, room)
    room.random_move(rng)
    wait_js(table, "document.body.dataset.status === 'finished'")
    wait_js(table, "!document.getElementById('announce').hidden")
    card = table.locator("#announce")
    assert "tb-tone-win" in card.get_attribute("class"), card.inner_text()
    assert table.evaluate("document.querySelectorAll('#announce .tb-announce-card').length") == 1


@pytest.mark.parametrize("lang", ["en", "de"])
def test_another_game_during_a_game_says_to_end_it_first(server, browser, lang):
    """Issue #45: during a game "Another game" was simply missing from the
    host tools (the host had to end the game first, and nothing said so).
    Now it is there and says so, naming the button; once the game is ended
    it offers the games."""
    room = Room(server, "haiclue", ["Anna", "Ben", "Cara"])
    room.host_act({"type": "start"})
    table = host_table(browser, server, room, lang=lang)
    if not table.evaluate("() => document.getElementById('host-tools').open"):
        table.locator("#host-tools > summary").click()
    box = table.locator("#next-game-box")
    box.scroll_into_view_if_needed()
    box.locator("summary").click()
    note = box.locator(".tb-next-running")
    end = {"en": "End the game", "de": "Spiel beenden"}[lang]
    said = note.inner_text()
    assert note.is_visible() and (f"“{end}”" in said or f"„{end}“" in said), said
    assert box.locator("button[data-game]").count() == 0
    assert float(note.evaluate("(el) => getComputedStyle(el).fontSize").rstrip("px")) >= 20
    assert note.evaluate("(el) => el.scrollWidth <= el.clientWidth")          # nothing cut off
    note.scroll_into_view_if_needed()
    table.screenshot(path=str(SCREENS / f"night-table-another-game-running-{lang}.png"))
    table.locator('#host-actions form[data-type="end"] button').click()
    table.locator("#confirm-yes").click()
    wait_js(table, "document.body.dataset.status === 'finished'")
    expect_games = box.locator("button[data-game]")
    expect_games.first.wait_for()
    assert expect_games.count() >= 5 and note.count() == 0
