"""Secret choices with one thumb (issue #24), in real Chromium with real
input: phones get DevTools touch events (``Input.dispatchTouchEvent``) in a
``has_touch`` / ``is_mobile`` context, a desktop gets real mouse and
keyboard input.  Nothing dispatches a DOM event on an element.

One finger holds the reveal bar, slides onto a choice and lets go there;
letting go anywhere else picks nothing; a choice that asks to confirm
shows its whole sentence on the next hold, with "yes" and "no" to let go
on.  Every secret template of every game is made this way on a phone and
checked through the API (``SECRET_CHOICES``, read from each game's
declaration; the conformance suite fails when a game offers a secret
template it does not declare).  Other seats'
moves go over HTTP: what is tested here is the phone's secret choice.

Screenshots of the gesture's states (390x844, both languages) go to
test-artifacts/screens/one-thumb-*.png."""
from __future__ import annotations

import random

import pytest

from companion import games
from tests.browser.conftest import (PHONE, hold, pick, pick_secret, release, seat_phone, sent,
                                    slide, valued, wait_js)
from tests.browser.test_table_board import Room

#: every secret template type of every game, each made by a test below:
#: as each game declares them (``Game.secret_choices``)
SECRET_CHOICES = {name: set(game.secret_choices) for name, game in games.shipped().items()
                  if game.secret_choices}


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def open_phone(browser, server, room, seat, lang="en", size=PHONE):
    """The seat's phone, noting every console error it shows."""
    page = seat_phone(browser, server, room, seat, lang, size)
    page._errors = []
    page.on("console", lambda msg: msg.type == "error" and page._errors.append(msg.text))
    return page


def shows_latest(page, room):
    wait_js(page, f"Number(document.body.dataset.version) >= {room.view()['version']}")


def secret_templates(room, seat):
    return [tpl for tpl in room.view(room.tokens[seat])["actions"] if tpl.get("secret")]


def seats_with(room, action_type):
    return [s for s in room.tokens if any(t["type"] == action_type for t in secret_templates(room, s))]


def drive_until(room, rng, action_type, steps=600):
    """Random legal moves over HTTP until some seat has the secret choice
    ``action_type``; returns those seats."""
    for _ in range(steps):
        seats = seats_with(room, action_type)
        if seats:
            return seats
        assert room.view()["status"] == "playing" and room.random_move(rng), "the game ended first"
    raise AssertionError(f"no seat was offered {action_type}")


def shoot_held(page, name):
    """A screenshot of the viewport while the finger holds (and lets go after)."""
    from tests.browser.conftest import SCREENS
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"one-thumb-{name}.png"))


# --- the gesture's states, looked at step by step (the first vote and best-story
# vote of test_playthrough_factum.py, the Haiclue guess below) -------------------

def confirm_names_the_whole_choice(page, kind, value):
    """Before the real pick: the gesture's states, looked at and checked.
    Letting go beside the choices sends nothing; the confirm sentence shows
    only while held and names the choice; "no" takes it back."""
    version = page.evaluate("document.body.dataset.version")
    lang = page.evaluate("document.documentElement.lang")
    card = f'#secret-actions [data-type="{kind}"]'
    assert page.locator(f"{card} [data-pick]").count() == 0   # nothing while not held
    hold(page)
    target = page.locator(f"{card} [data-pick]{valued(value)}")
    slide(page, target)
    aim = page.locator("#secret-aim").text_content()
    assert aim.startswith(("Let go:", "Loslassen:")), aim
    shoot_held(page, f"{kind}-aiming-{lang}")
    slide(page, "#secret-aim")            # off the choices again
    release(page)
    page.wait_for_timeout(300)
    assert page.evaluate("document.body.dataset.version") == version   # nothing was sent
    assert pick(page, target_selector(card, value)) == "confirm"
    assert page.locator(".pick-confirm").count() == 0     # hidden with the finger
    hold(page)
    question = page.locator(".pick-confirm .confirm-question").text_content()
    assert "{" not in question and question.strip(), question
    shoot_held(page, f"{kind}-confirm-{lang}")
    slide(page, ".pick-confirm .confirm-no")
    release(page)
    hold(page)
    assert page.locator(".pick-confirm").count() == 0     # "no": back to the choices
    assert page.locator(f"{card} [data-pick]").count()
    release(page)
    assert page.evaluate("document.body.dataset.version") == version


def target_selector(card, value):
    return f"{card} [data-pick]{valued(value)}"


# --- Eselsbrücke: the holder's answer to a near miss and to an appeal ----------------

