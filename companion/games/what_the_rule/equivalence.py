"""When is a guess the secret rule?  An exact check, bounded in time.

Definition (spec)
-----------------
A *situation* is what a rule may know besides the card: the correct row so
far (its last two cards, its length ``n`` and its total count).  The
situations the secret rule S can lead to: start with the empty row; from a
row every card that S accepts leads to that row with the card appended, as
long as the row stays at most 143 cards long (the box holds 144).  A guess
G is right exactly when G and S give the same answer for every one of the
72 cards in every such situation ("fits" meaning: the rule is not false,
see ``language``).

Naively that is a search over every row the rule allows — far too many.
Four observations make it small and keep it exact:

1. **A rule reads only parts of the situation.**  Of the card before it
   reads some attributes (``prev.color``: one; ``changes``: all four), of
   the card two back some, and maybe ``n`` and the total.  A situation is
   therefore *projected* onto what either rule reads: the values of the
   attributes read of ``prev`` (including those read of ``prev2``, since
   the card before becomes the card two back) and of ``prev2``, each None
   while the row is too short, and the classes of the total (below).  Both
   rules answer alike in situations with the same projection, and the next
   projection follows from the projection and the card, so the reachable
   projections are exactly the projections of the reachable situations.

2. **A layer is a set.**  The projected situations with ``n`` cards in the
   row form a set; the next layer is the union over its members of the
   cards S accepts there.  The search walks at most 144 layers.

3. **A rule answers for all 72 cards at once.**  Every comparison reads at
   most a few attributes of the played card (the type check keeps numbers,
   shapes, fills and colours apart; ``total`` reads the count, ``changes``
   all four), so for a fixed situation it is evaluated once per value
   combination of those and turned into 72-bit masks, one where it is true
   and one where it is false (three-valued); ``and``/``or``/``not`` combine
   the pairs; a card fits unless its bit is in the false mask.  Masks are
   cached per comparison, keyed only by what it reads.

4. **n and the total matter only up to a threshold, then modulo a period.**
   Every number expression is ``a·n + b·total + g`` where a and b count
   the ``n`` and ``total`` outside any ``%`` and g depends only on the
   cards and on n, total modulo the constants k of ``%`` (``%`` is only
   allowed by a constant); |g| is bounded by a constant read off the
   expression (literals, 6 for a count, 4 for ``changes``, k−1 for ``% k``).
   The language refuses a comparison with both a ≠ 0 and b ≠ 0 (``n``
   weighed against ``total``).  So a comparison with a ≠ 0 has, for every
   n beyond its bound, the sign of a — a constant; likewise for the total.
   With T the largest bound + 1 and L the lcm of the periods (separately
   for n and for the total), every answer for a value v >= T equals the
   answer for T + (v − T) mod L.  The walk keeps the total only as that
   class, and ends as soon as a layer repeats past the threshold: the walk
   is deterministic, so every later layer repeats an earlier one.  Nothing
   is approximated; the cycle only ends the walk early.

The verdict on a guess (issue #38, ``judge``)
----------------------------------------------
A game master judges a guess by what it means, and does not hold against
it a difference about a card the row does not have yet.  So beside the
masks of the cards that fit, the walk keeps where each rule is *true* and
where it is *false* (the rest is unknown: the rule reads a missing card,
which happens only at the first card, ``prev`` missing, and the second,
``prev2`` missing).  A guess is right when no situation the secret rule
reaches has a card one rule calls true and the other false; a difference
where one is unknown is reported in ``Verdict.start`` (the log says it).
For a wrong guess the first such situation (by ``n``, then in a fixed
order) and its lowest card are taken, and a row leading there is walked
back through the layers already visited (``_row_to``: at most one more pass
over them).  ``dead_end_row`` finds the first row after which no card fits
the same way; both run the walk within the request's one budget.

For two rules the thresholds are the larger ones and the periods the lcm
of both.  A hostile pair could still ask for millions of situations, each
costing many nodes, so the walk counts its operations against the
request's budget (``budget``, issue #39: every comparison evaluated for
every combination of card values in every situation, every cached answer
looked up, every layer moved on); past it the rule is refused as too
complex to judge (``rule_too_complex``), before anything is stored.  The
caches live only as long as the request, so the count does not depend on
what ran before.  ``bench/rule_equivalence.py`` measures the deck and the
worst cases, ``bench/rule_budget.py`` the worst request.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import gcd

from .budget import Meter, charge, current, within_budget
from .cards import ALL, ATTR_MASK, ATTRIBUTES, BOX, CARDS, CODES, DOMAINS, bits
from .language import Rule, Situation, card_attributes, children, evaluate, node_ops, reads

LAST_N = BOX - 1     # situations have at most 143 cards in the row
#: operations (``budget``) of looking up one cached answer for a situation
HIT = 3
#: of looking up one comparison's cached masks (its key is built from the situation)
LEAF = 7
#: of one combination of card values beside the node's own (its environment and its mask)
PER_VALUES = 6


def _lcm(a: int, b: int) -> int:
    return a * b // gcd(a, b)


def analyse(tree: tuple) -> tuple[int, int, int, int]:
    """(Tn, Ln, Tt, Lt) of a rule: its answers for n >= Tn depend on n only
    through n mod Ln, and likewise for the row's total (see the docstring)."""
    found = {"Tn": 0, "Ln": 1, "Tt": 0, "Lt": 1}

    def linear(node: tuple) -> tuple[int, int, int]:
        """(a, b, B): the node is a·n + b·total + g with |g| <= B."""
        op = node[0]
        if op == "num":
            return 0, 0, abs(node[1])
        if op in ("attr", "prev_attr", "prev2_attr"):
            return 0, 0, 6 if node[1] == "count" else 0
        if op == "changes":
            return 0, 0, 4
        if op == "n":
            return 1, 0, 0
        if op == "total":
            return 0, 1, 6          # the row's total before this card, plus its count
        if op in ("add", "sub"):
            a1, b1, g1 = linear(node[1])
            a2, b2, g2 = linear(node[2])
            sign = 1 if op == "add" else -1
            return a1 + sign * a2, b1 + sign * b2, g1 + g2
        if op == "neg":
            a, b, g = linear(node[1])
            return -a, -b, g
        if op == "mod":
            a, b, _ = linear(node[1])
            period(node[1], node[2])
            return 0, 0, node[2] - 1
        return 0, 0, 0          # shapes, fills, colours, none, prev, prev2

    def period(inner: tuple, k: int) -> None:
        r = reads(inner)
        if r["n"]:
            found["Ln"] = _lcm(found["Ln"], k)
        if r["total"]:
            found["Lt"] = _lcm(found["Lt"], k)

    def threshold(a: int, b: int, bound: int) -> None:
        if a:
            found["Tn"] = max(found["Tn"], bound + 1)
        if b:
            found["Tt"] = max(found["Tt"], bound + 1)

    def visit(node: tuple) -> None:
        op = node[0]
        if op == "cmp":
            a1, b1, g1 = linear(node[2])
            a2, b2, g2 = linear(node[3])
            threshold(a1 - a2, b1 - b2, g1 + g2)
        elif op == "in":
            a, b, g = linear(node[2])
            threshold(a, b, g + max((abs(v) for v in node[3] if isinstance(v, int)), default=0))
        for child in children(node):
            if child[0] in ("and", "or", "not", "cmp", "in"):
                visit(child)

    visit(tree)
    return found["Tn"], found["Ln"], found["Tt"], found["Lt"]


