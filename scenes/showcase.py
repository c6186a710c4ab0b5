"""A table showing every reusable widget at work, built on the board kit like every real board.

Not a game: it is where the widgets are looked at and measured (`--scene showcase`). Its
rules are `game.demo`; the scene only shows them, collects clicks and animates events.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game import demo
from game.core.match import Match
from scenes import assets, palette, ui
from scenes.board import BoardScene, BoardView, Seat
from scenes.overlays import PauseScene
from scenes.widgets.card import CardView
from scenes.widgets.die import DieView
from scenes.widgets.handoff import HandOffScene
from scenes.widgets.marker import MarkerView
from scenes.widgets.standee import StandeeView
from scenes.widgets.tween import Call, Sequence

BOARD_AREA = pygame.Rect(470, 110, demo.COLS * 64, demo.ROWS * 64)
NOTE = "Nothing to save here: this is the showcase table."


class ShowcaseScene(BoardScene):
    log_rect = pygame.Rect(964, 100, 286, 580)
    autosave = False

    def __init__(self, app, seed: int = 0):
        super().__init__(app, Match.new(demo, demo.Setup(), seed), [Seat("The table", palette.GOLD)])

    @classmethod
    def for_automation(cls, app, seed: int) -> "ShowcaseScene":
        return cls(app, seed)

    # -- the kit's hooks -------------------------------------------------------------------
    def build(self) -> None:
        self.grid = BoardView(demo.COLS, demo.ROWS, BOARD_AREA)
        self.dice = [DieView("d6", (96, 200)), DieView("d6", (186, 200), face=4), DieView("combat", (276, 200)),
                     DieView("seat1", (366, 200), face=6)]
        colours = (palette.KROSMASTER_BLUE, palette.KROSMASTER_PINK)
        faces = (assets.face("krosmaster", "martine_gale"), assets.face("minion", "gobball"))
        self.standees = [StandeeView(name, base, self.grid.cell_centre(cell), colour, face=face)
                         for name, base, cell, colour, face in zip(demo.PIECES, ("blue", "pink"), self.shown.at, colours,
                                                                   faces)]
        self.markers = [MarkerView(k, (84 + i * 58, 392), c, 44) for i, (k, c) in
                        enumerate([("injury_1", 2), ("ap_minus", 1), ("mp_plus", 1), ("guard", 2), ("treasure", 5),
                                   ("krom", 7)])]
        self.cards = [
            CardView("cards/frame_favor", "Krosmic Favor", "Move one of your fighters two cells. Free for the Dofus holder.",
                     icon="icons/move", corner="1"),
            CardView("cards/frame_bonus", "Sharp Flint", "Combat: add 2 to your total after the dice are rolled.",
                     icon="icons/skull"),
            CardView("cards/frame_hunter", "Elia Rose", "Tank Driver, Theft and four more actions.", icon="icons/trample",
                     corner="6"),
        ]
        self.card_rects: list[pygame.Rect] = []
        self.hover_card: int | None = None
        self.log.add("Welcome to the showcase table.", palette.GOLD)
        self.log.add("Every widget the boards use. Space or a click skips animations; Esc pauses.")
        self.log.add("Click a lit cell: the standee walks the rules' shortest path.")
        self.buttons: dict[UIButton, str] = {}
        for i, label in enumerate(["Roll dice", "Attack", "Hand-off", "Pause"]):
            b = UIButton(pygame.Rect(40 + (i % 2) * 200, 476 + (i // 2) * 62, 190, 50), label, self.ui)
            self.buttons[b] = label
        self.act("roll")

    def sync(self) -> None:
        s = self.shown
        for i, standee in enumerate(self.standees):
            standee.move_to(self.grid.cell_centre(s.at[i]))
            standee.selected = i == s.selected
        knocked_out = s.injuries >= demo.HP
        pink = self.standees[1]
        pink.visible = not knocked_out
        if not knocked_out:
            pink.alpha, pink.tilt = 255, 0.0
        self.markers[0].count = s.injuries
        walks = {tuple(a.args) for a in self.match.legal_actions() if a.kind == "walk"}
        self.grid.set_layer("reachable", walks)

    def standee_for(self, piece: int):
        return self.standees[piece] if 0 <= piece < len(self.standees) else None

    def point_of(self, cell) -> tuple[int, int]:
        return self.grid.cell_centre(cell)

    def dice_for(self, event) -> list:
        return self.dice if event.purpose == "tray" else [self.dice[2]]

    def event_handlers(self) -> dict:
        return {"Damaged": self._damaged, "StoodUp": self._stood_up}

    def _damaged(self, event):
        pink = self.standees[1]
        return Sequence(self._anim_damaged(event), self.markers[0].set_count(demo.HP - event.left))

    def _stood_up(self, event):
        pink = self.standees[1]
        return Sequence(Call(lambda: pink.move_to(self.grid.cell_centre(self.match.state.at[1]))), pink.appear(),
                        self.markers[0].set_count(0))

    def before_animations(self, events) -> None:
        self.grid.clear_layer("reachable")

    def pause(self) -> None:
        self.app.push(PauseScene(self.app, note=NOTE))

    # -- input -----------------------------------------------------------------------------
    def on_hover(self, pos) -> None:
        self.grid.set_hover(pos)
        self.hover_card = next((i for i, r in enumerate(self.card_rects) if r.collidepoint(pos)), None)
        for s in self.standees:
            s.hovered = s.visible and s.hit_rect().collidepoint(pos)

    def on_input(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.app.play_sound("click")
            label = self.buttons[event.ui_element]
            if label == "Roll dice":
                self.act("roll")
            elif label == "Attack":
                self.act("attack")
            elif label == "Hand-off":
                self.app.push(HandOffScene(self.app, "Pink", palette.KROSMASTER_PINK,
                                           lambda: self.log.add("Pink has the mouse.", palette.KROSMASTER_PINK)))
            else:
                self.pause()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, s in enumerate(self.standees):
                if s.visible and s.hit_rect().collidepoint(event.pos) and i != self.shown.selected:
                    return self.act(f"select {i}")
            cell = self.grid.cell_at(event.pos)
            if cell is not None and cell not in demo.TREES and cell != self.shown.at[self.shown.selected]:
                return self.act(f"walk {cell[0]} {cell[1]}")
        return False

    # -- drawing ---------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        ui.draw_table(surface)
        ui.text(surface, "Showcase table", (40, 56), 30, palette.GOLD, bold=True, shadow=True)
        tray = pygame.Rect(40, 100, 390, 170)
        ui.panel(surface, tray)
        ui.text(surface, "Dice", (tray.left + 16, tray.top + 10), 18, palette.TEXT_DIM, bold=True)
        ui.panel(surface, self.grid.rect.inflate(20, 20), colour=palette.BG_LIGHT)
        size = self.grid.cell_size
        for cell in self.grid.cells():
            r = self.grid.cell_rect(cell)
            surface.blit(assets.image("terrain/floor_a" if (cell[0] + cell[1]) % 2 else "terrain/floor_b", (size, size)), r)
        for cell in demo.TREES:
            surface.blit(assets.image("terrain/tree", (size, size)), self.grid.cell_rect(cell))
        self.grid.draw_grid(surface)
        tokens = pygame.Rect(40, 300, 390, 140)
        ui.panel(surface, tokens)
        ui.text(surface, "Markers", (tokens.left + 16, tokens.top + 10), 18, palette.TEXT_DIM, bold=True)

    def draw_board(self, surface: pygame.Surface) -> None:
        for d in self.dice:
            d.draw(surface)
        if not self.busy:
            self.grid.draw_layers(surface)
        for s in sorted(self.standees, key=lambda s: s.pos[1]):
            s.draw(surface)
        for m in self.markers:
            m.draw(surface)
        self.card_rects = [card.draw(surface, (470 + i * 164, 462), 0.85, lifted=i == self.hover_card)
                           for i, card in enumerate(self.cards)]
