"""What the table and the phones say (issue #25), through the service:
public log lines are numbered among themselves (the table's numbers never
skip where a private line was), every view says whom the game waits for
(``waiting``, ``waiting_any`` in a race), and a text longer than its field
takes is refused with the limit named."""
from __future__ import annotations

import random

import pytest

from companion.errors import ServiceError, error_answer
from companion.games.base import Game, default_why_not, sample_action, template
from companion.service import Service
from companion.store.sqlite import SqliteStore


@pytest.fixture
def svc(tmp_path):
    s = Service(SqliteStore(str(tmp_path / "r.sqlite3")), action_rate=0)
    s.push = lambda pushed, fresh: None
    return s


def play(svc, code, tokens, host, rng, until, steps=300):
    for _ in range(steps):
        if until():
            return
        moves = [(t, tpl) for t in tokens for tpl in svc.view(code, t, "en")["actions"]
                 if tpl["type"] not in ("rename", "leave", "explain")]
        if not moves:
            moves = [(host, tpl) for tpl in svc.view(code, host, "en")["actions"] if tpl["type"] == "close"]
        token, tpl = rng.choice(moves)
        svc.act(code, token, sample_action(tpl, rng), "en")
    raise AssertionError("never got there")


def test_public_lines_are_numbered_among_themselves(svc):
    created = svc.create_room("factum", {})
    code, host = created["code"], created["host_token"]
    tokens = [svc.join(code, name)["token"] for name in ("Anna", "Ben", "Cara", "Dirk")]
    svc.act(code, host, {"type": "start"}, "en")
    play(svc, code, tokens, host, random.Random(2),
         until=lambda: sum(1 for e in svc.load(code)["log"] if e["to"]) >= 2)
    table = svc.view(code, None, "en")["log"]
    assert [line["no"] for line in table] == list(range(1, len(table) + 1))
    assert len(table) < svc.load(code)["log_n"]   # private lines were left out, and no gap shows
    for token in tokens:
        lines = svc.view(code, token, "de")["log"]
        public = [line for line in lines if not line.get("private")]
        assert [line["no"] for line in public] == [line["no"] for line in table]
        assert all("no" not in line for line in lines if line.get("private"))


def test_views_say_whom_the_game_waits_for(svc):
    created = svc.create_room("factum", {})
    code, host = created["code"], created["host_token"]
    tokens = [svc.join(code, name)["token"] for name in ("Anna", "Ben", "Cara", "Dirk")]
    assert svc.view(code, None, "en")["waiting"] == []             # the lobby waits for nobody
    svc.act(code, host, {"type": "start"}, "en")
    view = svc.view(code, tokens[0], "en")
    # the volunteer race: everyone may be the storyteller, the first one counts
    assert view["waiting"] == [0, 1, 2, 3] and view["waiting_any"] is True
    assert all(t.get("required") and t.get("race") for t in view["actions"] if t["type"] == "volunteer")
    svc.act(code, tokens[2], {"type": "volunteer"}, "en")
    view = svc.view(code, None, "en")
    assert view["waiting"] == [2] and view["waiting_any"] is False   # the storyteller tells


class Notes(Game):
    """A game of one text field (at most 5 characters)."""
    name = "notes_for_test"

    def actions(self, state, seat):
        return [template("note", required=True, text={"kind": "text", "min": 1, "max": 5})]


def test_a_text_too_long_is_refused_with_its_limit():
    refusal = default_why_not(Notes(), {}, 0, {"type": "note", "text": "abcdefgh"}, [0])
    assert refusal.code == "too_long" and refusal.params["max"] == 5
    assert default_why_not(Notes(), {}, 0, {"type": "note", "text": 7}, [0]).code == "invalid_field"


def test_eselsbruecke_names_its_limit_in_both_languages(svc):
    created = svc.create_room("eselsbruecke", {"deck": "physical", "language": "de"})
    code, host = created["code"], created["host_token"]
    tokens = [svc.join(code, name)["token"] for name in ("Anna", "Ben", "Cara")]
    svc.act(code, host, {"type": "start"}, "en")
    teller = svc.view(code, None, "en")["public"]["turn"]
    with pytest.raises(ServiceError) as refused:
        svc.act(code, tokens[teller], {"type": "lay", "term": "x" * 47}, "en")
    for lang in ("en", "de"):
        message = error_answer(refused.value, lang)["error"]["message"]
        assert "40" in message and "{" not in message, message
    assert svc.view(code, None, "en")["public"]["laid"] == []       # nothing was cut and laid