NEAR = ["Hase", "Nase", "Vase", "Base", "Rase", "Lase", "Gase", "Dase", "Mase"]
STORY_2 = ["Pinguin", "Besen", "Rakete", "Kaktus", "Geige", "Anker", "Brezel", "Igel", "Vulkan"]
STORY_3 = ["Zelt", "Krone", "Schaukel", "Pirat", "Muschel", "Wecker", "Kerze", "Bagger", "Eule"]


def tell_all(room):
    for term in NEAR + STORY_2 + STORY_3:
        teller = room.view()["public"]["turn"]
        answer = room.act(room.tokens[teller], {"type": "lay", "term": term})
        assert answer["ok"], answer


def test_eselsbruecke_confirm_near_miss_and_appeal_with_one_thumb(server, browser):
    room = Room(server, "eselsbruecke", ["Anna", "Ben", "Cara"], {"deck": "physical", "language": "de"})
    room.host_act({"type": "start"})
    tell_all(room)
    assert room.view()["status"] == "playing" and room.view()["public"]["story"] is not None
    phones = {seat: open_phone(browser, server, room, seat, lang=("de", "en")[seat % 2])
              for seat in room.tokens}
    # a near miss: "Fase" is one letter from every card, so each holder is
    # asked which of their cards it means (a secret choice)
    namer = room.view()["public"]["turn"]
    assert room.act(room.tokens[namer], {"type": "name", "term": "Fase"})["ok"]
    asked = seats_with(room, "confirm")
    assert asked and namer not in asked
    holder = asked[0]
    cards = next(t for t in secret_templates(room, holder) if t["type"] == "confirm")["fields"]["card"]
    assert len(cards) >= 2
    score = room.view()["seats"][namer]["score"]
    shows_latest(phones[holder], room)
    hold(phones[holder])
    shoot_held(phones[holder], "eselsbruecke-near-held")
    release(phones[holder])
    pick_secret(phones[holder], "confirm", choose={"card": cards[1]})
    assert room.view()["seats"][namer]["score"] == score + 1
    assert any(cards[1] in line["text"] for line in room.view()["log"]), "the accepted card is named"

    # an appeal: a wrong word, the namer appeals, the holders are asked
    # about all their cards (a secret choice again)
    namer = room.view()["public"]["turn"]
    assert room.act(room.tokens[namer], {"type": "name", "term": "Staubsauger"})["ok"]
    assert room.act(room.tokens[namer], {"type": "appeal"})["ok"]
    asked = seats_with(room, "confirm")
    assert asked
    holder = asked[0]
    cards = next(t for t in secret_templates(room, holder) if t["type"] == "confirm")["fields"]["card"]
    score = room.view()["seats"][namer]["score"]
    shows_latest(phones[holder], room)
    pick_secret(phones[holder], "confirm", choose={"card": cards[0]})
    assert room.view()["seats"][namer]["score"] == score + 1
    for page in phones.values():
        assert not page._errors, page._errors


def test_eselsbruecke_digital_hand_is_laid_with_one_thumb(server, browser):
    """The digital hand of six is never on the open screen; the teller
    picks a card from it under the reveal and confirms it there, in words."""
    room = Room(server, "eselsbruecke", ["Anna", "Ben", "Cara"], {"deck": "digital", "language": "en"})
    room.host_act({"type": "start"})
    teller = room.view()["public"]["turn"]
    hand = room.view(room.tokens[teller])["you"]["hand"]
    assert len(hand) == 6, hand
    phone = open_phone(browser, server, room, teller)
    shows_latest(phone, room)
    # a card shows as an element of its own (words in an explanation such
    # as "been" or "knowledge" hold "bee" and "owl" without showing a card)
    shown = """where => [...document.querySelectorAll(where + ' *')]
        .filter(e => e.children.length === 0 && e.offsetParent !== null)
        .map(e => e.textContent.trim().toLowerCase())"""
    open_screen = phone.evaluate(shown, "#play")
    assert not [card for card in hand if card.lower() in open_screen], \
        ("the hand shows without the reveal", open_screen)
    hold(phone)
    assert all(card in phone.locator("#secret-actions").inner_text() for card in hand)
    held = phone.evaluate(shown, "#secret-actions")
    assert all(card.lower() in held for card in hand), held   # the check above sees cards
    assert phone.locator('#secret-actions [data-type="lay"] [data-pick]').count() == 6
    shoot_held(phone, "eselsbruecke-hand-held")
    release(phone)
    card = f'#secret-actions [data-type="lay"] [data-pick]{valued(hand[2])}'
    assert pick(phone, card) == "confirm"
    hold(phone)
    question = phone.locator(".pick-confirm .confirm-question").text_content()
    assert question == f"Lay {hand[2]}? Everyone will see it.", question
    slide(phone, ".pick-confirm .confirm-yes")
    sent(phone, release)
    assert [c["term"] for c in room.view()["public"]["laid"]] == [hand[2]]
    wait_js(phone, "document.querySelectorAll('#game-area .eb-card').length === 1")   # the story's card
    following = room.view()["public"]["turn"]
    assert following != teller and len(room.view(room.tokens[following])["you"]["hand"]) == 6
    assert not phone._errors, phone._errors


