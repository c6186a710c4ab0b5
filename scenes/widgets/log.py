"""The game log: a scrolling panel of what happened, newest at the bottom.

The panel lays out and draws its own rows (`LogBox`): pygame-gui's text box parsed and laid out the whole
html of the log again for every change (twice when the text outgrew the box: once without the scroll bar,
once with it), which took about 130 ms of CPU for 60 lines, at every hand-off and every time old lines
were dropped, and 15 ms for each line added (issue 30: the log was a third of the CPU of the heaviest
board tests, and a hitch at each hand-off). Here each row is rendered once and kept while its line is
shown: a log rebuilt with the same lines costs no rendering, a new line one render per row.
"""

from __future__ import annotations

import math

import pygame
from pygame_gui.core import UIElement
from pygame_gui.core.drawable_shapes import RectDrawableShape, RoundedRectangleShape
from pygame_gui.core.utility import basic_blit
from pygame_gui.elements import UIVerticalScrollBar

Colour = tuple[int, int, int]
Entry = tuple[str, Colour | None]

ROW_MARGIN = 4  # pixels a wrapped row keeps free before the text area's edge
SCROLL_BAR_WIDTH = 20  # pixels, as pygame-gui's text box


class LogBox(UIElement):
    """The log's panel, themed as a text box (`text_box` / `#game_log`: background, border, rounded corners,
    padding, font, line spacing), with pygame-gui's scroll bar once the rows are taller than the panel (the
    mouse wheel over the panel scrolls it). The text area always leaves the scroll bar's room, so rows are
    wrapped once, whether the bar shows or not."""

    shape: str  # these four are set from the theme by pygame-gui's theming checks
    padding: tuple[int, int]
    line_spacing: float
    border_width: dict[str, int]

    def __init__(self, rect: pygame.Rect, manager):
        super().__init__(rect, manager, None, starting_height=1, layer_thickness=1, object_id="#game_log",
                         element_id=["text_box"])
        self.scroll_bar: UIVerticalScrollBar | None = None
        self._entries: list[Entry] = []  # the lines shown
        self.rows: list[tuple[str, Colour | None]] = []  # every row of the log, top to bottom, as drawn
        self._surfaces: list[pygame.Surface] = []  # the rows rendered
        self._cache: dict[Entry, tuple[list[str], list[pygame.Surface]]] = {}  # a line shown -> its rows, rendered
        self._offset = 0  # pixels of rows scrolled above the text area
        self._seen_start = 0.0  # the scroll bar's position last drawn
        self.font = self.ui_theme.get_font(self.combined_element_ids)
        self.rebuild_from_changed_theme_data()

    # -- theme and geometry ------------------------------------------------------------------
    def rebuild_from_changed_theme_data(self) -> None:
        super().rebuild_from_changed_theme_data()
        self._check_misc_theme_data_changed("shape", "rectangle", str, ["rectangle", "rounded_rectangle"])
        self._check_shape_theming_changed(defaults={"border_width": {"left": 1, "right": 1, "top": 1, "bottom": 1},
                                                    "shadow_width": 2, "border_overlap": 1,
                                                    "shape_corner_radius": [2, 2, 2, 2]})
        self._check_misc_theme_data_changed("padding", (5, 5), self.tuple_extract)
        self._check_misc_theme_data_changed("line_spacing", 1.25, float)
        ids = self.combined_element_ids
        self.background_colour = self.ui_theme.get_colour_or_gradient("dark_bg", ids)
        self.border_colour = self.ui_theme.get_colour_or_gradient("normal_border", ids)
        self.text_colour = self.ui_theme.get_colour("normal_text", ids)
        self.font = self.ui_theme.get_font(ids)
        self._cache.clear()
        self._build()

    def _build(self) -> None:
        """Background, text area and scroll bar for the panel's size, then the rows drawn again."""
        radius = self.shape_corner_radius
        corner = [round(r - math.sin(math.pi / 4) * r) for r in radius]
        self._corner = (max(corner[0], corner[2]), max(corner[0], corner[1]))
        params = {"normal_bg": self.background_colour, "normal_border": self.border_colour,
                  "border_width": self.border_width, "shadow_width": self.shadow_width,
                  "shape_corner_radius": radius, "border_overlap": self.border_overlap}
        shape_type = RoundedRectangleShape if self.shape == "rounded_rectangle" else RectDrawableShape
        shape = shape_type(self.rect, params, ["normal"], self.ui_manager)
        self._background = shape.get_fresh_surface()
        border, pad, shadow = self.border_width, self.padding, self.shadow_width
        left = pad[0] + border["left"] + shadow + self._corner[0]
        top = pad[1] + border["top"] + shadow + self._corner[1]
        self.text_area = pygame.Rect(left, top,
                                     max(1, self.rect.width - 2 * left - SCROLL_BAR_WIDTH),
                                     max(1, self.rect.height - 2 * top))  # inside the panel
        self._row_pitch = max(1, round(self.font.get_rect("Hg").height * self.line_spacing))
        self._row_height = self.font.get_rect("Hg").height
        if self.scroll_bar is not None:
            self.scroll_bar.kill()
            self.scroll_bar = None
        self._lay_out(to_end=True)

    @property
    def row_width(self) -> int:
        """How wide a row may run, in pixels."""
        return self.text_area.width - ROW_MARGIN

    def set_dimensions(self, dimensions, clamp_to_container: bool = False) -> None:
        width = self.rect.width
        super().set_dimensions(dimensions, clamp_to_container)
        self._build()
        if self.rect.width != width:  # rows wrap at another width
            self._cache.clear()
            self.set_lines(self._entries)

    def kill(self) -> None:
        if self.scroll_bar is not None:
            self.scroll_bar.kill()
        super().kill()

    def show(self) -> None:  # the scroll bar shows and hides with the panel, as pygame-gui's text box does
        super().show()
        if self.scroll_bar is not None:
            self.scroll_bar.show()

    def hide(self) -> None:
        if not self.visible:
            return
        super().hide()
        if self.scroll_bar is not None:
            self.scroll_bar.hide()

    # -- content -----------------------------------------------------------------------------
    def set_lines(self, entries: list[Entry]) -> None:
        """Show exactly these lines, scrolled to the newest. Lines shown before are not rendered again."""
        cache, self._cache = self._cache, {}
        self._entries, self.rows, self._surfaces = list(entries), [], []
        for entry in entries:
            self._take(entry, cache.get(entry))
        self._lay_out(to_end=True)

    def add_lines(self, entries: list[Entry]) -> None:
        """Add these lines under the others, scrolled to the newest."""
        self._entries.extend(entries)
        for entry in entries:
            self._take(entry, self._cache.get(entry))
        self._lay_out(to_end=True)

    def _take(self, entry: Entry, rendered: tuple[list[str], list[pygame.Surface]] | None) -> None:
        """One line's rows under the others (rendered now unless they were already)."""
        if rendered is None:
            line, colour = entry
            rows = _rows(line, self.font, self.row_width)
            text_colour = pygame.Color(*colour) if colour is not None else self.text_colour
            rendered = rows, [self.font.render_premul(row, text_colour) for row in rows]
        self._cache[entry] = rendered
        self.rows.extend((row, entry[1]) for row in rendered[0])
        self._surfaces.extend(rendered[1])

    @property
    def row_text(self) -> str:
        """Every row shown, one a line (what a player can read in the panel, scrolled or not)."""
        return "\n".join(row for row, _ in self.rows)

    # -- scrolling and drawing ---------------------------------------------------------------
    @property
    def content_height(self) -> int:
        return (len(self._surfaces) - 1) * self._row_pitch + self._row_height if self._surfaces else 0

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.text_area.height)

    def _lay_out(self, to_end: bool) -> None:
        """The scroll bar shown when the rows overflow (sized to them), the view at the newest rows when
        `to_end`, then the panel drawn."""
        height, view = self.content_height, self.text_area.height
        if height > view:
            visible = view / height
            if self.scroll_bar is None:
                border, shadow = self.border_width, self.shadow_width
                place = pygame.Rect(self.relative_rect.right - border["right"] - shadow - SCROLL_BAR_WIDTH,
                                    self.relative_rect.top + border["top"] + shadow, SCROLL_BAR_WIDTH,
                                    self.rect.height - border["top"] - border["bottom"] - 2 * shadow)
                self.scroll_bar = UIVerticalScrollBar(place, visible, self.ui_manager, self.ui_container,
                                                      parent_element=self, visible=self.visible)
                self.join_focus_sets(self.scroll_bar)
            else:
                self.scroll_bar.set_visible_percentage(visible)
        elif self.scroll_bar is not None:
            self.scroll_bar.kill()
            self.scroll_bar = None
        if to_end:
            self._offset = self.max_offset
            bar = self.scroll_bar
            if bar is not None:
                bar.set_scroll_from_start_percentage(1.0)
                # with a long log the slider keeps a minimum height and stops short of the end: the last page
                bar.start_percentage = max(bar.start_percentage, 1.0 - bar.visible_percentage)
                self._seen_start = bar.start_percentage
        self._offset = min(self._offset, self.max_offset)
        self._draw()

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        bar = self.scroll_bar
        if self.alive() and bar is not None and bar.start_percentage != self._seen_start:
            self._seen_start = bar.start_percentage
            self._offset = min(self.max_offset, round(bar.start_percentage * self.content_height))
            self._draw()

    def _draw(self) -> None:
        image = pygame.Surface(self.rect.size, flags=pygame.SRCALPHA, depth=32)
        image.fill((0, 0, 0, 0))
        basic_blit(image, self._background, (0, 0))
        area = self.text_area
        first = max(0, self._offset // self._row_pitch)
        image.set_clip(area)
        for i in range(first, len(self._surfaces)):
            y = area.top + i * self._row_pitch - self._offset
            if y >= area.bottom:
                break
            basic_blit(image, self._surfaces[i], (area.left, y))
        image.set_clip(None)
        self._set_image(image)


class GameLog:
    """The log's lines (at most the last `keep`) and the panel that shows them, scrolled to the newest.

    `add` and `reset` change the lines; the panel follows in `flush()` (once a frame, from the board's
    update; `lines` is always current): new lines are appended, and when there are more than `keep` the
    oldest quarter goes at once (colours kept).
    """

    def __init__(self, manager, rect: pygame.Rect, keep: int = 60):
        self.entries: list[Entry] = []
        self.keep = keep
        self.box = LogBox(rect, manager)
        self._shown = 0  # entries already in the box
        self._stale = False  # the box must be set from scratch

    @property
    def lines(self) -> list[str]:
        return [line for line, _ in self.entries]

    def reset(self, lines: list[Entry]) -> None:
        """Show exactly these lines (e.g. the log rebuilt for another seat's eyes), the newest `keep` of them."""
        entries = list(lines)[-self.keep :]
        if entries != self.entries:
            self.entries = entries
            self._stale = True

    def add(self, line: str, colour: Colour | None = None) -> None:
        self.entries.append((line, colour))
        if len(self.entries) > self.keep:
            self.entries = self.entries[-(self.keep - self.keep // 4) :]
            self._stale = True

    def flush(self) -> None:
        """Bring the panel up to date (nothing to do when nothing changed)."""
        if self._stale:
            self.box.set_lines(self.entries)
        elif self._shown < len(self.entries):
            self.box.add_lines(self.entries[self._shown :])
        else:
            return
        self._stale = False
        self._shown = len(self.entries)


def _rows(line: str, font, width: int) -> list[str]:
    """`line` cut into rows at most `width` pixels wide in `font`, between words (a word wider than a row is
    cut between letters)."""
    if width <= 0:
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

