"""Plain words for plain acts (issue 34 "Words"): selecting an ability is a click and cancelling it a right-click
that cancels; the screen and the lessons never say "take up" or "puts it down" for them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JARGON = re.compile(r"\btakes? up\b|\bputs? (it|a spell) down\b", re.IGNORECASE)


def test_selecting_and_cancelling_are_said_in_plain_words():
    files = sorted((ROOT / "scenes" / "krosmaster").glob("*.py")) + \
        sorted((ROOT / "scenes" / "learn" / "lessons" / "krosmaster").glob("*.toml"))
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}" for path in files
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if JARGON.search(line)]
    assert found == []


def test_a_hunting_die_says_whose_it_is():
    """Issue 34: a hunting die's tip read "A die of alma hunts" (the tray's caption, lower-cased)."""
    from scenes import registry  # noqa: F401 - the registry first, as the program imports it
    from scenes.krom.tray import Tray

    tray = Tray()
    tray.hunt(0, "Alma", 2)
    assert tray.die_words == "One of Alma's hunting dice"


def test_the_mountain_dice_offer_no_reroll_once_the_climb_is_over():
    """Issue 34: after a Mountain climb ended, its dice's tips still said "Click to keep it out of the next reroll"."""
    from types import SimpleNamespace

    from scenes import registry  # noqa: F401 - the registry first, as the program imports it
    from scenes.krom import tips

    board = SimpleNamespace(tray=SimpleNamespace(dice=[(SimpleNamespace(face=4), 0)]))
    assert tips.tray_die(board, 0, False, climbing=True)[1].startswith("Click to keep it")
    for kept in (False, True):
        lines = tips.tray_die(board, 0, kept, climbing=False)
        assert lines[0] == "Die 1 shows 4" and not any("reroll" in line or "Click" in line for line in lines), lines