def test_hoax_covers_show_and_accusation_with_one_thumb(server, browser):
    """The start covers, the answer to bought information and the
    accusation are secret choices: the lists leave out one's own identity,
    nothing of them is on the open screen."""
    names = ["Sylvia", "Christian", "Petra", "Gregor"]
    room = Room(server, "hoax", names)
    room.host_act({"type": "start"})
    phones = {seat: open_phone(browser, server, room, seat, lang=("en", "de")[seat % 2]) for seat in room.tokens}
    for seat, phone in phones.items():
        own = room.view(room.tokens[seat])["you"]["secret"]["identity"]
        cover = next(t for t in secret_templates(room, seat) if t["type"] == "cover")
        assert own not in cover["fields"]["identity"]
        shows_latest(phone, room)
        assert phone.locator('#actions [data-type="cover"]').count() == 0
        choice = cover["fields"]["identity"][seat]
        pick_secret(phone, "cover", choose={"identity": choice})
        assert choice in room.view()["public"]["players"][seat]["covers"]
    # information bought: the target shows two identities, one gesture each, then confirms
    buyer = room.view()["public"]["to_move"]
    target = next(s for s in room.tokens if s != buyer)
    assert room.act(room.tokens[buyer], {"type": "buy_info", "target": target, "trios": 2})["ok"]
    show = next(t for t in secret_templates(room, target) if t["type"] == "show")
    own = room.view(room.tokens[target])["you"]["secret"]["identity"]
    assert own not in show["fields"]["identities"]["of"] and show["fields"]["identities"]["size"] == 2
    shows_latest(phones[target], room)
    pick_secret(phones[target], "show")
    assert not [t for t in secret_templates(room, target) if t["type"] == "show"]
    notebook = room.view(room.tokens[buyer])["you"]["notebook"][str(target)]
    assert len(notebook) >= 2 and own not in notebook
    seat = room.view()["public"]["to_move"]
    accuse = [t for t in secret_templates(room, seat) if t["type"] == "accuse"]
    assert accuse, "the player on turn may accuse"
    # the accuser names its own identity (issue #38: two cards of each identity
    # are in play, so another may share it): the sheet offers it
    mine = room.view(room.tokens[seat])["you"]["secret"]["identity"]
    chosen = next((t for t in accuse if mine in t["fields"]["identity"]), None)
    assert chosen, f"no target left that has not covered {mine}"
    target, identity = chosen["fields"]["target"][0], mine
    phone = phones[seat]
    shows_latest(phone, room)
    before = room.view()["version"]
    pick_secret(phone, "accuse", choose={"target": target, "identity": identity})
    view = room.view()
    assert view["version"] > before
    assert any(names[target] in line["text"] for line in view["log"][-4:]), view["log"][-4:]
    for page in phones.values():
        assert not page._errors, page._errors


# --- the same gesture by mouse, keyboard and screen reader ----------------------------

DESKTOP = {"width": 1000, "height": 800}


def factum_at_vote(server):
    rng = random.Random(7)
    room = Room(server, "factum", ["Anna", "Ben", "Cara", "Dirk"])
    room.host_act({"type": "start"})
    drive_until(room, rng, "vote")
    return room


def voted(room, seat):
    """The seat's ballot: None while it still owes one, else what it voted
    (True when the vote is over and the ballots are sealed)."""
    view = room.view(room.tokens[seat])
    if "vote" in [t["type"] for t in view["actions"]]:
        return None
    return view["you"]["secret"]["vote"] if view["public"].get("step") == "vote" else True


# --- Haiclue: the guess, a secret act, behind the reveal (issue #45) -------------

