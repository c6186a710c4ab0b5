"""A map file's every problem, in words, in a scrolling box: what an import (or an open) of a file that is
not a playable map shows, so nothing of the reason is cut off (issue 34)."""

from __future__ import annotations

import html
from collections.abc import Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox

from scenes import palette, ui
from scenes.overlays import Overlay


class ProblemListScene(Overlay):
    """A title, one line saying what happened, and every problem as a sentence in a box that scrolls."""

    width, height = 760, 500

    def __init__(self, app, title: str, intro: str, problems: Sequence[str]):
        super().__init__(app)
        self.title = title
        self.intro_lines = ui.wrap(intro, 17, self.width - 48)[:2]
        self.problems = [ui.sentence(p) for p in problems]

    def on_enter(self) -> None:
        b = self.box
        top = b.top + 78 + 24 * len(self.intro_lines)
        items = "<br><br>".join(f"• {html.escape(p)}" for p in self.problems)
        self.text_box = UITextBox(items, pygame.Rect(b.left + 24, top, b.width - 48, b.bottom - 84 - top), self.ui)
        self.ok = UIButton(pygame.Rect(b.centerx - 100, b.bottom - 66, 200, 48), "OK", self.ui)

    def widget_tips(self) -> list:
        count = len(self.problems)
        return [("button:ok", self.ok, "Close this list (Esc); nothing else changes", None),
                ("field:problems", self.text_box, f"{count} problem{'s' if count != 1 else ''}, every one in full: "
                                                  "scroll with the mouse wheel", None)]

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ok:
            self.app.play_sound("click")
            self.close()
            return True
        return super().handle_event(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        for i, line in enumerate(self.intro_lines):
            ui.text(surface, line, (self.box.left + 24, self.box.top + 74 + 24 * i), 17, palette.TEXT)
