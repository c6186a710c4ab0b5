"""BoardView: a square grid of any size fitted into a screen area, turned and mirrored, with highlight layers.

Cells are the rules' own `(x, y)` (column, row). What the player sees may be turned by
quarter turns and mirrored (the Krosmaster layouts): `BoardView` maps rules cells to
display cells and pixels and back, hit-tests clicks, tracks the hovered cell and paints
named highlight layers. Every cell is a half-open square of whole pixels, so a click on a
border belongs to exactly one cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from scenes import palette

Cell = tuple[int, int]


@dataclass
class LayerStyle:
    colour: tuple[int, int, int]
    alpha: int = 80
    outline: bool = False  # draw a border instead of (or besides) a fill
    hatch: bool = False
    border: bool = False  # a fill with a light inner border, readable on any floor colour
    choice: bool = True  # it shows what the player may click or aim at: hidden while the board is held


# The named layers every board can use, drawn in this order (later on top).
LAYER_STYLES: dict[str, LayerStyle] = {
    "range": LayerStyle(palette.LEGAL, 45),  # within range but not a choice now (the reason shows on hover)
    "reachable": LayerStyle(palette.LEGAL, 90, border=True),
    "in_range": LayerStyle(palette.LEGAL, 110, border=True),
    "blocked": LayerStyle(palette.BLOCKED, 110, border=True),  # in range but blocked by line of sight (or a wall)
    "area": LayerStyle((236, 132, 42), 110, choice=False),  # an area of effect
    "danger": LayerStyle(palette.BLOCKED, 200, outline=True),  # leaving needs a roll, a trap, ...
    "invalid": LayerStyle((120, 120, 130), 110, hatch=True),  # cannot be chosen; the reason shows on hover
    "path": LayerStyle(palette.GOLD, 140, choice=False),
    "target": LayerStyle(palette.SELECT, 220, outline=True),
    "selected": LayerStyle(palette.SELECT, 255, outline=True, choice=False),
}


@dataclass
class Layer:
    cells: dict[Cell, str | None] = field(default_factory=dict)  # cell -> reason (shown on hover) or None


class BoardView:
    """Fits a `cols` x `rows` grid into `area`; `turns` quarter turns clockwise, then `mirror` left-right.
    `origin` is the rules cell shown at the grid's top-left corner before turning (a map that does not
    start at (0, 0) is shown at its own extent)."""

    def __init__(self, cols: int, rows: int, area: pygame.Rect, *, turns: int = 0, mirror: bool = False,
                 max_cell: int = 96, origin: Cell = (0, 0)):
        if cols < 1 or rows < 1:
            raise ValueError("a board has at least one cell")
        self.cols, self.rows = cols, rows
        self.origin = (int(origin[0]), int(origin[1]))
        self.turns = turns % 4
        self.mirror = mirror
        self.area = pygame.Rect(area)
        self.display_cols, self.display_rows = (rows, cols) if self.turns % 2 else (cols, rows)
        self.cell_size = max(1, min(self.area.width // self.display_cols, self.area.height // self.display_rows, max_cell))
        width, height = self.cell_size * self.display_cols, self.cell_size * self.display_rows
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = self.area.center
        self.hover: Cell | None = None
        self.live = True  # False while a computer seat or an animation holds the board: no choice is lit
        self.layers: dict[str, Layer] = {}
        self._shades: dict[tuple, pygame.Surface] = {}

    # -- geometry ------------------------------------------------------------------------
    def in_board(self, cell: Cell) -> bool:
        return 0 <= cell[0] - self.origin[0] < self.cols and 0 <= cell[1] - self.origin[1] < self.rows

    def to_display(self, cell: Cell) -> Cell:
        """The rules cell as (column, row) on screen."""
        x, y = cell[0] - self.origin[0], cell[1] - self.origin[1]
        t = self.turns
        if t == 0:
            dx, dy = x, y
        elif t == 1:
            dx, dy = self.rows - 1 - y, x
        elif t == 2:
            dx, dy = self.cols - 1 - x, self.rows - 1 - y
        else:
            dx, dy = y, self.cols - 1 - x
        if self.mirror:
            dx = self.display_cols - 1 - dx
        return dx, dy

    def from_display(self, dcell: Cell) -> Cell:
        x, y = self._from_display(dcell)
        return x + self.origin[0], y + self.origin[1]

    def _from_display(self, dcell: Cell) -> Cell:
        dx, dy = dcell
        if self.mirror:
            dx = self.display_cols - 1 - dx
        t = self.turns
        if t == 0:
            return dx, dy
        if t == 1:
            return dy, self.rows - 1 - dx
        if t == 2:
            return self.cols - 1 - dx, self.rows - 1 - dy
        return self.cols - 1 - dy, dx

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        dx, dy = self.to_display(cell)
        s = self.cell_size
        return pygame.Rect(self.rect.left + dx * s, self.rect.top + dy * s, s, s)

    def cell_centre(self, cell: Cell) -> tuple[int, int]:
        return self.cell_rect(cell).center

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The rules cell under a pixel, or None off the board."""
        px, py = int(pos[0]) - self.rect.left, int(pos[1]) - self.rect.top
        if px < 0 or py < 0:
            return None
        dx, dy = px // self.cell_size, py // self.cell_size
        if dx >= self.display_cols or dy >= self.display_rows:
            return None
        return self.from_display((dx, dy))

    def cells(self):
        for y in range(self.rows):
            for x in range(self.cols):
                yield (x + self.origin[0], y + self.origin[1])

    # -- hover and layers ----------------------------------------------------------------
    def set_hover(self, pos: tuple[int, int] | None) -> Cell | None:
        self.hover = None if pos is None else self.cell_at(pos)
        return self.hover

    def set_layer(self, name: str, cells, reason: str | None = None) -> None:
        """Replace a layer: `cells` is an iterable of cells (all with `reason`) or a dict cell -> reason."""
        if name not in LAYER_STYLES:
            raise KeyError(f"unknown highlight layer {name!r}")
        if isinstance(cells, dict):
            self.layers[name] = Layer(dict(cells))
        else:
            self.layers[name] = Layer(dict.fromkeys(cells, reason))

    def clear_layer(self, name: str) -> None:
        self.layers.pop(name, None)

    def clear_layers(self) -> None:
        self.layers.clear()

    def layer_cells(self, name: str) -> set[Cell]:
        layer = self.layers.get(name)
        return set(layer.cells) if layer else set()

    def reason_at(self, cell: Cell | None) -> str | None:
        """The reason attached to a cell in the topmost layer that has one (e.g. why it cannot be chosen)."""
        if cell is None:
            return None
        for name in reversed(list(LAYER_STYLES)):
            layer = self.layers.get(name)
            if layer and layer.cells.get(cell):
                return layer.cells[cell]
        return None

    # -- drawing -------------------------------------------------------------------------
    def _shade(self, style: LayerStyle, boost: bool) -> pygame.Surface:
        key = (style.colour, style.alpha, style.hatch, style.border, boost, self.cell_size)
        shade = self._shades.get(key)
        if shade is None:
            s = self.cell_size
            shade = pygame.Surface((s, s), pygame.SRCALPHA)
            alpha = min(255, style.alpha + (70 if boost else 0))
            shade.fill((*style.colour, alpha))
            if style.border:
                light = tuple(min(255, c + 90) for c in style.colour)
                pygame.draw.rect(shade, (*light, 230), shade.get_rect().inflate(-4, -4), width=2,
                                 border_radius=max(2, s // 10))
            if style.hatch:
                for k in range(-s, s, max(4, s // 6)):
                    pygame.draw.line(shade, (*palette.SHADOW, 150), (k, s), (k + s, 0), 2)
            self._shades[key] = shade
        return shade

    def draw_layers(self, surface: pygame.Surface) -> None:
        """Paint every highlight layer, then the hovered cell's outline."""
        fills: list[tuple[pygame.Surface, pygame.Rect]] = []
        for name, style in LAYER_STYLES.items():
            layer = self.layers.get(name)
            if not layer or (style.choice and not self.live):
                continue
            if style.outline:
                if fills:  # keep the order of the layers: fills below, then this outline
                    surface.blits(fills, doreturn=False)
                    fills = []
                for cell in layer.cells:
                    pygame.draw.rect(surface, style.colour, self.cell_rect(cell).inflate(-2, -2),
                                     width=max(2, self.cell_size // 16), border_radius=max(2, self.cell_size // 10))
            else:
                plain, lit = self._shade(style, False), self._shade(style, True)
                fills.extend((lit if cell == self.hover else plain, self.cell_rect(cell)) for cell in layer.cells)
        if fills:
            surface.blits(fills, doreturn=False)
        if self.hover is not None and self.live:
            pygame.draw.rect(surface, palette.HOVER, self.cell_rect(self.hover), width=2)

    def draw_grid(self, surface: pygame.Surface, colour=palette.SHADOW) -> None:
        for cell in self.cells():
            pygame.draw.rect(surface, colour, self.cell_rect(cell), width=1)
