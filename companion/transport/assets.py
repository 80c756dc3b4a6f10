"""Files: the vendor script (static/vendor/, from npm), versioned static URLs and
how long a browser keeps a file; our scripts and styles served as their lean
copies (transport/lean.py, made at install time) where current.
``finish_answer`` runs after every answer of the app (files or not) and
hands each to compression.gzip_answer."""
from __future__ import annotations

import functools
import hashlib
import json
import os
from dataclasses import dataclass, field

from flask import Blueprint, current_app, request, send_file, send_from_directory, url_for

from . import lean
from .compression import Kept, gzip_answer
from .http import refuse_guessers

bp = Blueprint("assets", __name__)
bp.before_request(refuse_guessers)

#: browser packages, copied from the pinned npm package into static/vendor/
#: when a checkout is set up (scripts/setup) or the wheel is built
#: (setup.py); never committed.  Served at /vendor/<name>.
VENDOR = {"socket.io.min.js": "socket.io-client/dist/socket.io.min.js"}
VENDOR_FOLDER = "vendor"

#: a static URL carrying its content's version (``?v=``) never changes
#: content, so browsers keep it a year; without (or with an old) version it
#: is revalidated each time (cheap: 304 on its ETag)
LONG_CACHE = "public, max-age=31536000, immutable"


#: what the pages cannot do without, checked before ``companion serve``
#: listens (``missing``): path in static/ -> what to do when it is missing
REQUIRED = {
    "manifest.webmanifest": "check out the repository again (git checkout -- companion/static)",
    "icons/icon-192.png": "run scripts/make-assets icons",
    "icons/icon-512.png": "run scripts/make-assets icons",
    "icons/apple-touch-icon.png": "run scripts/make-assets icons",
    "icons/companion.svg": "check out the repository again (git checkout -- companion/static)",
    "media/keepawake.webm": "run scripts/make-assets media",
    "media/keepawake.mp4": "run scripts/make-assets media",
}
#: the web app manifest's own type (browsers ignore a manifest served as text)
MANIFEST_TYPE = "application/manifest+json"


def missing(static: str) -> str | None:
    """One line saying what to do, if a file the pages need is missing
    (or empty): the vendor script, the manifest, the icons, the keep-awake
    media; else None."""
    for name, package in VENDOR.items():
        path = os.path.join(static, VENDOR_FOLDER, name)
        if not os.path.isfile(path) or not os.path.getsize(path):
            return (f"{path} is missing (the pages' {name}, from the npm package {package}): "
                    "in a checkout run scripts/setup; else install a wheel built with it "
                    "(python -m build, see docs/HOSTING.md)")
    ours = {name: REQUIRED["icons/companion.svg"] for name in (*SHARED, *LATER.values())}
    for relative, fix in {**REQUIRED, **ours}.items():
        path = os.path.join(static, relative)
        if not os.path.isfile(path) or not os.path.getsize(path):
            return f"{path} is missing: {fix}"
    return None


#: the templates the routes render: the pages (transport/pages.py, the
#: evening page in api.py) and the evening's download (evening.py); a test
#: finds every render call in the code among them
PAGE_TEMPLATES = ("create.html", "table.html", "phone.html", "evening.html", "evening_file.html")
#: static files a page's script fetches or the server reads, beside those
#: the templates name: file -> who needs it
FETCHED = {"phone-help.en.html": "phone.js", "phone-help.de.html": "phone.js",
           "evening.css": "the evening's download"}


def page_files(package: str) -> list[tuple[str, str]]:
    """Every file the pages need, as (path, who needs it): the page
    templates and every template they extend, include or import, every
    static file a template names (``asset('…')``, ``vendor('…')``,
    ``url_for('static', filename='…')``), the files the scripts fetch
    (FETCHED), and each shipped game's renderer (static/games/<game>.js).
    Read from the templates themselves, so a page that names a new file is
    covered without a list to keep."""
    from jinja2 import Environment, FileSystemLoader, meta, nodes

    from .. import games

    templates, static = os.path.join(package, "templates"), os.path.join(package, "static")
    env = Environment(loader=FileSystemLoader(templates))
    found: list[tuple[str, str]] = []
    queue = [(name, "the server's pages") for name in PAGE_TEMPLATES]
    seen: set[str] = set()
    while queue:
        name, needer = queue.pop(0)
        if name in seen:
            continue
        seen.add(name)
        path = os.path.join(templates, name)
        found.append((path, needer))
        try:
            with open(path, encoding="utf-8") as file:
                tree = env.parse(file.read())
        except OSError:
            continue   # missing: reported as such
        queue += [(ref, name) for ref in meta.find_referenced_templates(tree) if ref]
        for call in tree.find_all(nodes.Call):
            if not isinstance(call.node, nodes.Name) or not call.args \
                    or not isinstance(call.args[0], nodes.Const):
                continue
            first = call.args[0].value
            if call.node.name == "asset":
                found.append((os.path.join(static, first), name))
            elif call.node.name == "vendor":
                found.append((os.path.join(static, VENDOR_FOLDER, first), name))
            elif call.node.name == "url_for" and first == "static":
                for keyword in call.kwargs:
                    if keyword.key == "filename" and isinstance(keyword.value, nodes.Const):
                        found.append((os.path.join(static, keyword.value.value), name))
    found += [(os.path.join(static, name), needer) for name, needer in FETCHED.items()]
    found += [(os.path.join(static, "games", f"{name}.js"), f"the game {name}")
              for name in sorted(games.shipped())]
    found += [(os.path.join(static, "games", name), "the table page (a game's board)")
              for name in game_stylesheets(static)]
    found += [(os.path.join(static, TEXT_KEYS), "the phone page's texts")]
    found += [(os.path.join(static, "games", f"{name}.{TEXT_KEYS}"), f"the phone page's texts of {name}")
              for name in sorted(games.shipped())]
    return found


