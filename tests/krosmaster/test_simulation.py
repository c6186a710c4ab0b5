"""Random simulation: 500 full games with random options and seeds, every check of the core harness at every step."""

import pytest

import game.krosmaster as K
from game.core import Rng
from game.core.simulate import checked_playout

CHUNKS = 20
GAMES_PER_CHUNK = 25


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk):
    for n in range(GAMES_PER_CHUNK):
        seed = 1000 + chunk * GAMES_PER_CHUNK + n
        setup = K.random_setup(Rng(seed * 7919))
        result = checked_playout(K, setup, seed, seed ^ 0xBEEF)
        assert result.outcome is not None and result.state.to_move is None


def test_both_endings_happen():
    reasons = set()
    for seed in range(40):
        result = checked_playout(K, K.random_setup(Rng(seed)), seed, seed + 1, full_check_every=50)
        reasons.add("ko" if "Krosmasters" in result.outcome.reason else "pile")
    assert reasons == {"ko", "pile"}
