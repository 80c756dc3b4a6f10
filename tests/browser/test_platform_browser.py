"""A tablet creates a room, four phones join by the join URL, the host
starts, each phone sees its own secret (while one finger holds the bar)
and picks.  Phones get real touch input; the tablet keeps the mouse."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TABLET, hold, new_page, release, wait_js


def assert_hidden(phone):
    """Not held: nothing secret is in the page (the bar says it is hidden)."""
    assert "revealed" not in (phone.locator("body").get_attribute("class") or "").split()
    expect(phone.locator("#secret-items")).to_be_empty()
    expect(phone.locator("#secret-actions")).to_be_empty()
    expect(phone.locator("#secret-body strong")).to_have_count(0)
    expect(phone.locator("#secret-hidden")).to_be_visible()


def test_tablet_and_four_phones(server, browser, shoot):
    tablet = new_page(browser, TABLET)
    tablet.goto(server.url + "/")
    tablet.locator('button[data-game="pick"]').click()
    shoot(tablet, "platform-create")
    tablet.locator("#create").click()
    tablet.wait_for_url(re.compile(r"/t/[A-Z]{5}$"))
    code = tablet.url.rsplit("/", 1)[1]
    join_url = tablet.locator("#join-url")
    join_url.wait_for()
    wait_js(tablet, "document.getElementById('join-url').textContent.length > 0")
    assert tablet.locator("#join-url").text_content() == f"{server.url}/j/{code}"

    phones = []
    for name in ["Sylvia", "Christian", "Petra", "Gregor"]:
        phone = new_page(browser, PHONE)
        phone.goto(tablet.locator("#join-url").text_content())
        phone.fill("#name", name)
        phone.locator("#join-form button").tap()
        phone.wait_for_selector("#play:not([hidden])")
        phones.append(phone)
    wait_js(tablet, "document.querySelectorAll('#seats li').length === 4")
    wait_js(tablet, "document.querySelectorAll('#seats .dot.on').length === 4")
    shoot(tablet, "platform-lobby-tablet")
    shoot(phones[0], "platform-lobby-phone")

    start = tablet.locator('#host-actions form[data-type="start"]')
    start.locator("button.choice").first.click()   # 'first' field: then the start asks
    tablet.locator("#confirm-yes").click()   # the start asks to confirm (issue #25)
    for phone in phones:
        phone.wait_for_selector('form[data-type="pick"]')
    # the secret shows only while the button is held
    first = phones[0]
    assert_hidden(first)
    hold(first)
    letter = first.locator("#secret-body strong").text_content()
    assert re.fullmatch(r"[A-H]", letter)
    shoot(first, "platform-phone-secret-held")
    release(first)
    assert_hidden(first)

    # a pick asks to confirm, then reaches the table
    first.locator('form[data-type="pick"] button.choice').nth(1).tap()
    first.locator("#confirm-yes").tap()
    wait_js(tablet, "document.getElementById('log').textContent.includes('Sylvia has picked')")
    shoot(tablet, "platform-playing-tablet")
    shoot(first, "platform-phone-after-pick")
    # the table may show the pick a moment before the phone draws its own view
    wait_js(first, "!document.querySelector('form[data-type=\"pick\"]')")


def test_the_table_keeps_the_whole_log_from_pushed_tails(server, browser):
    """Pushed views carry only the log's newest lines and the earlier ones
    a rename changed; the page keeps the rest, so the table's log reads as
    the whole log over HTTP."""
    import requests

    from companion.views import LOG_PUSH
    room = requests.post(f"{server.url}/api/rooms", json={"game": "pick", "options": {"rounds": 9}},
                         timeout=10).json()
    code, host = room["code"], room["host_token"]
    tokens = [requests.post(f"{server.url}/api/rooms/{code}/seats", json={"name": name},
                            timeout=10).json()["token"] for name in ("Sylvia", "Gregor", "Petra")]

    def act(token, **action):
        answer = requests.post(f"{server.url}/api/rooms/{code}/actions", json=action, timeout=10,
                               headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 200, answer.text
        return answer.json()["view"]

    tablet = new_page(browser, TABLET)
    try:
        tablet.goto(f"{server.url}/t/{code}")
        tablet.wait_for_selector("#log li")
        act(host, type="start", first=0)
        for round_ in range(8):
            for seat, token in enumerate(tokens):
                view = act(token, type="pick", number=1 + (seat + round_) % 3)
        # earlier lines name Sylvia: the push carries them anew (log_changed)
        view = act(tokens[0], type="rename", name="Sylvana")
        whole = requests.get(f"{server.url}/api/rooms/{code}", timeout=10).json()["log"]
        assert len(whole) > 3 * LOG_PUSH
        assert sum("Sylvana" in line["text"] for line in whole[:-LOG_PUSH]) > 3
        wait_js(tablet, f"document.body.dataset.version === '{view['version']}'")
        shown = tablet.locator("#log li").all_inner_texts()
        # each entry: its number, then its text
        assert [text.strip().splitlines()[-1] for text in shown] == [
            line["text"] for line in reversed(whole)]
    finally:
        tablet.context.close()


def test_the_create_page_shows_the_player_range_the_options_make(server, browser, shoot):
    """Issue #45: with HOAX's "Large group" ticked the create page said 3–8
    players while the table takes 3–14; the range follows the options (and
    goes back when another game is chosen), in both languages."""
    for lang, word in (("en", "players"), ("de", "Spieler")):
        tablet = new_page(browser, TABLET, lang=lang)
        tablet.goto(f"{server.url}/?lang={lang}")
        hoax = tablet.locator('button[data-game="hoax"]')
        hoax.click()
        players = hoax.locator("small")
        expect(players).to_have_text(f"3–8 {word}")
        tablet.locator("#opt-large_group").click()
        expect(players).to_have_text(f"3–14 {word}")
        shoot(tablet, f"create-large-group-{lang}")
        tablet.locator("#opt-second_identity").click()     # §12.3: only with 3 or 4
        expect(players).to_have_text(f"3–4 {word}")
        tablet.locator("#opt-second_identity").click()
        expect(players).to_have_text(f"3–14 {word}")
        rule = tablet.locator('button[data-game="what_the_rule"]')
        rule.click()
        expect(players).to_have_text(f"3–8 {word}")            # HOAX's options are gone
        expect(rule.locator("small")).to_have_text(f"2–10 {word}")
        tablet.locator("#opt-master").select_option("app")    # the app as game master: one may play
        expect(rule.locator("small")).to_have_text(f"1–10 {word}")
        tablet.context.close()


def test_a_game_without_a_renderer_shows_its_board_as_a_list(server, browser):
    """Issue #46: the fallback for a game that brings no renderer (the test
    game "pick") is a list a player reads — each public member under its
    name, on the table in text of at least 20 px and on the phone — with
    no raw JSON, and the phone's secret letter is not in it."""
    from tests.browser.conftest import SCREENS, SCREENSHOTS, host_table, seat_phone
    from tests.browser.test_table_board import Room
    room = Room(server, "pick", ["Sylvia", "Gregor"], {"rounds": 2})
    room.host_act({"type": "start"})
    room.act(room.tokens[0], {"type": "pick", "number": 2})
    public = room.view()["public"]
    letter = room.view(room.tokens[1])["you"]["secret"]["letter"]
    table = host_table(browser, server, room)
    phone = seat_phone(browser, server, room, 1)
    try:
        for where, page in (("table", table), ("phone", phone)):
            board = page.locator("#game-area dl.generic")
            board.wait_for()
            if SCREENSHOTS:
                SCREENS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SCREENS / f"generic-board-{where}.png"))
            assert page.locator("#game-area pre").count() == 0
            terms = board.locator("dt").all_inner_texts()
            # each member once, under the game's word where it has one (field.first: "First")
            assert sorted(terms) == sorted(["First" if k == "first" else k for k in public]), terms
            said = board.inner_text()
            assert "{" not in said and "[" not in said, said
            assert f"{public['round']}" in board.locator("dd").first.inner_text()
        assert letter not in phone.locator("#game-area").inner_text().split()
        smallest = table.evaluate("""() => Math.min(...[...document.querySelectorAll('#game-area dl.generic *')]
            .map((el) => parseFloat(getComputedStyle(el).fontSize)))""")
        assert smallest >= 20, f"the table's board text is {smallest} px"
    finally:
        table.context.close()
        phone.context.close()
