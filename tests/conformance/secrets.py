"""The checks of a game's declared secrets (issue #46; ``Game.secrets``,
``companion/games/base.py``), shared by the conformance suite
(test_secrets_declared.py) and the test of the kit (tests/kit/):

* ``check_variants``: the author's ``hidden_variants`` change only what the
  declaration hides from that viewer, and ``Coverage`` counts which declared
  secrets they change (a declared secret no variant ever changes fails);
* ``check_secrets_hidden``: each declared secret changed alone, in ways
  derived from the declaration (two entries exchanged, an entry set to
  another of its ``values``, a list or string reordered, else the author's
  own change of that one entry), leaves every viewer it is hidden from the
  same view, actions and explanation, and its owner the same open screen;
* ``check_face_down``: two values of a face-down move (``Move.secret``) in
  the same position: where the outcomes differ only in what a viewer may
  not know (the choice is kept in a declared secret), that viewer's log
  lines are the same.  (A choice kept in undeclared state is public by
  declaration: a face-down act may be shown once made, as HOAX's covers
  and Eselsbrücke's laid card during its story are.)

Each raises AssertionError naming the secret, the viewer and the path."""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from companion.explain import told_by_game
from companion.games.base import (
    Game,
    Illegal,
    Secret,
    get_path,
    sample_action,
    secret_entries,
    set_path,
)
from tests.conformance.conftest import positions
from tests.harness import canon, seen_by, step_of
from companion.games.base import copied


def clone(value: Any) -> Any:
    """A deep copy of JSON data (a game's state is JSON), faster than deepcopy."""
    return json.loads(json.dumps(value))


class Coverage:
    """What a run over many positions saw: per declared secret, in how
    many (position, viewer) pairs it was hidden and how often the author's
    variants changed it; per face-down move type, how often it was made
    and how often its choice landed in a declared secret."""

    def __init__(self) -> None:
        self.hidden: Counter = Counter()
        self.varied: Counter = Counter()
        self.variants = 0
        self.mutations = 0
        self.moves: Counter = Counter()
        self.landed: Counter = Counter()

    def assert_complete(self, game: Game) -> None:
        never = [i for i in range(len(game.secrets)) if self.hidden[i] and not self.varied[i]]
        assert not never, (f"{game.name}: declared secret(s) {[game.secrets[i].path for i in never]}"
                           f" hidden in {[self.hidden[i] for i in never]} (position, viewer) pairs,"
                           " never changed by hidden_variants: the check cannot see them")


def diff_paths(a: Any, b: Any, at: tuple = ()) -> list[tuple]:
    """The paths where ``a`` and ``b`` differ, as deep as both agree on shape."""
    if a == b:
        return []
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                out.append(at + (k,))
            else:
                out += diff_paths(a[k], b[k], at + (k,))
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [p for i, (x, y) in enumerate(zip(a, b)) for p in diff_paths(x, y, at + (i,))]
    return [] if canon(a) == canon(b) else [at]


def inside(path: tuple, entries: list[tuple]) -> bool:
    return any(path[:len(e)] == e for e in entries)


def check_variants(game: Game, state: dict, seats: list[int], rng: random.Random,
                   coverage: Coverage) -> None:
    for viewer in list(seats) + [None]:
        hidden = secret_entries(game.secrets, state, viewer)
        paths = [path for _, path, _ in hidden]
        index = {id(s): i for i, s in enumerate(game.secrets)}
        coverage.hidden.update({index[id(s)] for s, _, _ in hidden})
        varied = set()
        for variant in game.hidden_variants(clone(state), viewer, rng):
            coverage.variants += 1
            for path in diff_paths(state, variant):
                assert inside(path, paths), (
                    f"{game.name}: hidden_variants for viewer {viewer} changes "
                    f"{'.'.join(map(str, path))}, which no secret declares hidden from it")
                varied |= {index[id(s)] for s, p, _ in hidden if path[:len(p)] == p}
        coverage.varied.update(varied)


def mutations(game: Game, secret: Secret, entries: list[tuple[tuple, Any]], state: dict,
              viewer: int | None, rng: random.Random) -> list[list[tuple[tuple, Any]]]:
    """Changes of this one secret (each a list of ``(path, value)``),
    derived from the declaration; the author's own change of one entry
    when the declaration gives nothing to derive from."""
    out = []
    by_value = {}
    for path, value in entries:
        by_value.setdefault(canon(value), (path, value))
    distinct = list(by_value.values())
    if len(distinct) >= 2:   # two entries exchanged: who holds what, an order
        for _ in range(2):
            (pa, va), (pb, vb) = rng.sample(distinct, 2)
            out.append([(pa, clone(vb)), (pb, clone(va))])
    if secret.values:        # one entry set to another value: a count
        for path, value in rng.sample(entries, min(2, len(entries))):
            others = [v for v in secret.values if canon(v) != canon(value)]
            if others:
                out.append([(path, rng.choice(others))])
    if secret.order:         # a list or string reordered: a deck
        for path, value in entries[:2]:
            if isinstance(value, (list, str)) and len({canon(v) for v in value}) >= 2:
                items = list(value)
                while canon(items) == canon(list(value)):
                    rng.shuffle(items)
                out.append([(path, "".join(items) if isinstance(value, str) else items)])
    if not out:              # nothing to derive: the author's change, one entry alone
        paths = [path for path, _ in entries]
        for variant in game.hidden_variants(clone(state), viewer, rng)[:2]:
            for path in paths:
                try:
                    new = get_path(variant, path)
                except (KeyError, IndexError, TypeError):
                    continue
                if canon(new) != canon(get_path(state, path)):
                    out.append([(path, new)])
                    break
    return out


