"""The image and the compose stack, for real: the Dockerfile built with
podman, docker-compose.yml brought up with podman-compose (Redis, two
workers, nginx with deploy/nginx.conf) on a free port of this machine's
loopback, and rooms played through the proxy by phones on Socket.IO.

A room lives on the worker its code hashes to; rooms are opened until
both workers serve one.  Each service is restarted in turn (worker 1,
worker 2, both, Redis, the proxy): within 30 s everything answers again,
every room is as it was and back on its own worker, and play goes on.
Then one worker is killed mid-game: the phones of
its room lose their sockets, those of the other room keep theirs, and
after reconnecting through the proxy the room goes on on the other worker
with every view as it was (version, log, secrets) and further moves
accepted.  Where no registry is reachable scripts/container-base makes
the base images from Debian's packages first (once: podman keeps them).
Skipped only where containers cannot run at all; the stack is removed
(containers, their volumes, the network) whatever happens."""
from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import uuid
from pathlib import Path

import pytest
import requests
import socketio

from companion.games.base import sample_action
from tests.protocol.remote import Remote, Sock
from tests.servers import ROOT, free_port

pytestmark = pytest.mark.containers

GAME, NAMES = "haiclue", ["Sylvia", "Gregor", "Petra"]
SERVICES = ("redis", "app1", "app2", "proxy")
RECOVERY = 30.0   # seconds after a restart within which everything answers again
# moves a phone could make at any time: not the game's own
PLATFORM = {"rename", "leave", "explain", "undo", "end", "reopen_seat", "kick", "new_game"}


def run(args, timeout=900, check=True, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True,
                          timeout=timeout, **kwargs)
    if check and done.returncode != 0:
        raise AssertionError(f"{' '.join(map(str, args))} exited {done.returncode}:\n"
                             f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done


def podman(*args, **kwargs) -> str:
    return run(["podman", *args], **kwargs).stdout.strip()


def probe_rootfs(folder: Path) -> Path:
    """A root file system of /usr/bin/true and its libraries: a container
    that needs no image, so no registry and no base image."""
    libs = [word for word in run(["ldd", "/usr/bin/true"]).stdout.split() if word.startswith("/")]
    for path in ["/usr/bin/true", *libs]:
        target = folder / path.lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)
    return folder


@pytest.fixture
def containers():
    """podman that runs containers here, and the base images, or a skip."""
    tools = run([ROOT / "scripts" / "container-base", "--tools"], check=False)
    if not shutil.which("podman"):
        pytest.skip(f"no podman, and it could not be installed: {tools.stderr[-500:]}")
    assert tools.returncode == 0, tools.stderr[-2000:]
    with tempfile.TemporaryDirectory() as folder:
        probe = run(["podman", "run", "--rm", "--rootfs", probe_rootfs(Path(folder)),
                     "/usr/bin/true"], check=False, timeout=120)
    if probe.returncode != 0:
        pytest.skip(f"containers cannot run here (podman run: {probe.stderr.strip()[-500:]})")
    run([ROOT / "scripts" / "container-base"])


def compose_command() -> list[str]:
    found = Path(sys.executable).with_name("podman-compose")
    if not found.exists():
        found = shutil.which("podman-compose")
    assert found, "no podman-compose: scripts/setup --test installs the pinned one"
    return [str(found)]


