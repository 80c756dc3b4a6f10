"""The phone keeps every secret from onlookers (issue #11), for every
shipped game, in real Chromium.

Two rooms of one game with the same seats and the same public history, in
which seat 0's secret differs: with nothing held, seat 0's phone must read
exactly the same (innerText of the page, room code normalised); holding the
reveal control must show the secret.  The rooms are found honestly: the
server seeds each room's random source itself, so we create rooms, play
them in lock step (the same public moves; seat 0 varies only its choices the
game marks secret) and keep two whose public views are equal and whose
``you.secret`` of seat 0 differ.

Also: what a phone says when its seat dies (moved to another phone,
removed, room gone), confirms that name the whole choice, small numbers as
buttons, "your move" only for what the game waits for."""
from __future__ import annotations

import json
import random
import re
import warnings

import pytest
import requests
from playwright.sync_api import expect

from companion import games
from companion.games.base import sample_action
from tests.browser.conftest import PHONE, hold, new_page, press, release, slide
from tests.servers import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real server without per-address limits: the twin search opens many
    rooms from one address."""
    srv = Server(db=str(tmp_path_factory.mktemp("phone") / "rooms.sqlite3"),
                 env={"COMPANION_LIMITS": "off"})
    yield srv
    srv.stop()


NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom"]
PLATFORM_TYPES = {"start", "seat_order", "kick", "reopen_seat", "undo", "end", "rematch",
                  "new_game", "rename", "leave", "explain"}


# --- rooms over HTTP ------------------------------------------------------------

class Room:
    """A room on the real server, driven over HTTP."""

    def __init__(self, server, game: str, names: list[str]):
        self.url = server.url
        answer = requests.post(f"{self.url}/api/rooms", json={"game": game, "options": {}}, timeout=10)
        assert answer.status_code == 201, answer.text
        self.code, self.host = answer.json()["code"], answer.json()["host_token"]
        self.tokens: dict[int, str] = {}
        for name in names:
            seat = requests.post(f"{self.url}/api/rooms/{self.code}/seats", json={"name": name}, timeout=10).json()
            self.tokens[seat["seat"]] = seat["token"]

    def act(self, token: str, action: dict) -> dict:
        return requests.post(f"{self.url}/api/rooms/{self.code}/actions", json=action, timeout=10,
                             headers={"Authorization": f"Bearer {token}"}).json()

    def view(self, token: str | None = None) -> dict:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = requests.get(f"{self.url}/api/rooms/{self.code}", headers=headers, timeout=10)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def public(self) -> str:
        """The table's view, without what names this room (its code)."""
        view = self.view()
        view.pop("room", None)
        return json.dumps(view, sort_keys=True).replace(self.code, "ROOM")

    def secret(self, seat: int = 0):
        return json.dumps((self.view(self.tokens[seat])["you"] or {}).get("secret"), sort_keys=True)

    def look(self) -> "Room":
        """Reads the public view, seat 0's secret and every seat's game
        templates once (the search below compares them)."""
        self.seen_public = self.public()
        views = {seat: self.view(token) for seat, token in self.tokens.items()}
        self.seen_secret = json.dumps((views[0]["you"] or {}).get("secret"), sort_keys=True)
        self.moves = {seat: game_moves(view) for seat, view in views.items()}
        return self


def game_moves(view: dict) -> list[dict]:
    """A seat's game templates (platform tools left out)."""
    return [tpl for tpl in view["actions"] if tpl["type"] not in PLATFORM_TYPES]


def seat_moves(room: Room) -> dict[int, list[dict]]:
    return {seat: game_moves(room.view(token)) for seat, token in room.tokens.items()}


