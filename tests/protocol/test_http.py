"""The HTTP contract: views per seat, versions, every error status, bad
input never changes state, undo, the evening, reopen_seat."""
from __future__ import annotations

import json

import pytest

from tests.conftest import Table


def raw(table, token=None):
    """The stored room as the store holds it (for 'changes nothing')."""
    store = table.client.application.extensions["companion"].store
    return store.load(table.code)


def started(table, players=("Sylvia", "Gregor", "Petra")):
    seats = [table.join(name) for name in players]
    assert table.host_act(type="start", first=seats[0]).status_code == 200
    return seats


def test_create_answers_code_token_urls(client):
    answer = client.post("/api/rooms", json={"game": "pick", "options": {"rounds": 2}})
    assert answer.status_code == 201
    body = answer.json
    assert len(body["code"]) == 5 and set(body["code"]) <= set("ABCDEFGHJKMNPQRSTWXYZ")
    assert body["urls"] == {"join": f"http://table.test:5000/j/{body['code']}",
                            "table": f"http://table.test:5000/t/{body['code']}"}
    assert len(body["host_token"]) >= 32


def test_games_lists_schema(client):
    names = {g["name"]: g for g in client.get("/api/games").json["games"]}
    assert names["pick"]["players"] == {"min": 2, "max": 6}
    assert names["pick"]["options"][0]["name"] == "rounds"
    assert names["pick"]["player_ranges"] == []                  # no option changes its range


def test_games_list_the_player_range_the_options_make(client):
    """Issue #45: HOAX's large group takes 3–14; ``player_ranges`` lists
    the range per combination of the options that change it (additive:
    ``players`` stays the range at the defaults)."""
    names = {g["name"]: g for g in client.get("/api/games").json["games"]}
    hoax = names["hoax"]
    assert hoax["players"] == {"min": 3, "max": 8}
    ranges = {(r["options"]["large_group"], r["options"]["second_identity"]): (r["min"], r["max"])
              for r in hoax["player_ranges"]}
    assert ranges == {(False, False): (3, 8), (True, False): (3, 14), (False, True): (3, 4), (True, True): (3, 4)}
    assert all(set(r["options"]) == {"large_group", "second_identity"} for r in hoax["player_ranges"])
    rule = {r["options"]["master"]: (r["min"], r["max"]) for r in names["what_the_rule"]["player_ranges"]}
    assert rule == {"seat": (2, 10), "app": (1, 10)}


def test_views_per_seat_and_table(table):
    a, b, c = started(table)
    seen = {s: table.view(table.tokens[s]) for s in (a, b, c)}
    letters = {s: v["you"]["secret"]["letter"] for s, v in seen.items()}
    for s, view in seen.items():
        assert view["you"]["seat"] == s and view["you"]["host"] is False
        # exactly its own private line, none of the others'
        private = [line["text"] for line in view["log"] if line.get("private")]
        assert private == [f"Your letter is {letters[s]}."]
    public = table.view()
    assert public["you"] is None and public["actions"] == []
    assert "secret" not in json.dumps(public)
    host = table.view(table.host)
    assert host["you"] == {"seat": None, "host": True}
    assert {t["type"] for t in host["actions"]} >= {"undo", "end", "reopen_seat"}


def test_version_grows_by_one_per_accepted_action(table):
    a, b, c = started(table)
    before = table.view()["version"]
    assert table.seat_act(a, type="pick", number=1).json["view"]["version"] == before + 1
    assert table.seat_act(a, type="pick", number=1).status_code == 409   # already picked
    assert table.view()["version"] == before + 1


@pytest.mark.parametrize("body,status,code", [
    (b"{not json", 400, "bad_json"),
    (b"[1, 2]", 400, "bad_json"),
    (b'{"type": "fly"}', 400, "unknown_action"),
    (b'{"type": 7}', 400, "bad_json"),
    (b'{"type": "pick", "number": 9}', 422, "invalid_field"),
    (b'{"type": "pick", "number": "2"}', 422, "invalid_field"),
    (b'{"type": "start"}', 403, "host_only"),
    (b'{"type": "rename", "name": ""}', 422, "bad_name"),
])
def test_bad_actions_refused_and_nothing_changes(table, body, status, code):
    a, b, c = started(table)
    before = raw(table)
    answer = table.client.post(f"/api/rooms/{table.code}/actions", data=body,
                               headers={"Authorization": f"Bearer {table.tokens[a]}",
                                        "Content-Type": "application/json"})
    assert answer.status_code == status, answer.json
    assert answer.json["ok"] is False and answer.json["error"]["code"] == code
    assert answer.json["error"]["message"] and not answer.json["error"]["message"].startswith("error.")
    assert raw(table) == before


