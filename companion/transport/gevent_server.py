"""The gevent WSGI server `companion serve` runs, with what a server on an
open network needs (imported only once gevent has patched the standard
library):

- a deadline for a request's line and headers (``header_timeout``): a
  client that sends them slowly, or keeps a connection open without asking
  anything, is let go;
- an idle deadline for every later read and write on a connection
  (``idle_timeout``; websockets keep their own ping/pong watch);
- a cap on the connections one client address holds (``per_address``).
  When an address reaches it, its oldest connection still waiting for
  headers is dropped for the new one, so even a flood of slow connections
  from one address does not lock that address's real requests out; with
  none waiting, the new connection is answered 429 and closed.  Behind a
  proxy (every connection comes from the proxy) the proxy caps instead
  (deploy/nginx.conf).

Websockets go through one of two layers (``websocket_handler``):
simple-websocket (wsproto, a reader greenlet per socket; python-engineio's
default) or gevent-websocket's handler (the optional extra
``companion[gevent-websocket]``), which bench/load.py measured at about a
third less CPU per action for the bare stack (bench/README.md).
"""
from __future__ import annotations

import functools
import json
from collections import OrderedDict

import gevent
from gevent import pywsgi

from ..errors import error_body

HEADER_TIMEOUT = 10.0
IDLE_TIMEOUT = 60.0
PER_ADDRESS = 64


class HeadersTooSlow(ValueError):
    """Raised into a connection's greenlet when its headers are late (or it
    is dropped for a newer connection of the same address)."""


class GuardedHandler(pywsgi.WSGIHandler):
    def handle_one_request(self):
        self._greenlet = gevent.getcurrent()
        self._due = gevent.Timeout.start_new(self.server.header_timeout, HeadersTooSlow)
        self._waits = True
        self.server.waiting(self, True)
        try:
            return super().handle_one_request()
        except HeadersTooSlow:   # while reading the request line
            return None
        finally:
            self._headers_done()

    def read_request(self, raw_requestline):
        try:
            return super().read_request(raw_requestline)
        except HeadersTooSlow:   # while reading the headers: 400 and close
            return False
        finally:
            self._headers_done()

    def handle_one_response(self):
        super().handle_one_response()
        if self._connection_upgrade_requested():
            # the websocket wrote its own answer and owned the connection:
            # what the client still sends is websocket frames, not requests
            self.close_connection = True

    def _headers_done(self):
        self._due.cancel()
        self._waits = False
        self.server.waiting(self, False)
        if self.socket is not None:
            self.socket.settimeout(self.server.idle_timeout)

    def drop(self):
        """Lets this connection go at once if it still waits for its headers
        (checked when the hub gets to it, in case they have just come in)."""
        def throw():
            if self._waits:
                self._greenlet.throw(HeadersTooSlow())
        gevent.get_hub().loop.run_callback(throw)


class GuardedServer(pywsgi.WSGIServer):
    handler_class = GuardedHandler

    def __init__(self, listener, application, per_address: int | None = PER_ADDRESS,
                 header_timeout: float = HEADER_TIMEOUT, idle_timeout: float = IDLE_TIMEOUT,
                 refusal: dict | None = None, **kwargs):
        super().__init__(listener, application, **kwargs)
        self.per_address = per_address
        self.header_timeout = header_timeout
        self.idle_timeout = idle_timeout
        self._open: dict[str, int] = {}
        self._waiting: dict[str, OrderedDict] = {}
        body = json.dumps(refusal or error_body("too_many_connections", "Too many connections."))
        self._refusal = (f"HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n"
                         f"Retry-After: 10\r\nConnection: close\r\n"
                         f"Content-Length: {len(body.encode())}\r\n\r\n{body}").encode()

    def handle(self, sock, address):
        peer = address[0] if isinstance(address, tuple) else str(address)
        if not self._admit(peer):
            try:
                sock.settimeout(1)
                sock.sendall(self._refusal)
            except OSError:
                pass
            sock.close()
            return
        try:
            super().handle(sock, address)
        finally:
            self._open[peer] -= 1
            if not self._open[peer]:
                del self._open[peer]
                self._waiting.pop(peer, None)

    def _admit(self, peer: str) -> bool:
        if self.per_address and self._open.get(peer, 0) >= self.per_address:
            waiting = self._waiting.get(peer)
            if not waiting:
                return False
            oldest, _ = waiting.popitem(last=False)
            oldest.drop()
        self._open[peer] = self._open.get(peer, 0) + 1
        return True

    def waiting(self, handler: GuardedHandler, waits: bool) -> None:
        """Marks ``handler``'s connection as waiting for headers (or not)."""
        peer = handler.client_address[0] if isinstance(handler.client_address, tuple) \
            else str(handler.client_address)
        if waits:
            self._waiting.setdefault(peer, OrderedDict())[handler] = None
        elif peer in self._waiting:
            self._waiting[peer].pop(handler, None)