def lock_step(rooms: list[Room], rng: random.Random) -> list[Room]:
    """One move in every room.  Seat 0 uses a choice the game marks secret
    when it has one, a different sample per room (the public history stays
    the same, the secret need not); otherwise a seat (often seat 0) plays a
    template every room offers it, the same action everywhere.  Rooms whose
    public view then differs from the largest group are dropped."""
    own = [[tpl for tpl in room.moves.get(0, []) if tpl.get("secret")] for room in rooms]
    if all(own) and rng.random() < 0.7:
        for i, room in enumerate(rooms):
            action = sample_action(own[i][0], random.Random(rng.random() + i))
            room.act(room.tokens[0], action)
    else:
        shared = []
        for seat in sorted(rooms[0].moves):
            for tpl in rooms[0].moves[seat]:
                if all(tpl in room.moves.get(seat, []) for room in rooms[1:]):
                    shared.append((seat, tpl))
        if not shared:
            return []
        # seat 0 acts often: its own moves are what give it a secret
        mine = [(seat, tpl) for seat, tpl in shared if seat == 0]
        seat, tpl = rng.choice(mine if mine and rng.random() < 0.5 else shared)
        action = sample_action(tpl, random.Random(rng.random()))
        for room in rooms:
            room.act(room.tokens[seat], action)
    return largest_group([room.look() for room in rooms])


def largest_group(rooms: list[Room], most: int = 3) -> list[Room]:
    """The largest set (at most ``most``) of rooms equal in public."""
    groups: dict[str, list[Room]] = {}
    for room in rooms:
        groups.setdefault(room.seen_public, []).append(room)
    best = max(groups.values(), key=len)[:most]
    return best if len(best) > 1 else []


def differing_pair(rooms: list[Room]) -> tuple[Room, Room] | None:
    seen: dict[str, Room] = {}
    for room in rooms:
        seen.setdefault(room.seen_secret, room)
        if len(seen) > 1:
            return tuple(seen.values())[:2]
    return None


def twin_rooms(server, game_name: str, names: list[str], tries: int = 16,
               size: int = 6, steps: int = 40) -> tuple[Room, Room]:
    """Two started rooms, equal in public, different in seat 0's secret.
    A try succeeds about one time in three in What the Rule?! (seat 0 must be
    the first to draw a rule from the deck), so the search makes many tries:
    a failed one costs half a second."""
    rng = random.Random(f"twins/{game_name}")
    for _ in range(tries):
        rooms = []
        for _ in range(size):
            room = Room(server, game_name, names)
            assert room.act(room.host, {"type": "start"})["ok"]
            rooms.append(room.look())
        group = largest_group(rooms)
        for _ in range(steps):
            if not group:
                break
            pair = differing_pair(group)
            if pair:
                return pair
            group = lock_step(group, rng)
    pytest.fail(f"{game_name}: found no two rooms with the same public history and "
                f"a different secret for seat 0")


def player_names(game) -> list[str]:
    low, high = game.player_range({opt["name"]: opt.get("default") for opt in game.options_schema})
    return NAMES[:max(low, min(high, 4))]


# --- phones in Chromium --------------------------------------------------------

def phone_page(browser, size=PHONE, lang: str = "en"):
    """A phone of any size, with a touch screen (``new_page`` gives touch
    only to ``PHONE`` itself)."""
    context = browser.new_context(viewport=size, locale=lang, has_touch=True, is_mobile=True)
    return context.new_page()


def open_phone(browser, server, room: Room, seat: int = 0, lang: str = "en", size=PHONE):
    page = phone_page(browser, size, lang)
    page.goto(f"{server.url}/j/{room.code}?lang={lang}")
    page.evaluate("([k, t, s]) => { localStorage.setItem(k, t); localStorage.setItem(k.replace(':seat:', ':seatno:'), s); }",
                  [f"companion:seat:{room.code}", room.tokens[seat], str(seat)])
    page.goto(f"{server.url}/j/{room.code}?lang={lang}")
    page.wait_for_selector("#play:not([hidden])")
    settle(page, room)
    return page


def settle(page, room: Room):
    """Waits until the phone has drawn the room's latest view."""
    page.wait_for_selector(f'body[data-version="{room.view()["version"]}"]', state="attached")


def visible_text(page, room: Room) -> str:
    return page.evaluate("document.body.innerText").replace(room.code, "ROOM")


SHIPPED = sorted(games.shipped())


