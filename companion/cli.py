"""`python -m companion serve`: the server for a game night on the home
Wi-Fi.  The async library is patched before anything else imports sockets."""
from __future__ import annotations

import argparse
import logging
import os
import signal
import sys


def parse(argv):
    from .version import DISTRIBUTION, version
    parser = argparse.ArgumentParser(prog="companion", description=(
        "A referee and memory for board-game nights at a real table."))
    parser.add_argument("--version", action="version", version=f"{DISTRIBUTION} {version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="start the server and print the table URL")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    serve.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    serve.add_argument("--db", default=None, help="SQLite file (default: the user's data folder; "
                       "ignored when REDIS_URL is set)")
    serve.add_argument("--https", action="store_true",
                       help="serve https with a self-signed certificate made on first start and kept "
                       "beside the database (each phone's browser warns once; in exchange the page "
                       "may keep the screen awake with the Wake Lock API); gevent only")
    serve.add_argument("--async-mode", default=os.environ.get("COMPANION_ASYNC", "gevent"),
                       choices=["gevent", "eventlet", "threading"],
                       help="async library (default gevent; env COMPANION_ASYNC)")
    for name, what in (("backup", "write a backup of the rooms (while the server runs) to FILE"),
                       ("restore", ("replace the rooms with those of the backup FILE, then restart "
                                    "the server"))):
        command = sub.add_parser(name, help=what + "; '-' is standard output/input; the store "
                                 "is REDIS_URL's, else COMPANION_DB's or --db's")
        command.add_argument("file", metavar="FILE")
        command.add_argument("--db", default=None, help="SQLite file (default: as serve)")
    return parser.parse_args(argv)


def data_command(args) -> None:
    """`companion backup` / `companion restore`: one line on standard error
    (standard output may carry the backup)."""
    from .app import default_config
    from .backup import BackupError, backup, restore
    settings = default_config()
    if args.db:
        settings["DB_PATH"] = args.db
    try:
        said = (backup if args.command == "backup" else restore)(settings, args.file)
    except BackupError as error:
        refuse(str(error))
    except Exception as error:  # noqa: BLE001 - Redis away, a file that cannot be written: one line
        refuse(f"{args.command} failed: {type(error).__name__}: {error}")
    print(f"companion: {said}", file=sys.stderr)


def raise_file_limit() -> int:
    """Every socket is a file (a websocket two, while it lives): the usual
    soft limit of 1024 would stop a server at ~500 phones, and with it
    /healthz.  Raised to the hard limit; returns the limit in force."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return soft


def main(argv=None):
    args = parse(sys.argv[1:] if argv is None else argv)
    if args.command in ("backup", "restore"):
        data_command(args)
        return
    args.file_limit = raise_file_limit()
    if args.async_mode == "gevent":
        import gevent
        from gevent import monkey
        # every socket event spawns a greenlet; recording who spawned it
        # (a copy of the stack) is for debugging, costs time and fills the
        # collector's young generation
        gevent.config.track_greenlet_tree = False
        monkey.patch_all()
    elif args.async_mode == "eventlet":
        eventlet_patch()
    serve(args)


def eventlet_patch() -> None:
    """eventlet is an optional extra (deprecated upstream: gevent is the
    default); its deprecation warning is known and not repeated."""
    import warnings
    warnings.simplefilter("ignore", DeprecationWarning)
    try:
        import eventlet
    except ImportError:
        from .version import DISTRIBUTION
        print(f"companion: --async-mode eventlet needs the extra: pip install '{DISTRIBUTION}[eventlet]' "
              "(or use the default, gevent)", file=sys.stderr)
        raise SystemExit(1)
    eventlet.monkey_patch()


def settle_collector() -> None:
    """Start-up objects (modules, games, decks, texts) live as long as the
    process: collected once and frozen, the collector never scans them
    again.  Young passes stay short: with a first threshold of 20,000 they
    took 10 to 47 ms each with 3,000 sockets (a young object of this stack
    costs about 1 us to scan), and every socket waited that long; with
    2,000 they take a few ms (with the freezes below, the view p99 at 500
    rooms x 100 actions/s went from 120-220 ms to 21-52 ms:
    docs/SCALING.md, "Pauses").  Whatever
    outlives a fifth of a second is frozen (keep_collector), so the older
    generations stay small as well."""
    import gc
    gc.collect()
    gc.freeze()
    gc.set_threshold(2_000, 10, 100)


FREEZE_EVERY = 0.2       # seconds between freezes of whatever is alive
FULL_EVERY = 600.0       # seconds: one full collection of everything, frozen included


def keep_collector(socketio) -> None:
    """Keeps the collector's pauses short.  With a thousand sockets a pass
    over everything takes 150-400 ms, and every action of every room waits
    for it.  Every FREEZE_EVERY seconds whatever is alive is frozen (cheap:
    nothing is scanned), so the automatic passes scan only what is newer;
    forcing a young pass here instead took 60-180 ms.  Freezing only every
    second let the young generation grow to 11,000-24,000 survivors (gevent's
    timers and waiters of every socket, renewed at each wait; the deaths of
    their frozen predecessors count against the first threshold), so about
    once a second a young pass took 4-15 ms, collected nothing, and made
    every action waiting behind it late; at 0.2 s young passes are rare
    (6 against 49 in 40 s at 200 rooms x 200 actions/s).  Nothing piles up
    frozen: full passes every 15 s under that load collected nothing.  The
    code keeps reference cycles off the per-event path (app.App,
    service.refused), so little garbage needs the collector at all; what
    cycles get frozen (a closed socket's, say) are freed every FULL_EVERY
    seconds, when everything is unfrozen and collected once.  The figures:
    docs/SCALING.md, "Pauses" (35 ms of young passes in 40 s instead of
    338 ms with a freeze every second)."""
    import gc
    import time

    def run():
        last_full = time.monotonic()
        while True:
            socketio.sleep(FREEZE_EVERY)
            if time.monotonic() - last_full >= FULL_EVERY:
                gc.unfreeze()
                gc.collect()
                last_full = time.monotonic()
            gc.freeze()   # cheap: the generations' lists are moved, nothing is scanned

    socketio.start_background_task(run)


CHECKPOINT_EVERY = 1.0   # seconds between WAL checkpoints (SQLite under gevent)


def keep_checkpoints(app, socketio) -> None:
    """Under gevent, SQLite's WAL goes back into the file from a native
    thread of gevent's pool, every CHECKPOINT_EVERY seconds, not inside a
    commit, where its sync stopped every socket for 2 to 13 ms
    (``SqliteStore.checkpoints_apart``)."""
    import gevent

    store = app.extensions["companion"].store
    if not hasattr(store, "checkpoints_apart") or store.path == ":memory:":
        return
    store.checkpoints_apart()
    pool = gevent.get_hub().threadpool

    def run():
        while not store.closed:
            socketio.sleep(CHECKPOINT_EVERY)
            try:
                pool.apply(store.checkpoint)
            except Exception:
                if not store.closed:
                    logging.getLogger("companion").exception("checkpoint failed")

    socketio.start_background_task(run)


def address_problem(host: str, port: int) -> str | None:
    """Why the server cannot listen on ``host``:``port`` (one line saying
    what to do), or None: a port out of range, a host name that resolves
    to nothing, an address that is not this machine's, a port another
    program holds, a port only root may take."""
    import errno
    import socket
    if not 1 <= port <= 65535:
        return f"port {port} is out of range: choose one from 1 to 65535 with --port"
    try:
        family, kind, _, _, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError):
        return (f"the host name {host} is unknown (it resolves to no address): give --host an "
                "address of this machine, or 0.0.0.0 for every network")
    probe = socket.socket(family, kind)
    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        probe.bind(address)
        return None
    except OSError as error:
        if error.errno == errno.EADDRNOTAVAIL:
            return (f"{host} is not an address of this machine: give --host one of its addresses, "
                    "or 0.0.0.0 for every network")
        if error.errno == errno.EACCES:
            return f"port {port} is reserved for root (below 1024): choose another with --port"
        return (f"port {port} is taken (another program listens there): "
                "stop it, or choose another port with --port")
    finally:
        probe.close()


CERT_DAYS = 3650


def certificate(folder: str, hosts: list[str]) -> tuple[str, str, str]:
    """The server's self-signed certificate and key (cert.pem, key.pem in
    ``folder``), made on first start, and again when an address in
    ``hosts`` is not among its names (the laptop got another LAN address).
    Returns (certfile, keyfile, its SHA-256 fingerprint)."""
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    os.makedirs(folder, exist_ok=True)
    certfile, keyfile = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")

    def names(cert):
        try:
            alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        except x509.ExtensionNotFound:
            return set()
        return {str(n) for n in alt.get_values_for_type(x509.IPAddress)} | \
            set(alt.get_values_for_type(x509.DNSName))

    wanted = sorted(set(hosts) | {"localhost", "127.0.0.1"})
    cert = None
    if os.path.exists(certfile) and os.path.exists(keyfile):
        with open(certfile, "rb") as f:
            cert = x509.load_pem_x509_certificate(f.read())
        now = datetime.datetime.now(datetime.UTC)
        if not set(wanted) <= names(cert) or cert.not_valid_after_utc < now:
            cert = None
    if cert is None:
        key = ec.generate_private_key(ec.SECP256R1())
        alt = []
        for host in wanted:
            try:
                alt.append(x509.IPAddress(ipaddress.ip_address(host)))
            except ValueError:
                alt.append(x509.DNSName(host))
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "companion")])
        now = datetime.datetime.now(datetime.UTC)
        cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
                .public_key(key.public_key()).serial_number(x509.random_serial_number())
                .not_valid_before(now - datetime.timedelta(days=1))
                .not_valid_after(now + datetime.timedelta(days=CERT_DAYS))
                .add_extension(x509.SubjectAlternativeName(alt), critical=False)
                .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                .sign(key, hashes.SHA256()))
        descriptor = os.open(keyfile, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "wb") as f:
            f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                      serialization.NoEncryption()))
        with open(certfile, "wb") as f:
            f.write(cert.public_bytes(serialization.Encoding.PEM))
    digest = cert.fingerprint(hashes.SHA256()).hex().upper()
    return certfile, keyfile, ":".join(digest[i:i + 2] for i in range(0, len(digest), 2))


def refuse(problem: str | None) -> None:
    """Stops the start with one line saying what to do."""
    if problem:
        print(f"companion: {problem}", file=sys.stderr)
        raise SystemExit(1)


def open_app(args):
    """The app on a store that works, or a stop with one line: an
    unreachable REDIS_URL, a database file that cannot be made or written."""
    import sqlite3

    from .app import create_app, default_config
    from .store import SchemaTooNew

    config = {"ASYNC_MODE": args.async_mode, "LISTEN_HOST": args.host}
    if args.db:
        config["DB_PATH"] = args.db
    settings = {**default_config(), **config}
    if settings["REDIS_URL"]:
        refuse(redis_problem(settings["REDIS_URL"]))
    try:
        return create_app(config)
    except SchemaTooNew as error:
        refuse(str(error))
    except (sqlite3.Error, OSError) as error:
        if settings["REDIS_URL"]:
            raise
        refuse(f"the database {os.path.abspath(settings['DB_PATH'])} cannot be used ({error}): "
               "give a file in a folder you may write with --db or COMPANION_DB")


REDIS_WAIT = 5.0   # seconds to reach Redis at the start


def redis_problem(url: str) -> str | None:
    """Why Redis at ``url`` cannot be used, or None (it answers a PING)."""
    import urllib.parse

    import redis

    shown = urllib.parse.urlsplit(url)
    password = shown.password
    if password:   # never print a password
        shown = shown._replace(netloc=shown.netloc.replace(f":{password}@", ":***@"))
    malformed = redis_url_problem(url)
    if malformed:   # as written (urlsplit would tidy it), without the password
        written = url.replace(f":{password}@", ":***@") if password else url
        return (f"REDIS_URL {written} is not a Redis URL ({malformed}): write it as "
                "redis://[:password@]host[:port][/db], or unset it to use SQLite")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=REDIS_WAIT, socket_timeout=REDIS_WAIT).ping()
    except (redis.RedisError, OSError, ValueError) as error:
        return (f"REDIS_URL {shown.geturl()} cannot be reached ({error}): start Redis there, "
                "or set REDIS_URL to one that runs (unset it to use SQLite)")
    return None


def start_lines(base: str | None, args) -> list[str]:
    """What the start says about the address to open: ``base`` (the
    configured COMPANION_PUBLIC_URL, or this machine's address), or, in a
    container without one, that the published address is unknown (the
    container's own address reaches no phone); and when the server listens
    on loopback only, that phones cannot reach it."""
    if not base:
        return [(f"the published address is unknown inside a container (this one listens on port "
                 f"{args.port}): open this machine's address and the port the engine publishes "
                 "(docker-compose.yml: COMPANION_PORT, 8080) on the tablet, or set "
                 "COMPANION_PUBLIC_URL to it for the join links")]
    lines = [f"open {base}/ on the tablet to create a room"]
    if args.host in ("localhost", "::1") or args.host.startswith("127."):
        lines.append(f"listening on {args.host} only: phones cannot reach it "
                     "(--host 0.0.0.0 listens on every network)")
    return lines


def redis_url_problem(url: str) -> str | None:
    """What is wrong with the form of a Redis URL, or None."""
    import urllib.parse

    from redis.connection import parse_url
    try:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("redis", "rediss", "unix"):
            return f"the scheme is {parts.scheme or 'missing'}, not redis, rediss or unix"
        if parts.scheme != "unix" and not parts.hostname:
            return "no host"
        try:
            _ = parts.port
        except ValueError:   # its text would repeat the URL, password and all
            return "its port is no number from 0 to 65535"
        database = parts.path.strip("/")
        if parts.scheme != "unix" and database and not database.isdigit():
            return f"its database {database} is no number"   # redis-py would take 0 silently
        parse_url(url)
    except ValueError as error:
        said = str(error).split("\n")[0][:120]
        return said.replace(url, "…") if url else said
    return None


def serve(args):
    import qrcode

    from .transport.upstream import version_problem

    refuse(version_problem())   # the patches of third-party code fit these versions only
    refuse(address_problem(args.host, args.port))

    from .app import PACKAGE, shutdown
    from .transport.api import in_container, lan_address
    from .transport.assets import missing, page_file_missing

    refuse(missing(str(PACKAGE / "static")) or page_file_missing(str(PACKAGE)))
    if args.https and args.async_mode != "gevent":
        refuse("--https needs --async-mode gevent")
    app, socketio = open_app(args)
    settle_collector()
    keep_collector(socketio)

    base = app.config.get("PUBLIC_URL")
    host = args.host if args.host not in ("0.0.0.0", "::", "") else lan_address()
    if not base and not in_container():
        base = f"{'https' if args.https else 'http'}://{host}:{args.port}"
    args.tls = None
    if args.https:
        folder = os.path.dirname(os.path.abspath(app.config["DB_PATH"]))
        certfile, keyfile, fingerprint = certificate(folder, [host])
        # the handshake at the first read, inside the header deadline (gevent_server)
        args.tls = {"certfile": certfile, "keyfile": keyfile, "do_handshake_on_connect": False}
        print(f"companion: https with the self-signed certificate {certfile}", flush=True)
        print(f"companion: its SHA-256 fingerprint {fingerprint}", flush=True)
    store = "Redis " + app.config["REDIS_URL"] if app.config.get("REDIS_URL") else app.config["DB_PATH"]
    for line in start_lines(base, args):
        print(f"companion: {line}", flush=True)
    print(f"companion: store {store}; async {args.async_mode}; up to {args.file_limit} open files",
          flush=True)
    if base:
        code = qrcode.QRCode(border=1)
        code.add_data(base + "/")
        code.print_ascii(out=sys.stdout, invert=True)
        sys.stdout.flush()

    def stop(signum, frame):
        print("companion: stopping", flush=True)
        socketio.stop() if args.async_mode != "threading" else None
        raise SystemExit(0)

    if args.async_mode == "gevent":
        keep_checkpoints(app, socketio)
        serve_gevent(app, args)
        return
    # eventlet and threading: no header deadline or per-address cap here (gevent has them)
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)   # a KeyboardInterrupt may hit a worker thread
    kwargs = {"host": args.host, "port": args.port, "use_reloader": False, "log_output": False}
    if args.async_mode == "eventlet":
        # eventlet's default max_size of 1024 hangs connection 1025
        kwargs["max_size"] = 10000
    if args.async_mode == "threading":
        kwargs["allow_unsafe_werkzeug"] = True
    try:
        socketio.run(app, **kwargs)
    except KeyboardInterrupt:
        print("companion: stopping", flush=True)
    finally:
        shutdown(app)


def serve_gevent(app, args):
    """gevent's WSGI server on a listening socket with TCP_NODELAY (accepted
    sockets inherit it): without it the acknowledgement that follows a view
    on the same socket waits ~40 ms for the peer's delayed ACK.  The server
    has header and idle deadlines and a cap per address
    (transport/gevent_server.py; env COMPANION_HEADER_TIMEOUT,
    COMPANION_IDLE_TIMEOUT, COMPANION_CONNECTIONS_PER_ADDRESS)."""
    from gevent import socket as gsocket

    from .app import shutdown
    from .errors import error_answer, fail
    from .transport import gevent_server

    family = gsocket.AF_INET6 if ":" in args.host else gsocket.AF_INET
    listener = gsocket.socket(family, gsocket.SOCK_STREAM)
    listener.setsockopt(gsocket.SOL_SOCKET, gsocket.SO_REUSEADDR, 1)
    listener.setsockopt(gsocket.IPPROTO_TCP, gsocket.TCP_NODELAY, 1)
    listener.bind((args.host, args.port))
    listener.listen(1024)
    env = os.environ.get
    per_address = int(env("COMPANION_CONNECTIONS_PER_ADDRESS", str(gevent_server.PER_ADDRESS)))
    server = gevent_server.GuardedServer(
        listener, app, log=None, refusal=error_answer(fail("too_many_connections"), "en"),
        # behind a proxy the proxy caps; COMPANION_LIMITS=off (tests, benchmarks) caps nothing
        per_address=per_address if app.extensions["companion_limits"].on
        and not app.config.get("PROXIES") else None,
        header_timeout=float(env("COMPANION_HEADER_TIMEOUT", str(gevent_server.HEADER_TIMEOUT))),
        idle_timeout=float(env("COMPANION_IDLE_TIMEOUT", str(gevent_server.IDLE_TIMEOUT))),
        **(getattr(args, "tls", None) or {}))

    def stop(signum, frame):
        print("companion: stopping", flush=True)
        server.stop(timeout=2)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        server.serve_forever()
    finally:
        shutdown(app)
