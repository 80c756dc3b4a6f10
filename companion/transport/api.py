"""The JSON API (/api/*) and the health check: each route parses, calls
the service, shapes the answer.  Refusals raise ``ServiceError`` and leave
as the one error shape (http.register_error_pages)."""
from __future__ import annotations

import io
import ipaddress
import os
import socket
from datetime import date
from pathlib import Path

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, current_app, jsonify, render_template, request

from .. import games
from ..errors import fail
from ..evening import chart_svg, evening_csv, evening_data, evening_html
from ..i18n import lookup, translate
from ..version import version
from .http import (
    bearer,
    client_address,
    json_body,
    limits,
    refuse_guessers,
    request_lang,
    service,
)

bp = Blueprint("api", __name__)
bp.before_request(refuse_guessers)


# --- the addresses phones reach a room by ----------------------------------------

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


WILDCARD = ("0.0.0.0", "::", "")


def in_container() -> bool:
    """Whether this process runs in a container (Docker writes /.dockerenv,
    Podman /run/.containerenv): its own addresses are then the container
    network's, which phones never reach.  COMPANION_CONTAINER=no (or yes)
    overrides the guess: a container on the host's network
    (`--network host`) has the host's addresses."""
    said = os.environ.get("COMPANION_CONTAINER", "").strip().lower()
    if said in ("yes", "no"):
        return said == "yes"
    return os.path.exists("/.dockerenv") or os.path.exists("/run/.containerenv")


def container_internal(name: str) -> bool:
    """Whether ``name`` (a host without port) is an address on this
    container's own network: the container's name, or an IP address in the
    /16 of its own (Docker's and Podman's networks are /16 and /24)."""
    if name.lower() == socket.gethostname().lower():
        return True
    try:
        address = ipaddress.ip_address(name)
        own = ipaddress.ip_network(f"{lan_address()}/16", strict=False)
    except ValueError:
        return False
    return address in own


def join_address() -> tuple[str, tuple[str, dict] | None]:
    """The base of join links, and what the table must tell its host about
    it (a text key and its parameters), or None.  COMPANION_PUBLIC_URL when
    set; else the address the tablet used, unless phones cannot reach
    that: a loopback name (on a laptop that listens on every interface,
    this machine's LAN address instead, named in the note) or an address
    inside a container.  Never an address the server does not listen on
    (``--host 127.0.0.1``) nor a container's own."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return configured.rstrip("/"), None
    host = request.host
    base = f"{request.scheme}://{host}"
    name = host.rsplit(":", 1)[0].strip("[]") if host.count(":") <= 1 or host.startswith("[") else host
    if not is_loopback(host):
        if in_container() and container_internal(name):
            return base, ("table.join_internal", {"address": name})
        return base, None
    listening = current_app.config.get("LISTEN_HOST")   # None: not started by `companion serve`
    if listening not in (None, *WILDCARD) and is_loopback(listening):
        return base, ("table.join_local_only", {"host": listening})
    lan = lan_address()
    port = ":" + host.rsplit(":", 1)[1] if ":" in host.split("]")[-1] else ""
    if in_container() or current_app.config.get("PROXIES") or is_loopback(lan):
        return base, ("table.join_loopback", {"address": name, "port": port})
    address = f"{lan}{port}"
    return f"{request.scheme}://{address}", ("table.join_lan", {"address": address})


def public_base() -> str:
    """Join links must carry an address the phones can reach."""
    return join_address()[0]


def join_note(lang: str) -> tuple[str, bool] | None:
    """The table's note on its join address in ``lang``, and whether the
    address shown is one phones cannot reach (the table then shows no QR
    code); None when there is nothing to say."""
    _, note = join_address()
    if note is None:
        return None
    key, params = note
    return translate(lang, key, params), key != "table.join_lan"


def room_urls(code: str) -> dict:
    base = public_base()
    return {"join": f"{base}/j/{code}", "table": f"{base}/t/{code}"}


# --- games ----------------------------------------------------------------------

@bp.get("/api/games")
def api_games():
    lang = request_lang()
    out = []
    for name, game in sorted(games.all_games().items()):
        low, high = game.player_range({})
        out.append({"name": name, "title": translate(lang, "title", game=game),
                    "players": {"min": low, "max": high}, "options": game_options(game, lang),
                    "player_ranges": player_ranges(game),
                    "rules": has_rules(name, lang)})
    return jsonify({"games": out})


#: at most this many option combinations are listed per game
RANGES_MAX = 64


def player_ranges(game) -> list[dict]:
    """The player range the options make (issue #45: HOAX's "Large group"
    takes 3–14, not 3–8): one entry ``{"options", "min", "max"}`` per
    combination of the yes/no and choice options that change the range
    (each tried alone from the defaults), the others at their default.
    ``[]`` when no option changes it (``players`` holds the range then)."""
    defaults = {opt["name"]: opt.get("default") for opt in game.options_schema}
    values = {opt["name"]: [False, True] if opt.get("kind") == "bool" else list(opt.get("choices") or [])
              for opt in game.options_schema if opt.get("kind") in ("bool", "choice")}
    base = game.player_range(defaults)
    moving = [name for name, choices in values.items()
              if any(game.player_range({**defaults, name: v}) != base for v in choices)]
    combos = [{}]
    for name in moving:
        combos = [{**c, name: v} for c in combos for v in values[name]][:RANGES_MAX]
    out = []
    for combo in combos if moving else []:
        low, high = game.player_range({**defaults, **combo})
        out.append({"options": combo, "min": low, "max": high})
    return out


def has_rules(name: str, lang: str) -> bool:
    """Whether the game's package brought a rules summary in ``lang``
    (static/games/rules/<name>.<lang>.html): no list names the games."""
    return (Path(current_app.static_folder) / "games" / "rules" / f"{name}.{lang}.html").is_file()


def game_options(game, lang: str) -> list[dict]:
    """A game's options schema with its labels and help in ``lang``."""
    options = []
    for opt in game.options_schema:
        opt = dict(opt)
        opt["label"] = translate(lang, f"option.{opt['name']}", game=game)
        opt["help"] = lookup(lang, f"option.{opt['name']}.help", game)
        if opt.get("choices"):
            opt["choice_labels"] = {c: translate(lang, f"option.{opt['name']}.{c}", game=game)
                                    for c in opt["choices"]}
        options.append(opt)
    return options


