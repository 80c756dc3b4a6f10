"""What the Rule?!'s rule builder (issue #27) in real Chromium on a 390×844
touch phone: a seated game master builds each of twelve rules through the
builder only (taps, and the native pickers of its selects), reads it back
in words, puts it into the seal form with "Use this rule" and seals it.
Then cards are played over the API and the server's row must be exactly
what the rule, written here independently as a Python lambda over
(card, row), says: the first card is free unless the rule says otherwise;
under the sentence the phone reads back what the rule lets start the row
(issue #38: "The first card: any card").

Screenshots of the builder (English and German, nested groups among them)
go to test-artifacts/screens/wtr-builder-*.png."""
from __future__ import annotations

import time
from collections import namedtuple

import pytest

from companion.games.what_the_rule.language import localized
from companion.games.what_the_rule.rules import GAME
from tests.browser.conftest import PHONE, SCREENS, seat_phone
from tests.browser.test_table_board import Room

Card = namedtuple("Card", "shape count fill color")
SHAPE = {"c": "circle", "t": "triangle", "s": "square"}
FILL = {"f": "filled", "e": "empty"}
COLOR = {"w": "white", "b": "black"}


def card(short: str) -> Card:
    """"c3fw" is circle, 3, filled, white."""
    return Card(SHAPE[short[0]], int(short[1]), FILL[short[2]], COLOR[short[3]])


def code(c: Card) -> str:
    return f"{c.shape}-{c.count}-{c.fill}-{c.color}"


def changed(c: Card, before: Card) -> int:
    return sum(a != b for a, b in zip(c, before))


class Spec(namedtuple("Spec", "name lang join items rule words notes fits cards")):
    """One rule: how a player builds it (the top join and its items: a
    condition (what, op, value) or ("group", join, [conditions])), the text
    the builder must write, the sentence read back (bullets, notes), when a
    card fits (independent of the server) and the cards played."""


# how the app reads the start of the row (issue #38), under the sentence
FREE_EN = "The first card: any card"
FREE_DE = "Die erste Karte: jede Karte"
FREE2_EN = "The second card: any card"