def mutated(state: dict, change: list[tuple[tuple, Any]]) -> dict:
    out = clone(state)
    for path, value in change:
        set_path(out, path, clone(value))
    return out


def open_screen(game: Game, state: dict, seat: int, seats: list[int]) -> str:
    """What a seat's phone shows without the reveal held: its view but
    ``you["secret"]``, its open templates, explain's ``now`` and ``moves``."""
    actions = game.actions(state, seat)
    view = game.view(state, seat)
    told = told_by_game(game, view, seat, actions, step_of(game, state, seats))
    shown = copied(view)
    if isinstance(shown.get("you"), dict):
        shown["you"].pop("secret", None)
    return canon({"view": shown, "actions": [t for t in actions if not t.get("secret")],
                  "now": told.get("now"), "moves": told.get("moves")})


def check_secrets_hidden(game: Game, state: dict, seats: list[int], rng: random.Random,
                         coverage: Coverage | None = None) -> int:
    """Every declared secret changed alone leaves each viewer it is hidden
    from the same screen, and its owner the same open screen.  Returns how
    many changes were compared."""
    compared = 0
    for viewer in list(seats) + [None]:
        hidden = secret_entries(game.secrets, state, viewer)
        reference = seen_by(game, state, viewer, seats)
        for secret in game.secrets:
            entries = [(path, value) for s, path, value in hidden if s is secret]
            if not entries:
                continue
            for change in mutations(game, secret, entries, state, viewer, rng):
                assert seen_by(game, mutated(state, change), viewer, seats) == reference, (
                    f"{game.name}: viewer {viewer} can tell the secret {secret.path} apart "
                    f"({', '.join('.'.join(map(str, p)) for p, _ in change)} changed)")
                compared += 1
        if viewer is None:
            continue
        own_screen = open_screen(game, state, viewer, seats)
        for secret in game.secrets:
            if secret.hidden != "seat" or secret.owner_open:
                continue
            own = [(path, value) for path, value in secret.entries(state)
                   if secret.owner_of(state, path) == viewer and secret.hidden_from(state, path, None)]
            if not own:
                continue
            for change in mutations(game, secret, own + other_entries(secret, state, viewer),
                                    state, None, rng):
                if not any(secret.owner_of(state, p) == viewer for p, _ in change):
                    continue
                assert open_screen(game, mutated(state, change), viewer, seats) == own_screen, (
                    f"{game.name}: seat {viewer}'s own secret {secret.path} shows on its open "
                    "screen (outside you.secret and explain's secret)")
                compared += 1
    if coverage is not None:
        coverage.mutations += compared
    return compared


def other_entries(secret: Secret, state: dict, seat: int) -> list[tuple[tuple, Any]]:
    return [(p, v) for p, v in secret.entries(state)
            if secret.owner_of(state, p) != seat and secret.hidden_from(state, p, None)]


def visible(events: list[dict], viewer: int | None) -> str:
    return canon([e for e in events if e.get("to") is None
                  or (viewer is not None and viewer in e["to"])])


def check_face_down(game: Game, state: dict, seats: list[int], rng: random.Random,
                    coverage: Coverage) -> None:
    """Two values of a face-down move by the same seat in the same position:
    where the two outcomes differ only in what a viewer may not know, that
    viewer's log lines are the same."""
    for actor in seats:
        for tpl in game.actions(state, actor):
            move = game.moves.get(tpl["type"])
            if move is None or not move.secret:
                continue
            tried = {}
            for _ in range(12):
                action = sample_action(tpl, rng)
                tried.setdefault(canon(action), action)
            if len(tried) < 2:
                continue
            outcomes = []
            for action in list(tried.values())[:3]:
                trial = clone(state)
                try:
                    trial, events = game.apply(trial, actor, action, random.Random(7))
                except Illegal:
                    continue
                outcomes.append((trial, events))
            if len(outcomes) < 2:
                continue
            coverage.moves[tpl["type"]] += 1
            (a, events_a), (b, events_b) = outcomes[:2]
            differ = diff_paths(a, b)
            for viewer in [s for s in seats if s != actor] + [None]:
                paths = [p for _, p, _ in secret_entries(game.secrets, a, viewer)]
                if differ and all(inside(p, paths) for p in differ):
                    coverage.landed[tpl["type"]] += 1
                    assert visible(events_a, viewer) == visible(events_b, viewer), (
                        f"{game.name}: the log tells viewer {viewer} seat {actor}'s face-down "
                        f"{tpl['type']}, kept in a secret hidden from it")


def prove_secrets(game, seeds: int = 1, every: int = 9, sample_every: int = 3) -> Coverage:
    """Random play over the game's options and table sizes: every ``every``-th
    position checks the variants and face-down moves, every
    ``every * sample_every``-th also each declared secret changed alone."""
    rng = random.Random(46)
    coverage = Coverage()
    n = 0
    for state, seats, _, _, _, sample in positions(game, seeds=seeds, every=every):
        if not sample:
            continue
        n += 1
        check_variants(game, state, seats, rng, coverage)
        check_face_down(game, state, seats, rng, coverage)
        if n % sample_every == 0:
            check_secrets_hidden(game, state, seats, rng, coverage)
    coverage.assert_complete(game)
    return coverage


__all__ = ["Coverage", "check_face_down", "check_secrets_hidden", "check_variants", "prove_secrets"]
