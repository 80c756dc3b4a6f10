"""The join link is right or the host is told (issue #41).

Join links and QR codes carry COMPANION_PUBLIC_URL when it is set, else the
address the tablet used.  When phones cannot use that one (a loopback name,
an address inside a container, a server that listens on loopback only) the
table says so in a note, in both languages and never below 20 px, with
what to do, and shows no QR code; on a laptop that listens on every
network a loopback tablet gets the LAN address, and a note naming it.  A
join link never carries a container's own address nor one the server does
not listen on.  In process for every case; a real server and Chromium for
the note as the tablet shows it; the container's start line in
tests/deploy/test_compose.py."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import requests

from companion.transport import api
from tests.quiet_network import chromium_env
from tests.servers import Server

PAGE = re.compile(r'<p id="join-note" class="tb-join-note" role="note">([^<]*)</p>')


def table(client, host: str, lang: str = "en") -> tuple[dict, str | None, bool]:
    """A new room's URLs, its table's note and whether the QR code shows,
    as a tablet that opened ``host`` gets them."""
    room = client.post("/api/rooms", json={"game": "pick"}, headers={"Host": host})
    code = room.json["code"]
    page = client.get(f"/t/{code}?lang={lang}", headers={"Host": host}).get_data(as_text=True)
    qr = re.search(r'<img id="qr"[^>]*>', page).group(0)
    note = PAGE.search(page)
    urls = client.get(f"/api/rooms/{code}/urls", headers={"Host": host}).json
    return urls, html.unescape(note.group(1)) if note else None, " hidden" not in qr


@pytest.fixture
def on(make_app, monkeypatch):
    """A client of an app without COMPANION_PUBLIC_URL, listening on
    ``listen``, inside a container or not, on LAN address ``lan``."""
    def make(listen="0.0.0.0", container=False, lan="192.168.1.20", public=None, proxies=0):
        monkeypatch.setattr(api, "in_container", lambda: container)
        monkeypatch.setattr(api, "lan_address", lambda: lan)
        app, _ = make_app(PUBLIC_URL=public, LISTEN_HOST=listen, PROXIES=proxies)
        return app.test_client()
    return make


def test_the_public_url_when_set(on):
    urls, note, qr = table(on(public="https://games.example.org/", container=True), "localhost:8080")
    assert urls["join"].startswith("https://games.example.org/j/") and note is None and qr


def test_the_address_the_tablet_used_when_phones_reach_it(on):
    for container in (False, True):
        urls, note, qr = table(on(container=container), "gamenight.lan:8080")
        assert urls["join"].startswith("http://gamenight.lan:8080/j/") and note is None and qr


def test_a_laptop_on_every_network_gives_a_loopback_tablet_its_lan_address_and_says_so(on):
    client = on(listen="0.0.0.0")
    urls, note, qr = table(client, "localhost:5000")
    assert urls["join"].startswith("http://192.168.1.20:5000/j/") and qr
    assert note == ("This screen was opened as localhost, so the QR code carries this computer's "
                    "address in the local network, 192.168.1.20:5000. If a phone cannot open it, "
                    "open this table at an address the phones reach, or set COMPANION_PUBLIC_URL.")
    assert "192.168.1.20:5000" in table(client, "127.0.0.1:5000", "de")[1]


def test_a_server_on_loopback_only_never_sends_phones_to_the_lan(on):
    """`--host 127.0.0.1`: before, the QR code carried the LAN address,
    where nothing listens."""
    client = on(listen="127.0.0.1")
    urls, note, qr = table(client, "127.0.0.1:5000")
    assert urls["join"].startswith("http://127.0.0.1:5000/j/") and not qr
    assert note == ("The server listens only on 127.0.0.1: phones cannot reach it. Start it with "
                    "--host 0.0.0.0 (every network), or set COMPANION_PUBLIC_URL to an address the "
                    "phones reach; then the QR code for the phones appears here.")
    assert table(client, "localhost:5000", "de")[1].startswith("Der Server lauscht nur auf 127.0.0.1:")


def test_a_loopback_tablet_of_a_container_gets_no_container_address(on):
    """The stack opened on localhost:8080: before, the QR code carried the
    worker container's own address (http://10.89.0.3:8080)."""
    client = on(container=True, lan="10.89.0.3")
    urls, note, qr = table(client, "localhost:8080")
    assert "10.89." not in urls["join"] and urls["join"].startswith("http://localhost:8080/j/")
    assert not qr
    assert note == ("Phones cannot join at localhost: on a phone that name means the phone itself. "
                    "Open this table at this computer's address in the local network (such as "
                    "http://192.168.1.20:8080), or set COMPANION_PUBLIC_URL to that address; then "
                    "the QR code for the phones appears here.")
    assert table(client, "localhost:8080", "de")[1].startswith(
        "Unter localhost können Handys nicht mitspielen")
    # behind a proxy on a laptop (COMPANION_PROXIES) the LAN address is no better guess
    urls, note, qr = table(on(container=False, proxies=1), "127.0.0.1:8080")
    assert urls["join"].startswith("http://127.0.0.1:8080/j/") and not qr


