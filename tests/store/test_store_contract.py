"""The store contract (companion/store/base.py), one suite for both back
ends, then the service's "nothing is lost" promise on top of each store."""
from __future__ import annotations

import json
import sqlite3
import threading
import time

import pytest

from companion import rooms
from companion.rooms import IDLE_SECONDS
from companion.service import Service

CODE = "KQZTB"
WRITERS = 50


def body(**fields) -> str:
    return json.dumps({"code": CODE, **fields}, sort_keys=True)


def poll(predicate, timeout=5.0, step=0.02):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


# --- rooms: create, load, compare-and-set -----------------------------------

def test_create_then_load_at_version_zero(store):
    assert store.create(CODE, body(n=1)) is True
    assert store.load(CODE) == (body(n=1), 0)


def test_create_refuses_a_taken_code_and_keeps_the_room(store):
    assert store.create(CODE, body(n=1))
    assert store.save(CODE, body(n=2), 1, 0)
    assert store.create(CODE, body(n=99)) is False
    assert store.load(CODE) == (body(n=2), 1)


def test_load_of_a_missing_room_is_none(store):
    assert store.load("NOPEX") is None
    store.create(CODE, body())
    assert store.load("NOPEX") is None


def test_rooms_are_independent(store):
    assert store.create("AAAAA", body(n="a"))
    assert store.create("BBBBB", body(n="b"))
    assert store.save("AAAAA", body(n="a2"), 1, 0)
    assert store.load("AAAAA") == (body(n="a2"), 1)
    assert store.load("BBBBB") == (body(n="b"), 0)


def test_save_with_the_right_version_succeeds_and_bumps(store):
    store.create(CODE, body(n=0))
    for version in range(1, 6):
        assert store.save(CODE, body(n=version), version, version - 1) is True
        assert store.load(CODE) == (body(n=version), version)


def test_save_with_a_stale_version_fails_and_changes_nothing(store):
    store.create(CODE, body(n=0))
    assert store.save(CODE, body(n=1), 1, 0)
    before = store.load(CODE)
    assert store.save(CODE, body(n="stale"), 1, 0) is False       # the same race lost
    assert store.save(CODE, body(n="stale"), 3, 2) is False       # a version from the future
    assert store.save(CODE, body(n="stale"), 0, -1) is False
    assert store.load(CODE) == before == (body(n=1), 1)


# --- log lines: beside the room, numbered, added by the same compare-and-set --

def lines(*numbers):
    return [(n, f"line {n}") for n in numbers]


def test_log_lines_come_with_the_body_from_a_number_on(store):
    assert store.create(CODE, body(n=0), lines(1, 2))
    assert store.load_with_log(CODE, 0) == (body(n=0), 0, ["line 1", "line 2"])
    assert store.save(CODE, body(n=1), 1, 0, log=lines(3, 4, 5))
    assert store.load_with_log(CODE, 3) == (body(n=1), 1, ["line 4", "line 5"])
    assert store.load_with_log(CODE, 1, upto=3) == (body(n=1), 1, ["line 2", "line 3"])
    assert store.load_with_log(CODE, 5)[2] == []
    assert store.load(CODE) == (body(n=1), 1)
    assert store.load_with_log("NOPEX", 0) is None


def test_a_lost_compare_and_set_adds_no_log_line(store):
    store.create(CODE, body(n=0), lines(1))
    assert not store.save(CODE, body(n=1), 1, 7, log=lines(2))
    assert store.load_with_log(CODE, 0)[2] == ["line 1"]


def test_the_newest_log_lines_are_kept_and_a_number_stored_again_replaces(store):
    store.create(CODE, body(n=0))
    total = rooms.LOG_MAX + 20
    for version, n in enumerate(range(1, total + 1), start=1):
        assert store.save(CODE, body(n=n), version, version - 1, log=lines(n))
    kept = store.load_with_log(CODE, 0)[2]
    assert kept == [f"line {n}" for n in range(total - rooms.LOG_MAX + 1, total + 1)]
    assert store.save(CODE, body(n="again"), total + 1, total, log=[(total, "line again")])
    assert store.load_with_log(CODE, total - 1)[2] == ["line again"]


