"""HTTP transport: thin.  Parses, calls the service, shapes the answer.
Bodies go through ``guard`` (JSON only, checked), requests count against
the limits of their client address (``limits``), and every answer carries
the browser protections of ``SecurityHeaders``."""
from __future__ import annotations

import gzip
import hashlib
import io
import ipaddress
import logging
import functools
import os
import re
import socket

import qrcode
import qrcode.image.svg
from flask import (Blueprint, Response, current_app, jsonify, render_template,
                   request, send_from_directory, url_for)
from werkzeug.exceptions import HTTPException
from werkzeug.security import safe_join

from .. import games
from ..errors import ServiceError, bad_request, error_answer, fail, internal_answer
from ..i18n import catalogue, lookup, pick_lang, translate
from . import guard

bp = Blueprint("companion", __name__)
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
        raise bad_request("bad_json")
    return body


def is_loopback(host: str) -> bool:
    name = host.rsplit(":", 1)[0].strip("[]") if host.count(":") <= 1 or host.startswith("[") else host
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def lan_address() -> str:
    """The address other machines on the LAN reach us by (no packet is sent:
    connecting a UDP socket only picks the outgoing interface)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))   # TEST-NET: never routed anywhere
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def public_base() -> str:
    """Join links must carry an address the phones can reach."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return configured.rstrip("/")
    host = request.host
    if not is_loopback(host):
        return f"{request.scheme}://{host}"
    port = request.host.rsplit(":", 1)[1] if ":" in request.host.split("]")[-1] else ""
    return f"{request.scheme}://{lan_address()}{':' + port if port else ''}"


def room_urls(code: str) -> dict:
    base = public_base()
    return {"join": f"{base}/j/{code}", "table": f"{base}/t/{code}"}


# --- API ---------------------------------------------------------------------

@bp.get("/api/games")
def api_games():
    lang = request_lang()
    out = []
    for name, game in sorted(games.all_games().items()):
        low, high = game.player_range({})
        options = []
        for opt in game.options_schema:
            opt = dict(opt)
            opt["label"] = translate(lang, f"option.{opt['name']}", game=game)
            opt["help"] = lookup(lang, f"option.{opt['name']}.help", game)
            if opt.get("choices"):
                opt["choice_labels"] = {c: translate(lang, f"option.{opt['name']}.{c}", game=game)
                                        for c in opt["choices"]}
            options.append(opt)
        out.append({"name": name, "title": translate(lang, "title", game=game),
                    "players": {"min": low, "max": high}, "options": options})
    return jsonify({"games": out})


def game_texts(game, lang: str) -> dict:
    """A game's texts in ``lang`` (English where a key is missing) and the
    fields whose values are seats: what the pages' JavaScript needs."""
    texts = dict(game.texts.get("en", {}))
    texts.update(game.texts.get(lang, {}))
    return {"texts": texts, "seat_fields": sorted(game.seat_fields)}


@bp.get("/api/games/<name>/texts")
def api_game_texts(name):
    game = games.get(name)
    lang = request_lang()
    if game is None:
        raise fail("not_found")
    return jsonify({"game": name, "lang": lang, **game_texts(game, lang)})


@bp.post("/api/rooms")
def api_create_room():
    body = json_body()
    address = client_address()
    limits().check_rooms(address, lambda code: service().store.load(code) is not None)
    limits().spend("create", address)
    created = service().create_room(body.get("game"), body.get("options"))
    limits().room_opened(address, created["code"])
    created["urls"] = room_urls(created["code"])
    return jsonify(created), 201


@bp.post("/api/rooms/<code>/seats")
def api_join(code):
    body = json_body()
    if body.get("claim") is not None:
        limits().check("wrong_token", client_address())
    limits().spend("join", client_address())
    seat = service().join(code, body.get("name"), body.get("claim"))
    return jsonify(seat), 201


@bp.get("/api/rooms/<code>")
def api_view(code):
    return jsonify(service().view(code, bearer(), request_lang()))


@bp.post("/api/rooms/<code>/actions")
def api_act(code):
    svc = service()
    room = svc.load(code)            # 404 first,
    svc.audience(room, bearer())     # then 401,
    body = json_body()               # then 400
    return jsonify(svc.act(code, bearer(), body, request_lang()))


@bp.get("/api/rooms/<code>/urls")
def api_urls(code):
    room = service().load(code)
    return jsonify(room_urls(room["code"]))


@bp.get("/api/rooms/<code>/qr.svg")
def api_qr(code):
    room = service().load(code)
    url = room_urls(room["code"])["join"]
    claim = request.args.get("claim")
    if claim:
        url += "?claim=" + claim[:64]
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    out = io.BytesIO()
    image.save(out)
    return Response(out.getvalue(), mimetype="image/svg+xml",
                    headers={"Cache-Control": "no-store"})


# --- pages -------------------------------------------------------------------

