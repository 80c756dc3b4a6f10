"""One worker for a friends-scale host, and the host's data (issue #41):
.env.example names every setting with its default; the single image runs
with the documented `docker run` line (port, volume, uid) and keeps its
rooms on its volume; docker-compose.single.yml (one worker on SQLite) comes
up with deploy/up; backup and restore run as docs/HOSTING.md writes them
(`exec -T app companion backup -`, ...), against the running worker; and
`down -v` removes the rooms' volume while `down` keeps it.  The Redis
stack's backup and restore run in tests/deploy/test_compose.py (one stack
per run).  Commands run with podman and podman-compose, as there."""
from __future__ import annotations

import os
import random
import re
import sqlite3
import subprocess
import sys
import time
import uuid

import pytest
import requests

from companion.games.base import sample_action
from tests.deploy.test_compose import containers  # noqa: F401 (the fixture: podman and the base images)
from tests.deploy.test_compose import compose_command, podman, run
from tests.protocol.remote import Remote
from tests.servers import ROOT, free_port

ENV = ROOT / ".env.example"


def example() -> dict[str, str]:
    return dict(line.split("=", 1) for line in ENV.read_text().splitlines()
                if line and not line.startswith("#"))


def test_env_example_names_every_setting_with_its_default():
    settings = example()
    # every variable the compose files read, with the same default
    for name in ("docker-compose.yml", "docker-compose.single.yml"):
        for variable, default in re.findall(r"\$\{(\w+):-([^}]*)\}", (ROOT / name).read_text()):
            if variable == "COMPANION_VERSION":
                continue   # deploy/up's
            assert settings.get(variable) == default, (name, variable, default, settings.get(variable))
    # every setting the server reads, with the server's own default where it is written out
    code = "\n".join(path.read_text() for path in (ROOT / "companion").rglob("*.py"))
    read = set(re.findall(r"""(?:env|os\.environ\.get)\(\s*["'](COMPANION_\w+)["']""", code))
    internal = {"COMPANION_DB", "COMPANION_EXTRA_GAMES"}   # the image's, the tests'
    assert "COMPANION_PUBLIC_URL" in read, "the pattern finds no setting the server reads: nothing would be compared"
    assert read - internal <= set(settings), read - internal - set(settings)
    for variable, default in re.findall(
            r"""(?:env|os\.environ\.get)\(\s*["'](COMPANION_\w+)["'],\s*["']([^"']*)["']\)""", code):
        if variable in settings and variable != "COMPANION_PROXIES":   # the stack's own default
            assert settings[variable].lower() == default.lower(), (variable, default)
    for variable in ("COMPANION_DB", "REDIS_URL", "COMPANION_VERSION"):   # said where they come from
        assert f"# {variable}" in ENV.read_text()


def engine_env(project: str, port: int, compose_file: str) -> dict:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("COMPANION_", "REDIS_URL", "COMPOSE_"))}
    env.update({"COMPANION_PORT": f"127.0.0.1:{port}", "BUILDAH_FORMAT": "docker",
                "COMPOSE_PROJECT_NAME": project, "COMPOSE_FILE": str(ROOT / compose_file),
                "COMPANION_COMPOSE": " ".join(compose_command())})
    return env


def wait_answering(url: str, timeout=120.0):
    deadline = time.monotonic() + timeout
    while True:
        try:
            if requests.get(url + "/healthz", timeout=2).ok:
                return
        except requests.RequestException:
            pass
        assert time.monotonic() < deadline, f"{url} does not answer"
        time.sleep(0.5)


def started(url: str) -> Remote:
    """A Haiclue room of three, its game started."""
    room = Remote(url)
    room.create("haiclue")
    for name in ("Sylvia", "Gregor", "Petra"):
        room.join(name)
    start = next(t for t in room.view(room.host)["actions"] if t["type"] == "start")
    room.ok(room.host, **sample_action(start, random.Random(3)))
    return room


def state(room: Remote, url: str) -> dict:
    views = {"table": room.view(url=url), "host": room.view(room.host, url=url),
             **{f"seat {s}": room.view(t, url=url) for s, t in room.tokens.items()}}
    for view in views.values():   # what changes by itself: the clocks
        view.pop("server_now", None)
        if view.get("skip"):
            view["skip"] = {k: v for k, v in view["skip"].items() if k not in ("server_now", "at")}
        if view.get("timer"):
            view["timer"] = {k: v for k, v in view["timer"].items() if k != "server_now"}
    return views


