"""The property-based fuzzer: hostile requests (Hypothesis) against one game's
rooms in every state (lobby, playing, finished), over HTTP and over
Socket.IO, from every kind of viewer (host, seat, table, a wrong token).

Each case is either a legal action with one part made hostile (a field, an
extra field, the type, the whole body), a hostile value of any shape, or
raw bytes (deep nesting, long numbers, NaN, bad UTF-8, lone surrogates,
truncated JSON, a body over 64 KiB).  The properties, per case:

- never a 5xx, and over Socket.IO always an acknowledgement;
- a refusal has the one error shape, a known code, its code's status;
- a refusal changes nothing in the store;
- after an accepted case every view of the room answers 200 (nothing
  invalid was stored; a refusal stored nothing at all).

Every case starts from the same rooms: what an accepted case changed is
undone by writing each room's first state back."""
from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import games
from companion.errors import CODES
from companion.games.base import SHARED_ERRORS, sample_action
from tests.conftest import Table

from .helpers import stored

NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom", "Anna", "Ben"]
PLATFORM_TYPES = ["start", "seat_order", "kick", "reopen_seat", "undo", "end", "rematch",
                  "new_game", "rename", "leave", "explain", "close"]

# --- hostile values ----------------------------------------------------------

any_char = st.one_of(st.characters(), st.characters(categories=["Cs"]))   # Cs: lone surrogates
odd_texts = st.one_of(st.sampled_from(["\ud800", "a\udfffb", "sun \udc80 moon", "\x00", "", "   ",
                                       "\u202e", "<script>", "x" * 5000, "\U0001F600" * 30]),
                      st.text(any_char, max_size=40))
texts = st.one_of(st.text(max_size=12), odd_texts)
numbers = st.one_of(st.integers(-5, 12), st.integers(), st.integers(10 ** 99, 10 ** 300),
                    st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from([float("nan"), float("inf"), -float("inf"), 1e308, -0.0]))
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(texts, inner, max_size=4)), max_leaves=16)


def nested(depth: int, leaf: str = "0") -> str:
    return "[" * depth + leaf + "]" * depth


raw_bodies = st.one_of(
    st.integers(20, 5000).map(lambda n: nested(n).encode()),
    st.integers(20, 3000).map(lambda n: ('{"type": "rename", "name": ' + nested(n, '"x"') + "}").encode()),
    st.integers(101, 5000).map(lambda n: ('{"type": "rename", "n": ' + "9" * n + "}").encode()),
    st.sampled_from([b'{"type": NaN}', b'{"x": Infinity}', b'{"x": -Infinity}', b'{"x": 1e999}',
                     b'{"x": 1' + b"0" * 400 + b'.5}', b'{"type": "rename", "name": "\\ud800"}',
                     b'{"name": "\\udfff"}', b'\xff\xfe{"a": 1}', b'{"a": "\xc3\x28"}', b'\xef\xbb\xbf{}',
                     b'{"type": "rename"', b"", b"null", b"[]", b'"x"', b"17", b"{}}", b'{"a":1,"a":2}',
                     b"\x00" * 10, b'{"type": "rename", "name": "' + b"x" * 70000 + b'"}']),
    st.binary(max_size=200),
)


# --- the rooms ---------------------------------------------------------------

#: the rooms: seated in the lobby, just started, a few moves in, many
#: moves in (or over), ended by the host
MOVES = {"started": 0, "playing": 4, "late": 16}
STATES = st.sampled_from(["lobby", "started", "playing", "late", "finished"])

