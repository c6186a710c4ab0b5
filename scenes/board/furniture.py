"""What every board uses besides its own art: a banner, flying tokens, the "choose one of these" overlay, seeds.

A board asks for them through `BoardScene` (`show_banner`, `fly`, `choose`, `play_again`), so no
board keeps its own copy.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Any
from collections.abc import Callable, Sequence

import pygame
from pygame_gui.elements import UIButton

from scenes import palette, ui
from scenes.overlays import Overlay
from scenes.widgets.tween import Anim, Call, Sequence as Seq, Tween, ease_in_out_cubic


def new_seed() -> int:
    """A fresh seed for a new game (the rules then take all their randomness from it)."""
    return random.SystemRandom().randrange(1, 2**31)


# -- the banner --------------------------------------------------------------------------------


@dataclass
class Banner:
    """A band of text across the board for a moment ("Turn 2: Blue", "Combat!"): first line big, then smaller ones."""

    lines: list[str]
    colour: tuple[int, int, int]
    t: float = 0.0  # 0..1 through its time on screen (it fades in and out)

    def draw(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        alpha = int(255 * min(1.0, 6 * self.t, 6 * (1 - self.t))) if 0 < self.t < 1 else 255
        sizes = [28] + [18] * (len(self.lines) - 1)
        width = max(ui.render(line, size, palette.TEXT, i == 0).get_width() for i, (line, size)
                    in enumerate(zip(self.lines, sizes))) + 56
        box = pygame.Rect(0, 0, max(360, width), 28 + sum(s + 10 for s in sizes))
        box.center = centre
        box.clamp_ip(surface.get_rect().inflate(-8, -8))
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (*palette.BG_LIGHT, int(alpha * 0.92)), shade.get_rect(), border_radius=12)
        pygame.draw.rect(shade, (*self.colour, alpha), shade.get_rect(), width=3, border_radius=12)
        surface.blit(shade, box)
        y = box.top + 14
        for i, (line, size) in enumerate(zip(self.lines, sizes)):
            img = ui.render(line, size, self.colour if i == 0 and sum(self.colour) > 200 else palette.TEXT, i == 0,
                            i == 0).copy()
            img.set_alpha(alpha)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += size + 10


# -- flying tokens ------------------------------------------------------------------------------


class Flyer:
    """A token (an image) flying on an arc between two points: a treasure picked up, the Dofus changing hands."""

    def __init__(self, image: pygame.Surface, start, end, arc: float = 60):
        self.image = image
        self.start, self.end, self.arc = start, end, arc
        self.pos = start
        self.alive = False

    def anim(self, duration: float, then: Callable[[], Any] | None, done: Callable[[Flyer], None]) -> Anim:
        def begin() -> None:
            self.alive = True

        def step(t: float) -> None:
            x = self.start[0] + (self.end[0] - self.start[0]) * t
            y = self.start[1] + (self.end[1] - self.start[1]) * t - self.arc * t * (1 - t) * 4
            self.pos = (x, y)

        def land() -> None:
            self.alive = False
            done(self)
            if then is not None:
                then()

        return Tween(duration, step, ease=ease_in_out_cubic, on_start=begin, on_done=land)

    def draw(self, surface: pygame.Surface) -> None:
        if self.alive:
            surface.blit(self.image, self.image.get_rect(center=(int(self.pos[0]), int(self.pos[1]))))


# -- "choose one of these" -----------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One choice of a pending decision: the action it plays, its label, what it does, and an optional picture."""

    action: Any
    label: str
    tip: str
    image: pygame.Surface | None = None


FITS = ((20, "@game_button"), (15, "@game_small_button"))  # a choice's label sizes, largest first


