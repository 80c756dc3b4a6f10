"""scripts/new-game lays out a game the conformance suite accepts as it is
(issue #46): generated under a temporary root (``--root``), imported from
there as ``companion.games.<name>`` and put through the suite's own checks;
a name that is taken or no identifier is refused in one line."""
from __future__ import annotations

import importlib
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion import games
from tests.conformance import (test_explain, test_rules, test_secret_choices, test_secrets_declared,
                               test_texts)
from tests.conformance.conftest import player_counts
from tests.harness import random_play

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "new-game"
NAME = "kit_sample"


def new_game(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, timeout=30, check=False)


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """The generated game, registered for the suite's checks while they run."""
    root = tmp_path_factory.mktemp("kit")
    done = new_game(NAME, "--root", str(root))
    assert done.returncode == 0, done.stderr
    games.all_games()   # the discovered games are read before the temporary folder joins
    folder = str(root / "companion" / "games")
    games.__path__.append(folder)
    try:
        game = importlib.import_module(f"companion.games.{NAME}").GAME
        games.register(game)
        yield root, game
    finally:
        games.unregister(NAME)
        games.__path__.remove(folder)
        for module in [m for m in sys.modules if m.startswith(f"companion.games.{NAME}")]:
            del sys.modules[module]


def test_it_writes_every_file_of_a_game(generated):
    root, _ = generated
    package = root / "companion" / "games" / NAME
    assert sorted(p.name for p in package.glob("*.py")) == [
        "__init__.py", "explain.py", "hidden.py", "rules.py", "texts_de.py", "texts_en.py",
        "texts_explain_de.py", "texts_explain_en.py", "view.py"]
    for path in (f"companion/static/games/{NAME}.js", f"companion/static/games/{NAME}.text-keys.json",
                 f"docs/games/{NAME}.md"):
        assert (root / path).is_file(), path


def test_it_registers_and_sets_up_for_its_player_range(generated):
    _, game = generated
    assert games.get(NAME) is game and game.name == NAME
    low, high = game.player_range({})
    for count in range(low, high + 1):
        state, events = game.setup([10 + 3 * i for i in range(count)], {}, random.Random(count))
        assert events and game.winners(state) is None


def test_random_play_reaches_the_end(generated):
    _, game = generated
    for count in player_counts(game, {}):
        seats = [10 + 3 * i for i in range(count)]
        *_, (last, *_) = random_play(game, seats, {"rounds": 3}, seed=count)
        assert game.winners(last), count
    test_rules.test_random_games_end(NAME)


def test_it_passes_the_suites_checks(generated):
    _, game = generated
    assert set(game.texts) == {"en", "de"} and game.texts["de"]["title"]
    assert game.secret_choices == {"choose"}
    test_texts.test_both_languages_have_the_same_keys_and_placeholders(NAME)
    test_texts.test_every_text_the_game_can_emit_exists(NAME)
    test_rules.test_hidden_means_hidden(NAME)
    test_secrets_declared.test_every_game_declares_its_secrets(NAME)
    test_secrets_declared.test_declared_secrets_are_varied_and_hidden(NAME)
    test_rules.test_one_moves_map_declares_every_move(NAME)
    test_secret_choices.test_every_act_the_rules_make_in_secret_is_a_secret_act(NAME)
    test_explain.test_every_step_and_offered_move_is_explained(NAME)
    test_explain.test_every_decisive_event_has_a_meaning_that_fills(NAME)


@pytest.mark.parametrize("name, why", [("haiclue", "exists already"), ("base", "exists already"),
                                       ("Big", "not a valid game name"), ("9lives", "not a valid game name"),
                                       ("class", "not a valid game name")])
def test_a_taken_or_bad_name_is_refused_in_one_line(name, why):
    done = new_game(name)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and why in done.stderr, done.stderr
