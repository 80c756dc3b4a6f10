"""The evening to keep (issue #28): every game played in a room so far (and
the one running, as far as it is public), its winners, its score chart and
the night's standings, as one dict (``evening_data``) that the evening page,
the self-contained HTML download (``evening_html``) and the CSV
(``evening_csv``) share.

What goes in is only what the table already shows: the public (table) view
of the room (``views.build_view`` for the audience "table": seats, scores,
the evening's games and winners, titles) and the room's score history
(``room["points"]``, public as the scores are; the table's chart draws it).
Never a game state's hidden parts: no game's ``state`` is read here, only
its public view through ``build_view``.

Points of a finished game are known while the room still holds them (the
last game, until the next one starts) or where the evening's entry carries
``scores`` (a platform that records each game's final scores there gets
them here for every game)."""
from __future__ import annotations

import csv
import io
from datetime import datetime
from pathlib import Path

from markupsafe import Markup, escape

from .i18n import translate
from .views import build_view, game_title

#: the table's seat colours (static/table.js PALETTE): a seat keeps its colour
PALETTE = ["#e8590c", "#1c7ed6", "#2b8a3e", "#c2255c", "#7048e8", "#e0a800", "#0b7285",
           "#a61e4d", "#5c940d", "#364fc7", "#d9480f", "#087f5b", "#862e9c", "#495057"]
#: a line pattern per seat as well: a black-and-white print still tells the lines apart
DASHES = ["", "10 6", "3 5", "14 5 3 5", "2 3", "18 6", "6 3 2 3"]
#: CSV cells a spreadsheet would read as a formula (CSV injection)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def t(lang: str, key: str, **params) -> str:
    return translate(lang, key, params)


def evening_data(room: dict, lang: str) -> dict:
    """The evening of ``room`` in ``lang``: built from the table's view only."""
    view = build_view(room, "table", None, lang, set())
    names = {s["seat"]: s["name"] for s in view["seats"]}
    names.update({s["seat"]: s["name"] for s in view.get("spectators") or []})
    order = [s["seat"] for s in view["seats"]]
    finished = room.get("evening") or []
    history = room.get("points") or []   # the score history of the room's current or last game

    games = []
    for index, (entry, shown) in enumerate(zip(finished, view["evening"]["games"])):
        scores, points = entry.get("scores"), entry.get("points")
        last = index == len(finished) - 1
        if last and entry.get("game_no") == room.get("game_no") and view["status"] != "playing":
            # the room still holds this game's scores (until the next one starts)
            points = points or history
            if scores is None and view["status"] == "finished":
                scores = {str(s["seat"]): s["score"] for s in view["seats"]}
            elif scores is None and history:
                scores = history[-1]["scores"]
        games.append(game_entry(index + 1, entry["game"], shown.get("title") or game_title(entry["game"], lang),
                                "finished", list(shown["winners"]), scores, points, order))
    status = view["status"]
    ended = status == "finished" and view["ended_by_host"] and not (
        finished and finished[-1].get("game_no") == room.get("game_no"))
    if status == "playing" or ended:
        # the game on the table now (or ended by the host: the evening does not count it)
        scores = {str(s["seat"]): s["score"] for s in view["seats"]}
        games.append(game_entry(len(games) + 1, view["game"], view["title"],
                                "playing" if status == "playing" else "ended",
                                None if status == "playing" else [], scores, history, order))

    wins = view["evening"]["wins"]
    # as the table orders them: most wins first, else in seating order
    ranked = sorted(order, key=lambda s: -wins.get(str(s), 0))
    standings, rank, before = [], 0, None
    for place, s in enumerate(ranked, 1):
        if wins.get(str(s), 0) != before:
            rank, before = place, wins.get(str(s), 0)
        standings.append({"rank": rank, "seat": s, "name": names[s], "wins": wins.get(str(s), 0),
                          "colour": colour(s)})
    for g in games:
        g["winner_names"] = [names.get(s, t(lang, "evening.gone")) for s in g["winners"] or []]
        g["rows"] = [{"seat": s, "name": names[s], "points": (g["scores"] or {}).get(str(s)),
                      "won": s in (g["winners"] or []), "colour": colour(s)}
                     for s in (g["players"] or order)]
    return {"room": view["room"], "lang": lang, "status": status, "seats": [
        {"seat": s, "name": names[s], "colour": colour(s)} for s in order],
        "games": games, "standings": standings, "finished": len(finished),
        "made": datetime.now().strftime("%d.%m.%Y, %H:%M" if lang == "de" else "%Y-%m-%d, %H:%M")}


def game_entry(number, name, title, status, winners, scores, points, order) -> dict:
    scores = {str(k): v for k, v in scores.items()} if isinstance(scores, dict) else None
    players = [s for s in order if scores is not None and str(s) in scores] or None
    points = [{"move": p.get("move"), "scores": dict(p.get("scores") or {})}
              for p in points or [] if isinstance(p, dict)]
    return {"no": number, "game": name, "title": title, "status": status, "winners": winners,
            "scores": scores, "points": points, "players": players}


