"""Drive the real SceneStack with synthesized input at the pixels of widgets and cells."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import UIElement

from scenes import palette


def settle(app, frames: int = 2) -> None:
    app.run_frames(frames)


def click(app, pos: tuple[int, int], button: int = 1, frames: int = 3) -> None:
    """Move to a pixel, press and release there, then run frames (pygame-gui reports the press a frame later).
    A hand-off screen just shown ignores presses for a moment: the click comes once it takes them, as a
    player's would (a double-click through a hand-off is tested with raw events)."""
    pos = (int(pos[0]), int(pos[1]))
    wait_armed(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.run_frames(frames)


def wait_armed(app, limit: int = 120) -> None:
    """Run frames until the scene on top takes presses (a hand-off screen ignores them for a moment). They are not
    drawn (`unseen`): the click that follows draws its own."""
    app.stack.apply_pending()
    for _ in range(limit):
        if getattr(app.stack.top, "armed", True):
            return
        unseen(app)


def unseen(app, frames: int = 1) -> None:
    """Run frames nobody looks at: every one updates (the rules, animations, widgets and timers run as in a window)
    and none is drawn. A test that waits frame by frame for something (an animation's end, a hand-off's arming)
    paid a whole picture per frame (run_frames draws its last); what it looks at afterwards is drawn by the frames
    that follow, or by `shown`."""
    for _ in range(frames):
        if not app.running:
            return
        app.frame(1.0 / 60, draw=False)


def shown(app) -> None:
    """Draw the picture of the screen as it stands, no time passing (after `unseen` frames, before looking at it)."""
    app.screen.fill(palette.BG)
    app.stack.draw(app.screen)


def click_widget(app, element: UIElement, frames: int = 3) -> None:
    click(app, element.rect.center, frames=frames)


def press_key(app, key: int, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.run_frames(frames)


def elements(scene) -> list[UIElement]:
    if scene._ui is None:
        return []
    return [e for e in scene.ui.get_sprite_group().sprites() if isinstance(e, UIElement)]


def button(scene, text: str) -> pygame_gui.elements.UIButton:
    """The visible button of a scene showing exactly `text`, or `text` cut short with an ellipsis
    (a long name on a narrow button), as a player would read it."""

    def shows(label: str) -> bool:
        return label == text or (label.endswith("…") and len(label) > 4 and text.startswith(label[:-1]))

    found = [e for e in elements(scene) if isinstance(e, pygame_gui.elements.UIButton) and shows(e.text) and e.visible]
    assert len(found) <= 1 or any(e.text == text for e in found), f"{text!r} is ambiguous: {[e.text for e in found]}"
    found.sort(key=lambda e: e.text != text)
    assert found, f"no button {text!r} in {type(scene).__name__}: " + repr(
        [e.text for e in elements(scene) if isinstance(e, pygame_gui.elements.UIButton)])
    return found[0]


def top(app):
    return app.stack.top


def pixel(app, pos: tuple[int, int]) -> tuple[int, int, int]:
    return tuple(app.screen.get_at(pos))[:3]