@dataclass(frozen=True)
class Frame:
    """What the walk keeps of a situation for a pair of rules: which
    attributes of the card before (``prev``, a superset of ``prev2``) and
    of the card two back it keeps, and the classes of n and of the total."""
    prev: tuple[str, ...]
    prev2: tuple[str, ...]
    Tn: int = 0
    Ln: int = 1
    Tt: int = 0
    Lt: int = 1

    @staticmethod
    def of(*rules: Rule) -> Frame:
        found = [reads(rule.tree) for rule in rules]
        prev2 = frozenset().union(*(r["prev2"] for r in found))
        prev = prev2.union(*(r["prev"] for r in found))
        classes = [analyse(rule.tree) for rule in rules]
        Ln = Lt = 1
        for c in classes:
            Ln, Lt = _lcm(Ln, c[1]), _lcm(Lt, c[3])
        return Frame(tuple(a for a in ATTRIBUTES if a in prev), tuple(a for a in ATTRIBUTES if a in prev2),
                     max(c[0] for c in classes), Ln, max(c[2] for c in classes), Lt)

    def n_class(self, n: int) -> int:
        return n if n < self.Tn else self.Tn + (n - self.Tn) % self.Ln

    def total_class(self, total: int) -> int:
        return total if total < self.Tt else self.Tt + (total - self.Tt) % self.Lt

    @lru_cache(maxsize=256)
    def groups(self) -> tuple[tuple[int, tuple, int], ...]:
        """The 72 cards grouped by what the walk keeps of them: (mask, the
        kept attributes of the card, its count, or 0 when the total is not read)."""
        by_key: dict[tuple, int] = {}
        counts = self.Tt > 0 or self.Lt > 1        # the total's class follows the count
        for i, card in enumerate(CARDS):
            key = tuple(card[ATTRIBUTES.index(a)] for a in self.prev), card[1] if counts else 0
            by_key[key] = by_key.get(key, 0) | 1 << i
        return tuple((mask, keep, count) for (keep, count), mask in by_key.items())

    def next_layer(self, fitting: dict[tuple, int]) -> set[tuple]:
        """The situations after a layer, given the cards that fit in each of
        its situations: the card joins the row, the card before becomes the
        card two back (only what is read of it is kept), the total grows."""
        charge(len(fitting))
        moved: dict[tuple, int] = {}
        to_prev2 = tuple(self.prev.index(a) for a in self.prev2)
        for (prev, _, total), mask in fitting.items():
            before = None if prev is None else tuple(prev[i] for i in to_prev2)
            moved[before, total] = moved.get((before, total), 0) | mask
        after = set()
        charge(len(moved) * len(self.groups()))
        for (before, total), mask in moved.items():
            for group, keep, count in self.groups():
                if mask & group:
                    after.add((keep, before, self.total_class(total + count)))
        return after