def test_a_new_room_of_an_old_code_starts_with_its_own_log(store, backend):
    store.idle_seconds = 1
    store.create(CODE, body(n="old"), lines(1, 2, 3))
    assert store.save(CODE, body(n="old"), 1, 0, ("push", "old step"))
    if backend == "redis":
        store.redis.delete(store._room(CODE))   # expired (Redis expires the key itself)
    else:
        time.sleep(1.1)
    assert store.create(CODE, body(n="new"), lines(1))
    assert store.load_with_log(CODE, 0) == (body(n="new"), 0, ["line 1"])
    assert store.last_undo(CODE) is None


# --- undo steps: beside the room, changed by the same compare-and-set --------

def test_undo_steps_push_pop_and_keep_the_newest(store):
    store.create(CODE, body(n=0))
    assert store.last_undo(CODE) is None
    for version in range(1, rooms.HISTORY_MAX + 6):
        assert store.save(CODE, body(n=version), version, version - 1, ("push", f"step {version}"))
        assert store.last_undo(CODE) == f"step {version}"
    newest = rooms.HISTORY_MAX + 5
    version = newest
    for step in range(newest, newest - rooms.HISTORY_MAX, -1):   # the newest HISTORY_MAX, newest first
        assert store.last_undo(CODE) == f"step {step}"
        assert store.save(CODE, body(n=-step), version + 1, version, ("pop",))
        version += 1
    assert store.last_undo(CODE) is None
    assert store.save(CODE, body(n="plain"), version + 1, version)   # no undo change
    assert store.load(CODE) == (body(n="plain"), version + 1)


def test_a_lost_compare_and_set_changes_no_undo_step(store):
    store.create(CODE, body(n=0))
    assert store.save(CODE, body(n=1), 1, 0, ("push", "first"))
    assert not store.save(CODE, body(n=2), 2, 0, ("push", "stale"))
    assert not store.save(CODE, body(n=2), 2, 0, ("pop",))
    assert store.last_undo(CODE) == "first" and store.load(CODE) == (body(n=1), 1)


def test_undo_steps_are_per_room_and_a_new_room_starts_without(store):
    store.create("AAAAA", body())
    store.create("BBBBB", body())
    assert store.save("AAAAA", body(n=1), 1, 0, ("push", "a"))
    assert store.last_undo("BBBBB") is None
    assert store.last_undo("NOPEX") is None


def test_save_of_a_missing_room_fails_and_creates_nothing(store):
    assert store.save("NOPEX", body(), 1, 0) is False
    assert store.load("NOPEX") is None
    assert store.create("NOPEX", body(n="fresh")) is True


def test_bodies_keep_every_byte(store):
    text = json.dumps({"name": "Grüße 🎲 \"quoted\" \\ | ümlaut", "nested": [1, {"a": None}]},
                      ensure_ascii=False)
    store.create(CODE, text)
    assert store.load(CODE) == (text, 0)
    big = json.dumps({"log": ["x" * 200] * 500})
    assert store.save(CODE, big, 1, 0)
    assert store.load(CODE) == (big, 1)


def test_a_second_store_on_the_same_data_sees_every_write(make_store):
    first, second = make_store(), make_store()
    assert first.create(CODE, body(n=0))
    assert second.create(CODE, body(n="other")) is False
    assert second.load(CODE) == (body(n=0), 0)
    assert second.save(CODE, body(n=1), 1, 0)
    assert first.save(CODE, body(n="lost"), 1, 0) is False
    assert first.load(CODE) == (body(n=1), 1)


# --- presence ----------------------------------------------------------------

