"""The evening to keep (issue #28) over HTTP: the host's routes
``/api/rooms/<code>/evening`` (JSON), ``.html`` (a self-contained file) and
``.csv``, and the page ``/t/<code>/evening``.  Host only, one error shape for
every refusal, names inert in HTML and CSV, and nothing in them that the
table has not shown: no secret identity, no sealed rule."""
from __future__ import annotations

import csv
import io
import json
import re

import pytest

from tests.conftest import Table

KINDS = ("evening", "evening.html", "evening.csv")
HOSTILE = ['<img src=x onerror=alert(1)>', '=HYPERLINK("http://x","y")']


def get(table, kind, token=None, lang=None, code=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    url = f"/api/rooms/{code or table.code}/{kind}" + (f"?lang={lang}" if lang else "")
    return table.client.get(url, headers=headers)


def refused(answer, status, code):
    assert answer.status_code == status, (answer.status_code, answer.data[:300])
    body = answer.json
    assert set(body) == {"ok", "error"} and body["ok"] is False
    assert body["error"]["code"] == code and body["error"]["message"]
    return body["error"]["message"]


def pick_game(table, picks):
    """One game of the fixture game ``pick`` (one round), seat i picking picks[i]."""
    assert table.host_act(type="start").status_code == 200
    for seat, number in zip(sorted(table.tokens), picks):
        assert table.seat_act(seat, type="pick", number=number).status_code == 200
    assert table.view()["status"] == "finished"


def rows(text):
    """The CSV's two tables (games, standings) as lists of rows."""
    assert text.startswith("\ufeff")
    games, standings = text[1:].split("\r\n\r\n")
    return (list(csv.reader(io.StringIO(games))), list(csv.reader(io.StringIO(standings))))


# --- who may ask ---------------------------------------------------------------------

def test_only_the_host_gets_the_evening_and_every_refusal_has_the_one_shape(client):
    table = Table(client)
    seat = table.join("Sylvia")
    other = Table(client)
    for kind in KINDS:
        assert get(table, kind, table.host).status_code == 200
        refused(get(table, kind), 401, "missing_token")
        refused(get(table, kind, "not-a-token"), 401, "bad_token")
        refused(get(table, kind, other.host), 401, "bad_token")       # another room's host
        refused(get(table, kind, table.tokens[seat]), 403, "host_only")
        refused(get(table, kind, table.host, code="ZZZZZ"), 404, "no_room")
        german = refused(get(table, kind, lang="de"), 401, "missing_token")
        assert german != refused(get(table, kind, lang="en"), 401, "missing_token")
        refused(client.post(f"/api/rooms/{table.code}/{kind}", json={},
                            headers={"Authorization": f"Bearer {table.host}"}), 405, "method_not_allowed")


@pytest.mark.parametrize("code", ["A" * 600, "%F0%9F%92%A9", "..%2F..", "KQZ%00TB", "<script>", "' OR 1=1"])
def test_hostile_room_codes_are_unknown_rooms(client, code):
    table = Table(client)
    for kind in KINDS:
        answer = client.get(f"/api/rooms/{code}/{kind}", headers={"Authorization": f"Bearer {table.host}"})
        assert answer.status_code in (404, 405), answer.data[:200]
        assert answer.json["ok"] is False and answer.json["error"]["code"] in ("no_room", "not_found")


@pytest.mark.parametrize("header", ["Bearer " + "x" * 20_000, "Bearer \u00ff\u00fe", "Basic abc",
                                    "Bearer", "Bearer  ", "bearer lower"])
def test_hostile_authorization_headers_are_refused(client, header):
    table = Table(client)
    for kind in KINDS:
        answer = client.get(f"/api/rooms/{table.code}/{kind}", headers={"Authorization": header})
        assert answer.status_code == 401 and answer.json["error"]["code"] in ("missing_token", "bad_token")


def test_hostile_query_strings_change_nothing(client):
    table = Table(client)
    for query in ("lang=" + "x" * 5000, "lang=%00", "lang[]=de", "lang=de&lang=en", "format=xml"):
        answer = client.get(f"/api/rooms/{table.code}/evening?{query}",
                            headers={"Authorization": f"Bearer {table.host}"})
        assert answer.status_code == 200 and answer.json["ok"] is True


# --- what it holds ---------------------------------------------------------------------

def test_two_games_in_csv_json_and_html(client):
    table = Table(client)
    names = ["Sylvia", *HOSTILE]
    for name in names:
        table.join(name)
    pick_game(table, [1, 1, 2])          # sum 4: target 2, the third seat scores
    first = table.view()["winners"]
    assert table.host_act(type="rematch").status_code == 200
    pick_game(table, [1, 2, 3])          # sum 6: target 1, the first seat scores
    second = table.view()["winners"]
    assert first == [2] and second == [0]

    data = get(table, "evening", table.host).json["evening"]
    assert [g["status"] for g in data["games"]] == ["finished", "finished"]
    assert [g["winners"] for g in data["games"]] == [first, second]
    # the standings are the table's: the same wins as the view's evening
    wins = table.view()["evening"]["wins"]
    assert {s["seat"]: s["wins"] for s in data["standings"]} == {s: wins.get(str(s), 0) for s in range(3)}
    # the last game's points are still in the room: known; its chart has data
    assert data["games"][1]["scores"] == {"0": 1, "1": 0, "2": 0}

    games, standings = rows(get(table, "evening.csv", table.host).data.decode("utf-8"))
    assert games[0] == ["game no", "game", "player", "points", "won"]
    assert len(games) == 1 + 2 * 3
    escaped = ["Sylvia", HOSTILE[0], "'" + HOSTILE[1]]   # CSV injection: the formula starts with '
    assert [r[2] for r in games[1:]] == escaped * 2
    assert [(r[0], r[1], r[4]) for r in games[1:4]] == [("1", "Pick", "0"), ("1", "Pick", "0"), ("1", "Pick", "1")]
    assert [r[3] for r in games[4:]] == ["1", "0", "0"] and [r[4] for r in games[4:]] == ["1", "0", "0"]
    assert standings[0] == ["place", "player", "wins"]
    # most wins first (seating order among equals), as the table orders them
    assert standings[1:] == [["1", "Sylvia", "1"], ["1", escaped[2], "1"], ["3", HOSTILE[0], "0"]]
    assert not any(cell[:1] in "=+-@" for row in games + standings for cell in row if cell)

    german = get(table, "evening.csv", table.host, lang="de").data.decode("utf-8")
    assert rows(german)[0][0] == ["Spiel Nr.", "Spiel", "Spieler", "Punkte", "gewonnen"]
    assert rows(german)[0][1][1] == "Wählen"

    answer = get(table, "evening.html", table.host)
    html = answer.data.decode("utf-8")
    assert answer.headers["Content-Disposition"].startswith('attachment; filename="evening-')
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert html.count("ev-game ev-finished") == 2 and "<svg" in html   # the last game's chart


def test_the_file_is_self_contained_and_scriptless(client):
    table = Table(client)
    for name in ("Sylvia", "Gregor"):
        table.join(name)
    pick_game(table, [1, 2])
    answer = get(table, "evening.html", table.host, lang="de")
    html = answer.data.decode("utf-8")
    policy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
    assert f'<meta http-equiv="Content-Security-Policy" content="{policy}">' in html
    assert answer.headers["Content-Security-Policy"].startswith(policy)
    assert "<script" not in html.lower() and not re.search(r"\son\w+=", html)
    # nothing fetched: no link, no src, no url(), no @import, nothing absolute
    assert not re.search(r"<link|\ssrc=|url\(|@import|https?://(?!www\.w3\.org/2000/svg)", html)
    assert "<style>" in html and "@media print" in html and "size: A4" in html
    assert 'lang="de"' in html and "Der Abend in Raum" in html and "Stand des Abends" in html


def test_the_page_follows_the_site_policy(client):
    table = Table(client)
    for lang, words in (("en", "Download HTML"), ("de", "HTML herunterladen")):
        answer = client.get(f"/t/{table.code.lower()}/evening?lang={lang}")
        assert answer.status_code == 200
        html = answer.data.decode("utf-8")
        assert words in html and f'href="/t/{table.code}"' in html
        assert "script-src 'self'" in answer.headers["Content-Security-Policy"]
        assert not re.search(r"<script(?![^>]*\b(src|type=\"application/json\"))", html)
        assert "style=" not in html and "<style" not in html and not re.search(r"\son\w+=", html)
        assert table.host not in html   # the token never travels in the page


# --- nothing that was never revealed ---------------------------------------------------

def exports(table, lang="en"):
    """Everything the evening gives the host, as one text."""
    return "\n".join([json.dumps(get(table, "evening", table.host, lang=lang).json, ensure_ascii=False),
                      get(table, "evening.html", table.host, lang=lang).data.decode("utf-8"),
                      get(table, "evening.csv", table.host, lang=lang).data.decode("utf-8")])


def test_a_running_hoax_keeps_its_identities(client):
    from companion import games
    from companion.i18n import translate
    hoax = games.get("hoax")
    table = Table(client, game="hoax")
    for name in ("Sylvia", "Gregor", "Petra", "Ida"):
        table.join(name)
    assert table.host_act(type="start").status_code == 200
    for lang in ("en", "de"):
        secret = [table.view(token, lang=lang)["you"]["secret"]["identity"] for token in table.tokens.values()]
        assert len(secret) == 4
        words = {w for ident in secret for w in (ident, translate(lang, f"value.{ident}", game=hoax))}
        assert not any(w.startswith("value.") for w in words)   # real words, as a page would show them
        text = exports(table, lang).lower()
        assert "Sylvia".lower() in text
        found = [w for w in words if re.search(rf"\b{re.escape(w.lower())}\b", text)]
        assert not found, found


def test_a_sealed_rule_stays_sealed(client):
    rule = "Only cards whose shape rhymes with Zanzibar"
    table = Table(client, game="what_the_rule")
    for name in ("Alan", "Bob", "Caro"):
        table.join(name)
    assert table.host_act(type="start").status_code == 200
    sealed = table.seat_act(2, type="set_rule", text=rule)
    assert sealed.status_code == 200, sealed.json
    assert rule in json.dumps(table.view(table.tokens[2]), ensure_ascii=False)   # the GM sees it
    assert rule not in json.dumps(table.view(), ensure_ascii=False)               # the table does not
    for lang in ("en", "de"):
        assert "Zanzibar" not in exports(table, lang)
    data = get(table, "evening", table.host).json["evening"]
    assert data["games"][0]["status"] == "playing" and data["games"][0]["winners"] is None
    # ended by the host, the rule is revealed on the table; the evening may show it, never needs it
    assert table.host_act(type="end").status_code == 200
    data = get(table, "evening", table.host).json["evening"]
    assert [g["status"] for g in data["games"]] == ["ended"]


def test_points_of_earlier_games_come_from_the_evening_entry(client):
    """The platform keeps each finished game's final scores and score
    history in its evening entry (gameplay.check_finished), so an earlier
    game keeps its points and chart after the next game began; an entry
    without them (a room from before) says so instead of inventing numbers."""
    from companion.evening import evening_data
    table = Table(client)
    for name in ("Sylvia", "Gregor"):
        table.join(name)
    pick_game(table, [1, 2])
    assert table.host_act(type="rematch").status_code == 200
    pick_game(table, [2, 2])
    store = client.application.extensions["companion"]
    room = store.load(table.code)
    kept = room["evening"][0]
    assert kept["scores"] and kept["points"]
    first = evening_data(room, "en")["games"][0]
    assert [r["points"] for r in first["rows"]] == [kept["scores"][str(s)] for s in (0, 1)]
    assert len(first["points"]) == len(kept["points"])
    del kept["scores"], kept["points"]             # as a room from before kept it
    first = evening_data(room, "en")["games"][0]
    assert first["scores"] is None and all(r["points"] is None for r in first["rows"])


def test_a_late_arrival_after_the_end_is_not_in_that_games_scores(client):
    """Issue #45: a phone that joins once a game is over plays from the next
    game on, as one joining during it: the finished game's seats, final
    scores and evening rows stay its players' (no "Dan 0"); the next game
    seats it and counts it."""
    table = Table(client)
    for name in ("Sylvia", "Gregor"):
        table.join(name)
    pick_game(table, [1, 2])
    dan = table.join("Dan")
    for token in (None, table.host, table.tokens[0], table.tokens[dan]):
        view = table.view(token)
        assert [s["name"] for s in view["seats"]] == ["Sylvia", "Gregor"], view["seats"]
        assert view["spectators"] == [{"seat": dan, "name": "Dan"}]
    assert table.view(table.tokens[dan])["you"].get("next_game") is True
    first = get(table, "evening", table.host).json["evening"]["games"][0]
    assert [r["name"] for r in first["rows"]] == ["Sylvia", "Gregor"]
    assert table.host_act(type="rematch").status_code == 200
    assert [s["name"] for s in table.view()["seats"]] == ["Sylvia", "Gregor", "Dan"]
    pick_game(table, [1, 2, 3])
    data = get(table, "evening", table.host).json["evening"]
    assert [[r["name"] for r in g["rows"]] for g in data["games"]] == [
        ["Sylvia", "Gregor"], ["Sylvia", "Gregor", "Dan"]]
    games, _ = rows(get(table, "evening.csv", table.host).data.decode("utf-8"))
    assert [(r[0], r[2]) for r in games[1:]] == [("1", "Sylvia"), ("1", "Gregor"),
                                                ("2", "Sylvia"), ("2", "Gregor"), ("2", "Dan")]
