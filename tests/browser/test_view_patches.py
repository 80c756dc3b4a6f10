"""Pushes as patches in real Chromium: the pages' own applier (socket.js
``applyPatch``) reads every patch companion/json_patch.py makes as that
module reads it, and a phone is pushed patches, not whole views, and shows
the newest view after every step of a game."""
from __future__ import annotations

import json
import random

from companion import json_patch
from tests.browser.conftest import PHONE, host_table, new_page, seat_phone, wait_js
from tests.browser.test_table_board import Room

NAMES = ["Anna", "Ben", "Cara", "Dirk"]


def value(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if depth > 3 or roll < 0.3:
        return rng.choice([None, True, False, 2, -3, "a", "x/y", "t~0", "", "ü"])
    if roll < 0.6:
        return [value(rng, depth + 1) for _ in range(rng.randrange(6))]
    return {rng.choice(["a", "b", "log", "x/y", "~", "", "10"]): value(rng, depth + 1)
            for _ in range(rng.randrange(5))}


def changed(rng: random.Random, old, depth: int = 0):
    if depth > 4 or rng.random() < 0.15:
        return value(rng, depth)
    if isinstance(old, dict):
        new = {k: changed(rng, v, depth + 1) if rng.random() < 0.4 else v
               for k, v in old.items() if rng.random() < 0.85}
        if rng.random() < 0.3:
            new[rng.choice(["c", "d/e", "f~g"])] = value(rng, depth + 1)
        return new
    if isinstance(old, list):
        new = list(old)
        roll = rng.random()
        if roll < 0.35 and new:   # a tail that moved on
            new = new[rng.randrange(len(new)):] + [value(rng, depth + 1) for _ in range(rng.randrange(3))]
        elif roll < 0.6:
            new.insert(rng.randrange(len(new) + 1), value(rng, depth + 1))
        elif new:
            i = rng.randrange(len(new))
            new[i] = changed(rng, new[i], depth + 1)
        return new
    return value(rng, depth)


def canon(doc) -> str:
    return json.dumps(doc, sort_keys=True)


def test_the_pages_applier_reads_every_patch(server, browser):
    room = Room(server, "hoax", NAMES)
    page = seat_phone(browser, server, room, next(iter(room.tokens)))
    rng = random.Random(7)
    cases = []
    for _ in range(400):
        old = {"version": 1, "doc": value(rng)}
        new = {"version": 2, "doc": changed(rng, old["doc"])}
        cases.append((old, json_patch.diff(old, new), new))
    # as text, as a socket delivers it (no object shared between document and patch)
    got = page.evaluate("text => JSON.parse(text).map(([old, ops]) => JSON.stringify(Companion.applyPatch(old, ops)))",
                        json.dumps([[old, ops] for old, ops, _ in cases]))
    for (old, ops, new), text in zip(cases, got):
        assert canon(json.loads(text)) == canon(json.loads(json.dumps(new))), (old, ops)
    refused = page.evaluate("""() => [
        [{op: "remove", path: "/missing"}], [{op: "add", path: "/list/5", value: 1}],
        [{op: "replace", path: "/list/2", value: 1}], [{op: "remove", path: ""}],
        [{op: "add", path: "/none/deeper", value: 1}], [{op: "add", path: "/__proto__", value: {x: 1}}]
      ].map((ops) => { try { Companion.applyPatch({list: [1, 2]}, ops); return false; } catch (e) { return true; } })""")
    assert all(refused)


def test_a_phone_is_pushed_patches_and_draws_each_newest_view(server, browser):
    room = Room(server, "hoax", NAMES)
    room.host_act({"type": "start"})
    seat = next(iter(room.tokens))
    page = new_page(browser, PHONE)
    frames: list[str] = []
    errors: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/j/{room.code}")
    page.evaluate("([c, t, s]) => { localStorage.setItem('companion:seat:' + c, t);"
                  " localStorage.setItem('companion:seatno:' + c, String(s)); }",
                  [room.code, room.tokens[seat], seat])
    page.reload()
    page.wait_for_selector("#play:not([hidden])")
    rng = random.Random(3)
    for _ in range(12):
        room.play(rng, steps=2)
        wait_js(page, f"document.body.dataset.version === '{room.view()['version']}'")
    assert not errors, errors
    patches = [f for f in frames if f.startswith('42["patch",')]
    based = [f for f in patches if '"base":null' not in f]
    assert not [f for f in frames if f.startswith('42["view",')], "a patch page was pushed a whole view event"
    assert len(based) >= 10, "the phone was not pushed patches against its view"
    # and what it drew is the view HTTP answers for its token
    shown = page.evaluate("() => document.getElementById('play').innerText")
    assert room.view(room.tokens[seat])["you"]["name"] in shown
    assert PHONE["width"] < 600


#: each drawn log line as (its number as shown, its text), top first, and
#: whether it is a line drawn before the mark was set (kept, not redrawn)
DRAWN_LOG = """() => Array.from(document.querySelectorAll('#log li')).map((li) => [
  li.getAttribute('value') || li.querySelector('.tb-n').textContent,
  (li.querySelector('.tb-line') || li).textContent, li.dataset.kept === '1'])"""
MARK_LOG = "() => document.querySelectorAll('#log li').forEach((li) => { li.dataset.kept = '1'; })"


def shown_lines(view: dict) -> list[list[str]]:
    return [[str(line.get("no") or line["n"]), line["text"]] for line in reversed(view["log"])
            if not line.get("private")]


def test_a_log_line_once_drawn_stays_drawn(server, browser):
    """The phone's and the table's logs draw a new line and leave the lines
    drawn before as they are (render.js ``drawList``: redrawing the whole
    log on every push was about half of a page's drawing work), show exactly the
    view's public lines in order, and draw a line again when its text
    changes (a rename: lines naming the seat read the new name)."""
    room = Room(server, "hoax", NAMES)
    room.host_act({"type": "start"})
    seat = next(iter(room.tokens))
    pages = {"phone": seat_phone(browser, server, room, seat), "table": host_table(browser, server, room)}
    rng = random.Random(5)
    for _ in range(3):
        before = {}
        for name, page in pages.items():
            page.evaluate(MARK_LOG)
            before[name] = len(page.evaluate(DRAWN_LOG))
        room.play(rng, steps=3)
        version = room.view()["version"]
        for name, page in pages.items():
            wait_js(page, f"Number(document.body.dataset.version) >= {version}")
            drawn = page.evaluate(DRAWN_LOG)
            assert [line[:2] for line in drawn] == shown_lines(room.view(room.tokens[seat])), name
            new = len(drawn) - before[name]
            assert new > 0 and not any(kept for *_, kept in drawn[:new]), (name, drawn[:new + 1])
            assert all(kept for *_, kept in drawn[new:]), f"{name}: a line drawn before was drawn again"
    # a rename: the lines naming the seat by its seat number read the new name
    first = room.view()["seats"][0]
    texts = {}
    for label, page in pages.items():
        page.evaluate(MARK_LOG)
        texts[label] = {number: text for number, text, _ in page.evaluate(DRAWN_LOG)}
    answer = room.act(room.tokens[first["seat"]], {"type": "rename", "name": "Zora"})
    assert answer["ok"], answer
    version = room.view()["version"]
    for label, page in pages.items():
        wait_js(page, f"Number(document.body.dataset.version) >= {version}")
        drawn = page.evaluate(DRAWN_LOG)
        assert [line[:2] for line in drawn] == shown_lines(room.view(room.tokens[seat])), label
        changed = [(number, text) for number, text, kept in drawn[1:] if texts[label][number] != text]
        assert changed and all("Zora" in text for _, text in changed), (label, changed)
        assert all(kept == (texts[label][number] == text) for number, text, kept in drawn[1:]), (
            f"{label}: a line was drawn again although its text stayed, or kept although it changed")


#: the phone's board and seat list: their markup, and for each element
#: drawn in them whether it carries the mark (an expando: the markup stays)
PARTS = ("game-area", "seats")
DRAWN_PARTS = """() => %s.map((id) => { const el = document.getElementById(id);
  return [el.innerHTML, Array.from(el.children).map((child) => !!child.companionKept)]; })""" % json.dumps(PARTS)
MARK_PARTS = """() => %s.forEach((id) => {
  for (const child of document.getElementById(id).children) child.companionKept = true; })""" % json.dumps(PARTS)


def test_a_board_that_did_not_change_stays_drawn(server, browser):
    """The phone draws its board and its seat list again only when what
    they show changed (render.js ``drawMarkup``), and what it keeps is
    what a phone opened afresh on the same seat draws."""
    room = Room(server, "hoax", NAMES)
    room.host_act({"type": "start"})
    seat = next(iter(room.tokens))
    phone = seat_phone(browser, server, room, seat)
    rng = random.Random(11)
    kept, redrawn = {part: 0 for part in PARTS}, {part: 0 for part in PARTS}
    # the deal is the room's own: how soon a step leaves the seat list as it
    # was varies, so play on until each part was both kept and drawn anew
    for step in range(80):
        if step >= 16 and all(kept.values()) and all(redrawn.values()):
            break
        phone.evaluate(MARK_PARTS)
        before = phone.evaluate(DRAWN_PARTS)
        room.play(rng, steps=1)
        wait_js(phone, f"Number(document.body.dataset.version) >= {room.view()['version']}")
        for part, (html, _), (now, marks) in zip(PARTS, before, phone.evaluate(DRAWN_PARTS)):
            if now == html:
                assert marks and all(marks), f"#{part} was drawn again although it stayed the same"
                kept[part] += 1
            else:
                assert not any(marks), f"#{part} changed but kept an element drawn before"
                redrawn[part] += 1
    assert all(kept.values()) and all(redrawn.values()), (kept, redrawn)
    fresh = seat_phone(browser, server, room, seat)
    assert [html for html, _ in fresh.evaluate(DRAWN_PARTS)] == [
        html for html, _ in phone.evaluate(DRAWN_PARTS)], "a kept board differs from one drawn afresh"
