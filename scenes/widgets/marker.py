"""Counters and markers: a token sprite with an optional count badge that pulses when it changes."""

from __future__ import annotations

import pygame

from scenes import assets, palette, ui
from scenes.widgets.tween import Anim, Tween, ease_out_back


class MarkerView:
    """A token (injury, AP/MP, guard, treasure, Krom, resources...) at a position, with a count."""

    def __init__(self, kind: str, pos: tuple[int, int], count: int = 1, size: int = 40):
        self.kind = kind
        self.pos = pos
        self.count = count
        self.size = size
        self.scale = 1.0

    def rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.size, self.size)
        r.center = self.pos
        return r

    def set_count(self, count: int) -> Anim:
        """Change the count with a pulse (the rules already decided the new value)."""

        def begin() -> None:
            self.count = count

        def step(t: float) -> None:
            self.scale = 1.35 - 0.35 * t

        return Tween(0.3, step, ease=ease_out_back, on_start=begin)

    def draw(self, surface: pygame.Surface) -> None:
        size = max(4, int(self.size * self.scale))
        img = assets.image(f"markers/{self.kind}", (size, size))
        surface.blit(img, img.get_rect(center=self.pos))
        if self.count != 1:
            badge = ui.render(str(self.count), max(12, self.size // 3), palette.TEXT, True, False)
            r = badge.get_rect(center=(self.pos[0] + self.size // 2 - 4, self.pos[1] + self.size // 2 - 4))
            pygame.draw.circle(surface, palette.SHADOW, r.center, max(r.width, r.height) // 2 + 4)
            pygame.draw.circle(surface, palette.GOLD_DARK, r.center, max(r.width, r.height) // 2 + 3, width=2)
            surface.blit(badge, r)

