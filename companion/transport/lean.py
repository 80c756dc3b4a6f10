"""The build step for our own scripts and styles: copies without their
whole-line comments, written into static/lean/ when a checkout is set up
(scripts/setup) or the wheel is built (setup.py), never committed.  The
comments are for the reader of the source, not for a phone that pays for
every byte (about a sixth of the phone page, gzipped).

static/lean/made-from.json records each copy's source by a hash of its
content: the server serves a copy only while it was made from the source as
it is now (assets.served_files), so an edited script is served whole until
the next build, never stale.  Standard library only: setup.py loads this
file by its path, before the package's requirements are installed.

    python -P companion/transport/lean.py [STATIC_FOLDER]   (-P: not beside transport/http.py)
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import sys

FOLDER = "lean"                  # under static/
MADE_FROM = "made-from.json"     # in FOLDER: file -> hash of the source it was made from
SKIPPED = {"vendor", FOLDER}     # folders of static/ that are not our sources
SUFFIXES = (".js", ".css")

#: a whole-line comment: a block comment that ends its line, or a ``//`` line
COMMENT_LINES = re.compile(rb"^[ \t]*/\*(?:(?!\*/).)*\*/[ \t]*\n|^[ \t]*//[^\n]*\n", re.S | re.M)


def source_hash(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()[:16]


def sources(static: str) -> list[str]:
    """Our scripts and styles under ``static``, as paths relative to it."""
    found = []
    for folder, subfolders, files in os.walk(static):
        if folder == static:
            subfolders[:] = [name for name in subfolders if name not in SKIPPED]
        found += [os.path.relpath(os.path.join(folder, name), static)
                  for name in files if name.endswith(SUFFIXES)]
    return sorted(found)


def build(static: str) -> dict[str, str]:
    """Writes static/lean/<file> for each source and made-from.json last;
    removes copies whose source is gone.  Returns made-from."""
    lean = os.path.join(static, FOLDER)
    made_from = {}
    for name in sources(static):
        with open(os.path.join(static, name), "rb") as file:
            content = file.read()
        write(os.path.join(lean, name), COMMENT_LINES.sub(b"", content))
        made_from[name] = source_hash(content)
    for folder, _, files in os.walk(lean):
        for name in files:
            relative = os.path.relpath(os.path.join(folder, name), lean)
            if relative != MADE_FROM and relative not in made_from:
                os.remove(os.path.join(folder, name))
    write(os.path.join(lean, MADE_FROM), json.dumps(made_from, indent=1, sort_keys=True).encode() + b"\n")
    return made_from


def write(path: str, content: bytes) -> None:
    """Whole or not at all: a server running meanwhile never reads half a
    file; an unchanged copy is left as it is (its ETag stays)."""
    try:
        with open(path, "rb") as file:
            if file.read() == content:
                return
    except OSError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".part", "wb") as file:
        file.write(content)
    os.replace(path + ".part", path)


if __name__ == "__main__":
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "static")
    made = build(os.path.normpath(sys.argv[1] if len(sys.argv) > 1 else here))
    print(f"lean copies of {len(made)} scripts and styles")
