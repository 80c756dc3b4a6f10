"""Our scripts and styles go to the browser without their comment lines,
stripped at install time (companion/transport/lean.py: scripts/setup,
setup.py), never at serve time; the server serves a lean copy only while it
was made from the source as it is.  What the server keeps per static file
(its version, its gzip) is bounded by the fixed set of files it found."""
from __future__ import annotations

import os

from flask import Flask, Response

from companion.transport import assets, lean
from companion.transport.compression import Kept, gzip_answer

SCRIPT = b"/* why, for the reader */\nconst a = 1;   // stays: code before it\n  // a whole comment line\nconst b = '//';\n"
LEAN = b"const a = 1;   // stays: code before it\nconst b = '//';\n"


def folder(tmp_path):
    static = tmp_path / "static"
    (static / "games").mkdir(parents=True)
    (static / "vendor").mkdir()
    (static / "page.js").write_bytes(SCRIPT)
    (static / "games" / "game.css").write_bytes(b"/* a style */\n.x { color: red; }\n")
    (static / "vendor" / "client.js").write_bytes(b"// theirs, served as it is\n")
    (static / "icon.svg").write_bytes(b"<svg/>")
    return static


def test_the_build_writes_lean_copies_of_our_scripts_and_styles_only(tmp_path):
    static = folder(tmp_path)
    (static / "lean").mkdir()
    (static / "lean" / "gone.js").write_bytes(b"x")   # its source is gone
    made = lean.build(str(static))
    assert sorted(made) == ["games/game.css", "page.js"]
    assert (static / "lean" / "page.js").read_bytes() == LEAN
    assert (static / "lean" / "games" / "game.css").read_bytes() == b".x { color: red; }\n"
    assert not (static / "lean" / "gone.js").exists() and not (static / "lean" / "vendor").exists()
    assert (static / "page.js").read_bytes() == SCRIPT   # the source keeps its comments


def test_a_lean_copy_is_served_only_while_its_source_is_unchanged(tmp_path):
    static = folder(tmp_path)
    unbuilt = assets.served_files.__wrapped__(str(static))
    assert unbuilt["page.js"].path == str(static / "page.js")
    lean.build(str(static))
    built = assets.served_files.__wrapped__(str(static))
    assert built["page.js"].path == str(static / "lean" / "page.js")
    assert built["page.js"].version == assets.version_of(LEAN)
    assert built["vendor/client.js"].path == str(static / "vendor" / "client.js")
    (static / "page.js").write_bytes(SCRIPT + b"const c = 3;\n")   # edited since the build
    edited = assets.served_files.__wrapped__(str(static))
    assert edited["page.js"].path == str(static / "page.js")


def test_the_files_kept_are_those_found_at_the_first_ask(tmp_path):
    static = folder(tmp_path)
    files = assets.served_files(str(static))
    try:
        assert sorted(files) == ["games/game.css", "icon.svg", "page.js", "vendor/client.js"]
        (static / "later.js").write_bytes(b"x")
        assert assets.served_files(str(static)) is files and "later.js" not in files
        assert assets.served_files.cache_info().maxsize == 2   # and one table per static folder
    finally:
        assets.served_files.cache_clear()


def test_a_file_keeps_one_gzip_the_one_of_its_current_etag():
    app = Flask(__name__)
    kept = Kept()
    bodies = []
    for etag in ("first", "first", "second"):
        with app.test_request_context(headers={"Accept-Encoding": "gzip"}):
            response = Response(b"x" * 2000, mimetype="text/javascript")
            response.set_etag(etag)
            gzip_answer(response, kept)
            bodies.append(kept.body)
            assert response.headers["Content-Encoding"] == "gzip" and kept.etag == etag
    assert bodies[0] is bodies[1] and kept.body is bodies[2]   # made once per ETag, the old one let go
    assert Kept.__slots__ == ("etag", "body")                  # nothing else to grow


def test_the_app_serves_the_lean_copies_and_keeps_a_gzip_per_file_only(make_app):
    app, _ = make_app()
    client = app.test_client()
    static = app.static_folder
    files = assets.served_files(static)
    for name in lean.sources(static):
        for version in ("a", "b", files[name].version):
            answer = client.get(f"/static/{name}?v={version}", headers={"Accept-Encoding": "identity"})
            assert answer.status_code == 200, name
            if files[name].path != os.path.join(static, name):   # built: no whole comment line
                assert answer.data == lean.COMMENT_LINES.sub(b"", open(os.path.join(static, name), "rb").read())
            client.get(f"/static/{name}?v={version}", headers={"Accept-Encoding": "gzip"})
    client.get("/static/nothing-here.js", headers={"Accept-Encoding": "gzip"})
    assert assets.served_files(static) is files   # nothing added by asking
    gzipped = [name for name, file in files.items() if file.gzip.body is not None]
    assert sorted(gzipped) == [name for name in lean.sources(static) if os.path.getsize(files[name].path) >= 512]