@pytest.mark.parametrize("game_name", SHIPPED)
def test_a_glance_at_the_phone_tells_nothing(server, browser, game_name):
    game = games.shipped()[game_name]
    first, second = twin_rooms(server, game_name, player_names(game))
    phones = [open_phone(browser, server, room) for room in (first, second)]
    try:
        # the views really differ in seat 0's secret
        assert first.secret() != second.secret()
        texts = [visible_text(page, room) for page, room in zip(phones, (first, second))]
        assert texts[0] == texts[1], f"{game_name}: a glance tells the rooms apart"
        for page in phones:   # nothing secret is even in the page
            assert page.locator("#secret-items *").count() == 0
        held = []
        for page, room in zip(phones, (first, second)):
            hold(page)
            held.append(visible_text(page, room))
            secret_text = page.locator("#secret-items").inner_text()
            assert secret_text.strip(), f"{game_name}: holding shows no secret"
            release(page)
            assert visible_text(page, room) == texts[0]
        assert held[0] != held[1], f"{game_name}: holding shows the same in both rooms"
        missing = set()
        for page in phones:
            missing |= set(page.evaluate("Array.from(Companion.missingTexts)"))
        # the page's own texts and action labels must exist; a missing label of
        # a secret's key shows as a readable stand-in, the game should add it
        assert not {key for key in missing if key.startswith(("page.", f"{game_name}:action."))}, missing
        if missing:
            warnings.warn(f"{game_name} lacks texts: {sorted(missing)}")
    finally:
        for page in phones:
            page.context.close()


def test_secret_hides_on_blur_and_when_hidden(server, browser):
    room = Room(server, "pick", NAMES[:2])
    room.act(room.host, {"type": "start"})
    page = open_phone(browser, server, room)
    try:
        closed = visible_text(page, room)
        hold(page)
        assert re.search(r"\b[A-H]\b", page.locator("#secret-items").inner_text())
        page.evaluate("window.dispatchEvent(new Event('blur'))")
        assert visible_text(page, room) == closed   # hidden while the finger is still down
        release(page)   # and lifting it then picks nothing, shows nothing
        assert visible_text(page, room) == closed
        hold(page)
        page.evaluate("""Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
                         document.dispatchEvent(new Event('visibilitychange'))""")
        assert visible_text(page, room) == closed
        release(page)
        # private log lines are not in the open log
        assert "Your letter" not in closed
        page.evaluate("delete document.visibilityState")
        hold(page)
        assert "Your letter" in page.locator("#secret-log").inner_text()
        release(page)
    finally:
        page.context.close()


def test_confirm_names_the_choice_and_your_move_only_when_waited_for(server, browser):
    room = Room(server, "pick", NAMES[:2])
    room.act(room.host, {"type": "start"})
    page = open_phone(browser, server, room)
    try:
        assert page.locator("#todo-text").inner_text() == "Your move"
        before = room.view()["version"]
        page.locator('#actions form[data-type="pick"] button.choice[data-value="2"]').tap()
        assert page.locator("#confirm-text").inner_text() == "Pick a number — Number: 2?"
        page.locator("#confirm-no").tap()
        assert not page.locator("#confirm").evaluate("el => el.open")
        assert room.view()["version"] == before, "a choice answered with no was sent"
    finally:
        page.context.close()


def test_a_seat_moved_to_another_phone_is_told(server, browser):
    room = Room(server, "pick", NAMES[:2])
    page = open_phone(browser, server, room)
    try:
        answer = room.act(room.host, {"type": "reopen_seat", "seat": 0})
        claim = answer["result"]["claim"]
        other = new_page(browser, PHONE)
        other.goto(f"{server.url}/j/{room.code}?claim={claim}")
        other.wait_for_selector("#play:not([hidden])")
        # the server tells the old phone at once (event "refused")
        page.wait_for_selector("#gone:not([hidden])")
        assert page.locator("#gone").inner_text().startswith("Your seat moved to another phone")
        assert page.evaluate(f"localStorage.getItem('companion:seat:{room.code}')") is None
        page.locator("#gone-action").tap()
        page.wait_for_selector("#join-form:not([hidden])")
        other.context.close()
    finally:
        page.context.close()


