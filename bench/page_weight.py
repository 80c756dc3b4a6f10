#!/usr/bin/env python
"""Page weight (issue #12, "the phone page is light"): for every shipped
game, a real server (tests/servers.py) and real Chromium
(``COMPANION_CHROMIUM``, default /usr/bin/chromium), the bytes a phone's
first visit downloads with an empty cache and the milliseconds to its first
actions, for the join page (a room in its lobby) and the seated phone page
(the game started).  The measurement is tests/browser/first_visit.py's;
tests/browser/test_page_weight.py holds its bytes to the budget, never its
time.  Loopback only; a busy machine gives larger times.

    .venv/bin/python -m bench.page_weight [--game hoax] [--lang de] [--runs 3] [--detail]
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile

from tests.browser.first_visit import BUDGET, first_visit, open_room

CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")


# --- the bench -------------------------------------------------------------------------

def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
        "--no-sandbox", "--disable-background-networking", "--disable-gpu",
        "--disable-component-update", "--disable-sync", "--no-first-run"])


def main() -> None:
    from playwright.sync_api import sync_playwright

    from companion import games
    from tests.servers import Server

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--lang", default="en", choices=["en", "de"])
    parser.add_argument("--runs", type=int, default=3, help="first visits per page (the median time is shown)")
    parser.add_argument("--detail", action="store_true", help="every answer's size")
    args = parser.parse_args()
    names = args.game or sorted(games.shipped())
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server = Server(db=os.path.join(folder, "rooms.sqlite3"))
        browser = launch(playwright)
        try:
            print(f"{'game':<15}{'page':<8}{'bytes':>9}{'KiB':>7}{'ms to actions (median)':>25}  runs")
            for name in names:
                low, _ = games.get(name).player_range({})
                for label, start in (("join", False), ("seated", True)):
                    visits = []
                    for _ in range(args.runs):
                        room = open_room(server.url, name, low, start)
                        seated = {"seat": room["seat"], "token": room["token"]} if start else {}
                        visits.append(first_visit(browser, server.url, room["code"], lang=args.lang, **seated))
                    size = max(v["bytes"] for v in visits)
                    times = [v["ms"] for v in visits if v["ms"] is not None]
                    median = f"{statistics.median(times):.0f}" if times else "never"
                    flag = "" if size <= BUDGET else "  OVER BUDGET"
                    print(f"{name:<15}{label:<8}{size:>9}{size / 1024:>7.1f}{median:>25}  "
                          f"{' '.join(f'{t:.0f}' for t in times)}{flag}")
                    if args.detail:
                        for size_one, answer_url in visits[0]["answers"]:
                            print(f"{'':<23}{size_one:>9}  {answer_url.replace(server.url, '')[:90]}")
            print(f"budget: {BUDGET} bytes; cores: {os.cpu_count()}, load average: "
                  f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
