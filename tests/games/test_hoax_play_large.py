"""HOAX random legal play, 7–8 players and large groups (see
test_hoax_play_small.py)."""
import pytest

from .test_hoax_helpers import play_many


def options(seed):
    return {"strict_doubt": seed % 3 == 0, "large_group": seed % 4 == 0}


@pytest.mark.parametrize("n", [7, 8])
def test_random_games_to_ten(n):
    seeds = range(n * 10_000, n * 10_000 + 95)
    assert play_many(n, seeds, options) == 95


@pytest.mark.parametrize("n", [10, 14])
def test_random_large_group_games(n):
    seeds = range(n * 10_000, n * 10_000 + 5)
    assert play_many(n, seeds, lambda seed: {"large_group": True,
                                             "strict_doubt": seed % 2 == 0}) == 5