START = (None, None, 0)      # the empty row


class Compiled:
    """A rule ready to answer "which of the 72 cards fit here?" as a bit
    mask for the situations of a frame, every answer cached by what it
    depends on."""

    def __init__(self, rule: Rule, frame: Frame):
        self.rule, self.frame = rule, frame
        self._fits: dict[tuple, int] = {}
        self._leaves: dict[tuple, tuple[int, int]] = {}
        self._info: dict[int, tuple] = {}
        # the budget (``budget``): the request's, or none for a test's own walk
        self.meter = current() or Meter(float("inf"))
        self.walk = walk_ops(rule.tree)

    def fits(self, state: tuple, n: int) -> int:
        self.meter.charge(HIT)
        key = (state, self.frame.n_class(n))
        found = self._fits.get(key)
        if found is None:
            _, false = self.masks(state, n)
            found = self._fits[key] = ALL & ~false
        return found

    def masks(self, state: tuple, n: int) -> tuple[int, int]:
        """(the cards for which the rule is true, those for which it is
        false) here; the rest it does not know (a card the row lacks)."""
        self.meter.charge(self.walk)
        return self._node(self.rule.tree, state, n)

    def _node(self, node: tuple, state: tuple, n: int) -> tuple[int, int]:
        """(true mask, false mask); the other cards make it unknown."""
        op = node[0]
        if op in ("and", "or"):
            pairs = [self._node(item, state, n) for item in node[1]]
            true, false = (ALL, 0) if op == "and" else (0, ALL)
            for t, f in pairs:
                true, false = (true & t, false | f) if op == "and" else (true | t, false & f)
            return true, false
        if op == "not":
            true, false = self._node(node[1], state, n)
            return false, true
        return self._leaf(node, state, n)

    def _leaf(self, node: tuple, state: tuple, n: int) -> tuple[int, int]:
        info = self._info.get(id(node))
        if info is None:
            r = reads(node)
            frame = self.frame
            attrs = tuple(sorted(card_attributes(node)))
            values = 1
            for a in attrs:
                values *= len(DOMAINS[a])
            info = self._info[id(node)] = (
                attrs,
                tuple(frame.prev.index(a) for a in ATTRIBUTES if a in r["prev"]),
                tuple(frame.prev2.index(a) for a in ATTRIBUTES if a in r["prev2"]),
                r["n"], r["total"], values * (node_ops(node) + PER_VALUES))
        attrs, prev_at, prev2_at, reads_n, reads_total, cost = info
        prev, prev2, total = state
        key = (id(node), None if prev is None else tuple(prev[i] for i in prev_at),
               None if prev2 is None else tuple(prev2[i] for i in prev2_at),
               self.frame.n_class(n) if reads_n else 0, total if reads_total else 0)
        found = self._leaves.get(key)
        if found is None:
            self.meter.charge(cost)      # every node for every combination of the card's values
            found = self._leaves[key] = self._evaluate(node, attrs, state, n)
        return found

    def _evaluate(self, node: tuple, attrs: tuple, state: tuple, n: int) -> tuple[int, int]:
        prev, prev2, total = state
        frame = self.frame
        at = Situation(None if prev is None else dict(zip(frame.prev, prev)),
                       None if prev2 is None else dict(zip(frame.prev2, prev2)),
                       frame.n_class(n), total)
        true = false = 0
        for values in product(*(DOMAINS[a] for a in attrs)):
            env = dict(zip(attrs, values))
            answer = evaluate(node, env, at)
            if answer is None:
                continue
            cards = ALL
            for attr, value in env.items():
                cards &= ATTR_MASK[attr][value]
            if answer:
                true |= cards
            else:
                false |= cards
        return true, false