class Stack:
    """One compose project: its containers by service, Redis's presence."""

    def __init__(self, project: str, port: int, compose: list[str], env: dict):
        self.project, self.port, self.compose, self.env = project, port, compose, env
        self.url = f"http://127.0.0.1:{port}"

    def run(self, *args, **kwargs) -> subprocess.CompletedProcess:
        """A podman-compose command on this project, as the host types it."""
        return run(self.compose + list(args), env=self.env, cwd=ROOT, **kwargs)

    def container(self, service: str) -> str:
        return podman("ps", "-a", "--filter", f"label=io.podman.compose.project={self.project}",
                      "--filter", f"label=io.podman.compose.service={service}",
                      "--format", "{{.Names}}")

    def redis(self, *command) -> list[str]:
        return podman("exec", self.container("redis"), "redis-cli", "--raw", *command).split()

    def homes(self, code: str) -> set[str]:
        """The server processes holding the room's sockets."""
        return {value.split("|", 1)[0] for value in self.redis("HVALS", f"companion:presence:{code}")}

    def servers(self) -> set[str]:
        """The server processes alive (their heartbeat in Redis)."""
        return set(self.redis("ZRANGE", "companion:servers", "0", "-1"))

    def healthy(self, service: str) -> bool:
        """The service's health check passes (run here: podman 4.3 schedules
        them with systemd timers, which a machine without systemd lacks)."""
        return run(["podman", "healthcheck", "run", self.container(service)], check=False,
                   timeout=30).returncode == 0

    def wait_healthy(self, timeout=120.0):
        deadline = time.monotonic() + timeout
        for service in SERVICES:
            while not self.healthy(service):
                assert time.monotonic() < deadline, f"{service} is not healthy:\n{self.logs()}"
                time.sleep(1)
        while not self.answers():
            assert time.monotonic() < deadline, f"the proxy does not answer:\n{self.logs()}"
            time.sleep(0.5)

    def answers(self) -> bool:
        try:
            return requests.get(self.url + "/healthz", timeout=2).ok
        except requests.RequestException:
            return False

    def logs(self, lines=40) -> str:
        """Each container's last lines; the proxy's without the requests it
        answered well (its own and nginx's messages are what tell)."""
        names = podman("ps", "-a", "--filter", f"label=io.podman.compose.project={self.project}",
                       "--format", "{{.Names}}", check=False).split()
        out = []
        for name in names:
            done = run(["podman", "logs", "--tail", 2000, name], check=False)
            kept = [line for line in (done.stdout + done.stderr).splitlines()
                    if not re.search(r'HTTP/1\.[01]" (101|200|201|204|304) ', line)]
            out.append(f"--- {name}\n" + "\n".join(kept[-lines:]))
        return "\n".join(out)


def tear_down(stack: Stack, compose: list[str], env: dict):
    """Containers with their anonymous volumes (the image's /data), then
    the project's named volumes and network."""
    label = f"label=io.podman.compose.project={stack.project}"
    ids = podman("ps", "-aq", "--filter", label, check=False).split()
    volumes = podman("inspect", "--format", "{{range .Mounts}}{{.Name}} {{end}}", *ids,
                     check=False).split() if ids else []
    if ids:
        run(["podman", "rm", "--force", "--volumes", "--time", "2", *ids], check=False)
    run(compose + ["down", "--volumes"], check=False, env=env, cwd=ROOT)
    volumes += podman("volume", "ls", "-q", "--filter", label, check=False).split()
    for volume in volumes:
        run(["podman", "volume", "rm", "--force", volume], check=False)
    for network in podman("network", "ls", "-q", "--filter", label, check=False).split():
        run(["podman", "network", "rm", "--force", network], check=False)


@pytest.fixture
def stack(containers, request):
    project, port = f"companion-test-{uuid.uuid4().hex[:8]}", free_port()
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("COMPANION_", "REDIS_URL"))}   # the file's defaults
    env.update({"COMPANION_PORT": f"127.0.0.1:{port}", "BUILDAH_FORMAT": "docker",
                "COMPOSE_PROJECT_NAME": project, "COMPANION_COMPOSE": " ".join(compose_command()),
                # every room and seat of the test comes from one address (tests/hardening
                # tests the limits); the setting reaches the workers as any in .env.example
                "COMPANION_LIMITS": "off"})
    compose = compose_command() + ["-p", project, "-f", ROOT / "docker-compose.yml"]
    up, failed, ready = Stack(project, port, compose, env), request.session.testsfailed, False
    try:
        # as documented: the first start is deploy/up (every time: cached layers make it quick)
        run([ROOT / "deploy" / "up"], env=env, cwd=ROOT, timeout=900)
        up.wait_healthy()
        ready = True
        yield up
    finally:
        if not ready or request.session.testsfailed > failed:
            print(up.logs())   # shown with the failure
        tear_down(up, compose, env)


