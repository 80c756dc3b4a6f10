"""The server of tests/protocol/test_pings.py: the app under gevent, as
`companion serve` runs it, with Engine.IO's pings shortened, and one more
route, /test/greenlets, that counts the greenlets alive in the process.

Usage: python -m tests.protocol.ping_server PORT DB PING_INTERVAL PING_TIMEOUT"""
from gevent import monkey

monkey.patch_all()   # before anything imports socket or threading

import gc  # noqa: E402
import sys  # noqa: E402

import greenlet  # noqa: E402

from companion.app import create_app  # noqa: E402
from companion.transport.gevent_server import GuardedServer  # noqa: E402


def live_greenlets() -> str:
    return str(sum(1 for o in gc.get_objects() if isinstance(o, greenlet.greenlet) and not o.dead))


def main(port: str, db: str, interval: str, timeout: str) -> None:
    app, _ = create_app({"DB_PATH": db, "ASYNC_MODE": "gevent", "REDIS_URL": None,
                         "PING_INTERVAL": float(interval), "PING_TIMEOUT": float(timeout)})
    app.add_url_rule("/test/greenlets", "greenlets", live_greenlets)
    GuardedServer(("127.0.0.1", int(port)), app, log=None, per_address=None).serve_forever()


if __name__ == "__main__":
    main(*sys.argv[1:])
