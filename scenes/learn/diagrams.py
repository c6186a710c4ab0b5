"""Drawing a rules-reference diagram (`game.learn.Picture`): the frame, the board kit's highlight layers, the path
and the legend, shared by every game; each game's own art (its floor, pieces, cards and dice) is drawn by the painter
its screens declare (`GameScreens.diagrams`, e.g. scenes/krom/diagrams.py). Nothing here decides what the picture
shows: the rules computed it.
"""

from __future__ import annotations

import pygame

from game.learn import Picture
from scenes import assets, palette, registry, ui
from scenes.board.view import LAYER_STYLES, BoardView

Tip = tuple[pygame.Rect, str]
MAX_CELL = 64


def draw_picture(surface: pygame.Surface, area: pygame.Rect, picture: Picture) -> tuple[pygame.Rect, list[Tip]]:
    """Draw the picture centred in `area` with the art its game's screens name (`GameScreens.diagrams`);
    returns the rect it took and hover tips (rect, words)."""
    try:
        painter = registry.screens(picture.game).diagrams
    except LookupError:
        painter = None
    if painter is None:
        raise ValueError(f"no diagram art for {picture.game!r}")
    return registry.resolve(painter)(surface, area, picture)


# -- square boards ----------------------------------------------------------------------------------


class DiagramView(BoardView):
    """The board kit's view, with the faint "in range" shade a little stronger: a diagram has no hover to find it."""

    def _shade(self, style, boost: bool):
        return super()._shade(style, boost or style is LAYER_STYLES["range"])


def grid(area: pygame.Rect, picture: Picture) -> BoardView:
    assert picture.window is not None, "a board diagram shows a window of the board"
    _, _, w, h = picture.window
    return DiagramView(w, h, area, max_cell=MAX_CELL)


def local(picture: Picture, cell) -> tuple[int, int]:
    assert picture.window is not None, "a board diagram shows a window of the board"
    x, y, _, _ = picture.window
    return (cell[0] - x, cell[1] - y)


FLOORS: dict[tuple, pygame.Surface] = {}  # a game's floor pictures, by (game, board, cell size)


def board(surface, area, picture: Picture, floor, pieces) -> tuple[pygame.Rect, list[Tip]]:
    g = grid(area, picture)
    size = g.cell_size
    frame = g.rect.inflate(12, 12)
    ui.panel(surface, frame, colour=palette.BG_LIGHT, radius=8, shadow=3)
    surface.blit(floor(picture, size), g.rect)
    tips: list[Tip] = []
    for cell, tile in picture.terrain.items():
        r = g.cell_rect(local(picture, cell))
        surface.blit(assets.image(f"terrain/{tile}", (size, size)), r)
        tips.append((r, f"{tile.capitalize()} tile"))
    coin = max(10, int(size * 0.45))
    for cell in picture.loot:
        r = g.cell_rect(local(picture, cell))
        surface.blit(assets.image("markers/treasure", (coin, coin)), (r.right - coin - 1, r.top + 1))
    for name, cells in picture.layers.items():
        if name in LAYER_STYLES and name != "path":
            g.set_layer(name, {local(picture, c): note for c, note in cells.items()})
    g.draw_layers(surface)
    if picture.path:
        _draw_path(surface, g, picture)
    for _name, cells in picture.layers.items():
        for c, note in cells.items():
            if note:
                tips.append((g.cell_rect(local(picture, c)), note))
    tips.extend(pieces(surface, g, picture))
    occupied = {p.cell for p in picture.pieces}
    for cell, text in picture.marks.items():
        if cell in occupied:
            continue
        r = g.cell_rect(local(picture, cell))
        img = ui.render(text, max(11, size // 3), palette.TEXT, True, True)
        surface.blit(img, img.get_rect(bottomright=(r.right - 3, r.bottom - 1)))
    return frame, tips  # in drawing order: where two overlap, the later (a piece over its cell) is the one hovered


def _draw_path(surface, g: BoardView, picture: Picture) -> None:
    """The path walked: a gold line from the mover through the centre of each cell, a dot on each step."""
    start = next((p.cell for p in picture.pieces if p.focus and p.cell is not None), None)
    points = [g.cell_centre(local(picture, c)) for c in ((start,) if start else ()) + picture.path]
    width = max(3, g.cell_size // 10)
    if len(points) > 1:
        pygame.draw.lines(surface, palette.SHADOW, False, points, width + 4)
        pygame.draw.lines(surface, palette.GOLD, False, points, width)
    for pt in points[1:]:
        pygame.draw.circle(surface, palette.SHADOW, pt, width + 4)
        pygame.draw.circle(surface, palette.GOLD, pt, width + 2)


def draw_legend(surface: pygame.Surface, topleft: tuple[int, int], width: int, picture: Picture, size: int = 14) -> int:
    """Colour swatches with the words of the picture's legend; returns the height used."""
    x, y = topleft
    for name, words in picture.legend:
        style = LAYER_STYLES.get(name)
        sw = pygame.Rect(x, y + 1, 18, 18)
        pygame.draw.rect(surface, palette.FLOOR, sw)  # the swatch sits on a floor cell, as on the board
        if name == "path":
            pygame.draw.line(surface, palette.GOLD, (sw.left + 2, sw.bottom - 4), (sw.right - 3, sw.top + 3), 4)
        elif style is not None:
            if style.outline:
                pygame.draw.rect(surface, style.colour, sw.inflate(-2, -2), width=2, border_radius=3)
            else:
                shade = pygame.Surface(sw.size, pygame.SRCALPHA)
                shade.fill((*style.colour, style.alpha))
                if style.border:
                    light = tuple(min(255, c + 90) for c in style.colour)
                    pygame.draw.rect(shade, (*light, 230), shade.get_rect().inflate(-4, -4), width=2, border_radius=2)
                surface.blit(shade, sw)
        lines = ui.wrap(words, size, width - 24)
        for k, line in enumerate(lines):
            ui.text(surface, line, (x + 24, y + k * (size + 5)), size, palette.TEXT)
        y += max(22, len(lines) * (size + 5) + 4)
    return y - topleft[1]


def clear_cache() -> None:
    FLOORS.clear()
