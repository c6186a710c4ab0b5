"""The Khrysos board's decision bar: one button for each of the rules' `choices` for the decision pending
(roll or withdraw, end the turn, Boosts, hits, Guard, stop, who a box Move moves, a hunter of the hand).

The buttons are made again only when the choices change; each is a hotspot `button:<choice key>`
(`button:roll`, `button:hand:7`, `button:hit:4`, `button:guard:1`, `button:mover:12`, ...) whose tip
and greyed reason are the rules' words.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame_gui.elements import UIButton

from scenes import palette, ui

GAP = 8
MAX_WIDTH = 180
HEIGHT = 38
PAD = 12  # pixels of a button's width its text may not use
FONTS: tuple[tuple[int, str | None], ...] = ((18, None), (15, "@small_button"), (14, "@tiny_button"))  # label sizes, largest first, with their theme ids


class DecisionBar:
    def __init__(self, board, rect: pygame.Rect):
        self.board = board
        self.rect = pygame.Rect(rect)
        self.buttons: dict[str, UIButton] = {}  # choice key -> button
        self.shown: dict[str, tuple[str, str]] = {}  # choice key -> (label shown, tip)
        self._key: tuple | None = None

    def sync(self, choices) -> None:
        """Make the buttons of these choices (kept when their keys and labels are the same as before; their tips
        are always the new ones)."""
        key = tuple((c.key, c.label) for c in choices)
        if key == self._key:  # the same buttons: only their tips may have changed ("the 5 energy points left")
            for c in choices:
                label = self.shown[c.key][0]
                self.shown[c.key] = (label, c.tip if label == c.label else f"{c.label}: {c.tip}")
            return
        self._key = key
        for b in self.buttons.values():
            b.kill()
        self.buttons, self.shown = {}, {}
        if not choices:
            return
        n = len(choices)
        room = self.rect.width - GAP * (n - 1)
        # long labels (hunter names): the whole row in the largest font where every label fits, each button as wide
        # as its label needs (a long "Hit Moss Halloway" beside a short "End turn"), the room left shared out; cut
        # with an ellipsis (the tip then names it in full) only if no font fits
        widths, size, theme = [min(MAX_WIDTH, room // n)] * n, *FONTS[-1]
        for sz, th in FONTS:
            need = [ui.render(c.label, sz, palette.TEXT, True).get_width() + PAD + 4 for c in choices]
            if sum(need) <= room:
                extra = (room - sum(need)) // n
                widths, size, theme = [max(w, min(MAX_WIDTH, w + extra)) for w in need], sz, th
                break
        x = self.rect.left
        for c, width in zip(choices, widths):
            label, tip = c.label, c.tip
            short = ui.fit(label, size, width - PAD, bold=True)
            if short != label:
                label, tip = short, f"{c.label}: {tip}"
            b = UIButton(pygame.Rect(x, self.rect.top, width, HEIGHT), label, self.board.ui, object_id=theme)
            self.buttons[c.key] = b
            self.shown[c.key] = (label, tip)
            x += width + GAP

    def hotspots(self, spots, choices, perform: Callable, select: Callable[[int], None]) -> None:
        for c in choices:
            b = self.buttons.get(c.key)
            if b is None:
                continue
            label, tip = self.shown[c.key]
            if c.gesture is None:  # choose who a box Move moves: a selection, not an action
                spots.add(f"button:{c.key}", None, tip, click=lambda h=c.mover: select(h), widget=b, label=label)
                continue
            spots.add(f"button:{c.key}", None, tip, enabled=c.gesture.ok, reason=c.gesture.reason,
                      click=lambda g=c.gesture: perform(g), widget=b, label=label)

    def key_at(self, pos) -> str | None:
        return next((k for k, b in self.buttons.items() if b.visible and b.rect.collidepoint(pos)), None)
