"""The phone page is light (issue #12): on a first visit with an empty
cache (cache switched off over CDP), the join page and the seated phone
page of every shipped game transfer at most 60 KB (first_visit.BUDGET), in
both languages: every HTTP answer as it came over the wire (gzipped, headers
included) and the Socket.IO frames the server sent.  Bytes only, never time
(the maintainer's printer of the same measurement adds the time to first
actions)."""
from __future__ import annotations

import pytest

from companion import games
from tests.browser import first_visit as weight
from tests.servers import Server

SHIPPED = sorted(games.shipped())


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(db=str(tmp_path_factory.mktemp("weight") / "rooms.sqlite3"), env={"COMPANION_LIMITS": "off"})
    yield srv
    srv.stop()


def described(visit: dict) -> str:
    return f"{visit['bytes']} bytes:\n" + "\n".join(f"  {size:>7}  {url}" for size, url in visit["answers"])


@pytest.mark.parametrize("game_name", SHIPPED)
def test_the_phone_page_stays_within_its_budget(server, browser, game_name):
    low, _ = games.get(game_name).player_range({})
    lobby = weight.open_room(server.url, game_name, low, start=False)
    joining = weight.first_visit(browser, server.url, lobby["code"], lang="de")
    assert joining["ms"] is not None, "the join form never showed"
    assert joining["bytes"] <= weight.BUDGET, "join page: " + described(joining)

    playing = weight.open_room(server.url, game_name, low, start=True)
    for lang in ("en", "de"):
        seated = weight.first_visit(browser, server.url, playing["code"], playing["seat"], playing["token"], lang)
        assert seated["ms"] is not None, f"the seated phone ({lang}) never drew its view"
        # the page, its styles and scripts, and the first view over the socket all count
        urls = " ".join(url for _, url in seated["answers"])
        assert "/static/phone.js" in urls and "socket.io" in urls and f"/j/{playing['code']}" in urls, urls
        assert seated["bytes"] <= weight.BUDGET, f"seated phone page ({lang}): " + described(seated)


def test_static_files_are_gzipped_and_kept_while_pages_are_not(server):
    """What makes a second visit cheap: versioned static URLs are cached a
    year (and gzipped); pages and API answers are never stored."""
    import re

    import requests
    room = weight.open_room(server.url, SHIPPED[0], games.get(SHIPPED[0]).player_range({})[0], start=False)
    page = requests.get(f"{server.url}/j/{room['code']}", headers={"Accept-Encoding": "gzip"}, timeout=10)
    assert page.headers["Content-Encoding"] == "gzip" and "no-store" in page.headers["Cache-Control"]
    scripts = re.findall(r'<script src="([^"]+)"', page.text)
    assert any(f"/static/games/{SHIPPED[0]}.js?v=" in src for src in scripts), scripts
    assert not any("/static/games/" in src and SHIPPED[0] not in src for src in scripts), "another game's script"
    for src in [src for src in scripts if "?v=" in src]:
        answer = requests.get(server.url + src, headers={"Accept-Encoding": "gzip"}, timeout=10)
        assert answer.headers["Content-Encoding"] == "gzip", src
        assert "max-age=31536000" in answer.headers["Cache-Control"], src
        assert "Accept-Encoding" in answer.headers["Vary"], src
        stale = requests.get(server.url + src.split("?")[0] + "?v=old", timeout=10)
        assert stale.headers["Cache-Control"] == "no-cache", src   # an old page's URL: revalidated
        plain = requests.get(server.url + src, headers={"Accept-Encoding": "identity"}, timeout=10)
        assert "Content-Encoding" not in plain.headers, src
        assert int(answer.headers["Content-Length"]) < len(plain.content) == len(answer.content), src
    view = requests.get(f"{server.url}/api/rooms/{room['code']}", headers={"Accept-Encoding": "gzip"}, timeout=10)
    assert "no-store" in view.headers["Cache-Control"]


def test_a_page_tells_its_room_apart_only_within_the_guesses(make_app):
    """The table and phone pages look their room up (to send its game's
    script and texts along): a miss counts against the address's unknown
    room codes, and an address out of guesses gets every page without its
    game, hit or miss alike (see transport/limits.py)."""
    import json
    import re
    app, _ = make_app(LIMITS={"unknown_room": (2, 600)})
    code = app.test_client().post("/api/rooms", json={"game": "hoax", "options": {}}).get_json()["code"]
    guesser = app.test_client()

    def game_of(client, url, address="10.0.0.7"):
        page = client.get(url, environ_base={"REMOTE_ADDR": address})
        assert page.status_code == 200
        block = re.search(r'<script id="companion-config" type="application/json">(.*?)</script>', page.text, re.S)
        return json.loads(block.group(1))["game"]

    assert game_of(guesser, f"/j/{code}") == "hoax" and game_of(guesser, f"/t/{code}") == "hoax"
    assert game_of(guesser, "/j/AAAAA") is None and game_of(guesser, "/t/AAAAB") is None
    assert game_of(guesser, f"/j/{code}") is None and game_of(guesser, f"/t/{code}") is None
    assert game_of(app.test_client(), f"/j/{code}", "10.0.0.8") == "hoax"   # nobody else is touched
