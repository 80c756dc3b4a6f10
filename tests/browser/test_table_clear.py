"""The table is clear at every step (issue #40), at 1280×800, 810×1080 and
800×1280, in both languages; games are driven over HTTP, the tablet is
read as it is drawn and used with real clicks.

* Eselsbrücke's resolution: from story 2 on the table showed neither the
  explanation nor the resolved stories while half the board was empty
  (story 1's terms and who took them were only in a toast and the log).
  Now the newest resolved story is always on the board, every story while
  there is room, the explanation wherever it fits, and nothing the table
  left out (``fitBoard``) would have fitted.
* The next game offers "explain each step" as the create page does, and
  the host's switch says the state explanations are in (the view's
  ``explain``), before and after a tap and after a reload.

Screenshots: test-artifacts/screens/clear-*.png."""
from __future__ import annotations

import pytest

from tests.browser.conftest import SCREENS, host_table, wait_js
from tests.browser.test_readable import SMALL_TEXT
from tests.browser.test_table_board import LocalRoom, Room

SIZES = [{"width": 1280, "height": 800}, {"width": 810, "height": 1080}, {"width": 800, "height": 1280}]
NAMES = ["Anna", "Ben", "Clara", "Dirk", "Emil", "Fritz"]
#: the real cards laid, one a turn (physical mode: the term is typed)
WORDS = ("Kühlschrank Karotte Opa Handtasche Zahnbürste Leuchtturm Regenschirm Giraffe Trompete Pinguin "
         "Besen Rakete Kaktus Geige Anker Brezel Igel Vulkan Zelt Krone Schaukel Pirat Muschel Wecker Kerze "
         "Bagger Eule Tisch Stuhl Lampe Fenster Auto Zug Blume Baum Hund").split()


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def shot(page, name):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"clear-{name}.png"))


# --- Eselsbrücke: the resolved stories ------------------------------------------

def tell_all(room: Room):
    """Every story told: the player on turn lays the next word."""
    words = iter(WORDS)
    while room.view()["public"]["phase"] == "telling":
        seat = room.view()["waiting"][0]
        assert room.act(room.tokens[seat], {"type": "lay", "term": next(words)})["ok"]


def resolve_until(room: Room, story: int, names: int):
    """The resolution goes on, each player naming a card someone else holds
    (passing when none is left), until story ``story`` had ``names`` names."""
    named = 0
    for _ in range(400):
        view = room.view()
        p = view["public"]
        assert view["status"] == "playing", "the game ended first"
        if p["story"] == story and named >= names:
            return view
        seat = view["waiting"][0]
        kinds = [t["type"] for t in room.view(room.tokens[seat])["actions"]]
        if "take" in kinds:
            action = {"type": "take"}
        else:
            taken = {t["term"] for t in p["taken"]}
            others = [c for s, token in room.tokens.items() if s != seat
                      for c in (room.view(token)["you"].get("secret") or {}).get("cards", []) if c not in taken]
            action = {"type": "name", "term": others[0]} if others else {"type": "pass"}
            named += p["story"] == story
        assert room.act(room.tokens[seat], action)["ok"]
    raise AssertionError("story not reached")


#: what the table left out to fit (fitBoard) although it would have fitted
NEEDLESSLY_HIDDEN = """() => {
  const board = document.getElementById("board"), over = () => board.scrollHeight > board.clientHeight + 1;
  const parts = [...document.querySelectorAll("#game-area [data-drop]")];
  if (document.getElementById("explain-now").textContent) parts.push(document.getElementById("explain"));
  const out = [];
  for (const part of parts.filter((p) => p.hidden)) {
    part.hidden = false;
    if (!over()) out.push(part.id || part.className + " " + part.textContent.trim().slice(0, 30));
    part.hidden = true;
  }
  return out;
}"""


def check_resolution(page, view, name, everything):
    """The newest resolved story whole on the board (``everything``: every
    resolved story and the explanation), nothing left out that fits, no
    scrolling, nothing under 20 px."""
    stories = page.locator("#game-area .eb-story")
    resolved = view["public"]["resolved"]
    assert stories.count() == len(resolved), (stories.count(), len(resolved))
    newest = stories.first
    assert newest.is_visible(), f"{name}: the newest resolved story is not shown"
    text = newest.inner_text()
    for card in resolved[-1]["cards"]:
        assert card["term"] in text, f"{name}: {card['term']} missing in {text!r}"
        if card["taken_by"] is not None:
            assert NAMES[card["taken_by"]] in text, f"{name}: who won {card['term']} is missing"
    if everything:
        hidden = [i for i in range(stories.count()) if not stories.nth(i).is_visible()]
        assert not hidden, f"{name}: resolved stories hidden: {hidden}"
        assert page.locator("#explain").is_visible(), f"{name}: the explanation is hidden"
    assert page.evaluate(NEEDLESSLY_HIDDEN) == [], f"{name}: left out although it fits"
    assert page.evaluate("(b => b.scrollHeight <= b.clientHeight + 1)(document.getElementById('board'))"), \
        f"{name}: the board scrolls"
    assert page.evaluate(SMALL_TEXT) == [], name


