"""The danger overlay (issue 33) on the Krosmaster and Khrysos boards: a toggle button in the bar (and the D
key) that shades every cell or square where a rival piece can strike the player's pieces in its next turn,
and adds to a hovered cell's tip who can reach it and how much ("Golda Purse can reach you here: 2 to 4
damage"). The answers are the rules' tactics queries, said by game.learn.advice.danger_map, computed once
per snapshot and viewer and drawn from one cached layer: a frame costs one blit.

It is off by default, in games and in lessons: a board already shades what the player is choosing (a walk,
a spell's range in green and red), and a lesson rings the one thing its step teaches; red over them would
be read as part of it. A player who wants it turns it on once: it stays on for the rest of the session,
on every board that has it."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.learn.advice import danger_map, has_danger
from scenes.board.status import STATUS_HEIGHT

SHADES = {1: (200, 60, 40, 38), 2: (200, 40, 40, 70), 3: (210, 20, 30, 110)}  # by how grave (game.learn.advice)
EDGE = (230, 70, 60)
WIDTH = 124  # "Danger: off" whole in the button font


class DangerShading:
    """The part of BoardScene behind the danger overlay."""

    danger_button: UIButton | None = None
    _danger_key: tuple | None = None
    _danger: dict = {}
    _danger_layer: tuple | None = None

    def build_danger(self, right: int) -> None:
        """The toggle, in the bar left of `right`, for a game whose rules answer the question."""
        if has_danger(self.rules) and self.replay is None:
            self.danger_button = UIButton(pygame.Rect(right - 8 - WIDTH, 5, WIDTH, STATUS_HEIGHT - 10), "Danger: off",
                                          self.ui)

    @property
    def danger_on(self) -> bool:
        return self.danger_button is not None and getattr(self.app, "danger_on", False)

    def toggle_danger(self) -> None:
        self.app.danger_on = not getattr(self.app, "danger_on", False)
        self.tip_cache = {}
        self.refresh_hotspots()

    def danger_seat(self) -> int | None:
        """Whose pieces the overlay is about: the player at the screen."""
        snap = self.snap
        if snap is None or snap.over:
            return None
        return snap.viewer if snap.viewer is not None else snap.seat

    def danger_ignore(self) -> tuple[int, ...]:
        """Pieces taken off the board for the question (Krosmaster: the fighter being played, that would stand there)."""
        return ()

    def dangers(self) -> dict:
        """{cell: (the hover line, how grave 1-3)} of the overlay now (computed once per snapshot and viewer)."""
        seat = self.danger_seat()
        key = (id(self.snap), seat)
        if key != self._danger_key:
            self._danger_key = key
            self._danger = {} if seat is None else danger_map(self.rules.GAME_ID, self.snap.view, seat,
                                                              self.danger_ignore())
        return self._danger

    def danger_line(self, cell) -> str | None:
        """What the overlay says on a hovered cell, while it is on."""
        if not self.danger_on or self.busy:
            return None
        got = self.dangers().get(tuple(cell))
        return got[0] if got else None

    def danger_hotspot(self) -> None:
        if self.danger_button is None:
            return
        on = self.danger_on
        tip = ("Hide the danger overlay (D)" if on else
               "Show the danger overlay (D): red cells are those where the other side's pieces can strike yours in "
               "their next turn, the darker the harder (outlined: enough to knock out your weakest); hover one to see "
               "who and how much")
        self.spots.add("button:danger", None, tip, click=self.toggle_danger, widget=self.danger_button,
                       label="Danger: on" if on else "Danger: off", always=True)

    def danger_key(self, event) -> bool:
        if self.danger_button is not None and event.type == pygame.KEYDOWN and event.key == pygame.K_d \
                and not event.mod & pygame.KMOD_CTRL:
            self.toggle_danger()
            return True
        return False

    def draw_danger(self, surface: pygame.Surface) -> None:
        if not self.danger_on or self.busy:
            return
        cells = self.dangers()
        area = self.grid.rect
        key = (self._danger_key, tuple(area))
        if self._danger_layer is None or self._danger_layer[0] != key:
            layer = pygame.Surface(area.size, pygame.SRCALPHA)  # the board's size only: a smaller blit each frame
            for cell, (_, grade) in cells.items():
                r = self.grid.cell_rect(cell).inflate(-4, -4).move(-area.left, -area.top)
                layer.fill(SHADES[grade], r)
                if grade == 3:
                    pygame.draw.rect(layer, EDGE, r, width=2, border_radius=4)
            self._danger_layer = (key, layer)
        surface.blit(self._danger_layer[1], area.topleft)
