"""Issue 19, "same map in each rules package": every game keeps `decision`, its refusal reasons,
`redact`, `view` and `action_text` in modules of the same names, and its package face gives those."""

import importlib

import pytest

GAMES = ("krosmaster", "krom", "khrysos")
MAP = {"decision": "decision", "refusals": "refusal", "redact": "redact", "view": "view", "words": "action_text"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("module, name", MAP.items())
def test_each_game_keeps_the_function_in_the_module_of_that_name(game, module, name):
    mod = importlib.import_module(f"game.{game}.{module}")
    fn = getattr(mod, name, None)
    assert callable(fn), f"game.{game}.{module} has no {name}()"
    assert fn.__module__ == mod.__name__, f"game.{game}.{module}.{name} is only re-exported from {fn.__module__}"
    face = importlib.import_module(f"game.{game}")
    if name != "refusal":  # refusals are the rules' own; the face gives why_illegal
        assert getattr(face, name) is fn, f"game.{game}.{name} is not game.{game}.{module}.{name}"


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_action_is_explained_by_the_refusals_module(game):
    rules = importlib.import_module(f"game.{game}")
    refusals = importlib.import_module(f"game.{game}.refusals")
    state = rules.new_game(rules.Setup(), 1) if game != "krom" else rules.new_game(rules.Setup(players=3), 1)
    from game.core import Action

    nonsense = Action("nonsense", (1, 2))
    reason = rules.why_illegal(state, nonsense)
    assert reason and reason.endswith(".")
    assert refusals.refusal(state, nonsense)  # the same reason, before it is made a sentence
