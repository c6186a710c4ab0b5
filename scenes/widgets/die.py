"""An animated die: it tumbles, then settles on the face the rules rolled."""

from __future__ import annotations

import math
import random

import pygame

from scenes import assets
from scenes.widgets.tween import Anim, Sequence, Tween, ease_out_back, linear

COMBAT_FACES = ("critical", "critical_joker", "shield", "shield_joker", "joker", "blank")


def face_sprite(style: str, face) -> str:
    """Sprite name for a face: style "d6" (ivory), "d6w" (white), "seatN" (seat colour) or "combat"."""
    if style == "combat":
        return f"dice/combat_{face}"
    if style in ("d6", "d6w"):
        return f"dice/{style}_{face}"
    return f"dice/{style}_{face}"  # seat0 .. seat5


class DieView:
    """A die on screen. `roll(face)` returns the animation; the die never decides the face."""

    def __init__(self, style: str, centre: tuple[int, int], size: int = 64, face=None):
        self.style = style
        self.faces = COMBAT_FACES if style == "combat" else (1, 2, 3, 4, 5, 6)
        self.home = centre
        self.size = size
        self.face = face if face is not None else self.faces[0]
        self.shown = self.face
        self.offset = (0.0, 0.0)
        self.angle = 0.0
        self.scale = 1.0
        self.blur: int | None = None
        self.rolling = False
        self.highlight = False
        # Decorative randomness only (which faces flash by while tumbling), seeded for repeatable screenshots.
        self._flicker = random.Random(centre[0] * 7919 + centre[1])
        self._smears: dict[tuple, pygame.Surface] = {}

    def _smeared(self, img: pygame.Surface, frame: int) -> pygame.Surface:
        """The die's own face, motion-blurred (frame 0..3 turns the smear), so it tumbles in its own colour."""
        key = (self.shown, img.get_width(), frame)
        smear = self._smears.get(key)
        if smear is None:
            angle = math.radians(35 + 70 * frame)
            length = 5 + frame
            pad = length + 1
            smear = pygame.Surface((img.get_width() + 2 * pad, img.get_height() + 2 * pad), pygame.SRCALPHA)
            copies = 5
            for k in range(copies):
                t = (k / (copies - 1) - 0.5) * length
                ghost = img.copy()
                ghost.set_alpha(110 if k != copies // 2 else 255)
                smear.blit(ghost, (pad + round(t * math.cos(angle)), pad + round(t * math.sin(angle))))
            self._smears[key] = smear  # at most faces x sizes x 4 small surfaces per die
        return smear

    def rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.size, self.size)
        r.center = (int(self.home[0] + self.offset[0]), int(self.home[1] + self.offset[1]))
        return r

    def roll(self, face, duration: float = 0.9, on_sound=None) -> Anim:
        """Tumble for `duration` seconds (hops, spins, faces flicker), then settle on `face` with a small pop."""
        if face not in self.faces:
            raise ValueError(f"{face!r} is not a face of a {self.style} die")
        spin = self._flicker.choice((-1, 1)) * (540 + self._flicker.randint(0, 180))
        drift = self._flicker.uniform(-18, 18)

        def start() -> None:
            self.rolling = True
            self.face = face
            if on_sound:
                on_sound()

        def tumble(t: float) -> None:
            hop = abs(math.sin(t * math.pi * 3)) * (1 - t) * 46
            self.offset = (drift * math.sin(t * math.pi), -hop)
            self.angle = spin * (1 - t) ** 2
            tick = int(t * 14)
            self.shown = self.faces[(tick * 5 + int(spin)) % len(self.faces)] if t < 0.85 else face
            self.blur = tick % 4 if t < 0.55 else None

        def settle(t: float) -> None:
            self.shown = face
            self.blur = None
            self.offset = (0.0, 0.0)
            self.angle = 0.0
            self.scale = 1.25 - 0.25 * t

        def done() -> None:
            self.rolling = False
            self.scale = 1.0

        return Sequence(
            Tween(duration, tumble, ease=linear, on_start=start),
            Tween(0.18, settle, ease=ease_out_back, on_done=done),
        )

    def draw(self, surface: pygame.Surface) -> None:
        size = max(4, int(self.size * self.scale))
        rect = self.rect()
        shadow = pygame.Rect(0, 0, int(self.size * 0.8), int(self.size * 0.22))
        shadow.center = (self.home[0], self.home[1] + self.size // 2 + 4)
        lift = max(0.0, -self.offset[1])
        shade = pygame.Surface(shadow.size, pygame.SRCALPHA)
        pygame.draw.ellipse(shade, (0, 0, 0, max(30, 110 - int(lift * 1.6))), shade.get_rect())
        surface.blit(shade, shadow)
        img = assets.image(face_sprite(self.style, self.shown), (size, size))
        if self.blur is not None:
            img = self._smeared(img, self.blur)
        if self.angle:
            img = pygame.transform.rotate(img, self.angle)
        surface.blit(img, img.get_rect(center=rect.center))
        if self.highlight and not self.rolling:
            pygame.draw.rect(surface, (250, 214, 90), rect.inflate(8, 8), width=3, border_radius=12)