@pytest.mark.parametrize("players,story,everything", [(3, 2, True), (3, 3, True), (6, 6, False)])
def test_eselsbruecke_table_shows_the_resolved_stories(server, browser, players, story, everything):
    """Three players in story 2 and 3 of the resolution: every resolved
    story and the explanation on the board at every size; six players in
    the last story: the newest resolved story, and no part left out that
    would fit."""
    room = Room(server, "eselsbruecke", NAMES[:players], {"deck": "physical", "language": "de", "explain": True})
    room.host_act({"type": "start"})
    tell_all(room)
    view = resolve_until(room, story, 2)
    assert view["explain"], "explain mode is off"
    for lang in ("en", "de"):
        for size in SIZES:
            page = host_table(browser, server, room, size, lang)
            name = f"eselsbruecke-{players}-story-{story}-{lang}-{size['width']}x{size['height']}"
            shot(page, name)
            check_resolution(page, view, name, everything)
            page.context.close()


# --- the next game and the host's switch ----------------------------------------

def switch(page):
    return page.locator('#host-actions form[data-type="explain"] button')


def says(page, on: bool, lang="en"):
    """The host's switch says the state the view holds."""
    words = {"en": ("Explanations: on", "Explanations: off"), "de": ("Erklärungen: an", "Erklärungen: aus")}[lang]
    button = switch(page)
    assert button.inner_text().strip() == words[0 if on else 1], button.inner_text()
    assert button.get_attribute("aria-checked") == ("true" if on else "false")


def open_tools(page):
    if not page.evaluate("document.getElementById('host-tools').open"):
        page.locator("#host-tools > summary").click()


def click_switch(page, room):
    version = room.view()["version"]
    switch(page).click()
    wait_js(page, f"Number(document.body.dataset.version) > {version}")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_host_switch_says_the_state(server, browser, lang):
    """Explanations on (a room's first game): the switch says so; a click
    turns them off and it says so; after a reload too; a click turns them
    on again.  In the lobby and during play."""
    room = Room(server, "haiclue", ["Anna", "Ben"])
    table = host_table(browser, server, room, lang=lang)
    open_tools(table)
    assert room.view(room.host)["explain"] is not None
    says(table, True, lang)
    shot(table, f"switch-lobby-on-{lang}")
    click_switch(table, room)
    assert room.view(room.host)["explain"] is None
    says(table, False, lang)
    table.reload()
    wait_js(table, f"Number(document.body.dataset.version) >= {room.view()['version']}")
    open_tools(table)
    says(table, False, lang)
    room.host_act({"type": "start"})
    wait_js(table, "document.body.dataset.status === 'playing'")
    open_tools(table)
    says(table, False, lang)
    click_switch(table, room)
    assert room.view(room.host)["explain"] is not None
    says(table, True, lang)
    shot(table, f"switch-playing-on-{lang}")


def next_game_form(table, game):
    box = table.locator("#next-game-box")
    if not box.evaluate("(el) => el.open"):
        box.locator("summary").click()
    table.locator(f'#next-game button[data-game="{game}"]').click()
    return table.locator("#next-game")


