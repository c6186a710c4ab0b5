"""Krom: Evolution's rules-reference diagrams: the Mountain's dice, a hunt's odds and a combat's fighters, with the
board's own dice, faces, cards and tokens. Nothing here decides what the picture shows: the rules computed it."""

from __future__ import annotations

import pygame

from game.krom import CHARACTERS, HUNTING
from game.learn import Picture
from scenes import assets, palette, ui
from scenes.krom import cards as krom_cards
from scenes.learn import diagrams
from scenes.widgets.die import DieView

KROM_NAMES = {c.id: c.name for c in CHARACTERS}


def diagram(surface: pygame.Surface, area: pygame.Rect, picture: Picture) -> tuple[pygame.Rect, list[diagrams.Tip]]:
    tips: list[diagrams.Tip] = []
    if picture.kind == "mountain":
        n = len(picture.dice)
        die = min(64, (area.width - 40) // max(1, n) - 14)
        step = die + 14
        left = area.centerx - step * (n - 1) // 2
        frame = pygame.Rect(0, 0, step * n + 20, die + 56 + (44 if picture.rewards else 0))
        frame.midtop = (area.centerx, area.top)
        ui.panel(surface, frame, colour=palette.PLACES["mountain"], radius=10, shadow=3)
        for i, face in enumerate(picture.dice):
            d = DieView("seat0", (left + i * step, frame.top + 22 + die // 2), die, face)
            d.highlight = i in picture.kept
            d.draw(surface)
            tips.append((d.rect(), f"Die {i + 1}: {face}" + (" (kept)" if i in picture.kept else "")))
        if picture.rewards:
            pays = ui.text(surface, "Pays", (frame.left + 14, frame.bottom - 27), 15, palette.TEXT_DARK, bold=True,
                           anchor="midleft")
            tips += _rewards(surface, (pays.right + 10, frame.bottom - 40), picture.rewards)
        return frame, tips
    if picture.kind == "hunt":
        card = next(c for c in HUNTING if c.name == picture.card)
        w, h = 108, 150
        frame = pygame.Rect(0, 0, area.width - 20, h + 24)
        frame.midtop = (area.centerx, area.top)
        ui.panel(surface, frame, colour=palette.PLACES["savanna"], radius=10, shadow=3)
        tile = pygame.transform.smoothscale(krom_cards.tile("hunting", card.id), (w, h))
        r = tile.get_rect(topleft=(frame.left + 12, frame.top + 12))
        surface.blit(tile, r)
        tips.append((r, krom_cards.hunting_text(card.id)))
        bar_left, bar_w = r.right + 16, frame.right - r.right - 80
        for i, (label, chance) in enumerate(picture.bars):
            y = frame.top + 18 + i * 48
            ui.text(surface, label, (bar_left, y), 15, palette.TEXT_DARK, bold=True)
            track = pygame.Rect(bar_left, y + 22, bar_w, 16)
            pygame.draw.rect(surface, palette.SHADOW, track, border_radius=6)
            pygame.draw.rect(surface, palette.LEGAL, pygame.Rect(track.left, track.top, max(4, int(track.width * chance)), track.height),
                             border_radius=6)
            ui.text(surface, f"{round(chance * 100)}%", (track.right + 8, track.centery), 15, palette.TEXT_DARK, bold=True,
                    anchor="midleft")
            tips.append((track.union(pygame.Rect(bar_left, y, bar_w, 20)), f"{label}: {round(chance * 100)}% to catch it"))
        return frame, tips
    # a combat: each fighter's face, die and fate, ranked
    n = len(picture.pieces)
    col = min(150, (area.width - 20) // max(1, n))
    frame = pygame.Rect(0, 0, col * n + 20, 210)
    frame.midtop = (area.centerx, area.top)
    ui.panel(surface, frame, colour=palette.PLACES.get(picture.board, palette.PANEL), radius=10, shadow=3)
    ui.text(surface, f"Combat in the {picture.board.capitalize()}", (frame.centerx, frame.top + 8), 15, palette.TEXT_DARK,
            bold=True, anchor="midtop")
    for i, p in enumerate(picture.pieces):
        cx = frame.left + 10 + col * i + col // 2
        portrait = assets.image(assets.face("krom", p.what), (60, 60))
        fr = portrait.get_rect(center=(cx - 24, frame.top + 70))
        pygame.draw.circle(surface, palette.SEATS[p.seat], fr.center, 34)
        surface.blit(portrait, fr)
        if p.focus:
            pygame.draw.circle(surface, palette.SELECT, fr.center, 36, width=3)
        d = DieView(f"seat{p.seat}", (cx + 38, fr.centery), 40, p.die or 1)
        d.draw(surface)
        name = KROM_NAMES.get(p.what, str(p.what))
        ui.text(surface, name, (cx, frame.top + 112), 15, palette.TEXT_DARK, bold=True, anchor="midtop")
        for k, line in enumerate(ui.wrap(p.label, 13, col - 8)[:3]):
            ui.text(surface, line, (cx, frame.top + 134 + 17 * k), 13, palette.TEXT_DARK, anchor="midtop")
        tips.append((fr.union(d.rect()), f"{name}: rolled {p.die}, {p.label}"))
    return frame, tips


def _rewards(surface: pygame.Surface, topleft: tuple[int, int], rewards) -> list[diagrams.Tip]:
    """What a reward pays, as the Krom board shows tokens: icon and number, choices joined by "or"."""
    x, y = topleft
    tips: list[diagrams.Tip] = []
    for k, bundle in enumerate(rewards):
        if k:
            x = ui.text(surface, "or", (x + 6, y + 13), 15, palette.TEXT_DARK, bold=True, anchor="midleft").right + 8
        for kind, n in bundle:
            icon = assets.image(krom_cards.TOKEN_SPRITES[kind], (26, 26))
            r = surface.blit(icon, (x, y))
            x = ui.text(surface, str(n), (r.right + 2, r.centery), 16, palette.TEXT_DARK, bold=True, anchor="midleft").right + 8
            tips.append((r, krom_cards.amount(kind, n)))
    return tips
