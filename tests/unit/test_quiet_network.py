"""tests/no_netlink.c, as the browser tests preload it into Chromium: a
route-netlink socket is refused (Chromium then ignores podman's
interfaces), every other socket opens as before."""
from __future__ import annotations

import errno
import os
import subprocess
import sys

from tests.quiet_network import chromium_env

OPEN = """
import socket
kinds = {"route": (socket.AF_NETLINK, socket.SOCK_RAW, socket.NETLINK_ROUTE),
         "tcp": (socket.AF_INET, socket.SOCK_STREAM, 0)}
for name, args in kinds.items():
    try:
        socket.socket(*args).close()
        print(name, "open")
    except OSError as error:
        print(name, error.errno)
"""


def opened(env) -> dict[str, str]:
    done = subprocess.run([sys.executable, "-c", OPEN], env=env, capture_output=True, text=True,
                          check=True, timeout=30)
    return dict(line.split() for line in done.stdout.splitlines())


def test_the_preloaded_library_refuses_route_netlink_only():
    assert opened(dict(os.environ)) == {"route": "open", "tcp": "open"}
    assert opened(chromium_env()) == {"route": str(errno.EAFNOSUPPORT), "tcp": "open"}
