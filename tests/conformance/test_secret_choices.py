"""Secret templates can be chosen with one thumb (issue #24): the phone
shows a secret template only while the reveal bar is held, and the thumb
that holds it picks by sliding onto a choice, so every field of a secret
template is a list of choices or a subset of a fixed size, picked one
value a gesture (nothing to type).  And each game's secret
templates are all made on a phone by a browser test
(tests/browser/test_one_thumb.py): a new secret template fails here until
it has one."""
from __future__ import annotations

from companion import games
from companion.games.base import HOST
from tests.browser.test_one_thumb import SECRET_CHOICES
from tests.conformance.conftest import positions


def test_secret_templates_are_choices_and_have_a_browser_test(game_name):
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
    assert seen <= SECRET_CHOICES.get(game_name, set()), (
        f"{game_name}: secret templates {sorted(seen - SECRET_CHOICES.get(game_name, set()))} "
        "have no one-thumb browser test")
