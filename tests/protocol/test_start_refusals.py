"""Fail at start, not per request: `companion serve` stops before it
listens, with one line that says what is wrong and how to fix it, when a
file the pages need is missing (any template or static file a page names,
a game's renderer), the database cannot be written, the address cannot be
listened on (a port out of range or taken, an address not on this machine,
an unknown host name), REDIS_URL is malformed or cannot be reached.  And a page never answers 500 for a
file that went missing after the start."""
from __future__ import annotations

import os
import re
import shutil
import socket
import stat
import subprocess
import sys
import time

import pytest
import requests

from tests.servers import ROOT, Server, free_port


def serve(cwd, *extra, env=None, db=None):
    """`companion serve` from ``cwd`` (a copy of the package or the
    checkout); returns the finished process (it must stop by itself)."""
    environ = dict(os.environ, PYTHONPATH=str(cwd), COMPANION_LIMITS="off", **(env or {}))
    if "REDIS_URL" not in (env or {}):
        environ.pop("REDIS_URL", None)
    args = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1",
            "--async-mode", "threading", *extra]
    if "--port" not in extra:
        args += ["--port", str(free_port())]
    if db is not None:
        args += ["--db", str(db)]
    return subprocess.run(args, cwd=cwd, env=environ, capture_output=True, text=True, timeout=60)


def one_line(done) -> str:
    """The refusal: exit status 1, exactly one line, and nothing served."""
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "open http" not in done.stdout
    assert lines[0].startswith("companion: ")
    return lines[0]


