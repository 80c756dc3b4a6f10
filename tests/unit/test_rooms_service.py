"""Pure unit tests of rooms and the service logic (no transport)."""
from __future__ import annotations

import random
import time
from types import SimpleNamespace

import pytest

from companion import gameplay, lobby, room_cache, rooms
from companion.errors import ServiceError
from companion.games.base import match_action, sample_action, template
from companion.service import Service
from companion.store import sqlite as sqlite_store
from companion.store.sqlite import SqliteStore


def test_codes_have_no_look_alikes_and_tokens_are_long():
    codes = {rooms.new_code() for _ in range(2000)}
    assert all(len(c) == 5 and not set(c) & set("IO01LUV") for c in codes)
    assert len(codes) > 1990
    token = rooms.new_token()
    assert len(token) >= 32 and rooms.token_hash(token) != token


def test_clean_name():
    assert rooms.clean_name("  Petra \n  K. ") == "Petra K."
    assert rooms.clean_name("\x00\x07") == ""
    assert rooms.clean_name(None) == ""


@pytest.mark.parametrize("spec,good,bad", [
    ([1, 2], [1, 2], [3, True, "1"]),
    ({"kind": "text", "max": 5}, ["ab", ""], ["abcdef", 3]),
    ({"kind": "text", "min": 1, "max": 5}, ["a"], ["", "   "]),
    ({"kind": "int", "min": 1, "max": 3}, [1, 3], [0, 4, 2.0, True]),
    ({"kind": "subset", "of": ["a", "b", "c"], "size": 2}, [["a", "b"]], [["a"], ["a", "a"], ["a", "d"]]),
    ({"kind": "order", "of": [3, 1, 2]}, [[1, 2, 3]], [[1, 2], [1, 1, 2], [1, 2, 4]]),
])
def test_match_action_fields(spec, good, bad):
    templates = [template("x", f=spec)]
    for value in good:
        assert match_action(templates, {"type": "x", "f": value})[0] is not None
    for value in bad:
        assert match_action(templates, {"type": "x", "f": value}) == (None, "f")
    assert match_action(templates, {"type": "y"}) == (None, None)


def test_sample_action_is_admitted():
    rng = random.Random(3)
    specs = [[1, 2], {"kind": "text", "max": 12, "optional": True}, {"kind": "int", "min": 2, "max": 4},
             {"kind": "subset", "of": [1, 2, 3], "size": 2}, {"kind": "order", "of": [1, 2]}]
    tpl = template("x", **{f"f{i}": s for i, s in enumerate(specs)})
    for _ in range(200):
        assert match_action([tpl], sample_action(tpl, rng))[0] is tpl


@pytest.fixture
def svc(tmp_path):
    pushed = []
    s = Service(SqliteStore(str(tmp_path / "r.sqlite3")), action_rate=0)
    s.push = lambda views, fresh: pushed.extend(views)
    s.pushed = pushed
    return s


def test_service_round_trip_and_push_after_store(svc):
    created = svc.create_room("pick", {"rounds": 1})
    code, host = created["code"], created["host_token"]
    a = svc.join(code, "Sylvia")
    svc.join(code, "Gregor")
    svc.connect(code, a["token"], "sid-a", "en")
    svc.pushed.clear()
    answer = svc.act(code, host, {"type": "start", "first": 0}, "en")
    assert answer["ok"] and answer["view"]["status"] == "playing"
    # what was pushed is what the store now holds
    (sid, pushed_view), = svc.pushed
    assert sid == "sid-a" and pushed_view["version"] == svc.load(code)["version"]
    assert pushed_view["you"]["seat"] == 0


def test_a_socket_connecting_while_a_seat_joins_gets_the_join(svc, monkeypatch):
    """A join stored between the connecting socket's read of the room and
    its presence (another request, another process) reaches that socket:
    a table page must not wait on a lobby it never sees (a flaky browser
    test found it)."""
    created = svc.create_room("pick", {"rounds": 1})
    code = created["code"]
    svc.join(code, "Sylvia")
    add = svc.store.presence_add

    def join_first(*args):   # the join lands just before this socket is present
        monkeypatch.setattr(svc.store, "presence_add", add)
        svc.join(code, "Gregor")
        add(*args)
    monkeypatch.setattr(svc.store, "presence_add", join_first)
    svc.pushed.clear()
    svc.connect(code, None, "table", "en")
    newest = max(view["version"] for sid, view in svc.pushed if sid == "table")
    assert newest == svc.load(code)["version"]


