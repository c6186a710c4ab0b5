"""The map builder's picture and geometry: the tile palette, the grid of tile places with the map, the
problems pointed out and the symmetry line, the side panel's checklist and scrolling list of problems,
and where each of them lies on screen (zoom, pan, slots). A mixin of `BuilderScene`."""

from __future__ import annotations

import pygame

import game.khrysos as K
from game.khrysos import MAX_TILE_POS, TILE_SIZE, TILES
from scenes import palette, ui
from scenes.khrysos import art

SLOTS = MAX_TILE_POS + 1
PALETTE = pygame.Rect(10, 52, 236, 660)
TOOLS = pygame.Rect(256, 52, 660, 38)  # the bar of map tools above the grid
GRID = pygame.Rect(256, 96, 660, 566)
RULE_W, RULE_H = 28, 20  # the edges naming the columns (letters, on top) and the rows (numbers, on the left)
VIEW = pygame.Rect(GRID.left + RULE_W, GRID.top + RULE_H, GRID.width - RULE_W - 2, GRID.height - RULE_H - 2)
STATUS = pygame.Rect(GRID.left, GRID.bottom + 6, GRID.width, 712 - GRID.bottom - 6)  # messages: under the grid, never on it
SIDE = pygame.Rect(926, 52, 344, 660)
ZOOMS = (13, 18, 24, 32)  # pixels a square
NEW_ZOOM = 2  # a new map's zoom: its zone numbers read (they do not at 13 pixels a square)
PAL_COLS, PAL_ROW = 2, 84
NOTE_SIZE, NOTE_LINE = 14, 18  # the problem list's text
STATUS_SIZE = 14
IDLE_STATUS = ("The edges name each square (the one under the mouse lights up); click a problem to see its tiles.",
               "Shift+click or drag a box to select several tiles; Ctrl+C, Ctrl+V copy them; Shift+arrows shift them.")


