"""No .py file of the program over 500 lines (the charter): game/, scenes/, net/, tools/ and every other folder of
the repository, except sprites/ (drawn by code) and tests/."""

from tests.importgraph import ROOT

MAX_LINES = 500
EXEMPT = {"sprites", "tests"}  # the charter's exceptions: the sprite painters and the tests
NOT_SOURCE = {"build", "dist", "venv", ".venv", "__pycache__"}  # what a build or an install leaves in the folder


def _program_files():
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).parts
        if parts[0] in EXEMPT or any(p in NOT_SOURCE or p.startswith(".") or p.endswith(".egg-info") for p in parts):
            continue
        yield path


def test_no_python_file_of_the_program_is_over_500_lines():
    files = list(_program_files())
    folders = {p.relative_to(ROOT).parts[0] for p in files}
    assert {"game", "scenes", "net", "tools"} <= folders, f"the scan looked in {sorted(folders)}: not the repository"
    assert len(files) > 150, "the scan found too few files to be looking in the right place"
    long = {str(p.relative_to(ROOT)): n for p in files if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"over {MAX_LINES} lines (cut each along a real seam): {long}"


def test_the_scan_skips_only_the_charters_exceptions():
    skipped = {p.relative_to(ROOT).parts[0] for p in ROOT.rglob("*.py")} - {p.relative_to(ROOT).parts[0] for p in _program_files()}
    assert skipped <= EXEMPT | NOT_SOURCE | {p for p in skipped if p.startswith(".")}, skipped
