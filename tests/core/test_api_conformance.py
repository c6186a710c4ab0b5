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
    assert game_id == module.GAME_ID and module.TITLE and isinstance(module.VERSION, int)


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


# -- the rules-to-screen seam: one decision API in every game ------------------------------------

from game.core import HIDDEN, Action, Decision, IllegalAction  # noqa: E402
from game.core.events import SHARED_EVENTS, Event  # noqa: E402

JUNK = (None, "move", ["move", 1], 7, Action("no-such-action"), Action("move", ([1, 2],)))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_seam_at_every_step_of_a_random_game(game_id):
    """decision names the seat to move with a prompt; why_illegal agrees with legal_actions and apply;
    redact gives an event for every seat; the shared event shapes are the core's own classes."""
    module = registry.load(game_id)
    state = module.new_game(module.bench_setup(), 5)
    rng = Rng(8)
    shared_seen = set()
    for _ in range(300):
        d = module.decision(state)
        assert isinstance(d, Decision) and d.seat == state.to_move
        assert isinstance(d.prompt, str) and d.prompt.strip() and isinstance(d.private, bool)
        legal = module.legal_actions(state)
        if not legal:
            assert d.kind == "over" and d.seat is None
            break
        for action in legal[:8]:
            assert module.why_illegal(state, action) is None, action
        for junk in JUNK:
            reason = module.why_illegal(state, junk)
            assert isinstance(reason, str) and reason.strip(), junk
            with pytest.raises(IllegalAction):
                module.apply(state, junk)
        state, events = module.apply(state, choose(module, state, legal, rng))
        for event in events:
            for seat in (None, *range(state.num_players)):
                assert isinstance(module.redact(event, seat), Event)
            shared_seen.update(cls.__name__ for cls in SHARED_EVENTS if isinstance(event, cls))
    assert {"DiceRolled", "Moved"} <= shared_seen, shared_seen


@pytest.mark.parametrize("game_id", GAMES)
def test_one_hidden_marker_in_every_view(game_id):
    """Whatever a seat may not see shows as HIDDEN; no game keeps a marker of its own."""
    module = registry.load(game_id)
    state = module.demo_state(2)
    text = repr(module.view(state, 0).to_dict())
    assert "'hidden'" not in text
    assert HIDDEN == -1


@pytest.mark.parametrize("game_id", GAMES)
def test_progress_names_how_far_the_game_is(game_id):
    module = registry.load(game_id)
    state = module.demo_state(4)
    words = module.progress(state)
    assert isinstance(words, str) and 0 < len(words) <= 40 and any(ch.isdigit() for ch in words)
