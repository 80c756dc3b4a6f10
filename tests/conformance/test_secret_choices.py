"""Secret templates can be chosen with one thumb (issue #24): the phone
shows a secret template only while the reveal bar is held, and the thumb
that holds it picks by sliding onto a choice, so every field of a secret
template is a list of choices or a subset of a fixed size, picked one
value a gesture (nothing to type).  Which moves the rules make face down
is declared by the game, beside each move (``Move(..., secret=True)``,
``Game.secret_choices``); tests/browser/test_one_thumb.py reads the same
declaration and makes each of them on a phone."""
from __future__ import annotations

from companion import games
from companion.games.base import HOST
from tests.conformance.conftest import positions


def test_secret_templates_are_choices_and_declared(game_name):
    game = games.get(game_name)
    seen = set()
    for state, seats, _, _, _, sample in positions(game, seeds=1, every=3):
        if not sample:
            continue
        for viewer in seats + [HOST]:
            templates = game.actions(state, viewer) if viewer != HOST else game.host_actions(state)
            for tpl in templates:
                if not tpl.get("secret"):
                    continue
                assert viewer != HOST, f"{game_name}: the host has no secret ({tpl})"
                seen.add(tpl["type"])
                for name, spec in tpl["fields"].items():
                    picked = (isinstance(spec, list) and spec) or (
                        isinstance(spec, dict) and spec.get("kind") == "subset" and "size" in spec)
                    assert picked, f"{game_name} {tpl['type']}.{name}: {spec} is no choice"
    assert seen <= game.secret_choices, (
        f"{game_name}: secret templates {sorted(seen - game.secret_choices)} are not declared "
        "secret in the moves map (so the one-thumb browser test does not make them)")


def test_every_act_the_rules_make_in_secret_is_a_secret_act(game_name):
    """Each template of a move the game declares secret (the rulebook's
    face-down acts: a guess tile, a ballot, a covered card) is
    ``secret_act`` (and so ``secret``, behind the reveal); no other
    template claims to be; and every declared type is met in random play,
    so the check cannot pass by missing it.
    Eselsbrücke's ``lay`` is secret in the digital mode only (the physical
    card is laid face up and its term typed in the open)."""
    game = games.get(game_name)
    acts = game.secret_choices
    met = set()
    for state, seats, _, _, _, _ in positions(game, seeds=2, every=1):
        for viewer in seats:
            for tpl in game.actions(state, viewer):
                open_lay = game_name == "eselsbruecke" and tpl["type"] == "lay" and not tpl.get("secret")
                if tpl["type"] in acts and not open_lay:
                    met.add(tpl["type"])
                    assert tpl.get("secret_act") and tpl.get("secret"), (
                        f"{game_name}: {tpl['type']} is made in secret by the rules but offered "
                        f"in the open: {tpl}")
                else:
                    assert not tpl.get("secret_act"), f"{game_name}: {tpl['type']} is no secret act"
                assert bool(tpl.get("secret")) == bool(tpl.get("secret_act") or tpl.get("secret_values"))
    assert met == acts, f"{game_name}: random play never offered {sorted(acts - met)}"
