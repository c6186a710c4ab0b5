"""Issue 30, one declaration per game: the registry finds every game's declaration by itself, and no code of the
program lists the games again (a list, tuple, set or dict naming two of them): whatever needs the games reads
the declarations (game/registry.py, scenes/registry.py)."""

from __future__ import annotations

import ast
import importlib

import pytest

from game import registry
from game.core.api import check_module
from tests.importgraph import ROOT

IDS = {d.id for d in registry.SHIPPED.values()}
# The frozen Normal bot of before issue 33 keeps its own per-game table: it is history, pinned by its decisions.
FROZEN = {"game/bots/reference.py"}


def lists_of_games(path) -> list[int]:
    """Lines of `path` where a literal collection names two or more games."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items = node.elts
        elif isinstance(node, ast.Dict):
            items = [k for k in node.keys if k is not None]
        else:
            continue
        named = {i.value for i in items if isinstance(i, ast.Constant) and i.value in IDS}
        if len(named) >= 2:
            found.append(node.lineno)
    return found


def test_the_registry_finds_each_game_declared_in_game_games():
    declared = sorted(p.stem for p in (ROOT / "game" / "games").glob("*.py") if p.stem != "__init__")
    assert sorted(registry.SHIPPED) == declared
    assert list(registry.GAMES) == [d.id for d in registry.declarations() if d.menu]
    assert [d.order for d in registry.declarations()] == sorted(d.order for d in registry.declarations())


@pytest.mark.parametrize("game_id", sorted(IDS))
def test_a_declaration_names_a_whole_rule_module(game_id):
    game = registry.declaration(game_id)
    rules = importlib.import_module(game.rules)
    check_module(rules)
    assert (game.id, game.title) == (rules.GAME_ID, rules.TITLE), "the declaration and the rules agree"


def test_no_code_of_the_program_lists_the_games_again():
    offenders = {}
    for top in ("game", "scenes", "net"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel in FROZEN:
                continue
            lines = lists_of_games(path)
            if lines:
                offenders[rel] = lines
    assert not offenders, f"lists of the games (read the declarations instead): {offenders}"


def test_the_scan_sees_a_list_of_games(tmp_path):
    sample = tmp_path / "menu.py"
    first, second = sorted(IDS)[:2]
    sample.write_text(f"GAMES = ({first!r}, {second!r})\nTITLES = {{{first!r}: 'A', {second!r}: 'B'}}\nONE = [{first!r}]\n")
    assert lists_of_games(sample) == [1, 2]


def test_a_game_declared_twice_is_refused():
    game = registry.declaration(sorted(IDS)[0])
    with pytest.raises(ValueError, match="already declared"), registry.declared(game):
        pass
    assert sorted(registry.SHIPPED) == sorted(IDS) and registry.extras() == []


@pytest.mark.parametrize("game_id", [d.id for d in registry.declarations() if d.menu and d.screens is not None])
def test_a_games_scenes_import_first_in_a_fresh_program(game_id):
    """Each game's screens package (which declares SCREENS through scenes.registry) imports before anything else
    of scenes: the registry reads the declarations on first use, not at import (it failed with a LookupError)."""
    import os
    import subprocess
    import sys

    screens = registry.declaration(game_id).screens
    code = (f"import {screens}, importlib; importlib.import_module({screens!r} + '.board'); "
            "import scenes.registry as r; assert 'menu' in r.SCENES and r.GAMES")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