def test_a_removed_seat_and_an_ended_room_are_told(server, browser):
    room = Room(server, "pick", NAMES[:3])
    page = open_phone(browser, server, room, seat=2)
    try:
        assert room.act(room.host, {"type": "kick", "seat": 2})["ok"]
        # told at once (event "refused"); a phone asleep then asks when it wakes up
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        page.wait_for_selector("#gone:not([hidden])")
        assert page.locator("#gone .gone-title").inner_text() == "You were removed from the room."
        assert "Extra" not in page.locator("#me").inner_text()
    finally:
        page.context.close()
    page = new_page(browser, PHONE)
    try:
        page.goto(f"{server.url}/j/ZZZZZ")
        page.evaluate("localStorage.setItem('companion:seat:ZZZZZ', 'dead-token')")
        page.reload()
        page.wait_for_selector("#gone:not([hidden])")
        assert page.locator("#gone .gone-title").inner_text() == "This room has ended."
    finally:
        page.context.close()



def drive_to(server, game_name: str, wanted, steps: int = 30):
    """A room of ``game_name`` driven until ``wanted(templates)`` holds for
    seat 0's game templates: (room, templates).  Only moves the game waits
    for, the other seats' before seat 0's, so the game goes where seat 0 is
    asked next; the path depends on the game's structure, not on luck (the
    server seeds the room's deal itself).  Fails when it does not get there."""
    game = games.shipped()[game_name]
    room = Room(server, game_name, player_names(game))
    assert room.act(room.host, {"type": "start"})["ok"]
    rng = random.Random(f"drive/{game_name}")
    for _ in range(steps):
        moves = seat_moves(room)
        if wanted(moves.get(0, [])):
            return room, moves[0]
        waited = [(seat, tpl) for seat in sorted(moves, key=lambda seat: (seat == 0, seat))
                  for tpl in moves[seat] if tpl.get("required")]
        assert waited, f"{game_name}: nobody is waited for, and seat 0 is not yet where the test needs it"
        seat, tpl = waited[0]
        answer = room.act(room.tokens[seat], sample_action(tpl, rng))   # a refused sample: the next try samples anew
    pytest.fail(f"{game_name}: seat 0 did not get there in {steps} moves (the last answer: {answer})")


