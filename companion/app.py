"""App factory: ``create_app(config) -> (app, socketio)``.  Tests inject
their own store path, async mode and limits."""
from __future__ import annotations

import logging
import os
from pathlib import Path

from flask_socketio import SocketIO
from werkzeug.middleware.proxy_fix import ProxyFix

from .service import Service
from .store import open_store
from .transport import api, assets, guard, http, limits, pages, sockets, upstream
from .transport.compression import without_websocket_compression
from .transport.headers import SecurityHeaders

#: the package folder: its templates/ and static/ travel in the wheel
PACKAGE = Path(__file__).resolve().parent
MAX_BODY = 64 * 1024
#: Engine.IO reads messages up to this size, so that a Socket.IO packet over
#: MAX_BODY is still answered (too_large) rather than cut off unanswered
MAX_MESSAGE = 1024 * 1024
#: seconds between Engine.IO's pings, and for an answer to one (tests may
#: shorten both with the settings PING_INTERVAL and PING_TIMEOUT).  A phone
#: gone silent (locked, out of the network) is dropped at most interval +
#: 2 × timeout after its last answer (Engine.IO looks at each socket once per
#: timeout): 40 s, 50 s with 10 + 20 before; a phone misses the server after
#: interval + timeout, 30 s as before.  Half the pings wake the phones'
#: radios and cost the server (3,000 idle sockets: 3.7-5.0 % of a core at
#: 10 + 20, 2.5-4.0 % at 20 + 10; docs/SCALING.md).  10 s for an answer is
#: ample on the table's network
PING_INTERVAL = 20
PING_TIMEOUT = 10


def default_db_path() -> str:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "companion", "rooms.sqlite3")


def default_config() -> dict:
    env = os.environ.get
    return {
        "DB_PATH": env("COMPANION_DB") or default_db_path(),
        "REDIS_URL": env("REDIS_URL") or None,
        "PUBLIC_URL": env("COMPANION_PUBLIC_URL") or None,
        "ASYNC_MODE": env("COMPANION_ASYNC", "gevent"),
        "ACTION_RATE": float(env("COMPANION_ACTION_RATE", "20")),
        "ACTION_BURST": float(env("COMPANION_ACTION_BURST", "60")),
        # hardening (docs/SECURITY.md)
        "PROXIES": int(env("COMPANION_PROXIES", "0")),   # proxies in front that set X-Forwarded-*
        "LIMITS": env("COMPANION_LIMITS", "on"),          # see transport/limits.py
        "ROOMS_PER_ADDRESS": int(env("COMPANION_ROOMS_PER_ADDRESS", str(limits.ROOMS_PER_ADDRESS))),
        "PRESENCE_TTL": float(env("COMPANION_PRESENCE_TTL", "30")),
        "PRESENCE_BEAT": float(env("COMPANION_PRESENCE_BEAT", "10")),
        # seconds a seat's phone must be gone before the host may skip it (issue #38)
        "AWAY_SECONDS": float(env("COMPANION_AWAY_SECONDS", "30")),
    }


def quiet_socket_logs() -> tuple[logging.Logger, logging.Logger]:
    """python-socketio and python-engineio log a traceback for each packet
    they cannot decode, and a warning for each packet of a socket that is
    not connected: a hostile client would grow the log at will.  Their
    tracebacks go and their warnings drop to INFO (their once-per-kind
    errors stay); our own handlers log real bugs, with their traceback,
    through the "companion" logger."""
    made = []
    for name in ("companion.socketio", "companion.engineio"):
        logger = logging.getLogger(name)   # level and handler: "companion"'s
        if not logger.filters:
            logger.addFilter(_no_traceback)
        made.append(logger)
    return made[0], made[1]