def game_stylesheets(static: str) -> list[str]:
    """The games' board stylesheets in static/games (``<game>.css``), found
    there: a sixth game's styles are its own file, and no list names it."""
    folder = os.path.join(static, "games")
    return sorted(name for name in os.listdir(folder) if name.endswith(".css"))


# --- the text keys our scripts declare ---------------------------------------------

#: each script's text keys, declared beside it: static/text-keys.json for the
#: pages' scripts, static/games/<game>.text-keys.json for a game's renderer and
#: its parts; {script file: [key, ...]}, where "prefix*" stands for the keys a
#: script builds from a name ("action." + an action's type).  The phone page
#: carries only the texts its scripts declare (tests/unit/test_text_keys.py
#: checks every declaration against its script).
TEXT_KEYS = "text-keys.json"
#: in a game's text-keys.json, the entry of no script: the keys (same form)
#: its phone page leaves out, those a phone needs only now and then (What the
#: Rule?!'s 50 deck sentences, its rule builder's words, what only its table
#: draws).  The first a renderer asks for fetches the game's whole texts
#: (texts.js needTexts; "…" meanwhile).  The table page carries them all.
LATER_TEXTS = "later"


@functools.lru_cache(maxsize=4)   # one static folder per process (a test's app may name another)
def declaration_files(static: str) -> dict[str, dict[str, tuple[str, ...]]]:
    """Every text-keys.json as read, by its path under static/."""
    found: dict[str, dict[str, tuple[str, ...]]] = {}
    for folder, prefix in ((static, ""), (os.path.join(static, "games"), "games/")):
        for name in sorted(os.listdir(folder)):
            if name.endswith(TEXT_KEYS):
                with open(os.path.join(folder, name), encoding="utf-8") as file:
                    found[prefix + name] = {entry: tuple(keys) for entry, keys in json.load(file).items()}
    return found


@functools.lru_cache(maxsize=4)
def declarations(static: str) -> dict[str, tuple[str, ...]]:
    """Every script's declared text keys, by its path under static/
    ("phone.js", "games/hoax.js")."""
    return {path.rsplit("/", 1)[0] + "/" + script if "/" in path else script: keys
            for path, entries in declaration_files(static).items()
            for script, keys in entries.items() if script != LATER_TEXTS}


def later_keys(static: str, game: str) -> tuple[str, ...]:
    """The text keys (``"prefix*"`` or whole) ``game``'s phone page leaves
    out until a renderer asks for them (``LATER_TEXTS``); () for most games."""
    return declaration_files(static).get(f"games/{game}.{TEXT_KEYS}", {}).get(LATER_TEXTS, ())


def matching(texts: dict[str, str], entries) -> dict[str, str]:
    """Those of ``texts`` whose key ``entries`` name (whole, or ``"prefix*"``)."""
    keys = {entry for entry in entries if not entry.endswith("*")}
    built = tuple(entry[:-1] for entry in entries if entry.endswith("*"))
    return {key: text for key, text in texts.items() if key in keys or key.startswith(built)}


def declared_texts(texts: dict[str, str], static: str, scripts: tuple[str, ...]) -> dict[str, str]:
    """Those of ``texts`` that ``scripts`` (paths under static/) declare they use."""
    return matching(texts, [entry for script in scripts for entry in declarations(static).get(script, ())])


def page_file_missing(package: str) -> str | None:
    """One line naming the first file a page needs that is missing (or
    empty), and how to get it back; else None."""
    for path, needer in page_files(package):
        if not os.path.isfile(path) or not os.path.getsize(path):
            relative = os.path.relpath(path, os.path.dirname(package))
            return (f"{path} is missing (needed by {needer}): in a checkout run "
                    f"git checkout -- {relative}; else install the package again")
    return None