def test_an_action_is_judged_on_the_state_after_the_one_before(svc):
    """An action loaded before the previous one was stored (it waited for
    the room's lock) is applied to the stored state, never to its stale
    copy: a stale copy could refuse what the rules now allow."""
    created = svc.create_room("pick", {"rounds": 2})
    code, host = created["code"], created["host_token"]
    a = svc.join(code, "Sylvia")
    svc.join(code, "Gregor")
    svc.act(code, host, {"type": "start"}, "en")
    stale = svc.load(code)
    svc.act(code, a["token"], {"type": "pick", "number": 1}, "en")
    seen = {}
    svc._change(code, lambda room: seen.setdefault("picks", dict(room["state"]["picks"])),
                loaded=stale)
    assert seen["picks"] == {"0": 1}


def test_an_action_is_matched_against_the_templates_its_view_showed(svc, monkeypatch):
    """A connected seat's action is matched against the templates of the
    view the last broadcast built for it, not built again; templates kept
    at an older version than the stored one are not used."""
    # explain mode off: its refusals would build the refused seat's templates once more
    created = svc.create_room("pick", {"rounds": 2, "explain": False})
    code, host = created["code"], created["host_token"]
    a = svc.join(code, "Sylvia")
    b = svc.join(code, "Gregor")
    svc.join(code, "Petra")   # a third seat: two picks leave the round open
    svc.connect(code, a["token"], "sid-a", "en")
    svc.connect(code, b["token"], "sid-b", "en")
    svc.act(code, host, {"type": "start"}, "en")
    built = []
    real = lobby.templates_for
    monkeypatch.setattr(lobby, "templates_for",
                        lambda room, kind, seat, *given: built.append((kind, seat)) or real(room, kind, seat, *given))
    svc.act(code, a["token"], {"type": "pick", "number": 1}, "en")
    assert sorted(built) == [("seat", 0), ("seat", 1)]   # the two views pushed; none to match
    other = Service(svc.store, action_rate=0)   # another process: svc's kept templates are old
    other.act(code, b["token"], {"type": "pick", "number": 2}, "en")
    built.clear()
    with pytest.raises(ServiceError) as refused:
        svc.act(code, b["token"], {"type": "pick", "number": 3}, "en")
    assert refused.value.code == "already_picked" and built == [("seat", 1)]


def test_refused_action_stores_nothing_and_pushes_nothing(svc):
    code = svc.create_room("pick", {})["code"]
    a = svc.join(code, "Sylvia")
    svc.connect(code, a["token"], "sid-a", "en")
    svc.pushed.clear()
    before = svc.store.load(code)
    with pytest.raises(ServiceError) as refused:
        svc.act(code, a["token"], {"type": "start"}, "en")
    assert refused.value.status == 403
    assert svc.store.load(code) == before and svc.pushed == []


def test_options_validated_against_schema(svc):
    with pytest.raises(ServiceError):
        svc.create_room("pick", {"rounds": "three"})
    with pytest.raises(ServiceError):
        svc.create_room("pick", {"colour": 1})
    with pytest.raises(ServiceError):
        svc.create_room("pick", [1])
    assert lobby.validate_options(__import__("companion.games", fromlist=["get"]).get("pick"), None) == {"rounds": 1}


def test_log_keeps_params_and_renders_per_language(svc):
    code = svc.create_room("pick", {})["code"]
    a = svc.join(code, "Sylvia")
    room = svc.load(code)
    assert room["log"][-1]["key"] == "log.joined" and room["log"][-1]["params"] == {"name": "Sylvia"}
    assert svc.view(code, a["token"], "de")["log"][-1]["text"] == "Sylvia setzt sich dazu."
    assert svc.view(code, a["token"], "en")["log"][-1]["text"] == "Sylvia sits down."


def test_undo_steps_live_beside_the_room_and_undo_restores_exactly(svc):
    created = svc.create_room("pick", {"rounds": 2})
    code, host = created["code"], created["host_token"]
    a, _ = svc.join(code, "Sylvia"), svc.join(code, "Gregor")
    svc.act(code, host, {"type": "start", "first": 0}, "en")
    before = svc.load(code)
    svc.act(code, a["token"], {"type": "pick", "number": 2}, "en")
    body, _ = svc.store.load(code)
    assert "history" not in rooms.decode(body) and svc.store.last_undo(code)
    assert svc.load(code)["undo_n"] == 2   # the start and the pick
    svc.act(code, host, {"type": "undo"}, "en")
    after = svc.load(code)
    for key in gameplay.GAME_KEYS:
        assert after[key] == before[key], key
    assert after["undo_n"] == 1
    svc.act(code, host, {"type": "undo"}, "en")   # the start
    assert svc.load(code)["status"] == "lobby" and svc.store.last_undo(code) is None
    with pytest.raises(ServiceError) as refused:
        svc.act(code, host, {"type": "undo"}, "en")
    assert refused.value.code == "nothing_to_undo"


