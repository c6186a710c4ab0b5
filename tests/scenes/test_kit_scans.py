"""Scans of scenes/ (issues 19 and 30): boards and lessons ask the rules, never write actions, never read the unredacted
state, never hard-code a rule number or limit (in digits or in words), no board file over 500 lines; no import circle
among scenes/ modules (the 500-line limit of every file: tests/core/test_file_sizes.py)."""

import ast
import re

import pytest

from game import registry
from tests.importgraph import ROOT, cycle, graph

SCENES = ROOT / "scenes"
GAMES = tuple(d.screens.rpartition(".")[2] for d in registry.declarations() if d.menu and d.screens)  # scenes/<g>/
# Folders whose every file is scanned like a board's: the games' scenes, and the lessons (the coach, the reference).
SCANNED = GAMES + ("learn",)
MAX_LINES = 500

# Boards not yet rebuilt on the kit's hotspots and snapshot (issue 19), by file: what they still do.
# Each rebuild deletes its entries; the list must end empty.
NOT_YET_REBUILT: dict[str, set[str]] = {
}
# The kit's snapshot is the one place that asks the match (decision, legal actions) for the screen,
# and a computer seat is handed its own legal actions.
KIT_ASKS_THE_MATCH = {"scenes/board/snapshot.py", "scenes/board/computer.py"}

ACTION_TEXT = re.compile(r"""\bact\(\s*f?["']|\bAction\(|Action\.parse\(|Action\.of\(|\bperform_text\(""")
STATE = re.compile(r"\bmatch\.state\b|\.match\.state\b|\bmatch\.legal_actions\(|\bmatch\.decision\(")
# A number in a text a board writes, in digits or in words, next to a word the rules own: a rule number copied
# into a scene ("7 hit points", "of 4", "five dice", "1 damage"). And a limit stated in a scene ("never above 6",
# "at least 6", "a total of {value} or more"), even where the number itself comes from the rules: the sentence
# that states the rule is the rules' own (`words`, `previews`), so it is written once.
NUMBER = r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|twenty)"
PLACEHOLDER = "{}"  # where an f-string's value goes (see `_strings`)
RULE_TERMS = (r"MP|AP|HP|hit points?|energy|treasures?|Krom|points?|rerolls?|dice|die|Glyphs?|injur\w*|cards?|damage"
              r"|endurance|tiles?|players?")
LIMIT = r"(?:never above|never below|never more than|no more than|at most|at least|up to|more than|fewer than|less than)"
RULE_NUMBER = re.compile(
    rf"(?<![\w-]){NUMBER}\s*(?:{RULE_TERMS})\b"
    rf"|\bof\s+\d+\b"
    rf"|\b{LIMIT}\s+(?:{NUMBER}\b|{re.escape(PLACEHOLDER)})"
    rf"|(?:(?<![\w-]){NUMBER}|{re.escape(PLACEHOLDER)})\s+or\s+(?:more|fewer|less|higher|lower)\b", re.IGNORECASE)


def _files(folder):
    return sorted(p for p in folder.rglob("*.py"))


def _rel(path) -> str:
    return path.relative_to(ROOT).as_posix()


