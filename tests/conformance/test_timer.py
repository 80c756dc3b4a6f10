"""The host's per-step timer (issue #28) through the one referee path on a
real SQLite store: set, pause, resume, restart per step, undo, bad input in
the one error shape, and the running points in the view."""
from __future__ import annotations

import pytest

from companion import rooms
from companion.errors import CODES, ServiceError, error_answer
from companion.service import Service
from companion.store.sqlite import SqliteStore


@pytest.fixture
def service(tmp_path):
    svc = Service(SqliteStore(str(tmp_path / "rooms.sqlite3")), action_rate=0)
    yield svc
    svc.store.close()


def pick_room(svc, options=None, names=("Sylvia", "Gregor", "Petra")):
    created = svc.create_room("pick", options or {"rounds": 3})
    tokens = {}
    for name in names:
        joined = svc.join(created["code"], name)
        tokens[joined["seat"]] = joined["token"]
    return created["code"], created["host_token"], tokens


def act(svc, code, token, **action):
    return svc.act(code, token, action, "en")["view"]


def refused(svc, code, token, **action) -> ServiceError:
    before = svc.store.load(code)
    with pytest.raises(ServiceError) as caught:
        svc.act(code, token, action, "en")
    assert svc.store.load(code) == before, "a refusal changed the room"
    error = caught.value
    assert error.code in CODES
    for lang in ("en", "de"):
        message = error_answer(error, lang)["error"]["message"]
        assert message and "error." not in message and "{" not in message, message
    return error


#: deadlines and the server's clock are kept to the millisecond, each rounded
#: on its own: a difference of the two may be off by one millisecond either way
MS = 0.002


def left(view) -> float:
    timer = view["timer"]
    if timer["paused_left"] is not None:
        return timer["paused_left"]
    return timer["deadline"] - timer["server_now"]


def test_off_by_default_and_set_from_the_host_tools(service):
    code, host, tokens = pick_room(service)
    view = act(service, code, host, type="start", first=0)
    assert view["timer"] is None
    assert "timer_pause" not in [a["type"] for a in view["actions"]]
    view = act(service, code, host, type="timer", seconds=30)
    assert view["timer"]["seconds"] == 30 and view["timer"]["paused_left"] is None
    assert 29 <= left(view) <= 30 + MS
    assert view["timer"]["server_now"] <= view["timer"]["deadline"]
    assert "timer_pause" in [a["type"] for a in view["actions"]]
    # every audience sees the same clock
    for token in [None, *tokens.values()]:
        assert service.view(code, token, "de")["timer"]["deadline"] == view["timer"]["deadline"]
    view = act(service, code, host, type="timer", seconds=0)
    assert view["timer"] is None


def test_a_room_created_with_a_timer(service):
    code, host, _ = pick_room(service, {"rounds": 2, "timer": 120})
    view = service.view(code, host, "en")
    assert view["status"] == "lobby"
    assert view["options"] == {"rounds": 2}          # the game's options stay the game's
    assert view["timer"]["seconds"] == 120 and view["timer"]["deadline"] is None   # nobody awaited yet
    view = act(service, code, host, type="start", first=0)
    assert 119 <= left(view) <= 120 + MS


@pytest.mark.parametrize("bad", [[30], {"s": 30}, 10**30, "30", 5, 3601, -1, True, None, 30.5])
def test_bad_timer_at_creation_is_a_bad_option(service, bad):
    with pytest.raises(ServiceError) as caught:
        service.create_room("pick", {"timer": bad})
    assert caught.value.code == "bad_option" and caught.value.status == 422


@pytest.mark.parametrize("bad", [[30], {"s": 30}, 10**30, "30", 5, 3601, -1, True, None, 30.5, ""])
def test_bad_seconds_are_refused_and_change_nothing(service, bad):
    code, host, _ = pick_room(service)
    act(service, code, host, type="start", first=0)
    error = refused(service, code, host, type="timer", seconds=bad)
    assert (error.code, error.status) == ("invalid_field", 422)
    error = refused(service, code, host, type="timer")
    assert (error.code, error.status) == ("missing_field", 422)


def test_only_the_host_sets_pauses_and_resumes(service):
    code, host, tokens = pick_room(service)
    act(service, code, host, type="start", first=0)
    act(service, code, host, type="timer", seconds=60)
    for action in ({"type": "timer", "seconds": 30}, {"type": "timer_pause"}, {"type": "timer_resume"}):
        error = refused(service, code, tokens[0], **action)
        assert (error.code, error.status) == ("host_only", 403)
        with pytest.raises(ServiceError) as caught:
            service.act(code, None, action, "en")
        assert caught.value.code == "missing_token"


def test_pause_and_resume_refuse_what_is_not_now(service):
    code, host, _ = pick_room(service)
    act(service, code, host, type="start", first=0)
    assert refused(service, code, host, type="timer_pause").code == "timer_off"
    assert refused(service, code, host, type="timer_resume").code == "timer_off"
    act(service, code, host, type="timer", seconds=60)
    assert refused(service, code, host, type="timer_resume").code == "timer_running"
    act(service, code, host, type="timer_pause")
    assert refused(service, code, host, type="timer_pause").code == "timer_paused"
    assert refused(service, code, host, type="timer_pause").status == 409


def test_pause_keeps_the_rest_and_resume_goes_on_from_it(service):
    code, host, _ = pick_room(service)
    act(service, code, host, type="start", first=0)
    act(service, code, host, type="timer", seconds=300)
    paused = act(service, code, host, type="timer_pause")
    rest = paused["timer"]["paused_left"]
    assert paused["timer"]["deadline"] is None and 299 <= rest <= 300 + MS
    # a paused clock does not move: the same rest in every later view
    assert service.view(code, None, "en")["timer"]["paused_left"] == rest
    resumed = act(service, code, host, type="timer_resume")
    assert resumed["timer"]["paused_left"] is None
    assert rest - 1 <= left(resumed) <= rest + MS
    assert resumed["version"] == paused["version"] + 1


