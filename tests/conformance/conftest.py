"""The conformance suite runs every registered game (discovered packages and
the test fixture games) through the same checks, so a new game is checked
without anyone editing a list.  A game's parameters come from the game
itself: its player range and its option schema."""
from __future__ import annotations

from companion import games
from companion.games.base import Game


def game_names() -> list[str]:
    return sorted(games.all_games())


def player_counts(game: Game, options: dict) -> list[int]:
    """The smallest table, a middling one and the largest (at most 8 seats
    keeps the suite fast)."""
    low, high = game.player_range(options)
    high = min(high, 8)
    return sorted({low, (low + high + 1) // 2, high})


def option_variants(game: Game) -> list[dict]:
    """The defaults, then each option moved off its default once (every
    choice of a choice option, the other value of a bool, the ends of an
    int's range)."""
    defaults = {opt["name"]: opt.get("default") for opt in game.options_schema}
    variants = [dict(defaults)]
    for opt in game.options_schema:
        if opt["kind"] == "bool":
            others = [not opt.get("default")]
        elif opt["kind"] == "choice":
            others = [c for c in opt["choices"] if c != opt.get("default")]
        elif opt["kind"] == "int":
            others = [v for v in (opt.get("min"), opt.get("max")) if v != opt.get("default")]
        else:
            others = []
        for value in others:
            variants.append({**defaults, opt["name"]: value})
    return variants


def pytest_generate_tests(metafunc):
    if "game_name" in metafunc.fixturenames:
        metafunc.parametrize("game_name", game_names())


def positions(game: Game, seeds: int = 3, every: int = 7, refused: list | None = None):
    """Random legal play (tests/harness.py) over every option variant and
    player count; yields ``(state, seats, actor, action, events)`` for the
    setup and every accepted action, and marks every ``every``-th position
    as a sample (``sample`` True) for the costlier checks."""
    from tests.harness import random_play
    step = 0
    for o, options in enumerate(option_variants(game)):
        for count in player_counts(game, options):
            seats = [10 + 3 * i for i in range(count)]   # seat numbers are not 0..n-1
            for seed in range(seeds):
                start = {name: spec[0] for name, spec in
                         game.start_fields(seats, options).items() if isinstance(spec, list)}
                for state, actor, action, events in random_play(
                        game, seats, {**options, **start}, seed=1000 * o + 10 * count + seed,
                        max_steps=3000, host_rate=0.05, refused=refused, max_refusals=3000):
                    step += 1
                    yield state, seats, actor, action, events, step % every == 0


from companion.games import register  # noqa: E402
from tests.fixture_ask import GAME as ASK  # noqa: E402
from tests.fixture_game import GAME as PICK  # noqa: E402

register(PICK)   # the fixture games are checked like every other
register(ASK)    # (Ask: at_table and explain mode's defaults)