def open_page_text(page, room):
    return page.evaluate("document.getElementById('play').innerText").replace(room.code, "ROOM")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_haiclue_guess_is_made_behind_the_reveal(server, browser, lang):
    """Two rooms alike in public; in each, the same guesser picks another
    colour with one thumb.  Before and after, the open pages read the same
    word for word (the colours drawn and the guess are secret), and no
    colour is offered on them; only the held sheet shows the own guess."""
    pages, rooms = [], []
    for colour in ("red", "blue"):
        room = Room(server, "haiclue", ["Anna", "Ben", "Cara"])
        room.host_act({"type": "start"})
        for seat, token in room.tokens.items():
            assert room.act(token, {"type": "clue_ready"})["ok"]
        guesser = next(s for s in room.tokens if s != room.view()["public"]["author"])
        page = open_phone(browser, server, room, guesser, lang=lang)
        shows_latest(page, room)
        assert page.locator("#play .picks, #play form[data-type=guess], #play [data-pick]").count() == 0
        assert "now" in page.locator("#todo").get_attribute("class").split()   # your move: guess
        pages.append(page)
        rooms.append((room, guesser, colour))
    assert open_page_text(pages[0], rooms[0][0]) == open_page_text(pages[1], rooms[1][0])
    for page, (room, guesser, colour) in zip(pages, rooms):
        if colour == "red":
            confirm_names_the_whole_choice(page, "guess", colour)
            shoot_held(page, f"guess-{lang}")
        # the first gesture chooses; the open page then says a choice waits
        # for its confirm (issue #40), in words and on the bar, never which
        hold(page)
        slide(page, page.locator(f'#secret-actions [data-pick]{valued(colour)}'))
        release(page)
        note = page.locator("#pending-note")
        assert note.is_visible() and note.text_content().startswith(("Not sent yet", "Noch nicht gesendet"))
        assert page.locator("#hold-label").text_content() in ("Hold to confirm your choice",
                                                              "Halten zum Bestätigen deiner Wahl")
        assert "pick-pending" in page.evaluate("document.body.className")
    assert open_page_text(pages[0], rooms[0][0]) == open_page_text(pages[1], rooms[1][0]), \
        "a glance at a waiting confirm tells the colour"
    shoot_held(pages[0], f"guess-pending-{lang}")
    for page, (room, guesser, colour) in zip(pages, rooms):
        before = room.view()["version"]
        pick_secret(page, "guess", value=colour)
        view = room.view(room.tokens[guesser])
        assert view["version"] > before and view["you"]["secret"]["guess"] == colour
        shows_latest(page, room)
        assert page.locator("#pending-note").is_hidden()
    texts = [open_page_text(page, room) for page, (room, _, _) in zip(pages, rooms)]
    assert texts[0] == texts[1], "a glance at the phone tells which colour was guessed"
    for page, (room, _, colour) in zip(pages, rooms):
        hold(page)
        assert page.locator("#secret-items").inner_text().strip()
        release(page)
        assert not page._errors, page._errors


def test_mouse_press_drag_release_picks(server, browser):
    room = factum_at_vote(server)
    seat = seats_with(room, "vote")[0]
    page = open_phone(browser, server, room, seat, size=DESKTOP)
    shows_latest(page, room)

    def drag_to(selector):
        box = page.locator("#hold").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        wait_js(page, "document.body.classList.contains('revealed')")
        target = page.locator(selector).first.bounding_box()
        page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=6)
        page.mouse.up()
        wait_js(page, "!document.body.classList.contains('revealed')")

    drag_to('#secret-actions [data-type="vote"] [data-pick]')
    assert voted(room, seat) is None                        # first the confirm
    sent(page, lambda page: drag_to(".pick-confirm .confirm-yes"))
    assert voted(room, seat) is not None


def test_keyboard_space_held_arrows_and_release_picks(server, browser):
    room = factum_at_vote(server)
    seat = seats_with(room, "vote")[0]
    page = open_phone(browser, server, room, seat, size=DESKTOP)
    shows_latest(page, room)
    page.locator("#hold").focus()
    page.keyboard.down("Space")
    wait_js(page, "document.body.classList.contains('revealed')")
    page.keyboard.up("Space")                                   # nothing aimed: nothing picked
    wait_js(page, "!document.body.classList.contains('revealed')")
    assert voted(room, seat) is None
    page.keyboard.down("Space")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    aimed = page.locator("[data-pick].aim").get_attribute("data-value")
    page.keyboard.up("Space")
    page.keyboard.down("Space")                                 # the confirm: aim at "yes"
    wait_js(page, "!!document.querySelector('.pick-confirm')")
    for _ in range(4):
        if page.locator(".confirm-yes.aim").count():
            break
        page.keyboard.press("ArrowDown")
    sent(page, lambda page: page.keyboard.up("Space"))
    assert voted(room, seat) in (int(aimed), True)