SPECS = [
    Spec("only-white", "en", "and", [("color", "==", "white")],
         "color == white", ["the colour is white"], ["The first card: Colour white"],
         lambda c, row: c.color == "white",
         "c3fw s5eb t1ew t2fb s6ew"),
    Spec("alternate", "de", "and", [("color", "!=", "prev.color")],
         "color != prev.color", ["die Farbe eine andere als die Farbe der Karte davor ist"], [FREE_DE],
         lambda c, row: not row or c.color != row[-1].color,
         "s4fb t2eb c1fw c5ew t6fb s2ew"),
    Spec("ascending", "de", "or",
         [("group", "and", [("place", "place", "1"), ("count", "==", "1")]),
          ("group", "and", [("place", "not_place", "1"), ("count", "==", "prev.count % 6 + 1")])],
         "prev == none and count == 1 or prev != none and count == prev.count % 6 + 1",
         ["sie die erste Karte der Reihe ist und die Anzahl 1 ist",
          "sie nicht die erste Karte der Reihe ist und die Anzahl dieselbe wie die Anzahl der "
          "Karte davor plus 1 (nach 6 kommt 1) ist"], ["Die erste Karte: Anzahl 1"],
         lambda c, row: c.count == (row[-1].count % 6 + 1 if row else 1),
         "c2fw c1fw t2eb s4fw s3fb c4ew t5fw s6eb c1eb t3fw"),
    Spec("circle-or-triangle", "en", "and", [("shape", "in", ["circle", "triangle"])],
         "shape in [circle, triangle]", ["the shape is circle or triangle"],
         ["The first card: Shape circle or triangle"],
         lambda c, row: c.shape in ("circle", "triangle"),
         "s1fw c2eb t6fw s3eb t4ew"),
    Spec("same-shape-or-colour", "de", "or", [("shape", "==", "prev.shape"), ("color", "==", "prev.color")],
         "shape == prev.shape or color == prev.color",
         ["die Form dieselbe wie die Form der Karte davor ist",
          "die Farbe dieselbe wie die Farbe der Karte davor ist"], [FREE_DE],
         lambda c, row: not row or c.shape == row[-1].shape or c.color == row[-1].color,
         "s2fb t3fb t5ew c1fb c2ew s6fb c4eb"),
    Spec("more-after-six-anything", "en", "or", [("count", ">", "prev.count"), ("prev.count", "==", "6")],
         "count > prev.count or prev.count == 6",
         ["the count is more than the count of the card before", "the count of the card before is 6"],
         [FREE_EN],
         lambda c, row: not row or c.count > row[-1].count or row[-1].count == 6,
         "c3fw t2fw s5eb c6fw t1eb s1fw c4ew"),
    Spec("white-odd-black-even", "en", "or",
         [("group", "and", [("color", "==", "white"), ("count", "odd", None)]),
          ("group", "and", [("color", "==", "black"), ("count", "even", None)])],
         "color == white and count % 2 == 1 or color == black and count % 2 == 0",
         ["the colour is white and the count is odd", "the colour is black and the count is even"],
         ["The first card: Count 1, 3 or 5, Colour white; or Count 2, 4 or 6, Colour black"],
         lambda c, row: c.count % 2 == (1 if c.color == "white" else 0),
         "c3fw c3fb s4eb t2ew t5ew c6fb"),
    Spec("seven-with-the-card-before", "de", "and", [("sum", "==", "7")],
         "count + prev.count == 7", ["die Anzahl plus die Anzahl der Karte davor 7 ist"], [FREE_DE],
         lambda c, row: not row or c.count + row[-1].count == 7,
         "s2fw t5eb c3fw c2ew s4fb t5fb s2fb"),
    Spec("differs-by-two", "en", "and", [("diff", "ge", "2")],
         "count - prev.count not in [-1, 0, 1]",
         ["the count and the count of the card before differ by at least 2"], [FREE_EN],
         lambda c, row: not row or abs(c.count - row[-1].count) >= 2,
         "c4fw t5fw s1eb c2ew t3eb s3fw c6fb"),
    Spec("every-third-black", "de", "or", [("place", "not_place", "*3"), ("color", "==", "black")],
         "n % 3 != 2 or color == black",
         ["sie nicht Karte Nr. 3, 6, 9, … der Reihe ist", "die Farbe schwarz ist"], [FREE_DE],
         lambda c, row: len(row) % 3 != 2 or c.color == "black",
         "c1fw t2ew s3fw s3fb c4ew t5ew c6fw c6eb t1fw"),
    Spec("two-change", "en", "and", [("changes", "==", "2")],
         "changes == 2", ["the number of properties that change from the card before is 2"], [FREE_EN],
         lambda c, row: not row or changed(c, row[-1]) == 2,
         "c1fw c2fb t2fw s3fw s4eb t3fw c3ew t1fw c5eb"),
    Spec("never-three-of-a-colour", "en", "or",
         [("color", "!=", "prev.color"), ("color", "!=", "prev2.color")],
         "color != prev.color or color != prev2.color",
         ["the colour is not the same as the colour of the card before",
          "the colour is not the same as the colour of the card two back"], [FREE_EN, FREE2_EN],
         lambda c, row: len(row) < 2 or not c.color == row[-1].color == row[-2].color,
         "c1fw t2fw s3fw s3fb c4fb t5fb t5ew c6ew"),
]
#: the builds worth a picture (nested groups among them), in both languages
SHOTS = {"ascending", "white-odd-black-even", "every-third-black", "never-three-of-a-colour", "differs-by-two"}


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


# --- a player's hand on the builder ------------------------------------------------

def builder(phone):
    return phone.locator("[data-wtr-builder]")


def open_builder(phone):
    if not builder(phone).evaluate("el => el.open"):
        builder(phone).locator("summary").tap()
    builder(phone).locator("[data-wtr-clear]").tap()          # start again from "color == white"


