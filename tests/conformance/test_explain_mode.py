"""Explain mode (issue #29) through the one referee path on a real SQLite
store: on for a room's first game of a kind, set at creation or by the
host, switched per phone; what each audience is told; a refusal's
"instead"; off means the views carry nothing more."""
from __future__ import annotations

import pytest

from companion.errors import ServiceError, error_answer
from companion.service import Service
from companion.store.sqlite import SqliteStore
from tests.conformance.test_timer import act, pick_room, refused


@pytest.fixture
def service(tmp_path):
    svc = Service(SqliteStore(str(tmp_path / "rooms.sqlite3")), action_rate=0)
    yield svc
    svc.store.close()


def view_of(svc, code, token, lang="en"):
    return svc.view(code, token, lang)


def play_out(svc, code, tokens):
    for token in tokens.values():
        view = view_of(svc, code, token)
        if any(a["type"] == "pick" for a in view["actions"]):
            act(svc, code, token, type="pick", number=1)


def test_on_for_the_first_game_and_each_audience_is_told(service):
    code, host, tokens = pick_room(service, {"rounds": 1})
    seat = view_of(service, code, tokens[0])
    assert "host starts" in seat["explain"]["now"]
    assert seat["explain"]["moves"]["rename"].startswith("Changes the name")
    assert "scans the code" in view_of(service, code, None)["explain"]["now"]
    act(service, code, host, type="start")
    seat = view_of(service, code, tokens[0], "de")
    assert seat["explain"]["now"] == "Alle wählen geheim eine Zahl von 1 bis 3."
    assert seat["explain"]["secret"].startswith("Dein Buchstabe ist ")
    assert seat["explain"]["moves"]["pick"].startswith("Deine Zahl")
    table = view_of(service, code, None)["explain"]
    assert table["now"] == "Waiting for Sylvia, Gregor, Petra to pick a number."
    assert "secret" not in table
    hosted = view_of(service, code, host)["explain"]
    assert hosted["moves"]["close"].startswith("Stops waiting")
    assert hosted["moves"]["undo"].startswith("Takes back")
    assert hosted["moves"]["explain"].startswith("Switches the explanations for the table")


def test_the_table_says_what_a_decisive_event_meant(service):
    code, host, tokens = pick_room(service, {"rounds": 2})
    act(service, code, host, type="start")
    assert view_of(service, code, None)["explain"]["meaning"] == ""
    play_out(service, code, tokens)
    meaning = view_of(service, code, None)["explain"]["meaning"]
    assert meaning.startswith("Whoever picked ") and meaning.endswith("scores a point.")
    assert "meaning" not in view_of(service, code, tokens[0])["explain"]


def test_off_when_created_so_and_the_view_carries_nothing(service):
    code, host, tokens = pick_room(service, {"rounds": 1, "explain": False})
    act(service, code, host, type="start")
    assert view_of(service, code, tokens[0])["explain"] is None
    assert view_of(service, code, None)["explain"] is None
    switch = [a for a in view_of(service, code, tokens[0])["actions"] if a["type"] == "explain"]
    assert switch == [{"type": "explain", "fields": {"mode": ["on"]}}]


def test_a_player_switches_their_own_phone_only(service):
    code, host, tokens = pick_room(service, {"rounds": 1})
    act(service, code, tokens[1], type="explain", mode="off")
    assert view_of(service, code, tokens[1])["explain"] is None
    assert view_of(service, code, tokens[0])["explain"] is not None
    assert view_of(service, code, None)["explain"] is not None
    act(service, code, tokens[1], type="explain", mode="on")
    assert view_of(service, code, tokens[1])["explain"] is not None


def test_the_host_switches_the_room_and_a_players_choice_stays(service):
    code, host, tokens = pick_room(service, {"rounds": 1})
    act(service, code, host, type="explain", mode="off")
    assert view_of(service, code, None)["explain"] is None
    assert view_of(service, code, tokens[0])["explain"] is None
    act(service, code, tokens[2], type="explain", mode="on")
    act(service, code, host, type="explain", mode="on")
    act(service, code, host, type="explain", mode="off")
    assert view_of(service, code, tokens[0])["explain"] is None
    assert view_of(service, code, tokens[2])["explain"] is not None, "the player's own choice"
    error = refused(service, code, tokens[0], type="explain", mode="off")
    assert error.code == "invalid_field"


def test_a_rematch_explains_no_more_but_a_new_kind_does(service):
    code, host, tokens = pick_room(service, {"rounds": 1})
    act(service, code, host, type="start")
    play_out(service, code, tokens)
    act(service, code, host, type="rematch")
    assert view_of(service, code, tokens[0])["explain"] is None
    act(service, code, host, type="new_game", game="pick", options={"rounds": 1, "explain": True})
    assert view_of(service, code, tokens[0])["explain"] is not None
    act(service, code, host, type="new_game", game="pick", options={"rounds": 1})
    assert view_of(service, code, tokens[0])["explain"] is None, "pick was played: off by default"


