"""A standee: a figure on a coloured base that slides along paths, flinches when hit and falls when knocked out."""

from __future__ import annotations

import math

import pygame

from scenes import assets, palette, ui
from scenes.widgets.tween import Anim, Sequence, Tween, ease_in_out_cubic, ease_out_cubic, linear


class StandeeView:
    """One figure. `pos` is where its base stands (the centre of its cell); animations move it."""

    def __init__(self, name: str, base: str, pos: tuple[int, int], colour: tuple[int, int, int], *,
                 label: str | None = None, height: int = 80, portrait: pygame.Surface | None = None,
                 face: str | None = None):
        self.name = name
        self.base = base  # "blue", "pink" or "seat0".."seat5"
        self.colour = colour
        self.label = label if label is not None else name[:1].upper()
        # A face sprite by name (e.g. assets.face("krom", "alma")) shown instead of the letter.
        self.face = face
        self.mark = assets.base_mark(base)  # the plinth's second cue besides colour, or None
        self.pos = (float(pos[0]), float(pos[1]))
        self.height = height
        self.portrait = portrait
        self.lift = 0.0
        self.tilt = 0.0
        self.alpha = 255
        self.flash = 0.0
        self.shake = 0.0
        self.selected = False
        self.hovered = False
        self.dimmed = False  # e.g. already played this turn
        self.visible = True

    # -- geometry -------------------------------------------------------------------
    def hit_rect(self) -> pygame.Rect:
        w = int(self.height * 0.7)
        r = pygame.Rect(0, 0, w, self.height + 10)
        r.midbottom = (int(self.pos[0]), int(self.pos[1]) + 8)
        return r

    # -- animations -----------------------------------------------------------------
    def slide(self, points: list[tuple[int, int]], step_time: float = 0.16, on_step=None) -> Anim:
        """Hop from cell to cell along `points` (pixel centres), starting wherever the standee is."""
        steps: list[Anim] = []
        for target in points:
            steps.append(self._hop(target, step_time, on_step))
        return Sequence(*steps)

    def _hop(self, target: tuple[int, int], duration: float, on_step) -> Anim:
        start: list[tuple[float, float]] = []

        def begin() -> None:
            start.append(self.pos)
            if on_step:
                on_step()

        def step(t: float) -> None:
            sx, sy = start[0]
            self.pos = (sx + (target[0] - sx) * t, sy + (target[1] - sy) * t)
            self.lift = math.sin(t * math.pi) * 10

        return Tween(duration, step, ease=ease_in_out_cubic, on_start=begin)

    def move_to(self, target: tuple[int, int]) -> None:
        self.pos = (float(target[0]), float(target[1]))

    def hit(self) -> Anim:
        """A red flash and a shake."""

        def step(t: float) -> None:
            self.flash = 1 - t
            self.shake = math.sin(t * math.pi * 6) * (1 - t) * 6

        return Tween(0.4, step, ease=linear)

    def knock_out(self) -> Anim:
        """Tip over and fade away."""

        def step(t: float) -> None:
            self.tilt = 90 * t
            self.alpha = int(255 * (1 - t))

        def gone() -> None:
            self.visible = False

        return Tween(0.7, step, ease=ease_out_cubic, on_done=gone)

    def appear(self) -> Anim:
        """Drop in (a summoned minion, a replacement hunter)."""

        def begin() -> None:
            self.visible = True
            self.tilt = 0.0  # standing again, even after a knock-out

        def step(t: float) -> None:
            self.lift = (1 - t) * 60
            self.alpha = int(255 * t)

        return Tween(0.35, step, ease=ease_out_cubic, on_start=begin)

    # -- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        x = int(self.pos[0] + self.shake)
        y = int(self.pos[1])
        base = assets.image(f"standees/base_{self.base}", (int(self.height * 0.8), int(self.height * 0.3)))
        if self.selected or self.hovered:
            ring = base.get_rect(center=(x, y)).inflate(10, 8)
            pygame.draw.ellipse(surface, palette.SELECT if self.selected else palette.HOVER, ring, width=3)
        figure = self._figure()
        if self.tilt:
            figure = pygame.transform.rotate(figure, -self.tilt)
        if self.alpha < 255:
            figure = figure.copy()
            figure.set_alpha(self.alpha)
            base = base.copy()
            base.set_alpha(self.alpha)
        surface.blit(base, base.get_rect(center=(x, y)))
        if self.tilt:  # falling over: pivot roughly around the base
            rect = figure.get_rect(center=(x + self.tilt * self.height / 260,
                                           y - self.height * 0.35 * (1 - self.tilt / 90)))
        else:
            rect = figure.get_rect(midbottom=(x, y - int(self.lift) + 2))
        surface.blit(figure, rect)

    def _figure(self) -> pygame.Surface:
        key = (self.label, self.face, self.dimmed, self.colour, self.height)
        if getattr(self, "_cache_key", None) != key:
            self._cache_key = key
            self._cache = self._compose()
        if self.flash <= 0:
            return self._cache
        card = self._cache.copy()
        card.fill((int(150 * self.flash), 0, 0, 0), special_flags=pygame.BLEND_RGBA_ADD)  # redden, same shape
        return card

    def _compose(self) -> pygame.Surface:
        w, h = int(self.height * 0.7), self.height
        card = assets.image("standees/figure_blank", (w, h)).copy()
        inner = pygame.Rect(int(w * 0.12), int(h * 0.1), int(w * 0.76), int(h * 0.58))
        if self.portrait is not None:
            card.blit(pygame.transform.smoothscale(self.portrait, inner.size), inner)
        elif self.face is not None:
            side = min(int(w * 0.86), int(h * 0.62))
            face = assets.image(self.face, (side, side))
            card.blit(face, face.get_rect(midtop=(w // 2, int(h * 0.05))))
        else:
            pygame.draw.ellipse(card, self.colour, inner)
            letter = ui.render(self.label, max(12, int(h * 0.34)), palette.TEXT, True, True)
            card.blit(letter, letter.get_rect(center=inner.center))
        plate = pygame.Rect(int(w * 0.08), int(h * 0.72), int(w * 0.84), int(h * 0.2))
        pygame.draw.rect(card, self.colour, plate, border_radius=4)
        if self.mark is not None and plate.height >= 6:
            mark = assets.image(self.mark, (plate.height, plate.height))
            card.blit(mark, mark.get_rect(center=plate.center))
        if self.dimmed:
            card.fill((130, 130, 140, 255), special_flags=pygame.BLEND_RGBA_MULT)  # darker, same shape
        return card
