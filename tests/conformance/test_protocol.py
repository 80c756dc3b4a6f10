"""Every registered game played through the real contract with several
phones: HTTP actions drawn from each viewer's own `actions` templates,
Socket.IO clients receiving each their own view, refusals changing
nothing."""
from __future__ import annotations

import json
import random

import pytest

from companion import games, json_patch, rooms
from companion.games.base import sample_action
from companion.views import LOG_IN_VIEW
from tests.conftest import Table

NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom", "Anna", "Ben"]


def views(client):
    return [m["args"][0] for m in client.get_received() if m["name"] == "view"]


def unclocked(view: dict) -> dict:
    """The view without the server's clock reading (``timer.server_now``
    is the time the view was built: two builds of one state differ in it)."""
    if view.get("timer"):
        view = dict(view, timer={k: v for k, v in view["timer"].items() if k != "server_now"})
    return view


def as_the_page_holds_it(received: list[dict]) -> dict:
    """The newest view with its log filled in from the views before it, as
    socket.js does: a pushed view carries only the log's tail and the
    earlier lines a rename changed."""
    lines: list[dict] = []
    for view in received:
        if view["log_tail"]:
            first = view["log"][0]["n"] if view["log"] else float("inf")
            changed = {line["n"]: line for line in view["log_changed"]}
            lines = ([changed.get(line["n"], line) for line in lines if line["n"] < first]
                     + view["log"])[-LOG_IN_VIEW:]
        else:
            lines = list(view["log"])
    held = dict(received[-1], log=lines, log_tail=False)
    held.pop("log_changed", None)
    return held


@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_over_http_and_sockets(app_pair, game_name, seed):
    app, socketio = app_pair
    rng = random.Random(seed)
    table = Table(app.test_client(), game=game_name)
    low, high = games.get(game_name).player_range({})
    seats = [table.join(NAMES[i]) for i in range(rng.randint(low, min(high, 6)))]
    sockets = {s: socketio.test_client(app, auth={"room": table.code, "token": table.tokens[s]})
               for s in seats}
    tablet = socketio.test_client(app, auth={"room": table.code})
    start = next(t for t in table.view(table.host)["actions"] if t["type"] == "start")
    assert table.host_act(**sample_action(start, rng)).status_code == 200
    store = app.extensions["companion"].store
    accepted = refused = 0
    for step in range(150):
        if table.view()["status"] != "playing":
            break
        if rng.random() < 0.1:   # earlier log lines name the seat: pushed as log_changed
            renamed = rng.choice(seats)
            assert table.act(table.tokens[renamed], type="rename",
                             name=f"{NAMES[renamed % len(NAMES)]} {step}").status_code == 200
        tokens = [table.host] + [table.tokens[s] for s in seats]
        moves = []
        for token in tokens:
            for tpl in table.view(token)["actions"]:
                if tpl["type"] in ("rename", "leave", "explain", "undo", "end", "reopen_seat", "kick",
                                   "new_game"):
                    continue
                if token == table.host and rng.random() > 0.05:
                    continue   # the host closes steps only now and then
                moves.append((token, tpl))
        assert moves, "nobody can move"
        token, tpl = rng.choice(moves)
        before = store.load(table.code), store.last_undo(table.code)
        answer = table.act(token, **sample_action(tpl, rng))
        if answer.status_code == 200:
            accepted += 1
        else:
            refused += 1
            assert answer.status_code in (403, 409, 422), answer.json
            assert answer.json["error"]["message"]
            assert (store.load(table.code), store.last_undo(table.code)) == before
    assert accepted > 20 or table.view()["status"] == "finished"
    version = table.view()["version"]
    for s, client in sockets.items():
        received = views(client)
        assert received[-1]["version"] == version
        # the pushed views are exactly what HTTP answers for that token
        latest = as_the_page_holds_it(received)
        fresh = table.view(table.tokens[s])
        assert json.dumps(unclocked(latest), sort_keys=True) == json.dumps(unclocked(fresh), sort_keys=True)
    assert views(tablet)[-1]["you"] is None


