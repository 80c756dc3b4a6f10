"""What each audience sees: every connected socket's view of a broadcast
(``tell``, the service's one call into the views per broadcast), the view
of the table, the host or a seat (``build_view``), the parts all views of
one state share (``ViewParts``) and the log as rendered in each language
(``log_line``, ``visible_log``).  Pure: built from the room and who is
connected."""
from __future__ import annotations

import functools
import logging
from typing import NamedTuple

from . import explain, games, host_powers, lobby, rooms
from .gameplay import awaited, timer_on, timer_view
from .games.base import Game
from .i18n import translate

log = logging.getLogger("companion")

LOG_IN_VIEW = 150   # log lines in a view
#: a pushed view's log: the lines the action added, and at least this many
#: (the page keeps the rest; a socket's first view carries LOG_IN_VIEW)
LOG_PUSH = 6


class LineCache:
    """Translated log lines, kept per process: a line is rendered once per
    language (and again when a seat it names is renamed), not once per
    viewer and action.  One dict per (room, language), by line number:
    (line, the names it used).  A room is its code and its seed: two rooms
    dealt from the same seed (tests seed their deals) never share lines."""

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
                 renamed: frozenset = frozenset(),
                 away: tuple[dict[int, float] | None, float] | None = None):
        self.room = room
        self.connected = connected
        # when each seat's last phone went and the seconds a phone must be gone
        # (``host_powers.absence``); None: no host's tools that need a cause
        self.away = away
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
            log.exception("the game's views of room %s failed", room["code"])
            self.game_views = {}
        scores = self.game.scores(room["state"]) if self.playing else {}
        self.seats = [{"seat": s, "name": self.names[s], "connected": s in connected,
                       "score": scores.get(s, scores.get(str(s), 0))} for s in room["order"]]
        self.in_play = rooms.ordered_seats(room)   # the lobby's templates need them
        # seats that joined during the game, they play from the next one on:
        # read with the templates (``build_views``), the lobby's one visit
        self.spectators: list[dict] = []
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
            lines = LINES.lines((self.room["code"], self.room["seed"], lang))
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
            lines = LINES.lines((self.room["code"], self.room["seed"], lang))
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
               parts: ViewParts | None = None,
               away: tuple[dict[int, float] | None, float] | None = None) -> dict:
    """The view of one audience (``build_views`` for one); ``away`` as
    for ``ViewParts``."""
    parts = parts or ViewParts(room, connected, away=away)
    view = build_views(parts, [(kind, seat, lang, log_from)])[(kind, seat, lang, log_from)]
    if isinstance(view, Exception):
        raise view
    return view


def build_views(parts: ViewParts, wanted: list[tuple]) -> dict[tuple, dict | Exception]:
    """The views of a broadcast's audiences ``(kind, seat, lang,
    log_from)``, in one pass (issue #43), each module below entered once:
    what all share (``ViewParts``: the room record, then gameplay), the
    late arrivals and every audience's templates in one call into the
    lobby, the host's skip view (host_powers), each view's own parts, and
    the explanations with every explain switch's value in one call into
    explain mode.  A view that cannot be built is its exception (the others
    still go out).  Its log: the last LOG_IN_VIEW lines it may see, or with
    ``log_from`` (a pushed view) only those from line ``log_from`` on,
    ``log_tail: true`` (the page keeps the rest) and ``log_changed``:
    earlier lines whose text a rename changed (the page replaces its own of
    the same ``n``)."""
    room = parts.room
    wanted = list(dict.fromkeys(wanted))
    audiences = list(dict.fromkeys((kind, seat) for kind, seat, _, _ in wanted))
    parts.spectators = [{"seat": s, "name": parts.names[s]} for s in lobby.late_arrivals(room)]
    actions = lobby.templates_for_each(room, audiences, parts.game, parts.in_play, parts.timer_setting)
    skip = host_skip(parts) if ("host", None) in actions else None
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
    for (key, (view, _, changed)), (switch, said) in zip(drafts.items(), told):
        if isinstance(said, Exception):
            views[key] = said
            continue
        set_switch(view["actions"], switch)
        views[key] = finish(view, said, key[3], changed)
    return {key: views[key] for key in wanted}


def host_skip(parts: ViewParts) -> dict | None:
    """The host's tools that skip a seat (issue #38), from the phones away
    and what the parts read of the step: ``host_powers`` entered once."""
    if parts.away is None:
        return None
    absence = host_powers.absence(parts.room["order"], parts.connected, *parts.away)
    return host_powers.skip_view(parts.room, parts.game, absence, parts.waiting(), parts.timer_setting)


def set_switch(actions: list[dict], switch: list[str] | None) -> None:
    """The explain switch's value (explain mode's) in the template the
    lobby left it open in."""
    for tpl in actions:
        if tpl["type"] == "explain":
            tpl["fields"]["mode"] = switch


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


def renamed_seats(names: dict[int, str] | None, now: dict[int, str]) -> frozenset:
    """The seats of ``names`` (as they were before a change; None: no
    change) whose name ``now`` (after it) altered or removed: the log
    lines naming them read anew."""
    if names is None:
        return frozenset()
    return frozenset(s for s, name in names.items() if now.get(s) != name)


