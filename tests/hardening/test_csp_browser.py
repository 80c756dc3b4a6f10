"""The Content-Security-Policy in a real Chromium (Debian's package): the
start page, the table and a phone work under it and the browser reports
no violation."""
from __future__ import annotations

import time
from pathlib import Path

import pytest
import requests

from tests.browser.conftest import CHROMIUM   # one choice of browser for every test
from tests.quiet_network import chromium_env


def seated_and_connected(server, code) -> bool:
    seats = requests.get(f"{server.url}/api/rooms/{code}", timeout=10).json()["seats"]
    return bool(seats) and seats[0]["connected"]


def test_pages_work_under_the_policy(servers):
    from playwright.sync_api import sync_playwright
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium-headless-shell")
    server = servers()
    made = requests.post(server.url + "/api/rooms", json={"game": "haiclue"}, timeout=10).json()
    code = made["code"]
    problems: list[str] = []

    def watch(page, name):
        page.on("console", lambda m: problems.append(f"{name}: {m.text}")
                if "Content Security Policy" in m.text or "Refused to" in m.text else None)
        page.on("pageerror", lambda error: problems.append(f"{name}: {error}"))
        page.add_init_script("document.addEventListener('securitypolicyviolation', e =>"
                             " console.error('Refused to: ' + e.violatedDirective + ' ' + e.blockedURI))")

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"],
                                    env=chromium_env())
        try:
            start = browser.new_page()
            watch(start, "start page")
            start.goto(server.url + "/")
            start.wait_for_selector("#game-list button")
            table = browser.new_page()
            watch(table, "table")
            table.goto(f"{server.url}/t/{code}")
            table.wait_for_selector("#qr")
            phone = browser.new_page(viewport={"width": 390, "height": 844})
            watch(phone, "phone")
            phone.goto(f"{server.url}/j/{code}")
            phone.fill("#name", "Sylvia")
            phone.click("#join-form button[type=submit]")
            deadline = time.monotonic() + 15
            while not seated_and_connected(server, code) and time.monotonic() < deadline:
                phone.wait_for_timeout(200)
            assert seated_and_connected(server, code), "the phone did not take its seat"
        finally:
            browser.close()
    assert problems == []
