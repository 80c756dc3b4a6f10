"""The renderers' optional hooks (static/games/README.md) in real Chromium
against a real server; games are driven over HTTP.

* ``label``: a HOAX doubt button and its confirm name the claim in words.
* ``decisive``: the table announces, in the middle and in the viewer's
  language, a doubt decided right or wrong (also with the second identity,
  whose first card and open covers the board then shows), an accusation in
  the original HOAX (which shows no throne points), a Factum reveal and a
  Haiclue reveal; and for random play of HOAX (every variant), Factum and
  Haiclue, what the page's decisive() says from two public views agrees
  with what the rules did: one announcement per decisive event (HOAX: some
  exactly when one happened, a crowned one exactly when the game was won),
  every text found and filled.
* Haiclue: a guess is a secret vote: the phone says only that it guessed;
  the guess itself is in the hold-to-show box.

Screenshots of each announcement at 1280x800 go to /tmp/shots/hooks/
(COMPANION_HOOK_SHOTS overrides)."""
from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
import requests
from playwright.sync_api import expect

from companion import games
from companion.games.base import sample_action
from tests.browser.conftest import PHONE, hold, new_page, release
from tests.harness import random_play
from tests.servers import Server

SHOTS = Path(os.environ.get("COMPANION_HOOK_SHOTS", "/tmp/shots/hooks"))
BOARD = {"width": 1280, "height": 800}
NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom"]
PLATFORM_TYPES = {"start", "seat_order", "kick", "reopen_seat", "undo", "end", "rematch",
                  "new_game", "rename", "leave", "explain"}
RAW_KEY = re.compile(r"\b(option|action|field|value|log|error|page|ui)\.[a-z_]+")
HOAX = games.get("hoax")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real server without per-address limits (many rooms and seats from
    one address)."""
    srv = Server(db=str(tmp_path_factory.mktemp("hooks") / "rooms.sqlite3"),
                 env={"COMPANION_LIMITS": "off"})
    yield srv
    srv.stop()


# --- rooms over HTTP ------------------------------------------------------------------

class Room:
    """A room on the real server, driven over HTTP (host token and seats)."""

    def __init__(self, server, game: str, names: list[str], options: dict | None = None):
        self.url = server.url
        answer = requests.post(f"{self.url}/api/rooms", json={"game": game, "options": options or {}},
                               timeout=10)
        assert answer.status_code == 201, answer.text
        self.code, self.host = answer.json()["code"], answer.json()["host_token"]
        self.tokens: dict[int, str] = {}
        for name in names:
            seat = requests.post(f"{self.url}/api/rooms/{self.code}/seats", json={"name": name},
                                 timeout=10).json()
            self.tokens[seat["seat"]] = seat["token"]

    def act(self, who: int | None, action: dict) -> dict:
        """``who``: a seat, or None for the host.  The action must go through."""
        token = self.host if who is None else self.tokens[who]
        answer = requests.post(f"{self.url}/api/rooms/{self.code}/actions", json=action, timeout=10,
                               headers={"Authorization": f"Bearer {token}"}).json()
        assert answer["ok"], (action, answer)
        return answer

    def view(self, who: int | None = None) -> dict:
        headers = {"Authorization": f"Bearer {self.tokens[who]}"} if who is not None else {}
        return requests.get(f"{self.url}/api/rooms/{self.code}", headers=headers, timeout=10).json()

    def moves(self, seat: int) -> list[dict]:
        return [tpl for tpl in self.view(seat)["actions"] if tpl["type"] not in PLATFORM_TYPES]

    def random_move(self, rng: random.Random) -> None:
        """Mostly what the game waits for; the host closes a step nobody moves in."""
        choices = [(s, tpl) for s in self.tokens for tpl in self.moves(s)]
        required = [(s, tpl) for s, tpl in choices if tpl.get("required")]
        if not choices:
            close = [tpl for tpl in self.view(None)["actions"] if tpl["type"] == "close"]
            self.act(None, sample_action(close[0], rng))
            return
        seat, tpl = rng.choice(required if required and rng.random() < 0.9 else choices)
        answer = requests.post(f"{self.url}/api/rooms/{self.code}/actions", timeout=10,
                               json=sample_action(tpl, rng),
                               headers={"Authorization": f"Bearer {self.tokens[seat]}"}).json()
        assert answer["ok"] or answer["error"]["code"] != "internal", answer

    def play_until(self, rng: random.Random, done, steps: int = 300) -> dict:
        for _ in range(steps):
            view = self.view()
            if done(view["public"]):
                return view
            assert view["status"] == "playing", "the game ended first"
            self.random_move(rng)
        raise AssertionError("not reached by random play")


# --- pages ------------------------------------------------------------------------------

def open_table(browser, server, room: Room, lang: str = "en"):
    """The table screen of ``room`` on the tablet that holds the host token."""
    page = new_page(browser, BOARD, lang)
    page.goto(f"{server.url}/t/{room.code}?lang={lang}")
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [f"companion:host:{room.code}", room.host])
    page.reload()
    settle_table(page, room)
    return page


def settle_table(page, room: Room):
    """Waits until the table drew the room's latest view (its newest log line)."""
    last = room.view()["log"][-1]["n"]
    expect(page.locator(f"#log li[data-n='{last}']")).to_have_count(1)


