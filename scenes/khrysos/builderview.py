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
GRID = pygame.Rect(256, 96, 660, 616)
SIDE = pygame.Rect(926, 52, 344, 660)
ZOOMS = (13, 18, 24, 32)  # pixels a square
PAL_COLS, PAL_ROW = 2, 84
NOTE_SIZE, NOTE_LINE = 14, 18  # the problem list's text


class BuilderView:
    """Drawing and geometry of the builder (its state lives in `BuilderScene`)."""

    def note_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Every problem and warning, each a sentence wrapped to the side panel: (line, colour), a blank
        line between two sentences."""
        out: list[tuple[str, tuple[int, int, int]]] = []
        notes = [(ui.sentence(p), palette.BLOCKED) for p in self.problems]
        notes += [("Note: " + ui.sentence(w), palette.GOLD) for w in self.warnings]
        for text, colour in notes:
            if out:
                out.append(("", colour))
            out.extend((line, colour) for line in ui.wrap(text, NOTE_SIZE, SIDE.width - 40))
        return out

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
        return GRID.left + 6 - self.pan[0], GRID.top + 6 - self.pan[1]

    def slot_at(self, pos) -> tuple[int, int] | None:
        if not GRID.collidepoint(pos):
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
        around = around or GRID.center
        ox, oy = self.origin()
        fx, fy = (around[0] - ox) / self.tile_px, (around[1] - oy) / self.tile_px
        self.zoom = level
        self.pan = [int(GRID.left + 6 + fx * self.tile_px - around[0]), int(GRID.top + 6 + fy * self.tile_px - around[1])]
        self._clamp_pan()
        if hasattr(self, "buttons"):
            self._sync_buttons()  # the zoom buttons grey at the ends

    def fit_view(self) -> None:
        """Zoom in as far as the map's tiles still fit, and centre them."""
        if not self.tiles:
            self.zoom, self.pan = 0, [0, 0]
            return
        xs = [t.x for t in self.tiles]
        ys = [t.y for t in self.tiles]
        w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        fits = [k for k, sq in enumerate(ZOOMS) if (w + 1) * sq * TILE_SIZE <= GRID.width and (h + 1) * sq * TILE_SIZE <= GRID.height]
        self.zoom = fits[-1] if fits else 0
        t = self.tile_px
        cx, cy = (min(xs) + w / 2) * t, (min(ys) + h / 2) * t
        self.pan = [int(6 + cx - GRID.width / 2), int(6 + cy - GRID.height / 2)]
        self._clamp_pan()

    def _clamp_pan(self) -> None:
        extent = SLOTS * self.tile_px + 12
        for i, size in enumerate((GRID.width, GRID.height)):
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
        if self.message:
            text, colour = self.message
            lines = ui.wrap(text, 16, GRID.width - 40)[:3]
            box = pygame.Rect(0, 0, GRID.width - 20, 12 + 22 * len(lines))
            box.midbottom = (GRID.centerx, GRID.bottom - 10)
            ui.panel(surface, box, colour=palette.BG_LIGHT, edge=colour, radius=8, shadow=3)
            for i, line in enumerate(lines):
                ui.text(surface, line, (box.centerx, box.top + 6 + 22 * i), 16, palette.TEXT, anchor="midtop")

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
        clip = surface.get_clip()
        surface.set_clip(GRID.inflate(-4, -4))
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
        if self.drag is None and self.hover_tile is not None and self.tile_at(self.hover_tile) is not None:
            pygame.draw.rect(surface, palette.HOVER, self.slot_rect(self.hover_tile), width=2, border_radius=3)
        if self.drag is None:
            self.draw_turn_handles(surface)
        surface.set_clip(clip)

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