def walk_ops(node: tuple) -> int:
    """The operations of combining a rule's leaves once: one per ``and``/``or``
    item and ``not``, ``LEAF`` per comparison (its cached masks looked up)."""
    op = node[0]
    if op in ("and", "or"):
        return sum(1 + walk_ops(item) for item in node[1])
    if op == "not":
        return 1 + walk_ops(node[1])
    return LEAF


def compiled(rule: Rule, frame: Frame) -> Compiled:
    """A rule's masks for one frame, cached for the running request only
    (``budget``: a check costs the same however often it was run before)."""
    meter = current()
    if meter is None:
        return Compiled(rule, frame)
    found = meter.compiled.get((rule, frame))
    if found is None:
        found = meter.compiled[rule, frame] = Compiled(rule, frame)
    return found


def _layers(rule: Compiled):
    """(n, situations) of every layer the rule can reach, ending early once
    a layer repeats past the threshold; RuleError past the budget."""
    frame = rule.frame
    states = {START}
    seen = set()
    for n in range(LAST_N + 1):
        charge(HIT * len(states))     # a layer kept, compared with those before
        if n >= frame.Tn:
            key = (frozenset(states), (n - frame.Tn) % frame.Ln)
            if key in seen:
                return
            seen.add(key)
        yield n, states
        states = frame.next_layer({state: rule.fits(state, n) for state in states})
        if not states:
            return


def _order(state: tuple) -> tuple:
    """A fixed order of a layer's situations (sets iterate in an order that
    changes from process to process): the row and card a check reports are
    the same on every server and after every undo."""
    prev, prev2, total = state
    return (prev is not None, prev or (), prev2 is not None, prev2 or (), total)


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _row_to(rule: Compiled, layers: list[set], n: int, state: tuple) -> list[int]:
    """A row (card indices, oldest first) that the rule allows and that
    leads to ``state`` after ``n`` cards: walked back through the layers,
    each step the first situation in ``_order`` that leads on, and of the
    cards that lead there alike the lowest not yet twice in the row (the
    box holds two of each; the situations do not count copies).  Costs at
    most one more pass over the layers it goes back through."""
    frame = rule.frame
    to_prev2 = tuple(frame.prev.index(a) for a in frame.prev2)
    row: list[int] = []
    for back in range(n - 1, -1, -1):
        keep, before, total = state
        found = None
        charge(HIT * len(layers[back]))
        for parent in sorted(layers[back], key=_order):
            prev, _, parent_total = parent
            if (None if prev is None else tuple(prev[i] for i in to_prev2)) != before:
                continue
            fits = rule.fits(parent, back)
            charge(len(frame.groups()))
            for group, group_keep, count in frame.groups():
                alike = fits & group
                if (group_keep == keep and alike
                        and frame.total_class(parent_total + count) == total):
                    fresh = [i for i in bits(alike) if row.count(i) < 2]
                    found = parent, fresh[0] if fresh else _lowest(alike)
                    break
            if found:
                break
        state, card = found
        row.append(card)
    return row[::-1]


@dataclass(frozen=True)
class Difference:
    """A situation and card where two rules disagree."""
    n: int                # cards in the row
    card: str             # the card one rule lets through and the other not
    secret_fits: bool
    row: tuple[str, ...] = ()     # a row the secret rule allows that leads there (oldest first)