def test_presence_add_remove_list(store):
    assert store.presence(CODE) == []
    store.presence_add(CODE, "sid-b", "token-b", "de")
    store.presence_add(CODE, "sid-a", "", "en")            # the table: no token
    store.presence_add("OTHER", "sid-c", "token-c", "en")
    assert sorted(store.presence(CODE)) == [("sid-a", "", "en"), ("sid-b", "token-b", "de")]
    assert store.presence("OTHER") == [("sid-c", "token-c", "en")]

    store.presence_add(CODE, "sid-b", "token-b", "en")      # same socket, new language
    assert sorted(store.presence(CODE)) == [("sid-a", "", "en"), ("sid-b", "token-b", "en")]

    store.presence_remove(CODE, "sid-b")
    assert store.presence(CODE) == [("sid-a", "", "en")]
    store.presence_remove(CODE, "sid-unknown")              # no error
    store.presence_remove(CODE, "sid-a")
    assert store.presence(CODE) == []
    assert store.presence("OTHER") == [("sid-c", "token-c", "en")]


def test_presence_keeps_tokens_with_separators(store):
    token = rooms.new_token() + "|odd|"
    store.presence_add(CODE, "sid", token, "de")
    assert store.presence(CODE) == [("sid", token, "de")]


def test_presence_is_shared_by_stores_on_the_same_data(make_store):
    first, second = make_store(), make_store()
    first.presence_add(CODE, "sid-1", "t1", "en")
    second.presence_add(CODE, "sid-2", "t2", "de")
    assert sorted(first.presence(CODE)) == sorted(second.presence(CODE)) == [
        ("sid-1", "t1", "en"), ("sid-2", "t2", "de")]


def test_presence_reset_on_sqlite(make_store):
    if make_store.backend != "sqlite":
        pytest.skip("a single embedded server forgets every socket at start-up")
    store = make_store()
    store.presence_add(CODE, "sid-1", "t1", "en")
    store.presence_add("OTHER", "sid-2", "", "en")
    store.presence_reset()
    assert store.presence(CODE) == [] and store.presence("OTHER") == []


@pytest.mark.parametrize("apart", [True, False])
def test_sqlite_checkpoints_apart_leave_the_wal_to_checkpoint(make_store, apart):
    """Under gevent the server checkpoints from a thread of its own
    (cli.keep_checkpoints): commits then leave the WAL alone."""
    if make_store.backend != "sqlite":
        pytest.skip("SQLite's write-ahead log")
    store = make_store()
    if apart:
        store.checkpoints_apart()
    assert store.create(CODE, body(n=0))
    for version in range(1500):   # a page or more each: past the 1,000 pages of a checkpoint
        assert store.save(CODE, body(n=version, pad="x" * 3000), version + 1, version)
    busy, pages, moved = store.checkpoint()
    assert busy == 0 and moved == pages
    assert (pages > 1500) is apart   # a commit moved them back itself unless apart
    assert store.load(CODE) == (body(n=1499, pad="x" * 3000), 1500)
    store.close()
    assert store.checkpoint() == (0, 0, 0)


# --- idle expiry ---------------------------------------------------------------

def test_default_idle_time_is_a_day(store):
    assert store.idle_seconds == IDLE_SECONDS == 24 * 3600


def test_an_idle_room_expires(store):
    store.idle_seconds = 1
    assert store.create(CODE, body(n=0))
    assert store.load(CODE) == (body(n=0), 0)
    assert poll(lambda: store.load(CODE) is None, timeout=5), "the idle room never expired"
    assert store.create(CODE, body(n="new")) is True, "an expired code is free again"
    assert store.load(CODE) == (body(n="new"), 0)


