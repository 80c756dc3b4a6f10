"""Real server subprocesses for cross-process, Redis and browser tests."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    def __init__(self, db: str | None = None, redis_url: str | None = None,
                 async_mode: str = "gevent", port: int | None = None, env: dict | None = None,
                 cwd: Path | None = None, module: str = "companion"):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = db
        environ = dict(os.environ)
        environ.pop("REDIS_URL", None)
        environ.update({"COMPANION_EXTRA_GAMES": "tests.fixture_game",
                        "COMPANION_PUBLIC_URL": self.url, "PYTHONPATH": str(ROOT),
                        "COMPANION_ACTION_RATE": "0",
                        # tests and benches open many rooms and sockets from one
                        # address; tests/hardening turns the limits on itself
                        "COMPANION_LIMITS": "off",
                        # the host skips a seat once no phone holds it (tests drive
                        # seats over HTTP); tests/protocol/test_host_powers.py
                        # waits out a real grace
                        "COMPANION_AWAY_SECONDS": "0"})
        if redis_url:
            environ["REDIS_URL"] = redis_url
        environ.update(env or {})
        args = [sys.executable, "-m", module, "serve", "--host", "127.0.0.1",
                "--port", str(self.port), "--async-mode", async_mode]
        if db:
            args += ["--db", db]
        self.log_path = Path(db or f"/tmp/companion-{self.port}").with_suffix(f".{self.port}.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(args, cwd=cwd or ROOT, env=environ, stdout=self.log,
                                        stderr=subprocess.STDOUT)
        deadline = time.time() + 20
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server died: {self.log_path.read_text()}")
            try:
                if requests.get(self.url + "/healthz", timeout=1).ok:
                    return
            except requests.RequestException:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def output(self) -> str:
        if not self.log.closed:
            self.log.flush()
        return self.log_path.read_text()

    def stop(self, sig=None) -> int:
        if self.process.poll() is None:
            self.process.terminate() if sig is None else self.process.send_signal(sig)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        if getattr(self, "local", None) is not None:   # tests/browser/test_table_board.LocalRoom's
            self.local.store.close()
        return self.process.returncode

    def kill(self) -> None:
        """Hard stop for test teardown (whatever state the server is in)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if not self.log.closed:
            self.log.close()


#: the grace before the host may skip a seat whose phone went, for the tests
#: of host powers (issue #38): short, so they wait seconds, not half a minute
GRACE = 2


def grace_server(tmp_path_factory):
    """A module's server with a short grace (``GRACE`` seconds), stopped at
    the end (used as a generator fixture)."""
    srv = Server(db=str(tmp_path_factory.mktemp("powers") / "rooms.sqlite3"),
                 env={"COMPANION_AWAY_SECONDS": str(GRACE)})
    yield srv
    srv.stop()
