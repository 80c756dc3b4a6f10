"""`python -m companion serve`: the server for a game night on the home
Wi-Fi.  The async library is patched before anything else imports sockets."""
from __future__ import annotations

import argparse
import os
import signal
import sys


def parse(argv):
    parser = argparse.ArgumentParser(prog="companion", description=(
        "A referee and memory for board-game nights at a real table."))
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="start the server and print the table URL")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    serve.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    serve.add_argument("--db", default=None, help="SQLite file (default: the user's data folder; "
                       "ignored when REDIS_URL is set)")
    serve.add_argument("--async-mode", default=os.environ.get("COMPANION_ASYNC", "gevent"),
                       choices=["gevent", "eventlet", "threading"],
                       help="async library (default gevent; env COMPANION_ASYNC)")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse(sys.argv[1:] if argv is None else argv)
    if args.async_mode == "gevent":
        from gevent import monkey
        monkey.patch_all()
    elif args.async_mode == "eventlet":
        import warnings
        warnings.simplefilter("ignore", DeprecationWarning)
        import eventlet
        eventlet.monkey_patch()
    serve(args)


def serve(args):
    import qrcode

    from .app import create_app
    from .transport.http import lan_address

    config = {"ASYNC_MODE": args.async_mode}
    if args.db:
        config["DB_PATH"] = args.db
    app, socketio = create_app(config)

    base = app.config.get("PUBLIC_URL")
    if not base:
        host = args.host if args.host not in ("0.0.0.0", "::", "") else lan_address()
        base = f"http://{host}:{args.port}"
    store = "Redis " + app.config["REDIS_URL"] if app.config.get("REDIS_URL") else app.config["DB_PATH"]
    print(f"companion: open {base}/ on the tablet to create a room", flush=True)
    print(f"companion: store {store}; async {args.async_mode}", flush=True)
    code = qrcode.QRCode(border=1)
    code.add_data(base + "/")
    code.print_ascii(out=sys.stdout, invert=True)
    sys.stdout.flush()

    def stop(signum, frame):
        print("companion: stopping", flush=True)
        socketio.stop() if args.async_mode != "threading" else None
        raise SystemExit(0)

    if args.async_mode == "gevent":
        serve_gevent(app, args)
        return
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
        app.extensions["companion"].store.close()


def serve_gevent(app, args):
    """gevent's WSGI server on a listening socket with TCP_NODELAY (accepted
    sockets inherit it): without it the acknowledgement that follows a view
    on the same socket waits ~40 ms for the peer's delayed ACK."""
    from gevent import pywsgi
    from gevent import socket as gsocket

    family = gsocket.AF_INET6 if ":" in args.host else gsocket.AF_INET
    listener = gsocket.socket(family, gsocket.SOCK_STREAM)
    listener.setsockopt(gsocket.SOL_SOCKET, gsocket.SO_REUSEADDR, 1)
    listener.setsockopt(gsocket.IPPROTO_TCP, gsocket.TCP_NODELAY, 1)
    listener.bind((args.host, args.port))
    listener.listen(1024)
    server = pywsgi.WSGIServer(listener, app, log=None)

    def stop(signum, frame):
        print("companion: stopping", flush=True)
        server.stop(timeout=2)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        server.serve_forever()
    finally:
        app.extensions["companion"].store.close()
