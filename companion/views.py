"""What each audience sees: the view of the table, the host or a seat
(``build_view``), the parts all views of one state share (``ViewParts``)
and the log as rendered in each language (``log_line``, ``visible_log``).
Pure: built from the room and who is connected."""
from __future__ import annotations

import functools
import logging

from . import explain, games, lobby, rooms
from .gameplay import awaited, timer_on, timer_view
from .games.base import Game
from .host_powers import Absence, skip_view
from .i18n import translate

LOG_IN_VIEW = 150   # log lines in a view
#: a pushed view's log: the lines the action added, and at least this many
#: (the page keeps the rest; a socket's first view carries LOG_IN_VIEW)
LOG_PUSH = 6


class LineCache:
    """Translated log lines, kept per process: a line is rendered once per
    language (and again when a seat it names is renamed), not once per
    viewer and action.  One dict per (room, language), by line number:
    (line, the names it used)."""

    def __init__(self, size: int = 1_000):
        self.size = size
        self.rooms: dict[tuple, dict[int, tuple]] = {}

    def lines(self, key: tuple) -> dict[int, dict]:
        found = self.rooms.get(key)
        if found is None:
            if len(self.rooms) >= self.size:
                self.rooms.clear()   # cheap and rare; lines are rendered again on demand
            found = self.rooms[key] = {}
        return found


LINES = LineCache()


@functools.lru_cache(maxsize=256)
def game_title(name: str, lang: str) -> str:
    """A game's title (every view shows it, and each finished game's)."""
    game = games.get(name)
    return translate(lang, "title", game=game) if game else name


def log_line(lines: dict[int, tuple], entry: dict, lang: str, game: Game,
             names: dict[int, str]) -> dict:
    """The line as rendered before, unless a seat it names has a new name."""
    cached = lines.get(entry["n"])
    if cached is not None and (not cached[1] or all(names.get(s) == name
                                                    for s, name in cached[1])):
        return cached[0]
    entry_game = games.get(entry["game"]) if entry["game"] else None
    line = {"n": entry["n"], "text": translate(lang, entry["key"], entry["params"],
                                               entry_game or game, names)}
    if entry["to"] is not None:
        line["private"] = True
    elif "p" in entry:
        line["no"] = entry["p"]   # its number among the public lines (n counts private ones too)
    lines[entry["n"]] = line, tuple((s, names.get(s)) for s in named_seats(entry["params"]))
    return line


