#!/usr/bin/env python
"""Do the companion's rules and their boardgame.io port agree? (issue #44:
the real games in boardgame.io, bench/bgio/haiclue.js and hoax.js)

    .venv/bin/python -m bench.agree --game haiclue --seeds 20
    .venv/bin/python -m bench.agree --game all --seeds 20 --show 5

For each seed: a table (2 to 12 seats for Haiclue, 3 to 14 for HOAX,
numbered and ordered at random, the options at random) is set up by the
companion's own rules in-process (``companion.games.get(name).setup``).
The two do not share an RNG: every outcome the companion's rules draw
(``Recorder``: the deals, a random first player, the host's random picks)
is handed to the boardgame.io game in its setupData (``script``), so both
play the same deals.  A random sequence of moves is then played on the
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


class Recorder(random.Random):
    """The companion's chance, recorded: every shuffle, choice and sample
    its rules draw, in order ({op, value}), for boardgame.io's side
    (bench/bgio/kit.js chance) to meet the same outcomes."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.script: list[dict] = []

    def shuffle(self, x) -> None:
        super().shuffle(x)
        self.script.append({"op": "shuffle", "value": norm(list(x))})

    def choice(self, seq):
        value = super().choice(seq)
        self.script.append({"op": "choice", "value": norm(value)})
        return value

    def sample(self, population, k, **kwargs):
        value = super().sample(population, k, **kwargs)
        self.script.append({"op": "sample", "value": norm(value)})
        return value


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

    def setup_data(self, state: dict, seats: list[int], options: dict, script: list) -> dict:
        """The table, the options and every outcome the companion's chance
        drew (the deck's shuffle; a reshuffle of the discards, never needed
        in a normal game)."""
        return {"seats": seats, "youngest": options["youngest"], "words": options["words"],
                "script": script}

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


class Hoax:
    name = "hoax"
    identities = ["baron", "monk", "judge", "trader", "magician", "thief", "farmer"]
    resources = ["gold", "wine", "grain"]
    types = ["cover", "claim", "buy_info", "show", "accuse", "illegal", "fine", "indulgence",
             "immunize", "doubt", "decline", "withdraw", "close"]

    def table(self, rng: random.Random) -> tuple[list[int], dict]:
        options = {"strict_doubt": rng.random() < 0.25, "large_group": rng.random() < 0.2,
                   "original_hoax": rng.random() < 0.25, "second_identity": False}
        if not options["original_hoax"] and rng.random() < 0.3:
            options["second_identity"] = True
        hi = 4 if options["second_identity"] else 14 if options["large_group"] else 8
        n = rng.randint(3, min(hi, 8 if rng.random() < 0.8 else hi))
        seats = rng.sample(range(20), n)
        options["first"] = rng.choice(seats + ["random"])
        return seats, options

    def setup_data(self, state: dict, seats: list[int], options: dict, script: list) -> dict:
        """The table and options, and every outcome the companion's chance
        drew (the deals, a random first player, the host's random picks)."""
        return {"seats": seats, **options, "script": script}

    def odd(self, rng: random.Random, state: dict, seats: list[int]) -> tuple:
        actor = rng.choice(seats + [HOST])
        type_ = rng.choice(self.types)
        pools = {
            "identity": self.identities + ["king", 3, None],
            "action": ["gold", "tax", "wine", "collection", "grain", "trade", "enchant", "steal", "fly"],
            "resource": self.resources + ["silver"], "give": self.resources, "get": self.resources,
            "with": seats + ["bank", 99], "target": seats + [99, str(seats[0]), True],
            "amount": [0, 1, 2, 3, "1"], "trios": [0, 1, 3, 5, 6, "2"],
            "against": ["action", "sentence", "theft"],
            "claim": list(range(0, state.get("next_id", 1) + 1)) + ["1", None],
            "step": ["cover", "show", "doubt", "turn", "over", None],
        }
        fields = {"cover": ["identity"], "claim": ["identity", "action", "resource", "with", "give",
                                                   "get", "target", "amount"],
                  "buy_info": ["target", "trios"], "show": ["identities"],
                  "accuse": ["target", "identity"], "illegal": [], "fine": ["resource", "amount"],
                  "indulgence": ["resource"], "immunize": ["against"], "doubt": ["claim"],
                  "decline": ["claim"], "withdraw": ["claim"], "close": ["step"]}[type_]
        action: dict = {"type": type_}
        for name in fields:
            if rng.random() < 0.85:
                if name == "identities":
                    action[name] = rng.sample(self.identities, rng.randint(0, 3)) + (
                        ["baron"] if rng.random() < 0.1 else [])
                else:
                    action[name] = rng.choice(pools[name])
        return actor, action

    def host_weight(self, state: dict) -> float:
        return 0.04


