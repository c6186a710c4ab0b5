"""The rules' fast paths give exactly what the plain definitions give.

`legal_actions` works the Action phase and the Movement pick out without building the refusals'
sentences (`rules.FAST_LEGAL`); here, on positions from random games of every player count and
option, it is compared with the definition: the candidate actions that the decision's check accepts.
"""

import pytest

from game import krom
from game.core.rng import Rng
from game.krom.decision import stage
from game.krom.rules import FAST_LEGAL, checked_legal


@pytest.mark.parametrize("chunk", range(3))
def test_fast_legal_actions_are_the_candidates_the_checks_accept(chunk):
    compared = dict.fromkeys(FAST_LEGAL, 0)
    for seed in range(20 * chunk, 20 * chunk + 20):
        state = krom.new_game(krom.random_setup(Rng(seed * 7 + 3)), seed)
        rng = Rng(seed)
        while state.to_move is not None:
            d = stage(state)
            legal = krom.legal_actions(state)
            if d in FAST_LEGAL:
                assert legal == checked_legal(state, d), (d, state.to_dict())
                compared[d] += 1
            pick = legal[rng.below(len(legal))] if seed % 2 else krom.playout_choice(state, legal, rng)
            state, _ = krom.apply(state, pick)
    assert all(n > 300 for n in compared.values()), compared
