"""The three games name players the same way (issue 19, "Same map in each rules package"): every
text function of every rule module takes `names` (seat index -> the table's name) as a keyword
defaulting to None, and None keeps the game's own words."""

import inspect

import pytest

from game import registry

TEXT_FUNCTIONS = ("describe", "action_text", "decision", "progress", "outcome", "why_illegal")
GAMES = list(registry.GAMES)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("function", TEXT_FUNCTIONS)
def test_every_text_function_takes_the_tables_names(game_id, function):
    rules = registry.load(game_id)
    fn = getattr(rules, function)
    names = inspect.signature(fn).parameters.get("names")
    assert names is not None, f"{game_id}.{function} takes no names="
    assert names.default is None and names.kind in (names.POSITIONAL_OR_KEYWORD, names.KEYWORD_ONLY)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_names_is_the_games_own_words(game_id):
    rules = registry.load(game_id)
    state = rules.demo_state(3)
    assert rules.decision(state, names=None) == rules.decision(state)
    assert rules.progress(state, names=None) == rules.progress(state)
    for action in rules.legal_actions(state)[:10]:
        assert rules.action_text(state, action, names=None) == rules.action_text(state, action)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tables_names_reach_the_prompt(game_id):
    rules = registry.load(game_id)
    state = rules.demo_state(3)
    names = [f"Seat{n}" for n in range(state.num_players)]
    prompt = rules.decision(state, names=names).prompt
    assert prompt.startswith(f"Seat{state.to_move}: "), prompt