def set_condition(phone, at: str, what: str, op: str, value):
    """One condition: what it is about, the comparison, the value (a
    native picker each; a list is ticked with taps)."""
    clause = builder(phone).locator(f'.wtr-clause[data-wtr-at="{at}"]')
    clause.locator('select[data-wtr-k="what"]').select_option(what)
    clause.locator('select[data-wtr-k="op"]').select_option(op)
    if isinstance(value, list):
        boxes = clause.locator("[data-wtr-toggle]")
        for keep in (True, False):      # tick the wanted first (an empty list offers no rule)
            for i in range(boxes.count()):
                box = boxes.nth(i)
                wanted = box.get_attribute("data-wtr-toggle") in value
                if wanted == keep and (box.get_attribute("aria-pressed") == "true") != wanted:
                    box.tap()
        ticked = [b.get_attribute("data-wtr-toggle") for b in boxes.all() if b.get_attribute("aria-pressed") == "true"]
        assert ticked == value, ticked
    elif value is not None:
        clause.locator('select[data-wtr-k="value"]').select_option(value)
    else:
        assert not clause.locator('select[data-wtr-k="value"]').count()


def build(phone, spec: Spec):
    open_builder(phone)
    top = builder(phone).locator('[data-wtr-at="top"] select[data-wtr-k="join"]')
    top.select_option(spec.join)
    groups = [i for i, item in enumerate(spec.items) if item[0] == "group"]
    for i, item in enumerate(spec.items):
        if item[0] == "group":
            builder(phone).locator("[data-wtr-group]").tap()          # a group of two conditions
            if i == 0:                                                 # instead of the fresh condition
                builder(phone).locator('.wtr-clause[data-wtr-at="0"] [data-wtr-remove]').tap()
            group = builder(phone).locator(f'.wtr-group[data-wtr-at="{i}"]')
            group.locator('.wtr-join select[data-wtr-k="join"]').select_option(item[1])
            assert group.locator(".wtr-clause").count() == len(item[2]) == 2
            for j, condition in enumerate(item[2]):
                set_condition(phone, f"{i}.{j}", *condition)
        else:
            if i > 0:
                builder(phone).locator('[data-wtr-add="top"]').tap()
            set_condition(phone, str(i), *item)
    assert builder(phone).locator(".wtr-group").count() == len(groups)


def read_back(box) -> tuple[list[str], list[str]]:
    """The sentence's alternatives and how the app reads the start of the
    row, as shown."""
    return ([li.text_content() for li in box.locator(".wtr-alts > li").all()],
            [p.text_content() for p in box.locator(".wtr-reading").all()])


def no_raw_text(page):
    text = page.locator("[data-wtr-builder]").inner_text()
    for bad in ("ui.", "words.", "value.", "{", "}", "(s)", "??"):
        assert bad not in text, (bad, text)
    missing = page.evaluate("Array.from(window.Companion.missingTexts || [])")
    assert [m for m in missing if m.startswith(("ui.", "words.", "value."))] == []