def _no_traceback(record: logging.LogRecord) -> bool:
    if record.exc_info:
        error = record.exc_info[1]
        record.msg = f"{record.getMessage()} ({type(error).__name__}: {error})"[:300]
        record.args = ()
        record.exc_info = record.exc_text = None
    elif record.levelno >= logging.ERROR:
        return True
    record.levelno, record.levelname = logging.INFO, "INFO"
    return logging.getLogger(record.name).isEnabledFor(logging.INFO)


def setup_logging() -> None:
    logger = logging.getLogger("companion")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        logger.addHandler(handler)
        logger.setLevel(os.environ.get("COMPANION_LOG", "WARNING").upper())


#: Flask, minus URL matching for Socket.IO events (reference cycles per event)
App = upstream.FlaskWithoutSocketRoutes


def create_app(config: dict | None = None):
    settings = default_config()
    settings.update(config or {})
    setup_logging()
    app = App(__name__, template_folder=str(PACKAGE / "templates"),
              static_folder=str(PACKAGE / "static"))
    app.config.update(settings)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    app.json.ensure_ascii = False

    store = open_store(settings)
    store.presence_ttl = settings["PRESENCE_TTL"]
    if not settings.get("REDIS_URL"):
        store.presence_reset()   # one embedded server: no socket survives a restart
    store.presence_beat(settings["PRESENCE_TTL"])   # alive before the first socket arrives
    address_limits = limits.AddressLimits(limits.parse(settings["LIMITS"]),
                                          settings["ROOMS_PER_ADDRESS"])
    app.extensions["companion_limits"] = address_limits

    for blueprint in (api.bp, pages.bp, assets.bp):
        app.register_blueprint(blueprint)
    http.register_error_pages(app)

    socket_log, engine_log = quiet_socket_logs()
    socketio = SocketIO(
        app,
        async_mode=settings["ASYNC_MODE"],
        message_queue=settings.get("REDIS_URL") if settings["ASYNC_MODE"] != "threading" else None,
        cors_allowed_origins=None,   # same origin only (an empty list would turn the check off)
        serializer=guard.CheckedPacket,
        logger=socket_log,
        engineio_logger=engine_log,
        max_http_buffer_size=MAX_MESSAGE,
        ping_interval=settings.get("PING_INTERVAL", PING_INTERVAL),
        ping_timeout=settings.get("PING_TIMEOUT", PING_TIMEOUT),
    )
    guard.check_engine_frames(socketio.server.eio)
    upstream.ping_on_loop_timers()   # under gevent, a timer per socket's ping, not a greenlet
    notifier = sockets.Notifier(socketio, store)
    service = Service(store, settings["ACTION_RATE"], settings["ACTION_BURST"], notifier=notifier,
                      away_after=settings["AWAY_SECONDS"])
    app.extensions["companion"] = service
    sockets.register(socketio, service, address_limits, notifier,
                     presence_ttl=settings["PRESENCE_TTL"], presence_beat=settings["PRESENCE_BEAT"])

    # around everything Flask-SocketIO put in place: the client's own address
    # (behind a proxy), and around that the browser protections
    if settings["PROXIES"]:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=settings["PROXIES"],
                                x_proto=settings["PROXIES"])
    app.wsgi_app = SecurityHeaders(app.wsgi_app)
    app.wsgi_app = without_websocket_compression(app.wsgi_app)
    return app, socketio


def shutdown(app) -> None:
    """A clean stop, sockets before the store: this process's sockets are
    closed (their phones reconnect, behind the proxy to another worker) and
    leave presence at once (the rooms that other processes serve are told),
    then the store closes.  From the start of it, a socket's own goodbye
    touches no store."""
    service = app.extensions["companion"]
    service.stopping = True
    try:
        upstream.close_engine_sockets(app.extensions["socketio"].server.eio)
        codes = service.store.presence_stop()
        if app.config.get("REDIS_URL"):   # other processes may serve these rooms' sockets
            for code in codes:
                try:
                    service.broadcast(service.load(code))
                except Exception:  # noqa: BLE001, S110 - gone, or nobody left to tell
                    pass
    finally:
        service.store.close()
