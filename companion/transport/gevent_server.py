"""The gevent WSGI server `companion serve` runs, with what a server on an
open network needs (imported only once gevent has patched the standard
library):

- a deadline for a request's line and headers (``header_timeout``): a
  client that sends them slowly, or keeps a connection open without asking
  anything, is let go;
- an idle deadline for every later read and write on a connection
  (``idle_timeout``; websockets keep their own ping/pong watch);
- one file per connection, websockets included (``upstream.one_file_socket``), so
  the open-file limit counts phones, not twice the phones;
- a cap on the connections one client address holds (``per_address``).
  When an address reaches it, its oldest connection still waiting for
  headers is dropped for the new one, so even a flood of slow connections
  from one address does not lock that address's real requests out; with
  none waiting, the new connection is answered 429 and closed.  Behind a
  proxy (every connection comes from the proxy) the proxy caps instead
  (deploy/nginx.conf).
"""
from __future__ import annotations

import json
from collections import OrderedDict

import gevent
from gevent import pywsgi

from ..errors import error_body
from . import upstream

HEADER_TIMEOUT = 10.0
IDLE_TIMEOUT = 60.0
PER_ADDRESS = 64


class HeadersTooSlow(ValueError):
    """Raised into a connection's greenlet when its headers are late (or it
    is dropped for a newer connection of the same address)."""


#: bytes a connection reads ahead (gevent's default is 8 KiB): a request's
#: line and headers from a phone fit in well under this, a body that does
#: not is read past the buffer, and every websocket keeps this buffer for
#: its whole life without reading from it (simple-websocket reads the
#: socket itself)
READ_AHEAD = 2048


class GuardedHandler(pywsgi.WSGIHandler):
    def __init__(self, sock, address, server, rfile=None):
        super().__init__(sock, address, server,
                         rfile if rfile is not None else sock.makefile("rb", READ_AHEAD))

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
        if upstream.upgrade_requested(self):
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

    def do_read(self):
        # each connection as one file (upstream.accept_one_file)
        return upstream.accept_one_file(self.socket)

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