@pytest.mark.parametrize("bad", ["yes", 1, None, [], {"on": True}])
def test_bad_explain_settings_are_bad_options(service, bad):
    with pytest.raises(ServiceError) as caught:
        service.create_room("pick", {"rounds": 1, "explain": bad})
    assert caught.value.code == "bad_option"


def message(svc, code, token, lang="en", **action) -> dict:
    with pytest.raises(ServiceError) as caught:
        svc.act(code, token, action, lang)
    return error_answer(caught.value, lang)["error"]


def test_a_refusal_says_what_may_be_done_instead(service):
    """In explain mode the refusal's message goes on with what the seat
    may do now; the error shape stays {code, message}."""
    code, host, tokens = pick_room(service, {"rounds": 1})
    act(service, code, host, type="start")
    act(service, code, tokens[0], type="pick", number=2)
    error = message(service, code, tokens[0], type="pick", number=3)
    assert error == {"code": "already_picked", "message": (
        "You already picked. Nothing for you now: the game waits for Gregor, Petra.")}
    error = message(service, code, tokens[1], "de", type="pick", number=7)
    assert error["message"].endswith("Was du jetzt tun kannst: Zahl wählen."), error
    act(service, code, tokens[1], type="explain", mode="off")
    assert message(service, code, tokens[1], type="pick", number=7)["message"] == (
        "The value for “Number” is not allowed here."), "off: the reason alone"


@pytest.mark.parametrize("bad", ["maybe", "", True, 1, None, [], ["off"], {"mode": "off"},
                                 "off\x00", "\ud800", "o" * 5000])
def test_a_bad_switch_is_refused_and_changes_nothing(service, bad):
    code, host, tokens = pick_room(service, {"rounds": 1})
    for token in (tokens[0], host):
        error = refused(service, code, token, type="explain", mode=bad)
        assert error.code == "invalid_field" and error.status == 422
    error = refused(service, code, tokens[0], type="explain")
    assert error.code == "missing_field"


def test_the_meaning_stays_a_few_moves_and_goes_with_an_undo(service):
    code, host, tokens = pick_room(service, {"rounds": 3})
    act(service, code, host, type="start")
    play_out(service, code, tokens)
    meaning = view_of(service, code, None)["explain"]["meaning"]
    assert meaning.startswith("Whoever picked ")
    act(service, code, tokens[0], type="pick", number=1)
    act(service, code, tokens[1], type="pick", number=1)
    assert view_of(service, code, None)["explain"]["meaning"] == meaning, "two moves later"
    act(service, code, host, type="undo")
    act(service, code, host, type="undo")
    assert view_of(service, code, None)["explain"]["meaning"] == meaning
    act(service, code, host, type="undo")   # the reveal's move
    assert view_of(service, code, None)["explain"]["meaning"] == ""


def test_a_meaning_is_said_no_more_after_a_few_quiet_moves(service):
    code, host, tokens = pick_room(service, {"rounds": 2}, names=("A", "B", "C", "D", "E", "F"))
    act(service, code, host, type="start")
    play_out(service, code, tokens)
    for n, token in enumerate(list(tokens.values())[:4], 1):
        act(service, code, token, type="pick", number=1)
        said = view_of(service, code, None)["explain"]["meaning"]
        assert (said != "") == (n <= 3), (n, said)


@pytest.mark.parametrize("bad", ["yes", 0, None, [], {"on": True}, [True]])
def test_a_bad_explain_in_a_next_game_is_a_bad_option(service, bad):
    code, host, tokens = pick_room(service, {"rounds": 1})
    error = refused(service, code, host, type="new_game", game="pick",
                    options={"rounds": 1, "explain": bad})
    assert error.code == "bad_option"


def test_a_hoax_doubt_is_not_explained_by_the_event_before_it(service):
    """Issue #45: while a HOAX doubt runs, "what it meant" no longer names the
    event before it (a claim that stood, a new round): random play with
    doubts, at every doubt's first step."""
    import random

    from companion.games.base import sample_action
    created = service.create_room("hoax", {})
    tokens = {}
    for name in ("Anna", "Ben", "Cara", "Dan", "Eva"):
        joined = service.join(created["code"], name)
        tokens[joined["seat"]] = joined["token"]
    code, host = created["code"], created["host_token"]
    act(service, code, host, type="start")
    rng, doubts, before = random.Random(45), 0, None
    for _ in range(400):
        table = view_of(service, code, None)
        step = table["public"].get("step")
        if step == "doubt" and before != "doubt":
            doubts += 1
            assert table["explain"]["meaning"] == "", table["log"][-3:]
        before = step
        if table["status"] != "playing":
            break
        moves = [(token, tpl) for token in tokens.values()
                 for tpl in view_of(service, code, token)["actions"] if tpl["type"] not in
                 ("rename", "explain", "leave")]
        opening = [m for m in moves if m[1]["type"] == "doubt"]
        required = [m for m in moves if m[1].get("required")]
        token, tpl = rng.choice(opening if opening and rng.random() < 0.5 else required or moves)
        try:
            act(service, code, token, **sample_action(tpl, rng))
        except ServiceError:
            pass
    assert doubts >= 3


