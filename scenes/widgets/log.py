"""The game log: a scrolling panel of what happened, newest at the bottom."""

from __future__ import annotations

import html

import pygame
from pygame_gui.elements import UITextBox


class GameLog:
    """A pygame-gui text box that keeps at most the last `keep` lines and scrolls to the newest.

    Laying out a text box costs time per line, so the box changes only in `flush()` (once a
    frame, from the board's update; `lines` is always current): new lines are appended in one
    go, and when there are more than `keep` the oldest quarter goes at once (colours kept).
    """

    def __init__(self, manager, rect: pygame.Rect, keep: int = 60):
        self.entries: list[tuple[str, tuple[int, int, int] | None]] = []
        self.keep = keep
        self.box = UITextBox("", rect, manager, object_id="#game_log")
        self._shown = 0  # entries already in the box
        self._stale = False  # the box must be rebuilt from scratch
        self._pin = 0  # frames left to keep scrolling to the newest line

    @property
    def lines(self) -> list[str]:
        return [line for line, _ in self.entries]

    def reset(self, lines: list[tuple[str, tuple[int, int, int] | None]]) -> None:
        """Show exactly these lines (e.g. the log rebuilt for another seat's eyes), the newest `keep` of them."""
        entries = list(lines)[-self.keep :]
        if entries != self.entries:
            self.entries = entries
            self._stale = True

    def add(self, line: str, colour: tuple[int, int, int] | None = None) -> None:
        self.entries.append((line, colour))
        if len(self.entries) > self.keep:
            self.entries = self.entries[-(self.keep - self.keep // 4) :]
            self._stale = True

    def flush(self) -> None:
        """Bring the text box up to date (cheap when nothing changed)."""
        if self._pin > 0:  # the text box sizes its scroll bar on its own next updates: scroll again then
            self._pin -= 1
            self._to_end()
        if self._stale:
            self.box.set_text("<br>".join(self._html(line, colour) for line, colour in self.entries))
        elif self._shown < len(self.entries):
            new = self.entries[self._shown :]
            self.box.append_html_text(("<br>" if self._shown else "") + "<br>".join(self._html(line, c) for line, c in new))
        else:
            return
        self._stale = False
        self._shown = len(self.entries)
        self._to_end()
        self._pin = 2

    def _html(self, line: str, colour) -> str:
        """A line as the text box's html, wrapped here into rows a little narrower than the box.

        pygame-gui 0.6 lays a row that exactly fills the box's width and then breaks a second time at the
        line's end: a blank row under it. Rows that never reach the edge (measured with the box's own font,
        leaving room for the scroll bar, which comes and goes) are never broken again."""
        rows = _rows(line, self._font(), self._row_width())
        return "<br>".join(_html(row, colour) for row in rows)

    def _font(self):
        return self.box.ui_theme.get_font(self.box.combined_element_ids)

    def _row_width(self) -> int:
        """The width rows get once the scroll bar shows (the box's own text area, less the bar while hidden)."""
        b = self.box
        return b.text_wrap_rect.width - (0 if b.scroll_bar is not None else b.scroll_bar_width) - ROW_MARGIN

    def _to_end(self) -> None:
        bar = self.box.scroll_bar
        if bar is None:
            return
        bar.set_scroll_from_start_percentage(1.0)
        # With a long text the slider keeps a minimum height, and pygame-gui then stops short
        # of the end (the newest line half hidden): start where the last page begins.
        bar.start_percentage = max(bar.start_percentage, 1.0 - bar.visible_percentage)


ROW_MARGIN = 4  # pixels a wrapped row keeps free before the text box's edge


def _rows(line: str, font, width: int) -> list[str]:
    """`line` cut into rows at most `width` pixels wide in `font`, between words (a word wider than a row is
    cut between letters)."""
    if width <= 0:  # a box that sizes itself to its text: nothing to keep away from
        return [line]
    rows: list[str] = []
    row = ""
    for word in line.split(" "):
        while font.size(word)[0] > width and len(word) > 1:  # too wide for any row: as much as fits, then the rest
            cut = max(1, max(k for k in range(1, len(word) + 1) if font.size(word[:k])[0] <= width or k == 1))
            if row:
                rows.append(row)
                row = ""
            rows.append(word[:cut])
            word = word[cut:]
        trial = f"{row} {word}" if row else word
        if row and font.size(trial)[0] > width:
            rows.append(row)
            row = word
        else:
            row = trial
    rows.append(row)
    return rows


def _html(line: str, colour: tuple[int, int, int] | None) -> str:
    text = html.escape(line)
    if colour is not None:
        text = f"<font color='#{colour[0]:02X}{colour[1]:02X}{colour[2]:02X}'>{text}</font>"
    return text