WEBSOCKET_LAYERS = ("simple-websocket", "gevent-websocket")


def websocket_handler(layer: str) -> type:
    """The handler class for GuardedServer with websockets through
    ``layer``, python-engineio's gevent driver set to match (engine_websocket).
    ImportError when gevent-websocket is asked for and not installed."""
    engine_websocket(layer)
    return _gevent_websocket_handler() if layer == "gevent-websocket" else GuardedHandler


def engine_websocket(layer: str) -> None:
    """python-engineio's gevent driver set to ``layer``.  The driver picks
    gevent-websocket whenever it can import it, and then expects every
    request to come through gevent-websocket's handler: with both
    installed, simple-websocket is put back explicitly.  Call before the
    Socket.IO server is made (app.py guard.check_engine_frames wraps the
    driver's class)."""
    from engineio.async_drivers import gevent as driver
    if layer == "gevent-websocket":
        from geventwebsocket.handler import WebSocketHandler  # noqa: F401 -- ImportError
        if driver.SimpleWebSocketWSGI is not None:   # imported before gevent-websocket was
            raise ImportError("python-engineio took simple-websocket")
    elif driver.SimpleWebSocketWSGI is None:
        driver._async["websocket"] = _simple_websocket_class()


def _simple_websocket_class() -> type:
    """python-engineio's gevent wrapper of simple-websocket, which its
    driver leaves out when gevent-websocket is installed."""
    import gevent.event
    import gevent.selectors
    from engineio.async_drivers import gevent as driver
    from engineio.async_drivers._websocket_wsgi import SimpleWebSocketWSGI

    class WebSocketWSGI(SimpleWebSocketWSGI):
        def __init__(self, handler, server):
            super().__init__(handler, server, thread_class=driver.Thread,
                             event_class=gevent.event.Event,
                             selector_class=gevent.selectors.DefaultSelector)

    return WebSocketWSGI


@functools.cache   # one class: gevent-websocket is an optional extra, imported when asked for
def _gevent_websocket_handler() -> type:
    from geventwebsocket.handler import WebSocketHandler
    _harden_gevent_websocket()

    class Handler(GuardedHandler, WebSocketHandler):
        """The guarded handler that upgrades websockets itself (frames by
        gevent-websocket, in the connection's own greenlet).  Header and idle
        deadlines and the per-address cap are GuardedHandler's, unchanged.
        gevent-websocket would answer 101 to any upgrade before the app has
        a say: only those the server's ``websocket_allowed`` accepts are
        upgraded; the app answers the others (Engine.IO's 400 for another
        origin, as with simple-websocket)."""

        def run_application(self):
            allowed = getattr(self.server, "websocket_allowed", None)
            if allowed is not None and not allowed(self.environ):
                return pywsgi.WSGIHandler.run_application(self)
            return super().run_application()

    return Handler


def websocket_allowed(eio):
    """Whether python-engineio (``eio``) would take a websocket with this
    environ: on its path, from an origin it accepts (its own rule, as
    engineio.Server.handle_request applies it)."""
    def allowed(environ) -> bool:
        if not environ.get("PATH_INFO", "").startswith("/socket.io"):
            return False
        origin = environ.get("HTTP_ORIGIN")
        if not origin or eio.cors_allowed_origins == []:
            return True
        origins = eio._cors_allowed_origins(environ)
        return origins is None or origin in origins
    return allowed


def _harden_gevent_websocket() -> None:
    """gevent-websocket 0.10.1 unmasks a client's frame one byte at a time
    in Python (~0.1 s per MB, with every socket of the process waiting) and
    reads a frame of any announced length into a buffer of that size: here
    frames are unmasked as one integer (as wsproto does) and refused over
    the largest message the engine reads (app.MAX_MESSAGE), which closes the
    socket (1002) as any protocol error does."""
    from geventwebsocket import websocket

    from ..app import MAX_MESSAGE
    decode = websocket.Header.decode_header.__func__

    def decode_header(cls, stream):
        header = decode(cls, stream)
        if header.length > MAX_MESSAGE:
            raise websocket.ProtocolError("frame too large")
        return header

    def unmask_payload(self, payload):
        size = len(payload)
        key = (bytes(self.mask) * (size // 4 + 1))[:size]
        value = int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")
        return bytearray(value.to_bytes(size, "big"))

    websocket.Header.decode_header = classmethod(decode_header)
    websocket.Header.unmask_payload = unmask_payload