def _strings(path):
    """The text of every string literal (f-strings included, each of their placeholders written PLACEHOLDER)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parts = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts:
            if not (node.value.startswith(("#", "@")) or node.value.strip() == ""):
                yield node.lineno, node.value
        elif isinstance(node, ast.JoinedStr) and id(node) not in parts:
            yield node.lineno, "".join(v.value if isinstance(v, ast.Constant) else PLACEHOLDER for v in node.values)


def _docstrings(path) -> set[int]:
    lines = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                lines.add(first.lineno)
    return lines


def findings(path) -> dict[str, list[str]]:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    found: dict[str, list[str]] = {}
    code = [(i, line) for i, line in enumerate(lines, 1) if not line.lstrip().startswith("#")]
    found["action text"] = [f"{i}: {line.strip()}" for i, line in code if ACTION_TEXT.search(line)]
    found["unredacted state"] = [f"{i}: {line.strip()}" for i, line in code if STATE.search(line)]
    docs = _docstrings(path)
    found["rule number"] = [f"{i}: {s!r}" for i, s in _strings(path) if i not in docs and RULE_NUMBER.search(s)]
    found["too long"] = [f"{len(lines)} lines"] if len(lines) > MAX_LINES else []
    return {k: v for k, v in found.items() if v}


BOARD_FILES = [p for g in SCANNED for p in _files(SCENES / g)]


@pytest.mark.parametrize("path", BOARD_FILES, ids=_rel)
def test_a_game_s_scenes_ask_the_rules_for_actions_and_read_the_snapshot_only(path):
    allowed = NOT_YET_REBUILT.get(_rel(path), set())
    found = {k: v for k, v in findings(path).items() if k not in allowed}
    assert not found, f"{_rel(path)}: " + "; ".join(f"{k}: {v[:4]}" for k, v in found.items())


@pytest.mark.parametrize("path", [p for p in _files(SCENES) if p.parent == SCENES or p.parent.name in ("board", "widgets")],
                         ids=_rel)
def test_the_kit_and_the_shared_scenes_write_no_action_and_read_no_state(path):
    allowed = NOT_YET_REBUILT.get(_rel(path), set()) | ({"unredacted state"} if _rel(path) in KIT_ASKS_THE_MATCH else set())
    found = {k: v for k, v in findings(path).items() if k in ("action text", "unredacted state", "too long")
             and k not in allowed}
    assert not found, f"{_rel(path)}: " + "; ".join(f"{k}: {v[:4]}" for k, v in found.items())


def test_the_list_of_boards_not_yet_rebuilt_names_only_what_they_still_do():
    """An entry stays only while its file still does what it excuses."""
    for rel, excused in NOT_YET_REBUILT.items():
        still = set(findings(ROOT / rel))
        assert excused <= still, f"{rel} no longer does {sorted(excused - still)}: delete that from NOT_YET_REBUILT"


def test_the_scans_find_what_they_look_for(tmp_path):
    sample = tmp_path / "board.py"
    sample.write_text('x = 1\nself.act(f"move {a} {b}")\nAction("end", ())\ns = self.match.state\n'
                      'label = f"{n} of 4 rerolls"\nhp = "7 hit points"\n')
    found = findings(sample)
    assert len(found["action text"]) == 2 and len(found["unredacted state"]) == 1 and len(found["rule number"]) == 2


@pytest.mark.parametrize("text", [
    "Heal: get back this much endurance, never above 6.", "One tile fewer (at least 6)", "at most 16 tiles",
    "Roll five dice, keep some", "each blocks 1 damage", "Two players chose the same character",
    'f"Hunt it: a total of {card.value} or more catches it"', 'f"At least {MIN_TILES} tiles"', "six treasures",
    "up to twelve squares", "7 or more",
])
def test_the_rule_number_scan_reads_numbers_in_words_and_limits(tmp_path, text):
    sample = tmp_path / "board.py"
    sample.write_text(f"x = {text if text.startswith('f') else repr(text)}\n")
    assert "rule number" in findings(sample), text


@pytest.mark.parametrize("text", [
    "Click one of your Destination cards below.", 'f"{n} more lines above (scroll up)"', "player-2", "Pay 3x",
    "Close", 'f"{name} draws {count}"', "The panel sits above the board.",
])
def test_the_rule_number_scan_leaves_plain_words_alone(tmp_path, text):
    sample = tmp_path / "board.py"
    sample.write_text(f"x = {text if text.startswith('f') else repr(text)}\n")
    assert "rule number" not in findings(sample), text


def test_the_import_graph_of_scenes_has_no_cycle():
    found = cycle(graph(SCENES))
    assert found is None, "import cycle: " + " -> ".join(found)