def open_phone(browser, server, room: Room, seat: int, lang: str = "en"):
    page = new_page(browser, PHONE, lang)
    page.goto(f"{server.url}/j/{room.code}?lang={lang}")
    page.evaluate("([k, t, s]) => { localStorage.setItem(k, t); localStorage.setItem(k.replace(':seat:', ':seatno:'), s); }",
                  [f"companion:seat:{room.code}", room.tokens[seat], str(seat)])
    page.goto(f"{server.url}/j/{room.code}?lang={lang}")
    expect(page.locator(f"body[data-version='{room.view()['version']}']")).to_have_count(1)
    return page


def announced(page, text: str, shot: str) -> str:
    """Waits for ``text`` in the announcement card in the middle of the
    table, photographs it and returns the card's whole text."""
    card = page.locator("#announce:not([hidden]) .tb-announce-text")
    expect(card).to_contain_text(text, timeout=15_000)
    said = card.inner_text()
    page.wait_for_timeout(400)     # the card's pop-in, for the picture only
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{shot}.png"))
    box, board = page.locator(".tb-announce-card").bounding_box(), page.locator("#board").bounding_box()
    middle = box["x"] + box["width"] / 2
    assert board["x"] + board["width"] * .25 < middle < board["x"] + board["width"] * .75
    return said


def no_missing_texts(page):
    assert page.evaluate("() => [...Companion.missingTexts]") == []
    assert not RAW_KEY.search(page.locator("body").inner_text())


# --- HOAX ----------------------------------------------------------------------------------

def text(lang: str, key: str, **params) -> str:
    return HOAX.texts[lang][key].format(**params)


def cover_all(room: Room):
    """Every seat covers the first identity it is not."""
    for seat in room.tokens:
        own = room.view(seat)["you"]["secret"]["identity"]
        tpl = next(t for t in room.moves(seat) if t["type"] == "cover")
        room.act(seat, {"type": "cover", "identity": next(i for i in tpl["fields"]["identity"] if i != own)})


def claim(room: Room, seat: int, true: bool) -> dict:
    """``seat`` claims its own identity (``true``) or one it is not, with
    an action that needs no further choice; returns the claim as the table
    sees it."""
    own = room.view(seat)["you"]["secret"]["identity"]
    claims = [t for t in room.moves(seat) if t["type"] == "claim"
              and (t["fields"]["identity"] == [own]) == true]
    plain = [t for t in claims if all(isinstance(v, list) and len(v) == 1 for v in t["fields"].values())]
    tpl = (plain or claims)[0]
    room.act(seat, sample_action(tpl, random.Random(0)))
    return room.view()["public"]["claims"][-1]


def claim_words(lang: str, c: dict, who: str) -> str:
    what = HOAX.texts[lang][f"ui.what.{c['identity']}.{c['action']}"]
    return text(lang, "ui.claim_words", who=who, identity=text(lang, "value." + c["identity"]),
                what=what, id=c["id"])


def test_a_doubt_button_names_the_claim_and_the_table_announces_the_decision(server, browser):
    room = Room(server, "hoax", NAMES[:4])
    room.act(None, {"type": "start", "first": 0})
    cover_all(room)
    table = open_table(browser, server, room)
    c = claim(room, 0, true=False)
    words = claim_words("en", c, "Sylvia")
    assert "{" not in words and "Sylvia as " in words
    room.act(1, {"type": "doubt", "claim": c["id"]})      # Christian raises it: two doubters needed
    petra = open_phone(browser, server, room, 2)
    try:
        form = petra.locator('form[data-type="doubt"]')
        expect(form.locator('button[type="submit"]')).to_contain_text(words)
        expect(petra.locator('form[data-type="decline"] button[type="submit"]')).to_contain_text(words)
        SHOTS.mkdir(parents=True, exist_ok=True)
        petra.screenshot(path=str(SHOTS / "hoax-phone-doubt-words-en.png"), full_page=True)
        form.locator('button[type="submit"]').tap()
        expect(petra.locator("#confirm-text")).to_contain_text(words)
        petra.locator("#confirm-yes").tap()
        said = announced(table, text("en", "ui.doubt_right", claimant="Sylvia",
                                     identity=text("en", "value." + c["identity"])),
                         "hoax-doubt-right-en-1280x800")
        assert "Throne points" not in said          # a right doubt gives nobody points
        no_missing_texts(table)
        no_missing_texts(petra)
    finally:
        petra.context.close()
        table.context.close()


