"""Helpers of the hardening tests."""
from __future__ import annotations

import resource
from contextlib import contextmanager


def client_from(app, address: str):
    """A Flask test client whose requests come from ``address``."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def stored(app) -> dict:
    """Every room as the store holds it (for "a refusal changes nothing")."""
    store = app.extensions["companion"].store
    with store._lock:
        return {code: (body, version) for code, body, version in
                store._db.execute("SELECT code, body, version FROM rooms")}


@contextmanager
def file_limit(soft: int):
    """Children started inside inherit a soft limit of ``soft`` open files."""
    before = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, before[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, before)


def process_file_limit(pid: int) -> tuple[int, int]:
    with open(f"/proc/{pid}/limits") as limits:
        for line in limits:
            if line.startswith("Max open files"):
                soft, hard = line.split()[3:5]
                return int(soft), int(hard)
    raise AssertionError("no open-files line")
