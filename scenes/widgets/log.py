"""The game log: a scrolling panel of what happened, newest at the bottom."""

from __future__ import annotations

import html

import pygame
from pygame_gui.elements import UITextBox


class GameLog:
    """A pygame-gui text box that keeps the last `keep` lines and scrolls to the newest.

    The box itself holds at most `2 * shown` lines: laying out a long text box again costs
    a lot, so when it is full it is rebuilt once with the newest `shown` lines (colours kept)
    instead of on every line."""

    def __init__(self, manager, rect: pygame.Rect, keep: int = 200, shown: int = 40):
        self.entries: list[tuple[str, tuple[int, int, int] | None]] = []
        self.keep = keep
        self.shown = max(1, min(shown, keep))
        self.in_box = 0
        self.box = UITextBox("", rect, manager, object_id="#game_log")

    @property
    def lines(self) -> list[str]:
        return [line for line, _ in self.entries]

    def reset(self, lines: list[tuple[str, tuple[int, int, int] | None]]) -> None:
        """Show exactly these lines (e.g. the log rebuilt for another seat's eyes)."""
        self.entries = list(lines)[-self.keep :]
        self._rebuild()

    def _rebuild(self) -> None:
        tail = self.entries[-self.shown :]
        self.in_box = len(tail)
        self.box.set_text("<br>".join(_html(line, colour) for line, colour in tail))
        self._scroll()

    def _scroll(self) -> None:
        self._to_end()
        self._pin = 2  # the text box sizes its scroll bar on its next updates: scroll again then

    def update(self) -> None:
        """Call once a frame: keeps the newest line in view once the text box has laid it out."""
        if getattr(self, "_pin", 0) > 0:
            self._pin -= 1
            self._to_end()

    def _to_end(self) -> None:
        bar = self.box.scroll_bar
        if bar is None:
            return
        bar.set_scroll_from_start_percentage(1.0)
        # With a long text the slider keeps a minimum height, and pygame-gui then stops short
        # of the end (the newest line half hidden): start where the last page begins.
        bar.start_percentage = max(bar.start_percentage, 1.0 - bar.visible_percentage)

    def add(self, line: str, colour: tuple[int, int, int] | None = None) -> None:
        self.entries.append((line, colour))
        if len(self.entries) > self.keep:
            self.entries = self.entries[-self.keep :]
        if self.in_box >= 2 * self.shown:
            self._rebuild()
            return
        self.box.append_html_text(("<br>" if self.in_box else "") + _html(line, colour))
        self.in_box += 1
        self._scroll()


def _html(line: str, colour: tuple[int, int, int] | None) -> str:
    text = html.escape(line)
    if colour is not None:
        text = f"<font color='#{colour[0]:02X}{colour[1]:02X}{colour[2]:02X}'>{text}</font>"
    return text