def test_a_tablet_on_the_containers_own_address_is_told(on):
    client = on(container=True, lan="10.89.0.3")
    for host in ("10.89.0.3:5000", "10.89.0.5"):   # the worker's, the proxy's on the same network
        urls, note, qr = table(client, host)
        assert not qr, host
        assert note.startswith(f"{host.split(':')[0]} is an address inside the container: "
                               "phones cannot reach it."), note
    assert table(client, "10.89.0.3:5000", "de")[1].startswith(
        "10.89.0.3 ist eine Adresse im Container")
    assert table(client, "192.168.1.20:8080")[1] is None   # the host's LAN address: fine


def test_the_tablet_shows_the_note_large_in_both_languages(tmp_path):
    """A real `companion serve --host 127.0.0.1` without COMPANION_PUBLIC_URL,
    its table in Chromium at 1280x800: the note is visible, at least 20 px,
    the QR code is not."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: scripts/setup --test installs it")
    server = Server(db=str(tmp_path / "rooms.sqlite3"),   # as on a laptop, not in a container
                    env={"COMPANION_PUBLIC_URL": "", "COMPANION_CONTAINER": "no"})
    try:
        code = requests.post(server.url + "/api/rooms", json={"game": "pick"}, timeout=10).json()["code"]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"],
                                        env=chromium_env())
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            for lang, start in (("en", "The server listens only on 127.0.0.1"),
                                ("de", "Der Server lauscht nur auf 127.0.0.1")):
                page.goto(f"{server.url}/t/{code}?lang={lang}")
                note = page.locator("#join-note")
                assert note.is_visible() and note.inner_text().startswith(start)
                size = float(note.evaluate("e => getComputedStyle(e).fontSize").rstrip("px"))
                assert size >= 20, size
                assert not page.locator("#qr").is_visible()
            browser.close()
    finally:
        server.stop()
    printed = server.log_path.read_text()
    assert f"companion: open {server.url}/ on the tablet" in printed
    assert "companion: listening on 127.0.0.1 only: phones cannot reach it" in printed


def test_in_a_container_the_start_says_the_published_address_is_unknown(tmp_path):
    server = Server(db=str(tmp_path / "rooms.sqlite3"),
                    env={"COMPANION_PUBLIC_URL": "", "COMPANION_CONTAINER": "yes"})
    server.stop()
    printed = server.log_path.read_text()
    assert "companion: the published address is unknown inside a container" in printed
    assert "open http" not in printed and "█" not in printed   # no address, no QR code of one
    configured = Server(db=str(tmp_path / "rooms.sqlite3"),
                        env={"COMPANION_PUBLIC_URL": "http://games.lan:8080",
                             "COMPANION_CONTAINER": "yes"})
    configured.stop()
    assert "companion: open http://games.lan:8080/ on the tablet" in configured.log_path.read_text()