def test_a_secret_choice_is_made_and_confirmed_while_held(server, browser):
    """One thumb: hold the bar, slide onto the choice, let go; a choice that
    asks to confirm shows, on the next hold, the question naming the whole
    choice; letting go anywhere but on "yes" sends nothing."""
    # Haiclue: once every seat has marked its clue ready, seat 0 guesses in secret
    room, mine = drive_to(server, "haiclue", lambda mine: any(t.get("secret") and t.get("confirm") for t in mine))
    kind = next(t["type"] for t in mine if t.get("secret") and t.get("confirm"))
    offered = [t for t in mine if t["type"] == kind]
    page = open_phone(browser, server, room)
    card = page.locator(f'#secret-actions [data-type="{kind}"]')
    try:
        before = room.view()["version"]
        # with nothing held, no choice and no question is in the page
        assert page.locator("#secret-actions *").count() == 0
        assert page.locator("[data-pick], .pick-confirm, .confirm-question").count() == 0
        # while held the choices are there; each gesture picks one step,
        # up to the one that asks to confirm
        labels, say = [], None
        for _ in range(8):
            hold(page)
            assert card.count() == 1, f"{kind} is not offered on the sheet"
            assert card.locator(".confirm-yes").count() == 0, "a confirm before anything was chosen"
            choices = card.locator("[data-pick].choice")
            assert choices.count(), f"{kind}: no choice to slide onto"
            ends = [choices.nth(i).get_attribute("data-ends") for i in range(choices.count())]
            # the choice that asks to confirm, else a step towards it
            at = ends.index("confirm") if "confirm" in ends else ends.index(None)
            target = choices.nth(at)
            labels.append(target.inner_text().strip())
            say = target.get_attribute("data-say")
            slide(page, target)
            # the sheet says what letting go there does (touch moves reach the page a frame later)
            expect(page.locator("#secret-aim")).to_have_text(f"Let go: {say}")
            release(page)
            assert page.locator("#secret-actions *").count() == 0
            if ends[at] == "confirm":
                break
        else:
            pytest.fail(f"{kind}: no choice asked to confirm after 8 gestures")
        # picking it sent nothing yet, and nothing of it shows while not held
        assert page.locator(".pick-confirm, .confirm-question, [data-pick]").count() == 0
        assert room.view()["version"] == before, "a choice that asks to confirm was sent at once"
        # the next hold asks, naming the whole choice
        hold(page)
        question = page.locator(f'#secret-actions .pick-confirm[data-type="{kind}"] .confirm-question')
        assert question.count() == 1, "the next hold does not ask to confirm"
        sentence = question.inner_text()
        assert page.locator("#secret-actions [data-pick].choice").count() == 0, "choices beside the question"
        if labels[-1] != say:   # a value picked (not one button naming the whole action)
            for label in labels:
                assert label in sentence, f"{sentence!r} does not name {label!r}"
        else:
            assert sentence.strip() and sentence != say, sentence
        # letting go elsewhere (on the question, not on a choice) sends nothing
        slide(page, question)
        release(page)
        page.wait_for_timeout(600)
        assert room.view()["version"] == before, "letting go off the choices sent it"
        assert page.locator("body").get_attribute("data-version") == str(before)
        # still asked on the next hold: slide onto yes and let go there
        hold(page)
        assert question.inner_text() == sentence
        yes = page.locator("#secret-actions .pick-confirm .confirm-yes")
        assert yes.get_attribute("data-say") == f"Yes — {sentence}"
        slide(page, yes)
        release(page)
        # the server has it: a newer version, and the seat is no longer offered the same choice
        page.wait_for_selector(f'body[data-version]:not([data-version="{before}"])', state="attached")
        assert room.view()["version"] > before, "the secret choice was not sent"
        assert [t for t in game_moves(room.view(room.tokens[0])) if t["type"] == kind] != offered
        hold(page)   # and the question is gone with it
        assert page.locator(".pick-confirm").count() == 0
        release(page)
    finally:
        page.context.close()


def test_optional_reactions_are_not_your_move(server, browser):
    # What the Rule?!: while another seat plays a card, seat 0 may only ask for hints
    room, mine = drive_to(server, "what_the_rule", lambda mine: mine and not any(t.get("required") for t in mine)
                          and not any(t.get("secret") for t in mine))
    page = open_phone(browser, server, room)
    try:
        # this phone saw no "required" yet: it learns the game marks them from
        # any view that has one, so mark it as seen (as after the first turn)
        page.evaluate(f"localStorage.setItem('companion:required:' + {json.dumps(room.view()['game'])}, '1')")
        page.reload()
        page.wait_for_selector("#play:not([hidden])")
        settle(page, room)
        assert page.locator("#todo-text").inner_text() != "Your move"
        assert page.locator("#actions form").count() == 0
        assert page.locator("#react:not([hidden]) #react-actions form").count() >= 1
        page.locator("#react-pass").tap()
        assert not page.locator("#react").evaluate("el => el.open")
    finally:
        page.context.close()



def test_many_templates_of_one_type_are_chosen_step_by_step(server, browser):
    def many(mine):
        types = [t["type"] for t in mine if not t.get("secret")]
        return any(types.count(t) > 2 for t in types)
    # HOAX: on seat 0's turn, one claim template per identity it may claim
    room, mine = drive_to(server, "hoax", many)
    types = [t["type"] for t in mine if not t.get("secret")]
    kind = next(t for t in types if types.count(t) > 2)
    page = open_phone(browser, server, room)
    try:
        # one card, not one form per template
        assert page.locator(f'form[data-type="{kind}"]').count() == 1
        picker = page.locator(f'form.picker[data-type="{kind}"]')
        assert picker.count() == 1
        assert picker.locator("button.choice").count() <= len(mine)
        before = room.view()["version"]
        press(page, kind)
        page.wait_for_selector(f'body[data-version]:not([data-version="{before}"])', state="attached")
        assert room.view()["version"] > before
    finally:
        page.context.close()
