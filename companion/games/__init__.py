"""The game registry.  Every package in this folder is a game whose
``__init__`` exposes ``GAME``; they are found by discovery, so a new game is
one package and nothing else.  ``COMPANION_EXTRA_GAMES`` (comma-separated
module names) adds more, e.g. a test's fixture game in a server subprocess.
A game that fails to import stops the server with its traceback: it must
never just vanish from the list."""
from __future__ import annotations

import importlib
import os
import pkgutil

from .base import Game

_extra: dict[str, Game] = {}
_loaded: dict[str, Game] | None = None


def register(game: Game) -> None:
    """Add a game at run time (tests register their fixture game here)."""
    _extra[game.name] = game


def unregister(name: str) -> None:
    _extra.pop(name, None)


def all_games() -> dict[str, Game]:
    global _loaded
    if _loaded is None:
        _loaded = _load()
    return {**_loaded, **_extra}


def shipped() -> dict[str, Game]:
    """The games of this package, without test fixtures or extra modules."""
    return {name: game for name, game in all_games().items()
            if type(game).__module__.startswith(__name__ + ".")}


def _load() -> dict[str, Game]:
    games: dict[str, Game] = {}
    packages = sorted(info.name for info in pkgutil.iter_modules(__path__) if info.ispkg)
    modules = [f"{__name__}.{name}" for name in packages]
    modules += [m.strip() for m in os.environ.get("COMPANION_EXTRA_GAMES", "").split(",") if m.strip()]
    for module in modules:
        game = importlib.import_module(module).GAME
        if game.name in games:
            raise RuntimeError(f"two games are called {game.name!r} ({module})")
        games[game.name] = game
    return games


def get(name: str) -> Game | None:
    return all_games().get(name)
