"""Random full games: 500 of them across 2-6 players and every combination of options, checked at every step."""

import pytest

from game import krom
from game.core.rng import Rng
from game.core.simulate import checked_playout
from game.krom import Setup, points, target_points

GAMES = 500
CHUNKS = 20
MAX_ROUNDS = 200  # a game that needs more has unbalanced content


def setup_for(i: int) -> Setup:
    """Game i: the player count cycles 2-6 and, within each five, the 8 option combinations cycle."""
    players = 2 + i % 5
    combo = (i // 5) % 8
    characters = None
    if i % 3 == 0:
        characters = tuple(Rng(i).shuffled([c.id for c in krom.CHARACTERS])[:players])
    return Setup(players, characters, bool(combo & 1), bool(combo & 2), bool(combo & 4))


def test_the_games_cover_every_player_count_and_option_combination():
    seen = {(s.players, s.glacial, s.kromosaurus, s.longer) for s in map(setup_for, range(GAMES))}
    assert len(seen) == 5 * 8


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk):
    per = GAMES // CHUNKS
    for i in range(chunk * per, (chunk + 1) * per):
        setup = setup_for(i)
        result = checked_playout(krom, setup, seed=1000 + i, policy_seed=i)
        state = result.state
        assert result.outcome is not None and len(result.outcome.winners) == 1
        winner = result.outcome.winners[0]
        assert points(state, winner) >= target_points(setup)
        assert all(points(state, seat) < target_points(setup) for seat in range(setup.players) if seat != winner)
        assert state.round <= MAX_ROUNDS, f"game {i} took {state.round} rounds"
