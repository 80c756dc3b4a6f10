"""A name and a version of its own (issue #41): the distribution is
gamenight-companion (the bare "companion" on PyPI is another project), its
version is pyproject.toml's and `companion --version` and /healthz say it;
the stores record their schema (SQLite's user_version, Redis's
``companion:schema``), a newer server migrates what the previous version
wrote and refuses, in one line, what a newer one wrote.

"The previous version" is real: its code is taken from the repository at
PREVIOUS (git archive), run as a server on a SQLite file and on a Redis of
the test's own, and rooms played there are then served by this checkout
with nothing lost."""
from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
import tarfile
import tomllib
import io
import time
from pathlib import Path

import pytest
import requests
import redis as redis_client

from companion.store import SCHEMA
from tests.protocol.remote import Remote
from tests.protocol.test_start_refusals import one_line, serve
from tests.servers import ROOT, Server, free_port

#: the last commit of 0.1.0 (distribution "companion", nothing recorded in the stores)
PREVIOUS = "e380b49f3a69bd522486df6d893aaaa208c84b91"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_the_name_and_the_version_come_from_pyproject(client):
    assert PROJECT["name"] == "gamenight-companion"
    done = subprocess.run([sys.executable, "-m", "companion", "--version"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == f"gamenight-companion {PROJECT['version']}", done
    assert client.get("/healthz").json == {"ok": True, "version": PROJECT["version"]}


def test_an_installed_wheel_reads_its_version_from_its_metadata(monkeypatch, tmp_path):
    """Without pyproject.toml beside the package (a wheel), the version is
    the installed distribution's (here the checkout's editable install,
    which scripts/setup renews whenever pyproject.toml changes)."""
    from companion import version as module
    monkeypatch.setattr(module, "CHECKOUT", tmp_path / "pyproject.toml")
    module.version.cache_clear()
    try:
        assert module.version() == PROJECT["version"]
    finally:
        module.version.cache_clear()


@pytest.fixture(scope="module")
def previous(tmp_path_factory) -> Path:
    """The previous version's package and its fixture game, from the repository."""
    folder = tmp_path_factory.mktemp("previous")
    # its own fixture game too: today's is written in today's game shape (issue #43)
    archive = subprocess.run(["git", "archive", "--format=tar", PREVIOUS, "companion", "tests/__init__.py",
                              "tests/fixture_game.py"], cwd=ROOT,
                             capture_output=True, timeout=60)
    if archive.returncode != 0:
        pytest.fail(f"the previous version {PREVIOUS} is not in this repository: "
                    f"{archive.stderr.decode()[-300:]}")
    tarfile.open(fileobj=io.BytesIO(archive.stdout)).extractall(folder, filter="data")
    vendor = folder / "companion" / "static" / "vendor"   # never committed: from npm
    vendor.mkdir(parents=True, exist_ok=True)
    (vendor / "socket.io.min.js").write_bytes(
        (ROOT / "companion" / "static" / "vendor" / "socket.io.min.js").read_bytes())
    return folder


def played(server: Server) -> list[Remote]:
    """Two rooms of the fixture game, one started and one move in."""
    rooms = []
    for started in (False, True):
        room = Remote(server.url)
        room.create("pick", {"rounds": 2})
        room.join("Sylvia")
        room.join("Gregor")
        if started:
            room.ok(room.host, type="start", first=1)
            room.ok(room.tokens[0], type="pick", number=2)
        rooms.append(room)
    return rooms


def essence(room: Remote, url: str) -> dict:
    """What a room is, as every audience sees it: fields a newer server may
    add to a view are no loss, so the lasting ones are compared."""
    out = {}
    for who, token in {"table": None, "host": room.host,
                       **{f"seat {s}": t for s, t in room.tokens.items()}}.items():
        view = room.view(token, url=url)
        out[who] = {"version": view["version"], "status": view["status"],
                    "seats": [s["name"] for s in view["seats"]],
                    "log": [line["text"] for line in view["log"]],
                    "public": view["public"], "you": view.get("you")}
    return out


def test_a_sqlite_file_of_the_previous_version_is_migrated_and_its_rooms_go_on(previous, tmp_path):
    db = tmp_path / "rooms.sqlite3"
    old = Server(db=str(db), env={"PYTHONPATH": f"{previous}:{ROOT}"}, cwd=previous)
    try:
        assert "version" not in requests.get(old.url + "/healthz", timeout=5).json()   # 0.1.0 indeed
        rooms = played(old)
        before = [essence(room, old.url) for room in rooms]
    finally:
        old.stop()
    with sqlite3.connect(db) as made:
        assert made.execute("PRAGMA user_version").fetchone()[0] == 0

    new = Server(db=str(db))
    try:
        with sqlite3.connect(db) as migrated:
            assert migrated.execute("PRAGMA user_version").fetchone()[0] == SCHEMA == 1
        assert [essence(room, new.url) for room in rooms] == before
        room = rooms[1]
        room.ok(room.tokens[1], url=new.url, type="pick", number=3)   # and it goes on
    finally:
        new.stop()


def test_a_sqlite_file_of_a_newer_version_is_refused_in_one_line_and_left_alone(tmp_path):
    db = tmp_path / "rooms.sqlite3"
    with sqlite3.connect(db) as newer:
        newer.execute("PRAGMA user_version = 99")
    line = one_line(serve(ROOT, db=db))
    version = PROJECT["version"]
    assert line == (f"companion: the database {db} was written by a newer companion (schema 99; "
                    f"this is {version}, which knows up to {SCHEMA}): run that version, or give "
                    "another file with --db or COMPANION_DB")
    with sqlite3.connect(db) as untouched:
        assert untouched.execute("PRAGMA user_version").fetchone()[0] == 99
        assert untouched.execute("SELECT name FROM sqlite_master").fetchall() == []


@pytest.fixture
def redis_server(tmp_path):
    port = free_port()
    process = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1",
                                "--save", "", "--appendonly", "no", "--dir", str(tmp_path)],
                               stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + 10
    while True:
        try:
            redis_client.Redis.from_url(url).ping()
            break
        except redis_client.ConnectionError:
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)
    yield url
    process.terminate()
    process.wait(10)


