"""Every tappable thing acts on a real tap (issue #24).

* Every control a finger can reach on the start page, the phone (join form,
  lobby, mid-game, the rules, the end) and the table is at least 44x44 CSS
  px (a checkbox counts with the label around it), and is not left to the
  browser's double-tap zoom (``touch-action`` manipulation or none), so a
  tap is a click at once.
* Nothing in ``static/`` waits for input a phone never gives: no double
  click, no hover, no long press (``contextmenu`` is only prevented on the
  reveal bar), and ``:hover`` rules only colour what also works without.
"""
from __future__ import annotations

import random
import re

import pytest

from tests.browser.conftest import PHONE, host_table, new_page, seat_phone, wait_js
from tests.browser.test_table_board import SHIPPED, Room, player_names
from tests.servers import ROOT

TABLE = {"width": 1280, "height": 800}

MEASURE = """() => {
  const out = [];
  const seen = new Set();
  document.querySelectorAll("button, a[href], summary, input, select, textarea, [role=button], [tabindex='0']")
    .forEach((el) => {
      let box = el;
      if (el.matches("input[type=checkbox], input[type=radio]") && el.closest("label")) box = el.closest("label");
      if (el.matches("[tabindex='0']:not(button):not(a):not(summary)")) return;   // scrollable regions, not taps
      const r = box.getBoundingClientRect();
      const style = getComputedStyle(box);
      if (!r.width || !r.height || style.visibility === "hidden" || seen.has(box)) return;
      if (el.closest(".reveal-stay") && r.width <= 1) return;   // the screen reader's control, out of sight
      seen.add(box);
      out.push({what: (el.id ? "#" + el.id : el.tagName.toLowerCase() + "." + el.className) + " " +
                      (el.textContent || el.value || "").trim().slice(0, 30),
                w: r.width, h: r.height, touch: getComputedStyle(el).touchAction});
    });
  return out;
}"""


def too_small(page):
    return [c for c in page.evaluate(MEASURE) if c["w"] < 44 or c["h"] < 44]


def zoomable(page):
    return [c for c in page.evaluate(MEASURE) if c["touch"] not in ("manipulation", "none")]


def check(page, where):
    assert not too_small(page), f"{where}: tap targets under 44x44: {too_small(page)}"
    assert not zoomable(page), f"{where}: left to double-tap zoom: {zoomable(page)}"


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


def test_start_page_and_join_form(server, browser):
    for size in (PHONE, TABLE):
        page = new_page(browser, size)
        page.goto(server.url + "/")
        page.locator("button[data-game]").first.tap() if size is PHONE else page.locator("button[data-game]").first.click()
        check(page, f"start page {size['width']}")
        page.context.close()
    room = Room(server, "hoax", ["Anna"])
    page = new_page(browser, PHONE)
    page.goto(f"{server.url}/j/{room.code}")
    page.wait_for_selector("#join-form:not([hidden])")
    check(page, "join form")


@pytest.mark.parametrize("game", SHIPPED)
def test_phone_and_table_in_lobby_play_rules_and_end(server, browser, game):
    room = Room(server, game, player_names(game))
    phone, table = seat_phone(browser, server, room, 0), host_table(browser, server, room)
    table.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    check(phone, f"{game} phone lobby")
    check(table, f"{game} table lobby")
    room.host_act({"type": "start"})
    room.play(random.Random(3), steps=12)
    phone.reload()
    phone.wait_for_selector("#play:not([hidden])")
    phone.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    check(phone, f"{game} phone playing")
    table.reload()
    wait_js(table, "document.body.dataset.status === 'playing'")
    table.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    check(table, f"{game} table playing")
    phone.locator("#show-rules").tap()
    phone.wait_for_selector("#rules[open] .how-to")
    check(phone, f"{game} phone rules")
    phone.locator("#rules-close").tap()
    room.host_act({"type": "end"})
    phone.reload()
    phone.wait_for_selector("#play:not([hidden])")
    check(phone, f"{game} phone end")


def test_nothing_waits_for_input_a_phone_never_gives():
    scripts = {p.name: p.read_text() for p in (ROOT / "companion" / "static").rglob("*.js")}
    styles = list((ROOT / "companion" / "static").rglob("*.css"))
    assert "phone.js" in scripts and styles, "no page scripts or styles found: nothing would be checked"
    for name, text in scripts.items():
        for event in ("dblclick", "mouseover", "mouseenter", "mouseleave", "mouseout", "hover"):
            assert not re.search(rf"['\"]{event}['\"]|on{event}\b", text), f"{name} listens for {event}"
        for match in re.finditer(r"contextmenu", text):
            line = text[text.rfind("\n", 0, match.start()) + 1:text.find("\n", match.end())]
            assert "data-hold" in line and "preventDefault" in line, f"{name}: {line.strip()}"
    for css in styles:
        for rule in re.finditer(r"([^{}]*:hover[^{}]*)\{([^}]*)\}", css.read_text()):
            props = {decl.split(":")[0].strip() for decl in rule.group(2).split(";") if ":" in decl}
            assert props <= {"background", "background-color", "color", "text-decoration", "border-color"}, (
                f"{css.name}: {rule.group(1).strip()} changes {props} on hover only")
