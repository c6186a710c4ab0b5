"""The animations every board shares for the events all games have: dice, moves, damage, healing, knock-outs,
banners and flying tokens."""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

import pygame

from game.core.events import Damaged, DiceRolled, Healed, KnockedOut, Moved
from scenes import palette
from scenes.board.furniture import Flyer, banner_anim
from scenes.widgets.tween import Anim, Call, Parallel, Sequence


class SharedAnimations:
    """The part of BoardScene that animates the shared event shapes; a board supplies the positions
    (`standee_for`, `point_of`, `dice_for`)."""

    def show_banner(self, lines: list[str] | str, colour, seconds: float = 0.9) -> Anim:
        """A banner over the board for a moment (an animation step)."""
        return banner_anim(self, [lines] if isinstance(lines, str) else list(lines), colour, seconds)

    def fly(self, image: pygame.Surface, start, end, *, then: Callable[[], Any] | None = None,
            duration: float = 0.55, arc: float = 60) -> Anim:
        """A token flying from `start` to `end` (an animation step); `then` runs as it lands."""
        flyer = Flyer(image, start, end, arc)
        self._tokens.append(flyer)
        return flyer.anim(duration, then, lambda f: self._tokens.remove(f) if f in self._tokens else None)

    def _anim_dice(self, event: DiceRolled) -> Anim | None:
        dice = self.dice_for(event)
        if not dice:
            return None
        sound = [True]

        def once() -> None:
            if sound:
                sound.clear()
                self.app.play_sound("dice_roll")

        return Parallel(*(d.roll(f, 0.7 + 0.06 * i, on_sound=once) for i, (d, f) in enumerate(zip(dice, event.faces))))

    def _anim_moved(self, event: Moved) -> Anim | None:
        standee = self.standee_for(event.piece)
        if standee is None:
            return None
        points = [self.point_of(p) for p in event.path[1:]]
        points = [p for p in points if p is not None]
        if not points:
            return None
        if event.cause in ("teleport", "swap"):
            return Call(lambda: standee.move_to(points[-1]))
        step = 0.1 if event.cause == "slide" else 0.16
        return standee.slide(points, step_time=step, on_step=lambda: self.app.play_sound("move"))

    def _anim_damaged(self, event: Damaged) -> Anim | None:
        standee = self.standee_for(event.piece)
        if standee is None or event.amount <= 0:
            return None
        pos = (int(standee.pos[0]), int(standee.pos[1]) - standee.height)
        return Parallel(standee.hit(), self.floaters.pop(f"-{event.amount}", pos), Call(lambda: self.app.play_sound("hit")))

    def _anim_healed(self, event: Healed) -> Anim | None:
        standee = self.standee_for(event.piece)
        if standee is None or event.amount <= 0:
            return None
        pos = (int(standee.pos[0]), int(standee.pos[1]) - standee.height)
        return self.floaters.pop(f"+{event.amount}", pos, colour=palette.LEGAL)

    def _anim_ko(self, event: KnockedOut) -> Anim | None:
        standee = self.standee_for(event.piece)
        if standee is None:
            return None
        return Sequence(Call(lambda: self.app.play_sound("ko")), standee.knock_out())