@within_budget
def difference(secret: Rule, guess: Rule) -> Difference | None:
    """None when ``guess`` is equivalent to ``secret`` (the spec's
    definition), else the first disagreement found (by row length, then
    in ``_order``).  RuleError ``rule_too_complex`` when the pair needs more
    than the budget."""
    frame = Frame.of(secret, guess)
    s, g = compiled(secret, frame), compiled(guess, frame)
    for n, states in _layers(s):
        differ = [state for state in states if s.fits(state, n) != g.fits(state, n)]
        if differ:
            state = min(differ, key=_order)
            mine, theirs = s.fits(state, n), g.fits(state, n)
            card = _lowest(mine ^ theirs)
            return Difference(n, CODES[card], bool(mine >> card & 1))
    return None


def equivalent(secret: Rule, guess: Rule) -> bool:
    return difference(secret, guess) is None


@dataclass(frozen=True)
class Verdict:
    """How the app judges a guess, as a game master would (spec): ``right``
    when the guess and the secret rule answer alike wherever the row has the
    cards either reads; ``start`` the row lengths (0: the first card, 1: the
    second) where they differ only because one of them reads a card the row
    does not have yet (then the guess is right, though not equivalent);
    ``parting`` for a wrong guess: the first row and card the secret rule
    can reach where one of them says "fits" and the other "does not"."""
    right: bool
    start: tuple[int, ...] = ()
    parting: Difference | None = None


@within_budget
def judge(secret: Rule, guess: Rule) -> Verdict:
    """The verdict on ``guess`` (see ``Verdict``), in one walk over the
    situations the secret rule reaches.  Where a rule reads a card the row
    does not have yet its answer is *unknown* (``language``), and a card
    fits unless the rule is false; the two rules part ways only where one
    says true and the other false.  A difference where one of them is
    unknown can only lie at the first card (``prev`` missing) or the second
    (``prev2`` missing): what a game master who judges the guess by its
    meaning would not hold against it.  RuleError ``rule_too_complex`` past
    the budget, as ``difference``."""
    frame = Frame.of(secret, guess)
    s, g = compiled(secret, frame), compiled(guess, frame)
    layers: list[set] = []
    start: set[int] = set()
    for n, states in _layers(s):
        layers.append(states)
        parting = []
        for state in states:
            if s.fits(state, n) == g.fits(state, n):
                continue
            (st, sf), (gt, gf) = s.masks(state, n), g.masks(state, n)
            if st & gf | sf & gt:
                parting.append(state)
            else:
                start.add(n)
        if parting:
            state = min(parting, key=_order)
            (st, sf), (gt, gf) = s.masks(state, n), g.masks(state, n)
            card = _lowest(st & gf | sf & gt)
            row = tuple(CODES[i] for i in _row_to(s, layers, n, state))
            return Verdict(False, (), Difference(n, CODES[card], bool(st >> card & 1), row))
    return Verdict(True, tuple(sorted(start)))


@dataclass(frozen=True)
class DeadEnd:
    """The first row (by length, then in ``_order``) after which no card
    can follow a rule."""
    n: int
    row: tuple[str, ...]


@within_budget
def dead_end_row(rule: Rule) -> DeadEnd | None:
    """Where the rule's row runs dead: the shortest reachable row after which
    no card fits, or None when some card always fits.  The whole walk runs
    (it must fit the budget: guesses are judged against the rule by the
    same walk); RuleError ``rule_too_complex`` past it."""
    c = compiled(rule, Frame.of(rule))
    layers: list[set] = []
    found = None
    for n, states in _layers(c):
        layers.append(states)
        if found is None:
            dead = [state for state in states if not c.fits(state, n)]
            if dead:
                state = min(dead, key=_order)
                found = DeadEnd(n, tuple(CODES[i] for i in _row_to(c, layers, n, state)))
    return found


def unplayable(rule: Rule) -> str | None:
    """Why a rule cannot be sealed (an error code), or None: no card can
    start the row (``rule_nothing_fits``), after some first card no card can
    follow (``rule_no_second``), or some longer row it allows runs dead
    (``rule_dead_end``).  RuleError ``rule_too_complex`` when the app could
    not judge guesses against it.  ``dead_end_row`` names the row."""
    found = dead_end_row(rule)
    if found is None:
        return None
    return ("rule_nothing_fits", "rule_no_second")[found.n] if found.n < 2 else "rule_dead_end"
