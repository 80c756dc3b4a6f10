"""The browser protections, in one place: WSGI middleware (app.py puts it
outermost but for compression) adds them to every answer, Socket.IO's
included."""
from __future__ import annotations

import re

#: Content-Security-Policy: scripts and styles only from this server, never
#: inline (renderers adopt their stylesheets through the CSSOM, and a seat's
#: colour is a class).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; "
       "img-src 'self' data:; media-src 'self' data: blob:; font-src 'self'; "
       "connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; "
       "frame-ancestors 'none'; form-action 'self'")
FIXED_HEADERS = [
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),   # join and claim links carry secrets
]
#: answers no browser renders as a document (with nosniff a script, a
#: stylesheet or a video opened directly is never run as a page): the
#: document protections (CSP, framing, referrer) would only cost every phone
#: ~400 bytes per file (issue #44); ``nosniff`` stays on them
SUBRESOURCE_TYPES = ("text/javascript", "application/javascript", "text/css", "video/", "font/",
                     "image/png", "image/webp")
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:[0-9]+)?$|^\[[0-9A-Fa-f:.]+\](:[0-9]+)?$")


def csp(environ) -> str:
    host = environ.get("HTTP_HOST", "")
    # CSP 3 lets 'self' cover ws:// of the same host; older browsers need it named
    sockets = f" ws://{host} wss://{host}" if _HOST.match(host) else ""
    return CSP.format(sockets=sockets)


class SecurityHeaders:
    """WSGI middleware: the browser protections on every answer (Socket.IO's
    included), and ``Cache-Control: no-store`` on every answer that does not
    set its own caching (views, tokens, pages: nothing to keep on a shared
    tablet or in a proxy)."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        def start(status, headers, exc_info=None):
            return start_response(status, protected(environ, list(headers)), exc_info)
        return self.app(environ, start)


def protected(environ, headers: list) -> list:
    """An answer's headers with the protections it lacks: a document's
    (CSP, framing, referrer, nosniff) or a subresource's (nosniff only)."""
    present = {name.lower() for name, _ in headers}
    kind = next((value for name, value in headers if name.lower() == "content-type"), "")
    if kind.startswith(SUBRESOURCE_TYPES):
        # Flask's "inline; filename=…" tells a browser nothing it needs
        headers = [(name, value) for name, value in headers if name.lower() != "content-disposition"]
        wanted = FIXED_HEADERS[:1]
    else:
        wanted = FIXED_HEADERS + [("Content-Security-Policy", csp(environ))]
    wanted = wanted + [("Cache-Control", "no-store")]
    return headers + [(name, value) for name, value in wanted if name.lower() not in present]
