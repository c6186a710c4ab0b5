"""The rules stay pure: nothing under game/ imports pygame, reads the clock or uses global randomness."""

import ast
import pathlib
import subprocess
import sys

GAME = pathlib.Path(__file__).resolve().parents[2] / "game"

FORBIDDEN = {
    "pygame": "the rules never draw",
    "pygame_gui": "the rules never draw",
    "random": "all randomness comes from the Rng kept in the state",
    "secrets": "all randomness comes from the Rng kept in the state",
    "uuid": "all randomness comes from the Rng kept in the state",
    "time": "the rules never read the clock",
    "datetime": "the rules never read the clock",
}
# The benchmark and arena commands live in game/ (the issues name `python -m game.bench` and
# `python -m game.arena`); they time the rules and bots from outside and no rule module or
# bot imports them (a Hard bot's time budget reads a clock its caller passes in).
CLOCK_ALLOWED = {GAME / "bench.py": {"time"}, GAME / "arena.py": {"time"}}


def _imports(path: pathlib.Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module.split(".")[0]
            if node.module == "game":
                for alias in node.names:
                    yield node.lineno, alias.name
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "os"
              and node.attr in ("urandom", "getrandom")):
            yield node.lineno, "random"


def test_no_forbidden_imports_under_game():
    problems = []
    files = sorted(GAME.rglob("*.py"))
    assert len(files) >= 5, "the scan found too few files to be looking in the right place"
    for path in files:
        allowed = CLOCK_ALLOWED.get(path, set())
        for line, name in _imports(path):
            if name in FORBIDDEN and name not in allowed:
                problems.append(f"{path.relative_to(GAME.parent)}:{line} imports {name}: {FORBIDDEN[name]}")
    assert not problems, "\n".join(problems)


def test_no_rule_module_imports_the_benchmark_or_the_arena():
    for path in GAME.rglob("*.py"):
        if path.name in ("bench.py", "arena.py"):
            continue
        for line, name in _imports(path):
            assert "bench" not in name, f"{path}:{line} imports the benchmark"
            assert "arena" not in name, f"{path}:{line} imports the arena"


def test_scan_catches_a_forbidden_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nfrom random import choice\nimport pygame.draw\nx = os.urandom(4)\n")
    names = {name for _, name in _imports(bad)}
    assert {"random", "pygame"} <= names


def test_importing_every_rule_module_loads_no_pygame():
    code = (
        "import importlib, pkgutil, sys, game\n"
        "for m in pkgutil.walk_packages(game.__path__, 'game.'):\n"
        "    if m.name != 'game.bench': importlib.import_module(m.name)\n"
        "bad = [n for n in sys.modules if n.split('.')[0] in ('pygame', 'pygame_gui', 'scenes')]\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=GAME.parent, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
