"""Match on the three real games: at every step, save then load gives the same state; undo then redo
gives the same state; undo never crosses a reveal (the RNG moved, or a private decision) or another seat's action."""

from __future__ import annotations

import pytest

from game import registry
from game.core.api import choose
from game.core.errors import IllegalAction
from game.core.match import Match
from game.core.rng import Rng
from game.core.save import parse_save

GAMES = list(registry.GAMES)  # the menu's games (game/games/)


def random_match(game_id: str, seed: int, steps: int):
    rules = registry.load(game_id)
    setup = rules.random_setup(Rng(seed))
    match = Match.new(rules, setup, seed)
    policy = Rng(seed + 1000)
    for _ in range(steps):
        legal = match.legal_actions()
        if not legal:
            break
        yield match, choose(rules, match.state, legal, policy)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_save_load_undo_redo_at_every_step(game_id, seed):
    checked_undo = 0
    for match, action in random_match(game_id, seed, 120):
        before = match.state.to_dict()
        seat = match.state.to_move
        match.play(action)
        after = match.state.to_dict()
        loaded = Match.from_save(parse_save(match.save().to_text()))
        assert loaded.state.to_dict() == after, f"save/load differs after {len(match.actions)} actions"
        reason = match.why_no_undo()
        if reason is None:
            checked_undo += 1
            assert match.state.to_move == seat, "undo would cross another seat's action"
            assert before["rng"] == after["rng"], "undo would cross a die roll or shuffle"
            match.undo()
            assert match.state.to_dict() == before
            match.redo()
            assert match.state.to_dict() == after
        else:
            with pytest.raises(IllegalAction):
                match.undo()
    assert checked_undo > 0, "the random game never reached an undoable step"
