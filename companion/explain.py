"""Explain mode (issue #29): the screens say, in a newcomer's words, what is
happening, what each offered move does and what a decisive event meant.

Whether it is on: ``room["explain"]`` = ``{"on": the room's setting, "seats":
{seat: a player's own choice}}``.  The host sets the room's when creating
it or a next game (``options.explain``; by default on for the room's first
game of each kind) and switches it from the host tools; each player
switches their own phone (a seat's choice wins over the room's until the
next kind of game).  Rooms stored before explain mode have none: off.

What is said comes from the game (``Game.explain``, built from the viewer's
own view, and its ``explain.*`` / ``meaning.*`` texts) and, outside a game
or for the platform's own moves, from the platform's texts.  Pure: the
room and the view in, words out."""
from __future__ import annotations

import functools
import hashlib
from typing import Any, NamedTuple

import orjson

from . import games
from .games.base import Game
from .i18n import lookup, translate

#: for how many moves after a decisive event the table still says what it meant
MEANING_MOVES = 3


def setting(on: bool) -> dict:
    return {"on": bool(on), "seats": {}}


def first_of_its_kind(room: dict, game: str) -> bool:
    """Whether no game of this kind has been finished in this room."""
    return not any(entry["game"] == game for entry in room["evening"])


def is_on(room: dict, kind: str, seat: int | None) -> bool:
    explain = room.get("explain")
    if not explain:
        return False
    if kind == "seat":
        return explain["seats"].get(str(seat), explain["on"])
    return explain["on"]


def switch_template_value(room: dict, kind: str, seat: int | None) -> list[str]:
    """The switch's one value: what a tap makes it."""
    return ["off" if is_on(room, kind, seat) else "on"]


def switch(room: dict, kind: str, seat: int | None, mode: str) -> None:
    explain = room.setdefault("explain", setting(False))
    if kind == "seat":
        explain["seats"][str(seat)] = mode == "on"
    else:
        explain["on"] = mode == "on"


def explanations(room: dict, asked: list[tuple], game: Game, waiting: list[int],
                 names: dict[int, str]) -> list[tuple[list[str] | None, dict | None | Exception]]:
    """The ``explain`` of each view of one broadcast, in one call (issue
    #43): ``asked`` holds (kind, seat, view, game view, lang); each answer
    is (the value of the audience's explain switch, which the lobby left
    open in its templates: ``switch_template_value``, None for the table;
    the explanation: None where explain mode is off for that audience, an
    exception where it failed)."""
    out: list[tuple[list[str] | None, dict | None | Exception]] = []
    at_table = None
    for kind, seat, view, game_view, lang in asked:
        switch = switch_template_value(room, kind, seat) if kind != "table" else None
        try:
            if not is_on(room, kind, seat):
                out.append((switch, None))
                continue
            if at_table is None:
                at_table = game.at_table(room["state"]) if room["status"] == "playing" else []
            out.append((switch, explained(room, kind, seat, view, game, game_view,
                                          Step(waiting, at_table), lang, names)))
        except Exception as exc:  # noqa: BLE001 - the view's builder reports it
            out.append((switch, exc))
    return out


class Kept:
    """The explanations made last, per room and viewer: most actions leave
    most viewers' explanations as they were (a guess changes the guesser's
    and the table's), so each is made again only where what it is made from
    changed, and the one kept is the same object (a push's patch skips it
    at a glance: json_patch.diff).  What it was made from is kept as a
    128-bit digest (a view's worth of JSON each otherwise).  At most
    ``size`` viewers are kept; past that all are forgotten at once (cheap
    and rare: made again on demand)."""

    def __init__(self, size: int = 20_000):
        self.size = size
        self.made: dict[tuple, tuple[bytes, dict]] = {}

    def get(self, viewer: tuple, made_from: bytes) -> dict | None:
        found = self.made.get(viewer)
        return found[1] if found is not None and found[0] == made_from else None

    def put(self, viewer: tuple, made_from: bytes, said: dict) -> None:
        if len(self.made) >= self.size and viewer not in self.made:
            self.made.clear()
        self.made[viewer] = made_from, said


