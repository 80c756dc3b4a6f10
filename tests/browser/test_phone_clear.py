"""What a phone shows is clear at every step (issue #40), on a 390×844
touch phone in both languages; the game is driven over HTTP up to the step
looked at, the phone is used with one thumb (real touch).

* The lobby says "the host starts the game" once (explain mode's line said
  it, and the page's own hint again).
* Factum (the marks: test_factum_marks.py): no best-story choice is cut
  ("die Titelgeschicht…") or broken inside a word but at its hyphen;
  during the best-story vote the phone no longer says how many cards lie
  out; the last round's vote and marks under the bar name their round;
  the round's points count the best story's +3.

Screenshots: test-artifacts/screens/phone-clear-*.png."""
from __future__ import annotations

import pytest

from tests.browser.conftest import SCREENS, hold, pick_secret, release, seat_phone, wait_js
from tests.browser.test_table_board import Room

NAMES = ["Anna", "Ben", "Clara", "Dirk"]


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def shot(page, name, full=False):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"phone-clear-{name}.png"), full_page=full)


def drawn(page, room):
    wait_js(page, f"Number(document.body.dataset.version) >= {room.view()['version']}")


#: a word of a sheet choice broken over lines other than at its soft hyphen, or cut
BROKEN = """() => {
  const out = [];
  for (const el of document.querySelectorAll("#secret-actions [data-pick]")) {
    if (el.scrollWidth > el.clientWidth + 1) out.push("cut: " + el.textContent);
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode, re = /[^\\s\\u00ad]+/g;
      let m;
      while ((m = re.exec(node.textContent))) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        // (a part after a soft hyphen also gets the hyphen's narrow box on the line before)
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 12).map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push("broken: " + m[0]);
      }
    }
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_lobby_says_it_once(server, browser, lang):
    room = Room(server, "factum", NAMES)
    phone = seat_phone(browser, server, room, 0, lang)
    drawn(phone, room)
    start = {"en": "the host starts the game", "de": "startet der Gastgeber das Spiel"}[lang]
    assert phone.locator("#explain-now").is_visible()
    text = phone.locator("body").inner_text()
    assert text.count(start) == 1, text
    shot(phone, f"lobby-{lang}")
    room.act(room.tokens[0], {"type": "explain", "mode": "off"})   # off: the page's own hint says it
    wait_js(phone, "!document.getElementById('explain-now') || document.getElementById('explain-now').hidden "
                   "|| !document.getElementById('explain-now').textContent")
    assert phone.locator("body").inner_text().count(start) == 1


# --- Factum over HTTP ---------------------------------------------------------------

def ok(answer):
    assert answer["ok"], answer
    return answer


def to_marking(room: Room, guessers: str) -> int:
    """A round up to its marking, Anna telling; returns the storyteller."""
    public = room.view()["public"]
    teller = next(s for s in range(len(NAMES)) if s != public["last_teller"])
    ok(room.act(room.tokens[teller], {"type": "volunteer"}))
    ok(room.act(room.tokens[teller], {"type": "told"}))
    judge = room.view()["public"]["current"]["team_b"][0]
    ok(room.act(room.tokens[judge], {"type": "judge"}))
    ok(room.act(room.tokens[judge], {"type": "decide", "guessers": guessers}))
    return teller


def mark_all(room: Room, skip=()):
    """Every card not yet marked gets the next free position (over HTTP)."""
    taken = {p for s, t in room.tokens.items() for p in room.view(t)["you"]["secret"]["marks"].values()}
    free = (p for p in range(1, 20) if p not in taken)
    for seat, token in room.tokens.items():
        if seat in skip:
            continue
        you = room.view(token)["you"]
        for card in you["cards"]:
            if card not in you["secret"]["marks"]:
                ok(room.act(token, {"type": "mark", "card": card, "position": next(free)}))


def vote_all(room: Room):
    view = room.view()
    for seat in view["public"]["voters"]:
        ok(room.act(room.tokens[seat], {"type": "vote", "position": view["public"]["vote_options"][0]}))
    for _ in range(3):   # a tie: the revote
        view = room.view()
        if view["public"]["step"] != "vote":
            return
        for seat in view["public"]["voters"]:
            if room.view(room.tokens[seat])["actions"]:
                ok(room.act(room.tokens[seat], {"type": "vote", "position": view["public"]["vote_options"][0]}))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_factum_best_story_vote_and_the_rounds_points(server, browser, lang):
    room = Room(server, "factum", NAMES, {"explain": False})
    room.host_act({"type": "start"})
    to_marking(room, "A")
    mark_all(room)
    vote_all(room)
    assert room.view()["public"]["step"] == "volunteer", room.view()["public"]["step"]   # round 1: no best vote
    to_marking(room, "A")
    mark_all(room)
    vote_all(room)
    public = room.view()["public"]
    assert public["step"] == "best", public["step"]
    voter = public["best_voters"][0]
    phone = seat_phone(browser, server, room, voter, lang)
    drawn(phone, room)
    cards = {"en": "cards lie out", "de": "Karten liegen aus"}[lang]
    assert cards not in phone.locator("#game-area").inner_text(), "the layout line stayed for the best-story vote"
    hold(phone)
    shot(phone, f"factum-best-{lang}")
    broken = phone.evaluate(BROKEN)
    private = phone.locator("#secret-log").inner_text()
    release(phone)
    assert not broken, broken
    # every line of one's own votes and marks names its round (round 1's stayed, as if it were now)
    said, round_word = {"en": (("your vote", "you marked"), "Round "), "de": (("deine Stimme", "markiert"), "Runde ")}[lang]
    own = [line for line in private.splitlines() if any(w in line for w in said)]
    assert own and all(line.startswith(round_word) for line in own), private
    assert any(line.startswith(round_word + "1:") for line in own), private
    for seat in public["best_voters"]:
        if seat != voter:
            ok(room.act(room.tokens[seat], {"type": "best", "story": "current"}))
    pick_secret(phone, "best", value="current")
    view = room.view()
    last_round = view["public"]["current"] or view["public"]["last"]
    best = last_round["best"]
    assert best and best["result"] == "current", best
    teller = last_round["teller"]
    reveal = last_round["reveal"]["points"].get(str(teller), 0)
    from tests.browser.conftest import host_table
    table = host_table(browser, server, room, lang=lang)
    result = table.locator("#game-area .fx-result").inner_text()
    shot(table, f"factum-points-{lang}")
    assert f"{NAMES[teller]} +{reveal + 3}" in result, result
