"""Factum golden path in real Chromium: a tablet and four phones play one
round (volunteer, judge, decision, secret marks, the vote, the reveal).
Phones get real touch input; every secret choice is made with one finger:
hold the bar, slide onto the choice, let go (and once more on "yes")."""
from __future__ import annotations

import requests
from playwright.sync_api import expect

from tests.browser.conftest import hold, open_table, pick_secret, release, wait_js

NAMES = ["Anna", "Ben", "Cara", "Dirk"]


def with_form(phones, action_type):
    return [p for p in phones if p.locator(f'form[data-type="{action_type}"]').count()]


def wait_any(tablet, phones, action_type):
    for _ in range(100):
        found = with_form(phones, action_type)
        if found:
            return found
        tablet.wait_for_timeout(100)
    raise AssertionError(f"no phone offers {action_type}")


def offers_secret(phone, action_type):
    """Whether the phone's sheet offers ``action_type`` (looked at while held)."""
    hold(phone)
    found = phone.locator(f'#secret-actions [data-type="{action_type}"]').count() > 0
    release(phone)
    return found


def public(server, tablet):
    code = tablet.url.rsplit("/", 1)[1]
    return requests.get(f"{server.url}/api/rooms/{code}", timeout=10).json()


def test_factum_golden_path(server, browser, shoot):
    tablet, phones = open_table(browser, server, "factum", NAMES, shoot, "factum")
    tablet.locator('#host-actions form[data-type="start"] button').first.click()
    tablet.locator("#confirm-yes").click()   # the start asks to confirm (issue #25)
    for phone in phones:
        phone.wait_for_selector('form[data-type="volunteer"]')
    shoot(phones[0], "factum-phone-volunteer")
    phones[0].locator('form[data-type="volunteer"] button').tap()
    phones[0].wait_for_selector('form[data-type="told"]')
    for phone in phones[1:]:   # the race is over (once each phone has the new view)
        expect(phone.locator('form[data-type="volunteer"]')).to_have_count(0)
    shoot(tablet, "factum-tablet-teams")
    phones[0].locator('form[data-type="told"] button').tap()
    judge = wait_any(tablet, phones, "judge")[0]
    judge.locator('form[data-type="judge"] button').tap()
    judge.wait_for_selector('form[data-type="decide"]')
    shoot(judge, "factum-phone-judge-decides")
    judge.locator('form[data-type="decide"] button.choice').first.tap()   # team A guesses
    judge.locator("#confirm-yes").tap()

    # marking is a secret choice (it leaves out one's own other card): one
    # finger holds, slides onto a position, lets go; each its own position
    wait_js(tablet, "/mark|markier/i.test(document.body.textContent)")
    marked = 0
    for phone in phones:
        if not offers_secret(phone, "mark"):
            continue
        if not marked:
            hold(phone)
            shoot(phone, "factum-phone-mark-held")
            release(phone)
        before = public(server, tablet)["version"]
        pick_secret(phone, "mark", value=marked + 1)
        wait_js(phone, f"Number(document.body.dataset.version) > {before}")
        marked += 1
    assert marked
    # the team's vote is secret too, with a confirm named in words
    for _ in range(100):
        voters = [p for p in phones if offers_secret(p, "vote")]
        if voters:
            break
        tablet.wait_for_timeout(100)
    assert voters
    first = voters[0]
    hold(first)
    shoot(first, "factum-phone-vote-held")
    release(first)
    for phone in voters:
        pick_secret(phone, "vote")
    wait_js(tablet, "/\\+1|wins|gewinnt|point/i.test(document.getElementById('log').textContent)")
    tablet.wait_for_timeout(300)
    shoot(tablet, "factum-tablet-reveal")
    shoot(phones[0], "factum-phone-after-round")
    assert sum(int(s) for s in tablet.locator("#seats .score").all_text_contents()) > 0
