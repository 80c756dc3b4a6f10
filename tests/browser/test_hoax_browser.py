"""HOAX in real Chromium, each phone with real touch (taps, and one finger
holding the reveal bar; the tablet keeps the mouse): every claim asks one
confirm that names it, an accusation with one target names it on the
sheet, and the table at the start covers reads in both themes.  The game
itself, covers to the evening's end, is played in
test_playthrough_hoax.py."""
from __future__ import annotations

import json

import pytest

from tests.browser.conftest import SCREENS, hold, release, seat_phone, sent, wait_js
from tests.browser.test_table_board import Room

NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom"]


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
