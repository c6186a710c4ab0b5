"""Decisions in the middle of a resolution, as small dialogs over the board: turn a joker, Spin Again."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from scenes import assets, palette, ui
from scenes.overlays import Overlay

FACE_WORDS = {"critical": "Critical", "critical_joker": "Critical-joker", "shield": "Shield",
              "shield_joker": "Shield-joker", "joker": "Joker", "blank": "Blank"}


class ChoiceDialog(Overlay):
    """Buttons for the actions of one pending decision (each with a die face picture when it names one)."""

    width, height = 780, 330

    def __init__(self, app, board, kind: str, title: str, prompt: str, choices: list[tuple[str, str, str | None]]):
        super().__init__(app)
        self.board = board
        self.kind = kind
        self.title = title
        self.prompt = prompt
        self.choices = choices  # (action text, button label, die face or None)

    def on_enter(self) -> None:
        n = len(self.choices)
        w = min(176, (self.box.width - 40 - 12 * (n - 1)) // n)
        left = self.box.centerx - (n * w + 12 * (n - 1)) // 2
        self.buttons: dict[UIButton, str] = {}
        for i, (action, label, _face) in enumerate(self.choices):
            rect = pygame.Rect(left + i * (w + 12), self.box.bottom - 70, w, 46)
            self.buttons[UIButton(rect, label, self.ui, object_id="@game_button")] = action
        self.faces = [(b.rect.centerx, face) for b, (_, _, face) in zip(self.buttons, self.choices)]

    def on_escape(self) -> None:
        pass  # the rules wait for this choice

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.app.play_sound("click")
            action = self.buttons[event.ui_element]
            self.close()
            self.board.act(action)
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        if self.board.match.over or self.board.match.decision().kind != self.kind:
            self.close()

    def draw(self, surface) -> None:
        super().draw(surface)
        lines = ui.wrap(self.prompt, 17, self.box.width - 60)
        for i, line in enumerate(lines[:2]):
            ui.text(surface, line, (self.box.centerx, self.box.top + 70 + i * 24), 17, palette.TEXT, anchor="midtop")
        for x, face in self.faces:
            if face:
                img = assets.image(f"dice/combat_{face}", (80, 80))
                surface.blit(img, img.get_rect(midbottom=(x, self.box.bottom - 84)))


def face_dialog(app, board, pending) -> ChoiceDialog:
    choices = [(f"face {o}", FACE_WORDS.get(o, o), o) for o in pending.options]
    return ChoiceDialog(app, board, "face", "Turn the joker", board.status_text()[0], choices)


def reroll_dialog(app, board, pending) -> ChoiceDialog:
    face = FACE_WORDS.get(pending.face, pending.face)
    choices = [("reroll", "Roll again", None), ("keep", f"Keep {face}", pending.face)]
    return ChoiceDialog(app, board, "reroll", "Spin Again?", board.status_text()[0], choices)
