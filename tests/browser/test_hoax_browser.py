"""HOAX in real Chromium: a tablet and six phones cover, claim, doubt (the
doubt is carried by the others) and accuse, each phone through its own
buttons (real touch: taps, and one finger holding the reveal bar; the
tablet keeps the mouse); screenshots of the table and phones at each step."""
from __future__ import annotations

from tests.browser.conftest import hold, open_table, pick_secret, press, release, wait_js

NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom"]


def own_identity(phone):
    """The identity value the phone shows while the reveal is held."""
    hold(phone)
    classes = phone.locator("#secret-items strong").first.get_attribute("class") or ""
    release(phone)
    return next(c[len("value-"):] for c in classes.split() if c.startswith("value-"))


def cover_another(phone):
    """Covers an identity the player is not: a secret choice (the list,
    which leaves one's own out, shows only under the reveal)."""
    own = own_identity(phone)
    hold(phone)
    listed = phone.locator('#secret-actions [data-type="cover"] [data-pick]')
    values = [b.get_attribute("data-value") for b in listed.all()]
    release(phone)
    assert values and f'"{own}"' not in values
    pick_secret(phone, "cover")


def has_secret(phone, action_type):
    hold(phone)
    found = phone.locator(f'#secret-actions [data-type="{action_type}"]').count() > 0
    release(phone)
    return found


def has(phone, action_type):
    return phone.locator(f'form[data-type="{action_type}"]').count() > 0


def wait_log(tablet, text):
    wait_js(tablet, f"document.getElementById('log').textContent.includes({text!r})")


def test_hoax_six_phones_doubt_and_accusation(server, browser, shoot):
    tablet, phones = open_table(browser, server, "hoax", NAMES, shoot, "hoax")
    tablet.locator('#host-actions form[data-type="start"] button.choice[data-value="0"]').click()
    tablet.locator("#confirm-yes").click()   # the start asks to confirm (issue #25)
    for phone in phones:
        phone.wait_for_selector("#todo.now")   # the cover: a secret choice
        assert phone.locator('form[data-type="cover"]').count() == 0
    # the identity is behind hold-to-reveal
    sylvia = phones[0]
    hold(sylvia)
    identity = sylvia.locator("#secret-items strong").first.text_content()
    shoot(sylvia, "hoax-phone-identity-held")
    release(sylvia)
    assert identity and identity not in sylvia.locator("#secret-items").inner_text()
    shoot(sylvia, "hoax-phone-cover")
    for phone in phones:
        cover_another(phone)
    sylvia.wait_for_selector('form[data-type="claim"]')
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
    wait_js(tablet, "document.getElementById('log').textContent.includes('The doubt goes through')")
    shoot(tablet, "hoax-tablet-doubt-decided")

    # whoever is to move now accuses a neighbour
    accuser = None
    for _ in range(50):
        accuser = next((p for p in phones if has_secret(p, "accuse")), None)
        if accuser:
            break
        tablet.wait_for_timeout(200)
    assert accuser is not None, "nobody may accuse"
    hold(accuser)
    shoot(accuser, "hoax-phone-accuse")
    release(accuser)
    before = tablet.locator("#log li").count()
    press(accuser, "accuse", held=True)
    wait_js(tablet, f"document.querySelectorAll('#log li').length > {before}")
    wait_js(tablet, "/accus|anklag/i.test(document.getElementById('log').textContent)")
    tablet.wait_for_timeout(300)
    shoot(tablet, "hoax-tablet-after-accusation")
    shoot(accuser, "hoax-phone-after-accusation")