def test_a_wrong_doubt_is_announced_in_german(server, browser):
    room = Room(server, "hoax", NAMES[:4])
    room.act(None, {"type": "start", "first": 0})
    cover_all(room)
    table = open_table(browser, server, room, lang="de")
    try:
        c = claim(room, 0, true=True)
        room.act(1, {"type": "doubt", "claim": c["id"]})
        settle_table(table, room)
        expect(table.locator("#step")).to_contain_text("Sylvia als ")    # the open doubt, in words
        room.act(2, {"type": "doubt", "claim": c["id"]})
        said = announced(table, text("de", "ui.doubt_wrong_out", claimant="Sylvia",
                                     identity=text("de", "value." + c["identity"])),
                         "hoax-doubt-wrong-de-1280x800")
        assert "Thronpunkte: Sylvia\xa0+3." in said    # a name and its points on one line
        no_missing_texts(table)
    finally:
        table.context.close()


def test_the_second_identity_is_announced_and_shown_on_the_table(server, browser):
    room = Room(server, "hoax", NAMES[:3], options={"second_identity": True})
    room.act(None, {"type": "start", "first": 0})
    cover_all(room)
    table = open_table(browser, server, room)
    try:
        c = claim(room, 0, true=True)
        room.act(1, {"type": "doubt", "claim": c["id"]})
        room.act(2, {"type": "doubt", "claim": c["id"]})
        identity = text("en", "value." + c["identity"])
        said = announced(table, text("en", "ui.doubt_wrong_second", claimant="Sylvia", identity=identity),
                         "hoax-second-identity-en-1280x800")
        assert "Throne points: Sylvia\xa0+2." in said
        public = room.view()["public"]
        assert public["recover"] and public["recover"]["seat"] == 0
        expect(table.locator("#step")).to_have_text(text("en", "action.cover"))
        expect(table.locator("#waiting")).to_have_text(text("en", "ui.recover", who="Sylvia",
                                                             n=public["recover"]["left"]))
        expect(table.locator('#seats li[data-seat="0"]')).to_have_class(re.compile(r"\bturn\b"))
        first = table.locator('.hx-row[data-seat="0"] .hx-first')
        expect(first).to_contain_text(text("en", "ui.first_identity"))
        expect(first).to_contain_text(identity)
        table.evaluate("() => Companion.table.clear()")
        SHOTS.mkdir(parents=True, exist_ok=True)
        table.screenshot(path=str(SHOTS / "hoax-second-identity-board-en-1280x800.png"))
        no_missing_texts(table)
    finally:
        table.context.close()


def test_the_original_hoax_shows_no_throne_points_and_announces_who_is_out(server, browser):
    room = Room(server, "hoax", NAMES[:3], options={"original_hoax": True})
    room.act(None, {"type": "start", "first": 0})
    table = open_table(browser, server, room)
    try:
        expect(table.locator("#seats li")).to_have_count(3)
        for score in table.locator("#seats .score").all():
            expect(score).to_be_hidden()
        accuse = next(t for t in room.moves(1) if t["type"] == "accuse")
        room.act(1, sample_action(accuse, random.Random(3)))    # out of turn (§12.1.3)
        said = announced(table, "leaves the round", "hoax-original-accusation-en-1280x800")
        assert re.search(r"(was accused rightly|accused wrongly) and leaves the round", said)
        no_missing_texts(table)
    finally:
        table.context.close()


# --- Factum and Haiclue ------------------------------------------------------------------

def test_a_factum_reveal_is_announced(server, browser):
    room = Room(server, "factum", NAMES[:4])
    room.act(None, {"type": "start"})
    rng = random.Random("factum")
    room.play_until(rng, lambda p: p["step"] == "vote")
    table = open_table(browser, server, room)
    try:
        room.play_until(rng, lambda p: bool((p["current"] or p["last"] or {}).get("reveal")))
        reveal = (room.view()["public"]["current"] or room.view()["public"]["last"])["reveal"]
        said = announced(table, "Right!" if reveal["correct"] else "Wrong!", "factum-reveal-en-1280x800")
        assert f"position {reveal['story']}" in said.lower() and "Points this round:" in said
        no_missing_texts(table)
    finally:
        table.context.close()


