"""HOAX random legal play, 6 players (see test_hoax_play_small.py)."""
import pytest

from .test_hoax_helpers import play_many


def options(seed):
    return {"strict_doubt": seed % 3 == 0, "large_group": seed % 5 == 0}


@pytest.mark.parametrize("block", range(4))
def test_random_games_to_ten_six_players(block):
    seeds = range(60_000 + block * 50, 60_000 + block * 50 + 50)
    assert play_many(6, seeds, options) == 50