def colour(seat) -> str:
    return PALETTE[abs(int(seat)) % len(PALETTE)]


def dash(seat) -> str:
    return DASHES[abs(int(seat)) % len(DASHES)]


# --- the score chart: inline SVG, nothing from outside ----------------------------

def chart_svg(game: dict, lang: str) -> Markup:
    """A game's points over its moves as an inline SVG (every text escaped),
    or nothing when the scores never changed."""
    pts, rows = game["points"], game["rows"]
    if len(pts) < 2 or not rows:
        return Markup("")
    seats = [r["seat"] for r in rows]

    def value(point, seat):
        return point["scores"].get(str(seat)) or 0
    hi = max([1] + [value(p, s) for p in pts for s in seats])
    lo = min([0] + [value(p, s) for p in pts for s in seats])
    last = {s: value(pts[-1], s) for s in seats}
    name_px, axis_px, gap = 16, 14, 20
    right = 16 + max(len(f"{r['name']} {last[r['seat']]}") for r in rows) * name_px * 0.6
    left = 10 + max(len(str(hi)), len(str(lo))) * axis_px * 0.6
    top, bottom = name_px, 10
    height = max(200, len(seats) * gap + top + bottom)
    width = max(480, int(left + right + 160))

    def x(i):
        return left + (width - left - right) * (i / (len(pts) - 1))

    def y(v):
        return top + (height - top - bottom) * (1 - (v - lo) / ((hi - lo) or 1))
    step = max(1, -(-(hi - lo) // 6))
    parts = []
    v = -(-lo // step) * step
    while v <= hi:
        parts.append(f'<line x1="{left:.1f}" x2="{width - right:.1f}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                     f'class="ev-grid" stroke="#bbb" stroke-width="1"/>'
                     f'<text x="{left - 6:.1f}" y="{y(v) + 5:.1f}" text-anchor="end" '
                     f'font-size="{axis_px}" class="ev-axis">{v}</text>')
        v += step
    for s in seats:
        d = " ".join(f"{'L' if i else 'M'}{x(i):.1f},{y(value(p, s)):.1f}" for i, p in enumerate(pts))
        pattern = f' stroke-dasharray="{dash(s)}"' if dash(s) else ""
        parts.append(f'<path d="{d}" fill="none" stroke="{colour(s)}" stroke-width="3" '
                     f'stroke-linejoin="round" stroke-linecap="round"{pattern}/>')
    # end labels, pushed apart so that names do not overlap (as on the table)
    ends = sorted(({"s": r["seat"], "name": r["name"], "v": last[r["seat"]]} for r in rows),
                  key=lambda e: -e["v"])
    at = float("-inf")
    for e in ends:
        e["y"] = max(y(e["v"]) + 5, at + gap, top)
        at = e["y"]
    at = height - 4 + gap
    for e in reversed(ends):
        e["y"] = min(e["y"], at - gap)
        at = e["y"]
    for e in ends:
        parts.append(f'<text x="{width - right + 8:.1f}" y="{e["y"]:.1f}" font-size="{name_px}" '
                     f'font-weight="700" fill="{colour(e["s"])}" class="ev-chart-name">'
                     f'{escape(e["name"])} {e["v"]}</text>')
    label = escape(t(lang, "evening.chart", game=game["title"]))
    return Markup(f'<svg class="ev-chart" viewBox="0 0 {width} {height}" '
                  f'xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{label}">'
                  + "".join(parts) + "</svg>")


# --- the downloads ------------------------------------------------------------------

def evening_html(data: dict, render, static_folder: str) -> str:
    """The evening as one self-contained HTML file: its stylesheet inline,
    charts as inline SVG, no script, nothing fetched (its own CSP says so)."""
    css = (Path(static_folder) / "evening.css").read_text(encoding="utf-8")
    return render("evening_file.html", data=data, css=Markup(css.replace("</", "<\\/")))


def csv_cell(value) -> str:
    """A cell a spreadsheet shows as text: one starting like a formula gets a ``'``."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (int, float)):
        return str(value)
    text = str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def evening_csv(data: dict) -> str:
    """One row per game and seat (game number, game, seat name, points,
    won), an empty line, then the standings.  UTF-8 with a byte order mark
    (spreadsheets then read umlauts right), CRLF line ends (RFC 4180)."""
    lang = data["lang"]
    out = io.StringIO()
    out.write("\ufeff")
    rows = csv.writer(out, lineterminator="\r\n")
    rows.writerow([t(lang, f"evening.csv_{k}") for k in ("game_no", "game", "seat", "points", "won")])
    for g in data["games"]:
        for r in g["rows"]:
            won = None if g["status"] == "playing" else r["won"]
            rows.writerow([csv_cell(g["no"]), csv_cell(g["title"]), csv_cell(r["name"]),
                           csv_cell(r["points"]), csv_cell(won)])
    out.write("\r\n")
    rows.writerow([t(lang, f"evening.csv_{k}") for k in ("rank", "seat", "wins")])
    for s in data["standings"]:
        rows.writerow([csv_cell(s["rank"]), csv_cell(s["name"]), csv_cell(s["wins"])])
    return out.getvalue()
