"""HOAX random legal play, 3–5 players (the 1000 games are split over the
test_hoax_play_*.py files to keep each file under a minute)."""
import pytest

from .test_hoax_helpers import play_many


def options(seed):
    return {"strict_doubt": seed % 3 == 0, "large_group": seed % 7 == 0,
            "first": "random" if seed % 2 else seed % 3}


@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_games_to_ten(n):
    seeds = range(n * 10_000, n * 10_000 + 200)
    assert play_many(n, seeds, options) == 200
