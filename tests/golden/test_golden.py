"""Equivalence guard: seeded random games give exactly the recorded states, views, legal actions and events.

tests/golden/rules_golden.json holds, per rule module, a few hundred games (setup, seed,
policy) and a digest of every step (see make_golden.py). Speed work on the engines and the
bots must leave every digest unchanged. A deliberate change of the rules changes them: then
regenerate the file with make_golden.py from those rules (before any speed work on top) and
commit it on its own, saying which rules change it records.
"""

import json

import pytest

from game import registry
from tests.golden.make_golden import GOLDEN, game_digest

with open(GOLDEN, encoding="utf-8") as _f:
    RECORDED = json.load(_f)

CHUNK = 30
CASES = [(g, start) for g, entry in sorted(RECORDED.items()) for start in range(0, len(entry["games"]), CHUNK)]
HOW = "regenerate tests/golden/rules_golden.json with tests/golden/make_golden.py if the rules changed on purpose"


def test_every_rule_module_is_recorded():
    assert sorted(RECORDED) == sorted(registry.GAMES)
    for game_id, entry in RECORDED.items():
        assert len(entry["games"]) >= 100, game_id
        assert {g["policy"] for g in entry["games"]} == {"rules", "uniform"}, game_id


@pytest.mark.parametrize(("game_id", "start"), CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_random_games_match_the_recording(game_id, start):
    module = registry.load(game_id)
    entry = RECORDED[game_id]
    assert entry["version"] == module.VERSION, f"{game_id} rules VERSION {module.VERSION}, recorded {entry['version']}: {HOW}"
    for i, g in enumerate(entry["games"][start : start + CHUNK], start):
        setup = module.Setup.from_dict(g["setup"])
        steps, digest, final = game_digest(module, setup, g["seed"], g["policy"])
        where = f"{game_id} game {i} (seed {g['seed']}, {g['policy']} policy, setup {g['setup']})"
        assert steps == g["steps"], f"{where}: {steps} steps, recorded {g['steps']}; {HOW}"
        assert final == g["final"], f"{where}: the final state differs from the recording; {HOW}"
        assert digest == g["digest"], f"{where}: a state, view, legal action list or event differs; {HOW}"


def test_the_guard_sees_a_changed_event(monkeypatch):
    """The digest covers events: one event changed in one step changes the game's digest."""
    module = registry.load("krosmaster")
    g = RECORDED["krosmaster"]["games"][0]
    setup = module.Setup.from_dict(g["setup"])
    real_apply = module.apply
    calls = {"tampered": 0}

    def tampered(state, action):
        after, events = real_apply(state, action)
        if events and not calls["tampered"]:
            calls["tampered"] = 1
            events = events[:-1]
        return after, events

    monkeypatch.setattr(module, "apply", tampered)
    assert game_digest(module, setup, g["seed"], g["policy"])[1] != g["digest"]
    assert calls["tampered"]
