"""The steal dialog: the combat winner chooses what to take from a player they stunned."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from scenes import palette, ui
from scenes.overlays import Overlay

STEAL_LABELS = {"wood": "1 Wood", "stone": "1 Stone", "bone": "1 Bone", "krom": "Half their Krom ({half})",
                "bonus": "A random Bonus card"}


class StealDialog(Overlay):
    """One button per thing to steal (disabled with the rules' reason when the victim lacks it), and Take nothing."""

    width, height = 520, 440

    def __init__(self, app, board, thief: str, victim: str, half: int):
        super().__init__(app)
        self.board = board
        self.title = f"{victim} is stunned!"
        self.thief = thief
        self.victim = victim
        self.half = half
        self.action_buttons: dict[str, UIButton] = {}

    def on_enter(self) -> None:
        top = self.box.top + 110
        for i, (kind, label) in enumerate(STEAL_LABELS.items()):
            text = f"steal {kind}"
            rect = pygame.Rect(self.box.centerx - 170, top + i * 50, 340, 42)
            reason = self.board.match.why_illegal(text)
            b = UIButton(rect, label.format(half=self.half), self.ui, tool_tip_text=reason or None)
            if reason:
                b.disable()
            self.action_buttons[text] = b
        rect = pygame.Rect(self.box.centerx - 170, top + 5 * 50 + 8, 340, 42)
        self.action_buttons["pass"] = UIButton(rect, "Take nothing", self.ui)

    def on_escape(self) -> None:
        pass  # a choice is owed: the buttons are the way on

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for text, b in self.action_buttons.items():
                if event.ui_element is b:
                    self.app.play_sound("click")
                    self.close()
                    self.board.act(text)
                    return True
        return super().handle_event(event) or event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface) -> None:
        super().draw(surface)
        ui.text(surface, f"{self.thief} won the combat: choose what to steal.", (self.box.centerx, self.box.top + 70),
                17, palette.TEXT, anchor="midtop")