class Room:
    """A game of three phones and a table, all through the proxy."""

    def __init__(self, url: str, rng: random.Random):
        self.remote, self.rng = Remote(url), rng
        self.remote.create(GAME)
        for name in NAMES:
            self.remote.join(name)
        self.code = self.remote.code
        self.socket_url = f"{url}?room={self.code}"
        self.connect()

    def connect(self):
        """The phones' and the table's sockets (again, after a worker died)."""
        self.phones = {seat: Sock(self.socket_url, self.code, token, transports=["websocket"])
                       for seat, token in self.remote.tokens.items()}
        self.table = Sock(self.socket_url, self.code, transports=["websocket"])
        self.socks = [*self.phones.values(), self.table]
        for sock in self.socks:   # the first view: the socket counts as present
            sock.wait(lambda view: True)

    def close(self):
        for sock in self.socks:
            sock.close()

    def connected(self) -> bool:
        return all(sock.client.connected for sock in self.socks)

    def start(self):
        start = next(t for t in self.remote.view(self.remote.host)["actions"] if t["type"] == "start")
        self.remote.ok(self.remote.host, **sample_action(start, self.rng))

    def play(self, accepted: int) -> int:
        """Moves drawn from the phones' own templates, sent over their
        sockets, until ``accepted`` went through; the newest version."""
        version = None
        for _ in range(60):
            seat, template = self.rng.choice(self.offered())
            ack = self.call(seat, sample_action(template, self.rng))
            if ack["ok"]:
                version, accepted = ack["view"]["version"], accepted - 1
                if accepted == 0:
                    break
        assert accepted == 0, f"room {self.code}: the phones' moves were refused"
        for sock in self.socks:
            sock.wait(lambda view: view["version"] == version)
        return version

    def call(self, seat: int, action: dict) -> dict:
        """The phone's move over its socket and the ack.  30 s: a whole
        suite on two cores may starve the containers for seconds (a run
        failed at 10 s under load, passing alone); past that the failure
        says whether the socket was cut and whether the move was stored."""
        version = self.remote.view(self.remote.tokens[seat])["version"]
        sent = time.monotonic()
        try:
            return self.phones[seat].client.call("action", action, timeout=30)
        except socketio.exceptions.TimeoutError:
            now = self.remote.view(self.remote.tokens[seat])["version"]
            raise AssertionError(
                f"room {self.code}, seat {seat}: no ack for {action} in "
                f"{time.monotonic() - sent:.1f} s; socket connected: "
                f"{self.phones[seat].client.connected}; version {version} before, {now} now "
                f"({'stored' if now > version else 'not stored'})") from None

    def offered(self) -> list[tuple[int, dict]]:
        moves = [(seat, template) for seat, token in self.remote.tokens.items()
                 for template in self.remote.view(token)["actions"]
                 if template["type"] not in PLATFORM]
        assert moves, f"room {self.code}: no phone may move"
        return moves

    def state(self) -> dict:
        """Every audience's whole view over HTTP, without what changes by
        itself: the clock reading and who is connected."""
        tokens = {"table": None, "host": self.remote.host,
                  **{f"seat {s}": t for s, t in self.remote.tokens.items()}}
        return {who: essence(self.remote.view(token)) for who, token in tokens.items()}


def essence(view: dict) -> dict:
    """Without the clock readings (the timer's and the host's skip: ``at``
    counts a phone not seen from when its worker started) and who is
    connected."""
    view = dict(view)
    if view.get("timer"):
        view["timer"] = {k: v for k, v in view["timer"].items() if k != "server_now"}
    if view.get("skip"):
        view["skip"] = {k: v for k, v in view["skip"].items() if k not in ("server_now", "at")}
    for key in ("seats", "spectators"):
        view[key] = [{k: v for k, v in seat.items() if k != "connected"} for seat in view[key]]
    return view


