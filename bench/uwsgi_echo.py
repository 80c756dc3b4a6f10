"""The echo server under uWSGI (bench/echo.py uwsgi_command): uWSGI imports
this module as its WSGI app, with EchoServer's options in the environment
variable BENCH_ECHO (JSON).  uWSGI has already patched the standard library
for gevent (--gevent-early-monkey-patch) and runs the loop; python-engineio
speaks websockets through uWSGI's own (C) frames, async_mode gevent_uwsgi."""
from __future__ import annotations

import json
import os

import gevent

from .echo import build_app, keep_companion_collector

options = json.loads(os.environ.get("BENCH_ECHO", "{}"))
if options.get("collector", "companion") == "companion":
    gevent.config.track_greenlet_tree = False   # as companion/cli.py main
sio, application = build_app(options.get("redis_url"), options.get("pad", 0),
                             options.get("rules"), options.get("packets", "default"),
                             "gevent_uwsgi", options.get("deflate", True))
if options.get("collector", "companion") == "companion":
    keep_companion_collector(sio)
