"""Moves made at the real table, and explain mode's defaults (issue #46),
through the service with the test game "Ask" (tests/fixture_ask.py): one
seat in turn asks aloud while the others pick.  The asker's phone is told
its move is at the table (``at_table``, the same in every view); a game
that words no explanation gets ``now`` from whom the game waits for and
the move labels, and moves without words of their own show none."""
from __future__ import annotations

import pytest

from companion import games
from companion.service import Service
from companion.store.sqlite import SqliteStore
from tests.fixture_ask import GAME as ASK


@pytest.fixture(autouse=True)
def ask_registered():
    """Registered for these tests (the conformance suite may have done so already)."""
    mine = games.get(ASK.name) is None
    if mine:
        games.register(ASK)
    yield
    if mine:
        games.unregister(ASK.name)


def views_of(tmp_path, lang="en"):
    svc = Service(SqliteStore(str(tmp_path / "r.sqlite3")), action_rate=0)
    created = svc.create_room("ask", {"rounds": 3, "explain": True})
    code, host = created["code"], created["host_token"]
    tokens = [svc.join(code, name)["token"] for name in ("Sylvia", "Gregor", "Ada")]
    svc.act(code, host, {"type": "start"}, lang)

    def view(token):
        return svc.view(code, token, lang)
    return svc, code, host, tokens, view


def test_the_asker_is_at_the_table_and_told_so(tmp_path):
    svc, code, host, tokens, view = views_of(tmp_path)
    seats = [view(t)["you"]["seat"] for t in tokens]
    asker, voters = seats[0], seats[1:]
    for token in tokens + [host, None]:
        shown = view(token)
        assert shown["at_table"] == [asker]
        assert shown["waiting"] == voters
    mine = view(tokens[0])
    assert mine["actions"] == [t for t in mine["actions"] if t["type"] in ("rename", "explain")]
    assert mine["explain"]["now"] == ("Your move is at the table: once you have made it, the "
                                      "others carry on with their phones.")
    voter = view(tokens[1])
    assert voter["explain"]["now"] == "It is your move: Pick a number."
    assert "pick" not in voter["explain"]["moves"]          # no words of the game's: its label says it
    assert voter["explain"]["moves"]["explain"]             # the platform's own move keeps its line
    assert view(None)["explain"]["now"] == "Waiting for Gregor, Ada: their phones show their move."

    # once a voter has picked it waits like the others; the next round's asker is the next seat
    svc.act(code, tokens[1], {"type": "pick", "number": 2}, "en")
    assert view(tokens[1])["explain"]["now"] == "The game waits for Ada."
    svc.act(code, tokens[2], {"type": "pick", "number": 1}, "en")
    assert view(None)["at_table"] == [seats[1]]
    assert view(tokens[1])["explain"]["now"].startswith("Your move is at the table")


def test_the_defaults_speak_german(tmp_path):
    svc, code, host, tokens, view = views_of(tmp_path, "de")
    assert view(tokens[0])["explain"]["now"].startswith("Dein Zug ist am Tisch")
    assert view(tokens[1])["explain"]["now"] == "Du bist dran: Zahl wählen."
    assert view(None)["explain"]["now"].startswith("Wir warten auf Gregor, Ada")


def test_nobody_is_at_the_table_once_the_game_is_over(tmp_path):
    svc, code, host, tokens, view = views_of(tmp_path)
    svc.act(code, host, {"type": "end"}, "en")
    assert view(None)["at_table"] == []
