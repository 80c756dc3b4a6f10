"""Eselsbrücke in real Chromium, beside its whole game
(test_playthrough_eselsbruecke.py: the real cards typed with the deck's
autocomplete, the told story hidden, a misspelt name asked on the holder's
phone, the end): here the digital hand.  Phones get real touch input
(taps, and DevTools touch for holding the bar).  Screenshots of the phone
(390x844) and the table (1280x800), English and German, go to
/tmp/shots/eselsbruecke/."""
from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.conftest import PHONE, hold, new_page, release, slide

SHOTS = Path("/tmp/shots/eselsbruecke")
TABLE = {"width": 1280, "height": 800}
NAMES = ["Anna", "Ben", "Cara"]


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for _ in range(12):   # the table's announcements (a phone has none): click them away
        announce = page.locator("#announce:not([hidden])")
        if not announce.count():
            break
        announce.click()
        page.wait_for_timeout(700)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def relang(page, lang):
    url = re.sub(r"\?.*$", "", page.url) + f"?lang={lang}"
    page.goto(url)
    page.wait_for_selector("#game-area .eb")


def open_room(browser, server, deck="physical", language="de"):
    tablet = new_page(browser, TABLE)
    tablet.goto(server.url + "/?lang=en")
    tablet.locator('button[data-game="eselsbruecke"]').click()
    tablet.locator("#opt-deck").select_option(deck)
    tablet.locator("#opt-language").select_option(language)
    tablet.locator("#create").click()
    tablet.wait_for_url(re.compile(r"/t/[A-Z]{5}$"))
    expect(tablet.locator("#join-url")).not_to_be_empty()
    join_url = tablet.locator("#join-url").text_content()
    phones = []
    for name in NAMES:
        phone = new_page(browser, PHONE)
        phone.goto(join_url + "?lang=en")
        phone.fill("#name", name)
        phone.locator("#join-form button").tap()
        phone.wait_for_selector("#play:not([hidden])")
        phones.append(phone)
    expect(tablet.locator("#seats .dot.on")).to_have_count(3)
    return tablet, phones


def start(tablet):
    tablet.evaluate("document.getElementById('host-tools').open = true")
    tablet.locator('#host-actions form[data-type="start"] button').first.click()
    tablet.locator("#confirm-yes").click()   # the start asks to confirm (issue #25)


def missing_texts(page):
    return page.evaluate("Array.from(Companion.missingTexts)")


def test_eselsbruecke_digital_hand(server, browser):
    """Digital mode: the phone deals a hand of six English cards, shown only
    under the reveal; the thumb that holds picks one (and confirms it), and
    it lies open on the table."""
    tablet, phones = open_room(browser, server, deck="digital", language="en")
    start(tablet)
    anna = phones[0]
    anna.wait_for_selector("#todo.now")
    expect(anna.locator("#game-area .eb-card")).to_have_count(0)   # the hand: only under the reveal
    hold(anna)
    cards = anna.locator('#secret-actions [data-type="lay"] [data-pick]')
    expect(cards).to_have_count(6)
    hand = [b.text_content() for b in cards.all()]
    shot(anna, "phone-digital-hand-en")
    slide(anna, cards.nth(2))
    release(anna)
    hold(anna)
    assert anna.locator(".pick-confirm .confirm-question").text_content() == f"Lay {hand[2]}? Everyone will see it."
    slide(anna, ".pick-confirm .confirm-yes")
    release(anna)
    expect(tablet.locator("#game-area .eb-card b")).to_have_text([hand[2]])
    hold(phones[1])   # the next teller's hand, under the reveal
    expect(phones[1].locator('#secret-actions [data-type="lay"] [data-pick]')).to_have_count(6)
    release(phones[1])
    expect(anna.locator("#game-area .eb-card")).to_have_count(1)   # the story's card, the hand hidden
    shot(tablet, "table-digital-en")
    relang(phones[1], "de")
    shot(phones[1], "phone-digital-hand-de")
    for page in [tablet] + phones:
        assert missing_texts(page) == []
