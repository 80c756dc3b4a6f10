"""The pages: create (/), table (/t/<code>), phone (/j/<code>) and the
host's evening (/t/<code>/evening).  Each is
rendered on the server in the request's language with the config its
scripts read, cut to what that page names (the phone page stays light)."""
from __future__ import annotations

import functools
import os

from flask import Blueprint, Response, current_app, render_template, request, url_for

from .. import games
from ..errors import ServiceError
from ..i18n import catalogue, translate
from .api import game_texts, join_note
from .assets import (LATER, SHARED, asset, declared_texts, game_stylesheets, later_keys, matching,
                     shared_url, vendor_url)
from .http import client_address, limits, refuse_guessers, request_lang, service

bp = Blueprint("pages", __name__)
bp.before_request(refuse_guessers)

#: the phone page's scripts that word things (theme.js words only the
#: table's switch): the page carries the platform texts they declare
PHONE_SCRIPTS = (*SHARED, *LATER.values(), "phone.js")


@bp.get("/")
def page_create():
    return page("create.html")


@bp.get("/t/<code>")
def page_table(code):
    code = code.upper()[:8]
    return page("table.html", game=room_game(code), with_game=True, code=code,
                join_note=join_note(request_lang()))


@bp.get("/j/<code>")
def page_join(code):
    code = code.upper()[:8]
    return page("phone.html", game=room_game(code), with_game=True, code=code)


@bp.get("/t/<code>/evening")
def page_evening(code):
    """The host's evening page: its script fetches the data with the host
    token (api.py, ``/api/rooms/<code>/evening``)."""
    return page("evening.html", code=code.upper()[:8])


def page(template_name: str, game=None, with_game: bool = False, **context):
    lang = request_lang()
    texts = for_pages(catalogue(lang))
    if template_name == "phone.html":
        texts = for_phone(texts)
    config = {"lang": lang, "texts": texts, "code": context.get("code"),
              # the keep-awake video's sources (device.js), WebM before MP4
              "awake": [asset("media/keepawake.webm"), asset("media/keepawake.mp4")],
              # the platform's scripts loaded when first needed (texts.js needScript)
              "parts": {name: asset(file) for name, file in LATER.items()}}
    scripts = []   # the room's game renderer only (texts.js loads another on new_game)
    if with_game:
        config.update(game_config(game, lang, phone=template_name == "phone.html"))
        scripts = config["game_scripts"].get(config["game"], [])
    response = Response(render_template(
        template_name, lang=lang, config=config, shared=shared_url, game_scripts=scripts, asset=asset,
        vendor=vendor_url, game_styles=game_styles, t=lambda key, **params: translate(lang, key, params),
        **context))
    if request.args.get("lang") in ("de", "en"):
        response.set_cookie("lang", request.args["lang"], max_age=365 * 86400, samesite="Lax")
    return response


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


# --- the texts and scripts a page carries ---------------------------------------

def for_pages(texts: dict[str, str]) -> dict[str, str]:
    """Texts without ``error.*``, ``explain.*`` and ``meaning.*``: every
    refusal and explanation arrives in words from the server, so no page
    looks one up (and the phone page stays light)."""
    return {key: text for key, text in texts.items() if not key.startswith(SERVER_WORDED)}


#: texts the server words for the pages (refusals, explain mode's lines)
SERVER_WORDED = ("error.", "explain.", "meaning.")


def for_phone(texts: dict[str, str]) -> dict[str, str]:
    """The platform texts the phone's scripts declare (assets.TEXT_KEYS).
    The page stays light; its HTML is worded on the server."""
    return declared_texts(texts, current_app.static_folder, PHONE_SCRIPTS)


def game_config(game, lang: str, phone: bool = False) -> dict:
    """What the table and phone pages need to draw the first view without
    asking again: the room's game texts and, for a later ``new_game``, every
    game's title and script (its texts are fetched then)."""
    everything = games.all_games()

    def address(file: str) -> str:
        """A script's versioned URL; on the phone, a next game's as its plain
        address (revalidated when it loads): 10 unguessable bytes fewer each
        on a page that may never load it."""
        if phone and not (game and file.startswith(f"games/{game.name}.")):
            return url_for("static", filename=file)
        return asset(file)
    own = {}
    if game:
        own = game_texts(game, lang)
        own["texts"] = for_pages(own["texts"])
        if phone:
            own.update(phone_texts(game.name, own["texts"]))
    return {
        "game": game.name if game else None,
        "game_texts": {game.name: own} if game else {},
        "game_titles": {name: translate(lang, "title", game=other)
                        for name, other in sorted(everything.items())},
        # a renderer, and on the table its part TABLE_PART (what only the table draws)
        "game_scripts": {name: [address(f"games/{file}") for file in script_files(name)
                                if file == f"{name}.js" or (not phone and file == f"{name}.{TABLE_PART}.js")]
                         for name in sorted(everything) if script_files(name)},
        # the renderers' other parts, loaded when a renderer asks (texts.js needPart)
        "game_parts": {name: parts for name in sorted(everything) if (parts := {
            file.split(".")[1]: address(f"games/{file}") for file in script_files(name)[1:]
            if file.split(".")[1] != TABLE_PART})},
    }


#: a renderer's part ``<game>.table.js``: what only the table draws (its
#: ``table``, ``headline`` and ``decisive`` hooks), linked by the table page
#: with the renderer and never loaded by a phone
TABLE_PART = "table"


#: a game's texts no phone script looks up unless its renderer declares
#: them: log lines and options come as words, and of the platform only the
#: table's top line looks up a game's ``ui.*`` (table.js)
DECLARED_ONLY = ("log.", "option.", "ui.")


def phone_texts(name: str, texts: dict[str, str]) -> dict:
    """A game's texts on the phone page: of DECLARED_ONLY only those its
    scripts declare; none its text-keys.json declares ``later``
    (assets.LATER_TEXTS).
    ``later`` goes with them, as the starts of those keys: texts.js fetches
    the rest when a renderer first asks."""
    static = current_app.static_folder
    scripts = tuple(f"games/{file}" for file in script_files(name))
    declared = declared_texts(texts, static, scripts)
    texts = {key: text for key, text in texts.items() if key in declared or not key.startswith(DECLARED_ONLY)}
    later = later_keys(static, name)
    if not later:
        return {"texts": texts}
    left = matching(texts, later)
    return {"texts": {key: text for key, text in texts.items() if key not in left},
            "later": [entry.rstrip("*") for entry in later]}


def game_styles() -> list[str]:
    """Every game's board stylesheet, static/games/<game>.css, as found there
    (no list): the table page links them all, since the room's game may
    change during the evening (assets.page_files checks them at start)."""
    return [asset(f"games/{name}") for name in game_stylesheets(current_app.static_folder)]


@functools.cache
def script_files(game: str) -> tuple[str, ...]:
    """A game's scripts in static/games: its renderer ``<game>.js`` first,
    then its parts ``<game>.<part>.js`` (loaded when the renderer asks for them)."""
    folder = os.path.join(current_app.static_folder, "games")
    if not os.path.exists(os.path.join(folder, f"{game}.js")):
        return ()
    parts = sorted(name for name in os.listdir(folder)
                   if name.startswith(f"{game}.") and name.endswith(".js") and name != f"{game}.js")
    return (f"{game}.js", *parts)
