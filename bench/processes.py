"""What the benchmarks start beside the servers: a free loopback port, and
a throwaway redis-server (our own, on a free port, no persistence)."""
from __future__ import annotations

import socket
import subprocess
import time


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop(process: subprocess.Popen) -> None:
    """Terminate, and kill what does not leave within 10 s."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Redis:
    """redis-server on a free port (never 6379: a Redis of the machine's own
    may be there), its files in ``workdir``."""

    def __init__(self, workdir: str):
        self.port = free_port()
        while self.port == 6379:
            self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", workdir],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.wait_ready()

    def wait_ready(self) -> None:
        import redis
        client = redis.Redis(port=self.port)
        deadline = time.time() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.time() > deadline or self.process.poll() is not None:
                    self.stop()
                    raise RuntimeError("redis-server did not start")
                time.sleep(0.05)
        client.close()

    def stop(self) -> None:
        stop(self.process)
