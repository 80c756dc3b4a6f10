"""Factum golden path in real Chromium: a tablet and four phones play one
round (volunteer, judge, decision, secret marks, the vote, the reveal)."""
from __future__ import annotations

from tests.browser.conftest import open_table

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


def test_factum_golden_path(server, browser, shoot):
    tablet, phones = open_table(browser, server, "factum", NAMES, shoot, "factum")
    tablet.locator('#host-actions form[data-type="start"] button').first.click()
    for phone in phones:
        phone.wait_for_selector('form[data-type="volunteer"]')
    shoot(phones[0], "factum-phone-volunteer")
    phones[0].locator('form[data-type="volunteer"] button').click()
    phones[0].wait_for_selector('form[data-type="told"]')
    assert not with_form(phones[1:], "volunteer")   # the race is over
    shoot(tablet, "factum-tablet-teams")
    phones[0].locator('form[data-type="told"] button').click()
    judge = wait_any(tablet, phones, "judge")[0]
    judge.locator('form[data-type="judge"] button').click()
    judge.wait_for_selector('form[data-type="decide"]')
    shoot(judge, "factum-phone-judge-decides")
    judge.locator('form[data-type="decide"] button.choice').first.click()   # team A guesses
    judge.locator("#confirm-yes").click()

    markers = wait_any(tablet, phones, "mark")
    shoot(tablet, "factum-tablet-marking")
    shoot(markers[0], "factum-phone-mark")
    # phones get the marking step one after the other: mark on each as it
    # appears, each at its own position, until the vote opens
    marked = []
    for _ in range(200):
        if with_form(phones, "vote"):
            break
        for phone in with_form(phones, "mark"):
            if phone in marked:
                continue
            form = phone.locator('form[data-type="mark"]')
            k = len(marked)
            if form.locator(".field").count():   # position and card kind to pick
                form.locator(".field").nth(0).locator("button.choice").nth(k).click()
                form.locator('button[type="submit"]').click()
            else:                                 # one tap per position
                form.locator("button.choice").nth(k).click()
            marked.append(phone)
        tablet.wait_for_timeout(100)
    voters = wait_any(tablet, phones, "vote")
    shoot(voters[0], "factum-phone-vote")
    for phone in voters:
        phone.locator('form[data-type="vote"] button.choice').first.click()
        phone.locator("#confirm-yes").click()
    tablet.wait_for_function("/\\+1|wins|gewinnt|point/i.test(document.getElementById('log').textContent)")
    tablet.wait_for_timeout(300)
    shoot(tablet, "factum-tablet-reveal")
    shoot(phones[0], "factum-phone-after-round")
    assert sum(int(s) for s in tablet.locator("#seats .score").all_text_contents()) > 0