def test_an_expired_room_cannot_be_saved_back_to_life(store, backend):
    """An expired room is gone (load says None), so a writer that loaded it
    just before it expired must lose its compare-and-set, as on Redis."""
    store.idle_seconds = 1
    assert store.create(CODE, body(n=0))
    assert poll(lambda: store.load(CODE) is None, timeout=5)
    assert store.save(CODE, body(n=1), 1, 0) is False
    assert store.load(CODE) is None


def test_sqlite_idle_time_counts_from_the_last_save(make_store):
    if make_store.backend != "sqlite":
        pytest.skip("SQLite keeps a touched time per room")
    store = make_store()
    store.create(CODE, body(n=0))
    other = sqlite3.connect(store.path, isolation_level=None)

    def age(hours):
        other.execute("UPDATE rooms SET touched = touched - ? WHERE code = ?", (hours * 3600, CODE))

    try:
        age(23)
        assert store.load(CODE) == (body(n=0), 0)          # 23 h idle: still there
        assert store.save(CODE, body(n=1), 1, 0)          # touched again now
        (touched,) = other.execute("SELECT touched FROM rooms WHERE code = ?", (CODE,)).fetchone()
        assert abs(touched - time.time()) < 60
        age(23)
        assert store.load(CODE) == (body(n=1), 1)
        assert store.load(CODE) == (body(n=1), 1)          # a load does not touch ...
        age(2)                                             # ... so 25 h after the save it is gone
        assert store.load(CODE) is None
        assert store.create(CODE, body(n="new")) is True   # expired rows are purged
        assert store.load(CODE) == (body(n="new"), 0)
    finally:
        other.close()


def test_redis_ttl_is_a_day_and_refreshed_on_save(make_store, request):
    if make_store.backend != "redis":
        pytest.skip("Redis expires keys itself")
    store = make_store()
    client = request.getfixturevalue("redisdb")
    key = f"{store.prefix}room:{CODE}"
    store.create(CODE, body(n=0))
    assert IDLE_SECONDS - 5 <= client.ttl(key) <= IDLE_SECONDS

    client.expire(key, 100)
    assert store.load(CODE) == (body(n=0), 0)
    assert client.ttl(key) <= 100                          # a load does not touch
    assert store.save(CODE, body(n=1), 1, 0)
    assert IDLE_SECONDS - 5 <= client.ttl(key) <= IDLE_SECONDS

    client.expire(key, 100)
    assert store.save(CODE, body(n="stale"), 1, 0) is False
    assert client.ttl(key) <= 100                          # a refused save touches nothing
    assert store.create(CODE, body(n="taken")) is False
    assert client.ttl(key) <= 100

    store.presence_add(CODE, "sid", "tok", "en")
    assert IDLE_SECONDS - 5 <= client.ttl(f"{store.prefix}presence:{CODE}") <= IDLE_SECONDS

    client.pexpire(key, 30)
    assert poll(lambda: store.load(CODE) is None, timeout=3)
    assert store.create(CODE, body(n="new")) is True


# --- concurrent writers ------------------------------------------------------

@pytest.mark.parametrize("instances", [1, 5], ids=["one-store", "five-stores"])
def test_concurrent_writers_lose_no_update(make_store, instances):
    """50 threads each load → modify → compare-and-set, retrying on a lost
    race; with five store instances the races also cross connections, as
    between server processes."""
    stores = [make_store() for _ in range(instances)]
    stores[0].create(CODE, json.dumps({"counter": 0, "writers": []}))
    start = threading.Barrier(WRITERS)
    errors, retries = [], []

    def writer(number):
        store = stores[number % instances]
        try:
            start.wait(10)
            for attempt in range(10000):
                text, version = store.load(CODE)
                room = json.loads(text)
                room["counter"] += 1
                room["writers"].append(number)
                if store.save(CODE, json.dumps(room), version + 1, version):
                    retries.append(attempt)
                    return
            errors.append(f"writer {number} never won")
        except Exception as error:   # pragma: no cover - reported below
            errors.append(repr(error))

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not any(thread.is_alive() for thread in threads), "a writer hangs"
    assert errors == []
    text, version = stores[0].load(CODE)
    room = json.loads(text)
    assert room["counter"] == WRITERS
    assert sorted(room["writers"]) == list(range(WRITERS))
    assert version == WRITERS
    assert len(retries) == WRITERS


