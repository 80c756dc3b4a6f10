"""A phone's first visit, measured (issue #12, "the phone page is light"):
what it downloads with an empty cache and how soon it shows what its player
can do.  tests/browser/test_page_weight.py holds the bytes to ``BUDGET``;
bench/page_weight.py prints them with the times for a maintainer.

Bytes are every HTTP answer as it came over the wire (gzipped, headers
included) plus the Socket.IO frames the server sent; the cache is off over
CDP (``Network.setCacheDisabled``) in a fresh context.  First actions: the
join form shown, or (seated) the first view drawn (phone.js sets
``body[data-version]`` after drawing the actions), as ``performance.now()``
in the page says."""
from __future__ import annotations

import time

import requests

# bytes on first load of a phone page: 60 KB until issue #28, whose cue, keep-awake,
# install offer, timer and theme cost every page about 4.5 KB; 67 KB since issue #31's
# patch applier (saves 2-5 KB on every later action), 68 KB after #38 and #42.  Issue
# #44, back to 60 KB: the timer loads with the first view that has a clock (-3 KB),
# scripts, styles and media go without the document headers (-3.4 KB), a game's texts
# its phone needs only now and then arrive when asked (text-keys.json "later": What the
# Rule?!'s deck sentences, builder words, -2.5 KB) with no ui.* its scripts do not
# declare, its table-only drawing is what_the_rule.table.js (-1 KB), a next game's
# scripts go by their plain addresses; HOAX's table-only drawing is hoax.table.js
# (-2.6 KB).  Measured (bench/page_weight, one run, Chromium, 2026-11-28): German
# seated/join What the Rule?! 61,058/57,890, HOAX 58,977/55,688, Eselsbrücke
# 60,500/58,041, Haiclue 57,173/54,168, Factum 56,566/54,100
BUDGET = 60 * 1024
PHONE = {"width": 390, "height": 844}
NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom", "Anna", "Jan"]

#: in the page before its own scripts (DevTools runs it; the page's CSP does
#: not apply): the moment the page first shows what its player can do
MARK_FIRST_ACTIONS = """
(() => {
  const shown = () => {
    const form = document.getElementById("join-form");
    return (document.body && document.body.dataset.version !== undefined) || (form && !form.hidden);
  };
  const watch = new MutationObserver(() => {
    if (window.__firstActions === undefined && shown()) {
      window.__firstActions = performance.now();
      watch.disconnect();
    }
  });
  watch.observe(document, {subtree: true, attributes: true, attributeFilter: ["data-version", "hidden"]});
})();
"""


# --- rooms over HTTP ----------------------------------------------------------------

def open_room(url: str, game: str, seats: int, start: bool) -> dict:
    """A room of ``game`` with ``seats`` players; started if asked.  Returns
    its code and the token of a seat the game waits for (else seat 0)."""
    made = requests.post(f"{url}/api/rooms", json={"game": game, "options": {}}, timeout=10)
    made.raise_for_status()
    code, host = made.json()["code"], made.json()["host_token"]
    tokens = {}
    for name in NAMES[:seats]:
        seat = requests.post(f"{url}/api/rooms/{code}/seats", json={"name": name}, timeout=10).json()
        tokens[seat["seat"]] = seat["token"]
    if start:
        answer = requests.post(f"{url}/api/rooms/{code}/actions", json={"type": "start"}, timeout=10,
                               headers={"Authorization": f"Bearer {host}"}).json()
        assert answer.get("ok", True) and "error" not in answer, answer
    seat = waited_seat(url, code, tokens)
    return {"code": code, "seat": seat, "token": tokens[seat]}


def waited_seat(url: str, code: str, tokens: dict[int, str]) -> int:
    for seat, token in sorted(tokens.items()):
        view = requests.get(f"{url}/api/rooms/{code}", timeout=10,
                            headers={"Authorization": f"Bearer {token}"}).json()
        if any(tpl.get("required") for tpl in view["actions"]):
            return seat
    return min(tokens)


# --- one first visit ------------------------------------------------------------------

def first_visit(browser, url: str, code: str, seat: int | None = None, token: str | None = None,
                lang: str = "en") -> dict:
    """Opens /j/<code> in a fresh phone context with the cache off (seated
    when ``token`` is given).  Returns {"bytes", "ms", "answers": [(bytes,
    url)]}: ``ms`` is None if the page never showed its actions."""
    storage = {"cookies": [], "origins": []}
    if token:
        storage["origins"].append({"origin": url, "localStorage": [
            {"name": f"companion:seat:{code}", "value": token},
            {"name": f"companion:seatno:{code}", "value": str(seat)}]})
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=lang,
                                  storage_state=storage)
    try:
        page = context.new_page()
        page.add_init_script(MARK_FIRST_ACTIONS)
        cdp = context.new_cdp_session(page)
        urls, received, frames = {}, {}, []
        cdp.on("Network.requestWillBeSent", lambda e: urls.setdefault(e["requestId"], e["request"]["url"]))
        cdp.on("Network.loadingFinished", lambda e: received.__setitem__(e["requestId"], e["encodedDataLength"]))
        cdp.on("Network.webSocketCreated", lambda e: urls.setdefault(e["requestId"], e["url"]))
        cdp.on("Network.webSocketFrameReceived",
               lambda e: frames.append((e["requestId"], len(e["response"]["payloadData"].encode()))))
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        page.goto(f"{url}/j/{code}?lang={lang}")
        ms = None
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            ms = page.evaluate("() => window.__firstActions === undefined ? null : window.__firstActions")
            if ms is not None:
                break
            page.wait_for_timeout(50)
        settle(page, received, frames)
        answers = [(size, urls.get(rid, "?")) for rid, size in received.items()]
        socket = {}
        for rid, size in frames:
            socket[rid] = socket.get(rid, 0) + size
        answers += [(size, urls.get(rid, "socket")) for rid, size in socket.items()]
        return {"bytes": sum(size for size, _ in answers), "ms": ms, "answers": sorted(answers, reverse=True)}
    finally:
        context.close()


def settle(page, received: dict, frames: list, quiet_ms: int = 400, limit_ms: int = 5000) -> None:
    """Waits until nothing new arrived for ``quiet_ms`` (what the first
    view pulls in after it is drawn counts too)."""
    seen, still, waited = None, 0, 0
    while waited < limit_ms and still < quiet_ms:
        now = (len(received), len(frames))
        still = still + 100 if now == seen else 0
        seen = now
        page.wait_for_timeout(100)
        waited += 100
