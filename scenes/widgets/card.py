"""A card on screen: a frame from the art, its title, an icon or art, rules text, and corner values."""

from __future__ import annotations

import json
from functools import lru_cache

import pygame

from scenes import assets, palette, ui

CARD_SIZE = (180, 252)


@lru_cache(maxsize=1)
def _layouts() -> dict[str, dict]:
    """Title, art and text rectangles of each card frame, as the art script recorded them."""
    data = json.loads((assets.resource_dir("sprites") / "manifest.json").read_text(encoding="utf-8"))
    entries = data["sprites"] if isinstance(data, dict) and "sprites" in data else data
    out = {}
    for e in entries:
        path = e.get("path") or e.get("file") or ""
        if "title_rect" in e:
            out[path.removeprefix("sprites/").removesuffix(".png")] = e
    return out


def frame_layout(frame: str) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    e = _layouts()[frame]
    return pygame.Rect(e["title_rect"]), pygame.Rect(e["art_rect"]), pygame.Rect(e["text_rect"])


class CardView:
    """A face-up or face-down card. Content is given by the scene (from the rules' data); drawing only."""

    def __init__(self, frame: str, title: str, text: str = "", *, back: str | None = None, icon: str | None = None,
                 corner: str | None = None, footer: str | None = None, face_up: bool = True):
        self.frame = frame  # e.g. "cards/frame_bonus"
        self.back = back  # e.g. "cards/back_krom"
        self.title = title
        self.text = text
        self.icon = icon  # a sprite name shown in the art window
        self.corner = corner  # a value in the top-left corner (points, cost)
        self.footer = footer
        self.face_up = face_up
        self._cache: dict[tuple, pygame.Surface] = {}

    def surface(self, scale: float = 1.0) -> pygame.Surface:
        key = (scale, self.face_up, self.title, self.text, self.corner, self.footer, self.icon)
        surf = self._cache.get(key)
        if surf is None:
            base = self._render()
            size = (int(CARD_SIZE[0] * scale), int(CARD_SIZE[1] * scale))
            surf = base if scale == 1.0 else pygame.transform.smoothscale(base, size)
            self._cache = {key: surf}
        return surf

    def _render(self) -> pygame.Surface:
        if not self.face_up and self.back:
            return assets.image(self.back).copy()
        card = assets.image(self.frame).copy()
        title_r, art_r, text_r = frame_layout(self.frame)
        size = 17
        while size > 11 and assets.font(size, True).size(self.title)[0] > title_r.width - 8:
            size -= 1
        ui_title = ui.render(self.title, size, palette.TEXT, True, True)
        card.blit(ui_title, ui_title.get_rect(center=title_r.center))
        if self.icon:
            icon = assets.image(self.icon)
            side = min(art_r.width, art_r.height) - 12
            icon = pygame.transform.smoothscale(icon, (side, side))
            card.blit(icon, icon.get_rect(center=art_r.center))
        y = text_r.top + 4
        text_size = 13
        lines = ui.wrap(self.text, text_size, text_r.width - 10)
        while len(lines) * (text_size + 3) > text_r.height - 8 and text_size > 9:
            text_size -= 1
            lines = ui.wrap(self.text, text_size, text_r.width - 10)
        for line in lines:
            img = ui.render(line, text_size, palette.TEXT_DARK, False, False)
            card.blit(img, (text_r.left + 5, y))
            y += text_size + 3
        if self.corner:
            badge = ui.render(self.corner, 18, palette.TEXT, True, True)
            centre = (title_r.left + 2, title_r.top + 2)
            pygame.draw.circle(card, palette.SHADOW, centre, 17)
            pygame.draw.circle(card, palette.GOLD, centre, 17, width=2)
            card.blit(badge, badge.get_rect(center=centre))
        if self.footer:
            img = ui.render(self.footer, 12, palette.TEXT_DARK, True, False)
            card.blit(img, img.get_rect(midbottom=(CARD_SIZE[0] // 2, CARD_SIZE[1] - 6)))
        return card

    def draw(self, surface: pygame.Surface, topleft: tuple[int, int], scale: float = 1.0, *, lifted: bool = False) -> pygame.Rect:
        img = self.surface(scale)
        rect = img.get_rect(topleft=topleft)
        if lifted:
            rect.move_ip(0, -12)
        shadow = rect.move(4, 8 if lifted else 5)
        pygame.draw.rect(surface, palette.SHADOW, shadow, border_radius=int(12 * scale))
        surface.blit(img, rect)
        return rect
