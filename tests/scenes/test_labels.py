"""Issue 23, every board: no label is cut without a tooltip that gives it whole, and no two controls overlap.

Every scene a player can open (the menu, the setups, each board through a few positions of a seeded
game, the map builder, the rules references, the saved-games list, the pause overlay) is drawn at the
program's picture size (the window scales that one picture, so the smallest window shows exactly these
labels, only smaller). While it draws, every text the scenes cut with an ellipsis (`ui.fit`, the one
cutting function) is recorded; each must be readable whole in the tip of a control on screen. Every
visible pygame-gui button's label must fit its button or be given whole by its hotspot's tip. No two
visible buttons overlap, and a labelled control (a button) overlaps no other control unless one lies
inside the other (a card's chip on its card); pieces sharing a square may overlap."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from scenes import registry, ui
from tests.scenes.helpers import elements
from tests.scenes.kitcheck import hot_seat_positions

BOARDS = ("krosmaster.board", "krom.board", "khrysos.board")
OTHERS = [name for name in registry.SCENES if name not in BOARDS]


class Cuts:
    """Records every text `ui.fit` cuts while scenes draw."""

    def __init__(self, monkeypatch):
        self.cut: set[str] = set()
        real = ui.fit

        def fit(value, size, width, bold=False):
            out = real(value, size, width, bold)
            if out != value:
                self.cut.add(value)
            return out

        monkeypatch.setattr(ui, "fit", fit)


def _tips(scene) -> list[str]:
    spots = getattr(scene, "spots", None)
    if spots is None:
        return []
    return [" ".join(spots.tip_of(spot)) for spot in spots if spot.widget is None or spot.widget.visible]


def _squash(text: str) -> str:
    return " ".join(text.split())


def _fits(button: pygame_gui.elements.UIButton) -> bool:
    font = button.font
    width = font.size(button.text)[0]
    return width <= button.rect.width - 4


def check_labels(scene, cuts: Cuts) -> None:
    where = type(scene).__name__
    tips = [_squash(t) for t in _tips(scene)]
    for value in sorted(cuts.cut):
        whole = _squash(value)
        assert any(whole in tip for tip in tips), f"{where}: {value!r} is cut and no tip on screen gives it whole"
    buttons = [e for e in elements(scene) if isinstance(e, pygame_gui.elements.UIButton) and e.visible and e.text]
    spots = getattr(scene, "spots", None)
    for b in buttons:
        if _fits(b):
            continue
        spot = spots.for_widget(b) if spots is not None else None
        tip = _squash(" ".join(spots.tip_of(spot))) if spot is not None else ""
        assert _squash(b.text) in tip, f"{where}: the button {b.text!r} does not fit its {b.rect.size} and its tip is {tip!r}"
    for i, a in enumerate(buttons):
        for b in buttons[i + 1:]:
            assert not a.rect.colliderect(b.rect), f"{where}: the buttons {a.text!r} {a.rect} and {b.text!r} {b.rect} overlap"
    if spots is None:
        return
    # A labelled control (a button) lies clear of every other control, or wholly inside or around it.
    shown = [s for s in spots if s.widget is None or s.widget.visible]
    for a in shown:
        if a.widget is None and a.label is None:
            continue
        for b in shown:
            if b is a or not a.rect.colliderect(b.rect) or a.rect.contains(b.rect) or b.rect.contains(a.rect):
                continue
            raise AssertionError(f"{where}: the control {a.key!r} {a.rect} overlaps {b.key!r} {b.rect}")

def _open(app, name: str, seed: int = 3):
    app.stack.replace(registry.make_scene(name, app, seed))
    app.run_frames(30)
    return app.stack.top


@pytest.mark.parametrize("name", OTHERS)
def test_every_label_of_a_scene_is_whole_or_in_a_tip(app, monkeypatch, name):
    cuts = Cuts(monkeypatch)
    scene = _open(app, name)
    check_labels(scene, cuts)


@pytest.mark.slow
@pytest.mark.parametrize("name", BOARDS)
def test_every_label_of_a_board_is_whole_or_in_a_tip_through_a_game(app, monkeypatch, name):
    """Twenty-five settled positions of a hot-seat game at the board's automation table, moves chosen at
    random among the legal ones."""
    checked = 0
    for board in hot_seat_positions(app, name, 25):
        cuts = Cuts(monkeypatch)
        app.run_frames(2)
        check_labels(board, cuts)
        checked += 1
    assert checked >= 10, f"only {checked} positions of {name} were reached"

class _Stub:
    """A scene with hotspots and no pygame-gui widgets, to show the check can fail."""

    _ui = None

    def __init__(self):
        from scenes.hotspots import Hotspots

        self.spots = Hotspots()


def test_the_check_fails_on_a_cut_label_without_a_tip_and_on_overlapping_controls(monkeypatch):
    pygame.font.init()
    cuts = Cuts(monkeypatch)
    scene = _Stub()
    assert ui.fit("Capitol Punishment of the Arachnee", 18, 60) != "Capitol Punishment of the Arachnee"
    scene.spots.add("card:a", pygame.Rect(0, 0, 60, 20), "Capitol")
    with pytest.raises(AssertionError, match="is cut"):
        check_labels(scene, cuts)
    scene.spots.add("card:b", pygame.Rect(100, 0, 60, 20), "Capitol Punishment of the Arachnee: a spell")
    check_labels(scene, cuts)
    scene.spots.add("button:c", pygame.Rect(130, 10, 60, 20), "Another button", label="Another")
    with pytest.raises(AssertionError, match="overlap"):
        check_labels(scene, cuts)