class Rooms:
    """One game's rooms in every state (``STATES``), over HTTP."""

    def __init__(self, app, game_name: str, seed: int = 7):
        self.app = app
        self.game = games.get(game_name)
        self.client = app.test_client()
        self.store = app.extensions["companion"].store
        rng = random.Random(seed)
        self.tables = {"lobby": self.seated(game_name)}
        for state, moves in MOVES.items():
            self.tables[state] = self.playing(game_name, rng, moves)
        finished = self.playing(game_name, rng, 2)
        finished.host_act(type="end")
        self.tables["finished"] = finished
        self.pristine = {state: self.store.load(table.code)[0] for state, table in self.tables.items()}

    def seated(self, game_name: str) -> Table:
        table = Table(self.client, game=game_name)
        low, high = self.game.player_range({})
        for i in range(min(max(low, 3), high)):
            table.join(NAMES[i])
        return table

    def playing(self, game_name: str, rng: random.Random, moves: int) -> Table:
        table = self.seated(game_name)
        start = next(t for t in table.view(table.host)["actions"] if t["type"] == "start")
        assert table.host_act(**sample_action(start, rng)).status_code == 200
        for _ in range(moves):   # legal moves into the game
            moves = [(token, tpl) for token in [table.host, *table.tokens.values()]
                     for tpl in table.view(token)["actions"]
                     if tpl["type"] not in PLATFORM_TYPES]
            if not moves or table.view()["status"] != "playing":
                break
            token, tpl = rng.choice(moves)
            table.act(token, **sample_action(tpl, rng))
        return table

    def restore(self) -> None:
        """Every room back to its first state (after an accepted case)."""
        for state, table in self.tables.items():
            body, version = self.store.load(table.code)
            if body != self.pristine[state]:
                assert self.store.save(table.code, self.pristine[state], version + 1, version)

    def token(self, table: Table, who: str) -> str | None:
        if who == "host":
            return table.host
        if who == "table":
            return None
        if who == "wrong":
            return "not-a-token-" + "x" * 20
        return table.tokens[sorted(table.tokens)[int(who[4:]) % len(table.tokens)]]

    def check_views(self, table: Table) -> None:
        """Nothing invalid was stored: every view of the room answers (a
        seat that just left or moved to a new link is refused, cleanly)."""
        for token in [None, table.host, *table.tokens.values()]:
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            answer = self.client.get(f"/api/rooms/{table.code}", headers=headers)
            if answer.status_code != 200:
                assert assert_refusal(answer.get_json(), answer.status_code, self.game) == "bad_token"


def assert_refusal(answer, status: int | None, game) -> str:
    """The one error shape, a known code, and (for a platform code) its status."""
    assert isinstance(answer, dict) and set(answer) == {"ok", "error"}, answer
    assert answer["ok"] is False
    error = answer["error"]
    assert set(error) == {"code", "message"}, error
    assert isinstance(error["code"], str) and isinstance(error["message"], str)
    assert error["message"].strip() and not error["message"].startswith("error.")
    code = error["code"]
    assert code in CODES or code in SHARED_ERRORS or code in game.errors, code
    if status is not None and code in CODES and code not in game.errors and code not in SHARED_ERRORS:
        assert status == CODES[code], (status, code)
    return code


# --- building a case ---------------------------------------------------------

def hostile_like(value):
    """A hostile value, most often of the same kind as ``value`` (so that
    it gets past the shape checks and reaches the game)."""
    if isinstance(value, str):
        return st.one_of(odd_texts, odd_texts, values)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return st.one_of(numbers, values)
    if isinstance(value, list):
        return st.one_of(st.lists(st.one_of(*(hostile_like(v) for v in value[:2])) if value
                                  else values, max_size=5), values)
    return values


def action_body(data, rooms: Rooms, table: Table, token: str | None):
    """A legal action of this viewer with one part made hostile, or a
    hostile value of any shape."""
    shape = data.draw(st.sampled_from(["legal", "legal", "field", "field", "field", "field",
                                       "extra", "type", "whole"]))
    if shape == "whole":
        return data.draw(values)
    view_token = token if token in [table.host, *table.tokens.values()] else table.host
    templates = rooms.client.get(f"/api/rooms/{table.code}",
                                 headers={"Authorization": f"Bearer {view_token}"}).get_json()["actions"]
    rng = data.draw(st.randoms(use_true_random=False))
    tpl = rng.choice(templates) if templates else {"type": "rename", "fields": {"name": {"kind": "text"}}}
    body = sample_action(tpl, rng)
    fields = sorted(tpl["fields"])
    if shape == "field" and fields:
        name = data.draw(st.sampled_from(fields))
        body[name] = data.draw(hostile_like(body.get(name, "x")))
    elif shape == "extra":
        body[data.draw(texts)] = data.draw(values)
    elif shape == "type":
        body["type"] = data.draw(st.one_of(values, st.sampled_from(
            sorted(rooms.game.action_types) + PLATFORM_TYPES)))
    return body


def encode(body) -> bytes:
    """JSON as a careless client writes it: NaN and lone surrogates included."""
    return json.dumps(body, allow_nan=True).encode("ascii")


# --- HTTP --------------------------------------------------------------------

