"""HTTP transport, the blueprints' common ground: thin.  Each answer is
parsed, the service called, the answer shaped.

Where each job lives:
  api.py          /api/* and /healthz (JSON)
  pages.py        the create, table and phone pages
  assets.py       the vendor script, versioned static URLs, file caching
  compression.py  gzip of text answers (and no websocket compression)
  headers.py      the browser protections (CSP etc.) on every answer
and here: the request's accessors, the guard every blueprint runs before
its views (``refuse_guessers``) and the one error shape (``register_error_pages``).
Bodies go through ``guard`` (JSON only, checked), and requests count
against the limits of their client address (``limits``)."""
from __future__ import annotations

import logging

from flask import current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from ..errors import ServiceError, error_answer, fail, internal_answer
from ..i18n import pick_lang
from ..store import outage
from . import guard

log = logging.getLogger("companion")


def service():
    return current_app.extensions["companion"]


def limits():
    return current_app.extensions["companion_limits"]


def client_address() -> str:
    """The client's address (the proxy's forwarded one when the app is
    configured as behind a proxy: ``PROXIES``, see app.py)."""
    return request.remote_addr or "?"


def request_lang() -> str:
    return pick_lang(request.args.get("lang") or request.cookies.get("lang"),
                     request.headers.get("Accept-Language"))


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return header[7:].strip() or None
    return None


def json_body() -> dict:
    """The request's JSON object.  Only ``application/json`` is read: a page
    of another site can send ``text/plain`` without asking, never JSON."""
    if request.mimetype != "application/json":
        raise fail("not_json")
    raw = request.get_data(cache=False, as_text=False)
    try:
        body = guard.loads(raw or b"{}")
    except guard.BadInput as error:
        raise fail(error.code) from None
    if not isinstance(body, dict):
        raise fail("bad_json")
    return body


# --- the guard before every blueprint's views ----------------------------------

# pages render whatever the code: they count their own misses (pages.room_game)
PAGES_WITH_CODE = {"pages.page_table", "pages.page_join"}


def refuse_guessers():
    """An address that used up its wrong tokens or unknown room codes is
    refused before anything is looked up: a hit and a miss look alike.
    Each blueprint runs it (``bp.before_request``); static files do not."""
    address = client_address()
    if "code" in (request.view_args or {}) and request.endpoint not in PAGES_WITH_CODE:
        limits().check("unknown_room", address)
    if bearer() is not None:
        limits().check("wrong_token", address)
    if "X-Forwarded-For" in request.headers and not current_app.config.get("PROXIES"):
        warn_once("requests arrive through a proxy (X-Forwarded-For) but COMPANION_PROXIES "
                  "is not set: every client counts as the proxy's address")


def warn_once(message: str) -> None:
    warned = current_app.extensions.setdefault("companion_warned", set())
    if message not in warned:
        warned.add(message)
        log.warning("companion: %s", message)


# --- the one error shape --------------------------------------------------------

def register_error_pages(app):
    """Everything, inside the API or not, answers the one error shape."""

    @app.errorhandler(ServiceError)
    def on_error(error):
        limits().count_refusal(error, client_address())
        response = jsonify(error_answer(error, request_lang()))
        if getattr(error, "retry_after", None):
            response.headers["Retry-After"] = str(error.retry_after)
        return response, error.status

    @app.errorhandler(HTTPException)
    def on_http_error(error):
        codes = {404: "not_found", 405: "method_not_allowed", 413: "too_large",
                 400: "bad_json"}
        code = codes.get(error.code, "bad_json" if error.code < 500 else "internal")
        return jsonify(error_answer(ServiceError(code, error.code), request_lang())), error.code

    @app.errorhandler(Exception)
    def on_crash(error):   # a bug: logged with its traceback, never shown
        if outage(error):   # the store is down: not a bug, and the asker may try again
            app.logger.warning("the store does not answer: %s", error)
            return jsonify(error_answer(fail("store_down"), request_lang())), 503
        app.logger.exception("unexpected error")
        return jsonify(internal_answer(request_lang())), 500