class Told(NamedTuple):
    """What one broadcast built (``tell``): the views to push, by socket;
    the sockets whose view failed and those whose token no longer opens
    the room, as (sid, lang); every view built, by (kind, seat, lang, whole
    log?); the seats with a phone connected; the actor's view for its
    answer (None: not asked, or it failed)."""
    pushed: list[tuple[str, dict]]
    failed: list[tuple[str, str]]
    revoked: list[tuple[str, str]]
    views: dict[tuple, dict]
    connected: set[int]
    answer: dict | None


def tell(room: dict, presence: list[tuple[str, str, str]], since: int | None = None,
         fresh: str | None = None, names: dict[int, str] | None = None,
         away: tuple[dict[int, float] | None, float] | None = None, push: bool = True,
         actor: tuple[tuple[str, int | None], str] | None = None) -> Told:
    """Every connected socket's view of the room, the one entry into the
    views per broadcast (issue #43).  ``presence``: the room's sockets as
    (sid, token digest, lang); ``push`` False: nobody is pushed to (they
    still count as connected).  Pushed views carry the log's tail: the
    lines after ``since`` (the room's ``log_n`` before the change) and at
    least LOG_PUSH, plus under ``log_changed`` the earlier lines that name
    a seat ``names`` (the names before the change) no longer names so; the
    socket ``fresh`` (just connected, or its language changed) gets the
    whole log, and when ``fresh`` changes nothing the others see (the table,
    a second tab of a connected seat) only it gets a view.  ``actor``:
    ((kind, seat), lang) of whoever made the change, whose answer carries
    its view (a seat that just left gets the table's): the one pushed to
    it, else one with the whole log, built in the same pass.  ``away``: as
    for ``ViewParts``."""
    found = rooms.audiences(room, [digest for _, digest, _ in presence], hashed=True)
    now = rooms.seat_names(room)
    audiences, revoked = {}, []   # token revoked: no more views; the phone is told
    for (sid, _, lang), aud in zip(presence, found):
        if aud is None:
            revoked.append((sid, lang))
        else:
            audiences[sid] = aud, lang
    connected = {aud[1] for aud, _ in audiences.values() if aud[0] == "seat"}
    told = [(sid, aud, lang) for sid, (aud, lang) in audiences.items()
            if push and (fresh is None or sid == fresh or changes_others(audiences, fresh))]
    wanted = {(aud[0], aud[1], lang, sid == fresh): None for sid, aud, lang in told}
    answer = answer_key(actor, now, wanted)
    views = built_views(room, wanted, connected, told, renamed_seats(names, now), away,
                        log_tail_from(room, since))
    pushed, failed = [], []
    for sid, aud, lang in told:
        key = (aud[0], aud[1], lang, sid == fresh)
        if key in views:
            pushed.append((sid, views[key]))
        else:
            failed.append((sid, lang))
    return Told(pushed, failed, revoked, views, connected, views.get(answer) if answer else None)


def answer_key(actor: tuple[tuple[str, int | None], str] | None, now: dict[int, str],
               wanted: dict[tuple, None]) -> tuple | None:
    """The key of the actor's view (the table's for a seat that just left),
    added to ``wanted`` with the whole log where no socket gets it."""
    if actor is None:
        return None
    (kind, seat), lang = actor
    if kind == "seat" and seat not in now:
        kind, seat = "table", None
    key = (kind, seat, lang, False)
    if key not in wanted:
        key = (kind, seat, lang, True)
        wanted[key] = None
    return key


def built_views(room: dict, wanted: dict[tuple, None], connected: set[int], told: list[tuple],
                renamed: frozenset, away, tail: int) -> dict[tuple, dict]:
    """The views ``wanted`` (kind, seat, lang, whole log?) in one pass
    (``build_views``), what all share once (``ViewParts``: the game's views
    of the sockets ``told``); a view that fails is logged and left out."""
    if not wanted:
        return {}
    parts = ViewParts(room, connected, {aud[1] if aud[0] == "seat" else None for _, aud, _ in told},
                      renamed, away)
    built = build_views(parts, [(kind, seat, lang, None if whole else tail)
                                for kind, seat, lang, whole in wanted])
    views = {}
    for kind, seat, lang, whole in wanted:
        view = built[(kind, seat, lang, None if whole else tail)]
        if isinstance(view, Exception):   # one viewer's failing view never stops another's push
            log.error("view of %s %s in room %s failed", kind, seat, room["code"], exc_info=view)
        else:
            views[(kind, seat, lang, whole)] = view
    return views


def changes_others(audiences: dict, sid: str) -> bool:
    """Whether socket ``sid`` connecting changed what the room's other
    sockets see: only a seat's first socket lights its connected dot."""
    (kind, seat), _ = audiences.get(sid, (("table", None), None))
    if kind != "seat":
        return False
    return not any(aud == ("seat", seat) for other, (aud, _) in audiences.items() if other != sid)
