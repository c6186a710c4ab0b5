"""Every character the program writes on screen has a glyph in its font (issue 23: "◀ Newer" showed as boxes)."""

import pathlib

import pygame.freetype
import pytest

from scenes.assets import _FONT_FILES, resource_dir

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = [*(ROOT / "scenes").rglob("*.py"), *(ROOT / "game").rglob("*.py"), *(ROOT / "game").rglob("*.toml"),
           *(ROOT / "game").rglob("*.json"), *(ROOT / "maps").rglob("*.json"), *(ROOT / "scenes").rglob("*.json")]


def _used() -> dict[str, str]:
    """Each character beyond ASCII in the program's code and data, with a file that uses it."""
    found: dict[str, str] = {}
    for path in SOURCES:
        for ch in path.read_text(encoding="utf-8"):
            if ord(ch) > 127 and ch not in found and not ch.isspace():
                found[ch] = path.relative_to(ROOT).as_posix()
    return found


@pytest.mark.parametrize("bold", [False, True])
def test_every_character_on_screen_has_a_glyph(bold):
    pygame.freetype.init()
    font = pygame.freetype.Font(str(resource_dir("pygame_gui.data") / _FONT_FILES[bold]), 20)
    used = _used()
    missing = {ch: where for ch, where in used.items() if font.get_metrics(ch)[0] is None}
    assert not missing, "no glyph for " + ", ".join(f"{ch!r} (U+{ord(ch):04X}, in {where})" for ch, where in missing.items())


def test_the_check_finds_a_missing_glyph():
    pygame.freetype.init()
    font = pygame.freetype.Font(str(resource_dir("pygame_gui.data") / _FONT_FILES[False]), 20)
    assert font.get_metrics("\u25c0")[0] is None and font.get_metrics("a")[0] is not None
