"""One budget of work per request for every rule check (issue #39).

The server is one process: a request that computes for seconds stalls every
room.  So the rule checks — parsing and type checking a rule, the dead-row
walk that sealing runs (``equivalence.dead_end_row``), the verdict on a
guess (``equivalence.judge``/``difference``) and the reading of the row's
start (``reading``) — count the *operations* they evaluate against one
budget per request (``OPS``) and stop with ``rule_too_complex`` (422) past
it, before anything is stored: the move raises, the platform keeps nothing.

An operation is one node of a rule evaluated for one card in one situation
(``changes`` counts its four comparisons), one cached answer looked up,
one card group moved to the next layer, one situation kept.  Every check
charges what it *would* cost with nothing cached from an earlier request:
the walk's caches live only as long as the request (``Meter.compiled``), so
the count — and whether a rule is refused — is the same on every server, in
every order of requests, however often a rule is retried.

``OPS`` is sized with ``bench/rule_budget.py``: an operation costs
0.18–0.23 µs of CPU on the project's (busy) machine — the weights in
``language.node_ops`` and ``equivalence`` keep the kinds of work near that
— so the worst rule and guess its hostile search finds stop after
140–180 ms, under 200 ms with the rest of the request; the deck's costliest
check (sealing ``changes == 2``, guessing it against ``shape !=
prev2.shape``: 148,002) uses less than a fifth of the budget
(``tests/games/test_what_the_rule_budget.py``).

A request of What the Rule?! runs its move inside ``metered()`` (``rules``);
a check called on its own (tests, benchmarks) opens a budget of its own."""
from __future__ import annotations

import functools
from contextlib import contextmanager
from contextvars import ContextVar

from ..base import Illegal

OPS = 800_000      # operations per request (about 150–185 ms of CPU here)


class RuleError(Illegal):
    """A rule the app refuses: the language's reasons (``language.py``) and
    ``rule_too_complex`` past the budget; ``at`` (1-based) points at the
    problem.  Here, below the language, so the budget raises it without
    importing the language that charges it."""


class Meter:
    """The operations one request has used, and the walk's caches for it."""

    def __init__(self, limit: int = OPS):
        self.limit = limit
        self.used = 0
        self.compiled: dict = {}

    def charge(self, ops: int) -> None:
        self.used += ops
        if self.used > self.limit:
            raise RuleError("rule_too_complex")


_current: ContextVar[Meter | None] = ContextVar("what_the_rule_meter", default=None)


def current() -> Meter | None:
    return _current.get()


def charge(ops: int) -> None:
    """Counts ``ops`` against the running request's budget (nothing outside one)."""
    meter = _current.get()
    if meter is not None:
        meter.charge(ops)


@contextmanager
def metered(limit: int | None = None):
    """The running request's meter, or a fresh one for this check (``limit``:
    a fresh meter's budget, for tests and benchmarks)."""
    meter = _current.get()
    if meter is not None and limit is None:
        yield meter
        return
    meter = Meter(OPS if limit is None else limit)
    token = _current.set(meter)
    try:
        yield meter
    finally:
        _current.reset(token)


def within_budget(check):
    """``check`` runs within the request's budget (a fresh one outside a request)."""
    @functools.wraps(check)
    def run(*args, **kwargs):
        with metered():
            return check(*args, **kwargs)
    return run
