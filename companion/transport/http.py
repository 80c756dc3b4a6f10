"""HTTP transport: thin.  Parses, calls the service, shapes the answer."""
from __future__ import annotations

import io
import ipaddress
import json
import os
import socket

import qrcode
import qrcode.image.svg
from flask import (Blueprint, Response, current_app, jsonify, render_template,
                   request, send_from_directory)
from werkzeug.exceptions import HTTPException

from .. import games
from ..errors import ServiceError, bad_request, error_answer
from ..i18n import catalogue, pick_lang, translate

bp = Blueprint("companion", __name__)


def service():
    return current_app.extensions["companion"]


def request_lang() -> str:
    return pick_lang(request.args.get("lang") or request.cookies.get("lang"),
                     request.headers.get("Accept-Language"))


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return header[7:].strip() or None
    return None


def json_body() -> dict:
    raw = request.get_data(cache=False, as_text=False)
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise bad_request("bad_json")
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
            options.append(opt)
        out.append({"name": name, "title": translate(lang, "title", game=game),
                    "players": {"min": low, "max": high}, "options": options})
    return jsonify({"games": out})


@bp.get("/api/games/<name>/texts")
def api_game_texts(name):
    game = games.get(name)
    lang = request_lang()
    if game is None:
        raise ServiceError("unknown_game", 404)
    texts = dict(game.texts.get("en", {}))
    texts.update(game.texts.get(lang, {}))
    return jsonify({"game": name, "lang": lang, "texts": texts,
                    "seat_fields": sorted(game.seat_fields)})


@bp.post("/api/rooms")
def api_create_room():
    body = json_body()
    service().limiter.hit(f"create/{request.remote_addr}")
    created = service().create_room(body.get("game"), body.get("options"))
    created["urls"] = room_urls(created["code"])
    return jsonify(created), 201


@bp.post("/api/rooms/<code>/seats")
def api_join(code):
    body = json_body()
    service().limiter.hit(f"join/{request.remote_addr}")
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

def game_scripts() -> list[str]:
    """Each game's optional renderer, static/games/<name>.js."""
    folder = os.path.join(current_app.static_folder, "games")
    return [f"games/{name}.js" for name in sorted(games.all_games())
            if os.path.exists(os.path.join(folder, f"{name}.js"))]


def page(template_name: str, **context):
    lang = request_lang()
    context.setdefault("game_scripts", game_scripts())
    response = Response(render_template(
        template_name, lang=lang, texts=catalogue(lang),
        t=lambda key, **params: translate(lang, key, params), **context))
    if request.args.get("lang") in ("de", "en"):
        response.set_cookie("lang", request.args["lang"], max_age=365 * 86400, samesite="Lax")
    return response


@bp.get("/")
def page_create():
    return page("create.html")


@bp.get("/t/<code>")
def page_table(code):
    return page("table.html", code=code.upper()[:8])


@bp.get("/j/<code>")
def page_join(code):
    return page("phone.html", code=code.upper()[:8])


@bp.get("/vendor/socket.io.min.js")
def vendor_socketio():
    # from node_modules (npm install at set-up); nothing third-party is committed
    return send_from_directory(current_app.config["NODE_MODULES"],
                               "socket.io-client/dist/socket.io.min.js", max_age=3600)


@bp.get("/healthz")
def healthz():
    return jsonify({"ok": True})


def register_error_pages(app):
    """Everything outside the API answers the one error shape too."""

    @app.errorhandler(ServiceError)
    def on_error(error):
        return jsonify(error_answer(error, request_lang())), error.status

    @app.errorhandler(HTTPException)
    def on_http_error(error):
        codes = {404: "not_found", 405: "method_not_allowed", 413: "too_large",
                 400: "bad_json"}
        code = codes.get(error.code, "http_error")
        lang = request_lang()
        message = translate(lang, f"error.{code}")
        if message == f"error.{code}":
            message = error.description
        return jsonify({"ok": False, "error": {"code": code, "message": message}}), error.code

    @app.errorhandler(Exception)
    def on_crash(error):   # never a bare 500 page; logged for us
        app.logger.exception("unexpected error")
        return jsonify({"ok": False, "error": {"code": "internal",
                                               "message": "Something went wrong on the server."}}), 500
