"""When is a guess the secret rule?  An exact, fast check.

Definition (spec)
-----------------
A *situation* is (prev, n): the last card of the correct row (``none``
before the first) and the number of cards in that row.  The situations the
secret rule S can lead to: start at (none, 0); from (p, n) every card c that
S accepts leads to (c, n + 1), as long as n + 1 <= 143 (the box holds 144
cards, so no row is longer).  A guess G is right exactly when G and S give
the same answer for every one of the 72 cards in every such situation.

This is a finite check — at most 1 + 72 × 143 situations × 72 cards — but
done naively (about 740,000 evaluations of each rule) it is far too slow for
a phone waiting on an answer.  Three observations make it fast and keep it
exact:

1. **A layer is a set.**  The situations with n cards in the row are
   (p, n) for p in a set P_n of cards (P_0 = {none}); P_{n+1} is the union of
   the cards S accepts in them.  So the search walks 144 layers, each a
   72-bit mask, never a tree of paths.

2. **A rule answers for all 72 cards at once.**  Every comparison reads at
   most one attribute of the played card (the type check guarantees it:
   only ``count`` is a number, and shapes, fills and colours only compare
   with their own kind).  So for a fixed (p, n) a comparison is evaluated
   once per value of that attribute (at most 6 times) and turned into a
   72-bit mask with precomputed attribute masks; ``and``/``or``/``not`` are
   ``& | ~`` on masks.  Masks are cached per comparison, keyed only by what
   it reads (prev, n).

3. **n matters only up to a threshold, then only modulo a period.**  Every
   number expression E is, for a fixed card and prev, ``a·n + g`` where the
   integer a counts the ``n`` outside any ``%`` (with signs) and g depends
   only on the card, prev and ``n mod L`` — ``%`` is only allowed by a
   constant k, and ``x % k`` depends on n only through n mod k; L is the
   least common multiple of the k applied to terms containing n.  |g| is
   bounded by a constant B read off the expression (literals, 6 for a
   count, k−1 for ``% k``).  A comparison E1 ~ E2 is the sign of
   (a1−a2)·n + (g1−g2); when a1 ≠ a2, for every n > B1 + B2 the sign is
   that of a1−a2, a constant.  With T = 1 + the largest such B1 + B2 (0 if
   none), every comparison — and so the rule — gives for n >= T the same
   answer as for any n' >= T with n' ≡ n (mod L).  (``none`` operands make
   a comparison independent of n altogether.)  So answers are cached by the
   *class* of n (n itself below T, T + (n−T) mod L above), and the layer
   walk stops as soon as a pair (P_n, class of n) with n >= T repeats: the
   walk is deterministic, so every later layer repeats an earlier one,
   whose situations were all compared already.  Nothing is approximated;
   the cycle only ends the walk early, and the bound 143 still applies.

For two rules T is the larger threshold and L the lcm of both periods.  The
deck's worst pair takes a few milliseconds (``bench/rule_equivalence.py``);
a hostile guess such as ``n < 140 and …`` costs at most the full 144
layers, still well under a second.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import gcd

from .cards import ALL, ATTR_MASK, BOX, CARDS, CODES, DOMAINS, bits
from .language import Rule, card_attributes, children, evaluate, uses

LAST_N = BOX - 1     # situations have at most 143 cards in the row
NO_PREV = -1         # the "prev" index of the empty row


def _lcm(a: int, b: int) -> int:
    return a * b // gcd(a, b)


def analyse(tree: tuple) -> tuple[int, int]:
    """(T, L) of a rule: its answers for n >= T depend on n only through
    n mod L (see the module docstring)."""
    found = {"T": 0, "L": 1}

    def linear(node: tuple) -> tuple[int, int]:
        """(a, B): the node is a·n + g with |g| <= B (numbers only)."""
        op = node[0]
        if op == "num":
            return 0, abs(node[1])
        if op in ("attr", "prev_attr"):
            return 0, 6 if node[1] == "count" else 0
        if op == "n":
            return 1, 0
        if op in ("add", "sub"):
            a1, b1 = linear(node[1])
            a2, b2 = linear(node[2])
            return (a1 + a2 if op == "add" else a1 - a2), b1 + b2
        if op == "neg":
            a, b = linear(node[1])
            return -a, b
        if op == "mod":
            linear(node[1])
            if uses(node[1], "n"):
                found["L"] = _lcm(found["L"], node[2])
            return 0, node[2] - 1
        return 0, 0          # shapes, fills, colours, none, prev

    def visit(node: tuple) -> None:
        op = node[0]
        if op == "cmp":
            a1, b1 = linear(node[2])
            a2, b2 = linear(node[3])
            if a1 != a2:
                found["T"] = max(found["T"], b1 + b2 + 1)
        elif op == "in":
            a, b = linear(node[2])
            if a != 0:
                biggest = max((abs(v) for v in node[3] if isinstance(v, int)), default=0)
                found["T"] = max(found["T"], b + biggest + 1)
        for child in children(node):
            if child[0] in ("and", "or", "not", "cmp", "in"):
                visit(child)

    visit(tree)
    return found["T"], found["L"]


class Compiled:
    """A rule ready to answer "which of the 72 cards fit in (prev, n)?" as a
    bit mask, with every answer cached by what it depends on."""

    def __init__(self, rule: Rule):
        self.rule = rule
        self.T, self.L = analyse(rule.tree)
        self._masks: dict[tuple, int] = {}
        self._leaves: dict[tuple, int] = {}
        self._info: dict[int, tuple] = {}

    def n_class(self, n: int) -> int:
        return n if n < self.T else self.T + (n - self.T) % self.L

    def mask(self, prev: int, n: int) -> int:
        """The cards that fit after card ``prev`` (an index, or NO_PREV)
        with ``n`` cards in the row."""
        key = (prev, self.n_class(n))
        found = self._masks.get(key)
        if found is None:
            found = self._masks[key] = self._node(self.rule.tree, prev, n)
        return found

    def _node(self, node: tuple, prev: int, n: int) -> int:
        op = node[0]
        if op == "and":
            out = ALL
            for item in node[1]:
                out &= self._node(item, prev, n)
                if not out:
                    break
            return out
        if op == "or":
            out = 0
            for item in node[1]:
                out |= self._node(item, prev, n)
                if out == ALL:
                    break
            return out
        if op == "not":
            return ALL & ~self._node(node[1], prev, n)
        return self._leaf(node, prev, n)

    def _leaf(self, node: tuple, prev: int, n: int) -> int:
        info = self._info.get(id(node))
        if info is None:
            attrs = tuple(sorted(card_attributes(node)))
            info = self._info[id(node)] = (attrs, uses(node, "prev"), uses(node, "n"))
        attrs, reads_prev, reads_n = info
        key = (id(node), prev if reads_prev else 0, self.n_class(n) if reads_n else 0)
        found = self._leaves.get(key)
        if found is not None:
            return found
        prev_card = None if prev == NO_PREV else CARDS[prev]
        out = 0
        for values in product(*(DOMAINS[a] for a in attrs)):
            env = dict(zip(attrs, values))
            if evaluate(node, env, prev_card, n):
                cards = ALL
                for attr, value in env.items():
                    cards &= ATTR_MASK[attr][value]
                out |= cards
        self._leaves[key] = out
        return out


@lru_cache(maxsize=64)      # a rule's masks: at most 73 × 144 small ints each
def compiled(rule: Rule) -> Compiled:
    return Compiled(rule)


@dataclass(frozen=True)
class Difference:
    """A situation and card where two rules disagree."""
    prev: str | None      # card code, None = empty row
    n: int
    card: str
    secret_fits: bool


def difference(secret: Rule, guess: Rule) -> Difference | None:
    """None when ``guess`` is equivalent to ``secret`` (the spec's
    definition), else the first disagreement found."""
    s, g = compiled(secret), compiled(guess)
    threshold, period = max(s.T, g.T), _lcm(s.L, g.L)
    for n, _, prevs in _layers(s, threshold, period):
        for prev in prevs:
            mine, theirs = s.mask(prev, n), g.mask(prev, n)
            if mine != theirs:
                card = next(bits(mine ^ theirs))
                return Difference(None if prev == NO_PREV else CODES[prev], n, CODES[card],
                                  bool(mine >> card & 1))
    return None


def equivalent(secret: Rule, guess: Rule) -> bool:
    return difference(secret, guess) is None


def _layers(rule: Compiled, threshold: int, period: int):
    """(n, layer mask, prev indices) of every layer the rule can reach,
    ending early once a layer repeats past the threshold."""
    prevs = [NO_PREV]
    layer = -1
    seen = set()
    for n in range(LAST_N + 1):
        if n >= threshold:
            key = (layer, (n - threshold) % period)
            if key in seen:
                return
            seen.add(key)
        yield n, layer, prevs
        accepted = 0
        for prev in prevs:
            accepted |= rule.mask(prev, n)
        if not accepted:
            return
        layer = accepted
        prevs = list(bits(accepted))


def dead_end(rule: Rule) -> tuple[str | None, int] | None:
    """The first reachable situation in which no card fits (prev code or
    None, n), or None when some card always fits."""
    c = compiled(rule)
    for n, _, prevs in _layers(c, c.T, c.L):
        for prev in prevs:
            if not c.mask(prev, n):
                return (None if prev == NO_PREV else CODES[prev]), n
    return None


def fits_at_start(rule: Rule) -> bool:
    return compiled(rule).mask(NO_PREV, 0) != 0