def test_a_haiclue_reveal_is_announced_and_a_guess_stays_secret(server, browser):
    room = Room(server, "haiclue", NAMES[:3])
    room.act(None, {"type": "start"})
    for seat in room.tokens:
        room.act(seat, {"type": "clue_ready", "text": "moon river"})
    public = room.view()["public"]
    first, last = public["waiting"][0], public["waiting"][-1]
    room.act(first, {"type": "guess", "color": "red"})
    phone = open_phone(browser, server, room, first)
    table = open_table(browser, server, room, lang="de")
    try:
        # the guess is a secret act: the phone says it guessed (explain mode's
        # line, on for a first game, says it once), not what
        expect(phone.locator("#play")).to_contain_text("Your guess is in")
        assert "Red" not in phone.locator("#play").inner_text()
        expect(phone.locator("#secret-items")).to_be_empty()      # not held: nothing secret in the page
        hold(phone)
        expect(phone.locator('#secret-items .secret-item[data-key="guess"]')).to_contain_text("Your guess")
        expect(phone.locator('#secret-items .secret-item[data-key="guess"]')).to_contain_text("Red")
        release(phone)
        expect(phone.locator('#secret-items .secret-item[data-key="guess"]')).to_have_count(0)
        expect(phone.locator("#secret-items")).to_be_empty()
        room.act(last, {"type": "guess", "color": "blue"})
        author = NAMES[public["author"]]
        said = announced(table, f"Die Farbe von {author} war", "haiclue-reveal-de-1280x800")
        assert "Richtig geraten:" in said or "Niemand hat sie erraten." in said
        no_missing_texts(table)
        no_missing_texts(phone)
    finally:
        phone.context.close()
        table.context.close()


# --- decisive() against the rules, over random play ---------------------------------------

#: per game, groups of events: each group that happened is one announcement
#: (HOAX folds some into others: an accusation or a wrong doubt that ends
#: the final is told by the final's result, so there only "some or none")
GROUPS = {
    "hoax": [r"^(doubt_(right|wrong|collapsed)|accuse_(right|wrong)|final_begins|final_won|wins|last_one_wins)"],
    "factum": [r"^(right|wrong)$", r"^(best_current|best_keep|best_title_first|first_title)$", r"^tie$",
               r"^game_over$"],
    "haiclue": [r"^reveal", r"^(flip|pass|swap)$", r"^over"],
}
VARIANTS = {"hoax": [{}, {"original_hoax": True}, {"second_identity": True}], "factum": [{}], "haiclue": [{}]}


def view_pairs(name: str, seeds: int):
    """Consecutive table views of seeded random games (as the server builds
    them) with the event keys of the move between them."""
    game = games.get(name)
    for options in VARIANTS[name]:
        full = {opt["name"]: opt.get("default") for opt in game.options_schema}
        full.update(options)
        low, high = game.player_range(full)
        for seed in range(seeds):
            seats = list(range(min(high, low + seed)))
            before = None
            for version, (state, _, _, events) in enumerate(random_play(game, seats, full, seed)):
                won = game.winners(state)
                scores = game.scores(state)
                view = {"game": name, "version": version, "status": "playing" if won is None else "finished",
                        "seats": [{"seat": s, "name": NAMES[s], "score": scores.get(s, 0), "connected": True}
                                  for s in seats],
                        "public": game.view(state, None)["public"], "options": full, "winners": won or [],
                        "log": [], "you": None, "actions": []}
                if before is not None:
                    yield before, view, [event["key"] for event in events]
                before = view


@pytest.mark.parametrize("lang", ["en", "de"])
def test_decisive_agrees_with_the_rules_over_random_play(server, browser, lang):
    room = Room(server, "hoax", NAMES[:3])
    page = new_page(browser, BOARD, lang)
    try:
        page.goto(f"{server.url}/t/{room.code}?lang={lang}")
        expect(page.locator("#step")).not_to_be_empty()
        for name, groups in GROUPS.items():
            pairs = list(view_pairs(name, seeds=3))
            said = page.evaluate("""async ([name, pairs]) => {
                await Companion.loadGame(name);
                return pairs.map(([prev, view]) => Companion.games[name].decisive(view, prev, Companion.ui(view)));
            }""", [name, [[prev, view] for prev, view, _ in pairs]])
            told = 0
            for (prev, view, events), items in zip(pairs, said):
                happened = sum(any(re.match(group, key) for key in events) for group in groups)
                if name == "hoax":
                    assert bool(items) == bool(happened), (events, items)
                    won = any(key in ("wins", "last_one_wins") for key in events)
                    assert any(item["tone"] == "win" for item in items) == won, (events, items)
                else:
                    assert len(items) == happened, (name, events, items)
                for item in items:
                    assert item["tone"] in ("good", "bad", "news", "win"), item
                    assert item["text"] and not re.search(r"\{\w+\}", item["text"]), item
                    assert not RAW_KEY.search(item["text"]), item
                told += bool(items)
            assert told >= 3, (name, told)
        assert page.evaluate("() => [...Companion.missingTexts]") == []
    finally:
        page.context.close()
