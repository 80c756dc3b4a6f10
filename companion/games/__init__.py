"""The game registry: one module per game, each exposing ``GAME``."""
from __future__ import annotations

import importlib
import os

from .base import Game

# name -> module; a sixth game is one line here plus its module
_MODULES = {
    "hoax": "companion.games.hoax",
    "haiclue": "companion.games.haiclue",
    "factum": "companion.games.factum",
}

_extra: dict[str, Game] = {}


def register(game: Game) -> None:
    """Add a game at run time (tests register their fixture game here)."""
    _extra[game.name] = game


def unregister(name: str) -> None:
    _extra.pop(name, None)


_loaded: dict[str, Game] | None = None


def all_games() -> dict[str, Game]:
    global _loaded
    if _loaded is None:
        _loaded = _load()
    return {**_loaded, **_extra}


def _load() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for name, module in _MODULES.items():
        try:
            games[name] = importlib.import_module(module).GAME
        except ModuleNotFoundError as missing:
            if missing.name != module:
                raise
    # more game modules, e.g. a test's fixture game in a server subprocess
    for module in filter(None, os.environ.get("COMPANION_EXTRA_GAMES", "").split(",")):
        game = importlib.import_module(module.strip()).GAME
        games[game.name] = game
    return games


def get(name: str) -> Game | None:
    return all_games().get(name)