KEPT = Kept()


def explained(room: dict, kind: str, seat: int | None, view: dict, game: Game,
              game_view: dict, step: Step, lang: str, names: dict[int, str]) -> dict:
    """``explanation``, made again only where something it reads changed
    (``Kept``): the room's status, the view's ``you`` and templates, the
    game view, the step, the names and, off the phones, the decisive event."""
    viewer = (room["code"], room["seed"], room["game"], kind, seat, lang)
    try:
        made_from = hashlib.blake2b(orjson.dumps([
            room["status"], view["you"], view["actions"], game_view, step.waiting,
            step.at_table, list(names.items()), decisive_event(room) if kind != "seat" else None,
        ]), digest_size=16).digest()
    except TypeError:   # what orjson cannot write (an integer past 64 bits): made each time
        return explanation(room, kind, seat, view, game, game_view, step, lang, names)
    said = KEPT.get(viewer, made_from)
    if said is None:
        said = explanation(room, kind, seat, view, game, game_view, step, lang, names)
        KEPT.put(viewer, made_from, said)
    return said


class Step(NamedTuple):
    """Who the step is about, the same for every viewer: the seats the game
    waits for (``waiting``) and those whose move is made at the real table."""
    waiting: list[int]
    at_table: list[int]


def explanation(room: dict, kind: str, seat: int | None, view: dict, game: Game,
                game_view: dict, step: Step, lang: str, names: dict[int, str]) -> dict:
    """What the view's ``explain`` holds: ``now`` (open), ``secret`` (under
    the reveal only), ``moves`` (type -> what it does, where the game or
    the platform has words for it) and, on the table, ``meaning`` (what
    the latest decisive event meant)."""
    say = Sayer(lang, game, names)
    viewer = seat if kind == "seat" else None
    playing = room["status"] == "playing" and not (view["you"] or {}).get("next_game")
    told: dict[str, Any] = {}
    now = [platform_now(room, kind, view)]
    if playing:
        own = [tpl for tpl in view["actions"] if tpl["type"] in game.action_types]
        told = told_by_game(game, game_view, viewer, own, step)
        now = told["now"]
    out: dict[str, Any] = {"now": say.lines(now), "moves": {}}
    if kind == "seat":   # the table has no secret
        out["secret"] = say.lines(told.get("secret") or [])
    given = dict(told.get("moves") or {})
    if kind == "host":   # the host's switch is the room's
        given["explain"] = ("explain.move.explain_room", {})
    for tpl in view["actions"]:
        type_ = tpl["type"]
        line = given.get(type_) or (f"explain.move.{type_}", {})
        if type_ not in out["moves"] and lookup(lang, line[0], game) is not None:
            out["moves"][type_] = say.line(line)
    if kind != "seat":
        out["meaning"] = meaning(room, say)
    return out


def told_by_game(game: Game, game_view: dict, viewer: int | None, own: list[dict],
                 step: Step) -> dict:
    """The game's ``explain`` (its lines as keys), ``now`` defaulted."""
    told = dict(game.explain(game_view, viewer, own, step.waiting) or {})
    told["now"] = told.get("now") or default_now(viewer, own, step)
    return told


def default_now(viewer: int | None, own: list[dict], step: Step) -> list[tuple[str, dict]]:
    """``now`` where the game words none (issue #46): from whom the step
    is about and the viewer's open moves by name, so a game writes only
    the lines that add meaning.  Secret templates are only pointed at."""
    def seats(of: list[int]) -> dict:
        return {"names": [{"seat": s} for s in of if s != viewer]}
    moves = {"moves": [{"text": f"action.{t}"}
                       for t in dict.fromkeys(tpl["type"] for tpl in own if not tpl.get("secret"))]}
    if viewer is None:
        if step.waiting:
            return [("explain.default.table_waiting", seats(step.waiting))]
        if step.at_table:
            return [("explain.default.table_at_table", seats(step.at_table))]
        return [("explain.default.table_free", {})]
    if viewer in step.at_table and viewer not in step.waiting:
        return [("explain.default.you_at_table", {})]
    if viewer in step.waiting:
        open_required = any(tpl.get("required") and not tpl.get("secret") for tpl in own)
        return [("explain.default.your_move", moves) if open_required
                else ("explain.default.your_move_secret", {})]
    others = step.waiting or step.at_table
    key = "wait" if others else "free"
    if moves["moves"]:
        return [(f"explain.default.{key}_may", {**seats(others), **moves})]
    return [(f"explain.default.{key}", seats(others))]


