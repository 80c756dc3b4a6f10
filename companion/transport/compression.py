"""Compression, both ways it is decided: text answers go gzipped
(``gzip_answer``, called for every answer by assets.finish_answer), and
websockets go without permessage-deflate (``without_websocket_compression``,
WSGI middleware that app.py puts around the app)."""
from __future__ import annotations

import gzip

from flask import request

COMPRESSIBLE = {"text/html", "text/css", "text/javascript", "application/javascript",
                "application/json", "image/svg+xml"}
MIN_GZIP = 512   # smaller answers gain less than the header costs


class Kept:
    """A static file's gzip, made once and kept for its current ETag only.
    The app keeps one per file of the fixed set it serves
    (assets.served_files), so the gzips kept never outnumber those files."""
    __slots__ = ("etag", "body")

    def __init__(self):
        self.etag: str | None = None
        self.body: bytes | None = None


def gzip_answer(response, kept: Kept | None):
    """Text answers go gzipped to a client that takes gzip; a static file's
    gzip (``kept``: its place) is made once per process."""
    if (response.status_code != 200 or response.mimetype not in COMPRESSIBLE
            or "Content-Encoding" in response.headers):
        return response
    response.vary.add("Accept-Encoding")
    if request.accept_encodings.quality("gzip") <= 0:
        return response
    etag, _ = response.get_etag()
    if kept is not None and not etag:
        kept = None
    body = kept.body if kept is not None and kept.etag == etag else None
    if body is None:
        response.direct_passthrough = False   # a file: read it here (make_sequence closes it)
        raw = response.get_data()
        if len(raw) < MIN_GZIP:
            return response
        body = gzip.compress(raw, compresslevel=9 if kept else 6, mtime=0)
        if kept is not None:
            kept.etag, kept.body = etag, body
    elif hasattr(response.response, "close"):
        response.call_on_close(response.response.close)
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    response.headers.pop("Accept-Ranges", None)
    if etag:
        response.set_etag(etag, weak=True)   # the same content, another encoding
    return response


def without_websocket_compression(wsgi_app):
    """Websockets without permessage-deflate: a view of 8-13 kB costs ~8 %
    of an action's CPU to compress and ~100 KiB more memory per socket,
    for bandwidth a home Wi-Fi does not miss.  The server (simple-websocket)
    offers the extension only when the browser asks for it, so the request
    simply does not ask."""
    def app(environ, start_response):
        environ.pop("HTTP_SEC_WEBSOCKET_EXTENSIONS", None)
        return wsgi_app(environ, start_response)
    return app
