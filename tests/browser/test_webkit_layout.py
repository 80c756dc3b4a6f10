"""The phone's layout in both engines (issue #42): the one-thumb sheet, its
confirms and the open forms, in Chromium at 447x906 and in WebKit at
447x906 (MiniBrowser's narrowest window, the widest phone) and 390x844
(``webkit_shell.py`` has no toolbar, so WebKit takes a phone's width too).
Chromium at 390 is ``test_sheet_fits.py``'s.

Written once over ``webkit.Phone``.  For every shipped game at its largest
table, at two positions with secret choices reached by random legal moves
over HTTP (What the Rule?!, which has none: the first seat holding a secret,
the game master's rule), the seat's phone in each engine:

* holds the bar: every part of the sheet lies on the screen above the bar,
  nothing in it scrolls or is cut (``test_sheet_fits.NOT_WHOLE``);
* walks the first secret choice, one gesture a step, each step's sheet
  checked the same way, up to its confirm, which it answers "no" (nothing
  is sent);
* on the open page: nothing wider than the screen, every control of the
  page can be scrolled above the bar, no button clips its label.

A HOAX claim is asked to confirm in the dialog (an open, irreversible
entry): the dialog and its sentence fit the screen in both engines.

Screenshots: test-artifacts/screens/engines-*-{chromium,webkit}-{width}.png,
and each position's engines side by side: engines-*-side-by-side.png."""
from __future__ import annotations

import base64
import json
import random

import pytest

from companion.i18n import translate
from tests.browser import webkit as engines
from tests.browser.conftest import SCREENS, SCREENSHOTS, fill_form, new_page
from tests.browser.test_one_thumb import SECRET_CHOICES
from tests.browser.test_sheet_fits import (
    FIRST_DEAL,
    NOT_WHOLE,
    PARTS,
    holders,
    largest,
    positions,
    seeded_deal,
)
from tests.browser.test_table_board import SHIPPED, LocalRoom, Room
from tests.browser.webkit import PHONE, WIDE_PHONE, seat

#: the fixtures this module uses
webkit, webkit_phones, phone_in = engines.webkit, engines.webkit_phones, engines.phone_in

#: (engine, screen) pairs each position is looked at with
LOOKS = [("chromium", WIDE_PHONE), ("webkit", WIDE_PHONE), ("webkit", PHONE)]


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


#: what of the open page cannot be reached or read: wider than the screen,
#: a control that can never be scrolled above the bar, a button clipping
OPEN_PAGE = """() => {
  const out = [], doc = document.documentElement;
  const say = (el) => (el.id ? "#" + el.id : el.tagName.toLowerCase() + "." + String(el.className).split(" ").join("."))
    + " " + JSON.stringify(el.textContent.trim().slice(0, 30));
  if (doc.scrollWidth > innerWidth + 1) out.push(`the page is ${doc.scrollWidth} px wide on a ${innerWidth} px screen`);
  const bar = document.querySelector("#secret:not([hidden]) #hold");
  const barTop = bar ? bar.getBoundingClientRect().top : innerHeight;
  const most = Math.max(0, doc.scrollHeight - innerHeight);
  for (const el of document.querySelectorAll("main button, main input, main select, main textarea, main summary, dialog[open] button")) {
    if (el.closest("#secret")) continue;   // the bar and the sheet: looked at while held
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === "hidden") continue;
    if (el.checkVisibility && !el.checkVisibility()) continue;   // in a closed <details>
    if (r.left < -0.5 || r.right > innerWidth + 0.5) out.push(`${say(el)} cut at the side (${Math.round(r.left)}-${Math.round(r.right)})`);
    const inDialog = !!el.closest("dialog[open]");
    const bottom = inDialog ? r.bottom : r.bottom + scrollY, limit = inDialog ? innerHeight : most + barTop;
    if (bottom > limit + 0.5) out.push(`${say(el)} never above the bar (${Math.round(bottom)} > ${Math.round(limit)})`);
    if (el.tagName === "BUTTON" && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
      out.push(`${say(el)} clips its label: ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
  }
  return out;
}"""


def name(where, engine, size):
    return f"engines-{where}-{engine}-{size['width']}"


def shot(phone, where, engine, size):
    if SCREENSHOTS:
        SCREENS.mkdir(parents=True, exist_ok=True)
        phone.screenshot(SCREENS / f"{name(where, engine, size)}.png")


def check_held(phone, where, engine, size):
    """Holds the bar: everything of the sheet on the screen above it."""
    phone.hold()
    phone.wait("document.getElementById('secret-items').childElementCount + "
               "document.getElementById('secret-actions').childElementCount > 0")
    phone.frame()
    shot(phone, where, engine, size)
    bad = phone.js(NOT_WHOLE)
    assert not bad, f"{engine} {size['width']}: {where}: the held sheet does not fit: {bad[:8]}; " \
                    f"its parts: {phone.js(PARTS)}"


