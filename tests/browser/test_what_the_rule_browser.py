"""What the Rule?! in real Chromium, beside its whole games
(test_playthrough_what_the_rule.py): the app as game master on a German
table, the grid of cards, the judge card and the overrule step, German
rules on German pages, the table's rule code at every tablet size.
Screenshots (phone 390x844, table 1280x800) go to /tmp/shots/wtr/ and
test-artifacts/screens/."""
from __future__ import annotations

import re

import pytest
from pathlib import Path

# (no wait_for_function: the page's CSP forbids the eval its polling needs)

from tests.browser.conftest import SCREENS, hold, release

TABLE = {"width": 1280, "height": 800}
SHOTS = Path("/tmp/shots/wtr")


def shot(page, name, at=None):
    """A screenshot of the viewport (phone 390x844, table 1280x800), scrolled
    to ``at`` (a selector) first; the table waits until no announcement
    covers the board."""
    if at is not None:
        page.locator(at).first.scroll_into_view_if_needed()
    if page.viewport_size == TABLE:
        quiet(page)
    for folder in (SHOTS, SCREENS):
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"wtr-{name}.png"))


def quiet(tablet):
    """Taps announcements away (they stay a few seconds over the board)."""
    for _ in range(20):
        box = tablet.locator("#announce")
        if not box.count() or box.is_hidden():
            return
        box.click()
        tablet.wait_for_timeout(800)


def confirm(phone):
    """The phone's confirm dialog: a finger taps "yes"."""
    phone.locator("#confirm-yes").tap()


def no_missing_texts(page):
    missing = page.evaluate("Array.from(window.Companion.missingTexts || [])")
    assert [m for m in missing if "what_the_rule" in m or m.startswith(("ui.", "words."))] == []


def test_the_app_as_game_master_on_a_german_table(server, browser):
    """The app as game master on a German table (its play-through's table is
    English; the phones' moves are played there): the app's rule of level
    1, the draw pile and a hand shown whole, in German.  The moves that
    set the scene go over HTTP."""
    from companion.games.what_the_rule.cards import CODES
    from tests.browser.conftest import host_table
    from tests.browser.test_table_board import Room
    room = Room(server, "what_the_rule", ["Anna", "Ben"], options={"master": "app"})
    room.host_act({"type": "start"})
    drawer = room.view()["waiting"][0]
    _ok(room.act(room.tokens[drawer], {"type": "draw_rule", "level": 1}))
    turn = room.view()["public"]["turn"]
    _ok(room.act(room.tokens[turn], {"type": "reveal", "cards": CODES[:10]}))   # the whole hand, at once
    tablet = host_table(browser, server, room, TABLE, "de")
    tablet.locator("body", has_text="legt die ganze Hand offen").wait_for()
    text = tablet.locator("#game-area").text_content()
    assert "Stufe 1" in text and "Nachziehstapel" in text and "die App" in text, text
    shot(tablet, "table-de-reveal")
    no_missing_texts(tablet)


# --- issue #27: the grid of cards, the judge card, the overrule step --------------------------

