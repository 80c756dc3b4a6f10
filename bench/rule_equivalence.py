"""How long What the Rule?!'s equivalence check takes: every ordered pair of
deck rules (the secret, the guess), each with cold caches, plus hostile
guesses that make the layer walk go the whole row or use up its budget
(the card two back, the changed properties and the row's total multiply
the situations the walk keeps apart).  Prints the worst cases; checks
nothing (the spec asks for well under a second per pair).

    .venv/bin/python -m bench.rule_equivalence
"""
from __future__ import annotations

import itertools
import statistics
import time

from companion.games.what_the_rule import deck
from companion.games.what_the_rule.budget import OPS
from companion.games.what_the_rule.equivalence import analyse, difference
from companion.games.what_the_rule.language import RuleError, parse

HOSTILE = [
    "n < 140 and count > 0",                       # threshold 141: all 144 layers
    "n != 142 or count > 0",
    "n % 7 == n % 11 or count > 0",                # period 77
    "(count + n) % 143 != 0 or n % 144 != 5",      # period lcm(143, 144)
    "count + n > 100 or shape != circle",
    "not (n % 2 == 0 and n % 3 == 0 and n % 5 == 0 and n % 7 == 0) or count > 0",
    # the situations multiply: every attribute of two cards back, the total
    "changes >= 0 and (prev2.count > 0 or prev2.shape == circle or prev2.fill == empty "
    "or prev2.color == white)",
    "changes == 2 and total <= 60",
    "changes >= 0 and total < 900",
    "total % 144 != 143 or changes > 0",
    "changes >= 0 and prev2.color != none and total < 400",
    "not (color == prev.color and color == prev2.color) and total % 7 != 0",
]


def timed(secret, guess) -> tuple[float, bool]:
    """Seconds for one check with nothing cached (fresh rule objects; the
    walk's caches last one check)."""
    secret, guess = parse(secret.text), parse(guess.text)
    start = time.perf_counter()
    try:
        same = difference(secret, guess) is None
    except RuleError:          # past the budget: refused as too complex
        same = None
    return time.perf_counter() - start, same


def main() -> None:
    rules = {entry[0]: deck.rule(entry[0]) for entry in deck.DECK}
    times = []
    for a, b in itertools.product(rules, repeat=2):
        seconds, same = timed(rules[a], rules[b])
        assert same == (a == b), (a, b)
        times.append((seconds, a, b))
    times.sort(reverse=True)
    print(f"deck: {len(rules)} rules, {len(times)} ordered pairs (a rule with itself included)")
    print(f"  median {statistics.median(t for t, *_ in times) * 1000:.2f} ms, "
          f"total {sum(t for t, *_ in times):.2f} s")
    print("  slowest pairs:")
    for seconds, a, b in times[:5]:
        print(f"    {seconds * 1000:8.2f} ms  {a} vs {b}  (T, L = {analyse(rules[a].tree)}, "
              f"{analyse(rules[b].tree)})")
    print("hostile guesses, checked against themselves (the full walk) and against 'count > 0':")
    worst = 0.0
    for text in HOSTILE:
        rule = parse(text)
        for other in (rule, parse("count > 0")):
            seconds, same = timed(rule, other)
            worst = max(worst, seconds)
            print(f"    {seconds * 1000:8.2f} ms  equivalent={same!s:5}  {text}  vs  {other.text}"
                  f"  (T, L = {analyse(rule.tree)})")
    print(f"budget: {OPS:,} operations per check (equivalent=None: refused as too complex)")
    print(f"worst case: deck pair {times[0][0] * 1000:.2f} ms, hostile {worst * 1000:.2f} ms")


if __name__ == "__main__":
    main()