def test_screen_reader_reveals_until_hidden_and_activates(server, browser):
    room = factum_at_vote(server)
    seat = seats_with(room, "vote")[0]
    page = open_phone(browser, server, room, seat, size=DESKTOP)
    shows_latest(page, room)
    stay = page.locator("#reveal-stay")
    assert stay.bounding_box()["width"] <= 1                # out of sight until focused
    stay.focus()
    page.keyboard.press("Enter")
    wait_js(page, "document.body.classList.contains('stay')")
    page.wait_for_timeout(300)
    assert page.evaluate("document.body.classList.contains('revealed')")   # stays
    page.locator('#secret-actions [data-type="vote"] [data-pick]').first.focus()
    page.keyboard.press("Enter")
    before = room.view()["version"]
    page.locator(".pick-confirm .confirm-yes").focus()
    page.keyboard.press("Enter")
    wait_js(page, f"Number(document.body.dataset.version) > {before}")
    assert voted(room, seat) is not None
    page.locator("#reveal-hide").focus()
    page.keyboard.press("Enter")
    wait_js(page, "!document.body.classList.contains('revealed')")


# --- hiding: test_phone_secrets.py covers the page going to the background
# (headless Chromium never hides a page, so that test raises the events).

def test_a_second_finger_picks_nothing(server, browser):
    """The old two-finger way (hold with one, tap with another) gives no
    click on a phone: it must not be needed, and it must not pick."""
    room = factum_at_vote(server)
    seat = seats_with(room, "vote")[0]
    page = open_phone(browser, server, room, seat)
    shows_latest(page, room)
    hold(page)
    from tests.browser.conftest import centre
    x, y = page._companion_finger
    cx, cy = centre(page.locator('#secret-actions [data-type="vote"] [data-pick]').first)
    two = [{"x": x, "y": y, "id": 1}, {"x": cx, "y": cy, "id": 2}]
    page._companion_cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": two})
    page._companion_cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    wait_js(page, "!document.body.classList.contains('revealed')")
    page.wait_for_timeout(300)
    assert voted(room, seat) is None


# --- every declared secret choice of every game, one test for all (issue #46) ------------

def secret_offer(room, view, wanted: set) -> tuple[int, str] | None:
    """A seat offered one of the ``wanted`` secret choices (a waiting seat first)."""
    from tests.browser.test_sheet_fits import secret_seats
    for seat, tpls in secret_seats(room, view).items():
        kinds = {tpl["type"] for tpl in tpls} & wanted
        if kinds:
            return seat, sorted(kinds)[0]
    return None


@pytest.mark.parametrize("game_name", sorted(SECRET_CHOICES))
def test_every_secret_choice_is_made_with_one_thumb(server, browser, game_name):
    """Generic: for any game, random legal moves over HTTP until a seat is
    offered a secret choice not made yet; that seat's phone makes it with
    one finger on the sheet (first values, "yes" to its confirm), and the
    room takes it.  Nothing here names a game: a new game's declared
    ``secret_choices`` are tested as soon as it is shipped."""
    from tests.browser.test_table_board import player_names
    from tests.conformance.conftest import option_variants   # a mode may bring a choice (a digital hand)
    game = games.get(game_name)
    left = set(SECRET_CHOICES[game_name])
    rng = random.Random(f"one-thumb/{game_name}")
    for options in option_variants(game):
        room = Room(server, game_name, player_names(game_name), options)
        room.host_act({"type": "start"})
        phones: dict = {}
        try:
            for _ in range(600):
                view = room.view()
                offer = secret_offer(room, view, left) if view["status"] == "playing" else None
                if offer:
                    make_on_phone(browser, server, room, phones, *offer)
                    left.discard(offer[1])
                elif not left or view["status"] != "playing" or not room.random_move(rng, view["waiting"]):
                    break
        finally:
            for page in phones.values():
                page.context.close()
        if not left:
            return
    raise AssertionError(f"{game_name}: no seat was ever offered {sorted(left)}")


def make_on_phone(browser, server, room, phones: dict, seat: int, kind: str) -> None:
    if seat not in phones:
        phones[seat] = open_phone(browser, server, room, seat, lang=("en", "de")[len(phones) % 2])
    page = phones[seat]
    shows_latest(page, room)
    version = room.view()["version"]
    pick_secret(page, kind)
    toast = page.locator("#toast")
    assert toast.is_hidden(), f"{kind}: the phone shows {toast.inner_text()!r}"
    assert room.view()["version"] > version, f"{kind}: made on the phone, the room did not take it"
    assert not page._errors, page._errors