def test_two_services_on_one_store_see_each_others_log_lines(tmp_path):
    """Each process keeps the log lines it has read and reads only newer
    ones: lines another process added arrive, a namesake room is read anew."""
    path = str(tmp_path / "shared.sqlite3")
    first = Service(SqliteStore(path), action_rate=0)
    second = Service(SqliteStore(path), action_rate=0)
    created = first.create_room("pick", {"rounds": 2})
    code = created["code"]
    first.join(code, "Sylvia")
    second.join(code, "Gregor")
    assert first.load(code)["log"] == second.load(code)["log"]
    first.act(code, created["host_token"], {"type": "start", "first": 0}, "en")
    texts = [entry["key"] for entry in second.load(code)["log"]]
    assert texts[:3] == ["log.room_created", "log.joined", "log.joined"]
    assert "log.started" in texts and second.load(code)["log"] == first.load(code)["log"]
    # the room expires and another of the same code is made: no old line survives
    first.store._db.execute("DELETE FROM rooms WHERE code = ?", (code,))
    room = rooms.new_room(code, "pick", {}, "host")
    rooms.add_log(room, "log.room_created", {"room": code, "game": {"text": "title"}}, game="pick")
    body = rooms.encode({key: value for key, value in room.items() if key != "log"})
    assert first.store.create(code, body, [(1, rooms.encode(room["log"][0]))])
    for service_ in (first, second):
        assert [entry["n"] for entry in service_.load(code)["log"]] == [1]


def test_a_rename_renders_again_only_the_lines_that_name_the_seat(svc):
    created = svc.create_room("pick", {"rounds": 2})
    code, host = created["code"], created["host_token"]
    a, b = svc.join(code, "Sylvia"), svc.join(code, "Gregor")
    svc.act(code, host, {"type": "start", "first": 0}, "en")
    svc.act(code, a["token"], {"type": "pick", "number": 1}, "en")
    svc.act(code, b["token"], {"type": "pick", "number": 2}, "en")
    before = {line["n"]: line for line in svc.view(code, None, "en")["log"]}
    svc.act(code, a["token"], {"type": "rename", "name": "Sylvie"}, "en")
    after = {line["n"]: line for line in svc.view(code, None, "en")["log"]}
    texts = [after[n]["text"] for n in before]
    assert "Sylvie has picked." in texts and "Gregor has picked." in texts
    assert "Sylvia has picked." not in texts
    assert "Sylvia sits down." in texts   # a name given as it was, not a seat
    # lines that name no renamed seat are the very lines rendered before
    kept = [n for n in before if "picked" not in before[n]["text"] or "Gregor" in before[n]["text"]]
    assert kept and all(after[n] is before[n] for n in kept)


def test_rooms_dealt_from_one_seed_never_share_log_lines(svc, monkeypatch):
    """Rendered log lines are kept per room: two rooms with the same seed
    (tests seed their deals) each read their own lines.  Keyed by the seed
    alone, a Haiclue room once showed a HOAX room's private lines."""
    monkeypatch.setattr(rooms.secrets, "token_hex", lambda size=16: "0" * (2 * size))
    texts = {}
    for name in ("Sylvia", "Gregor"):
        created = svc.create_room("pick", {"rounds": 2})
        code = created["code"]
        svc.join(code, name)
        texts[name] = [line["text"] for line in svc.view(code, None, "en")["log"]]
        assert texts[name] == [f"Room {code} opened for Pick.", f"{name} sits down."], texts


def test_a_process_keeps_as_many_log_lines_as_the_store(svc):
    """Each load copies the room's kept lines (rooms.add_log trims them):
    they stop at LOG_MAX, as in the store, and the views are those of a
    process that kept none."""
    from companion.rooms import LOG_MAX
    created = svc.create_room("pick", {"rounds": 1})
    code = created["code"]
    a = svc.join(code, "Sylvia")
    for n in range(LOG_MAX + 20):
        svc.act(code, a["token"], {"type": "rename", "name": f"Sylvia {n}"}, "en")
    assert len(svc.cache._logs.get(code)[2]) == LOG_MAX
    assert len(svc.load(code)["log"]) == LOG_MAX
    fresh = Service(svc.store, action_rate=0)
    assert svc.view(code, a["token"], "en") == fresh.view(code, a["token"], "en")