def test_the_clock_starts_again_when_the_game_moves_on(service):
    code, host, tokens = pick_room(service)
    act(service, code, host, type="start", first=0)
    act(service, code, host, type="timer", seconds=30)
    act(service, code, host, type="timer_pause")
    room = service.load(code)
    room["timer"]["paused_left"] = 7.5            # as if 22.5 s had gone by
    rooms_body = {k: v for k, v in room.items() if k != "log"}
    service.store.save(code, rooms.encode(rooms_body), room["version"] + 1, room["version"], None, [])
    assert service.view(code, None, "en")["timer"]["paused_left"] == 7.5
    # the same step (a rename): the clock keeps its rest
    view = act(service, code, tokens[1], type="rename", name="Grégor")
    assert view["timer"]["paused_left"] == 7.5
    # a pick: fewer seats awaited, a new step with the full time (still paused)
    view = act(service, code, tokens[0], type="pick", number=1)
    assert view["waiting"] == [1, 2]
    assert view["timer"]["paused_left"] == 30
    # running: a new step gets a new deadline
    view = act(service, code, host, type="timer_resume")
    first = view["timer"]["deadline"]
    view = act(service, code, tokens[1], type="pick", number=2)
    assert view["timer"]["deadline"] >= first
    assert 29 <= left(view) <= 30 + MS
    # time running out changes nothing in the game: the host decides
    assert view["waiting"] == [2] and view["status"] == "playing"


def test_undo_restores_the_clock_of_the_undone_step(service):
    code, host, tokens = pick_room(service)
    act(service, code, host, type="start", first=0)
    act(service, code, host, type="timer", seconds=30)
    act(service, code, host, type="timer_pause")
    room = service.load(code)
    room["timer"]["paused_left"] = 12.25          # this step has 12.25 s left
    service.store.save(code, rooms.encode({k: v for k, v in room.items() if k != "log"}),
                       room["version"] + 1, room["version"], None, [])
    view = act(service, code, tokens[0], type="pick", number=1)
    assert view["timer"]["paused_left"] == 30      # the next step, afresh
    view = act(service, code, host, type="undo")
    assert view["waiting"] == [0, 1, 2]
    assert view["timer"]["paused_left"] == 12.25   # the undone step's rest
    assert view["timer"]["seconds"] == 30
    # a running clock comes back running with the rest it had
    view = act(service, code, host, type="timer_resume")
    view = act(service, code, tokens[0], type="pick", number=1)
    view = act(service, code, host, type="undo")
    assert view["timer"]["paused_left"] is None and 11 <= left(view) <= 12.25 + MS


def test_undo_does_not_take_back_the_hosts_timer_actions(service):
    code, host, tokens = pick_room(service)
    act(service, code, host, type="start", first=0)
    act(service, code, tokens[0], type="pick", number=1)
    act(service, code, host, type="timer", seconds=60)
    act(service, code, host, type="timer_pause")
    view = act(service, code, host, type="undo")   # takes back the pick
    assert view["waiting"] == [0, 1, 2]
    assert view["timer"]["seconds"] == 60          # the setting stays
    assert view["timer"]["paused_left"] == 60      # the pick came before any clock: a fresh, paused step


def test_nobody_awaited_no_clock(service):
    code, host, tokens = pick_room(service, {"rounds": 1, "timer": 30})
    act(service, code, host, type="start", first=0)
    for seat in tokens:
        view = act(service, code, tokens[seat], type="pick", number=1)
    assert view["status"] == "finished"
    assert view["timer"]["deadline"] is None and view["timer"]["paused_left"] is None


def test_points_grow_with_scoring_not_with_every_move(service):
    code, host, tokens = pick_room(service, {"rounds": 3})
    view = act(service, code, host, type="start", first=0)
    assert view["status"] == "playing"
    assert view["points"] == [{"move": 0, "scores": {"0": 0, "1": 0, "2": 0}}]
    lengths = []
    for number in (1, 1, 1):   # sum 3: target (3 mod 3) + 1 = 1, everyone scores
        view = act(service, code, tokens[len(lengths)], type="pick", number=number)
        lengths.append(len(view["points"]))
    assert lengths == [1, 1, 2]                    # only the reveal changed the scores
    assert view["points"][-1]["scores"] == {"0": 1, "1": 1, "2": 1}
    for token in (None, host, tokens[0]):          # public: the same for everyone
        assert service.view(code, token, "en")["points"] == view["points"]
    # undo takes a scoring move back out of the chart
    view = act(service, code, host, type="undo")
    assert len(view["points"]) == 1


def test_the_clock_survives_a_restart_of_the_server(tmp_path):
    """The timer lives in the stored room: a new process on the same file
    (a new Service and store, as ``companion serve`` starts them) serves
    the same deadline and the same paused rest."""
    db = str(tmp_path / "rooms.sqlite3")
    first = Service(SqliteStore(db), action_rate=0)
    code, host, tokens = pick_room(first)
    act(first, code, host, type="start", first=0)
    running = act(first, code, host, type="timer", seconds=120)["timer"]
    first.store.close()
    second = Service(SqliteStore(db), action_rate=0)
    again = second.view(code, tokens[0], "en")["timer"]
    assert again["deadline"] == running["deadline"] and again["seconds"] == 120
    paused = act(second, code, host, type="timer_pause")["timer"]["paused_left"]
    second.store.close()
    third = Service(SqliteStore(db), action_rate=0)
    assert third.view(code, None, "de")["timer"]["paused_left"] == paused
    third.store.close()