def rooms_on_both_workers(stack: Stack, rng: random.Random) -> dict[str, Room]:
    """server id -> a room it serves; new rooms until both workers serve one."""
    homes: dict[str, Room] = {}
    for _ in range(12):
        room = Room(stack.url, rng)
        (home,) = stack.homes(room.code)
        if home in homes:
            room.close()
        else:
            homes[home] = room
        if len(homes) == 2:
            return homes
    raise AssertionError(f"12 rooms, all on one worker: {list(homes)}")


def test_the_stack_serves_rooms_and_outlives_a_worker(stack, tmp_path):
    """One test, one stack: a parallel run (pytest-xdist) never builds two."""
    image_and_services_as_configured(stack)
    join_links_take_the_address_the_tablet_used(stack)
    a_restart_of_any_service_keeps_the_site_up(stack)
    an_update_runs_the_new_build_in_every_container(stack, tmp_path)
    a_backup_of_redis_restores_the_rooms(stack, tmp_path)
    a_killed_workers_rooms_go_on_on_the_other(stack)


def version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def image_and_services_as_configured(stack: Stack):
    """The image as built, and the settings of the environment passed on."""
    assert podman("exec", stack.container("app1"), "printenv", "COMPANION_LIMITS") == "off"
    latest = podman("image", "inspect", "companion:latest", "--format", "{{.Id}}")
    assert podman("image", "inspect", f"companion:{version()}", "--format", "{{.Id}}") == latest
    config = podman("image", "inspect", "companion:latest", "--format",
                    "{{.Config.User}}|{{json .Config.Healthcheck}}|{{json .Config.Volumes}}")
    user, health, volumes = config.split("|")
    assert user == "companion" and "/healthz" in health and "/data" in volumes, config
    assert podman("exec", stack.container("app1"), "id", "-u") != "0"
    # the image's own name and version, and the stores' schema recorded
    assert podman("exec", stack.container("app1"), "companion", "--version") == \
        f"gamenight-companion {version()}"
    assert requests.get(stack.url + "/healthz", timeout=10).json() == {"ok": True, "version": version()}
    assert stack.redis("GET", "companion:schema") == ["1"]
    assert stack.redis("CONFIG", "GET", "appendonly") == ["appendonly", "yes"]


def join_links_take_the_address_the_tablet_used(stack: Stack):
    """COMPANION_PUBLIC_URL is empty unless the operator sets it."""
    room = Remote(stack.url)
    room.create(GAME)
    host = f"gamenight.lan:{stack.port}"
    urls = requests.get(f"{stack.url}/api/rooms/{room.code}/urls", headers={"Host": host},
                        timeout=10).json()
    assert urls["join"] == f"http://{host}/j/{room.code}", urls
    # a tablet on localhost: no container address in the link, the table says what to do
    local = f"localhost:{stack.port}"
    urls = requests.get(f"{stack.url}/api/rooms/{room.code}/urls", headers={"Host": local},
                        timeout=10).json()
    assert urls["join"] == f"http://{local}/j/{room.code}", urls
    page = requests.get(f"{stack.url}/t/{room.code}", headers={"Host": local}, timeout=10).text
    assert 'id="join-note"' in page and "Phones cannot join at localhost" in page
    # and the workers' logs say that the published address is unknown, not their own
    for service in ("app1", "app2"):
        printed = run(["podman", "logs", stack.container(service)]).stdout
        assert "companion: the published address is unknown inside a container" in printed
        assert "companion: open http" not in printed, printed[:500]