def http_case(data, rooms: Rooms, seen: Counter) -> None:
    rooms.restore()
    state = data.draw(STATES)
    table = rooms.tables[state]
    who = data.draw(st.sampled_from(["host", "seat0", "seat1", "seat2", "table", "wrong"]))
    token = rooms.token(table, who)
    where = data.draw(st.sampled_from(["action"] * 6 + ["join", "create", "view", "qr"]))
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    content_type = data.draw(st.sampled_from(["application/json"] * 16 + [
        "text/plain", "application/x-www-form-urlencoded", None, "application/json; charset=utf-8"]))
    if content_type:
        headers["Content-Type"] = content_type
    if data.draw(st.integers(0, 4)) == 0:
        raw = data.draw(raw_bodies)
    elif where == "join":
        raw = encode(data.draw(st.fixed_dictionaries({}, optional={"name": values, "claim": values})))
    elif where == "create":
        raw = encode({"game": data.draw(st.one_of(st.just(rooms.game.name), values)),
                      "options": data.draw(values)})
    else:
        raw = encode(action_body(data, rooms, table, token))
    before = stored(rooms.app)
    if where == "view":
        answer = rooms.client.get(f"/api/rooms/{table.code}", headers=headers)
    elif where == "qr":
        answer = rooms.client.get(f"/api/rooms/{table.code}/qr.svg",
                                  query_string={"claim": data.draw(st.text(max_size=80))})
    else:
        url = {"action": f"/api/rooms/{table.code}/actions", "join": f"/api/rooms/{table.code}/seats",
               "create": "/api/rooms"}[where]
        answer = rooms.client.post(url, data=raw, headers=headers)
    assert answer.status_code < 500, answer.data[:500]
    if answer.status_code >= 400:
        seen[assert_refusal(answer.get_json(), answer.status_code, rooms.game)] += 1
        assert stored(rooms.app) == before, "a refused request changed the store"
    else:
        seen["accepted"] += 1
        rooms.check_views(table)


def run_http(app, game_name: str, examples: int) -> Counter:
    rooms = Rooms(app, game_name)
    seen: Counter = Counter()

    @settings(max_examples=examples, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def case(data):
        http_case(data, rooms, seen)

    case()
    return seen


# --- Socket.IO ---------------------------------------------------------------

def raw_packets(ack_id: int):
    """Socket.IO EVENT packets with id ``ack_id`` whose payload is hostile."""
    head = f"2{ack_id}"
    return st.one_of(
        st.integers(20, 5000).map(lambda n: head + '["action",' + nested(n) + "]"),
        st.integers(101, 3000).map(lambda n: head + '["action",{"type":"rename","name":' + "9" * n + "}]"),
        st.sampled_from(['["action",{"type":NaN}]', '["action",{"x":Infinity}]', '["action",{"x":1e999}]',
                         '["action",{"type":"rename","name":"\\ud800"}]', '["action",{"type":"rename"',
                         '["action"]', '["action",1,2]', '{"a":1}', '["action",{"a":1}', '"x"', "[]",
                         '[5,{"type":"rename"}]', '["lang","xx"]', '["nope",{}]', '["malformed","hi"]',
                         '["action",{"type":"rename","name":"' + "x" * 70000 + '"}]']).map(lambda p: head + p),
        st.text(any_char, max_size=80).map(lambda t: head + "[" + t),
    )


def socket_case(data, rooms: Rooms, socketio, seen: Counter) -> None:
    rooms.restore()
    state = data.draw(STATES)
    table = rooms.tables[state]
    who = data.draw(st.sampled_from(["host", "seat0", "seat1", "seat2", "table"]))
    token = rooms.token(table, who)
    auth = {"room": table.code, **({"token": token} if token else {})}
    client = socketio.test_client(rooms.app, auth=auth)
    assert client.is_connected()
    before = stored(rooms.app)
    how = data.draw(st.sampled_from(["emit"] * 4 + ["raw", "raw", "args", "event"]))
    if how == "emit":
        ack = client.emit("action", action_body(data, rooms, table, token), callback=True)
    elif how == "args":
        ack = client.emit("action", *data.draw(st.lists(values, min_size=2, max_size=3)), callback=True)
    elif how == "event":
        ack = client.emit(data.draw(st.text(st.characters(codec="ascii"), min_size=1, max_size=12)
                                    .filter(lambda e: e not in ("action", "lang"))),
                          data.draw(values), callback=True)
    else:
        client.acks = None
        socketio.server._handle_eio_message(client.eio_sid, data.draw(raw_packets(77)))
        ack = client.acks["args"][0] if client.acks and len(client.acks["args"]) == 1 else client.acks
    assert ack is not None, "no acknowledgement"
    if isinstance(ack, dict) and ack.get("ok") is True:
        seen["accepted"] += 1
        rooms.check_views(table)
    else:
        seen[assert_refusal(ack, None, rooms.game)] += 1
        assert stored(rooms.app) == before, "a refused event changed the store"
    if client.is_connected():
        client.disconnect()
    hostile = socketio.test_client(rooms.app, auth=data.draw(st.one_of(
        values, st.fixed_dictionaries({"room": st.one_of(st.just(table.code), values)},
                                      optional={"token": values, "lang": values}))))
    if hostile.is_connected():
        hostile.disconnect()


def run_sockets(app, socketio, game_name: str, examples: int) -> Counter:
    rooms = Rooms(app, game_name)
    seen: Counter = Counter()

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def case(data):
        socket_case(data, rooms, socketio, seen)

    case()
    return seen