@pytest.mark.parametrize("lang", ["en", "de"])
def test_grid_judge_card_and_overrule_step(server, browser, lang):
    """Moves that only set the scene go over HTTP; every move shown here is
    a finger's tap on the phone (Anna shows her hand through the grid, Cara
    judges Ben's guess on the judge card, then decides on the app's
    "wrong" of Anna's last card), screenshots at 390x844."""
    from companion.games.what_the_rule.cards import CODES
    from companion.games.what_the_rule.texts_de import TEXTS as DE
    from companion.games.what_the_rule.texts_en import TEXTS as EN
    from tests.browser.conftest import new_page, seat_phone, wait_js
    from tests.browser.test_table_board import Room
    texts = {"en": EN, "de": DE}[lang]
    room = Room(server, "what_the_rule", ["Anna", "Ben", "Cara"])
    room.host_act({"type": "start"})
    anna, ben, cara = sorted(room.tokens)
    acts = lambda seat, **action: _ok(room.act(room.tokens[seat], action))   # noqa: E731
    acts(cara, type="set_rule", rule="color == white")
    white = [c for c in CODES if c.endswith("-white")]
    black = [c for c in CODES if c.endswith("-black")]
    # Anna shows her hand through the grid: ten taps (one card twice), then send
    phone = seat_phone(browser, server, room, anna, lang)
    form = phone.locator('#actions form[data-type="reveal"]')
    hand = black[:9] + [black[0]]
    go = form.locator('button[type="submit"]')
    assert go.is_disabled()
    for code in hand:
        form.locator(f'button.wtr-pick[data-code="{code}"]').tap()
    assert form.locator(".wtr-count").inner_text() == texts["ui.grid_count"].format(k=10, n=10)
    assert form.locator(".wtr-badge:visible").count() == 1
    for box in form.locator("button.wtr-pick, button.wtr-take").all()[:20]:
        size = box.bounding_box()
        assert size["width"] >= 44 and size["height"] >= 44, size
    form.locator(f'button.wtr-pick[data-code="{black[12]}"]').scroll_into_view_if_needed()
    shot(phone, f"phone-{lang}-reveal-grid")
    go.tap()
    asked = phone.locator("#confirm-text").inner_text()
    assert all(texts[f"value.{code}"] in asked for code in hand), asked
    shot(phone, f"phone-{lang}-reveal-grid-confirm")
    confirm(phone)
    wait_js(phone, "!!document.querySelector('#actions form[data-type=\"no_guess\"]')")
    public = room.view()["public"]
    assert public["phase"] == "guess" and public["hands"][str(anna)] == 9
    acts(anna, type="no_guess")
    # Ben's card fits and he guesses in his own words: Cara judges on the judge card
    acts(ben, type="play", card=white[0])
    acts(ben, type="guess", text="only white cards")
    gm = seat_phone(browser, server, room, cara, lang)
    judge = gm.locator('#actions form[data-type="judge_guess"]')
    assert "only white cards" in judge.locator(".wtr-judge-guess").inner_text()
    box = judge.bounding_box()
    assert box["y"] + box["height"] <= 844, box        # the guess and yes / no on the first screen
    shot(gm, f"phone-{lang}-judge-card")
    judge.locator('button.choice[data-value="false"]').tap()
    asked = gm.locator("#confirm-text").inner_text()
    assert asked == texts["ui.judge_confirm_wrong"].format(name="Ben", text="only white cards"), asked
    confirm(gm)
    wait_js(gm, "!document.querySelector('#actions form[data-type=\"judge_guess\"]')")
    assert room.view()["public"]["guesses"][-1]["right"] is False
    # Anna plays white cards to her last one and guesses wrong: the round waits for Cara
    for i in range(9):
        acts(anna, type="play", card=white[1 + i])
        if i == 8:
            break
        acts(anna, type="no_guess")
        acts(ben, type="play", card=black[20 + i])
    acts(anna, type="guess", rule="shape == circle")
    assert room.view()["public"]["phase"] == "overrule"
    wait_js(gm, "!!document.querySelector('#actions form[data-type=\"let_stand\"]')")
    assert gm.locator("#todo.now").count() == 1                       # "your move"
    step = gm.locator("#step-line").inner_text()
    assert "Anna" in step and {"en": "shape == circle", "de": "form == kreis"}[lang] in step, step
    shot(gm, f"phone-{lang}-overrule-step")
    tablet = new_page(browser, TABLE, lang)
    tablet.goto(f"{server.url}/t/{room.code}?lang={lang}")
    tablet.locator("#game-area .wtr-overrule").wait_for()
    shot(tablet, f"table-{lang}-overrule-step")
    gm.locator('#actions form[data-type="let_stand"] button').tap()
    confirm(gm)
    tablet.locator("#game-area .wtr-rule", has_text={"en": "color == white", "de": "farbe == weiß"}[lang]).wait_for()
    result = room.view()["public"]["results"][-1]
    assert result["reason"] == "empty_hand" and result["guesser"] is None
    for page in (phone, gm, tablet):
        no_missing_texts(page)
        text = page.locator("body").inner_text()
        assert not re.search(r"\{\w+\}|\(s\)|undefined", text), text[:300]
        if lang == "de":
            assert not re.search(r'"[^"\n]{1,40}"', text), "straight quotes on a German page"


def _ok(answer):
    assert answer["ok"], answer
    return answer


# --- issue #40: a German page writes rules in German -------------------------------------------

#: the rule language's words only English writes (a German page writes its own; "in" and "n" are both)
ENGLISH_ONLY = re.compile(r"\b(and|or|not|none|shape|count|fill|colou?r|prev2?|previous|changes|total|sum"
                          r"|circles?|triangles?|squares?|filled|empty|solid|hollow|white|black)\b")


def english_words(page) -> list[str]:
    text = page.locator("body").inner_text()
    return sorted({m.group() for m in ENGLISH_ONLY.finditer(text)})


