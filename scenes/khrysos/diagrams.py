"""Khrysos Hunters' rules-reference diagrams: a sample map's floor with the hunters' dice on the shared frame
(scenes/learn/diagrams.py), and the tiles set out in rows. Nothing here decides what the picture shows: the rules
computed it."""

from __future__ import annotations

from typing import cast

import pygame

from game.khrysos import build_board, sample_map
from game.learn import Picture
from scenes import assets, palette, ui
from scenes.board.view import BoardView
from scenes.khrysos import art as khrysos_art
from scenes.learn import diagrams


def diagram(surface: pygame.Surface, area: pygame.Rect, picture: Picture) -> tuple[pygame.Rect, list[diagrams.Tip]]:
    if picture.kind == "tiles":
        return _tiles(surface, area, picture)
    return diagrams.board(surface, area, picture, _floor, _pieces)


def _floor(picture: Picture, size: int) -> pygame.Surface:
    key = ("khrysos", picture.board, size)
    full = diagrams.FLOORS.get(key)
    if full is None:
        full = diagrams.FLOORS[key] = khrysos_art.map_surface(build_board(sample_map(picture.board)), size)
    assert picture.window is not None, "a board diagram shows a window of the board"
    x, y, w, h = picture.window
    return full.subsurface(pygame.Rect(x * size, y * size, w * size, h * size))


def _pieces(surface, g: BoardView, picture: Picture) -> list[diagrams.Tip]:
    from game.khrysos import HUNTERS

    tips = []
    size = max(12, int(g.cell_size * 0.72))
    for p in picture.pieces:
        r = g.cell_rect(diagrams.local(picture, p.cell))
        img = assets.image(f"dice/seat{p.seat}_{max(1, min(6, p.die or 6))}", (size, size))
        box = img.get_rect(center=r.center)
        if p.focus:
            pygame.draw.rect(surface, palette.SELECT, box.inflate(8, 8), width=3, border_radius=8)
        surface.blit(img, box)
        tips.append((box, f"{HUNTERS[cast(int, p.what)].name} ({palette.SEAT_NAMES[p.seat]}), endurance {p.die or 6}"))
    return tips


def _tiles(surface, area: pygame.Rect, picture: Picture) -> tuple[pygame.Rect, list[diagrams.Tip]]:
    from game.khrysos import TILES

    per_row = 5
    col = (area.width - 20) // per_row
    size = max(6, (col - 18) // 3)  # pixels a square
    rows = (len(picture.pieces) + per_row - 1) // per_row
    frame = pygame.Rect(0, 0, col * per_row + 20, rows * (size * 3 + 30) + 14)
    frame.midtop = (area.centerx, area.top)
    ui.panel(surface, frame, colour=palette.BG_LIGHT, radius=8, shadow=3)
    tips: list[diagrams.Tip] = []
    for i, p in enumerate(picture.pieces):
        cx = frame.left + 10 + col * (i % per_row) + col // 2
        top = frame.top + 10 + (i // per_row) * (size * 3 + 30)
        img = khrysos_art.tile_picture(p.what, 0, size)
        r = img.get_rect(midtop=(cx, top))
        surface.blit(img, r)
        name = TILES[cast(str, p.what)].name  # a tile diagram's pieces are tiles
        short = name.replace("Treasure Zone", "Zone").replace(" by a ", " by ")
        ui.text(surface, ui.fit(short, 11, col - 4), (cx, r.bottom + 3), 11, palette.TEXT, anchor="midtop")
        tips.append((r.inflate(4, 18).move(0, 7), f"{name}: {p.label}"))
    return frame, tips
