"""One package: the wheel built as a user builds it (`python -m build`)
carries everything the server serves, the Socket.IO browser client
included.  Installed into a fresh venv outside the checkout, with no
Node.js on the PATH and no PYTHONPATH, `companion serve` serves a room that
phones join and play through Chromium (real touch on the phones, clicks on
the tablet)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
import requests

from tests.browser.conftest import open_table, pick_secret, wait_js
from tests.servers import ROOT, free_port


def run(args, **kwargs):
    done = subprocess.run(args, capture_output=True, text=True, timeout=600, **kwargs)
    assert done.returncode == 0, f"{args}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The wheel, built from the checkout, installed in a new venv."""
    dist = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)])
    wheel = next(dist.glob("gamenight_companion-*.whl"))   # the distribution's name (issue #41)
    venv = tmp_path_factory.mktemp("venv")
    run([sys.executable, "-m", "venv", str(venv)])
    run([str(venv / "bin" / "pip"), "install", "-q", "--disable-pip-version-check", str(wheel)])
    return wheel, venv


class Installed:
    """`companion serve` of the installed wheel, started from an empty
    folder with nothing from the checkout in reach."""

    def __init__(self, venv: Path, folder: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {"PATH": f"{venv / 'bin'}:/bin", "HOME": str(folder), "LANG": "C.UTF-8",
               "COMPANION_PUBLIC_URL": self.url}
        self.log = open(folder / "serve.log", "w")
        self.process = subprocess.Popen(
            [str(venv / "bin" / "companion"), "serve", "--host", "127.0.0.1", "--port",
             str(self.port)], cwd=folder, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while not self.healthy():
            assert self.process.poll() is None, (folder / "serve.log").read_text()
            assert time.monotonic() < deadline, "the installed server did not start"
            time.sleep(0.2)

    def healthy(self) -> bool:
        try:
            return requests.get(self.url + "/healthz", timeout=1).ok
        except requests.RequestException:
            return False

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.log.close()


def test_the_wheel_carries_the_pages_and_the_browser_client(installed):
    wheel, venv = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in ("companion/static/vendor/socket.io.min.js", "companion/templates/phone.html",
                 "companion/static/media/keepawake.webm", "companion/static/icons/icon-192.png",
                 "companion/static/games/haiclue.js", "companion/games/hoax/texts_de.py"):
        assert path in names, path
    assert not any(name.startswith(("tests/", "node_modules/", "bench/")) for name in names)
    site = run([str(venv / "bin" / "python"), "-c", "import companion; print(companion.__file__)"],
               cwd="/")
    assert str(venv) in site.stdout and str(ROOT) not in site.stdout
    eventlet = subprocess.run([str(venv / "bin" / "python"), "-c", "import eventlet"],
                              capture_output=True)
    assert eventlet.returncode != 0, "eventlet is an extra, not a dependency"
    # its name and version, from the wheel's metadata (no pyproject.toml in reach)
    import tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    said = run([str(venv / "bin" / "companion"), "--version"], cwd="/").stdout.strip()
    assert said == f"{project['name']} {project['version']}" == f"gamenight-companion {project['version']}"


def test_a_room_from_the_installed_wheel_is_played_on_phones(installed, browser, tmp_path):
    server = Installed(installed[1], tmp_path)
    try:
        client = requests.get(server.url + "/vendor/socket.io.min.js", timeout=5)
        assert client.status_code == 200 and client.content.startswith(b"/*!")
        tablet, phones = open_table(browser, server, "haiclue", ["Anna", "Ben", "Cara"])
        tablet.locator('#host-actions form[data-type="start"] button.choice').first.click()
        tablet.locator("#confirm-yes").click()
        for phone in phones:
            phone.wait_for_selector('form[data-type="clue_ready"]')
        for i, phone in enumerate(phones):
            form = phone.locator('form[data-type="clue_ready"]')
            if i == 1:
                form.locator("input").fill("cold river moon")
            form.locator('button[type="submit"]').tap()
        wait_js(tablet, "document.getElementById('game-area').textContent.includes('cold river moon')")
        for phone in (phones[0], phones[2]):   # a secret act: on the held sheet (issue #45)
            wait_js(phone, "document.getElementById('todo').classList.contains('now')")
            pick_secret(phone, "guess")
        wait_js(tablet, "document.getElementById('log').textContent.match(/Ben/g).length > 1")
        for page in (tablet, *phones):
            page.context.close()
    finally:
        server.stop()
    log = (tmp_path / "serve.log").read_text()
    assert "Traceback" not in log, log
    assert os.path.isfile(tmp_path / ".local" / "share" / "companion" / "rooms.sqlite3")


def test_a_file_taken_from_the_installed_package_stops_the_start_naming_it(installed, tmp_path):
    """Fail at start in the installed wheel too (issue #41): each kind of
    file a page needs, taken away in site-packages, stops `companion serve`
    with one line naming it, before it listens."""
    venv = installed[1]
    package = Path(run([str(venv / "bin" / "python"), "-c",
                        "import companion, os; print(os.path.dirname(companion.__file__))"],
                       cwd="/").stdout.strip())
    env = {"PATH": f"{venv / 'bin'}:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8"}
    for relative in ("templates/phone.html", "templates/base.html", "static/table.js",
                     "static/table.css", "static/games/haiclue.js", "static/media/keepawake.mp4"):
        path = package / relative
        path.rename(path.with_name(path.name + ".away"))
        try:
            done = subprocess.run([str(venv / "bin" / "companion"), "serve", "--host", "127.0.0.1",
                                   "--port", str(free_port()), "--async-mode", "threading"],
                                  cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
        finally:
            path.with_name(path.name + ".away").rename(path)
        lines = done.stderr.strip().splitlines()
        assert done.returncode == 1 and len(lines) == 1, (relative, done.stdout, done.stderr)
        assert lines[0].startswith(f"companion: {path} is missing"), lines[0]
        assert "open http" not in done.stdout