def test_views_carry_the_score_history_during_and_after_the_game(svc):
    """``points`` feeds the running chart during play and the chart at a
    game's end (issue #28): one entry per change of the scores, so it grows
    with scoring moves, not with every move."""
    created = svc.create_room("pick", {"rounds": 2})
    code, host = created["code"], created["host_token"]
    a, b = svc.join(code, "Sylvia"), svc.join(code, "Gregor")
    svc.act(code, host, {"type": "start"}, "en")
    for _ in range(2):   # 1 + 2: target (3 mod 3) + 1 = 1, so Sylvia scores each round
        half = svc.act(code, a["token"], {"type": "pick", "number": 1}, "en")["view"]
        last = svc.act(code, b["token"], {"type": "pick", "number": 2}, "en")["view"]
        assert len(last["points"]) == len(half["points"]) + 1   # the reveal scored; the pick did not
        if last["status"] == "playing":
            assert last["seats"][0]["score"] == 1
            assert [entry["scores"] for entry in last["points"]] == [
                {str(a["seat"]): 0, str(b["seat"]): 0}, {str(a["seat"]): 1, str(b["seat"]): 0}]
            assert svc.view(code, None, "en")["points"] == last["points"]
    assert last["status"] == "finished"
    assert [entry["scores"] for entry in last["points"]][-1] == {str(a["seat"]): 2, str(b["seat"]): 0}
    assert svc.view(code, None, "en")["points"] == last["points"]


def test_a_load_of_the_version_a_process_holds_reads_the_body_alone(svc):
    """A process that wrote (or read) a room's version last reads only the
    body while that version is the stored one; once another process has
    stored a change, the next load reads the lines it added."""
    created = svc.create_room("pick", {"rounds": 1})
    code = created["code"]
    a = svc.join(code, "Sylvia")
    svc.act(code, a["token"], {"type": "rename", "name": "Sylvana"}, "en")
    statements: list[str] = []
    svc.store._db.set_trace_callback(statements.append)
    held = svc.load(code)
    assert len(statements) == 1 and "FROM log" not in statements[0]
    other = Service(svc.store, action_rate=0)
    other.act(code, a["token"], {"type": "rename", "name": "Sylvia"}, "en")
    statements.clear()
    loaded = svc.load(code)
    assert any("FROM log" in s for s in statements)
    assert loaded["log"] == other.load(code)["log"] and len(loaded["log"]) == len(held["log"]) + 1
    loaded["log"].append({"n": 0})   # a room's own list: the kept lines stay as stored
    assert svc.load(code)["log"] == other.load(code)["log"]


def test_a_body_put_back_shows_none_of_the_later_lines(svc):
    """Test harnesses put a room's body back to an earlier version (the
    fuzzer does): the log lines written after it are not shown, and the next
    lines replace them."""
    created = svc.create_room("pick", {"rounds": 2})
    code = created["code"]
    svc.join(code, "Sylvia")
    body, version = svc.store.load(code)
    svc.join(code, "Gregor")
    svc.join(code, "Petra")
    assert svc.store.save(code, body, version + 10, version + 2)   # back to one seat
    for service_ in (svc, Service(svc.store, action_rate=0)):     # with and without lines kept
        keys = [entry["key"] for entry in service_.load(code)["log"]]
        assert keys == ["log.room_created", "log.joined"]
    svc.join(code, "Anna")
    texts = [line["text"] for line in svc.view(code, None, "en")["log"]]
    assert texts[-1] == "Anna sits down." and "Petra sits down." not in texts


def test_a_late_arrival_may_be_removed_during_a_game_a_player_is_told_why_not(svc):
    """Issue #25: the host may take a seat out of a running game where the
    rules allow; a player of the running game stays, and the host is told
    why in the game's words (else the platform's)."""
    from companion.errors import ServiceError
    created = svc.create_room("haiclue", {})
    code, host = created["code"], created["host_token"]
    seats = [svc.join(code, name)["seat"] for name in ("Anna", "Ben")]
    svc.act(code, host, {"type": "start"}, "en")
    late = svc.join(code, "Cleo")["seat"]
    kick = [t for t in svc.view(code, host, "en")["actions"] if t["type"] == "kick"]
    assert kick and set(kick[0]["fields"]["seat"]) == {*seats, late}
    with pytest.raises(ServiceError) as refused:
        svc.act(code, host, {"type": "kick", "seat": seats[1]}, "de")
    assert refused.value.code == "kick_in_game" and refused.value.game == "haiclue"
    from companion.errors import error_answer
    message = error_answer(refused.value, "de")["error"]["message"]
    assert "Haiclue" in message and "Ben" in message
    answer = svc.act(code, host, {"type": "kick", "seat": late}, "en")
    assert [s["name"] for s in answer["view"]["spectators"]] == []