def a_restart_of_any_service_keeps_the_site_up(stack: Stack):
    """`restart` of worker 1, worker 2, both, Redis and the proxy, in turn,
    with a room in play on each worker: within RECOVERY seconds every
    health check passes, every request through the proxy answers, every
    room's every view is as it was, its phones reconnect to the worker its
    code hashes to (the restarted worker's new address: the proxy followed
    it) and play on.  The seconds each took are printed."""
    rng = random.Random(11)
    homes = rooms_on_both_workers(stack, rng)
    for home, room in homes.items():
        room.start()
        room.play(accepted=3)
    measured = {}
    for services in (["app1"], ["app2"], ["app1", "app2"], ["redis"], ["proxy"]):
        before = {code: room.state() for code, room in rooms_by_code(homes).items()}
        servers = stack.servers()
        began = time.monotonic()
        stack.run("restart", *services, timeout=120)
        restarted = time.monotonic() - began
        recovered = wait_for_recovery(stack, homes, before, began, f"restart {' '.join(services)}")
        now = stack.servers()
        assert len(now) == 2, f"after restart {services}: servers {now}"
        new = now - servers
        assert len(new) == len({s for s in services if s.startswith("app")}), (services, servers, now)
        # the phones of rooms that lost their sockets come back through the proxy, to the
        # worker the room's code hashes to (a phone that came back while that worker was
        # still booting lands on the other one, and comes again, as a page does after a
        # reload; within the same RECOVERY seconds)
        rehomed = back_home(stack, homes, now, new, began, f"restart {' '.join(services)}")
        for room in homes.values():
            assert room.state() == before[room.code], f"after restart {services}"
        settled = time.monotonic() - began
        homes = rehomed
        for room in homes.values():
            room.play(accepted=2)
        measured[" and ".join(services)] = (round(restarted, 1), round(recovered, 1),
                                            round(settled, 1))
    print("restart: (seconds the restart command took, until everything answered, until every "
          "room was back on its worker)", measured)
    for room in homes.values():
        room.close()


def back_home(stack: Stack, homes: dict[str, Room], alive: set[str], new: set[str],
              began: float, what: str) -> dict[str, Room]:
    """Reconnects the rooms that lost their sockets until each room's
    sockets are all on one worker: its old one if that one did not restart,
    else a restarted one, the two rooms on two workers; server id -> room."""
    problem = "nothing checked"
    while time.monotonic() - began < RECOVERY:
        for room in homes.values():
            if not room.connected():
                room.close()
                room.connect()
        rehomed, problem = {}, None
        for home, room in homes.items():
            found = stack.homes(room.code)
            if len(found) != 1:
                problem = f"room {room.code}'s sockets on {found}"
            elif home in alive and found != {home}:
                problem = f"room {room.code} moved from {home} to {found}"
            elif home not in alive and not found <= new:
                problem = f"room {room.code} is on {found}, not on a restarted worker {new}"
            else:
                rehomed[next(iter(found))] = room
        if problem is None and len(rehomed) == 2:
            return rehomed
        problem = problem or "both rooms on one worker"
        for home, room in homes.items():   # those not home come again
            if home not in alive and not stack.homes(room.code) <= new:
                room.close()
        time.sleep(1)
    raise AssertionError(f"{what}: not back home within {RECOVERY} s: {problem}\n{stack.logs()}")


def differences(before: dict, now: dict) -> list[str]:
    """Where two states differ: audience/key, with both values (cut short)."""
    return [f"{who}/{key}: {str(before[who].get(key))[:200]} != {str(now[who].get(key))[:200]}"
            for who in before for key in set(before[who]) | set(now.get(who, {}))
            if before[who].get(key) != now.get(who, {}).get(key)]


def without_away(state: dict) -> dict:
    """The host's skip without ``away``: the seats whose phones are gone."""
    return {who: {**view, "skip": {k: v for k, v in view["skip"].items() if k != "away"}}
            if view.get("skip") else view for who, view in state.items()}


def rooms_by_code(homes: dict[str, Room]) -> dict[str, Room]:
    return {room.code: room for room in homes.values()}


