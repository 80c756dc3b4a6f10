"""Issue #39: no What the Rule?! request costs more than about 200 ms of CPU.

1. A small hostile search (nested arithmetic, long ``or`` chains, ``in``
   lists, nesting to the parser's depth limit, all within 300 characters;
   then a few rounds of mutating the costliest) for the rule a game master
   seals (``set_rule`` right after the start: parse, type check, the
   dead-row walk) and the guess (against ``count > 0``: parse, the verdict,
   the reading) that cost the most CPU per request, through ``GAME.apply``
   as the server runs it; prints their CPU time and operations
   (``companion/games/what_the_rule/budget.py``) beside the deck's worst.
2. Over HTTP to a real server (``tests.servers.Server``): one thread sends
   the worst guess and the worst rule back to back (each refused, 422),
   while ``/healthz`` and another room's actions (a seat renaming itself)
   are timed; printed as ratios to an idle baseline of the same run.

    .venv/bin/python -m bench.rule_budget [--seconds 8] [--candidates 40]
"""
from __future__ import annotations

import argparse
import copy
import itertools
import random
import statistics
import threading
import time

import requests

from companion.games.base import Illegal
from companion.games.what_the_rule import budget, deck, flow
from companion.games.what_the_rule.cards import CODES
from companion.games.what_the_rule.rules import EXAMPLES, GAME
from tests.servers import Server

NUMS = ["total", "prev.count", "prev2.count", "changes", "count", "n", "total + changes"]
MODS = [143, 142, 141, 139, 137, 131, 127, 113, 109, 107, 103, 101, 97, 89, 83, 79]


def hostile(rng: random.Random) -> str:
    """A costly rule of one of four shapes, at most 300 characters."""
    shape = rng.randrange(4)
    if shape == 0:      # % nested up to the depth limit over what splits the situations
        text = rng.choice(NUMS)
        for depth in range(rng.randrange(6, 19)):
            text = f"({text} % {rng.choice(MODS)} + {rng.choice(NUMS)})"
        text = f"{text} % {rng.choice(MODS)} != {rng.randrange(99)}"
    elif shape == 1:    # a long "or" chain, every part reading something else
        parts = [f"(total + {rng.choice(NUMS)}) % {rng.choice(MODS)} == {rng.randrange(99)}"
                 for _ in range(12)]
        text = " or ".join(parts)
    elif shape == 2:    # "not" nested to the limit around the arithmetic
        text = f"(total + prev2.count + changes) % {rng.choice(MODS)} != 7"
        for _ in range(rng.randrange(5, 19)):
            text = f"not ({text} or n < 0)" if rng.random() < .5 else f"not not ({text})"
    else:               # a long list
        values = ", ".join(str(v) for v in rng.sample(range(144), 50))
        text = f"(total + prev.count + prev2.count + changes) % 144 in [{values}]"
    text = f"count > 0 and ({text} or n >= 0)"
    while len(text) > 300:
        text = hostile(rng)
    return text


