"""Several workers behind the proxy of deploy/nginx.conf, which routes by
room code: Debian's nginx (unpacked by scripts/setup) runs that very file
in front of two real server processes sharing the test's own Redis.

Every request that names a room reaches the worker the room's code hashes
to, so all of a room's sockets live on one worker (its views never cross
workers); long-polling works through the proxy without sticky sessions;
and a room's actions and views go through either worker, as well as
through the proxy."""
from __future__ import annotations

import re
import subprocess
import time

import pytest
import requests

from tests.protocol.remote import Remote
from tests.servers import ROOT, Server, free_port

NGINX = ROOT / ".venv" / "nginx" / "usr" / "sbin" / "nginx"
LOG_FORMAT = "$companion_room $upstream_addr $status $request_method $uri"


class Router:
    """nginx with deploy/nginx.conf, the docker names and port swapped for
    two local workers and a free port."""

    def __init__(self, workers: list[Server], folder):
        conf = (ROOT / "deploy" / "nginx.conf").read_text()
        for name, worker in zip(("app1", "app2"), workers):
            assert f"server {name}:5000;" in conf
            conf = conf.replace(f"server {name}:5000;", f"server 127.0.0.1:{worker.port};")
        self.port = free_port()
        conf = conf.replace("listen 80;", f"listen 127.0.0.1:{self.port};")
        (folder / "companion.conf").write_text(conf)
        self.access = folder / "access.log"
        temp = " ".join(f"{kind}_temp_path {folder}/{kind};"
                        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        (folder / "nginx.conf").write_text(f"""
daemon off;
master_process off;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    {temp}
    include {folder}/companion.conf;
    log_format routed '{LOG_FORMAT}';
    access_log {self.access} routed;
}}
""")
        self.error_log = folder / "error.log"
        self.process = subprocess.Popen([str(NGINX), "-e", "stderr", "-p", str(folder),
                                         "-c", str(folder / "nginx.conf")],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.time() + 10
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx died: {self.process.stdout.read().decode()}")
            try:
                requests.get(self.url + "/healthz", timeout=1)
                return
            except requests.RequestException:
                time.sleep(0.1)
        raise RuntimeError("nginx did not start")

    def routes(self) -> dict[str, set[str]]:
        """room code -> the workers (host:port) its requests went to."""
        seen: dict[str, set[str]] = {}
        for line in self.access.read_text().splitlines():
            room, upstream = line.split()[:2]
            if room != "-" and room:
                seen.setdefault(room, set()).add(upstream)
        return seen

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


@pytest.fixture
def cluster(redis_url, tmp_path):
    if not NGINX.exists():
        pytest.fail("no nginx: run scripts/setup --test")
    workers, router = [], None
    try:
        for _ in range(2):
            workers.append(Server(redis_url=redis_url, env={"COMPANION_PROXIES": "1"}))
        router = Router(workers, tmp_path)
        yield router, workers
    finally:
        if router:
            router.stop()
        for worker in workers:
            worker.kill()


def home_servers(redis_db, code: str) -> set[str]:
    """The server processes holding the room's sockets (presence in Redis)."""
    return {value.split("|", 1)[0] for value in redis_db.hvals(f"companion:presence:{code}")}


def test_a_rooms_sockets_live_on_one_worker_and_actions_go_through_either(
        cluster, sockets, redis_cluster_db):
    router, (a, b) = cluster
    games = []
    for n in range(10):
        game = Remote(router.url)
        game.create("pick", {"rounds": 2})
        game.join("Sylvia")
        game.join("Gregor")
        games.append(game)
    for game in games:   # the page's way: the room in the socket's query, as the page sends it
        url = f"{router.url}?room={game.code}"
        game.phone = sockets(url, game.code, game.tokens[0], transports=["websocket"])
        game.polling = sockets(url, game.code, game.tokens[1], transports=["polling"])
        game.table = sockets(url, game.code)
        game.table.wait(lambda v: [s["connected"] for s in v["seats"]] == [True, True])

    # every room's sockets on one worker; the rooms spread over both
    homes = {game.code: home_servers(redis_cluster_db, game.code) for game in games}
    assert all(len(servers) == 1 for servers in homes.values()), homes
    assert len(set().union(*homes.values())) == 2, f"all rooms on one worker: {homes}"
    # so is every HTTP request that named the room
    routes = router.routes()
    assert all(len(routes[game.code]) == 1 for game in games), routes

    # actions through the proxy, through worker A and through worker B reach
    # every socket of the room, each with its own view
    game = games[0]
    views = [game.ok(game.host, url=router.url, type="start", first=1),
             game.ok(game.tokens[0], url=a.url, type="rename", name="Sylvia A"),
             game.ok(game.tokens[1], url=b.url, type="rename", name="Gregor B")]
    for view in views:
        for sock in (game.phone, game.polling, game.table):
            sock.wait(lambda v: v["version"] == view["version"])
    assert [s["name"] for s in views[-1]["seats"]] == ["Sylvia A", "Gregor B"]

    # an action over a socket, through the proxy, reaches the others
    ack = game.polling.client.call("action", {"type": "pick", "number": 2}, timeout=10)
    assert ack["ok"] is True
    table_view = game.table.wait(lambda v: v["version"] == ack["view"]["version"])
    assert table_view["public"]["picked"] == [1] and table_view["you"] is None
    seat_view = game.phone.wait(lambda v: v["version"] == ack["view"]["version"])
    assert seat_view["you"]["seat"] == 0 and "letter" in seat_view["you"]["secret"]

    # and the proxy never answered an error of its own
    assert not re.search(r"\[(error|crit|alert|emerg)\]", router.error_log.read_text()), \
        router.error_log.read_text()


def test_the_scheme_a_client_claims_is_not_taken_but_an_outer_proxys_is(redis_url, tmp_path):
    """nginx appends its scheme to X-Forwarded-Proto as it does to
    X-Forwarded-For: a worker behind it alone (COMPANION_PROXIES=1) takes
    nginx's own "http", whatever a client claims; a worker behind an outer
    TLS proxy and nginx (COMPANION_PROXIES=2) takes the outer proxy's
    "https" for its join links (docs/HOSTING.md, Caddy in front)."""
    for proxies, expected in (("1", "http"), ("2", "https")):
        workers = [Server(redis_url=redis_url, env={"COMPANION_PROXIES": proxies,
                                                    "COMPANION_PUBLIC_URL": ""})
                   for _ in range(2)]
        (tmp_path / proxies).mkdir()
        router = Router(workers, tmp_path / proxies)
        try:
            answer = requests.post(router.url + "/api/rooms", json={"game": "pick"}, timeout=10,
                                   headers={"X-Forwarded-Proto": "https",
                                            "X-Forwarded-For": "203.0.113.7",
                                            "Host": "games.example.org"})
            assert answer.status_code == 201, answer.text
            join = answer.json()["urls"]["join"]
            assert join.startswith(f"{expected}://games.example.org/j/"), (proxies, join)
        finally:
            router.stop()
            for worker in workers:
                worker.kill()