class BuilderView:
    """Drawing and geometry of the builder (its state lives in `BuilderScene`)."""

    def note_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Every problem and warning, each a sentence wrapped to the side panel: (line, colour), a blank
        line between two sentences."""
        return [(line, colour) for line, colour, _ in self._notes()]

    def note_owners(self) -> list[int | None]:
        """For each line of `note_lines`, the index of its problem in `report_notes` (None for a blank line)."""
        return [k for _, _, k in self._notes()]

    def _notes(self) -> list[tuple[str, tuple[int, int, int], int | None]]:
        key = (tuple(self.problems), tuple(self.warnings))
        if getattr(self, "_notes_key", None) != key:
            out: list[tuple[str, tuple[int, int, int], int | None]] = []
            notes = [(ui.sentence(p), palette.BLOCKED) for p in self.problems]
            notes += [("Note: " + ui.sentence(w), palette.GOLD) for w in self.warnings]
            for k, (text, colour) in enumerate(notes):
                if out:
                    out.append(("", colour, None))
                out.extend((line, colour, k) for line in ui.wrap(text, NOTE_SIZE, SIDE.width - 40))
            self._notes_key, self._notes_cache = key, out
        return self._notes_cache

    def note_rows(self) -> dict[int, pygame.Rect]:
        """Where each problem shown in the list lies on screen (its lines), by its index in `report_notes`."""
        shown, above, _ = self.visible_notes()
        owners = self.note_owners()
        area = self.notes_rect()
        top = area.top + (NOTE_LINE if above else 0)
        rows: dict[int, pygame.Rect] = {}
        for j in range(len(shown)):
            k = owners[above + j]
            if k is None:
                continue
            line = pygame.Rect(area.left, top + j * NOTE_LINE, area.width, NOTE_LINE)
            rows[k] = rows[k].union(line) if k in rows else line
        return rows

    def checklist(self) -> list[tuple[bool, str]]:
        """The validator's verdict as a checklist: (passed, line), in the rules' words (`map_checklist`)."""
        return K.map_checklist(self.report, len(self.tiles))


    # -- geometry ---------------------------------------------------------------------------------
    @property
    def square(self) -> int:
        return ZOOMS[self.zoom]

    @property
    def tile_px(self) -> int:
        return self.square * TILE_SIZE

    def origin(self) -> tuple[int, int]:
        return VIEW.left + 2 - self.pan[0], VIEW.top + 2 - self.pan[1]

    def slot_at(self, pos) -> tuple[int, int] | None:
        if not VIEW.collidepoint(pos):
            return None
        ox, oy = self.origin()
        x, y = (pos[0] - ox) // self.tile_px, (pos[1] - oy) // self.tile_px
        if 0 <= x < SLOTS and 0 <= y < SLOTS:
            return (x, y)
        return None

    def slot_rect(self, slot) -> pygame.Rect:
        ox, oy = self.origin()
        return pygame.Rect(ox + slot[0] * self.tile_px, oy + slot[1] * self.tile_px, self.tile_px, self.tile_px)

    def slot_centre(self, slot) -> tuple[int, int]:
        return self.slot_rect(slot).center

    def set_zoom(self, level: int, around=None) -> None:
        level = max(0, min(len(ZOOMS) - 1, level))
        if level == self.zoom:
            return
        around = around or VIEW.center
        ox, oy = self.origin()
        fx, fy = (around[0] - ox) / self.tile_px, (around[1] - oy) / self.tile_px
        self.zoom = level
        self.pan = [int(VIEW.left + 2 + fx * self.tile_px - around[0]), int(VIEW.top + 2 + fy * self.tile_px - around[1])]
        self._clamp_pan()
        if hasattr(self, "buttons"):
            self._sync_buttons()  # the zoom buttons grey at the ends

    def fit_view(self, slots=None, most: int = len(ZOOMS) - 1) -> None:
        """Zoom in as far as the map's tiles (or the tile places `slots`) still fit, at most to zoom `most`, and
        centre them. A new map opens at NEW_ZOOM, where zone numbers read, centred on the middle of the grid."""
        slots = [(t.x, t.y) for t in self.tiles] if slots is None else list(slots)
        if not slots:
            self.zoom = NEW_ZOOM
            self.pan = [int(2 + SLOTS * self.tile_px / 2 - VIEW.width / 2), int(2 + SLOTS * self.tile_px / 2 - VIEW.height / 2)]
            self._clamp_pan()
            return
        xs = [x for x, _ in slots]
        ys = [y for _, y in slots]
        w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        fits = [k for k, sq in enumerate(ZOOMS) if k <= most and (w + 1) * sq * TILE_SIZE <= VIEW.width
                and (h + 1) * sq * TILE_SIZE <= VIEW.height]
        self.zoom = fits[-1] if fits else 0
        t = self.tile_px
        cx, cy = (min(xs) + w / 2) * t, (min(ys) + h / 2) * t
        self.pan = [int(2 + cx - VIEW.width / 2), int(2 + cy - VIEW.height / 2)]
        self._clamp_pan()

    def _clamp_pan(self) -> None:
        extent = SLOTS * self.tile_px + 4
        for i, size in enumerate((VIEW.width, VIEW.height)):
            self.pan[i] = max(0, min(max(0, extent - size), self.pan[i]))

    def palette_items(self) -> list[tuple[str, pygame.Rect]]:
        items = []
        w = (PALETTE.width - 16) // PAL_COLS
        for i, tile in enumerate(TILES):
            r = pygame.Rect(PALETTE.left + 8 + (i % PAL_COLS) * w, PALETTE.top + 34 + (i // PAL_COLS) * PAL_ROW, w, PAL_ROW - 4)
            items.append((tile, r))
        return items

    def _map(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """The picture of the tiles placed (cut to their squares) and the square of its top-left corner."""
        key = (K.map_key(self.spec), self.square)
        if key != self._cache_key:
            self._cache_key = key
            board = K.layout(self.tiles)
            self._map_image = art.map_surface(board, self.square)
            self._map_corner = board.extent[:2]
        return self._map_image, self._map_corner

    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_table(surface)
        star = "*" if self.dirty else ""
        bar = pygame.Rect(0, 0, surface.get_width(), 44)
        pygame.draw.rect(surface, palette.PANEL, bar)
        title = f"Map builder: {self.current_name()}{star}"
        ui.text(surface, title, (16, 22), 20, palette.TEXT, bold=True, anchor="midleft")
        verdict = ("Playable" if not self.problems else f"{len(self.problems)} problem{'s' if len(self.problems) > 1 else ''}")
        ui.text(surface, verdict, (bar.right - 16, 22), 18, palette.LEGAL if not self.problems else palette.BLOCKED,
                bold=True, anchor="midright")
        self._draw_palette(surface)
        self._draw_grid(surface)
        self._draw_side(surface)
        if self.drag is not None:
            self._draw_ghost(surface)
        self._draw_status(surface)

    def status_lines(self) -> list[str]:
        """The message, wrapped to the strip under the grid (two lines; a longer one in smaller letters)."""
        if not self.message:
            return []
        lines = ui.wrap(self.message[0], STATUS_SIZE, STATUS.width - 24)
        if len(lines) <= 2:
            return lines
        lines = ui.wrap(self.message[0], STATUS_SIZE - 3, STATUS.width - 24)
        if len(lines) > 3:  # never past the strip: the end of a very long message is cut, marked with "…"
            lines = lines[:2] + [ui.fit(" ".join(lines[2:]), STATUS_SIZE - 3, STATUS.width - 24)]
        return lines

    def _draw_status(self, surface) -> None:
        """The strip under the grid where the builder's messages show: it never covers the map."""
        colour = self.message[1] if self.message else palette.PANEL_LIGHT
        ui.panel(surface, STATUS, colour=palette.BG_LIGHT, edge=colour, radius=8)
        lines = self.status_lines()
        if not lines:
            for i, line in enumerate(IDLE_STATUS):
                ui.text(surface, line, (STATUS.centerx, STATUS.centery + 16 * i - 8), 13, palette.TEXT_DIM, anchor="center")
            return
        size = STATUS_SIZE if len(lines) <= 2 else STATUS_SIZE - 3
        step = size + 3 if len(lines) <= 2 else size + 2
        middle = STATUS.centery - step * (len(lines) - 1) / 2  # the lines' centres, spread evenly about the strip's
        for i, line in enumerate(lines):
            ui.text(surface, line, (STATUS.centerx, round(middle + step * i)), size, palette.TEXT, anchor="center")

    def _draw_palette(self, surface) -> None:
        ui.panel(surface, PALETTE)
        ui.text(surface, "Tiles: drag onto the map", (PALETTE.left + 12, PALETTE.top + 8), 15, palette.TEXT_DIM, bold=True)
        hover = None
        for tile, r in self.palette_items():
            if r.collidepoint(self.mouse):
                hover = tile
                pygame.draw.rect(surface, palette.PANEL_LIGHT, r, border_radius=6)
            pic = art.tile_picture(tile, 0, 16)
            surface.blit(pic, pic.get_rect(midtop=(r.centerx, r.top + 4)))
            ui.text(surface, TILES[tile].name, (r.centerx, r.bottom - 4), 12, palette.TEXT, anchor="midbottom")
        ui.text(surface, "Right-click or R: turn a tile", (PALETTE.left + 12, PALETTE.bottom - 40), 13, palette.TEXT_DIM)
        ui.text(surface, "Delete or drag off: remove it", (PALETTE.left + 12, PALETTE.bottom - 22), 13, palette.TEXT_DIM)
        del hover

    def _draw_grid(self, surface) -> None:
        ui.panel(surface, GRID, colour=palette.BG_LIGHT, radius=8, shadow=4)
        self._draw_rulers(surface)
        clip = surface.get_clip()
        surface.set_clip(VIEW)
        ox, oy = self.origin()
        t = self.tile_px
        for i in range(SLOTS + 1):
            pygame.draw.line(surface, palette.PANEL, (ox + i * t, oy), (ox + i * t, oy + SLOTS * t))
            pygame.draw.line(surface, palette.PANEL, (ox, oy + i * t), (ox + SLOTS * t, oy + i * t))
        image, (left, top) = self._map()
        surface.blit(image, (ox + left * self.square, oy + top * self.square))
        self._draw_axis(surface)
        for slot in self.bad_tiles:
            pygame.draw.rect(surface, palette.BLOCKED, self.slot_rect(slot).inflate(-2, -2), width=3, border_radius=4)
        sq = self.square
        for x, y in self.bad_squares:
            pygame.draw.rect(surface, palette.GOLD, pygame.Rect(ox + x * sq, oy + y * sq, sq, sq), width=2)
        if self.shown_problem is not None and self.shown_left > 0:  # a problem clicked in the list: its tiles blink
            on = int(self.shown_left * 4) % 2 == 0
            for slot in self.shown_problem.tiles:
                pygame.draw.rect(surface, palette.GOLD if on else palette.BLOCKED, self.slot_rect(slot).inflate(2, 2),
                                 width=4, border_radius=4)
        self.draw_selection(surface)
        if self.drag is None and self.hover_tile is not None and self.tile_at(self.hover_tile) is not None:
            pygame.draw.rect(surface, palette.HOVER, self.slot_rect(self.hover_tile), width=2, border_radius=3)
        if self.drag is None:
            self.draw_turn_handles(surface)
        surface.set_clip(clip)

    def hovered_square(self) -> tuple[int, int] | None:
        """The square of the grid under the mouse (in squares, from the grid's corner), if any."""
        if not VIEW.collidepoint(self.mouse):
            return None
        ox, oy = self.origin()
        x, y = (self.mouse[0] - ox) // self.square, (self.mouse[1] - oy) // self.square
        return (x, y) if 0 <= x < SLOTS * TILE_SIZE and 0 <= y < SLOTS * TILE_SIZE else None

    def _draw_rulers(self, surface) -> None:
        """The grid's edges: column letters on top, row numbers on the left, counted from the grid's fixed corner
        (so a square keeps its name while the map grows); the column and row under the mouse in gold. At the
        smallest zoom only each tile's first column and row is named."""
        clip = surface.get_clip()
        hover = self.hovered_square()
        self._draw_ruler(surface, 0, pygame.Rect(VIEW.left, GRID.top + 2, VIEW.width, RULE_H - 2), hover)
        self._draw_ruler(surface, 1, pygame.Rect(GRID.left + 2, VIEW.top, RULE_W - 2, VIEW.height), hover)
        surface.set_clip(clip)

    def _draw_ruler(self, surface, axis: int, band: pygame.Rect, hover) -> None:
        """One edge: `axis` 0 names the columns along the top `band`, 1 the rows down the left one."""
        sq = self.square
        start = self.origin()[axis]
        every = 1 if sq >= 18 else TILE_SIZE
        surface.set_clip(band)
        low, high = (band.left, band.right) if axis == 0 else (band.top, band.bottom)
        for k in range(SLOTS * TILE_SIZE):
            at = start + k * sq
            if at + sq < low or at > high:
                continue
            if k % TILE_SIZE == 0:  # a tick where each tile place begins
                tick = ((at, band.bottom - 5), (at, band.bottom)) if axis == 0 else ((band.right - 5, at), (band.right, at))
                pygame.draw.line(surface, palette.PANEL, *tick)
            lit = hover is not None and hover[axis] == k
            if k % every and not lit:
                continue
            middle = at + sq // 2 if every == 1 else at + (2 if axis == 0 else 7)
            if not low + 6 <= middle <= high - 6:
                if not lit:
                    continue  # half a square at the edge: its name would run into the next one
                middle = max(low + 7, min(high - 7, middle))  # the square under the mouse always shows its name
            if axis == 0:
                name, pos, anchor = K.grid_column_name(k), (middle, band.centery), "center" if every == 1 else "midleft"
            else:
                name, pos, anchor = K.grid_row_name(k), (band.right - 4, middle), "midright"
            ui.text(surface, name, pos, 11, palette.GOLD if lit else palette.TEXT_DIM, bold=lit, anchor=anchor)

    def _draw_axis(self, surface) -> None:
        """With symmetric placing on, the gold line (or centre point) that tiles are mirrored across."""
        if self.symmetry is None:
            return
        ox, oy = self.origin()
        mid = SLOTS // 2 * self.tile_px
        end = SLOTS * self.tile_px
        dash = max(6, self.square // 2)
        if self.symmetry in ("mirror", "flip"):
            for k in range(0, end, 2 * dash):
                a, b = k, min(end, k + dash)
                if self.symmetry == "mirror":
                    pygame.draw.line(surface, palette.GOLD, (ox + mid, oy + a), (ox + mid, oy + b), 3)
                else:
                    pygame.draw.line(surface, palette.GOLD, (ox + a, oy + mid), (ox + b, oy + mid), 3)
        else:
            centre = (ox + mid, oy + mid)
            pygame.draw.circle(surface, palette.GOLD, centre, max(6, self.square // 2), width=3)
            pygame.draw.circle(surface, palette.GOLD, centre, 3)

    def draw_above(self, surface: pygame.Surface) -> None:
        """Above the widgets: a lesson's ring and outlines, then the hovered tip (none while a tile is dragged:
        it would hide where the tile goes)."""
        if self.coach is not None and self.app.stack.top is self:
            self.coach.draw(surface)
        if self.drag is None:
            super().draw_above(surface)

    def _draw_ghost(self, surface) -> None:
        drag = self.drag
        if drag.get("group"):
            return  # several tiles: `draw_selection` outlines where they would go
        pos = drag["pos"]
        slot = self.slot_at(pos)
        pic = art.tile_picture(drag["tile"], drag["rotation"], self.square)
        if slot is not None:
            r = self.slot_rect(slot)
            occupied = any((t.x, t.y) == slot for t in self.tiles if t is not drag["from"])
            ghost = pic.copy()
            ghost.set_alpha(170)
            surface.blit(ghost, r)
            pygame.draw.rect(surface, palette.BLOCKED if occupied else palette.LEGAL, r, width=3, border_radius=3)
        else:
            ghost = pic.copy()
            ghost.set_alpha(200 if drag["from"] is None else 110)
            surface.blit(ghost, ghost.get_rect(center=pos))
            if drag["from"] is not None:
                ui.text(surface, "Drop here to remove", (pos[0], pos[1] + pic.get_height() // 2 + 6), 14, palette.BLOCKED,
                        bold=True, anchor="midtop")

    def checklist_top(self) -> int:
        under_lesson = self.lesson_checklist_top()
        return under_lesson if under_lesson is not None else SIDE.top + 84 + 4 * 42 + 4

    def notes_rect(self) -> pygame.Rect:
        """Where the list of problems and warnings is shown (it scrolls when they do not all fit)."""
        y = self.checklist_top() + 26
        for _, line in self.checklist():
            y += NOTE_LINE * len(ui.wrap(line, 15, SIDE.width - 52)) + 6
        return pygame.Rect(SIDE.left + 8, y + 4, SIDE.width - 16, SIDE.bottom - 66 - y - 8)

    def notes_fit(self) -> int:
        return max(1, self.notes_rect().height // NOTE_LINE)

    def scroll_notes(self, lines: int) -> None:
        end = max(0, len(self.note_lines()) - (self.notes_fit() - 1))  # the last lines, under one saying what is above
        self.notes_scroll = max(0, min(end, self.notes_scroll + lines))

    def visible_notes(self) -> tuple[list[tuple[str, tuple[int, int, int]]], int, int]:
        """(the note lines shown, lines hidden above, lines hidden below): all when they fit; otherwise a line
        above and one below (where lines are hidden) say how many more there are, and the wheel scrolls."""
        lines = self.note_lines()
        fit = self.notes_fit()
        if len(lines) <= fit:
            return lines, 0, 0
        start = max(0, min(self.notes_scroll, len(lines) - (fit - 1)))
        if start == 0:
            room = fit - 1
        elif start + fit - 1 >= len(lines):
            room, start = fit - 1, len(lines) - (fit - 1)
        else:
            room = fit - 2
        shown = lines[start:start + room]
        return shown, start, len(lines) - start - len(shown)

    def _draw_side(self, surface) -> None:
        s = SIDE
        ui.panel(surface, s)
        if self.coach is None:
            ui.text(surface, "Name", (s.left + 12, s.top + 10), 15, palette.TEXT_DIM, bold=True)
        y = self.checklist_top()
        ui.text(surface, "Checklist", (s.left + 12, y), 16, palette.TEXT_DIM, bold=True)
        y += 26
        for ok, line in self.checklist():
            colour = palette.LEGAL if ok else palette.BLOCKED
            box = pygame.Rect(s.left + 14, y + 1, 16, 16)
            pygame.draw.rect(surface, colour, box, width=2, border_radius=3)
            if ok:
                pygame.draw.lines(surface, colour, False, [(box.left + 3, box.centery), (box.centerx - 1, box.bottom - 4),
                                                           (box.right - 3, box.top + 3)], 3)
            else:
                pygame.draw.line(surface, colour, box.topleft, box.bottomright, 2)
                pygame.draw.line(surface, colour, box.topright, box.bottomleft, 2)
            for part in ui.wrap(line, 15, s.width - 52):  # wrapped whole words, never cut
                ui.text(surface, part, (s.left + 38, y), 15, palette.TEXT)
                y += NOTE_LINE
            y += 6
        area = self.notes_rect()
        hovered = self.spots.hovered
        if hovered is not None and hovered.key.startswith("problem:") and hovered.click is not None:
            pygame.draw.rect(surface, palette.PANEL_LIGHT, hovered.rect.inflate(0, 2), border_radius=4)  # a link
        shown, above, below = self.visible_notes()
        y = area.top
        if above:
            ui.text(surface, f"{above} more line{'s' if above != 1 else ''} above (scroll up)", (s.left + 14, y),
                    NOTE_SIZE, palette.TEXT_DIM, bold=True)
            y += NOTE_LINE
        for line, colour in shown:
            ui.text(surface, line, (s.left + 14, y), NOTE_SIZE, colour)
            y += NOTE_LINE
        if below:
            ui.text(surface, f"{below} more line{'s' if below != 1 else ''} below (scroll down)", (s.left + 14, y),
                    NOTE_SIZE, palette.TEXT_DIM, bold=True)
