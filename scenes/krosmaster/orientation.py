"""The board-orientation picker: the four layouts (two sides, two orientations) as real thumbnails.

Hover enlarges a layout, a click chooses it and goes back to the setup. Blue and pink bands
show which colour starts on which edge.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.krosmaster import BOARDS, DEFAULT_LAYOUT
from scenes import assets, palette, ui
from scenes.krosmaster import art
from scenes.stack import Scene

THUMB_CELL = 30
HOVER_CELL = 34
# Side A then side B, each standard then mirrored.
LAYOUTS = tuple(sorted(BOARDS, key=lambda k: (BOARDS[k].side, BOARDS[k].orientation != "standard")))
LEGEND = (("terrain/tree", "Tree: blocks moves and sight"), ("terrain/bush", "Bush: blocks moves only"),
          ("markers/glyph_neutral", "Glyph cell"), ("terrain/start_blue", "Blue start"),
          ("terrain/start_pink", "Pink start"))


class OrientationScene(Scene):
    title = "Choose the board"

    def __init__(self, app, current: str = DEFAULT_LAYOUT, on_pick: Callable[[str], None] | None = None):
        super().__init__(app)
        self.current = current
        self.on_pick = on_pick
        self.hover: str | None = None
        w, _ = app.size
        thumb_w = THUMB_CELL * 8
        gap = (w - 80 - 4 * thumb_w) // 3
        self.slots = {layout: pygame.Rect(40 + i * (thumb_w + gap), 170, thumb_w, THUMB_CELL * 10)
                      for i, layout in enumerate(LAYOUTS)}

    @classmethod
    def for_automation(cls, app, seed: int) -> OrientationScene:
        return cls(app, LAYOUTS[seed % len(LAYOUTS)])

    def on_enter(self) -> None:
        _w, h = self.app.size
        self.back_button = UIButton(pygame.Rect(40, h - 84, 200, 56), "Back", self.ui, object_id="@menu_button")

    def rect_of(self, layout: str) -> pygame.Rect:
        r = self.slots[layout]
        if layout != self.hover:
            return r
        big = pygame.Rect(0, 0, HOVER_CELL * 8, HOVER_CELL * 10)
        big.center = r.center
        return big

    def layout_at(self, pos) -> str | None:
        return next((k for k in LAYOUTS if self.rect_of(k).collidepoint(pos)), None)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.layout_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            layout = self.layout_at(event.pos)
            if layout is not None:
                self.app.play_sound("click")
                self.pick(layout)
                return True
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button:
            self.app.play_sound("click")
            self.leave()
            return True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return True
        return False

    def pick(self, layout: str) -> None:
        self.current = layout
        if self.on_pick is not None:
            self.on_pick(layout)
            self.leave()

    def leave(self) -> None:
        if len(self.app.stack) > 1:
            self.app.stack.pop(self)
        else:  # opened alone (automation): the setup it belongs to
            self.app.show("krosmaster.setup")

    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_table(surface)
        ui.text(surface, self.title, (40, 30), 34, palette.GOLD, bold=True, shadow=True)
        ui.text(surface, "Two sides, each in two orientations. Click a board to play on it.", (40, 80), 18,
                palette.TEXT_DIM)
        order = [k for k in LAYOUTS if k != self.hover] + ([self.hover] if self.hover else [])
        for layout in order:
            board = BOARDS[layout]
            rect = self.rect_of(layout)
            cell = rect.width // 8
            frame = rect.inflate(24, 64)
            chosen = layout == self.current
            ui.panel(surface, frame, colour=palette.PANEL_LIGHT if layout == self.hover else palette.PANEL,
                     edge=palette.SELECT if chosen else palette.PANEL_EDGE, width=4 if chosen else 2)
            surface.blit(art.layout_surface(layout, cell), rect)
            art.side_band(surface, rect, layout, 8)
            top = art.seat_at_top(layout)
            ui.text(surface, f"{art.COLOUR_NAMES[top]} side", (rect.centerx, rect.top - 14), 13, palette.TEXT, bold=True,
                    anchor="midbottom")
            ui.text(surface, f"{art.COLOUR_NAMES[1 - top]} side", (rect.centerx, rect.bottom + 12), 13, palette.TEXT,
                    bold=True, anchor="midtop")
            ui.text(surface, board.name, (rect.centerx, frame.bottom + 14), 20, palette.GOLD if chosen else palette.TEXT,
                    bold=True, anchor="midtop")
            ui.text(surface, f"Side {board.side}, {board.orientation}" + (" (chosen)" if chosen else ""),
                    (rect.centerx, frame.bottom + 40), 16, palette.TEXT_DIM, anchor="midtop")
        x = 300
        y = self.app.size[1] - 70
        for sprite, label in LEGEND:
            surface.blit(assets.image(sprite, (28, 28)), (x, y - 14))
            r = ui.text(surface, label, (x + 34, y), 15, palette.TEXT, anchor="midleft")
            x = r.right + 26