GAMES = {"haiclue": Haiclue(), "hoax": Hoax()}


# --- the companion in-process, as the referee checks and applies ---------------------

class Companion:
    def __init__(self, adapter, seed: int):
        self.adapter = adapter
        self.game = games.get(adapter.name)
        self.rng = random.Random(seed)
        self.seats, self.options = adapter.table(self.rng)
        self.chance = Recorder(seed * 7 + 1)   # the rules' chance: setup, then the moves'
        self.state, events = self.game.setup(list(self.seats), dict(self.options), self.chance)
        self.setup_state = copy.deepcopy(self.state)
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
            state, events = self.game.apply(state, actor, action, self.chance)
        except Illegal as late:   # never expected: why_not said yes
            return self.record(False, "late:" + late.code, [])
        self.state = state
        self.finished = self.game.winners(state) is not None
        return self.record(True, None, events)

    def record(self, accepted: bool, code, events: list[dict]) -> dict:
        events = norm([{"key": e["key"], "params": e.get("params") or {}, "to": e.get("to")}
                       for e in events])
        self.log += events
        # the public part is everyone's (the game's views say so): built and
        # normalized once per step; each audience adds its own part, its
        # templates and its log tail (digested once per distinct tail)
        public = norm(self.game.view(self.state, None)["public"])
        digests: dict[tuple, dict] = {}
        views = {}
        for s in self.seats:
            views[str(s)] = self.view(s, s, public, digests)
        views["host"] = self.view(None, HOST, public, digests)
        views["table"] = self.view(None, None, public, digests)
        return {"accepted": accepted, "code": code, "phase": self.state["phase"],
                "events": events, "views": views}

    def view(self, viewer, actor, public: dict, digests: dict) -> dict:
        you = self.game.view(self.state, viewer)["you"] if viewer is not None else None
        out = {"you": norm(you), "public": public}
        out["actions"] = norm(self.templates(actor)) if actor is not None else []
        picked = []
        for n in range(len(self.log) - 1, -1, -1):   # views.visible_log: the last LOG_IN_VIEW it may read
            to = self.log[n]["to"]
            if to is None or viewer in to:
                picked.append(n)
                if len(picked) == LOG_IN_VIEW:
                    break
        key = tuple(picked)
        if key not in digests:
            digests[key] = digest([{"key": self.log[n]["key"], "params": self.log[n]["params"]}
                                   for n in reversed(picked)])
        out["log"] = digests[key]
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
    setup = adapter.setup_data(companion.setup_state, companion.seats, companion.options,
                               companion.chance.script)
    return {"setup": setup, "moves": moves}, companion.steps, companion.seats


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


CHUNK = 5   # sequences per boardgame.io run (every step's views are held until compared)


def check(name: str, seeds: int, first: int, show: int) -> bool:
    adapter = GAMES[name]
    steps = refused = disagreements = over = 0
    shown: list[str] = []
    kinds: dict[str, int] = {}
    for start in range(first, first + seeds, CHUNK):
        chunk = range(start, min(start + CHUNK, first + seeds))
        plays = [play(adapter, seed) for seed in chunk]
        theirs = bgio_steps(name, [p[0] for p in plays])
        for seed, (sequence, ours, seats), bgio in zip(chunk, plays, theirs):
            over += ours[-1]["phase"] == "over"
            if len(ours) != len(bgio):
                disagreements += 1
                shown.append(f"seed {seed}: {len(ours)} steps here, {len(bgio)} in boardgame.io")
                continue
            for i, (a, b) in enumerate(zip(ours, bgio)):
                steps += 1
                refused += not a["accepted"]
                diffs = compare(a, b)
                if not diffs:
                    continue
                disagreements += 1
                for what, _, _ in diffs:
                    kind = what.split("[")[0] + ("." + what.split(".")[-1] if "." in what else "")
                    kinds[kind] = kinds.get(kind, 0) + 1
                if len(shown) < show:
                    move = sequence["moves"][i - 1] if i else "setup"
                    shown.append(f"seed {seed} step {i} ({len(seats)} seats) {short(move, 200)}:\n"
                                 + "\n".join(f"    {what}: companion {short(x)}\n      bgio {short(y)}"
                                             for what, x, y in diffs[:4]))
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
