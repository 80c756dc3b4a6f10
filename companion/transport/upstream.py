"""Every change this server makes inside a third-party library, in one
place.  Each patch below is a small function (or class) that says what it
changes, why, and the distribution and version whose code it was written
against (``WRITTEN_FOR``); the rest of the server uses the libraries only
through their documented interfaces.

Before an upgrade of one of these distributions, read its new code where a
patch says, adjust the patch and its pin in pyproject.toml together, and
run tests/unit/test_upstream.py and tests/protocol/test_pings.py.
``companion serve`` refuses to start (``version_problem``) while an
installed version differs from the one written for here."""
from __future__ import annotations

import functools
import time
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as installed_version

from engineio import packet as eio_packet
from engineio import socket as eio_socket
from flask import Flask
from socketio import packet as sio_packet

#: distribution -> the version whose code the patches below were read
#: against (the pins of pyproject.toml)
WRITTEN_FOR = {
    "python-engineio": "4.15.1",    # ping_on_loop_timers, skip_bad_frames, close_engine_sockets
    "python-socketio": "5.18.1",    # PacketWithoutBinaryWalk
    "Flask": "3.1.3",               # FlaskWithoutSocketRoutes
    "gevent": "26.9.0",             # accept_one_file, upgrade_requested
    "simple-websocket": "1.1.0",    # one_file_socket
}


def version_problem() -> str | None:
    """What to do when an installed distribution is not the version a patch
    was written for (one line), or None."""
    for distribution, written_for in WRITTEN_FOR.items():
        try:
            installed = installed_version(distribution)
        except PackageNotFoundError:
            installed = None
        if installed != written_for:
            found = f"{installed} is installed" if installed else "is not installed"
            return (f"{distribution} {found}, but the server's patch of it "
                    f"(companion/transport/upstream.py) was written for {written_for}: install "
                    f"that version (pip install {distribution}=={written_for}, or scripts/setup "
                    "in a checkout)")
    return None


# -- python-engineio 4.15.1 ---------------------------------------------------

_engineio_schedule_ping = eio_socket.Socket.schedule_ping


def ping_on_loop_timers() -> None:
    """Replaces ``engineio.socket.Socket.schedule_ping`` for the whole
    process (python-engineio 4.15.1, engineio/socket.py): under gevent the
    wait before each ping is a timer of gevent's loop instead of a fresh
    greenlet per socket (``start_background_task(self._send_ping)``) that
    sleeps ``ping_interval``.  Every idle phone kept that greenlet alive,
    with its saved C stack and its own Python frames: at 3,000 idle sockets
    the timer took 71.8 KiB per socket down to 64.1 (bench/README.md, "Idle
    sockets", `python -m bench.idle --probe`).  What the ping does is
    unchanged: only once the previous one was answered, after
    ``ping_interval``, if the socket is still open; other async modes keep
    Engine.IO's own."""
    eio_socket.Socket.schedule_ping = _schedule_ping


def _schedule_ping(self) -> None:
    if self.server.async_mode != "gevent":
        return _engineio_schedule_ping(self)
    if self.last_ping:   # only once the previous ping was answered, as Engine.IO does
        self.last_ping = None
        import gevent
        timer = gevent.get_hub().loop.timer(self.server.ping_interval)
        timer.start(_ping, self, timer)
    return None


def _ping(socket, timer) -> None:
    # as Socket._send_ping after its sleep; putting a packet on the queue
    # never blocks, so this may run in the loop's callback
    timer.close()
    if not socket.closing and not socket.closed:
        # set before send, so that send's timeout check never closes the
        # socket (and runs its disconnect handler) inside the loop
        socket.last_ping = time.time()
        socket.send(eio_packet.Packet(eio_packet.PING))


def skip_bad_frames(eio, frame_ok) -> None:
    """Swaps the websocket class of an Engine.IO server (the private
    ``Server._async["websocket"]``, python-engineio 4.15.1,
    engineio/base_server.py and async_drivers/) for a subclass whose
    ``wait`` skips text frames that ``frame_ok`` refuses, as if they were
    empty.  python-engineio decodes a websocket frame outside its error
    handling (Socket._websocket_handler): a frame it cannot decode ended
    the connection with a traceback and half a 500 answer written into the
    websocket.  Security, not speed: any hostile client could do it."""
    base = eio._async.get("websocket") if eio._async else None
    if base is None:
        return

    class CheckedFrames(base):
        def wait(self):
            while True:
                message = super().wait()
                if not isinstance(message, str) or frame_ok(message):
                    return message

    eio._async = {**eio._async, "websocket": CheckedFrames}