def test_rule_refusal_is_409_with_the_games_message(table):
    a, b, c = started(table)
    table.seat_act(a, type="pick", number=1)
    answer = table.seat_act(a, type="pick", number=2)
    assert answer.status_code == 409
    # explain mode (on for a room's first game) goes on with what to do instead
    assert answer.json["error"]["code"] == "already_picked"
    assert answer.json["error"]["message"].startswith("You already picked. Nothing for you now")
    table.seat_act(a, type="explain", mode="off")
    answer = table.seat_act(a, type="pick", number=2)
    assert answer.json["error"] == {"code": "already_picked", "message": "You already picked."}
    german = table.client.post(f"/api/rooms/{table.code}/actions?lang=de", json={"type": "pick", "number": 2},
                               headers={"Authorization": f"Bearer {table.tokens[a]}"})
    assert german.json["error"]["message"] == "Du hast schon gewählt."


def test_401_404_for_tokens_and_rooms(table):
    started(table)
    before = raw(table)
    assert table.act("wrong-token", type="pick", number=1).status_code == 401
    assert table.client.post(f"/api/rooms/{table.code}/actions", json={"type": "pick", "number": 1}).status_code == 401
    assert table.client.get(f"/api/rooms/{table.code}", headers={"Authorization": "Bearer nope"}).status_code == 401
    assert table.client.post("/api/rooms/ZZZZZ/actions", json={"type": "end"}).status_code == 404
    assert table.client.get("/api/rooms/ZZZZZ").json["error"]["code"] == "no_room"
    assert table.client.get("/api/rooms/" + "A" * 5000).status_code == 404
    assert raw(table) == before


def test_huge_body_and_huge_name(table):
    answer = table.client.post(f"/api/rooms/{table.code}/seats", data="x" * 70000,
                               headers={"Content-Type": "application/json"})
    assert answer.status_code == 413 and answer.json["error"]["code"] == "too_large"
    answer = table.client.post(f"/api/rooms/{table.code}/seats", json={"name": "N" * 10000})
    assert answer.status_code == 422 and answer.json["error"]["code"] == "bad_name"
    answer = table.client.post(f"/api/rooms/{table.code}/seats", json={"name": 12})
    assert answer.status_code == 422
    assert table.view()["seats"] == []


def test_join_rules(table):
    table.join("Sylvia")
    assert table.client.post(f"/api/rooms/{table.code}/seats", json={"name": " sylvia "}).json["error"]["code"] == "name_taken"
    for name in "BCDEF":
        table.join(name)
    full = table.client.post(f"/api/rooms/{table.code}/seats", json={"name": "G"})
    assert full.status_code == 409 and full.json["error"]["code"] == "room_full"


def test_a_late_arrival_plays_from_the_next_game_and_player_count(client):
    """Issue #25: a phone that joins during a game waits as a spectator (no
    moves, the public view) and takes its seat when the host goes on."""
    table = Table(client)
    table.join("Solo")
    few = table.host_act(type="start", first=0)
    assert few.status_code == 409 and few.json["error"]["code"] == "player_count"
    table.join("Duo")
    assert table.host_act(type="start", first=0).status_code == 200
    late = table.join("Late")
    view = table.view(table.tokens[late])
    assert view["you"] == {"seat": late, "name": "Late", "host": False, "next_game": True}
    assert view["spectators"] == [{"seat": late, "name": "Late"}]
    assert [s["seat"] for s in view["seats"]] == [0, 1]
    assert [a["type"] for a in view["actions"]] == ["rename", "explain", "leave"]
    refused = table.seat_act(late, type="pick", number=1)
    assert refused.status_code == 403 and refused.json["error"]["code"] == "not_in_game"
    table.host_act(type="end")
    assert table.host_act(type="rematch").status_code == 200
    view = table.view(table.tokens[late])
    assert view["status"] == "lobby" and view["spectators"] == []
    assert [s["seat"] for s in view["seats"]] == [0, 1, late] and "next_game" not in view["you"]


def test_finished_game_refuses_moves_then_rematch_keeps_seats(table):
    a, b, c = started(table)
    for s in (a, b, c):
        table.seat_act(s, type="pick", number=2)
    view = table.view(table.tokens[a])
    assert view["status"] == "finished" and view["winners"] is not None
    over = table.seat_act(a, type="pick", number=1)
    assert over.status_code == 409 and over.json["error"]["code"] == "game_over"
    assert view["evening"]["games"] == [{"game": "pick", "title": "Pick", "winners": view["winners"]}]
    assert table.host_act(type="rematch").status_code == 200
    again = table.view(table.tokens[a])     # same token still works, in the lobby (issue #25)
    assert again["status"] == "lobby" and len(again["seats"]) == 3
    assert table.host_act(type="start", first=a).status_code == 200
    again = table.view(table.tokens[a])
    assert again["status"] == "playing"
    assert again["evening"]["wins"] == {str(w): 1 for w in view["winners"]}


