"""Game-agnostic test harness: random legal play drawn from the game's own
action templates, and the non-interference check ("hidden means hidden").

A game's test plugs in with a ``perturb(state, viewer, rng) -> [states]``
function that returns variants of ``state`` differing ONLY in what
``viewer`` (a seat, or None for the table) may not know.  The check then
asserts that the viewer's view and actions are byte-identical in every
variant.
"""
from __future__ import annotations

import random
from typing import Callable, Iterator

import orjson

from companion.explain import Step, told_by_game
from companion.games.base import HOST, Game, Illegal, copied, match_action, sample_action
from companion.rooms import encode


def canon(value) -> str:
    """One text per value, keys sorted, letters as they are (a test may look
    for a word in it: "Kühlschrank", not "K\\u00fchlschrank")."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()


def seen_by(game: Game, state: dict, viewer: int | None, seats: list[int] = ()) -> str:
    """Everything a viewer's screen is built from: its view, its actions,
    whose move is made at the table and what explain mode says to it
    (given the seats the game waits for; ``now`` as the platform defaults it)."""
    return canon(screen_of(game, state, viewer, seats))


def screen_of(game: Game, state: dict, viewer: int | None, seats: list[int] = ()) -> dict:
    """``seen_by`` as a value, in the order the game builds it."""
    actions = game.actions(state, viewer) if viewer is not None else game.host_actions(state)
    view = game.view(state, viewer)
    return {"view": view, "actions": actions, "at_table": game.at_table(state),
            "explain": told_by_game(game, view, viewer, actions, step_of(game, state, seats))}


def step_of(game: Game, state: dict, seats) -> Step:
    """Whom the step is about, as every view says it."""
    return Step(awaited(game, state, seats), list(game.at_table(state)))


def awaited(game: Game, state: dict, seats) -> list[int]:
    """The seats offered a required template (public: every view says it)."""
    return [s for s in seats if any(t.get("required") for t in game.actions(state, s))]


def legal_moves(game: Game, state: dict, seats: list[int], host_rate: float,
                rng: random.Random) -> list[tuple[int | str, dict]]:
    moves = [(s, tpl) for s in seats for tpl in game.actions(state, s)]
    if not moves or rng.random() < host_rate:
        moves += [(HOST, tpl) for tpl in game.host_actions(state)]
    return moves


def random_play(game: Game, seats: list[int], options: dict, seed: int,
                max_steps: int = 5000, host_rate: float = 0.02,
                max_refusals: int = 200, refused: list | None = None) -> Iterator[tuple[dict, int | str | None, dict | None, list]]:
    """Plays one seeded game; yields ``(state, actor, action, events)`` after
    setup (actor None) and after every accepted action.  Every action is
    drawn from the templates the game offers, applied to a deep copy; a
    refusal must be an ``Illegal`` and leave that copy as it was."""
    rng = random.Random(seed)
    state, events = game.setup(list(seats), dict(options), random.Random(rng.random()))
    yield state, None, None, events
    refusals = 0
    for _ in range(max_steps):
        if game.winners(state) is not None:
            return
        moves = legal_moves(game, state, seats, host_rate, rng)
        assert moves, f"stuck: nobody can act (seed {seed})"
        actor, tpl = rng.choice(moves)
        action = sample_action(tpl, rng)
        templates = game.actions(state, actor) if actor != HOST else game.host_actions(state)
        assert match_action(templates, action)[0] is not None
        trial = copied(state)   # what apply gets, and may change only if it accepts
        try:
            new_state, events = game.apply(trial, actor, action, random.Random(rng.random()))
        except Illegal as refusal:
            if refused is not None:
                refused.append(refusal)
            refusals += 1
            # apply had a copy: ``state`` is still what it was given
            assert canon(trial) == canon(state), f"a refused {action} changed the state (seed {seed})"
            assert refusals <= max_refusals, f"too many refusals (seed {seed})"
            continue
        # plain JSON, keys strings: the store's JSON would bring an integer key back as a string
        orjson.dumps(new_state)
        state = new_state
        yield state, actor, action, events


def check_non_interference(game: Game, state: dict, seats: list[int],
                           perturb: Callable[[dict, int | None, random.Random], list[dict]],
                           rng: random.Random) -> int:
    """Asserts every viewer sees the same in every variant that only changes
    what it may not know.  Returns how many variants were compared (a test
    should assert that this is not zero)."""
    compared = 0
    for viewer in list(seats) + [None]:
        reference = seen_by(game, state, viewer, seats)
        for variant in perturb(copied(state), viewer, rng):
            assert seen_by(game, variant, viewer, seats) == reference, (
                f"viewer {viewer} can tell a hidden change apart")
            compared += 1
    return compared


def check_patch_non_interference(game: Game, before: dict, after: dict, seats: list[int],
                                 perturb: Callable[[dict, int | None, random.Random], list[dict]],
                                 rng: random.Random) -> int:
    """What a viewer is pushed for the step from ``before`` to ``after`` (a
    JSON Patch between its two screens, as transport/view_patches.py sends
    it) is byte-identical, key order included, whatever changes only what
    it may not know, in either position.  Returns how many pairs were
    compared."""
    from companion.json_patch import diff
    compared = 0
    for viewer in list(seats) + [None]:
        then, now = (screen_of(game, state, viewer, seats) for state in (before, after))
        reference = encode(diff(then, now)), encode(now)
        pairs = zip(perturb(copied(before), viewer, rng), perturb(copied(after), viewer, rng))
        for variant_before, variant_after in pairs:
            then, now = (screen_of(game, state, viewer, seats)
                         for state in (variant_before, variant_after))
            assert (encode(diff(then, now)), encode(now)) == reference, (
                f"viewer {viewer} is pushed a different patch for a hidden change")
            compared += 1
    return compared
