"""Simultaneous presses in a race (Factum's volunteer and judge): the room's
actions are applied one after the other, so exactly one press wins and the
others get a clear refusal."""
from __future__ import annotations

import threading

from companion.errors import ServiceError
from companion.service import Service
from companion.store.sqlite import SqliteStore


def press_all(svc, code, tokens, action):
    barrier = threading.Barrier(len(tokens))
    results = {}

    def press(seat, token):
        barrier.wait()
        try:
            svc.act(code, token, dict(action), "en")
            results[seat] = "won"
        except ServiceError as refused:
            results[seat] = refused.code

    threads = [threading.Thread(target=press, args=item) for item in tokens.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_volunteer_and_judge_races(tmp_path):
    svc = Service(SqliteStore(str(tmp_path / "r.sqlite3")), action_rate=0)
    created = svc.create_room("factum", {})
    code = created["code"]
    tokens = {}
    for name in ["Anna", "Ben", "Cara", "Dirk", "Emil", "Fina"]:
        joined = svc.join(code, name)
        tokens[joined["seat"]] = joined["token"]
    svc.act(code, created["host_token"], {"type": "start"}, "en")
    version = svc.load(code)["version"]

    results = press_all(svc, code, tokens, {"type": "volunteer"})
    assert list(results.values()).count("won") == 1
    assert all(isinstance(result, str) and result for result in results.values())
    assert svc.load(code)["version"] == version + 1
    teller = next(seat for seat, result in results.items() if result == "won")

    svc.act(code, tokens[teller], {"type": "told"}, "en")
    view = svc.view(code, None, "en")
    team_b = [s for s in tokens if any(t["type"] == "judge" for t in svc.view(code, tokens[s], "en")["actions"])]
    assert team_b and teller not in team_b
    results = press_all(svc, code, {s: tokens[s] for s in team_b}, {"type": "judge"})
    assert list(results.values()).count("won") == 1
    assert view["status"] == "playing"