def test_the_next_game_offers_explanations(server, browser):
    """After a game of Haiclue: the next game offers "explain each step",
    ticked for a kind the evening has not played, not for Haiclue again;
    ticked, the next game's lobby explains and the switch says on; the
    confirm names it, and What the Rule?!'s rounds at 0 as the default."""
    import random
    room = LocalRoom(server, "haiclue", ["Anna", "Ben", "Cara"])   # played here, then looked at
    room.host_act({"type": "start"})
    assert room.play(random.Random(3))["status"] == "finished"
    table = host_table(browser, server, room)
    wait_js(table, "document.body.dataset.status === 'finished'")

    form = next_game_form(table, "haiclue")
    assert not form.locator("#opt-explain").is_checked(), "Haiclue was played: explanations default off"
    form = next_game_form(table, "what_the_rule")
    assert form.locator("#opt-explain").is_checked(), "a kind not played yet: explanations default on"
    shot(table, "next-game-explain")
    form.locator('button[type="submit"]').click()
    question = table.locator("#confirm-text").text_content()
    assert "Explain each step (for newcomers): Yes" in question, question
    assert "Rounds: 0" not in question and "Rounds: as the game sets it" in question, question
    table.locator("#confirm-no").click()

    form = next_game_form(table, "haiclue")
    form.locator("#opt-explain").check()
    form.locator('button[type="submit"]').click()
    table.locator("#confirm-yes").click()
    wait_js(table, "document.body.dataset.status === 'lobby'")
    view = room.view(room.host)
    assert view["game"] == "haiclue" and view["explain"] is not None, "the next game does not explain"
    open_tools(table)
    says(table, True)
    assert table.locator("#explain").is_visible(), "the lobby does not explain"


# --- the running chart and the host's tools during play --------------------------

#: a word of a host tool broken over two lines (the narrow side broke "zurücknehm-en")
BROKEN_WORDS = """() => {
  const out = [];
  for (const el of document.querySelectorAll("#host-tools button, #host-tools summary, #host-tools a, #host-tools .flabel")) {
    if (!el.getClientRects().length) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode, re = /\\S+/g;
      let m;
      while ((m = re.exec(node.textContent))) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width).map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""


def scored(view) -> bool:
    return any(s["score"] for s in view["seats"])


@pytest.mark.parametrize("game", ["eselsbruecke", "factum", "haiclue", "hoax", "what_the_rule"])
def test_the_running_chart_shows_while_scores_change(server, browser, game):
    """Every game's table, once a score changed during play, shows the
    running chart at every size, also while the host's tools are open
    (they lay over it in the side: it went, and every button wrapped,
    issue #40); the tools' words stay whole and nothing is under 20 px."""
    import random
    names = {"factum": NAMES[:4], "haiclue": NAMES[:4]}.get(game, NAMES[:3])
    room = LocalRoom(server, game, names)   # played here, then looked at
    room.host_act({"type": "start"})
    if game == "eselsbruecke":   # (random names win no card: the players remember)
        tell_all(room)
        view = resolve_until(room, 1, 2)
    else:
        view = room.play(random.Random(f"running/{game}"), until=scored, steps=600)
    assert view["status"] == "playing" and scored(view), f"{game}: no score changed during play"
    for size in SIZES:
        table = host_table(browser, server, room, size, "de" if size["width"] < 1000 else "en")
        name = f"running-{game}-{size['width']}x{size['height']}"
        chart = table.locator("#running svg")
        assert chart.is_visible(), f"{name}: no running chart"
        table.locator("#host-tools > summary").click()
        assert table.evaluate("document.getElementById('host-tools').open")
        shot(table, name)
        assert chart.is_visible(), f"{name}: the running chart went when the host's tools opened"
        assert table.evaluate(BROKEN_WORDS) == [], f"{name}: words of the host's tools broken"
        # (the game's own board is its renderer's, checked with it)
        assert table.evaluate(SMALL_TEXT.replace('"[hidden], svg', '"#game-area, [hidden], svg')) == [], name
        table.locator("#host-tools > summary").click()
        assert chart.is_visible()
        table.context.close()


def test_an_announcement_leaves_the_explanation_readable(server, browser):
    """A large result card in the middle lay over the table's explanation
    for seconds (issue #40): it comes below it, at every size, as far as
    it fits on the screen."""
    room = Room(server, "factum", NAMES[:4])
    room.host_act({"type": "start"})
    for size in SIZES:
        table = host_table(browser, server, room, size, "de")
        assert table.locator("#explain").is_visible()
        text = "Falsch! Position 3: die zweite Karte von Ben. Die Geschichtenkarte lag an Position 5. " \
               "Team B (Team des Richters) gewinnt die Runde. Punkte dieser Runde: Anna +1, Clara +3"
        table.evaluate("(text) => Companion.table.announce(text, 'bad')", text)
        card = table.locator("#announce .tb-announce-card")
        card.wait_for()
        table.wait_for_timeout(400)   # (its pop-up animation)
        told, shown = table.locator("#explain").bounding_box(), card.bounding_box()
        shot(table, f"announce-{size['width']}x{size['height']}")
        assert shown["y"] >= told["y"] + told["height"], (told, shown)
        assert shown["y"] + shown["height"] <= size["height"], "the card runs off the screen"
        table.context.close()
