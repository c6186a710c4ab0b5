"""The random-simulation harness catches what it promises to catch (shown on a toy game)."""

from dataclasses import replace

import pytest

from game.core import Action, IllegalAction
from game.core.simulate import SimulationFailure, checked_playout, play
from tests.core import toygame


@pytest.mark.parametrize("seed", range(40))
def test_toy_games_pass_every_check(seed):
    setup = toygame.random_setup(toygame.Rng(seed))
    result = checked_playout(toygame, setup, seed, seed + 1)
    assert result.outcome is not None and len(result.actions) > 0


def test_unchecked_play_reaches_the_end():
    assert play(toygame, toygame.Setup(), 1, 2).outcome is not None


class _Broken:
    """Wraps the toy game with one defect at a time."""

    def __init__(self, **defects):
        self.__dict__.update({k: getattr(toygame, k) for k in dir(toygame) if not k.startswith("__")})
        self.__dict__.update(defects)
        self.__name__ = "broken"


def test_it_catches_an_accepted_illegal_action():
    def lax_apply(state, action):
        if action.kind == "no-such-action":
            return state, []
        return toygame.apply(state, action)

    with pytest.raises(SimulationFailure, match="non-legal action no-such-action was accepted"):
        checked_playout(_Broken(apply=lax_apply), toygame.Setup(), 1, 1)


def test_it_catches_a_broken_invariant():
    def strict(state):
        assert state.stones > 5, "too few stones"

    with pytest.raises(SimulationFailure, match="too few stones"):
        checked_playout(_Broken(check_invariants=strict), toygame.Setup(), 1, 1)


def test_it_catches_a_game_that_never_ends():
    def never(state, action):
        new, events = toygame.apply(state, action)
        return replace(new, stones=max(new.stones, 1), to_move=0, winner=None), events

    with pytest.raises(SimulationFailure, match="did not end"):
        checked_playout(_Broken(apply=never), toygame.Setup(), 1, 1, max_steps=200)


def test_it_catches_hidden_state_lost_by_to_dict():
    class Leaky(toygame.State):
        @classmethod
        def from_dict(cls, d):
            return replace(toygame.State.from_dict(d), stones=0)

    with pytest.raises(SimulationFailure, match="round-trip"):
        checked_playout(_Broken(State=Leaky), toygame.Setup(), 1, 1)


def test_it_catches_a_non_replayable_game():
    counter = {"n": 0}

    def drifting(setup, seed):
        counter["n"] += 1
        return toygame.new_game(setup, seed + counter["n"])

    with pytest.raises(SimulationFailure, match="replaying"):
        checked_playout(_Broken(new_game=drifting), toygame.Setup(stones=30), 5, 1)


def test_refusal_must_carry_a_reason():
    with pytest.raises(IllegalAction) as info:
        toygame.apply(toygame.new_game(toygame.Setup(), 1), Action.of("take", 9))
    assert info.value.reason
