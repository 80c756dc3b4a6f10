"""HOAX in real Chromium: a tablet and six phones cover, claim, doubt (the
doubt is carried by the others) and accuse, each phone through its own
buttons (real touch: taps, and one finger holding the reveal bar; the
tablet keeps the mouse); screenshots of the table and phones at each step."""
from __future__ import annotations

import json

import pytest

from tests.browser.conftest import (SCREENS, hold, open_table, pick_secret, press, release, seat_phone, sent,
                                    wait_js)
from tests.browser.test_table_board import Room

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


# --- one rule for every claim (issue #45) ------------------------------------------

def dialog_after(phone, taps):
    """Taps the form's choices ``taps`` (data-values) one by one, as a
    finger does; before the last nothing asks and nothing is sent, the last
    opens the confirm.  Returns its question."""
    version = phone.evaluate("document.body.dataset.version")
    for n, value in enumerate(taps):
        assert not phone.locator("#confirm[open]").count(), f"asked before the tap on {taps[n:]}"
        if n == 3:
            shot(phone, f"hoax-claim-{taps[0]}-step-{n}")
        phone.locator(f'#actions form[data-type="claim"] button.choice[data-value={json.dumps(json.dumps(value))}],'
                      f' #react-actions form button.choice[data-value={json.dumps(json.dumps(value))}]').first.tap()
    wait_js(phone, "!!document.querySelector('#confirm[open]')")
    assert phone.evaluate("document.body.dataset.version") == version, "sent before the confirm"
    return phone.locator("#confirm-text").text_content()