def test_an_eselsbruecke_question_is_not_explained_by_the_event_before_it(service):
    """Issue #40: during a near miss's question the table still said "What it
    meant: All stories are told…".  Random play of both decks whose names
    are often near misses (a held card's term with an "s") and whose wrong
    names are often appealed: at every question's first step (a near miss
    or an appeal) the table says no meaning of an earlier event."""
    import random

    from companion.games.base import sample_action
    from companion.rooms import decode
    questions = told_last = 0
    for seed, deck in enumerate(("physical", "digital", "physical")):
        created = service.create_room("eselsbruecke", {"deck": deck})
        code, host = created["code"], created["host_token"]
        tokens = {}
        for name in ("Anna", "Ben", "Cara", "Dan")[:3 + seed % 2]:
            joined = service.join(code, name)
            tokens[joined["seat"]] = joined["token"]
        act(service, code, host, type="start")
        rng, asked, laid = random.Random(40 + seed), None, 0
        for _ in range(400):
            table = view_of(service, code, None)
            if table["status"] != "playing":
                break
            question = table["public"].get("question")
            if question and asked is None:
                questions += 1
                assert table["explain"]["meaning"] == "", (question, table["log"][-4:])
            told_last += table["explain"]["meaning"].startswith("All stories are told")
            asked = question
            state = decode(service.store.load(code)[0])["state"]
            offered = [(seat, token, tpl) for seat, token in tokens.items()
                       for tpl in view_of(service, code, token)["actions"]]
            appeals = [m for m in offered if m[2]["type"] == "appeal"]
            moves = [m for m in offered if m[2].get("required")]
            seat, token, tpl = rng.choice(appeals if appeals and rng.random() < 0.5 else moves)
            action = sample_action(tpl, rng)
            if tpl["type"] == "lay" and deck == "physical":
                laid += 1
                action["term"] = f"thing{laid}"
            if tpl["type"] == "name":
                held = [c["term"] for c in state["res"]["cards"]
                        if c["holder"] != seat and c["taken_by"] is None]
                if held and rng.random() < 0.7:
                    action["term"] = rng.choice(held) + "s"
            try:
                act(service, code, token, **action)
            except ServiceError:
                pass
    assert questions >= 10 and told_last >= 3


def test_an_appeal_asking_the_player_on_turn_ends_the_meaning_before_it(service):
    """Issue #40: a question that asks only the player the game already
    waited for (Ben, on turn, holds the only untaken cards when Anna
    appeals her wrong name) makes the game wait for a new move, not a new
    player: the table no longer says what the wrong name meant."""
    from companion.rooms import decode
    created = service.create_room("eselsbruecke", {"deck": "physical"})
    code, host = created["code"], created["host_token"]
    tokens = {}
    for name in ("Anna", "Ben", "Cara"):
        joined = service.join(code, name)
        tokens[joined["seat"]] = joined["token"]
    act(service, code, host, type="start")
    laid = 0
    while view_of(service, code, None)["public"]["phase"] == "telling":
        laid += 1
        act(service, code, tokens[view_of(service, code, None)["public"]["turn"]], type="lay",
            term=f"thing{laid}")
    anna, ben, cara = sorted(tokens)

    def cards(holder):
        res = decode(service.store.load(code)[0])["state"]["res"]
        return [c["term"] for c in res["cards"] if c["holder"] == holder and c["taken_by"] is None]

    def turn():
        return view_of(service, code, None)["public"]["turn"]

    # Cara's cards are all won (Anna, Ben, Anna), while Cara wins one of Anna's;
    # then Ben wins another of Anna's, Cara passes, and Anna's name is wrong
    assert turn() == anna and len(cards(cara)) == 3
    act(service, code, tokens[anna], type="name", term=cards(cara)[0])
    act(service, code, tokens[ben], type="name", term=cards(cara)[0])
    act(service, code, tokens[cara], type="name", term=cards(anna)[0])
    act(service, code, tokens[anna], type="name", term=cards(cara)[0])
    assert cards(cara) == [] and turn() == ben
    act(service, code, tokens[ben], type="name", term=cards(anna)[0])
    act(service, code, tokens[cara], type="pass")
    act(service, code, tokens[anna], type="name", term="nothing like it")   # wrong
    assert turn() == ben and view_of(service, code, None)["explain"]["meaning"].startswith("No card for Anna")
    act(service, code, tokens[anna], type="appeal")
    table = view_of(service, code, None)
    assert table["public"]["question"]["asked"] == [ben]
    assert table["explain"]["meaning"] == ""