@bp.get("/manifest.webmanifest")
def manifest():
    """The web app manifest, linked from every page (base.html)."""
    response = send_from_directory(current_app.static_folder, "manifest.webmanifest",
                                   mimetype=MANIFEST_TYPE, max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/vendor/socket.io.min.js")
def vendor_socketio():
    return send_from_directory(vendor_folder(), "socket.io.min.js")


def vendor_folder() -> str:
    return os.path.join(current_app.static_folder, VENDOR_FOLDER)


# --- the files as served: a fixed set, read once --------------------------------

@dataclass
class Served:
    """A static file as the app serves it."""
    path: str      # our script's or style's lean copy while current, else the file itself
    version: str   # a short hash of what is served
    gzip: Kept = field(default_factory=Kept)


def version_of(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()[:10]


@functools.lru_cache(maxsize=2)   # one static folder per process (a test may build another)
def served_files(static: str) -> dict[str, Served]:
    """Every file under ``static`` (but lean/), by its path there, read once
    at the first ask: a fixed set, so what is kept per file (its version,
    its gzip) is bounded by it.  A file changed under a running server keeps
    its version until a restart; one added since is served without one."""
    copies = os.path.join(static, lean.FOLDER)
    try:
        with open(os.path.join(copies, lean.MADE_FROM), encoding="utf-8") as file:
            made_from = json.load(file)
    except (OSError, ValueError):
        made_from = {}   # not built (yet): every file is served as it is
    files = {}
    for folder, subfolders, names in os.walk(static):
        if folder == static:
            subfolders[:] = [name for name in subfolders if name != lean.FOLDER]
        for name in names:
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, static).replace(os.sep, "/")
            with open(path, "rb") as file:
                content = file.read()
            copy = os.path.join(copies, relative)
            if made_from.get(relative) == lean.source_hash(content) and os.path.isfile(copy):
                path = copy
                with open(copy, "rb") as file:
                    content = file.read()
            files[relative] = Served(path, version_of(content))
    return files


def served(relative: str) -> Served | None:
    return served_files(current_app.static_folder).get(relative)


def static_file(filename: str):
    """Flask's static route (``/static/<filename>``), serving a script's or
    style's lean copy where it is current."""
    file = served(filename)
    if file is None:   # added since the start, or none: Flask's answer (404)
        return current_app.send_static_file(filename)
    return send_file(file.path)


@bp.record_once
def serve_lean_copies(state):
    state.app.view_functions["static"] = static_file


def asset(filename: str) -> str:
    """The versioned URL of static/``filename``."""
    file = served(filename)
    return url_for("static", filename=filename, v=file.version if file else "missing")


def vendor_url(name: str) -> str:
    file = served(f"{VENDOR_FOLDER}/{name}")
    return f"/vendor/{name}?v={file.version if file else 'missing'}"


#: the shared page API: several plain scripts by job (static/texts.js, …),
#: served joined as one (each file costs a phone ~750 bytes of headers)
SHARED = ("texts.js", "forms.js", "reveal.js", "render.js", "socket.js", "device.js")
#: the platform's scripts a page loads only once it needs them (issue #44:
#: the phone page stays light): name -> file; the table links them outright
LATER = {"timer": "timer.js"}


@functools.lru_cache(maxsize=2)   # as served_files
def shared(static: str) -> tuple[bytes, Served]:
    """The shared scripts as served, joined in their order (once per process)."""
    parts = []
    for name in SHARED:
        with open(served_files(static)[name].path, "rb") as file:
            parts.append(file.read())
    body = b"\n".join(parts)
    return body, Served("", version_of(body))


def shared_url() -> str:
    return url_for("assets.shared_scripts", v=shared(current_app.static_folder)[1].version)


@bp.get("/shared.js")
def shared_scripts():
    body, file = shared(current_app.static_folder)
    response = current_app.response_class(body, mimetype="text/javascript")
    response.add_etag()
    return response.make_conditional(request)


def requested_file() -> Served | None:
    """The file this request asked for, if it is one of the served set."""
    if request.endpoint == "static":
        return served((request.view_args or {}).get("filename", ""))
    if request.endpoint == "assets.vendor_socketio":
        return served(f"{VENDOR_FOLDER}/socket.io.min.js")
    if request.endpoint == "assets.shared_scripts":
        return shared(current_app.static_folder)[1]
    return None


@bp.after_app_request
def finish_answer(response):
    """Every answer of the app: a file's caching, then gzip (a file's kept)."""
    file = requested_file()
    if file and response.status_code in (200, 304):
        fresh = request.args.get("v") == file.version
        response.headers["Cache-Control"] = LONG_CACHE if fresh else "no-cache"
    return gzip_answer(response, file.gzip if file else None)