def test_redis_data_of_the_previous_version_is_migrated_and_a_newer_one_refused(previous,
                                                                                 redis_server):
    data = redis_client.Redis.from_url(redis_server, decode_responses=True)
    old = Server(redis_url=redis_server, env={"PYTHONPATH": f"{previous}:{ROOT}"}, cwd=previous)
    try:
        rooms = played(old)
        before = [essence(room, old.url) for room in rooms]
    finally:
        old.stop()
    assert data.get("companion:schema") is None and data.keys("companion:room:*")

    new = Server(redis_url=redis_server)
    try:
        assert data.get("companion:schema") == str(SCHEMA)
        assert data.ttl("companion:schema") == -1   # kept, while rooms expire
        assert [essence(room, new.url) for room in rooms] == before
        rooms[1].ok(rooms[1].tokens[1], url=new.url, type="pick", number=3)
    finally:
        new.stop()

    data.set("companion:schema", 99)
    line = one_line(serve(ROOT, env={"REDIS_URL": redis_server}))
    port = redis_server.rsplit(":", 1)[1].split("/")[0]
    assert line == (f"companion: Redis at 127.0.0.1:{port}/0 holds the data of a newer companion "
                    f"(schema 99; this is {PROJECT['version']}, which knows up to {SCHEMA}): run "
                    "that version, or give REDIS_URL another database")
    assert data.get("companion:schema") == "99"


def test_every_install_instruction_names_the_distribution():
    """No line tells a host to `pip install companion` (that installs another
    project) nor names its wheel companion-*.whl."""
    texts = {path: path.read_text() for path in
             [ROOT / "README.md", ROOT / "docs" / "HOSTING.md", ROOT / "companion" / "cli.py",
              ROOT / "Dockerfile"]}
    wrong = re.compile(r"pip install '?companion\b(?!-)|(?<![\w/])companion-\S*\.whl|dist/companion-")
    for path, text in texts.items():
        assert not wrong.search(text), f"{path}: {wrong.search(text)}"
    assert "gamenight-companion" in texts[ROOT / "docs" / "HOSTING.md"]
    assert os.path.exists(ROOT / "companion" / "version.py")