def serve_rooms(service: Service, count: int) -> list[str]:
    """Rooms as a process serves them: made, sat at, acted in, viewed."""
    codes = []
    for n in range(count):
        code = service.create_room("pick", {"rounds": 1})["code"]
        seat = service.join(code, f"Sylvia {n}")
        service.act(code, seat["token"], {"type": "rename", "name": f"Sylvie {n}"}, "en")
        codes.append(code)
    return codes


def kept_rooms(service: Service) -> set[str]:
    """The room codes any of the process's per-room caches holds."""
    cache = service.cache
    return {code for kept in (cache._locks, cache._saved, cache._logs, cache._templates)
            for code in kept}


class Clock:
    """The clock of the store and of the process's room caches, moved by
    the test: an expiry without waiting for it (no timed assertion)."""

    def __init__(self):
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def test_a_process_forgets_the_rooms_it_served_once_they_expire(tmp_path, monkeypatch):
    """A room idle past the store's expiry is gone from the store, so the
    process keeps nothing of it either: its memory is bounded by the rooms
    still alive, not by every room it ever served."""
    clock = Clock()
    monkeypatch.setattr(sqlite_store, "time", SimpleNamespace(time=clock, sleep=time.sleep))
    monkeypatch.setattr(room_cache, "time", SimpleNamespace(monotonic=clock, sleep=time.sleep))
    store = SqliteStore(str(tmp_path / "r.sqlite3"))
    store.idle_seconds = 60
    svc = Service(store, action_rate=0)
    served = serve_rooms(svc, 30)
    assert set(served) <= kept_rooms(svc)
    clock.now += 59
    serve_rooms(svc, 1)
    assert set(served) <= kept_rooms(svc)   # not yet expired
    clock.now += 61   # every room served so far has expired
    alive = serve_rooms(svc, 1)
    assert kept_rooms(svc) == set(alive)


def test_a_game_ended_by_the_host_shows_its_sealed_rule(svc):
    """Issue #27: every way a round ends shows the rule, the host's end of
    the game included (What the Rule?! with the app as game master)."""
    created = svc.create_room("what_the_rule", {"master": "app"})
    code, host = created["code"], created["host_token"]
    for name in ("Anna", "Ben"):
        svc.join(code, name)
    svc.act(code, host, {"type": "start"}, "en")
    svc.act(code, host, {"type": "draw_rule", "level": 1}, "en")
    view = svc.act(code, host, {"type": "end"}, "en")["view"]
    last = view["public"]["results"][-1]
    assert last["reason"] == "ended" and last["rule"]["kind"] == "deck"
    assert any("rule" in line["text"].lower() and last["rule"]["rule"] in line["text"]
               for line in view["log"]), [line["text"] for line in view["log"][-4:]]
    assert view["status"] == "finished" and view["winners"] == []


def test_costly_requests_slow_only_their_sender(tmp_path):
    """Issue #39: an action pays one token per 10 ms of CPU it cost, refused
    or not, so one seat sending costly requests (a long rule, a hostile
    guess) is slowed, and only that seat: another seat of the same room
    acts at once.  The CPU clock is injected: each action "costs" 250 ms
    (two readings 0.25 s apart: 25 tokens of a burst of 60)."""
    readings = iter(i * 0.25 for i in range(1000))
    svc = Service(SqliteStore(str(tmp_path / "r.sqlite3")), action_rate=20, action_burst=60,
                  cpu_clock=lambda: next(readings))
    created = svc.create_room("pick", {})
    code, host = created["code"], created["host_token"]
    sylvia, gregor = (svc.join(code, name) for name in ("Sylvia", "Gregor"))
    svc.act(code, host, {"type": "start", "first": sylvia["seat"]}, "en")
    for _ in range(3):   # refused moves cost too: 25 tokens each
        with pytest.raises(ServiceError) as refused:
            svc.act(code, sylvia["token"], {"type": "pick", "number": 99}, "en")
        assert refused.value.code != "too_many"
    with pytest.raises(ServiceError) as slowed:
        svc.act(code, sylvia["token"], {"type": "pick", "number": 1}, "en")
    assert slowed.value.code == "too_many" and slowed.value.retry_after >= 1
    assert svc.act(code, gregor["token"], {"type": "pick", "number": 2}, "en")["ok"]
    svc.store.close()
