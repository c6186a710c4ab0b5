"""Numbers and words that pop up over the board and float away (damage, healing, "+1 treasure")."""

from __future__ import annotations

import pygame

from scenes import ui
from scenes.widgets.tween import Anim, Tween, ease_out_cubic


class FloatingText:
    """A short text rising and fading at a point; `anim()` drives it and removes it when done."""

    def __init__(self, text: str, pos: tuple[int, int], colour=(255, 90, 80), size: int = 30):
        self.text = text
        self.pos = pos
        self.colour = colour
        self.size = size
        self.rise = 0.0
        self.alpha = 255
        self.alive = True
        self.visible = False  # shown once its animation starts (it may wait in a queue)

    def anim(self, duration: float = 0.9) -> Anim:
        def step(t: float) -> None:
            self.rise = 48 * t
            self.alpha = int(255 * (1 - max(0.0, t - 0.5) * 2))

        def start() -> None:
            self.visible = True

        def end() -> None:
            self.alive = False

        return Tween(duration, step, ease=ease_out_cubic, on_start=start, on_done=end)

    def draw(self, surface: pygame.Surface) -> None:
        if not (self.alive and self.visible):
            return
        img = ui.render(self.text, self.size, tuple(self.colour), True, True).copy()
        img.set_alpha(self.alpha)
        surface.blit(img, img.get_rect(midbottom=(self.pos[0], int(self.pos[1] - self.rise))))


class Floaters:
    """All floating texts of a board: add, animate, draw, forget when done."""

    def __init__(self) -> None:
        self.items: list[FloatingText] = []

    def pop(self, text: str, pos: tuple[int, int], colour=(255, 90, 80), size: int = 30, duration: float = 0.9) -> Anim:
        item = FloatingText(text, pos, colour, size)
        self.items.append(item)
        return item.anim(duration)

    def draw(self, surface: pygame.Surface) -> None:
        self.items = [i for i in self.items if i.alive]
        for item in self.items:
            item.draw(surface)
