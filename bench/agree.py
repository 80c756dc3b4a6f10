#!/usr/bin/env python
"""Do the companion's rules and their boardgame.io port agree? (issue #44:
the real games in boardgame.io, bench/bgio/haiclue.js and hoax.js)

    .venv/bin/python -m bench.agree --game haiclue --seeds 20
    .venv/bin/python -m bench.agree --game all --seeds 20 --show 5

For each seed: a table (2 to 12 seats, numbered and ordered at random, the
options at random) is set up by the companion's own rules in-process
(``companion.games.get(name).setup``); its starting deal is handed to the
boardgame.io game as setupData (the two do not share an RNG: the same deal
is given to both).  A random sequence of moves is then played on the
companion: mostly moves its templates offer (sampled as the random-play
tests do), the rest odd ones (wrong step, wrong seat, the host's moves from
a seat and a seat's from the host, fields missing, out of range, too long,
of the wrong type).  Each is checked and applied as the referee does
(companion/referee.py: a template must admit it and ``why_not`` must be
None; the refusal code is ``why_not``'s, else the templates' own).  The host's
tools need no cause here (no phones: referee.check without ``absence``).
The same sequence is then played through boardgame.io's Client
(bench/bgio/agree.js, one Node process per run).

At every step (and after setup) it compares: accepted or refused, the
refusal code, the log events the move added (keys, params, addressees),
boardgame.io's phase (ctx.phase, or its gameover) against the companion's,
and for every audience (each seat, the host, the table) the whole view:
the game's view (public and private parts: scores, round, phase, who is
out, winners, ...), the templates it may use now and the log tail it may
read (its length, last entry and a digest of it all).  Prints one line
per game (sequences, steps, disagreements) and the first disagreements;
exits 1 on any.  Not a test (no test imports bench): a
check to run after changing a game or its port.
"""
from __future__ import annotations

import argparse
import copy
import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

from companion import games
from companion.games.base import HOST, Illegal, default_why_not, match_action, sample_action

HERE = Path(__file__).resolve().parent
RUNNER = HERE / "bgio" / "agree.js"
MODULES = HERE / "bgio" / "node_modules" / "boardgame.io"
LOG_IN_VIEW = 150   # companion/views.py (and LOG_IN_VIEW in the ports)
MAX_STEPS = 700