def shoot(phone, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    builder(phone).locator("[data-wtr-use]").scroll_into_view_if_needed()
    phone.screenshot(path=str(SCREENS / f"wtr-builder-{name}.png"))
    builder(phone).screenshot(path=str(SCREENS / f"wtr-builder-{name}-whole.png"))


# --- the server as judge -------------------------------------------------------------

def wait_for(room, check, what, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not check(room.view()):
        assert time.monotonic() < deadline, f"still not {what}: {room.view()['public']}"
        time.sleep(0.1)


def expected_rows(spec: Spec) -> tuple[list[str], list[str]]:
    row, wrong = [], []
    for short in spec.cards.split():
        c = card(short)
        (row if spec.fits(c, row) else wrong).append(c)
    return [code(c) for c in row], [code(c) for c in wrong]


def play_all(room, player_token, spec: Spec):
    for short in spec.cards.split():
        answer = room.act(player_token, {"type": "play", **card(short)._asdict()})
        assert answer.get("ok"), (short, answer)
        if room.view()["public"]["phase"] == "guess":
            assert room.act(player_token, {"type": "no_guess"}).get("ok")


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_the_builder_makes_the_rule_and_the_server_judges_by_it(server, browser, spec):
    room = Room(server, "what_the_rule", ["Gina", "Paul"], {"master": "seat"})
    room.host_act({"type": "start"})
    gm = seat_phone(browser, server, room, 0, spec.lang, PHONE)
    errors: list[str] = []
    gm.on("pageerror", lambda err: errors.append(str(err)))
    gm.wait_for_selector('form[data-type="set_rule"] input[name="rule"]')
    build(gm, spec)
    # the builder shows the rule (in the page's words, issue #40) and reads it back as it changes ...
    shown = localized(spec.rule, GAME.texts[spec.lang]["ui.code_words"])
    assert builder(gm).locator(".wtr-built code").text_content() == shown
    assert read_back(builder(gm).locator(".wtr-built")) == (spec.words, spec.notes)
    no_raw_text(gm)
    if spec.name in SHOTS:
        shoot(gm, f"{spec.name}-{spec.lang}")
    # ... "Use this rule" puts it into the seal form, read back under the field
    builder(gm).locator("[data-wtr-use]").tap()
    form = gm.locator('form[data-type="set_rule"]')
    assert form.locator('input[name="rule"]').input_value() == shown
    assert read_back(form.locator(".wtr-form-words")) == (spec.words, spec.notes)
    form.locator('button[type="submit"]').tap()
    gm.locator("#confirm-yes").tap()
    wait_for(room, lambda view: view["public"]["phase"] == "turn", "sealed")
    assert room.view(room.tokens[0])["you"]["secret"]["secret_rule"] == spec.rule
    # the server judges the cards as the rule says
    play_all(room, room.tokens[1], spec)
    public = room.view()["public"]
    row, wrong = expected_rows(spec)
    assert row and wrong, "a sequence must hold fitting and misfitting cards"
    assert public["row"] == row
    assert [c for place in public["wrong"] for c in place] == wrong
    assert errors == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_seal_form_takes_nothing_silently(server, browser, lang):
    """Issue #40: in "is one of" the value ticked for the player unticks
    first (the builder then asks for a value and offers no rule); a rule
    the app cannot read does not ask to confirm, its words point at the
    spot (``=>`` is one wrong word, position 7, as the server says); a
    single ``=`` is read back as ``==`` before the rule is sealed."""
    from companion.i18n import translate
    texts = GAME.texts[lang]
    room = Room(server, "what_the_rule", ["Gina", "Paul"], {"master": "seat"})
    room.host_act({"type": "start"})
    gm = seat_phone(browser, server, room, 0, lang, PHONE)
    gm.wait_for_selector('form[data-type="set_rule"] input[name="rule"]')
    open_builder(gm)
    clause = builder(gm).locator('.wtr-clause[data-wtr-at="0"]')
    clause.locator('select[data-wtr-k="op"]').select_option("in")
    ticked = clause.locator('[data-wtr-toggle][aria-pressed="true"]')
    assert ticked.count() == 1 and ticked.get_attribute("data-wtr-toggle") == "white"
    ticked.tap()                                             # the preselected value, first
    assert clause.locator('[data-wtr-toggle][aria-pressed="true"]').count() == 0
    assert builder(gm).locator(".wtr-built").inner_text() == texts["ui.b_tick"]
    assert builder(gm).locator("[data-wtr-use]").is_disabled()
    clause.locator('[data-wtr-toggle="black"]').tap()
    assert builder(gm).locator(".wtr-built code").inner_text() == localized("color in [black]", texts["ui.code_words"])
    # a rule the app cannot read: no confirm, nothing sent, the words say where
    form = gm.locator('form[data-type="set_rule"]')
    field, words = form.locator('input[name="rule"]'), form.locator(".wtr-form-words")
    field.fill("count => 3")
    assert words.inner_text() == texts["ui.rule_unreadable"].format(at=7)
    form.locator('button[type="submit"]').tap()
    gm.wait_for_timeout(300)
    assert not gm.locator("#confirm[open]").count() and room.view()["public"]["phase"] == "rule"
    refused = room.act(room.tokens[0], {"type": "set_rule", "rule": "count => 3"})
    assert refused["error"]["code"] == "rule_operator"
    assert refused["error"]["message"].startswith(translate("en", "error.rule_operator",
                                                            {"op": "=>", "fix": ">=", "at": 7}, GAME))
    # a single "=" is read back as "==", then sealed as written
    field.fill("count = 3")
    assert texts["ui.r_read_as"].format(typed="=", op="==") in words.inner_text()
    shoot(gm, f"read-as-{lang}")
    form.locator('button[type="submit"]').tap()
    gm.locator("#confirm-yes").tap()
    wait_for(room, lambda view: view["public"]["phase"] == "turn", "sealed")
    assert room.view(room.tokens[0])["you"]["secret"]["secret_rule"] == "count == 3"
