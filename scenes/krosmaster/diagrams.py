"""Krosmaster: Blast's rules-reference diagrams: the layout's floor and the fighters' standees on the shared frame
(scenes/learn/diagrams.py). Nothing here decides what the picture shows: the rules computed it."""

from __future__ import annotations

from typing import cast

import pygame

from game.krosmaster import CONTENT as KROSMASTER
from game.learn import Picture
from scenes import assets
from scenes.board.view import BoardView
from scenes.krosmaster import art as krosmaster_art
from scenes.learn import diagrams
from scenes.widgets.standee import StandeeView


def diagram(surface: pygame.Surface, area: pygame.Rect, picture: Picture) -> tuple[pygame.Rect, list[diagrams.Tip]]:
    return diagrams.board(surface, area, picture, _floor, _pieces)


def _floor(picture: Picture, size: int) -> pygame.Surface:
    assert picture.window is not None, "a board diagram shows a window of the board"
    x, y, w, h = picture.window
    full = krosmaster_art.layout_surface(picture.board, size)
    return full.subsurface(pygame.Rect(x * size, y * size, w * size, h * size))


def _pieces(surface, g: BoardView, picture: Picture) -> list[diagrams.Tip]:
    tips = []
    for p in picture.pieces:
        c = KROSMASTER.character(cast(str, p.what))  # a Krosmaster or Minion kind
        r = g.cell_rect(diagrams.local(picture, p.cell))
        kind = "minion" if c.minion else "krosmaster"
        st = StandeeView(c.name, ("blue", "pink")[p.seat], (r.centerx, r.bottom - max(4, r.height // 6)),
                         krosmaster_art.SIDE_COLOURS[p.seat], height=int(g.cell_size * (0.62 if c.minion else 0.8)),
                         face=assets.face(kind, p.what))
        st.selected = p.focus
        st.draw(surface)
        tips.append((st.hit_rect(), f"{c.name} ({krosmaster_art.COLOUR_NAMES[p.seat]}): HP {c.hp}, AP {c.ap}, MP {c.mp}"))
    return tips
