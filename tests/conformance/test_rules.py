"""The pure rules of every game: hidden means hidden (non-interference over
random positions, with the game's own ``hidden_variants``), every offered
template is accepted for some value, every refusal is the game's
``Illegal``, and the game can be played to its end."""
from __future__ import annotations

import random

import pytest

from companion import games
from companion.games.base import HOST, Illegal, Move, copied, sample_action
from tests.conformance.conftest import positions
from tests.harness import canon, check_non_interference, check_patch_non_interference


def test_hidden_means_hidden(game_name):
    game = games.get(game_name)
    rng = random.Random(3)
    compared = 0
    for state, seats, _, _, _, sample in positions(game, seeds=2, every=5):
        if sample:
            compared += check_non_interference(game, state, seats, game.hidden_variants, rng)
    assert compared > 20, "hidden_variants changes nothing: the check cannot fail"


def test_hidden_means_hidden_in_patches(game_name):
    """A push is a patch from the view before to the view after: for every
    step sampled, hidden changes in either position change no byte of it."""
    game = games.get(game_name)
    rng = random.Random(5)
    compared = 0
    before = None
    for state, seats, _, _, _, sample in positions(game, seeds=1, every=5):
        if sample and before is not None and before[1] == seats:
            compared += check_patch_non_interference(game, before[0], state, seats,
                                                     game.hidden_variants, rng)
        before = copied(state), seats
    assert compared > 20, "hidden_variants changes nothing: the check cannot fail"


def test_patch_check_catches_an_order_that_tells():
    """The patch check is not vacuous: a HOAX view listing the seats in the
    order of their secret identities (the same keys and values, so equal
    once sorted) fails it."""
    game = games.get("hoax")
    original = game.view

    def telling(state, seat):
        out = original(state, seat)
        out["public"]["tells"] = {str(s): 0 for s in sorted(state["ident"], key=lambda s: state["ident"][s])}
        return out

    states = [(state, seats) for state, seats, *_ in positions(game, seeds=1, every=5)][5:7]
    (before, seats), (after, _) = states
    game.view = telling
    try:
        with pytest.raises(AssertionError):
            check_patch_non_interference(game, before, after, seats, game.hidden_variants,
                                         random.Random(1))
    finally:
        del game.view


def test_views_at_once_equal_each_view(game_name):
    """``Game.views`` (one broadcast builds every audience's view at once)
    says exactly what ``view`` says for each audience, table included."""
    game = games.get(game_name)
    compared = 0
    for state, seats, _, _, _, sample in positions(game, seeds=1, every=5):
        if sample:
            audiences = seats + [None]
            together = game.views(copied(state), audiences)
            assert {s: canon(v) for s, v in together.items()} == {
                s: canon(game.view(copied(state), s)) for s in audiences}
            compared += 1
    assert compared > 5


def test_hidden_variants_really_differ(game_name):
    """A variant must change the state (else the check above is empty)."""
    game = games.get(game_name)
    rng = random.Random(4)
    differing = 0
    for state, seats, _, _, _, sample in positions(game, seeds=1, every=5):
        if sample:
            for viewer in seats + [None]:
                differing += sum(canon(v) != canon(state)
                                 for v in game.hidden_variants(copied(state), viewer, rng))
    assert differing > 0


def test_every_offered_template_is_accepted_for_some_value(game_name):
    game = games.get(game_name)
    rng = random.Random(5)
    for state, seats, _, _, _, sample in positions(game, seeds=1, every=4):
        if not sample:
            continue
        for viewer in seats + [HOST]:
            templates = game.actions(state, viewer) if viewer != HOST else game.host_actions(state)
            for tpl in templates:
                assert accepted_once(game, state, viewer, tpl, rng), (viewer, tpl)


def accepted_once(game, state, viewer, tpl, rng, tries=40) -> bool:
    before = canon(state)
    for _ in range(tries):
        trial = copied(state)   # what apply gets: a refusal must leave it as it was
        action = sample_action(tpl, rng)
        try:
            game.apply(trial, viewer, action, random.Random(1))
            return True
        except Illegal:
            assert canon(trial) == before, f"a refused {action} changed the state"
    return False


def test_random_games_end(game_name):
    """Seeded random games reach a result (or a long stretch of play
    without getting stuck)."""
    game = games.get(game_name)
    finished = played = 0
    last = None
    for state, seats, actor, *_ in positions(game, seeds=2, every=1):
        if actor is None and last is not None:
            played += 1
            finished += game.winners(last) is not None
        last = state
    played += 1
    finished += game.winners(last) is not None
    assert finished >= played // 2, f"only {finished} of {played} random games ended"


def test_one_moves_map_declares_every_move(game_name):
    """A game declares its moves once (issues #26, #43): one map of ``Move``
    entries whose keys are its action types (declared nowhere else); every
    template it offers in random play has its move, made by whom the
    move's ``by`` says."""
    game = games.get(game_name)
    assert "action_types" not in vars(type(game)), f"{game_name}: action types declared twice"
    assert game.moves and all(isinstance(move, Move) for move in game.moves.values())
    offered = set()
    for state, seats, *_, sample in positions(game, seeds=1, every=3):
        for viewer in (seats + [HOST]) if sample else []:
            templates = game.actions(state, viewer) if viewer != HOST else game.host_actions(state)
            for tpl in templates:
                move = game.moves.get(tpl["type"])
                assert move is not None, f"{game_name}: {tpl['type']} is offered and has no move"
                assert move.by in ("both", "host" if viewer == HOST else "seat"), (
                    f"{game_name}: {tpl['type']} is offered to {viewer} but made by {move.by}")
                offered.add(tpl["type"])
    assert offered, f"{game_name}: random play offered nothing"
