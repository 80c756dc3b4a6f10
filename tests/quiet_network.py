"""The environment the tests start Chromium in.  Chromium watches the
machine's interfaces (route netlink) and aborts every load in flight,
loopback included, with ``net::ERR_NETWORK_CHANGED`` when one comes or
goes; podman adds and removes one with every container (tests/deploy, on
another worker).  Measured (a page loading from 127.0.0.1 in a loop for
60 s while podman started and stopped containers beside it): 4 of 1,240
loads failed (``net::ERR_NETWORK_CHANGED``, or its error page cutting the
load short), 0 of 1,400 with ``no_netlink.c`` preloaded.  A phone at a real table sees no such churn."""
from __future__ import annotations

import atexit
import functools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

SOURCE = Path(__file__).with_name("no_netlink.c")


@functools.cache
def chromium_env() -> dict[str, str]:
    """This process's environment with ``no_netlink.c`` built (once per
    process) and preloaded."""
    folder = tempfile.mkdtemp(prefix="companion-no-netlink-")
    atexit.register(shutil.rmtree, folder, True)
    built = Path(folder) / "no_netlink.so"
    done = subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-o", str(built), str(SOURCE), "-ldl"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"gcc could not build {SOURCE.name} (scripts/setup --test installs gcc):"
                           f"\n{done.stderr[-2000:]}")
    return {**os.environ, "LD_PRELOAD": str(built)}