def test_new_game_then_evening_accumulates(table):
    a, b, c = started(table)
    table.host_act(type="end")
    assert table.view()["status"] == "finished"
    assert table.host_act(type="new_game", game="pick", options={"rounds": 2}).status_code == 200
    view = table.view(table.tokens[b])
    assert view["status"] == "lobby" and view["options"] == {"rounds": 2}
    bad = table.host_act(type="new_game", game="pick", options={"rounds": 99})
    assert bad.status_code == 422 and bad.json["error"]["code"] == "bad_option"
    assert table.host_act(type="new_game", game="chess", options={}).status_code == 422


def test_undo_restores_state_and_random_source(table):
    a, b, c = started(table)
    table.seat_act(a, type="pick", number=1)
    closed = table.host_act(type="close", step="pick").json["view"]
    first_reveal = closed["public"]["revealed"]
    undo = table.host_act(type="undo").json["view"]
    assert undo["public"]["revealed"] == [] and undo["status"] == "playing"
    assert any("Undone" in line["text"] for line in undo["log"])
    again = table.host_act(type="close", step="pick").json["view"]
    assert again["public"]["revealed"] == first_reveal   # same random picks: no fishing
    # undo back to before the start, then nothing more to undo
    while table.host_act(type="undo").status_code == 200:
        pass
    assert table.view()["status"] == "lobby"
    assert table.host_act(type="undo").status_code in (403, 409)


def test_reopen_seat_moves_a_seat_to_a_new_phone(table):
    a, b, c = started(table)
    old = table.tokens[b]
    answer = table.host_act(type="reopen_seat", seat=b)
    claim = answer.json["result"]["claim"]
    assert table.client.get(f"/api/rooms/{table.code}", headers={"Authorization": f"Bearer {old}"}).status_code == 401
    new = table.client.post(f"/api/rooms/{table.code}/seats", json={"claim": claim})
    assert new.status_code == 201 and new.json["seat"] == b
    assert table.view(new.json["token"])["you"]["seat"] == b
    again = table.client.post(f"/api/rooms/{table.code}/seats", json={"claim": claim})
    assert again.status_code == 401 and again.json["error"]["code"] == "bad_claim"
    qr = table.client.get(f"/api/rooms/{table.code}/qr.svg?claim={claim}")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"


def test_seat_order_kick_leave_rename(table):
    a, b, c = (table.join(n) for n in ("Sylvia", "Gregor", "Petra"))
    assert table.host_act(type="seat_order", order=[c, a, b]).status_code == 200
    assert [s["seat"] for s in table.view()["seats"]] == [c, a, b]
    assert table.host_act(type="seat_order", order=[c, a]).status_code == 422
    assert table.seat_act(b, type="rename", name="Greg").status_code == 200
    assert table.seat_act(b, type="rename", name="Sylvia").json["error"]["code"] == "name_taken"
    assert table.host_act(type="kick", seat=c).status_code == 200
    assert table.seat_act(b, type="leave").status_code == 200
    assert [s["name"] for s in table.view()["seats"]] == ["Sylvia"]
    table.join("Tom")
    table.host_act(type="start", first=a)
    refused = table.host_act(type="kick", seat=a)
    assert refused.status_code == 409 and refused.json["error"]["code"] == "kick_in_game"


def test_rate_limit_429(make_app):
    app, _ = make_app(ACTION_RATE=1.0, ACTION_BURST=3)
    table = Table(app.test_client())
    a = table.join("A")
    codes = [table.seat_act(a, type="rename", name=f"A{i}").status_code for i in range(6)]
    assert codes[:3] == [200, 200, 200] and 429 in codes[3:]


def test_qr_and_pages(table, client):
    assert client.get(f"/api/rooms/{table.code}/qr.svg").data.startswith(b"<?xml")
    for url in ("/", f"/t/{table.code}", f"/j/{table.code}", "/?lang=de"):
        assert client.get(url).status_code == 200
    assert "Neuer Raum" in client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"}).text
    missing = client.get("/nope")
    assert missing.status_code == 404 and missing.json["ok"] is False


def test_expired_room_is_gone(table):
    store = table.client.application.extensions["companion"].store
    store.idle_seconds = -1
    assert table.client.get(f"/api/rooms/{table.code}").status_code == 404