def shot(page, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"))


def test_every_claim_asks_one_confirm_that_names_it(server, browser):
    """A Magician's claim (a name), a Judge's (nothing more to pick) and a
    Thief's (a name, a resource, an amount) each go tap by tap, and the last
    tap asks one confirm that says the whole claim as the table will show
    it; "no" sends nothing.  A reaction (the Baron's "illegal") asks the
    same way.  Both languages."""
    names = NAMES[:4]
    room = Room(server, "hoax", names)
    room.host_act({"type": "start", "first": 0})
    for seat, token in room.tokens.items():
        own = room.view(token)["you"]["secret"]["identity"]
        cover = "farmer" if own != "farmer" else "trader"
        assert room.act(token, {"type": "cover", "identity": cover})["ok"]
    sylvia = seat_phone(browser, server, room, 0, lang="en")
    christian = seat_phone(browser, server, room, 1, lang="de")
    sylvia.wait_for_selector('#actions form[data-type="claim"]')
    asked = {}
    for taps in (["magician", "enchant", 1], ["judge", "wine"], ["thief", "steal", 2, "gold", 2]):
        asked[taps[0]] = dialog_after(sylvia, taps)
        shot(sylvia, f"hoax-claim-{taps[0]}-confirm-en")
        version = sylvia.evaluate("document.body.dataset.version")
        sylvia.locator("#confirm-no").tap()
        sylvia.wait_for_timeout(300)
        assert sylvia.evaluate("document.body.dataset.version") == version, f"{taps}: 'no' sent it"
        sylvia.locator('#actions form[data-type="claim"] button.back').first.tap()   # back to the start
        while sylvia.locator('#actions form[data-type="claim"] button.back').count():
            sylvia.locator('#actions form[data-type="claim"] button.back').first.tap()
    assert asked["magician"] == "Claim this? Sylvia as the Magician: enchants Christian.", asked
    assert asked["judge"] == "Claim this? Sylvia as the Judge: takes 1 wine.", asked
    assert asked["thief"] == "Claim this? Sylvia as the Thief: steals 2 gold from Petra.", asked
    # yes: the Judge's claim goes out
    dialog_after(sylvia, ["judge", "wine"])
    sent(sylvia, lambda page: page.locator("#confirm-yes").tap())
    claims = room.view()["public"]["claims"]
    assert [(c["identity"], c["action"]) for c in claims] == [("judge", "wine")], claims
    # a reaction asks the same way, in German: Christian as Baron declares it illegal
    wait_js(christian, f"Number(document.body.dataset.version) >= {room.view()['version']}")
    christian.locator("#react").evaluate("el => { el.open = true; }")
    christian.locator('#react-actions form[data-type="illegal"] button[type="submit"]').tap()
    wait_js(christian, "!!document.querySelector('#confirm[open]')")
    question = christian.locator("#confirm-text").text_content()
    shot(christian, "hoax-claim-illegal-confirm-de")
    assert question == "Das behaupten? Christian als Baron: erklärt die Aktion von Sylvia für illegal.", question
    christian.locator("#confirm-no").tap()
    assert len(room.view()["public"]["claims"]) == 1


def test_an_accusation_with_one_target_names_it_before_the_identities(server, browser):
    """In the final only one player can be accused: the sheet's choice
    starts at the identity, and the sheet names that player above it (the
    line and the notebook's row), not only the confirm (issue #45)."""
    room = Room(server, "hoax", NAMES[:3])
    room.host_act({"type": "start", "first": 0})
    for seat, token in room.tokens.items():
        own = room.view(token)["you"]["secret"]["identity"]
        assert room.act(token, {"type": "cover", "identity": "farmer" if own != "farmer" else "trader"})["ok"]
    christian = room.view(room.tokens[1])["you"]["secret"]["identity"]
    assert room.act(room.tokens[0], {"type": "accuse", "target": 1, "identity": christian})["ok"]   # right
    view = room.view()
    assert view["public"]["final"], "no final with two left"
    mover = view["public"]["to_move"]
    other = 2 if mover == 0 else 0
    accuse = [t for t in room.view(room.tokens[mover])["actions"] if t["type"] == "accuse"]
    assert accuse and {s for t in accuse for s in t["fields"]["target"]} == {other}
    for lang, words in (("en", f"can name only {NAMES[other]}"), ("de", f"kann nur {NAMES[other]} treffen")):
        phone = seat_phone(browser, server, room, mover, lang=lang)
        hold(phone)
        card = phone.locator('#secret-actions [data-type="accuse"]')
        assert card.get_attribute("data-step") == "identity"
        line = phone.locator("#secret-items .hoax-accusing")
        assert words in line.inner_text(), line.inner_text()
        assert line.bounding_box()["y"] + line.bounding_box()["height"] <= card.bounding_box()["y"]
        assert phone.locator(f'.hoax-book tr.hb-target[data-seat="{other}"]').count() == 1
        shot(phone, f"hoax-final-accuse-held-{lang}")
        release(phone)
        phone.context.close()


# --- the table at the start covers, in both themes (issue #45) -----------------------

#: the contrast of a covered card's label and icon against each of its back's
#: stripes, and of the card's edge against its row, in the page's own colours
COVERED = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const lum = (c) => { const f = (v) => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; };
    const [r, g, b] = rgb(c); return .2126 * f(r) + .7152 * f(g) + .0722 * f(b); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + .05) / (y + .05); };
  return Array.from(document.querySelectorAll(".hx-row .hx-card.hx-down")).map((card) => {
    const st = getComputedStyle(card), row = getComputedStyle(card.closest(".hx-row")).backgroundColor;
    const stripes = st.backgroundImage.match(/rgba?\\([^)]*\\)/g) || [st.backgroundColor];
    const label = getComputedStyle(card.querySelector(".hx-label")).color;
    const icon = getComputedStyle(card.querySelector(".hx-icon")).color;
    const mark = getComputedStyle(card, "::after");
    return {card: card.dataset.identity,
      // the struck card's ✕ lies beside its name, not over it
      over: mark.content !== "none" && mark.position === "absolute" && mark.top === "0px" && mark.bottom === "0px",
      label: Math.min(...stripes.map((s) => ratio(label, s))), icon: Math.min(...stripes.map((s) => ratio(icon, s))),
      edge: Math.max(ratio(st.borderTopColor, row), Math.min(...stripes.map((s) => ratio(s, row))))};
  });
}"""

#: a row's state tag ("waiting to cover", "out") that leaves its line, its row or its column
TAGS_OUT = """() => Array.from(document.querySelectorAll(".hx-row .hx-tag")).filter((tag) => {
  const t = tag.getBoundingClientRect(), row = tag.closest(".hx-row").getBoundingClientRect();
  const cards = tag.closest(".hx-row").querySelector(".hx-cards").getBoundingClientRect();
  const line = parseFloat(getComputedStyle(tag).lineHeight) || parseFloat(getComputedStyle(tag).fontSize) * 1.2;
  return t.height > line * 1.5 || t.top < row.top - .5 || t.bottom > row.bottom + .5 || t.left < row.left ||
    t.right > cards.left + .5 || tag.scrollWidth > tag.clientWidth + 1;
}).map((tag) => tag.textContent)"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_table_at_the_covers_reads_in_both_themes(server, browser, scheme):
    """Eight players (the long names), half of them covered: a covered card
    reads (its name at least 4.5:1, its icon 3:1 on the card's back, the
    card's edge 3:1 on its row) and "waiting to cover" stays on one line in
    its row's name column, on the light table and the navy one (dark), in
    both languages; screenshots test-artifacts/screens/hoax-covers-*.png."""
    names = ["Sylvia", "Christian", "Maximilian", "Henriette", "Friederike", "Konstantin", "Anna", "Jan"]
    room = Room(server, "hoax", names)
    room.host_act({"type": "start", "first": 0})
    for seat in list(room.tokens)[:4]:
        token = room.tokens[seat]
        cover = next(t for t in room.view(token)["actions"] if t["type"] == "cover")
        assert room.act(token, {"type": "cover", "identity": cover["fields"]["identity"][seat % 3]})["ok"]
    for lang in ("en", "de"):
        context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=lang, color_scheme=scheme)
        page = context.new_page()
        page.goto(f"{server.url}/t/{room.code}?lang={lang}")
        page.evaluate("([k, t]) => localStorage.setItem(k, t)", [f"companion:host:{room.code}", room.host])
        page.reload()
        wait_js(page, f"Number(document.body.dataset.version) >= {room.view()['version']}")
        wait_js(page, "document.querySelectorAll('.hx-row .hx-card.hx-down').length === 4")
        shot(page, f"hoax-covers-{scheme}-{lang}")
        covered = page.evaluate(COVERED)
        weak = [c for c in covered if c["label"] < 4.5 or c["icon"] < 3 or c["edge"] < 3 or c["over"]]
        assert page.locator(".hx-row .hx-tag").count() == 4
        out = page.evaluate(TAGS_OUT)
        assert not weak and not out, f"{scheme} {lang}: covered cards hard to read: {weak}; tags out of their rows: {out}"
        context.close()