@pytest.mark.containers
@pytest.mark.usefixtures("containers")
def test_the_single_image_runs_as_documented_and_keeps_its_rooms():
    """docs/HOSTING.md's `docker run` line, with podman: port 5000 published,
    the named volume on /data (owned by uid 10001 from the image), and the
    room there again after the container is removed and run anew."""
    run(["podman", "build", "--format", "docker", "-t", "companion:latest", "."], cwd=ROOT,
        timeout=900)   # cached layers make it quick
    name, volume, port = f"companion-run-{uuid.uuid4().hex[:8]}", f"companion-test-{uuid.uuid4().hex[:8]}", free_port()
    line = ["podman", "run", "-d", "--name", name, "-p", f"127.0.0.1:{port}:5000",
            "-v", f"{volume}:/data", "--restart", "unless-stopped", "companion:latest"]
    url = f"http://127.0.0.1:{port}"
    try:
        run(line)
        wait_answering(url)
        assert podman("exec", name, "id", "-u") == "10001"
        assert podman("exec", name, "stat", "-c", "%u", "/data") == "10001"
        room = Remote(url)
        room.create("haiclue")
        room.join("Sylvia")
        run(["podman", "rm", "--force", "--time", "2", name])
        run(line)
        wait_answering(url)
        assert [s["name"] for s in room.view(url=url)["seats"]] == ["Sylvia"]
        assert "the published address is unknown inside a container" in podman("logs", name)
    finally:
        run(["podman", "rm", "--force", "--time", "2", name], check=False)
        run(["podman", "volume", "rm", "--force", volume], check=False)


@pytest.mark.containers
@pytest.mark.usefixtures("containers")
def test_one_worker_on_sqlite_backs_up_restores_and_tears_down(tmp_path):
    project, port = f"companion-test-{uuid.uuid4().hex[:8]}", free_port()
    env = engine_env(project, port, "docker-compose.single.yml")
    compose = compose_command()
    url = f"http://127.0.0.1:{port}"
    volume = f"{project}_companion-data"
    try:
        run([ROOT / "deploy" / "up"], env=env, cwd=ROOT, timeout=900)
        wait_answering(url)
        assert requests.get(url + "/healthz", timeout=5).json()["version"]
        room = started(url)
        kept = state(room, url)

        # the backup, as HOSTING writes it, while the worker serves
        backup = tmp_path / "companion-backup.sqlite3"
        with open(backup, "wb") as out:
            done = subprocess.run([*compose, "exec", "-T", "app", "companion", "backup", "-"],
                                  env=env, cwd=ROOT, stdout=out, stderr=subprocess.PIPE, timeout=120)
        assert done.returncode == 0, done.stderr.decode()[-2000:]
        assert backup.read_bytes().startswith(b"SQLite format 3\x00")

        # the evening goes on, then the restore brings back the backed-up state
        room.ok(room.tokens[1], url=url, type="rename", name="Gregor B")
        assert state(room, url) != kept
        with open(backup, "rb") as source:
            done = subprocess.run([*compose, "exec", "-T", "app", "companion", "restore", "-"],
                                  env=env, cwd=ROOT, stdin=source, capture_output=True, timeout=120)
        assert done.returncode == 0, done.stderr.decode()[-2000:]
        assert b"restored 1 rooms" in done.stderr
        run([*compose, "restart", "app"], env=env, cwd=ROOT, timeout=120)
        wait_answering(url)
        assert state(room, url) == kept

        # teardown: `down` keeps the rooms' volume, `down -v` removes it
        run([*compose, "down"], env=env, cwd=ROOT, timeout=120)
        assert run(["podman", "volume", "exists", volume], check=False).returncode == 0
        run([*compose, "down", "-v"], env=env, cwd=ROOT, timeout=120)
        assert run(["podman", "volume", "exists", volume], check=False).returncode == 1
    finally:
        run([*compose, "down", "-v"], env=env, cwd=ROOT, timeout=120, check=False)
        run(["podman", "volume", "rm", "--force", volume], check=False)


def test_a_laptop_backs_up_while_it_serves_and_restores_when_stopped(tmp_path):
    """`companion backup FILE` while the server runs, `companion restore
    FILE` while it is stopped (docs/HOSTING.md); a Redis backup or a newer
    one is refused in one line."""
    from tests.servers import Server
    db, backup = tmp_path / "rooms.sqlite3", tmp_path / "companion-backup.sqlite3"
    server = Server(db=str(db))
    try:
        room = Remote(server.url)
        room.create("pick")
        room.join("Sylvia")
        done = subprocess.run([sys.executable, "-m", "companion", "backup", str(backup), "--db", str(db)],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and "backed up 1 rooms" in done.stderr, done.stderr
        room.ok(room.tokens[0], type="rename", name="Sylvia B")
    finally:
        server.stop()
    done = subprocess.run([sys.executable, "-m", "companion", "restore", str(backup), "--db", str(db)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "restored 1 rooms" in done.stderr, done.stderr
    server = Server(db=str(db))
    try:
        assert [s["name"] for s in room.view(url=server.url)["seats"]] == ["Sylvia"]
    finally:
        server.stop()

    (tmp_path / "redis.backup").write_text('{"companion-redis-backup": 1, "schema": 1}\n')
    with sqlite3.connect(tmp_path / "newer.sqlite3") as newer:
        newer.execute("PRAGMA user_version = 99")
    for name, said in (("redis.backup", "is not a SQLite backup"),
                       ("newer.sqlite3", "was written by a newer companion (schema 99")):
        done = subprocess.run([sys.executable, "-m", "companion", "restore", str(tmp_path / name),
                               "--db", str(db)], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert done.returncode == 1 and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert said in done.stderr, done.stderr
