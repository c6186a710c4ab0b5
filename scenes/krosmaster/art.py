"""Drawing a Krosmaster: Blast layout: floor, starting cells, Glyph cells, trees and bushes.

Shared by the orientation picker (thumbnails), the setup preview and the board. The
layout comes from the rules (`game.krosmaster.BOARDS`); nothing here decides anything.
"""

from __future__ import annotations

import pygame

from game import learn
from game.krosmaster import BOARDS, HEIGHT, WIDTH, XY
from scenes import assets, palette

SIDE_COLOURS = (palette.KROSMASTER_BLUE, palette.KROSMASTER_PINK)


def glossary():
    """The game's glossary (game.learn): the board marks its words in the labels it draws; hovering one explains it."""
    return learn.glossary("krosmaster")

COLOUR_NAMES = ("Blue", "Pink")
_cache: dict[tuple, pygame.Surface] = {}


def seat_at_top(layout: str) -> int:
    """The seat whose starting rows are the top two rows of this layout."""
    return 1 if BOARDS[layout].top == "pink" else 0


def start_seat(layout: str, cell: int) -> int:
    """The seat a starting cell belongs to, -1 if it is not one."""
    starts = BOARDS[layout].starts
    return 0 if cell in starts[0] else 1 if cell in starts[1] else -1


def layout_surface(layout: str, cell: int, *, glyphs: bool = True, obstacles: bool = True) -> pygame.Surface:
    """The whole layout drawn with square cells of `cell` pixels (cached per layout and size)."""
    key = (layout, cell, glyphs, obstacles)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    board = BOARDS[layout]
    surf = pygame.Surface((WIDTH * cell, HEIGHT * cell)).convert()
    size = (cell, cell)
    for i, (x, y) in enumerate(XY):
        r = pygame.Rect(x * cell, y * cell, cell, cell)
        surf.blit(assets.image("terrain/floor_a" if (x + y) % 2 else "terrain/floor_b", size), r)
        seat = start_seat(layout, i)
        if seat >= 0:
            surf.blit(assets.image(f"terrain/start_{('blue', 'pink')[seat]}", size), r)
        if glyphs and i in board.glyph_index:
            g = max(4, int(cell * 0.8))
            surf.blit(assets.image("markers/glyph_neutral", (g, g)), assets.image("markers/glyph_neutral", (g, g)).get_rect(center=r.center))
        if obstacles and i in board.bushes:
            surf.blit(assets.image("terrain/bush", size), r)
        if obstacles and i in board.trees:
            surf.blit(assets.image("terrain/tree", size), r)
    for x in range(WIDTH + 1):
        pygame.draw.line(surf, palette.SHADOW, (x * cell, 0), (x * cell, HEIGHT * cell))
    for y in range(HEIGHT + 1):
        pygame.draw.line(surf, palette.SHADOW, (0, y * cell), (WIDTH * cell, y * cell))
    _cache[key] = surf
    return surf


def side_band(surface: pygame.Surface, rect: pygame.Rect, layout: str, thickness: int = 8) -> None:
    """Blue and pink bands along the top and bottom edges: whose side is where."""
    top = seat_at_top(layout)
    pygame.draw.rect(surface, SIDE_COLOURS[top], pygame.Rect(rect.left, rect.top - thickness, rect.width, thickness),
                     border_top_left_radius=4, border_top_right_radius=4)
    pygame.draw.rect(surface, SIDE_COLOURS[1 - top], pygame.Rect(rect.left, rect.bottom, rect.width, thickness),
                     border_bottom_left_radius=4, border_bottom_right_radius=4)


def clear_cache() -> None:
    _cache.clear()
