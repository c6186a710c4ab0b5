"""The game log: a scrolling panel of what happened, newest at the bottom."""

from __future__ import annotations

import html

import pygame
from pygame_gui.elements import UITextBox


class GameLog:
    """A pygame-gui text box that keeps the last `keep` lines and scrolls to the newest."""

    def __init__(self, manager, rect: pygame.Rect, keep: int = 200):
        self.lines: list[str] = []
        self.keep = keep
        self.box = UITextBox("", rect, manager, object_id="#game_log")

    def reset(self, lines: list[tuple[str, tuple[int, int, int] | None]]) -> None:
        """Show exactly these lines (e.g. the log rebuilt for another seat's eyes)."""
        self.lines = [line for line, _ in lines][-self.keep :]
        self.box.set_text("<br>".join(_html(line, colour) for line, colour in lines[-self.keep :]))
        if self.box.scroll_bar is not None:
            self.box.scroll_bar.set_scroll_from_start_percentage(1.0)

    def add(self, line: str, colour: tuple[int, int, int] | None = None) -> None:
        self.lines.append(line)
        text = _html(line, colour)
        if len(self.lines) > self.keep:
            self.lines = self.lines[-self.keep :]
            self.box.set_text("<br>".join(html.escape(x) for x in self.lines))
        else:
            self.box.append_html_text(("<br>" if len(self.lines) > 1 else "") + text)
        if self.box.scroll_bar is not None:
            self.box.scroll_bar.set_scroll_from_start_percentage(1.0)


def _html(line: str, colour: tuple[int, int, int] | None) -> str:
    text = html.escape(line)
    if colour is not None:
        text = f"<font color='#{colour[0]:02X}{colour[1]:02X}{colour[2]:02X}'>{text}</font>"
    return text