def digest(tail: list[dict]) -> dict:
    """A log tail as bench/bgio/agree.js sends it: length, last entry, and
    the sha1 of its canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(tail, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return {"length": len(tail), "last": tail[-1] if tail else None,
            "sha1": hashlib.sha1(text.encode()).hexdigest()}


def norm(value):
    """As JSON carries it (tuples become lists, int keys strings)."""
    return json.loads(json.dumps(value))


# --- the games: their tables, their starting deal for boardgame.io, their odd moves --

WORDS = ["sun", "cold", "river", "tea", "fox", "moon"]


class Haiclue:
    name = "haiclue"
    colors = ["blue", "red", "green", "yellow"]

    def table(self, rng: random.Random) -> tuple[list[int], dict]:
        n = rng.choice([2, 2, 3, 4, 5, 6, 6, 7, 8, 9, 12])
        seats = rng.sample(range(16), n)
        youngest = rng.choice(seats + [99])   # 99: names nobody, the default applies
        return seats, {"youngest": youngest, "words": rng.random() < 0.5}

    def setup_data(self, state: dict, seats: list[int], options: dict) -> dict:
        # the deck before the first round's draws (each seat drew from its end, in table order)
        drawn = "".join(state["colors"][str(s)][0] for s in reversed(seats))
        return {"seats": seats, "youngest": options["youngest"], "words": options["words"],
                "deck": state["deck"] + drawn}

    def odd(self, rng: random.Random, state: dict, seats: list[int]) -> tuple:
        actor = rng.choice(seats + [HOST])
        type_ = rng.choice(["clue_ready", "guess", "close", "next", "words"])
        action: dict = {"type": type_}
        if type_ == "clue_ready" and rng.random() < 0.8:
            action["text"] = rng.choice(["fox", "x" * 81, " ".join(["tea"] * 16), 5, None, "",
                                         "  cold   fox ", "sun moon", " " * 90 + "a b"])
        elif type_ == "guess" and rng.random() < 0.9:
            action["color"] = rng.choice(self.colors + ["purple", 3, None, "Blue"])
        elif type_ == "close" and rng.random() < 0.9:
            action["step"] = rng.choice(["clue", "guess", "between", "over", 1, None])
        elif type_ == "words":
            for c in rng.sample(self.colors, rng.randint(0, 4)):
                action[c] = rng.choice(["tea", "x" * 41, 7, "", None, "  two  words "])
        return actor, action

    def host_weight(self, state: dict) -> float:
        return 0.08


GAMES = {"haiclue": Haiclue()}


# --- the companion in-process, as the referee checks and applies ---------------------

class Companion:
    def __init__(self, adapter, seed: int):
        self.adapter = adapter
        self.game = games.get(adapter.name)
        self.rng = random.Random(seed)
        self.seats, self.options = adapter.table(self.rng)
        self.state, events = self.game.setup(list(self.seats), dict(self.options),
                                             random.Random(seed * 7 + 1))
        self.setup_data = adapter.setup_data(self.state, self.seats, self.options)
        self.move_rng = random.Random(seed * 7 + 2)   # the moves' own chance (a reshuffle)
        self.log: list[dict] = []
        self.finished = False
        self.steps = [self.record(True, None, events)]

    def templates(self, actor) -> list[dict]:
        if self.finished:
            return []
        return self.game.host_actions(self.state) if actor == HOST else self.game.actions(self.state, actor)

    def act(self, actor, action: dict) -> dict:
        if self.finished:
            return self.record(False, "game_over", [])
        tpl, _ = match_action(self.templates(actor), action)
        refusal = self.game.why_not(self.state, actor, action)
        if refusal is None and tpl is None:
            refusal = default_why_not(self.game, self.state, actor, action, self.seats)
        if refusal is not None:
            return self.record(False, refusal.code, [])
        state = copy.deepcopy(self.state)
        try:
            state, events = self.game.apply(state, actor, action, self.move_rng)
        except Illegal as late:   # never expected: why_not said yes
            return self.record(False, "late:" + late.code, [])
        self.state = state
        self.finished = self.game.winners(state) is not None
        return self.record(True, None, events)

    def record(self, accepted: bool, code, events: list[dict]) -> dict:
        events = norm([{"key": e["key"], "params": e.get("params") or {}, "to": e.get("to")}
                       for e in events])
        self.log += events
        views = {}
        for s in self.seats:
            views[str(s)] = self.view(s, s)
        views["host"] = self.view(None, HOST)
        views["table"] = self.view(None, None)
        return {"accepted": accepted, "code": code, "phase": self.state["phase"],
                "events": events, "views": views}

    def view(self, viewer, actor) -> dict:
        out = norm(self.game.view(self.state, viewer))
        out["actions"] = norm(self.templates(actor)) if actor is not None else []
        tail = [{"key": e["key"], "params": e["params"]} for e in self.log
                if e["to"] is None or viewer in e["to"]]
        out["log"] = digest(tail[-LOG_IN_VIEW:])
        return out

    def next_move(self) -> tuple:
        rng = self.rng
        if rng.random() < 0.25:
            return self.adapter.odd(rng, self.state, self.seats)
        offered = [s for s in self.seats if self.templates(s)]
        host = self.templates(HOST)
        if host and (not offered or rng.random() < self.adapter.host_weight(self.state)):
            return HOST, sample_action(rng.choice(host), rng)
        if not offered:
            return self.adapter.odd(rng, self.state, self.seats)
        actor = rng.choice(offered)
        return actor, sample_action(rng.choice(self.templates(actor)), rng)


def play(adapter, seed: int) -> tuple[dict, list[dict], list[dict]]:
    """The sequence (setup data and moves) and the companion's steps."""
    companion = Companion(adapter, seed)
    moves = []
    tail = 3   # a few moves after the end: all refused
    while len(moves) < MAX_STEPS and tail:
        actor, action = companion.next_move()
        moves.append({"actor": actor, "action": action})
        companion.steps.append(companion.act(actor, action))
        tail -= companion.finished
    return {"setup": companion.setup_data, "moves": moves}, companion.steps, companion.seats


