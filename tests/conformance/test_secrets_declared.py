"""Secrets declared once (issue #46): every game declares its secrets
(``Game.secrets``) and random play proves the declaration against the
views and the author's ``hidden_variants`` (tests/conformance/secrets.py);
tests/kit/ plants a mistake at a time in a small game and shows each is
caught."""
from __future__ import annotations

from companion import games
from tests.conformance.secrets import prove_secrets


def test_every_game_declares_its_secrets(game_name):
    game = games.get(game_name)
    assert game.secrets, f"{game_name}: no secrets declared (Game.secrets, see docs/GAME_KIT.md)"


def test_declared_secrets_are_varied_and_hidden(game_name):
    game = games.get(game_name)
    coverage = prove_secrets(game)
    assert coverage.mutations > 20, f"{game_name}: only {coverage.mutations} secret changes compared"