def named_seats(value) -> set[int]:
    """The seats a log line's parameters name ({"seat": n}, at any depth)."""
    if isinstance(value, dict):
        if "seat" in value and not isinstance(value["seat"], (dict, list)):
            return {value["seat"]}
        return set().union(*map(named_seats, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(named_seats, value)) if value else set()
    return set()


def may_read(entry: dict, reader: int | None) -> bool:
    """Whether seat ``reader`` (None: the table or the host) sees a log
    entry: the public ones, and the private ones addressed to it."""
    return entry["to"] is None or reader in entry["to"]


def visible_log(room: dict, reader: int | None) -> list[dict]:
    """The last LOG_IN_VIEW log entries seat ``reader`` may see."""
    out = []
    for entry in reversed(room["log"]):
        if may_read(entry, reader):
            out.append(entry)
            if len(out) == LOG_IN_VIEW:
                break
    out.reverse()
    return out


class ViewParts:
    """What the views of one state share, built once per broadcast: the
    game's views of the audiences told (``Game.views``), the seats with
    their scores, the evening per language, the log lines per language
    (one list for all audiences that see the same lines)."""

    def __init__(self, room: dict, connected: set[int], audiences=None,
                 renamed: frozenset = frozenset(), absence: Absence | None = None):
        self.room = room
        self.absence = absence   # the phones away, for the host's tools that need a cause
        self.renamed = renamed
        self.logs: dict[tuple, list[dict]] = {}
        self.tails: dict[int, tuple[list[dict], set[int]]] = {}
        self.changed: dict[str, list] = {}   # lang -> renamed_lines
        self.game = games.get(room["game"])
        self.names = {entry["seat"]: entry["name"] for entry in room["seats"]}
        self.playing = room["state"] is not None and room["status"] != "lobby"
        try:
            self.game_views = (self.game.views(room["state"], sorted(audiences, key=str))
                               if self.playing and audiences else {})
        except Exception:   # one audience's failing view: the others are built one by one
            logging.getLogger("companion").exception("the game's views of room %s failed", room["code"])
            self.game_views = {}
        scores = self.game.scores(room["state"]) if self.playing else {}
        self.seats = [{"seat": s, "name": self.names[s], "connected": s in connected,
                       "score": scores.get(s, scores.get(str(s), 0))} for s in room["order"]]
        # seats that joined during the game: they play from the next one on
        self.spectators = [{"seat": s, "name": self.names[s]} for s in lobby.late_arrivals(room)]
        self.evenings: dict[str, dict] = {}
        self._players: tuple[int, int] | None = None
        # what the views need of the game's progress, read from gameplay in one
        # place: one clock reading for every view, whom the game waits for
        self.timer = timer_view(room)
        self.timer_setting = timer_on(room)
        self._waiting = awaited(room, self.game)
        self._at_table: list[int] | None = None

    def players(self) -> tuple[int, int]:
        """The game's player range for the room's options, read once."""
        if self._players is None:
            self._players = self.game.player_range(self.room["options"])
        return self._players

    def waiting(self) -> tuple[list[int], bool]:
        """Whom the game cannot go on without: the seats offered a
        ``required`` template, in seating order; and whether any one of
        them is enough (every such template a ``race``)."""
        return self._waiting

    def at_table(self) -> list[int]:
        """The seats whose move now is made at the real table, not on a
        phone (``Game.at_table``), in seating order; ``[]`` outside play.
        Asked of the game once per broadcast."""
        if self._at_table is None:
            told = set(self.game.at_table(self.room["state"])) if self.room["status"] == "playing" else ()
            self._at_table = [s for s in self.room["order"] if s in told]
        return list(self._at_table)

    def game_view(self, seat: int | None) -> dict:
        if not self.playing:
            return {}
        if seat not in self.game_views:
            self.game_views[seat] = self.game.view(self.room["state"], seat)
        return self.game_views[seat]

    def log(self, kind: str, seat: int | None, lang: str,
            log_from: int | None) -> tuple[list[dict], list[dict]]:
        """The audience's log lines (``visible_log``) and, in a view of
        the tail, the earlier ones a rename changed."""
        reader = seat if kind == "seat" else None
        if log_from is None:   # a whole log: a socket's first view
            entries = visible_log(self.room, reader)
            key = (lang, tuple(entry["n"] for entry in entries))
        else:   # the tail: the same lines for all but the seats it has private lines for
            tail, private_to = self.tail(log_from)
            who = reader if reader in private_to else None
            key = (lang, log_from, who)
            entries = None if key in self.logs else [
                entry for entry in tail if may_read(entry, who)][-LOG_IN_VIEW:]
        if key not in self.logs:
            lines = LINES.lines((self.room["seed"], lang))
            self.logs[key] = [log_line(lines, entry, lang, self.game, self.names)
                              for entry in entries]
        if log_from is None or not self.renamed:
            return self.logs[key], []
        return self.logs[key], [line for entry, line in self.renamed_lines(lang)
                                if entry["n"] < log_from and may_read(entry, reader)]

    def tail(self, log_from: int) -> tuple[list[dict], set[int]]:
        """The log entries from line ``log_from`` on, and the seats some of
        them are private to."""
        if log_from not in self.tails:
            entries = []
            for entry in reversed(self.room["log"]):
                if entry["n"] < log_from:
                    break
                entries.append(entry)
            entries.reverse()
            self.tails[log_from] = entries, {s for e in entries if e["to"] for s in e["to"]}
        return self.tails[log_from]

    def renamed_lines(self, lang: str) -> list[tuple[dict, dict]]:
        """The lines that name a renamed seat, rendered anew, as (entry,
        line), among those any audience's view may hold: back to the
        LOG_IN_VIEW-th public line from the end (each audience sees every
        public line, so its window starts there or later)."""
        if lang not in self.changed:
            lines = LINES.lines((self.room["seed"], lang))
            found, public = [], 0
            for entry in reversed(self.room["log"]):
                cached = lines.get(entry["n"])
                if cached is None or cached[1]:   # most lines name nobody: nothing to do
                    named = (named_seats(entry["params"]) if cached is None
                             else (s for s, _ in cached[1]))
                    if not self.renamed.isdisjoint(named):
                        found.append((entry, log_line(lines, entry, lang, self.game, self.names)))
                if entry["to"] is None:
                    public += 1
                    if public == LOG_IN_VIEW:
                        break
            self.changed[lang] = found[::-1]
        return self.changed[lang]

    def evening(self, lang: str) -> dict:
        if lang not in self.evenings:
            wins: dict[str, int] = {}
            for finished in self.room["evening"]:
                for winner in finished["winners"]:
                    wins[str(winner)] = wins.get(str(winner), 0) + 1
            self.evenings[lang] = {"games": [{"game": g["game"], "winners": g["winners"],
                                              "title": game_title(g["game"], lang)}
                                             for g in self.room["evening"]], "wins": wins}
        return self.evenings[lang]


def build_view(room: dict, kind: str, seat: int | None, lang: str,
               connected: set[int], log_from: int | None = None,
               parts: ViewParts | None = None, absence: Absence | None = None) -> dict:
    """The view of one audience (``build_views`` for one)."""
    parts = parts or ViewParts(room, connected, absence=absence)
    view = build_views(parts, [(kind, seat, lang, log_from)])[(kind, seat, lang, log_from)]
    if isinstance(view, Exception):
        raise view
    return view


def build_views(parts: ViewParts, wanted: list[tuple]) -> dict[tuple, dict | Exception]:
    """The views of a broadcast's audiences ``(kind, seat, lang,
    log_from)``, in one pass (issue #43): what all share once, then the
    templates of every audience in one call into the lobby, each view's
    own parts, and the explanations in one call into explain mode.  A view
    that cannot be built is its exception (the others still go out).
    Its log: the last LOG_IN_VIEW lines it may see, or with ``log_from``
    (a pushed view) only those from line ``log_from`` on, ``log_tail:
    true`` (the page keeps the rest) and ``log_changed``: earlier lines
    whose text a rename changed (the page replaces its own of the same ``n``)."""
    room = parts.room
    wanted = list(dict.fromkeys(wanted))
    audiences = list(dict.fromkeys((kind, seat) for kind, seat, _, _ in wanted))
    # explain mode's switch per audience, then the lobby's templates with it: each entered once
    switches = {(kind, seat): explain.switch_template_value(room, kind, seat)
                for kind, seat in audiences if kind != "table"}
    actions = lobby.templates_for_each(room, parts.game, [(kind, seat, switches.get((kind, seat)))
                                                          for kind, seat in audiences])
    # the host's tools that skip a seat, from what the parts read (issue #38)
    skip = (skip_view(room, parts.game, parts.absence, parts.waiting(), parts.timer_setting)
            if ("host", None) in actions else None)
    views: dict[tuple, dict | Exception] = {}
    drafts: dict[tuple, tuple] = {}   # key -> (view but its last keys, game view, changed lines)
    for key in wanted:
        try:
            drafts[key] = own_view(parts, key, actions[key[:2]], skip)
        except Exception as exc:  # noqa: BLE001 - the caller logs it; the other views still go out
            views[key] = exc
    told = explain.explanations(room, [(key[0], key[1], view, game_view, key[2])
                                       for key, (view, game_view, _) in drafts.items()], parts.game,
                                 parts.waiting()[0] if drafts else [], parts.names)
    for (key, (view, _, changed)), said in zip(drafts.items(), told):
        views[key] = said if isinstance(said, Exception) else finish(view, said, key[3], changed)
    return {key: views[key] for key in wanted}


def finish(view: dict, said: dict | None, log_from: int | None, changed: list) -> dict:
    """The view's last keys, in the order the pages have always got them."""
    view["explain"] = said   # null while explain mode is off for this audience
    if log_from is not None:
        view["log_changed"] = changed
    return view


def own_view(parts: ViewParts, key: tuple, actions: list[dict] | Exception,
             skip: dict | None) -> tuple[dict, dict, list]:
    """One audience's view but its explanation and changed log lines, with
    its game view (its explanation's input) and those lines; ``skip`` the
    host's (``host_powers.skip_view``)."""
    kind, seat, lang, log_from = key
    if isinstance(actions, Exception):
        raise actions
    room, names, playing = parts.room, parts.names, parts.playing
    late = kind == "seat" and seat not in room["order"]   # joined during the game: plays the next
    game_view = parts.game_view(seat if kind == "seat" and not late else None)
    if kind == "seat":
        you = {"seat": seat, "name": names[seat], "host": False}
        if late:
            you["next_game"] = True
        you.update(game_view.get("you") or {})
    elif kind == "host":
        you = {"seat": None, "host": True}
    else:
        you = None
    log, changed = parts.log(kind, seat, lang, log_from)
    low, high = parts.players()
    waiting, waiting_any = parts.waiting()
    view = {
        "room": room["code"],
        "game": room["game"],
        "version": room["version"],
        "status": room["status"],
        "seats": parts.seats,
        "spectators": parts.spectators,
        "you": you,
        "public": game_view.get("public", {}) if playing else {},
        "actions": actions,
        # the host's tools that skip a seat: from when they work (issue #38)
        "skip": skip if kind == "host" else None,
        # the ``n`` of the first log line of the host's last skip (the table announces it)
        "host_skip": room.get("host_skip"),
        # whom the game waits for (seats with a required template), the same for all
        "waiting": waiting,
        "waiting_any": waiting_any,
        # whose move is now made at the real table (aloud, with cards), the same for all
        "at_table": parts.at_table(),
        "log": log,
        "log_tail": log_from is not None,
        "winners": room["winners"],
        "evening": parts.evening(lang),
        "title": game_title(room["game"], lang),
        "game_no": room["game_no"],
        # the ``n`` of this game's first log line: a phone's private lines start there
        "game_log_from": room.get("game_log_n", 0),
        "ended_by_host": bool(room.get("ended")),
        # every change of the scores in this game (one entry per scoring move,
        # not per move): the running chart during play, the full one at the end
        "points": room.get("points", []) if room["status"] != "lobby" else [],
        # the host's per-step timer (null: off); deadlines in the server's epoch seconds
        "timer": parts.timer,
        "options": room["options"],
        "players": {"min": low, "max": high},
        "lang": lang,
    }
    return view, game_view, changed


def log_tail_from(room: dict, since: int | None) -> int:
    """The first log line a pushed view carries: every line after
    ``since``, and at least the last LOG_PUSH."""
    newest = room["log_n"]
    first = newest - LOG_PUSH + 1
    if since is not None:
        first = min(first, since + 1)
    return max(first, newest - LOG_IN_VIEW + 1)


def renamed_seats(names: dict[int, str], room: dict) -> frozenset:
    """The seats of ``names`` (as they were before a change) whose name
    the change altered or removed: the log lines naming them read anew."""
    now = rooms.seat_names(room)
    return frozenset(s for s, name in names.items() if now.get(s) != name)


def changes_others(audiences: dict, sid: str) -> bool:
    """Whether socket ``sid`` connecting changed what the room's other
    sockets see: only a seat's first socket lights its connected dot."""
    (kind, seat), _ = audiences.get(sid, (("table", None), None))
    if kind != "seat":
        return False
    return not any(aud == ("seat", seat) for other, (aud, _) in audiences.items() if other != sid)
