"""The contract lives in the repository (issue #43): README.md and docs/
link only to files that are here, nothing points outside the repository
for the contract, and docs/PROTOCOL.md names every error code, socket
event and HTTP route the code has."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import games
from companion.errors import CODES
from companion.games.base import SHARED_ERRORS

ROOT = Path(__file__).resolve().parents[2]
PROTOCOL = ROOT / "docs" / "PROTOCOL.md"
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

#: [text](target): a Markdown link (images too); the target up to a space or ")"
LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
#: a path to a document written as code: `docs/HOSTING.md` (not a pattern: `docs/games/<name>.md`)
DOC_PATH = re.compile(r"`((?:docs/|\.\./)[^`\s<]*\.md)`")
#: what once pointed outside: the design, the game specs and the rulebooks in ../shared
OUTSIDE = re.compile(r"\.\./shared|/work/shared|shared/DESIGN\.md|shared/games/|shared/rules/")


def protocol_text() -> str:
    return PROTOCOL.read_text(encoding="utf-8")


def local_targets(doc: Path) -> list[tuple[Path, str]]:
    """(the folder it is relative to, target): a link is relative to its
    document, a path written as code to the repository's root."""
    text = doc.read_text(encoding="utf-8")
    links = [(doc.parent, t) for t in LINK.findall(text)
             if not re.match(r"^[a-z][a-z0-9+.-]*:", t) and not t.startswith("#")]
    return links + [(ROOT, t) for t in DOC_PATH.findall(text)]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_resolves_inside_the_repository(doc):
    broken = []
    for base, target in local_targets(doc):
        resolved = (base / target.split("#", 1)[0]).resolve()
        if ROOT not in resolved.parents or not resolved.exists():
            broken.append(target)
    assert not broken, f"{doc.relative_to(ROOT)} links to what is not in the repository: {broken}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_document_sends_the_reader_outside_for_the_contract(doc):
    found = [line.strip() for line in doc.read_text(encoding="utf-8").splitlines() if OUTSIDE.search(line)]
    assert not found, f"{doc.relative_to(ROOT)} points outside the repository: {found}"


def test_the_code_points_inside_the_repository_for_the_contract():
    """Comments and docstrings too: a game's decisions are in docs/games."""
    package = ROOT / "companion"
    found = []
    for path in sorted(package.rglob("*")):
        if path.suffix not in (".py", ".js", ".html", ".css", ".md") or "vendor" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}")
    assert not found, f"these point outside the repository: {found}"


def test_the_protocol_names_every_error_code():
    text = protocol_text()
    missing = [code for code in {**CODES, **SHARED_ERRORS} if f"`{code}`" not in text]
    assert not missing, f"docs/PROTOCOL.md does not list these error codes: {missing}"


def test_the_protocol_gives_every_platform_code_its_status():
    rows = dict(re.findall(r"^\| `(\w+)` \| (\d{3}) \|", protocol_text(), re.MULTILINE))
    wrong = {code: (rows.get(code), status) for code, status in {**CODES, **SHARED_ERRORS}.items()
             if rows.get(code) != str(status)}
    assert not wrong, f"docs/PROTOCOL.md's status differs from the code's (doc, code): {wrong}"


def refusal_codes(game) -> set[str]:
    """A game's refusal codes: its ``errors`` table, and every code it has
    a message for (``error.<code>``, a platform code worded its own way
    included)."""
    worded = {key.split(".", 1)[1] for key in game.texts["en"]
              if key.startswith("error.") and key.count(".") == 1}
    return set(game.errors) | worded


#: the shipped games (not the suite's fixture games, which conftest registers)
SHIPPED = sorted(games.shipped())


@pytest.mark.parametrize("name", SHIPPED)
def test_each_game_has_its_document_with_its_refusal_codes(name):
    doc = ROOT / "docs" / "games" / f"{name}.md"
    assert doc.is_file(), f"no docs/games/{name}.md"
    text = doc.read_text(encoding="utf-8")
    codes = refusal_codes(games.get(name))
    assert codes, f"{name}: no refusal codes found (neither its errors table nor error.* texts)"
    missing = [code for code in codes if f"`{code}`" not in text]
    assert not missing, f"docs/games/{name}.md does not list these refusal codes: {missing}"


def socket_events() -> tuple[set[str], set[str]]:
    """The events the server handles (``on_<event>``) and emits, read
    from its source: a new one must be documented."""
    source = (ROOT / "companion" / "transport" / "sockets.py").read_text(encoding="utf-8")
    handled = set(re.findall(r"def on_(\w+)\(", source))
    emitted = set(re.findall(r"emit\(\s*\"(\w+)\"", source))
    return handled, emitted


#: handlers that are no event name a client sends: ``on_unknown`` answers
#: any other event, ``on_malformed`` a packet the guard could not decode;
#: connect and disconnect are Socket.IO's own
NOT_EVENT_NAMES = {"unknown", "malformed", "connect", "disconnect"}


def test_the_protocol_names_every_socket_event():
    handled, emitted = socket_events()
    assert "action" in handled and "view" in emitted, "the events are no longer found this way"
    text = protocol_text()
    missing = sorted(e for e in (handled - NOT_EVENT_NAMES) | emitted if f"`{e}`" not in text)
    assert not missing, f"docs/PROTOCOL.md does not describe these socket events: {missing}"


def test_the_protocol_names_every_http_route(make_app):
    app, _ = make_app()
    text = protocol_text()
    rules = {rule.rule for rule in app.url_map.iter_rules()}
    assert "/api/rooms/<code>/actions" in rules
    missing = sorted(rule for rule in rules if f"`{rule}`" not in text and f" {rule}`" not in text)
    assert not missing, f"docs/PROTOCOL.md does not describe these routes: {missing}"