def wait_for_recovery(stack: Stack, homes: dict[str, Room], before: dict, began: float,
                      what: str) -> float:
    """Seconds from ``began`` until every service is healthy and every
    request through the proxy answers with the views of ``before``; fails
    after RECOVERY seconds, naming what did not answer."""
    problem = "nothing checked"
    while time.monotonic() - began < RECOVERY:
        problem = recovery_problem(stack, homes, before)
        if problem is None:
            return time.monotonic() - began
        time.sleep(0.5)
    raise AssertionError(f"{what}: not back within {RECOVERY} s: {problem}\n{stack.logs()}")


def recovery_problem(stack: Stack, homes: dict[str, Room], before: dict) -> str | None:
    for service in SERVICES:
        if not stack.healthy(service):
            return f"{service} is not healthy"
    try:
        for path in ("/healthz", "/", "/static/table.js"):
            answer = requests.get(stack.url + path, timeout=5)
            if answer.status_code != 200:
                return f"{path} answered {answer.status_code}"
        for code, room in rooms_by_code(homes).items():   # phones still away are no change
            was, now = without_away(before[code]), without_away(room.state())
            if now != was:
                return f"room {code} is not as it was: {differences(was, now)}"
    except (requests.RequestException, AssertionError) as error:
        return f"a request failed: {str(error)[:300]}"
    return None


class Outage:
    """Asks /healthz through the proxy every 0.2 s in a thread, to tell how
    long the site was away: from the first failure to the last."""

    def __init__(self, url: str):
        self.url, self.failed, self.done = url, [], threading.Event()
        self.thread = threading.Thread(target=self.watch, daemon=True)

    def watch(self):
        while not self.done.is_set():
            try:
                ok = requests.get(self.url + "/healthz", timeout=2).ok
            except requests.RequestException:
                ok = False
            if not ok:
                self.failed.append(time.monotonic())
            self.done.wait(0.2)

    def seconds(self) -> float:
        return self.failed[-1] - self.failed[0] if self.failed else 0.0

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.done.set()
        self.thread.join(5)


#: what a build needs (the Dockerfile's COPY lines) and what deploy/up runs
BUILD_FILES = (".dockerignore", "Dockerfile", "docker-compose.yml", "package.json",
               "package-lock.json", "pyproject.toml", "setup.py")


def changed_checkout(folder: Path) -> Path:
    """A copy of the checkout as the host has it after `git pull` of a
    change: one of the package's files differs, so the build differs."""
    for name in BUILD_FILES:
        shutil.copy(ROOT / name, folder / name)
    shutil.copytree(ROOT / "deploy", folder / "deploy")
    shutil.copytree(ROOT / "companion", folder / "companion",
                    ignore=shutil.ignore_patterns("__pycache__", "vendor"))
    with open(folder / "companion" / "__init__.py", "a") as init:
        init.write(f"# a change pulled: {uuid.uuid4().hex}\n")
    return folder


def an_update_runs_the_new_build_in_every_container(stack: Stack, tmp_path: Path):
    """The documented update, deploy/up from the pulled checkout: afterwards
    every container is new, the workers run the new image (ids compared),
    which is companion:latest and companion:VERSION, and the rooms played
    before go on with nothing lost."""
    rng = random.Random(13)
    homes = rooms_on_both_workers(stack, rng)
    for room in homes.values():
        room.start()
        room.play(accepted=2)
    before = {room.code: room.state() for room in homes.values()}
    containers = {service: podman("inspect", stack.container(service), "--format", "{{.Id}}")
                  for service in SERVICES}
    old = podman("image", "inspect", "companion:latest", "--format", "{{.Id}}")

    began = time.monotonic()
    with Outage(stack.url) as outage:
        run([changed_checkout(tmp_path) / "deploy" / "up"], env=stack.env, cwd=tmp_path,
            timeout=900)
        updated = time.monotonic() - began
        stack.wait_healthy()
        answered = time.monotonic() - began

    new = podman("image", "inspect", "companion:latest", "--format", "{{.Id}}")
    assert new != old, "the changed checkout built the same image"
    assert podman("image", "inspect", f"companion:{version()}", "--format", "{{.Id}}") == new
    for service in SERVICES:
        container = podman("inspect", stack.container(service), "--format", "{{.Id}}|{{.Image}}")
        ident, image = container.split("|")
        assert ident != containers[service], f"{service}: the same container as before the update"
        if service.startswith("app"):
            assert image == new, f"{service} runs {image}, not the new build {new}"
    for room in homes.values():
        room.close()
        room.connect()
        assert room.state() == before[room.code], f"room {room.code} after the update"
        room.play(accepted=2)
        room.close()
    print(f"update: deploy/up took {updated:.1f} s, everything answered after {answered:.1f} s; "
          f"/healthz through the proxy failed for {outage.seconds():.1f} s of it")