def mutate(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    numbers = [i for i, w in enumerate(words) if w.strip("()").isdigit()]
    i = rng.choice(numbers)
    words[i] = words[i].replace(words[i].strip("()"), str(rng.choice(MODS)))
    return " ".join(words)


def states():
    """(a state waiting for a rule, a state waiting for a guess after ``count > 0``)."""
    rule = GAME.setup([0, 1], {}, random.Random(1))[0]
    state, _ = GAME.apply(copy.deepcopy(rule), 0, {"type": "set_rule", "rule": "count > 0"},
                          random.Random(1))
    state, _ = GAME.apply(state, 1, {"type": "play", "card": "circle-2-filled-white"},
                          random.Random(1))
    assert state["phase"] == "guess"
    return rule, state


def request(state: dict, actor: int, action: dict) -> tuple[float, int, str]:
    """(CPU seconds, operations, outcome) of one action as the server applies
    it (the move's checks share the meter opened here)."""
    state = copy.deepcopy(state)
    with budget.metered() as meter:
        start = time.thread_time()
        try:
            GAME.apply(state, actor, action, random.Random(1))
            outcome = "taken"
        except Illegal as refusal:
            outcome = refusal.code
        return time.thread_time() - start, meter.used, outcome


def search(candidates: int) -> dict:
    rule_state, guess_state = states()
    kinds = {"seal": (rule_state, 0, "set_rule"), "guess": (guess_state, 1, "guess")}
    rng = random.Random(39)
    worst = {}
    for kind, (state, actor, type_) in kinds.items():
        def cost(text, runs=1):    # the least of some runs: the machine is shared
            return min(request(state, actor, {"type": type_, "rule": text})
                       for _ in range(runs)), text
        found = sorted((cost(hostile(rng)) for _ in range(candidates)), reverse=True)[:4]
        for _ in range(3):     # mutate the costliest
            found = sorted(found + [cost(mutate(t, rng)) for _, t in found], reverse=True)[:4]
        found = sorted((cost(text, 3) for _, text in found), reverse=True)
        deck_worst = max(request(state, actor, {"type": type_, "rule": text})[:2] + (text,)
                         for text in [entry[2] for entry in deck.DECK] + EXAMPLES)
        worst[kind] = found[0]
        (seconds, ops, outcome), text = found[0]
        print(f"{kind}: worst hostile {seconds * 1000:.0f} ms CPU, {ops:,} operations ({outcome}): {text}")
        print(f"{kind}: the deck's and examples' worst {deck_worst[0] * 1000:.1f} ms, "
              f"{deck_worst[1]:,} operations: {deck_worst[2]}")
    rules = [entry[2] for entry in deck.DECK]
    sealed = {text: flow_state(text) for text in rules}
    pair = max((request(sealed[s], 1, {"type": "guess", "rule": g})[1], s, g)
               for s, g in itertools.product(rules, rules + EXAMPLES))
    print(f"the deck's costliest guess (every deck rule sealed, every deck rule and example "
          f"guessed): {pair[0]:,} operations, {pair[2]!r} against {pair[1]!r}")
    print(f"budget: {budget.OPS:,} operations per request")
    return worst


def flow_state(rule: str) -> dict:
    state = GAME.setup([0, 1], {}, random.Random(1))[0]
    state, _ = GAME.apply(state, 0, {"type": "set_rule", "rule": rule}, random.Random(1))
    code = next(c for c in CODES if flow.fits(state, c))
    state, _ = GAME.apply(state, 1, {"type": "play", "card": code}, random.Random(1))
    return state


def latencies(seconds: float, probe) -> list[float]:
    """Seconds of each answer (every one must be 200) over ``seconds``."""
    out, end = [], time.time() + seconds
    while time.time() < end:
        start = time.perf_counter()
        assert probe().status_code == 200
        out.append(time.perf_counter() - start)
        time.sleep(0.02)
    return out


def room(server: Server, names=("Ada", "Bo")):
    base = server.url + "/api/rooms"
    made = requests.post(base, json={"game": "what_the_rule", "options": {}}, timeout=10).json()
    code, host = made["code"], made["host_token"]
    tokens = [requests.post(f"{base}/{code}/seats", json={"name": n}, timeout=10).json()["token"]
              for n in names]

    def act(token, **action):
        return requests.post(f"{base}/{code}/actions", json=action, timeout=60,
                             headers={"Authorization": f"Bearer {token}"})
    assert act(host, type="start").status_code == 200
    return act, tokens


def under_attack(worst: dict, seconds: float) -> None:
    server = Server()
    try:
        act_b, (bea, _) = room(server, ("Bea", "Ben"))
        names = itertools.cycle(["Bea", "Bella"])
        probes = {"/healthz": lambda: requests.get(server.url + "/healthz", timeout=60),
                  "other room's rename": lambda: act_b(bea, type="rename", name=next(names))}
        idle = {name: latencies(seconds / 2, p) for name, p in probes.items()}
        act_g, (gm, guesser) = room(server)
        assert act_g(gm, type="set_rule", rule="count > 0").status_code == 200
        assert act_g(guesser, type="play", card="circle-2-filled-white").status_code == 200
        act_s, (sealer, _) = room(server)
        stop, sent = threading.Event(), []

        def attack():
            while not stop.is_set():
                sent.append(act_g(guesser, type="guess", rule=worst["guess"][1]).status_code)
                sent.append(act_s(sealer, type="set_rule", rule=worst["seal"][1]).status_code)
        thread = threading.Thread(target=attack)
        cpu = server_cpu(server)
        thread.start()
        time.sleep(1)
        busy = {name: latencies(seconds / 2, p) for name, p in probes.items()}
        stop.set()
        thread.join()
        cpu = server_cpu(server) - cpu
        print(f"attack: {len(sent)} hostile requests back to back ({set(sent)}), "
              f"server CPU {cpu / len(sent) * 1000:.0f} ms per request")
        for name in probes:
            a, b = idle[name], busy[name]
            print(f"  {name:20} idle median {statistics.median(a) * 1000:5.1f} ms, max "
                  f"{max(a) * 1000:5.1f} | under attack median {statistics.median(b) * 1000:5.1f} ms "
                  f"(x{statistics.median(b) / statistics.median(a):.0f}), max {max(b) * 1000:5.0f} ms "
                  f"(x{max(b) / max(a):.0f}); {len(b)} answered, all 200")
    finally:
        server.stop()


def server_cpu(server: Server) -> float:
    with open(f"/proc/{server.process.pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--candidates", type=int, default=40)
    args = parser.parse_args()
    worst = search(args.candidates)
    under_attack(worst, args.seconds)


if __name__ == "__main__":
    main()