@pytest.fixture
def program(tmp_path):
    """A copy of the package, to take files away from."""
    shutil.copytree(ROOT / "companion", tmp_path / "companion",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def test_a_missing_page_file_stops_the_start_with_what_to_run(program):
    static = program / "companion" / "static"
    (static / "media" / "keepawake.webm").unlink()
    line = one_line(serve(program, db=program / "rooms.sqlite3"))
    assert line == f"companion: {static}/media/keepawake.webm is missing: run scripts/make-assets media"

    (static / "media" / "keepawake.webm").write_bytes(b"")   # empty is missing too
    assert "keepawake.webm is missing" in one_line(serve(program, db=program / "rooms.sqlite3"))
    shutil.copy(ROOT / "companion" / "static" / "media" / "keepawake.webm", static / "media")
    (static / "icons" / "icon-512.png").unlink()
    assert one_line(serve(program, db=program / "rooms.sqlite3")).endswith(
        "icons/icon-512.png is missing: run scripts/make-assets icons")
    shutil.copy(ROOT / "companion" / "static" / "icons" / "icon-512.png", static / "icons")
    (static / "render.js").unlink()
    assert "render.js is missing" in one_line(serve(program, db=program / "rooms.sqlite3"))


@pytest.mark.parametrize("relative, needer", [
    ("templates/phone.html", "the server's pages"),        # a page
    ("templates/base.html", "create.html"),                # what every page extends
    ("static/table.js", "table.html"),                     # a page's own script
    ("static/table.css", "table.html"),                    # its stylesheet
    ("static/config.js", "base.html"),                     # url_for('static', …)
    ("static/games/haiclue.js", "the game haiclue"),       # a game's renderer
    ("static/phone-help.de.html", "phone.js"),             # fetched by a script
])
def test_every_file_a_page_needs_is_checked_at_the_start(program, relative, needer):
    """Before, a missing phone.html answered 500 later, a missing table.js
    left the table dead and a missing game script was left off the page
    silently.  Each kind, taken away: one line naming it and how to get
    it back."""
    (program / "companion" / relative).unlink()
    line = one_line(serve(program, db=program / "rooms.sqlite3"))
    assert line == (f"companion: {program}/companion/{relative} is missing (needed by {needer}): "
                    f"in a checkout run git checkout -- companion/{relative}; "
                    "else install the package again")


def test_the_page_files_are_read_from_the_templates_and_every_render_is_among_them():
    """The check finds a page's files in its template (nothing to keep in
    step by hand); the templates it starts from are every one the code
    renders."""
    from companion.transport.assets import PAGE_TEMPLATES, page_files
    rendered = set()
    for path in (ROOT / "companion").rglob("*.py"):
        rendered |= set(re.findall(r"""(?:render_template|render|page)\(\s*["']([\w.]+\.html)["']""",
                                   path.read_text()))
    assert rendered and rendered <= set(PAGE_TEMPLATES), rendered
    needed = {os.path.relpath(path, ROOT / "companion") for path, _ in page_files(str(ROOT / "companion"))}
    assert {"templates/base.html", "static/table.js", "static/app.css", "static/theme.js",
            "static/icons/apple-touch-icon.png", "static/games/hoax.js"} <= needed


@pytest.mark.parametrize("args, line", [
    (["--port", "99999"], "port 99999 is out of range: choose one from 1 to 65535 with --port"),
    (["--port", "0"], "port 0 is out of range: choose one from 1 to 65535 with --port"),
    (["--host", "203.0.113.7"], "203.0.113.7 is not an address of this machine: give --host one "
                                "of its addresses, or 0.0.0.0 for every network"),
    (["--host", "nosuch.invalid"], "the host name nosuch.invalid is unknown (it resolves to no "
                                   "address): give --host an address of this machine, or 0.0.0.0 "
                                   "for every network"),
])
def test_an_address_it_cannot_listen_on_gets_its_own_line(tmp_path, args, line):
    """Before, an address not on this machine and an unknown name said
    "port is taken", and a port out of range printed a traceback."""
    assert one_line(serve(ROOT, *args, db=tmp_path / "rooms.sqlite3")) == f"companion: {line}"


@pytest.mark.parametrize("url, shown, why", [
    ("htp://localhost:6379/0", "htp://localhost:6379/0", "the scheme is htp, not redis, rediss or unix"),
    ("redis://:s3cret@localhost:63a79/0", "redis://:***@localhost:63a79/0",
     "its port is no number from 0 to 65535"),
    ("redis://localhost:6379/zero", "redis://localhost:6379/zero", "its database zero is no number"),
    ("redis:///0", "redis:///0", "no host"),
])
def test_a_malformed_redis_url_is_named_so(tmp_path, url, shown, why):
    """Before, it said "cannot be reached" (or, for a database that is no
    number, silently used database 0)."""
    line = one_line(serve(ROOT, env={"REDIS_URL": url}))
    assert line == (f"companion: REDIS_URL {shown} is not a Redis URL ({why}): write it as "
                    "redis://[:password@]host[:port][/db], or unset it to use SQLite")
    assert "s3cret" not in line


def test_without_the_browser_client_it_says_where_it_comes_from(program):
    (program / "companion" / "static" / "vendor" / "socket.io.min.js").unlink()
    line = one_line(serve(program, db=program / "rooms.sqlite3"))
    assert "vendor/socket.io.min.js is missing" in line
    assert "socket.io-client" in line and "scripts/setup" in line


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into any folder")
def test_a_database_folder_it_may_not_write_stops_the_start(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        line = one_line(serve(ROOT, db=locked / "rooms.sqlite3"))
    finally:
        locked.chmod(stat.S_IRWXU)
    assert f"the database {locked}/rooms.sqlite3 cannot be used" in line
    assert "--db or COMPANION_DB" in line


def test_a_database_path_that_cannot_be_a_database_stops_the_start(tmp_path):
    """As root (CI) no folder is closed: a folder that is a file, and a file
    that is not a database, fail the same way for everyone."""
    (tmp_path / "a-file").write_text("not a folder")
    line = one_line(serve(ROOT, db=tmp_path / "a-file" / "rooms.sqlite3"))
    assert f"the database {tmp_path}/a-file/rooms.sqlite3 cannot be used" in line
    assert "--db or COMPANION_DB" in line

    (tmp_path / "notes.sqlite3").write_bytes(b"these are my notes, not a database" * 100)
    line = one_line(serve(ROOT, db=tmp_path / "notes.sqlite3"))
    assert "notes.sqlite3 cannot be used (file is not a database)" in line


def test_a_taken_port_stops_the_start(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line(serve(ROOT, "--port", str(port), db=tmp_path / "rooms.sqlite3"))
    assert line == (f"companion: port {port} is taken (another program listens there): "
                    "stop it, or choose another port with --port")


def test_an_unreachable_redis_stops_the_start_without_its_password(tmp_path):
    with socket.socket() as closed:   # a port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    url = f"redis://:s3cret@127.0.0.1:{port}/0"
    line = one_line(serve(ROOT, env={"REDIS_URL": url}))
    assert f"REDIS_URL redis://:***@127.0.0.1:{port}/0 cannot be reached" in line
    assert "s3cret" not in line
    assert "start Redis there" in line


def test_eventlet_without_its_extra_says_how_to_install_it(tmp_path):
    """A venv without eventlet (the default install) and --async-mode eventlet."""
    blocker = tmp_path / "blocked"
    blocker.mkdir()
    (blocker / "eventlet.py").write_text("raise ImportError('not installed')\n")
    environ = dict(os.environ, PYTHONPATH=f"{blocker}:{ROOT}")
    environ.pop("REDIS_URL", None)
    done = subprocess.run(
        [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port",
         str(free_port()), "--db", str(tmp_path / "rooms.sqlite3"), "--async-mode", "eventlet"],
        cwd=ROOT, env=environ, capture_output=True, text=True, timeout=60)
    assert "pip install 'gamenight-companion[eventlet]'" in one_line(done)


def test_a_file_gone_after_the_start_costs_that_file_a_404_never_the_page_a_500(program):
    server = Server(db=str(program / "rooms.sqlite3"), env={"PYTHONPATH": f"{program}:{ROOT}"},
                    cwd=program)
    try:
        (program / "companion" / "static" / "vendor" / "socket.io.min.js").unlink()
        (program / "companion" / "static" / "media" / "keepawake.mp4").unlink()
        room = requests.post(server.url + "/api/rooms", json={"game": "pick"}, timeout=10).json()
        for path in ("/", f"/j/{room['code']}", f"/t/{room['code']}"):
            assert requests.get(server.url + path, timeout=10).status_code == 200, path
        assert requests.get(server.url + "/vendor/socket.io.min.js", timeout=10).status_code == 404
    finally:
        server.stop()


def test_healthz_says_503_while_redis_is_gone(tmp_path):
    """A worker whose Redis stopped answers its health check with 503, so a
    container runtime or a proxy takes it out; back to 200 once Redis is."""
    port = free_port()
    redis_args = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                  "--appendonly", "no", "--dir", str(tmp_path)]
    redis = subprocess.Popen(redis_args, stdout=subprocess.DEVNULL)
    server = None
    try:
        server = Server(redis_url=f"redis://127.0.0.1:{port}/0")
        assert requests.get(server.url + "/healthz", timeout=5).json()["ok"] is True
        redis.terminate()
        redis.wait(timeout=10)
        answer = requests.get(server.url + "/healthz", timeout=15)
        assert answer.status_code == 503
        assert {k: v for k, v in answer.json().items() if k != "version"} == {
            "ok": False, "store": "unreachable"}
        redis = subprocess.Popen(redis_args, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while requests.get(server.url + "/healthz", timeout=5).status_code != 200:
            assert time.monotonic() < deadline, "healthz stayed 503 with Redis back"
            time.sleep(0.1)
    finally:
        if server:
            server.stop()
        redis.terminate()
