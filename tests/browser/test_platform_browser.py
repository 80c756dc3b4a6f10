"""A tablet creates a room, four phones join by the join URL, the host
starts, each phone sees its own secret (held) and picks."""
from __future__ import annotations

import re

from tests.browser.conftest import PHONE, TABLET, new_page, wait_js


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
        phone.locator("#join-form button").click()
        phone.wait_for_selector("#play:not([hidden])")
        phones.append(phone)
    wait_js(tablet, "document.querySelectorAll('#seats li').length === 4")
    wait_js(tablet, "document.querySelectorAll('#seats .dot.on').length === 4")
    shoot(tablet, "platform-lobby-tablet")
    shoot(phones[0], "platform-lobby-phone")

    start = tablet.locator('#host-actions form[data-type="start"]')
    start.locator("button.choice").first.click()   # 'first' field: one tap sends
    for phone in phones:
        phone.wait_for_selector('form[data-type="pick"]')
    # the secret shows only while the button is held
    first = phones[0]
    assert "hidden" in first.locator("#secret-body").text_content()
    first.locator("#hold").dispatch_event("pointerdown")
    letter = first.locator("#secret-body strong").text_content()
    assert re.fullmatch(r"[A-H]", letter)
    shoot(first, "platform-phone-secret-held")
    first.locator("#hold").dispatch_event("pointerup")
    assert "hidden" in first.locator("#secret-body").text_content()

    # a pick asks to confirm, then reaches the table
    first.locator('form[data-type="pick"] button.choice').nth(1).click()
    first.locator("#confirm-yes").click()
    wait_js(tablet, "document.getElementById('log').textContent.includes('Sylvia has picked')")
    shoot(tablet, "platform-playing-tablet")
    shoot(first, "platform-phone-after-pick")
    assert first.locator('form[data-type="pick"]').count() == 0
