"""Drawing the Krosmaster field: its frame with the squares' names on the edges, Glyph tiles, terrain tiles,
and the draft's Krosmaster cards over the board."""

from __future__ import annotations

import pygame

from game import krosmaster
from game.krosmaster import CONTENT, HEIGHT, WIDTH
from scenes import assets, palette, ui
from scenes.krosmaster import art, panels, tips

LABEL_SIZE = 13
DRAFT_W, DRAFT_H, DRAFT_GAP = 156, 200, 12


def field_backdrop(app_size, grid, layout: str) -> tuple[pygame.Surface, pygame.Rect]:
    """The board under everything that moves, drawn once: frame, floor, starting cells, trees, bushes, side
    bands, and the columns' letters and rows' numbers on its edges (as the rules name squares)."""
    frame = grid.rect.inflate(16, 24)
    rect = frame.inflate(28, 28)
    surf = pygame.Surface(rect.size).convert()
    surf.blit(ui.table_surface(app_size), (0, 0), rect)
    ui.panel(surf, frame.move(-rect.left, -rect.top), colour=palette.BG_LIGHT, radius=10)
    inner = grid.rect.move(-rect.left, -rect.top)
    surf.blit(art.layout_surface(layout, grid.cell_size), inner)
    art.side_band(surf, inner, layout, 7)
    for x in range(WIDTH):
        r = grid.cell_rect((x, 0)).move(-rect.left, -rect.top)
        for y in (frame.top - rect.top - 8, frame.bottom - rect.top + 8):
            ui.text(surf, krosmaster.column_name(x), (r.centerx, y), LABEL_SIZE, palette.TEXT_DIM, bold=True, anchor="center")
    for y in range(HEIGHT):
        r = grid.cell_rect((0, y)).move(-rect.left, -rect.top)
        for x in (frame.left - rect.left - 7, frame.right - rect.left + 7):
            ui.text(surf, krosmaster.row_name(y), (x, r.centery), LABEL_SIZE, palette.TEXT_DIM, bold=True, anchor="center")
    return surf, rect


def draw_tiles(surface: pygame.Surface, grid, glyphs: dict, terrain: dict, pop) -> None:
    """Captured Glyph tiles (one growing while it flips) and terrain tiles (growing or fading)."""
    size = grid.cell_size
    full = int(size * 0.8)
    for cell, owner in glyphs.items():
        if owner in (0, 1):
            k = int(full * (pop[1] if pop and pop[0] == cell else 1.0))
            if k > 2:
                img = assets.image(f"markers/glyph_{('blue', 'pink')[owner]}", (full, full))
                if k != full:
                    img = pygame.transform.smoothscale(img, (k, k))
                surface.blit(img, img.get_rect(center=grid.cell_centre(cell)))
    for cell, (kind, scale) in terrain.items():
        img = assets.image(f"terrain/{kind}", (size, size))
        if scale < 0.999:
            k = max(2, int(size * scale))
            img = pygame.transform.smoothscale(img, (k, k))
        surface.blit(img, img.get_rect(center=grid.cell_centre(cell)))


def draft_cards(area: pygame.Rect, pool) -> list[tuple[pygame.Rect, str]]:
    """Where each Krosmaster of the draft's pool shows, three to a row over the board."""
    out = []
    w = min(DRAFT_W, (area.width - 24 - 2 * DRAFT_GAP) // 3)  # inside the draft's panel, with a margin
    for i, k in enumerate(pool):
        col, row = i % 3, i // 3
        r = pygame.Rect(0, 0, w, DRAFT_H)
        r.topleft = (area.centerx - (3 * w + 2 * DRAFT_GAP) // 2 + col * (w + DRAFT_GAP),
                     area.top + 70 + row * (DRAFT_H + DRAFT_GAP))
        out.append((r, k))
    return out


def draw_draft(surface: pygame.Surface, area: pygame.Rect, title: str, colour, cards, hovered: str | None) -> None:
    box = area.inflate(-8, -8)
    ui.panel(surface, box, colour=palette.PANEL, radius=12)
    ui.text(surface, title, (box.centerx, box.top + 18), 22, colour, bold=True, shadow=True, anchor="midtop")
    for rect, k in cards:
        c = CONTENT.krosmasters[k]
        hover = k == hovered
        element = palette.ELEMENTS.get(c.element, palette.GOLD)
        pygame.draw.rect(surface, (236, 226, 200), rect, border_radius=10)
        pygame.draw.rect(surface, palette.SELECT if hover else element, rect, width=4 if hover else 3, border_radius=10)
        band = pygame.Rect(rect.left, rect.top, rect.width, 30)
        pygame.draw.rect(surface, element, band, border_top_left_radius=10, border_top_right_radius=10)
        size = 14
        while size > 11 and assets.font(size, True).size(c.name)[0] > rect.width - 10:
            size -= 1
        ui.text(surface, c.name, band.center, size, palette.TEXT, bold=True, shadow=True, anchor="center")
        surface.blit(assets.image(panels.face_of(k), (44, 44)), (rect.left + 6, rect.top + 34))
        ui.text(surface, f"HP {c.hp}", (rect.left + 56, rect.top + 46), 13, palette.TEXT_DARK, bold=True,
                anchor="midleft")
        ui.text(surface, f"AP {c.ap} · MP {c.mp}", (rect.left + 56, rect.top + 64), 13, palette.TEXT_DARK, bold=True,
                anchor="midleft")
        y = rect.top + 82
        for sp in c.spells:
            ui.text(surface, ui.fit(sp.name, 12, rect.width - 14, bold=True), (rect.left + 8, y), 12, palette.TEXT_DARK,
                    bold=True)
            ui.text(surface, tips.spell_line(sp), (rect.left + 8, y + 15), 11, palette.TEXT_DARK)
            y += 30
        for p in c.powers:
            ui.text(surface, ui.fit(f"• {p.name}", 12, rect.width - 14, bold=True), (rect.left + 8, y), 12,
                    palette.GOLD_DARK, bold=True)
            y += 16
