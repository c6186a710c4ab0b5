"""No import cycle anywhere in game/ (issue 8): every module can be imported on its own,
in a fresh interpreter, whichever is imported first."""

import subprocess
import sys

import pytest

from tests.importgraph import ROOT, cycle, graph, modules

GAME = ROOT / "game"
MODULES = modules(GAME)


def test_the_import_graph_of_game_has_no_cycle():
    found = cycle(graph(GAME))
    assert found is None, "import cycle: " + " -> ".join(found)


def test_the_cycle_finder_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
@pytest.mark.parametrize("name", [n for n in MODULES if n.startswith("game.khrysos.")])
def test_each_khrysos_module_imports_first_in_a_fresh_interpreter(name):
    result = subprocess.run([sys.executable, "-c", f"import {name}"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
