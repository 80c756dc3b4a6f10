"""App factory: ``create_app(config) -> (app, socketio)``.  Tests inject
their own store path, async mode and limits."""
from __future__ import annotations

import os
from pathlib import Path

from flask import Flask
from flask_socketio import SocketIO

from .service import Service
from .store import open_store
from .transport import http, sockets

ROOT = Path(__file__).resolve().parent.parent
MAX_BODY = 64 * 1024


def default_db_path() -> str:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "companion", "rooms.sqlite3")


def default_config() -> dict:
    return {
        "DB_PATH": os.environ.get("COMPANION_DB") or default_db_path(),
        "REDIS_URL": os.environ.get("REDIS_URL") or None,
        "PUBLIC_URL": os.environ.get("COMPANION_PUBLIC_URL") or None,
        "ASYNC_MODE": os.environ.get("COMPANION_ASYNC", "gevent"),
        "ACTION_RATE": float(os.environ.get("COMPANION_ACTION_RATE", "20")),
        "ACTION_BURST": float(os.environ.get("COMPANION_ACTION_BURST", "60")),
        "NODE_MODULES": str(ROOT / "node_modules"),
    }


def create_app(config: dict | None = None):
    settings = default_config()
    settings.update(config or {})
    app = Flask(__name__, template_folder=str(ROOT / "templates"),
                static_folder=str(ROOT / "static"))
    app.config.update(settings)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    app.json.ensure_ascii = False

    store = open_store(settings)
    if not settings.get("REDIS_URL"):
        store.presence_reset()   # one embedded server: no socket survives a restart
    service = Service(store, settings["ACTION_RATE"], settings["ACTION_BURST"])
    app.extensions["companion"] = service

    app.register_blueprint(http.bp)
    http.register_error_pages(app)

    socketio = SocketIO(
        app,
        async_mode=settings["ASYNC_MODE"],
        message_queue=settings.get("REDIS_URL") if settings["ASYNC_MODE"] != "threading" else None,
        cors_allowed_origins=[],   # same origin only
        max_http_buffer_size=MAX_BODY,
        ping_interval=10,
        ping_timeout=20,
    )
    sockets.register(socketio, service)
    return app, socketio
