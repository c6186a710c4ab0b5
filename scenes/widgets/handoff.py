"""The hot-seat hand-off: a screen that hides the board until the next player has the mouse.

It may offer a quick answer beside "I am …" (a pass in a reaction window): an answer any seat may
give whatever it holds, so the next player can give it without their secrets ever showing.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from scenes import palette, ui
from scenes.stack import Scene

GUARD_SECONDS = 0.4  # a hand-off ignores presses this long after it appears (the second click of a double-click)


@dataclass(frozen=True)
class QuickAnswer:
    """An answer given straight from the hand-off screen: its label, its tip and what it does."""

    label: str
    tip: str
    answer: Callable[[], None]


class HandOffScene(Scene):
    """Opaque: nothing of the board (or of anyone's secrets) shows until the named player clicks."""

    opaque = True

    def __init__(self, app, player: str, colour: tuple[int, int, int], on_ready: Callable[[], None] | None = None,
                 reason: str = "It is your turn.", on_escape: Callable[[], None] | None = None,
                 quick: QuickAnswer | None = None):
        super().__init__(app)
        self.quick = quick
        self.quick_button: UIButton | None = None
        self.player = player
        self.colour = colour
        self.on_ready = on_ready
        self.reason = reason
        self.on_escape = on_escape  # Esc: the pause overlay (over this screen: nobody's secrets show)
        self.age = 0.0  # seconds shown
        self._pressed = False  # a press began on this screen once it was armed

    @property
    def armed(self) -> bool:
        """Whether a press now is the next player's: the screen has been up long enough that it cannot be the rest
        of a click (or double-click) the previous player began on what was there before."""
        return self.age >= GUARD_SECONDS

    @property
    def animating(self) -> bool:
        return not self.armed or super().animating  # frames go on until it is armed (its clock is frame time)

    def update(self, dt: float) -> None:
        self.age += dt

    def process_event(self, event) -> bool:
        """Presses that began before this screen appeared, or too soon after, are nobody's answer here."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            if not self.armed:
                return True
            self._pressed = True
        elif event.type == pygame.MOUSEBUTTONUP and not self._pressed:
            return True
        return super().process_event(event)

    def on_enter(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(w // 2 - 320, h // 2 - 170, 640, 340)
        ready = pygame.Rect(w // 2 - 170, self.box.bottom - 92, 340, 60)
        if self.quick is not None:
            ready = pygame.Rect(w // 2 - 296, self.box.bottom - 92, 286, 60)
            self.quick_button = UIButton(pygame.Rect(w // 2 + 10, ready.top, 286, 60), self.quick.label, self.ui,
                                         object_id="@game_button")
            self.spots.add("button:quick", None, self.quick.tip, widget=self.quick_button)
        self.ready = UIButton(ready, f"I am {self.player}", self.ui, object_id="@game_button")
        self.spots.add("button:ready", None, f"{self.player} takes the mouse: their view of the game shows",
                       widget=self.ready)

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_escape is not None:
            self.on_escape()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ready:
            self.app.play_sound("click")
            self.app.stack.pop(self)
            if self.on_ready:
                self.on_ready()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self.quick_button is not None \
                and event.ui_element is self.quick_button:
            self.app.play_sound("click")
            self.app.stack.pop(self)
            assert self.quick is not None, "the quick button answers the quick question"
            self.quick.answer()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_table(surface)
        ui.panel(surface, self.box, radius=18, shadow=10)
        band = pygame.Rect(self.box.left, self.box.top, self.box.width, 14)
        pygame.draw.rect(surface, self.colour, band, border_top_left_radius=18, border_top_right_radius=18)
        ui.text(surface, "Pass the mouse to", (self.box.centerx, self.box.top + 44), 22, palette.TEXT_DIM, anchor="midtop")
        ui.text(surface, self.player, (self.box.centerx, self.box.top + 80), 48, self.colour, bold=True, shadow=True,
                anchor="midtop")
        lines = ui.wrap(self.reason, 18, self.box.width - 60)[:3] + ["Everyone else, look away."]
        for i, line in enumerate(lines):
            ui.text(surface, line, (self.box.centerx, self.box.top + 146 + 24 * i), 18,
                    palette.TEXT if i < len(lines) - 1 else palette.TEXT_DIM, anchor="midtop")