def walk(phone, where, engine, size):
    """The held sheet's first secret choice, one gesture a step, each step
    checked; its confirm answered "no".  Leaves nothing held, nothing sent."""
    version = phone.js("document.body.dataset.version")
    for step in range(6):
        card = "#secret-actions .picks"
        if not phone.js(f"!!document.querySelector('{card}')"):
            break
        if phone.js(f"!!document.querySelector('{card} .confirm-no')"):
            phone.slide(f"{card} .confirm-no")
            phone.release()
            break
        ends = phone.js(f"(() => {{ const el = document.querySelector('{card} [data-pick].choice');"
                        " return el ? el.dataset.ends || '' : null; })()")
        if ends is None or ends == "send":
            phone.release()
            break
        phone.slide(f"{card} [data-pick].choice")
        phone.release()
        check_held(phone, f"{where}-step{step + 1}", engine, size)
    else:
        phone.release()
    assert phone.js("document.body.dataset.version") == version, f"{engine}: {where}: something was sent"


def check_open_page(phone, where, engine, size):
    bad = phone.js(OPEN_PAGE)
    assert not bad, f"{engine} {size['width']}: {where}: the open page: {bad[:8]}"


def side_by_side(browser, where):
    """The engines' screenshots of one position in one picture, to compare."""
    if not SCREENSHOTS:
        return
    cells = []
    for engine, size in LOOKS:
        path = SCREENS / f"{name(where, engine, size)}.png"
        if path.exists():
            data = base64.b64encode(path.read_bytes()).decode()
            cells.append(f'<figure><figcaption>{engine} {size["width"]}×{size["height"]}</figcaption>'
                         f'<img src="data:image/png;base64,{data}"></figure>')
    page = new_page(browser, {"width": 1400, "height": 1000})
    page.set_content("<style>body{display:flex;gap:16px;margin:8px;font:16px sans-serif;align-items:flex-start}"
                     "figure{margin:0}img{display:block;border:1px solid #888}</style>" + "".join(cells))
    page.screenshot(path=str(SCREENS / f"engines-{where}-side-by-side.png"), full_page=True)
    page.context.close()


@pytest.mark.parametrize("game", SHIPPED)
def test_the_sheet_and_open_page_fit_in_both_engines(server, browser, phone_in, game):
    names, options = largest(game)
    room = Room(server, game, names, options)
    room.host_act({"type": "start"})
    phones = {}
    looked = 0
    rng = random.Random(f"engines/{game}")
    if game in SECRET_CHOICES:
        looks = positions(room, rng)
    else:   # no secret choices (What the Rule?!): the first seat that holds a secret, held
        for _ in range(100):
            if holders(room) or not room.random_move(rng, room.view()["waiting"]):
                break
        looks = [(seat_no, ("secret",)) for seat_no in holders(room)[:1]]
    for n, (seat_no, kinds) in enumerate(looks):
        lang = ("en", "de")[n % 2]
        where = f"{game}-{len(names)}-{n}-{'+'.join(kinds)}-{lang}"
        for engine, size in LOOKS:
            key = (engine, size["width"], lang)
            if key not in phones:
                phones[key] = phone_in(engine, lang, size)
            phone = seat(phones[key], server, room, seat_no, lang)
            check_open_page(phone, where, engine, size)
            check_held(phone, where, engine, size)
            if kinds == ("secret",):
                phone.release()
            else:
                walk(phone, where, engine, size)
            assert phone.errors() == [], f"{engine}: {phone.errors()}"
            looked += 1
        side_by_side(browser, where)
        if n >= 1:
            break
    assert looked, f"{game}: no position with a secret was reached"


#: every word the bar shows: its label in each state (phone.js drawSecret) under its hint
BAR_LABELS = ("page.hold", "page.hold_to_confirm", "page.holding")
#: the smallest phone still in use (an iPhone SE: 375x667 CSS pixels)
SMALL_PHONE = {"width": 375, "height": 667}
#: the narrowest phones and the usual one
BAR_SCREENS = (SMALL_PHONE, PHONE)
#: each label, drawn in the bar under its hint: what of the bar's words it cannot hold
BAR_WORDS = """(labels) => {
  const bar = document.getElementById("hold"), label = document.getElementById("hold-label");
  const out = [], before = label.textContent;
  for (const text of labels) {
    label.textContent = text;
    if (bar.scrollHeight > bar.clientHeight + 1 || bar.scrollWidth > bar.clientWidth + 1)
      out.push(`${JSON.stringify(text)}: ${bar.scrollWidth}x${bar.scrollHeight} in ${bar.clientWidth}x${bar.clientHeight}`);
  }
  label.textContent = before;
  return out;
}"""