# --- the service on each store: no action lost --------------------------------

SEATS = 5
RENAMES = 10    # 5 seats x 10 renames = 50 concurrent actions


@pytest.mark.parametrize("services", [1, 2], ids=["one-service", "two-services"])
def test_concurrent_actions_through_the_service_lose_nothing(make_store, services):
    """50 threads call Service.act at once on one room (5 seats renaming
    themselves 10 times each).  With two Service objects on two store
    instances (two server processes) the per-process lock does not help and
    only the store's compare-and-set keeps every action."""
    pool = [Service(make_store(), action_rate=0) for _ in range(services)]
    created = pool[0].create_room("pick", {})
    code = created["code"]
    tokens = {}
    for number in range(SEATS):
        joined = pool[number % services].join(code, f"P{number}")
        tokens[joined["seat"]] = joined["token"]
    initial = pool[-1].load(code)["version"]
    assert initial == SEATS

    jobs = [(seat, i) for i in range(RENAMES) for seat in tokens]
    start = threading.Barrier(len(jobs))
    answers, errors = [], []
    lock = threading.Lock()

    def rename(index, seat, i):
        service = pool[index % services]
        try:
            start.wait(10)
            answer = service.act(code, tokens[seat], {"type": "rename", "name": f"S{seat}-{i}"}, "en")
            with lock:
                answers.append(answer)
        except Exception as error:   # pragma: no cover - reported below
            with lock:
                errors.append(repr(error))

    threads = [threading.Thread(target=rename, args=(n, seat, i))
               for n, (seat, i) in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not any(thread.is_alive() for thread in threads), "an action hangs"
    assert errors == []
    assert len(answers) == SEATS * RENAMES == 50
    assert all(answer["ok"] for answer in answers)
    # every accepted action got its own version, one after the other
    assert sorted(a["view"]["version"] for a in answers) == list(range(initial + 1, initial + 51))

    room = pool[0].load(code)
    assert room["version"] == initial + 50
    renames = [entry["params"] for entry in room["log"] if entry["key"] == "log.renamed"]
    assert sorted(p["name"] for p in renames) == sorted(f"S{s}-{i}" for s, i in jobs)
    # per seat the renames form one chain: each starts from the name the
    # previous one stored (a lost update would break the chain)
    for seat in tokens:
        chain = [p for p in renames if p["name"].startswith(f"S{seat}-")]
        assert len(chain) == RENAMES
        assert chain[0]["old"] == f"P{seat}"
        for before, after in zip(chain, chain[1:]):
            assert after["old"] == before["name"]
        assert rooms.find_seat(room, seat)["name"] == chain[-1]["name"]
    log_numbers = [entry["n"] for entry in room["log"]]
    assert log_numbers == sorted(set(log_numbers)), "log numbers repeat or go back"

    for service in pool:
        view = service.view(code, None, "en")
        assert view["version"] == initial + 50
        assert len([line for line in view["log"] if "S" in line["text"]]) >= 50


def test_redis_requests_wait_for_a_free_connection(redis_url):
    """More requests at once than connections: they wait, none fails (a
    burst of actions on a busy server queues instead of answering 500)."""
    from concurrent.futures import ThreadPoolExecutor

    from companion.store.redis import RedisStore
    store = RedisStore(redis_url, prefix="companion-pool:", connections=2)
    store.create(CODE, body(n=0), lines(1))
    with ThreadPoolExecutor(24) as pool:
        loaded = list(pool.map(lambda _: store.load_with_log(CODE, 0), range(200)))
    assert loaded == [(body(n=0), 0, ["line 1"])] * 200
    store.close()