def room_game(code: str):
    """The game of room ``code`` (its script and texts go with the page), or
    None: an unknown code still gets the page, which shows its own error.
    A miss counts as a guess like any other, and an address out of guesses
    gets the page without its game, hit or miss alike."""
    address = client_address()
    try:
        limits().check("unknown_room", address)
        return games.get(service().load(code)["game"])
    except ServiceError as error:
        limits().count_refusal(error, address)
        return None


def for_pages(texts: dict[str, str]) -> dict[str, str]:
    """Texts without ``error.*``: every refusal arrives in words from the
    server, so no page looks one up (and the phone page stays light)."""
    return {key: text for key, text in texts.items() if not key.startswith("error.")}


@functools.cache
def named_in(path: str) -> frozenset[str]:
    """The text keys a script names literally ("log.final_won")."""
    if not os.path.exists(path):
        return frozenset()
    with open(path, encoding="utf-8") as f:
        return frozenset(re.findall(r"[\"'](\w+\.\w+)[\"']", f.read()))


def game_config(game, lang: str, phone: bool = False) -> dict:
    """What the table and phone pages need to draw the first view without
    asking again: the room's game texts and, for a later ``new_game``, every
    game's title and script (its texts are fetched then)."""
    folder = os.path.join(current_app.static_folder, "games")
    everything = games.all_games()
    own = {}
    if game:
        own = game_texts(game, lang)
        own["texts"] = for_pages(own["texts"])
        if phone:   # log lines and options come as words; only what the renderer names itself
            named = named_in(os.path.join(folder, f"{game.name}.js"))
            own["texts"] = {key: text for key, text in own["texts"].items()
                            if key in named or not key.startswith(("log.", "option."))}
    return {
        "game": game.name if game else None,
        "game_texts": {game.name: own} if game else {},
        "game_titles": {name: translate(lang, "title", game=other)
                        for name, other in sorted(everything.items())},
        "game_scripts": {name: asset(f"games/{name}.js") for name in sorted(everything)
                         if os.path.exists(os.path.join(folder, f"{name}.js"))},
    }


#: keys the phone's scripts build from a name (an action's type, a field, a value, a status)
PHONE_BUILDS = ("action.", "field.", "value.", "confirm.")
STATUS_KEYS = {"page.lobby", "page.playing", "page.finished"}   # renderStatus: "page." + status


def for_phone(texts: dict[str, str]) -> dict[str, str]:
    """The platform texts the phone's scripts read: those they name and
    those they build.  The page stays light; its HTML is worded on the server."""
    static = current_app.static_folder
    named = named_in(os.path.join(static, "common.js")) | named_in(os.path.join(static, "phone.js"))
    return {key: text for key, text in texts.items()
            if key in named or key.startswith(PHONE_BUILDS) or key in STATUS_KEYS}


def page(template_name: str, game=None, with_game: bool = False, **context):
    lang = request_lang()
    texts = for_pages(catalogue(lang))
    if template_name == "phone.html":
        texts = for_phone(texts)
    config = {"lang": lang, "texts": texts, "code": context.get("code")}
    scripts = []   # the room's game renderer only (common.js loads another on new_game)
    if with_game:
        config.update(game_config(game, lang, phone=template_name == "phone.html"))
        own = config["game_scripts"].get(config["game"])
        scripts = [own] if own else []
    response = Response(render_template(
        template_name, lang=lang, config=config, game_scripts=scripts, asset=asset,
        vendor=vendor_url, t=lambda key, **params: translate(lang, key, params), **context))
    if request.args.get("lang") in ("de", "en"):
        response.set_cookie("lang", request.args["lang"], max_age=365 * 86400, samesite="Lax")
    return response


@bp.get("/")
def page_create():
    return page("create.html")


@bp.get("/t/<code>")
def page_table(code):
    code = code.upper()[:8]
    return page("table.html", game=room_game(code), with_game=True, code=code)


@bp.get("/j/<code>")
def page_join(code):
    code = code.upper()[:8]
    return page("phone.html", game=room_game(code), with_game=True, code=code)


#: browser packages served from node_modules (npm ci at set-up); nothing
#: third-party is committed
VENDOR = {"socket.io.min.js": "socket.io-client/dist/socket.io.min.js"}


@bp.get("/vendor/socket.io.min.js")
def vendor_socketio():
    return send_from_directory(current_app.config["NODE_MODULES"], VENDOR["socket.io.min.js"])


@bp.get("/healthz")
def healthz():
    return jsonify({"ok": True})


# pages render whatever the code: they count their own misses (room_game)
PAGES_WITH_CODE = {"companion.page_table", "companion.page_join"}


@bp.before_request
def refuse_guessers():
    """An address that used up its wrong tokens or unknown room codes is
    refused before anything is looked up: a hit and a miss look alike."""
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


# --- static files: versioned URLs, long caching, gzip ------------------------

#: a static URL carrying its content's version (``?v=``) never changes
#: content, so browsers keep it a year; without (or with an old) version it
#: is revalidated each time (cheap: 304 on its ETag)
LONG_CACHE = "public, max-age=31536000, immutable"
COMPRESSIBLE = {"text/html", "text/css", "text/javascript", "application/javascript",
                "application/json", "image/svg+xml"}