def test_the_bar_holds_its_words_in_both_engines(server, phone_in):
    """The bar's label in each of its states and the hint under it fit the
    bar in both engines and languages, on the narrowest phones too: the
    German hint took two lines and "Halten zum Bestätigen deiner Wahl" two
    more, so WebKit cut the hint's last line at 390 px (Chromium at 375)."""
    room = Room(server, "hoax", ["Sylvia", "Christian", "Petra", "Gregor"])
    room.host_act({"type": "start", "first": 0})
    cut = []
    for engine in ("chromium", "webkit"):
        for lang in ("de", "en"):
            labels = [translate(lang, key) for key in BAR_LABELS]
            for size in BAR_SCREENS:
                phone = seat(phone_in(engine, lang, size), server, room, 0, lang)
                found = phone.js(f"({BAR_WORDS})({json.dumps(labels)})")
                cut += [f"{engine} {lang} {size['width']}x{size['height']}: {one}" for one in found]
    assert not cut, cut


def test_the_sheet_gives_way_on_the_smallest_phone(server, phone_in, monkeypatch):
    """HOAX with 14 in German, the deal test_sheet_fits.py seeds, in WebKit
    on the smallest phone still in use (375x667): at every position the
    held sheet fits, and at one at least only because it gave way to its
    last step (phone.js ``fitSheet``, ``data-fit`` 3: no explanation in the
    sheet), so every step of the fit is seen working in WebKit."""
    seeded_deal(monkeypatch, FIRST_DEAL)
    names, options = largest("hoax")
    room = LocalRoom(server, "hoax", names, options)
    room.host_act({"type": "start"})
    fits = []
    for n, (seat_no, kinds) in enumerate(positions(room, random.Random("sheet/hoax/1"))):
        where = f"hoax-{len(names)}-small-{n}-{'+'.join(kinds)}-de"
        phone = seat(phone_in("webkit", "de", SMALL_PHONE), server, room, seat_no, "de")
        check_held(phone, where, "webkit", SMALL_PHONE)
        fits.append(phone.js("document.getElementById('secret-body').dataset.fit || ''"))
        phone.release()
        assert phone.errors() == [], phone.errors()
    assert "3" in fits, f"no position needed the sheet's last step: {fits}"


def test_the_confirm_dialog_fits_in_both_engines(server, browser, phone_in):
    """A HOAX claim, picked with taps on its open form, asks in the dialog
    with the whole claim in words: the dialog fits each engine's screen,
    and "no" sends nothing."""
    room = Room(server, "hoax", ["Sylvia", "Christian", "Petra", "Gregor"])
    room.host_act({"type": "start", "first": 0})
    for seat_no, token in room.tokens.items():
        cover = next(t for t in room.view(token)["actions"] if t["type"] == "cover")
        assert room.act(token, {"type": "cover", "identity": cover["fields"]["identity"][0]})["ok"]
    mover = room.view()["public"]["to_move"]
    for engine, size in LOOKS:
        lang = "de"   # the longer sentences
        phone = seat(phone_in(engine, lang, size), server, room, mover, lang)
        version = phone.js("document.body.dataset.version")
        fill_form(phone.locate('#actions form[data-type="claim"]'), {})
        phone.wait("!!document.querySelector('#confirm[open]')")
        phone.frame()
        where = "hoax-claim-confirm-de"
        shot(phone, where, engine, size)
        check_open_page(phone, where, engine, size)
        sentence = phone.text("#confirm-text")
        assert len(sentence) > 20, sentence
        phone.tap("#confirm-no")
        phone.wait("!document.querySelector('#confirm[open]')")
        assert phone.js("document.body.dataset.version") == version, f"{engine}: the claim was sent"
        assert phone.errors() == [], f"{engine}: {phone.errors()}"
    side_by_side(browser, "hoax-claim-confirm-de")


def test_a_game_without_a_renderer_reads_in_both_engines(server, browser, phone_in):
    """The board of a game without a renderer (issue #46; the test game
    "pick"): a list under the game's words, whole on the screen in each
    engine and language, nothing cut or wider than the phone."""
    room = Room(server, "pick", ["Sylvia", "Gregor"], {"rounds": 2})
    room.host_act({"type": "start"})
    room.act(room.tokens[0], {"type": "pick", "number": 2})
    for lang in ("en", "de"):
        where = f"generic-board-{lang}"
        for engine, size in LOOKS:
            phone = seat(phone_in(engine, lang, size), server, room, 1, lang)
            phone.wait("!!document.querySelector('#game-area dl.generic dd')")
            assert not phone.js("!!document.querySelector('#game-area pre')")
            shot(phone, where, engine, size)
            check_open_page(phone, where, engine, size)
            assert phone.errors() == [], f"{engine}: {phone.errors()}"
        side_by_side(browser, where)