def platform_now(room: dict, kind: str, view: dict) -> tuple[str, dict]:
    """The platform's line outside a game's steps."""
    who = "seat" if kind == "seat" else "table"
    if (view["you"] or {}).get("next_game"):
        return "explain.next_game", {}
    return f"explain.{room['status']}.{who}", {}


class Sayer:
    """Lines in one language: a game's texts first, then the platform's."""

    def __init__(self, lang: str, game: Game, names: dict[int, str]):
        self.lang, self.game, self.names = lang, game, names

    def line(self, line: tuple[str, dict]) -> str:
        key, params = line
        if not params:   # most move lines: the same words for every view of every broadcast
            return plain_text(self.lang, key, self.game.name)
        return translate(self.lang, key, params, self.game, self.names)

    def lines(self, lines: list[tuple[str, dict]]) -> str:
        return " ".join(self.line(one) for one in lines)


@functools.lru_cache(maxsize=4096)
def plain_text(lang: str, key: str, game_name: str) -> str:
    """A line without parameters, rendered once per process."""
    return translate(lang, key, None, games.get(game_name))


def meaning(room: dict, say: Sayer) -> str:
    """What the newest decisive event of this game meant (``decisive_event``)."""
    entry = decisive_event(room)
    if entry is None or entry["game"] != say.game.name:
        return ""
    return say.line(("meaning." + entry["key"].removeprefix("log."), entry["params"]))


def decisive_event(room: dict) -> dict | None:
    """The log entry of the newest decisive event: the first event with a
    text ``meaning.<event key>`` of the last move that had one
    (``room["decisive"]``, kept by ``gameplay.log_events``, undone with its
    move), for MEANING_MOVES moves after it; None after that."""
    decisive = room.get("decisive")
    if (not decisive or decisive["n"] < room.get("game_log_n", 0)
            or room["moves"] - decisive["move"] > MEANING_MOVES):
        return None
    return next((e for e in reversed(room["log"]) if e["n"] == decisive["n"]), None)


def instead(game: Game, seat: int, templates: list[dict], waiting: list[int], lang: str,
            names: dict[int, str], code: str, params: dict) -> str:
    """What a refused seat may do instead (its refusal's message says it
    after the reason), from the seat's templates: the game's words for this
    refusal (``explain.instead.<code>``, the refusal's parameters) where it
    has them, else its open moves by name; the secret ones are only pointed
    at (their names could tell who one is)."""
    say = Sayer(lang, game, names)
    own = f"explain.instead.{code}"
    if lookup(lang, own, game) is not None:
        return say.line((own, params))
    open_moves = []
    for tpl in templates:
        label = say.line((f"action.{tpl['type']}", {}))
        if not tpl.get("secret") and tpl["type"] not in SEAT_TOOLS and label not in open_moves:
            open_moves.append(label)
    has_secret = any(tpl.get("secret") for tpl in templates)
    if open_moves:
        key = "explain.instead.moves_secret" if has_secret else "explain.instead.moves"
        return say.line((key, {"moves": ", ".join(open_moves)}))
    if has_secret:
        return say.line(("explain.instead.secret", {}))
    others = [{"seat": s} for s in waiting if s != seat]
    if others:
        return say.line(("explain.instead.wait", {"names": others}))
    return say.line(("explain.instead.nothing", {}))


#: the platform's seat tools: always offered, never what a refusal is about
SEAT_TOOLS = frozenset({"rename", "leave", "explain"})
