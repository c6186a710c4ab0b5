"""Every control of the panels off the boards explains itself (issue 23): the settings, the pause menu, the saves
list, the credits, the dialogs and the map dialogs. Played in a real window, these showed no tip at all (the map
dialogs only pygame-gui's own, late and never on a greyed button): each widget is now a hotspot whose tip says
what a click does, and a greyed one why not."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine

from game.khrysos.mapcode import map_code
from scenes.board.saveload import SavesScene
from scenes.credits import CreditsScene
from scenes.khrysos.board import KhrysosBoard
from scenes.khrysos.mapdialogs import MapCodeScene, RandomMapScene
from scenes.overlays import MessageScene, PauseScene, SettingsScene
from tests.scenes.helpers import elements, top
from tests.scenes.kitcheck import check_hotspots

CONTROLS = (UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine)


def controls(scene) -> list:
    """The widgets a player can click: not the parts of a larger one (a slider's arrows, a menu's own button)."""
    found = [e for e in elements(scene) if isinstance(e, CONTROLS) and e.visible]
    parents = [e for e in found if isinstance(e, (UIDropDownMenu, UIHorizontalSlider))]
    return [e for e in found if not any(p.rect.contains(e.rect) and p is not e for p in parents)]


PANELS = {
    "settings": lambda app, board: SettingsScene(app),
    "pause": lambda app, board: PauseScene(app, board=board),
    "saves": lambda app, board: SavesScene(app, board),
    "credits": lambda app, board: CreditsScene(app),
    "message": lambda app, board: MessageScene(app, "Delete this save?", "It will be gone for good.",
                                               [("Delete", lambda: None, "Delete the save for good"), ("Keep", None)]),
    "random map": lambda app, board: RandomMapScene(app, lambda spec: None),
    "map code": lambda app, board: MapCodeScene(app, on_load=lambda spec: None),
    "share code": lambda app, board: MapCodeScene(app, code=map_code(board.snap.view.board.spec)
                                                  if hasattr(board.snap.view.board, "spec") else "KH1"),
}


@pytest.mark.parametrize("name", sorted(PANELS))
def test_every_control_of_the_panel_says_what_a_click_does(app, name, monkeypatch):
    from scenes import clipboard

    monkeypatch.setattr(clipboard, "paste_text", lambda: ("", None))
    monkeypatch.setattr(clipboard, "copy_text", lambda text: None)
    board = KhrysosBoard.for_automation(app, 3)
    board.autosave = False
    app.push(board)
    app.run_frames(2)
    panel = PANELS[name](app, board)
    app.push(panel)
    app.run_frames(3)
    assert top(app) is panel
    shown = controls(panel)
    assert shown, f"the {name} panel has controls"
    spots = {s.widget: s for s in panel.spots if s.widget is not None}
    for widget in shown:
        assert widget in spots, f"{name}: {type(widget).__name__} {getattr(widget, 'text', '')!r} has no tip"
        lines = panel.spots.tip_of(spots[widget])
        assert lines and all(line.strip() for line in lines)
        if not widget.is_enabled:
            assert lines[-1].startswith("Not now: "), f"{name}: a greyed control says why"
    check_hotspots(panel)
    widget = shown[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=widget.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)
    assert panel.spots.hovered is not None and panel.spots.draw_tip(app.screen.copy()) is not None, \
        "the tip shows at once on hover"


def test_a_greyed_page_button_of_the_saves_list_says_why(app):
    board = KhrysosBoard.for_automation(app, 3)
    board.autosave = False
    app.push(board)
    app.run_frames(2)
    panel = SavesScene(app, board)
    app.push(panel)
    app.run_frames(3)
    newer = next(s for s in panel.spots if s.key == "button:newer")
    assert not panel.spots.is_enabled(newer)
    assert panel.spots.tip_of(newer)[-1] == "Not now: these are the newest saves"


def test_a_map_dialog_s_pygame_gui_tooltips_became_hotspots_shown_once(app):
    panel = RandomMapScene(app, lambda spec: None)
    app.push(panel)
    app.run_frames(3)
    assert all(not getattr(e, "tool_tip_text", None) for e in elements(panel)), "no second, late tip from pygame-gui"
    tips = [" ".join(panel.spots.tip_of(s)) for s in panel.spots]
    assert any("One tile more" in t for t in tips)
    assert "Make the map walled: corridors, corners, broken walls and stairs" in tips, "a choice says what it makes"


def test_the_options_of_an_open_list_say_what_choosing_them_does(app):
    """A setup's seat list, opened: each option is a hotspot with its own tip while the list is open (its
    options had none: a new player could not tell Normal from Hard)."""
    from scenes.krosmaster.setup import KrosmasterSetup
    from tests.scenes.helpers import click

    setup = KrosmasterSetup(app)
    app.push(setup)
    app.run_frames(3)
    seat = setup.spots.get("menu:seat:1")
    click(app, seat.rect.center, frames=4)
    items = {s.key.split(":", 2)[2]: s for s in setup.spots if s.key.startswith("option-item:")}
    assert set(items) == {"Human", "Computer: Easy", "Computer: Normal", "Computer: Hard"}
    assert "several moves ahead" in " ".join(items["Computer: Hard"].tip_lines())
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=items["Computer: Hard"].rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.run_frames(2)
    assert setup.spots.hovered.key.endswith("Computer: Hard")
    box = setup.spots.draw_tip(app.screen.copy())  # where the tip goes...
    from scenes import palette

    assert box is not None and tuple(app.screen.get_at((box.left + 6, box.centery)))[:3] == palette.BG_LIGHT, \
        "...and the frame drawn shows it there, over the open list"
    click(app, items["Computer: Hard"].rect.center, frames=4)
    assert not [s for s in setup.spots if s.key.startswith("option-item:")], "closed, the list's options go"
    assert setup.kind_menus[1].selected_option[0] == "Computer: Hard", "the click still chooses it"
