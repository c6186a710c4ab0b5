"""Random full games: 500 in CI, 2-4 players on every sample map, every check of game.core.simulate at every step."""

import pytest

import game.khrysos as K
from game.core.simulate import checked_playout
from game.khrysos.maps import SAMPLE_MAPS

GAMES = 500
CHUNKS = 20
PER_CHUNK = GAMES // CHUNKS


def setup_for(game: int) -> K.Setup:
    """Games cycle through every player count on every sample map (15 combinations)."""
    return K.Setup(players=2 + game % 3, map=SAMPLE_MAPS[(game // 3) % len(SAMPLE_MAPS)])


def test_the_games_cover_every_player_count_on_every_sample_map():
    combos = {(setup_for(g).players, setup_for(g).map) for g in range(GAMES)}
    assert len(combos) == 3 * len(SAMPLE_MAPS)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk):
    for game in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        result = checked_playout(K, setup_for(game), seed=game, policy_seed=10_000 + game)
        assert result.outcome is not None and len(result.outcome.winners) == 1
        winner = result.outcome.winners[0]
        assert result.state.treasure_of(winner) >= 12