def test_a_german_page_shows_no_english_rule_keyword(server, browser):
    """Issue #40: guesses typed in English (the language reads both) appear
    in German on the table, in its log, in the game master's secret, on the
    phones, in a wrong guess's sentence and the rule at a round's end; the
    phone's examples and the builder's code are German, and what it builds
    seals."""
    from tests.browser.conftest import new_page, seat_phone, wait_js
    from tests.browser.test_table_board import Room
    room = Room(server, "what_the_rule", ["Anna", "Ben", "Cara"])
    room.host_act({"type": "start"})
    anna, ben, cara = sorted(room.tokens)
    acts = lambda seat, **action: _ok(room.act(room.tokens[seat], action))   # noqa: E731
    acts(cara, type="set_rule", rule="color == white")
    acts(anna, type="play", card="circle-1-filled-white")
    acts(anna, type="guess", rule="shape == circle and count > 0 or prev == none")   # wrong
    acts(ben, type="play", card="square-2-empty-white")
    tablet = new_page(browser, TABLE, "de")
    tablet.goto(f"{server.url}/t/{room.code}?lang=de")
    tablet.locator("#game-area .wtr-guesses code", has_text="form == kreis und anzahl > 0").wait_for()
    gm = seat_phone(browser, server, room, cara, "de")
    hold(gm)                                   # the secret: the rule, and explain mode's line on it
    assert "farbe == weiß" in gm.locator("#secret-body").inner_text()
    assert english_words(gm) == [], english_words(gm)
    shot(gm, "phone-de-gm-secret-german")
    release(gm)
    phone = seat_phone(browser, server, room, anna, "de")
    for page in (tablet, gm, phone):
        assert english_words(page) == [], english_words(page)
    assert "Anna rät: form == kreis und anzahl > 0 oder vorher == keine" in tablet.locator("body").inner_text()
    shot(tablet, "table-de-guesses-german")
    acts(ben, type="guess", rule="count >= 1 and color == white")                  # right: the round ends
    tablet.locator("#game-area .wtr-rule code", has_text="farbe == weiß").wait_for()
    tablet.locator("#game-area .wtr-parted", has_text="form == kreis").wait_for()
    wait_js(phone, "!!document.querySelector('.wtr-rule')")
    shot(tablet, "table-de-rule-german")
    for page in (tablet, gm, phone):
        assert english_words(page) == [], english_words(page)
    # the next game master builds a rule: examples and code in German, and it seals
    nxt = next(s for s, t in room.tokens.items()
               if any(a["type"] == "set_rule" for a in room.view(t)["actions"]))
    builder = seat_phone(browser, server, room, nxt, "de")
    builder.locator("[data-wtr-builder] summary").tap()
    builder.locator(".wtr-built code").wait_for()
    assert builder.locator(".wtr-built code").inner_text() == "farbe == weiß"
    examples = [b.inner_text() for b in builder.locator(".wtr-examples button").all()]
    assert "farbe == weiß" in examples and "änderungen == 2" in examples, examples
    assert english_words(builder) == [], english_words(builder)
    shot(builder, "phone-de-builder-german", at=".wtr-examples")
    builder.locator(".wtr-examples button", has_text="form != vorher.form").tap()
    rule_input = builder.locator('form[data-type="set_rule"] input[name="rule"]')
    assert rule_input.input_value() == "form != vorher.form"
    builder.locator("[data-wtr-use]").tap()
    assert rule_input.input_value() == "farbe == weiß"
    builder.locator('form[data-type="set_rule"] button[type="submit"]').tap()
    confirm(builder)
    wait_js(builder, "!document.querySelector('form[data-type=\"set_rule\"]')")
    assert room.view()["public"]["phase"] == "turn"
    for page in (tablet, builder):
        no_missing_texts(page)
        assert english_words(page) == [], english_words(page)


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 810, "height": 1080},
                                  {"width": 800, "height": 1280}], ids=["1280x800", "810x1080", "800x1280"])
def test_the_tables_rule_code_reads_at_20_px_at_every_tablet_size(server, browser, size):
    """Issue #40: at portrait 810x1080 and 800x1280 the guesses' code was
    19 px: the guesses, the rule shown at a round's end and a wrong guess's
    sentence are all at least 20 px, in both languages."""
    from tests.browser.conftest import new_page, wait_js
    from tests.browser.test_readable import SMALL_TEXT
    from tests.browser.test_table_board import Room
    room = Room(server, "what_the_rule", ["Anna", "Ben", "Cara"])
    room.host_act({"type": "start"})
    anna, ben, cara = sorted(room.tokens)
    acts = lambda seat, **action: _ok(room.act(room.tokens[seat], action))   # noqa: E731
    acts(cara, type="set_rule", rule="color == white")
    acts(anna, type="play", card="circle-1-filled-white")
    acts(anna, type="guess", rule="shape == circle and count > 0")
    acts(ben, type="play", card="square-2-empty-white")
    acts(ben, type="guess", text="only white cards")
    acts(cara, type="judge_guess", right=False)
    for lang in ("en", "de"):
        tablet = new_page(browser, size, lang)
        tablet.goto(f"{server.url}/t/{room.code}?lang={lang}")
        tablet.locator("#game-area .wtr-guesses code").first.wait_for()
        quiet(tablet)
        small = tablet.evaluate(SMALL_TEXT)
        assert not small, (lang, small[:6])
        tablet.close()
    acts(anna, type="play", card="triangle-3-filled-white")
    acts(anna, type="guess", rule="color == white")                    # right: the rule is shown
    tablet = new_page(browser, size, "de")
    tablet.goto(f"{server.url}/t/{room.code}?lang=de")
    tablet.locator("#game-area .wtr-rule code").wait_for()
    wait_js(tablet, "!!document.querySelector('.wtr-rule .wtr-reading')")
    quiet(tablet)
    shot(tablet, f"table-de-rule-{size['width']}x{size['height']}")
    assert not tablet.evaluate(SMALL_TEXT), tablet.evaluate(SMALL_TEXT)[:6]
