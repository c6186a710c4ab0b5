"""The game log: a scrolling panel of what happened, newest at the bottom."""

from __future__ import annotations

import html

import pygame
from pygame_gui.elements import UITextBox


class GameLog:
    """A pygame-gui text box that keeps at most the last `keep` lines and scrolls to the newest.

    Laying out a text box costs time per line, so the box is rebuilt rarely: lines are appended,
    and when there are more than `keep` the oldest quarter goes at once (colours kept).
    """

    def __init__(self, manager, rect: pygame.Rect, keep: int = 80):
        self.entries: list[tuple[str, tuple[int, int, int] | None]] = []
        self.keep = keep
        self.box = UITextBox("", rect, manager, object_id="#game_log")

    @property
    def lines(self) -> list[str]:
        return [line for line, _ in self.entries]

    def reset(self, lines: list[tuple[str, tuple[int, int, int] | None]]) -> None:
        """Show exactly these lines (e.g. the log rebuilt for another seat's eyes), the newest `keep` of them."""
        entries = list(lines)[-self.keep :]
        if entries == self.entries:
            return  # the same words for these eyes: no costly layout
        self.entries = entries
        self._rebuild()

    def add(self, line: str, colour: tuple[int, int, int] | None = None) -> None:
        self.entries.append((line, colour))
        if len(self.entries) > self.keep:
            self.entries = self.entries[-(self.keep - self.keep // 4) :]
            self._rebuild()
            return
        self.box.append_html_text(("<br>" if len(self.entries) > 1 else "") + _html(line, colour))
        self._scroll_to_end()

    def _rebuild(self) -> None:
        self.box.set_text("<br>".join(_html(line, colour) for line, colour in self.entries))
        self._scroll_to_end()

    def _scroll_to_end(self) -> None:
        if self.box.scroll_bar is not None:
            self.box.scroll_bar.set_scroll_from_start_percentage(1.0)


def _html(line: str, colour: tuple[int, int, int] | None) -> str:
    text = html.escape(line)
    if colour is not None:
        text = f"<font color='#{colour[0]:02X}{colour[1]:02X}{colour[2]:02X}'>{text}</font>"
    return text