def close_engine_sockets(eio) -> None:
    """Sends every Engine.IO socket its close packet without waiting for it
    to leave, and forgets them (``Server.sockets``, python-engineio 4.15.1).
    ``Server.disconnect()`` does the same but waits for each socket's queue
    to drain (``close(wait=True)``): a phone that vanished without a goodbye
    held the stop."""
    for socket in list(eio.sockets.values()):
        socket.close(wait=False, reason=eio.reason.SERVER_DISCONNECT)
    eio.sockets = {}


# -- python-socketio 5.18.1 ---------------------------------------------------

class PacketWithoutBinaryWalk(sio_packet.Packet):
    """``socketio.packet.Packet`` without its walk for binary data
    (``data_is_binary``, python-socketio 5.18.1, socketio/packet.py): the
    walk visits every list and dict of every outgoing packet, and this
    server never sends binary data.  It cost 0.50 ms per HOAX view of
    8.7 kB, where orjson writes the same view in 0.03 ms (2026-11-28, 400
    views of tools' golden HOAX games, a loaded machine; CPU per HOAX
    action is 1.5-3 ms, docs/SCALING.md).  Incoming binary packets are
    told apart by their type, not by this walk."""

    @classmethod
    def data_is_binary(cls, data):
        return False


# -- Flask 3.1.3 --------------------------------------------------------------

class FlaskWithoutSocketRoutes(Flask):
    """Flask without URL matching for Socket.IO events
    (``Flask.create_url_adapter``, Flask 3.1.3, flask/app.py).
    Flask-SocketIO runs each event in a request context made from the
    socket's environ (/socket.io/), and werkzeug matched that path against
    the routes on every event: it raised NotFound, whose traceback tied
    frames and the context into reference cycles, about 30 objects per event
    that only a garbage collection could free (gen-0 passes of 5-25 ms,
    gen-1 passes up to 120 ms, at 200 actions/s; docs/SCALING.md,
    "Pauses").  No route lives under /socket.io/."""

    def create_url_adapter(self, request):
        if request is not None and request.path.startswith("/socket.io"):
            return None
        return super().create_url_adapter(request)


# -- gevent 26.9.0 and simple-websocket 1.1.0 ---------------------------------

@functools.cache
def one_file_socket():
    """The class of an accepted connection that refuses ``dup`` (made on
    first use: gevent is imported only when it serves).  simple-websocket
    1.1.0 dups the connection's socket under gevent and goes on with the
    original when dup raises NotImplementedError (simple_websocket/ws.py,
    ``Server.__init__``; it does so for TLS sockets): every websocket held
    two files, and the open-file limit (often a hard 20,000) stopped a
    server at about 10,000 phones; with it, one process held 19,979 idle
    sockets (bench/README.md, "Idle sockets").  The handler's greenlet
    waits inside the websocket until it ends and reads nothing meanwhile,
    so the websocket can use the connection itself."""
    from gevent import socket as gsocket

    class OneFileSocket(gsocket.socket):
        __slots__ = ()

        def dup(self):
            raise NotImplementedError("one file per connection")

    return OneFileSocket


def accept_one_file(listener):
    """gevent's ``StreamServer.do_read`` (gevent 26.9.0, gevent/server.py),
    copied, with the accepted connection made a ``OneFileSocket`` instead of
    a gevent socket (``one_file_socket``): gevent has no hook for the accepted socket's class, so
    this calls the listener's private ``_accept`` as gevent does."""
    try:
        fd, address = listener._accept()
    except BlockingIOError:
        if not listener.timeout:
            return None
        raise
    connection = one_file_socket()(listener.family, listener.type, listener.proto, fileno=fd)
    return connection, address


def upgrade_requested(handler) -> bool:
    """Whether a pywsgi request asked for a websocket: the private
    ``WSGIHandler._connection_upgrade_requested`` (gevent 26.9.0,
    gevent/pywsgi.py), so that the server reads what follows a websocket
    as its frames, never as requests."""
    return handler._connection_upgrade_requested()
