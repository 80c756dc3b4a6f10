"""HOAX in real Chromium: a tablet and six phones cover, claim, doubt (the
doubt is carried by the others) and accuse, each phone through its own
buttons; screenshots of the table and phones at each step."""
from __future__ import annotations

from tests.browser.conftest import open_table

NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom"]


def press(phone, action_type, index=0):
    """Uses the phone's own form for ``action_type`` (answers the confirm)."""
    group = phone.locator(f'details.group[data-type="{action_type}"]:not([open]) > summary')
    if group.count():
        group.first.click()
    form = phone.locator(f'form[data-type="{action_type}"]').nth(index)
    submit = form.locator('button[type="submit"]')
    (submit if submit.count() else form.locator("button.choice")).first.click()
    if phone.locator("#confirm[open]").count():
        phone.locator("#confirm-yes").click()


def has(phone, action_type):
    return phone.locator(f'form[data-type="{action_type}"]').count() > 0


def wait_log(tablet, text):
    tablet.wait_for_function(f"document.getElementById('log').textContent.includes({text!r})")


def test_hoax_six_phones_doubt_and_accusation(server, browser, shoot):
    tablet, phones = open_table(browser, server, "hoax", NAMES, shoot, "hoax")
    tablet.locator('#host-actions form[data-type="start"] button.choice[data-value="0"]').click()
    for phone in phones:
        phone.wait_for_selector('form[data-type="cover"]')
    # the identity is behind hold-to-reveal
    sylvia = phones[0]
    sylvia.locator("#hold").dispatch_event("pointerdown")
    identity = sylvia.locator("#secret-body strong").text_content()
    shoot(sylvia, "hoax-phone-identity-held")
    sylvia.locator("#hold").dispatch_event("pointerup")
    assert identity and identity not in sylvia.locator("#secret-body").text_content()
    shoot(sylvia, "hoax-phone-cover")
    for phone in phones:
        press(phone, "cover")
    sylvia.wait_for_selector('details.group[data-type="claim"]')
    shoot(tablet, "hoax-tablet-covered")
    shoot(sylvia, "hoax-phone-turn")

    # Sylvia claims; Christian doubts; everyone else supports until it is decided
    press(sylvia, "claim")
    phones[1].wait_for_selector('form[data-type="doubt"]')
    press(phones[1], "doubt")
    phones[2].wait_for_selector('form[data-type="decline"]')
    shoot(tablet, "hoax-tablet-doubt-open")
    shoot(phones[2], "hoax-phone-doubt-support")
    for phone in phones[2:]:
        try:   # each phone supports the doubt once its view shows it
            phone.wait_for_selector('form[data-type="decline"]', timeout=3000)
        except Exception:
            break   # already decided: the forms are gone
        press(phone, "doubt")
        phone.wait_for_timeout(300)
    tablet.wait_for_function(
        "document.getElementById('log').textContent.includes('The doubt goes through')")
    shoot(tablet, "hoax-tablet-doubt-decided")

    # whoever is to move now accuses a neighbour
    accuser = None
    for _ in range(50):
        accuser = next((p for p in phones if has(p, "accuse")), None)
        if accuser:
            break
        tablet.wait_for_timeout(200)
    assert accuser is not None, "nobody may accuse"
    shoot(accuser, "hoax-phone-accuse")
    before = tablet.locator("#log li").count()
    press(accuser, "accuse")
    tablet.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
    tablet.wait_for_function("/accus|anklag/i.test(document.getElementById('log').textContent)")
    tablet.wait_for_timeout(300)
    shoot(tablet, "hoax-tablet-after-accusation")
    shoot(accuser, "hoax-phone-after-accusation")
