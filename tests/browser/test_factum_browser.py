"""Factum golden path in real Chromium: a tablet and four phones play one
round (volunteer, judge, decision, secret marks, the vote, the reveal)."""
from __future__ import annotations

from tests.browser.conftest import hold, open_table, release, wait_js

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


def has_held(phone, action_type):
    hold(phone)
    found = phone.locator(f'form[data-type="{action_type}"]').count() > 0
    release(phone)
    return found


def mark_at(form, k):
    """Marks the k-th offered position (and the first card kind) and
    answers the inline confirm of a secret choice."""
    page = form.page
    if form.locator(".field").count():   # position and card kind to pick
        form.locator(".field").nth(0).locator("button.choice").nth(k).click()
        form.locator('button[type="submit"]').click()
    else:                                 # one tap per position
        form.locator("button.choice").nth(k).click()
    inline = page.locator(".inline-confirm .confirm-yes")
    if inline.count():
        inline.first.click()
    elif page.locator("#confirm[open]").count():
        page.locator("#confirm-yes").click()


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

    # marking is a secret choice (it leaves out one's own other card): the
    # form shows only while the reveal is held; each marks its own position
    marked = []
    for _ in range(200):
        if with_form(phones, "vote"):
            break
        for phone in phones:
            if phone in marked:
                continue
            hold(phone)
            form = phone.locator('form[data-type="mark"]')
            if form.count():
                if not marked:
                    shoot(phone, "factum-phone-mark")
                mark_at(form.first, len(marked))
                marked.append(phone)
            release(phone)
        tablet.wait_for_timeout(100)
    shoot(tablet, "factum-tablet-marked")
    # the team's vote is secret too: cast while holding, on every phone that has it
    voted = 0
    for _ in range(100):
        for phone in phones:
            hold(phone)
            form = phone.locator('form[data-type="vote"]')
            if form.count():
                if not voted:
                    shoot(phone, "factum-phone-vote")
                mark_at(form.first, 0)
                voted += 1
            release(phone)
        if voted and not any(has_held(p, "vote") for p in phones):
            break
        tablet.wait_for_timeout(100)
    assert voted
    wait_js(tablet, "/\\+1|wins|gewinnt|point/i.test(document.getElementById('log').textContent)")
    tablet.wait_for_timeout(300)
    shoot(tablet, "factum-tablet-reveal")
    shoot(phones[0], "factum-phone-after-round")
    assert sum(int(s) for s in tablet.locator("#seats .score").all_text_contents()) > 0