class ChoiceOverlay(Overlay):
    """A pending decision's options as buttons over the board (turn a joker, steal what, keep or reroll).

    Every option is a legal action of the snapshot or greyed with the rules' own reason; a click plays it
    through the board. It closes itself when the decision is no longer the one it was opened for."""

    width = 780

    def __init__(self, app, board, title: str, prompt: str, options: Sequence[Option], *, number: int):
        self.prompt_lines = ui.wrap(prompt, 17, self.width - 60)[:3]
        pictures = any(o.image is not None for o in options)
        self.height = 150 + 24 * len(self.prompt_lines) + (96 if pictures else 0)
        super().__init__(app)
        self.board = board
        self.title = title
        self.options = list(options)
        self.number = number  # the snapshot it belongs to (actions played when it opened)

    def _width(self, columns: int) -> int:
        """A button's width with `columns` to a row: 176 pixels, wider when fewer share the row and a label needs it."""
        room = (self.box.width - 40 - 12 * (columns - 1)) // columns
        return min(room, 176 if columns >= 4 else 240)

    def on_enter(self) -> None:
        self._beside_lesson()
        n = len(self.options)
        columns = min(n, 4)
        while columns > 1 and any(ui.button_fit(o.label, self._width(columns), FITS)[0] != o.label for o in self.options):
            columns -= 1  # fewer, wider buttons: every label whole ("A random Bonus ca…" was cut)
        rows = (n + columns - 1) // columns
        if rows > 1:
            self.height += 54 * (rows - 1)
            self.box = pygame.Rect(self.box.left, (self.app.size[1] - self.height) // 2, self.width, self.height)
        w = self._width(columns)
        self.buttons: dict[Any, Option] = {}
        for i, option in enumerate(self.options):
            row, col = divmod(i, columns)
            in_row = min(columns, n - row * columns)
            left = self.box.centerx - (in_row * w + 12 * (in_row - 1)) // 2
            rect = pygame.Rect(left + col * (w + 12), self.box.bottom - 70 - 54 * (rows - 1 - row), w, 46)
            label, object_id = ui.button_fit(option.label, w, FITS)
            button = UIButton(rect, label, self.ui, object_id=object_id)
            self.buttons[button] = option
            reason = self.board.refusal(option.action)
            tip = option.tip if label == option.label else f"{option.label}: {option.tip}"
            self.spots.add(f"choice:{i}", None, tip, enabled=reason is None, reason=reason, widget=button,
                           click=partial(self._pick, option))

    def _beside_lesson(self) -> None:
        """A lesson's note stays readable: the box moves beside its panel (left, right, above or below, the first
        that fits in the window) instead of covering it; the panel is drawn again over the dimmed board."""
        coach = self.board.coach
        if coach is None or not self.box.colliderect(coach.panel):
            return
        room = pygame.Rect(8, 52, self.app.size[0] - 16, self.app.size[1] - 60)
        panel, box = coach.panel, self.box
        for moved in (box.move(panel.left - 8 - box.right, 0), box.move(panel.right + 8 - box.left, 0),
                      box.move(0, panel.top - 8 - box.bottom), box.move(0, panel.bottom + 8 - box.top)):
            moved.clamp_ip(room)
            if not moved.colliderect(panel):
                self.box = moved
                return

    def _pick(self, option: Option) -> None:
        self.app.play_sound("click")
        self.close()
        self.board.act(option.action)

    def on_escape(self) -> None:
        self.board.pause()  # the rules wait for this choice; Esc still pauses the game

    def update(self, dt: float) -> None:
        if self.board.snap.number != self.number or self.board.snap.over:
            self.close()

    def draw_above(self, surface) -> None:
        # A lesson points at the option it asks for (`choice:N`) above the buttons, under the tips.
        if self.board.coach is not None and self.app.stack.top is self:
            self.board.coach.draw(surface, self)
        super().draw_above(surface)

    def draw(self, surface) -> None:
        super().draw(surface)
        coach = self.board.coach
        image = getattr(coach, "_panel_img", None) if coach is not None else None
        if image is not None and not self.box.colliderect(coach.panel):
            surface.blit(image, coach.panel.topleft)  # the lesson's note, not dimmed with the board
        for i, line in enumerate(self.prompt_lines):
            ui.text(surface, line, (self.box.centerx, self.box.top + 70 + i * 24), 17, palette.TEXT, anchor="midtop")
        for button, option in self.buttons.items():
            if option.image is not None:
                surface.blit(option.image, option.image.get_rect(midbottom=(button.rect.centerx, button.rect.top - 12)))


def banner_anim(board, lines: list[str], colour, seconds: float) -> Anim:
    """Show a banner on `board` for `seconds` (at animation speed 1), fading in and out."""
    banner = Banner(list(lines), colour)

    def step(t: float) -> None:
        banner.t = t
        board.banner = banner

    def hide() -> None:
        if board.banner is banner:
            board.banner = None

    return Seq(Tween(seconds, step, ease=lambda t: t), Call(hide))


__all__ = ["Banner", "ChoiceOverlay", "Flyer", "Option", "banner_anim", "new_seed"]
