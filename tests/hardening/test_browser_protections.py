"""What a browser is told: a Content-Security-Policy that runs only this
server's own scripts (the pages have no inline script, style or event
handler to need more; inline styles are still allowed), no framing, no sniffing, no referrer, nothing stored
that holds a view or a token; and Socket.IO only from the same origin."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

from tests.conftest import Table


@pytest.fixture
def app_pair(make_app):
    return make_app(LIMITS="off")


@pytest.fixture
def table(app_pair):
    table = Table(app_pair[0].test_client())
    table.join("Sylvia")
    return table


def policy(answer) -> dict[str, list[str]]:
    directives = {}
    for part in answer.headers["Content-Security-Policy"].split(";"):
        name, *values = part.split()
        directives[name] = values
    return directives


def assert_protected(answer):
    csp = policy(answer)
    assert csp["script-src"] == ["'self'"]            # no inline script, no eval
    assert csp["default-src"] == ["'self'"] and csp["object-src"] == ["'none'"]
    assert csp["frame-ancestors"] == ["'none'"] and csp["base-uri"] == ["'none'"]
    assert all(not v.startswith(("http:", "https:", "*")) for values in csp.values() for v in values)
    assert answer.headers["X-Frame-Options"] == "DENY"
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "no-referrer"


def test_pages_and_answers_carry_the_protections(app_pair, table):
    client = app_pair[0].test_client()
    no_store = {
        "page /": client.get("/"),
        "table page": client.get(f"/t/{table.code}"),
        "phone page": client.get(f"/j/{table.code}"),
        "public view": client.get(f"/api/rooms/{table.code}"),
        "seat view": client.get(f"/api/rooms/{table.code}",
                                headers={"Authorization": f"Bearer {table.tokens[0]}"}),
        "new room (host token)": client.post("/api/rooms", json={"game": "pick"}),
        "new seat (token)": client.post(f"/api/rooms/{table.code}/seats", json={"name": "Gregor"}),
        "refusal": client.get("/api/rooms/QQQQQ"),
        "qr": client.get(f"/api/rooms/{table.code}/qr.svg"),
        "health": client.get("/healthz"),
        "socket.io": client.get("/socket.io/?EIO=4&transport=polling"),
    }
    for name, answer in no_store.items():
        assert answer.status_code < 500, name
        assert_protected(answer)
        assert "no-store" in answer.headers["Cache-Control"], name
    static = client.get("/static/texts.js")
    assert "no-store" not in static.headers.get("Cache-Control", "")   # scripts may be cached
    # a script, a stylesheet, a video or an icon is never a document: nosniff
    # keeps it from being run as one, and the document protections stay off it
    # (issue #44: ~400 bytes per file on every phone); an SVG may be a document
    for url in ("/static/texts.js", "/static/app.css", "/static/media/keepawake.webm",
                "/static/icons/icon-192.png"):
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert answer.headers["X-Content-Type-Options"] == "nosniff", url
        assert not {"Content-Security-Policy", "X-Frame-Options", "Content-Disposition"} & set(
            answer.headers.keys()), url
    assert_protected(client.get("/static/icons/companion.svg"))


class InlineScript(HTMLParser):
    """Collects, in a page's own markup, the script the CSP blocks: inline
    <script>, event handler attributes, javascript: links.  (Inline styles
    are still allowed: see CSP in transport/headers.py.)"""

    def __init__(self):
        super().__init__()
        self.blocked: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.blocked += [f"<{tag} {name}=...>" for name in attrs if name.startswith("on")]
        if tag == "script" and "src" not in attrs and attrs.get("type") != "application/json":
            self.blocked.append("inline <script>")
        if any((attrs.get(name) or "").strip().lower().startswith("javascript:")
               for name in ("href", "src", "action")):
            self.blocked.append(f"javascript: in <{tag}>")


def test_pages_have_no_inline_script(app_pair, table):
    client = app_pair[0].test_client()
    for url in ("/", f"/t/{table.code}", f"/j/{table.code}", "/?lang=de"):
        page = InlineScript()
        page.feed(client.get(url).text)
        assert page.blocked == [], (url, page.blocked)
    assert "'unsafe-inline'" not in policy(client.get("/"))["script-src"]


def test_the_page_settings_travel_as_data(app_pair, table):
    """config.js reads them: language, texts and the room code."""
    import json
    import re
    page = app_pair[0].test_client().get(f"/j/{table.code}").text
    block = re.search(r'<script id="companion-config" type="application/json">(.*?)</script>', page, re.S)
    settings = json.loads(block.group(1))
    assert settings["code"] == table.code and settings["lang"] == "en" and settings["texts"]
    assert '<script src="/static/config.js"></script>' in page


@pytest.mark.parametrize("origin,allowed", [
    (None, True),                              # not a browser: the token decides
    ("http://localhost", True),                # the page's own origin (the test client's host)
    ("http://evil.example", False),
    ("http://localhost.evil.example", False),
    ("null", False),
])
def test_socket_io_from_the_same_origin_only(app_pair, origin, allowed):
    headers = {"Origin": origin} if origin else {}
    answer = app_pair[0].test_client().get("/socket.io/?EIO=4&transport=polling", headers=headers)
    assert (answer.status_code == 200) is allowed, (answer.status_code, answer.data[:200])
    if not allowed:
        assert "Access-Control-Allow-Origin" not in answer.headers