def game_texts(game, lang: str) -> dict:
    """A game's texts in ``lang`` (English where a key is missing) and the
    fields whose values are seats: what the pages' JavaScript needs."""
    texts = dict(game.texts.get("en", {}))
    texts.update(game.texts.get(lang, {}))
    # explain mode's lines arrive worded in the views
    texts = {key: text for key, text in texts.items() if not key.startswith(("explain.", "meaning."))}
    return {"texts": texts, "seat_fields": sorted(game.seat_fields)}


@bp.get("/api/games/<name>/texts")
def api_game_texts(name):
    game = games.get(name)
    lang = request_lang()
    if game is None:
        raise fail("not_found")
    return jsonify({"game": name, "lang": lang, **game_texts(game, lang)})


# --- rooms ----------------------------------------------------------------------

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
    # the service reads the body once it knows the room and the token: 404, then 401, then 400
    return jsonify(service().act(code, bearer(), json_body, request_lang()))


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


# --- the evening to keep (issue #28) ---------------------------------------------
# The page (pages.py, /t/<code>/evening) is the host's: its script sends the host token (kept by the table
# in localStorage) in the Authorization header, so no token is ever in a URL
# or an access log.  The page, the HTML file and the CSV share evening_data.

#: the downloaded file's own policy (also sent with it): it opens from disk
#: with its inline stylesheet and SVG, and nothing else
FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'"


def host_room(code: str) -> dict:
    """The room, for its host only: 404 first, then 401 (no or a wrong
    token), then 403 (a seat's token)."""
    svc = service()
    room = svc.load(code)
    token = bearer()
    if token is None:
        raise fail("missing_token")
    if svc.audience(room, token)[0] != "host":
        raise fail("host_only")
    return room


def evening_file_name(room: dict, ext: str) -> str:
    return f"evening-{room['code']}-{date.today().isoformat()}.{ext}"


@bp.get("/api/rooms/<code>/evening")
def api_evening(code):
    return jsonify({"ok": True, "evening": evening_data(host_room(code), request_lang())})


@bp.get("/api/rooms/<code>/evening.html")
def api_evening_html(code):
    room = host_room(code)
    lang = request_lang()
    data = evening_data(room, lang)

    def render(name, **context):
        return render_template(name, t=lambda key, **params: translate(lang, key, params),
                               chart=lambda game: chart_svg(game, lang), **context)
    return Response(evening_html(data, render, current_app.static_folder), mimetype="text/html",
                    headers={"Content-Disposition": f'attachment; filename="{evening_file_name(room, "html")}"',
                             "Content-Security-Policy": FILE_CSP, "Cache-Control": "no-store"})


@bp.get("/api/rooms/<code>/evening.csv")
def api_evening_csv(code):
    room = host_room(code)
    return Response(evening_csv(evening_data(room, request_lang())), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{evening_file_name(room, "csv")}"',
                             "Cache-Control": "no-store"})


@bp.get("/healthz")
def healthz():
    """For a container's or a proxy's health check: 503 while the store
    does not answer (Redis gone), so the worker counts as unhealthy."""
    if not service().store.alive():
        return jsonify({"ok": False, "store": "unreachable", "version": version()}), 503
    return jsonify({"ok": True, "version": version()})