def held_documents(client, held: dict) -> list[dict]:
    """The views a socket that takes patches holds after each push it got
    since the last call, as socket.js applies them: a patch applies to the
    document of seq ``base`` only and must give its ``version``.  ``held``
    keeps the socket's document and seq between calls."""
    docs = []
    for message in client.get_received():
        assert message["name"] == "patch", f"a patch socket was sent {message['name']}"
        body = json.loads(json.dumps(message["args"][0]))   # as it crosses the wire
        doc = json_patch.follow(held, body)   # raises where the page would have to resync
        if body["base"] is not None:
            held["sent"] = held.get("sent", 0) + len(json.dumps(body))
            held["whole"] = held.get("whole", 0) + len(json.dumps(doc))
        docs.append(doc)
    return docs


@pytest.mark.parametrize("seed", [3])
def test_patched_pushes_give_the_http_view(app_pair, game_name, seed, monkeypatch):
    """Sockets that take patches: after every step, what each holds (its
    patches applied in order, the log kept as the page keeps it) is exactly
    what HTTP answers for its token; a language switch and a resync bring
    a whole view, and the acknowledgement of an action names its version.
    The room's deal is seeded too: the bytes compared at the end are the
    same every run (a random deal once brought HOAX to 0.51)."""
    monkeypatch.setattr(rooms.secrets, "token_hex", lambda size=16: f"{seed:0{2 * size}x}")
    app, socketio = app_pair
    rng = random.Random(seed)
    table = Table(app.test_client(), game=game_name)
    low, high = games.get(game_name).player_range({})
    seats = [table.join(NAMES[i]) for i in range(rng.randint(low, min(high, 5)))]
    tokens = {s: table.tokens[s] for s in seats} | {"table": None}
    sockets = {s: socketio.test_client(app, auth={"room": table.code, "token": token, "patches": True})
               for s, token in tokens.items()}
    held = {s: {} for s in sockets}
    pushed = {s: [] for s in sockets}
    langs = {s: "en" for s in sockets}
    start = next(t for t in table.view(table.host)["actions"] if t["type"] == "start")
    assert table.host_act(**sample_action(start, rng)).status_code == 200
    patches = wholes = 0
    for step in range(120):
        for s, client in sockets.items():
            docs = held_documents(client, held[s])
            pushed[s] += docs
            patches += len(docs)
            fresh = table.client.get(f"/api/rooms/{table.code}?lang={langs[s]}", headers=(
                {"Authorization": f"Bearer {tokens[s]}"} if tokens[s] else {})).json
            assert json.dumps(unclocked(as_the_page_holds_it(pushed[s])), sort_keys=True) == \
                json.dumps(unclocked(fresh), sort_keys=True), f"step {step}, socket {s}"
        if table.view()["status"] != "playing":
            break
        if step % 15 == 1:   # a whole view again: a language switch, or the page asks
            s = rng.choice(list(sockets))
            if rng.random() < 0.5:
                langs[s] = "de" if langs[s] == "en" else "en"
                sockets[s].emit("lang", langs[s], callback=True)
            else:
                assert sockets[s].emit("resync", callback=True) == {"ok": True}
            wholes += 1
            continue
        moves = [(s, tpl) for s in seats for tpl in table.view(table.tokens[s])["actions"]
                 if tpl["type"] not in ("rename", "leave", "explain")]
        moves += [("host", tpl) for tpl in table.view(table.host)["actions"]
                  if tpl["type"] in games.get(game_name).action_types and rng.random() < 0.1]
        actor, tpl = rng.choice(moves)
        if actor == "host":
            table.host_act(**sample_action(tpl, rng))
            continue
        answer = sockets[actor].emit("action", sample_action(tpl, rng), callback=True)
        if answer["ok"]:
            pushes = held_documents(sockets[actor], held[actor])
            pushed[actor] += pushes
            assert "view" not in answer and answer["version"] == pushes[-1]["version"]
    assert wholes >= 1 and patches > 10
    # the patches are much smaller than the views they stand for
    assert sum(h.get("sent", 0) for h in held.values()) < 0.5 * sum(h.get("whole", 0) for h in held.values())