def a_backup_of_redis_restores_the_rooms(stack: Stack, tmp_path: Path):
    """docs/HOSTING.md's backup and restore of the stack, as written there:
    the backup from a worker while everything runs; the restore with the
    proxy stopped, then the workers restarted (a process keeps what it last
    saw of a room).  And the workers leave no anonymous volume behind (the
    image's /data is a tmpfs here): only Redis's named volume holds data."""
    room = Remote(stack.url)
    room.create(GAME)
    for name in NAMES:
        room.join(name)
    kept = {who: essence(room.view(token)) for who, token in
            {"table": None, "host": room.host, **room.tokens}.items()}
    backup = tmp_path / "companion-redis.backup"
    with open(backup, "wb") as out:
        done = subprocess.run([*stack.compose, "exec", "-T", "app1", "companion", "backup", "-"],
                              env=stack.env, cwd=ROOT, stdout=out, stderr=subprocess.PIPE, timeout=120)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert backup.read_text().startswith('{"companion-redis-backup": 1')

    room.ok(room.tokens[1], type="rename", name="Gregor B")   # the evening goes on
    stack.run("stop", "proxy", timeout=120)
    with open(backup, "rb") as source:
        done = subprocess.run([*stack.compose, "exec", "-T", "app1", "companion", "restore", "-"],
                              env=stack.env, cwd=ROOT, stdin=source, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    stack.run("restart", "app1", "app2", timeout=120)
    stack.run("start", "proxy", timeout=120)
    stack.wait_healthy()
    assert {who: essence(room.view(token)) for who, token in
            {"table": None, "host": room.host, **room.tokens}.items()} == kept

    for service in SERVICES:
        mounts = podman("inspect", stack.container(service), "--format",
                        "{{range .Mounts}}{{.Type}}:{{.Name}} {{end}}").split()
        volumes = [mount for mount in mounts if mount.startswith("volume:")]
        assert volumes == ([f"volume:{stack.project}_redis-data"] if service == "redis" else []), \
            (service, mounts)


def a_killed_workers_rooms_go_on_on_the_other(stack: Stack):
    rng = random.Random(7)
    homes = rooms_on_both_workers(stack, rng)
    for room in homes.values():
        room.start()
        room.play(accepted=4)
    before = {home: room.state() for home, room in homes.items()}

    podman("kill", stack.container("app1"))
    dropped = wait_for_drop(homes)
    (dead,) = dropped
    (alive,) = set(homes) - dropped
    assert all(sock.client.connected for sock in homes[alive].socks)

    moved = homes[dead]
    assert moved.state() == before[dead]   # the other worker serves it, nothing lost
    moved.close()
    moved.connect()
    assert stack.homes(moved.code) - {dead} == {alive}
    assert moved.state() == before[dead]
    for home, room in homes.items():   # both rooms go on
        version = room.play(accepted=3)
        assert version > before[home]["table"]["version"]
        assert room.state()["table"]["version"] == version
    for room in homes.values():
        room.close()


def wait_for_drop(homes: dict[str, Room], timeout=20.0) -> set[str]:
    """The server ids whose rooms lost every socket."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        dropped = {home for home, room in homes.items()
                   if not any(sock.client.connected for sock in room.socks)}
        if dropped:
            return dropped
        time.sleep(0.2)
    raise AssertionError("no room lost its sockets after its worker was killed")
