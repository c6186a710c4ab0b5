"""Every game's rule module has the same shape, so scenes, saves and benchmarks treat them alike."""

import pytest

from game import registry
from game.core import Rng
from game.core.api import check_module, choose
from game.core.save import new_save, parse_save, replay
from game.core.simulate import play

GAMES = registry.available()


def test_all_three_games_are_present():
    assert GAMES == ["krosmaster", "krom", "khrysos"]


@pytest.mark.parametrize("game_id", GAMES)
def test_module_has_the_whole_api(game_id):
    module = registry.load(game_id)
    check_module(module)
    assert module.GAME_ID == game_id and module.TITLE and isinstance(module.VERSION, int)


@pytest.mark.parametrize("game_id", GAMES)
def test_demo_state_is_a_game_in_progress(game_id):
    module = registry.load(game_id)
    state = module.demo_state(3)
    assert state.to_move is not None and module.outcome(state) is None
    assert module.legal_actions(state)
    assert module.demo_state(3).to_dict() == state.to_dict()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_has_a_log_line(game_id):
    module = registry.load(game_id)
    state = module.new_game(module.bench_setup(), 11)
    rng = Rng(4)
    seen = set()
    for _ in range(400):
        legal = module.legal_actions(state)
        if not legal:
            break
        state, events = module.apply(state, choose(module, state, legal, rng))
        for event in events:
            line = module.describe(event, state)
            assert isinstance(line, str) and line.strip(), event
            seen.add(type(event).__name__)
    assert len(seen) >= 5


@pytest.mark.parametrize("game_id", GAMES)
def test_a_saved_game_replays_to_the_same_state(game_id):
    module = registry.load(game_id)
    setup = module.bench_setup()
    game = play(module, setup, 21, 9, max_steps=150)
    assert len(game.actions) > 20
    save = parse_save(new_save(module, setup, 21, game.actions).to_text())
    _, setup2, state2 = replay(save)
    assert setup2 == setup and state2.to_dict() == game.state.to_dict()


@pytest.mark.parametrize("game_id", GAMES)
def test_views_hide_the_generator(game_id):
    module = registry.load(game_id)
    state = module.demo_state(5)
    for seat in range(state.num_players):
        assert module.view(state, seat).to_dict()["rng"] != state.to_dict()["rng"]
