"""A table showing every reusable widget at work, built on the board kit like every real board.

Not a game: it is where the widgets are looked at and measured (`--scene showcase`). Its
rules are `game.demo`; the scene only shows them, collects clicks and animates events.
"""

from __future__ import annotations

from functools import partial

import pygame
from pygame_gui.elements import UIButton

from game import demo
from game.core.match import Match
from scenes import assets, palette, ui
from scenes.board import BoardScene, BoardView, Seat
from scenes.overlays import PauseScene
from scenes.registry import GameScreens
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

    def __init__(self, app, seed: int = 0, match: Match | None = None):
        super().__init__(app, match or Match.new(demo, demo.Setup(), seed), [Seat("The table", palette.GOLD)])

    @classmethod
    def for_automation(cls, app, seed: int) -> ShowcaseScene:
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
        self.card_rects = [card.surface(0.85).get_rect(topleft=(470 + i * 164, 462)) for i, card in enumerate(self.cards)]
        self.hover_card: int | None = None
        self.log.add("Welcome to the showcase table.", palette.GOLD)
        self.log.add("Every widget the boards use. Space or a click skips animations; Esc pauses.")
        self.log.add("Click a lit cell: the standee walks the rules' shortest path.")
        self.buttons: dict[str, UIButton] = {}
        for i, (key, label) in enumerate([("roll", "Roll dice"), ("attack", "Attack"), ("handoff", "Hand-off"),
                                          ("pause", "Pause")]):
            self.buttons[key] = UIButton(pygame.Rect(40 + (i % 2) * 200, 476 + (i // 2) * 62, 190, 50), label, self.ui)
        if self.coach is None:  # a lesson rolls when it says so
            self.perform(demo.roll(self.snap.legal))

    def query_rules(self, snap):
        return demo.reachable(snap.view)

    def sync(self) -> None:
        s = self.snap.view
        for i, standee in enumerate(self.standees):
            standee.move_to(self.grid.cell_centre(s.at[i]))
            standee.selected = i == s.selected
        knocked_out = s.injuries >= demo.HP
        pink = self.standees[1]
        pink.visible = not knocked_out
        if not knocked_out:
            pink.alpha, pink.tilt = 255, 0.0
        self.markers[0].count = s.injuries
        self.grid.set_layer("reachable", [c for c in self.snap.queries if c != s.at[s.selected]])

    def hotspots(self) -> None:
        s, legal, spots = self.snap.view, self.snap.legal, self.spots
        reach = self.snap.queries
        me = demo.PIECES[s.selected]
        for cell in self.grid.cells():
            gesture = demo.walk(s, legal, cell)
            steps = len(reach[cell].path) if cell in reach else 0
            tip = f"Walk {me} here ({steps} step{'s' if steps != 1 else ''})" if gesture.ok else "A cell of the table"
            spots.add(f"cell:{cell[0]},{cell[1]}", self.grid.cell_rect(cell), tip, enabled=gesture.ok,
                      reason=gesture.reason, click=partial(self.perform, gesture),
                      hover=partial(self._preview, cell))
        for i, standee in enumerate(self.standees):
            if standee.visible:
                gesture = demo.select(s, legal, i)
                spots.add(f"piece:{i}", standee.hit_rect(), f"{demo.PIECES[i]}: click to select", enabled=gesture.ok,
                          reason=gesture.reason, click=partial(self.perform, gesture))
        tips = {"roll": ("Roll the tray's dice", demo.roll(legal)),
                "attack": (f"Attack {demo.PIECES[1]} with the combat die", demo.attack(legal)),
                "handoff": ("Show the hot-seat hand-off screen", None),
                "pause": ("Pause the table (Esc)", None)}
        for key, (tip, does) in tips.items():
            if does is None:
                click = self._handoff if key == "handoff" else self.pause
                spots.add(f"button:{key}", None, tip, click=self._sounded(click), widget=self.buttons[key])
            else:
                spots.add(f"button:{key}", None, tip, enabled=does.ok, reason=does.reason,
                          click=self._sounded(partial(self.perform, does)), widget=self.buttons[key])
        for i, (rect, card) in enumerate(zip(self.card_rects, self.cards)):
            spots.add(f"card:{i}", rect, [card.title, card.text], hover=partial(self._lift, i))
        for i, m in enumerate(self.markers):
            spots.add(f"marker:{i}", m.rect(), f"A marker: {m.kind.replace('_', ' ')} ({m.count})")
        for i, d in enumerate(self.dice):
            spots.add(f"die:{i}", d.rect(), "A die of the tray: Roll dice rolls them")

    def _sounded(self, fn):
        def go() -> None:
            self.app.play_sound("click")
            fn()
        return go

    def _handoff(self) -> None:
        self.app.push(HandOffScene(self.app, "Pink", palette.KROSMASTER_PINK,
                                   lambda: self.log.add("Pink has the mouse.", palette.KROSMASTER_PINK)))

    def _preview(self, cell) -> None:
        reach = self.snap.queries
        self.grid.set_layer("path", reach[cell].path if cell in reach else [])

    def _lift(self, i: int) -> None:
        self.hover_card = i

    def standee_for(self, piece: int):
        return self.standees[piece] if 0 <= piece < len(self.standees) else None

    def point_of(self, cell) -> tuple[int, int]:
        return self.grid.cell_centre(cell)

    def dice_for(self, event) -> list:
        return self.dice if event.purpose == "tray" else [self.dice[2]]

    def event_handlers(self) -> dict:
        return {"Damaged": self._damaged, "StoodUp": self._stood_up}

    def _damaged(self, event):
        return Sequence(self._anim_damaged(event), self.markers[0].set_count(demo.HP - event.left))

    def _stood_up(self, event):
        pink = self.standees[1]
        start = demo.new_game(demo.Setup(), 0).at[1]  # he stands up where the table began
        return Sequence(Call(lambda: pink.move_to(self.grid.cell_centre(start))), pink.appear(),
                        self.markers[0].set_count(0))

    def before_animations(self, events) -> None:
        self.grid.clear_layer("reachable")
        self.grid.clear_layer("path")

    def pause(self) -> None:
        self.app.push(PauseScene(self.app, note=NOTE))

    def on_hover(self, pos) -> None:
        self.grid.set_hover(pos)
        spot = self.spots.at(pos)
        if spot is None or not spot.key.startswith("card:"):
            self.hover_card = None
        if spot is None or not spot.key.startswith("cell:"):
            self.grid.clear_layer("path")
        for st in self.standees:
            st.hovered = st.visible and st.hit_rect().collidepoint(pos)

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
        for i, card in enumerate(self.cards):
            card.draw(surface, (470 + i * 164, 462), 0.85, lifted=i == self.hover_card)


def lesson_board(app, match: Match) -> ShowcaseScene:
    """The showcase table playing a lesson's position (the lesson engine's own tests use it)."""
    return ShowcaseScene(app, match=match)


# The showcase table as the registry knows it (game/games/demo.py): not on the menu, but its lessons test the engine.
SCREENS = GameScreens(new_game="scenes.showcase:ShowcaseScene", resume="scenes.showcase:lesson_board",
                      lessons="scenes.learn:lessons/demo")