MIN_GZIP = 512   # smaller answers gain less than the header costs
_versions: dict[str, str] = {}            # file path -> hash of its content
_gzipped: dict[tuple[str, str], bytes] = {}   # (URL path, ETag) of a file -> its gzip


def file_version(path: str) -> str:
    """A short hash of the file's content, taken once per process (a file
    changed under a running server keeps its version until a restart)."""
    version = _versions.get(path)
    if version is None:
        with open(path, "rb") as file:
            version = _versions[path] = hashlib.sha256(file.read()).hexdigest()[:10]
    return version


def asset(filename: str) -> str:
    """The versioned URL of static/``filename``."""
    path = safe_join(current_app.static_folder, filename)
    return url_for("static", filename=filename, v=file_version(path))


def vendor_url(name: str) -> str:
    path = os.path.join(current_app.config["NODE_MODULES"], VENDOR[name])
    return f"/vendor/{name}?v={file_version(path)}"


def served_file() -> str | None:
    """The path of the file this request asked for, if it is a static or
    vendor file."""
    if request.endpoint == "static":
        return safe_join(current_app.static_folder, (request.view_args or {}).get("filename", ""))
    if request.endpoint == "companion.vendor_socketio":
        return os.path.join(current_app.config["NODE_MODULES"], VENDOR["socket.io.min.js"])
    return None


#: whole-line comments of our own scripts and styles (a block comment that
#: ends its line, a ``//`` line): for the reader of the source, not for a
#: phone that pays for every byte (about a fifth of the phone page)
COMMENT_LINES = re.compile(rb"^[ \t]*/\*(?:(?!\*/).)*\*/[ \t]*\n|^[ \t]*//[^\n]*\n", re.S | re.M)
LEAN = {"text/css", "text/javascript", "application/javascript"}
_lean: dict[str, bytes] = {}   # file path -> its content without comment lines


def lean_file(path: str) -> bytes:
    """A static script or style as served: without its comment lines
    (once per process, like its version)."""
    body = _lean.get(path)
    if body is None:
        with open(path, "rb") as file:
            body = _lean[path] = COMMENT_LINES.sub(b"", file.read())
    return body


@bp.after_app_request
def cache_and_compress(response):
    path = served_file()
    if path and response.status_code in (200, 304):
        versioned = request.args.get("v")
        fresh = versioned is not None and os.path.isfile(path) and versioned == file_version(path)
        response.headers["Cache-Control"] = LONG_CACHE if fresh else "no-cache"
    if (path and response.status_code == 200 and response.mimetype in LEAN
            and request.endpoint == "static" and os.path.isfile(path)):
        opened = response.response
        response.direct_passthrough = False
        response.set_data(lean_file(path))
        if hasattr(opened, "close"):
            opened.close()
    return gzip_answer(response, path is not None)


def gzip_answer(response, is_file: bool):
    """Text answers go gzipped to a client that takes gzip; a static file's
    gzip is made once per process."""
    if (response.status_code != 200 or response.mimetype not in COMPRESSIBLE
            or "Content-Encoding" in response.headers):
        return response
    response.vary.add("Accept-Encoding")
    if request.accept_encodings.quality("gzip") <= 0:
        return response
    etag, _ = response.get_etag()
    key = (request.path, etag) if is_file and etag else None
    body = _gzipped.get(key) if key else None
    if body is None:
        response.direct_passthrough = False   # a file: read it here (make_sequence closes it)
        raw = response.get_data()
        if len(raw) < MIN_GZIP:
            return response
        body = gzip.compress(raw, compresslevel=9 if key else 6, mtime=0)
        if key:
            _gzipped[key] = body
    elif hasattr(response.response, "close"):
        response.call_on_close(response.response.close)
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    response.headers.pop("Accept-Ranges", None)
    if etag:
        response.set_etag(etag, weak=True)   # the same content, another encoding
    return response


def register_error_pages(app):
    """Everything outside the API answers the one error shape too."""

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
        app.logger.exception("unexpected error")
        return jsonify(internal_answer(request_lang())), 500


# --- browser protections -----------------------------------------------------

#: Content-Security-Policy: scripts only from this server, never inline.
#: style-src still allows inline styles: the game renderers in
#: static/games/ (haiclue.js, hoax.js) write <style> blocks and style=""
#: attributes; once their CSS lives in static files, drop 'unsafe-inline'.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; media-src 'self' data: blob:; font-src 'self'; "
       "connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; "
       "frame-ancestors 'none'; form-action 'self'")
FIXED_HEADERS = [
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),   # join and claim links carry secrets
]
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
            present = {name.lower() for name, _ in headers}
            extra = [(name, value) for name, value in FIXED_HEADERS if name.lower() not in present]
            if "content-security-policy" not in present:
                extra.append(("Content-Security-Policy", csp(environ)))
            if "cache-control" not in present:
                extra.append(("Cache-Control", "no-store"))
            return start_response(status, list(headers) + extra, exc_info)
        return self.app(environ, start)