def bgio_steps(name: str, sequences: list[dict]) -> list[list[dict]]:
    done = subprocess.run(["node", str(RUNNER)], input=json.dumps({"game": name, "sequences": sequences}),
                          capture_output=True, text=True, env={**os.environ, "NODE_ENV": "production"},
                          check=False)
    if done.returncode != 0:
        sys.exit(f"bench/bgio/agree.js failed:\n{done.stderr[-3000:]}")
    return [json.loads(line)["steps"] for line in done.stdout.splitlines() if line.strip()]


def compare(ours: dict, theirs: dict) -> list[tuple[str, object, object]]:
    """The differences of one step: (what, companion, boardgame.io)."""
    out = []
    for field in ("accepted", "code", "events"):
        if ours[field] != theirs[field]:
            out.append((field, ours[field], theirs[field]))
    phase = theirs["phase"] if theirs["gameover"] is None else "over"
    if ours["phase"] != phase:
        out.append(("phase", ours["phase"], phase))
    for audience, view in ours["views"].items():
        other = theirs["views"].get(audience)
        if view == other:
            continue
        other = other or {}
        for part in sorted(set(view) | set(other)):
            x, y = view.get(part), other.get(part)
            if x == y:
                continue
            if isinstance(x, dict) and isinstance(y, dict):   # only the entries that differ
                keys = sorted(k for k in set(x) | set(y) if x.get(k, ...) != y.get(k, ...))
                x = {k: x.get(k, "(none)") for k in keys}
                y = {k: y.get(k, "(none)") for k in keys}
            out.append((f"view[{audience}].{part}", x, y))
    return out


def short(value, limit=300) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[:limit] + "..."


def check(name: str, seeds: int, first: int, show: int) -> bool:
    adapter = GAMES[name]
    plays = [play(adapter, seed) for seed in range(first, first + seeds)]
    theirs = bgio_steps(name, [p[0] for p in plays])
    steps = refused = disagreements = 0
    shown = []
    kinds: dict[str, int] = {}
    for seed, (sequence, ours, seats), bgio in zip(range(first, first + seeds), plays, theirs):
        if len(ours) != len(bgio):
            disagreements += 1
            shown.append(f"seed {seed}: {len(ours)} steps here, {len(bgio)} in boardgame.io")
            continue
        for i, (a, b) in enumerate(zip(ours, bgio)):
            steps += 1
            refused += not a["accepted"]
            diffs = compare(a, b)
            if diffs:
                disagreements += 1
                for what, x, y in diffs:
                    kind = what.split("[")[0].split(".")[0] + ("." + what.split(".")[-1] if "." in what else "")
                    kinds[kind] = kinds.get(kind, 0) + 1
                if len(shown) < show:
                    move = sequence["moves"][i - 1] if i else "setup"
                    shown.append(f"seed {seed} step {i} ({len(seats)} seats) {short(move, 200)}:\n"
                                 + "\n".join(f"    {what}: companion {short(x)}\n      bgio {short(y)}"
                                             for what, x, y in diffs[:4]))
    over = sum(1 for _, ours, _ in plays if ours[-1]["phase"] == "over")
    print(f"{name}: {seeds} sequences ({over} played to the end), {steps} steps "
          f"({refused} refused), {disagreements} disagreements"
          + (f" {kinds}" if kinds else ""))
    for line in shown:
        print("  " + line)
    return disagreements == 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="haiclue", choices=[*GAMES, "all"])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--show", type=int, default=3, help="disagreements printed per game")
    args = parser.parse_args(argv)
    if not MODULES.is_dir():
        sys.exit("boardgame.io is not installed: (cd bench/bgio && npm ci)")
    names = list(GAMES) if args.game == "all" else [args.game]
    ok = [check(name, args.seeds, args.first, args.show) for name in names]
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main())
