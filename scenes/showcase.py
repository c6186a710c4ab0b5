"""A table showing every reusable widget at work: dice, standees moving by the rules' paths, markers, cards, the log, hand-off and pause.

Not a game: it is where the widgets are looked at and measured (`--scene showcase`).
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.core import COMBAT_DIE, D6, Rng, grid
from scenes import assets, palette, ui
from scenes.overlays import PauseScene
from scenes.stack import Scene
from scenes.widgets.card import CardView
from scenes.widgets.die import DieView
from scenes.widgets.floating import Floaters
from scenes.widgets.handoff import HandOffScene
from scenes.widgets.log import GameLog
from scenes.widgets.marker import MarkerView
from scenes.widgets.standee import StandeeView
from scenes.widgets.tween import Call, Parallel, Sequence, Timeline

GRID_ORIGIN = (470, 110)
CELL = 64
COLS, ROWS = 6, 5
TREES = {(2, 1), (2, 2), (4, 3)}


def cell_centre(cell: tuple[int, int]) -> tuple[int, int]:
    return (GRID_ORIGIN[0] + cell[0] * CELL + CELL // 2, GRID_ORIGIN[1] + cell[1] * CELL + CELL // 2)


class ShowcaseScene(Scene):
    def __init__(self, app, seed: int = 0):
        super().__init__(app)
        self.rng = Rng(seed)
        self.timeline = Timeline(lambda: self.app.settings.speed)
        self.floaters = Floaters()

    @classmethod
    def for_automation(cls, app, seed: int) -> "ShowcaseScene":
        return cls(app, seed)

    def on_enter(self) -> None:
        self.dice = [DieView("d6", (96, 200)), DieView("d6", (186, 200), face=4), DieView("combat", (276, 200)),
                     DieView("seat1", (366, 200), face=6)]
        self.standees = {
            "blue": StandeeView("Martine Gale", "blue", cell_centre((0, 3)), palette.KROSMASTER_BLUE, label="M"),
            "pink": StandeeView("Iop", "pink", cell_centre((5, 0)), palette.KROSMASTER_PINK, label="I"),
        }
        self.cells = {"blue": (0, 3), "pink": (5, 0)}
        # The table's own little model, updated at once on a click; animations only show it
        # (as a board shows the state the rules returned, whatever is still animating).
        self.injuries = 2
        self.knocked_out = False
        self.selected = "blue"
        self.standees["blue"].selected = True
        self.hover_cell: tuple[int, int] | None = None
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
        w, h = self.app.size
        self.log = GameLog(self.ui, pygame.Rect(w - 316, 100, 286, 580))
        self.log.add("Welcome to the showcase table.", palette.GOLD)
        self.log.add("Click a free cell: the standee walks the rules' shortest path.")
        labels = ["Roll dice", "Attack", "Hand-off", "Pause"]
        self.buttons = {}
        for i, label in enumerate(labels):
            b = UIButton(pygame.Rect(40 + (i % 2) * 200, 476 + (i // 2) * 62, 190, 50), label, self.ui)
            self.buttons[b] = label
        self.roll_dice()

    # -- actions --------------------------------------------------------------------
    def roll_dice(self) -> None:
        faces = [self.rng.roll(D6), self.rng.roll(D6), self.rng.roll(COMBAT_DIE), self.rng.roll(D6)]
        sound = [True]

        def once() -> None:
            if sound:
                sound.clear()
                self.app.play_sound("dice_roll")

        self.timeline.add(Parallel(*(d.roll(f, 0.8 + 0.08 * i, on_sound=once) for i, (d, f) in enumerate(zip(self.dice, faces)))))
        self.timeline.add(Call(lambda: self.log.add("Rolled " + ", ".join(str(f).replace("_", "-") for f in faces) + ".")))

    def attack(self) -> None:
        """Hit Iop with a combat roll; at 6 injuries he is knocked out, and the next attack brings him back first."""
        target = self.standees["pink"]
        if self.knocked_out:
            self.knocked_out, self.injuries = False, 0
            self.timeline.add(Sequence(Call(lambda: target.move_to(cell_centre(self.cells["pink"]))), target.appear(),
                                       self.markers[0].set_count(0)))
        face = self.rng.roll(COMBAT_DIE)
        damage = 2 + (1 if face in ("critical", "critical_joker") else -1 if face == "shield" else 0)
        self.injuries += damage
        self.timeline.add(self.dice[2].roll(face, on_sound=lambda: self.app.play_sound("dice_roll")))
        self.timeline.add(Parallel(target.hit(), self.floaters.pop(f"-{damage}", (int(target.pos[0]), int(target.pos[1]) - 80)),
                                   Call(lambda: self.app.play_sound("hit"))))
        self.timeline.add(Call(lambda: self.log.add(f"Iop takes {damage} {'injury' if damage == 1 else 'injuries'} ({face.replace('_', '-')}).",
                                                    palette.BLOCKED)))
        self.timeline.add(self.markers[0].set_count(self.injuries))
        if self.injuries >= 6:
            self.knocked_out = True
            self.timeline.add(Sequence(Call(lambda: self.app.play_sound("ko")), target.knock_out(),
                                       Call(lambda: self.log.add("Iop is knocked out!", palette.GOLD))))

    def walk_to(self, cell: tuple[int, int]) -> None:
        who = self.selected
        start = self.cells[who]
        blocked = TREES | {c for k, c in self.cells.items() if k != who}
        reach = grid.reachable(start, 6, lambda c: grid.neighbours4(c, COLS, ROWS),
                               lambda a, b: None if b in blocked else 1)
        if cell not in reach or cell == start:
            self.log.add("Out of reach (6 steps at most, around trees).", palette.TEXT_DIM)
            return
        path = reach[cell].path
        self.cells[who] = cell
        self.timeline.add(self.standees[who].slide([cell_centre(c) for c in path],
                                                    on_step=lambda: self.app.play_sound("move")))
        self.timeline.add(Call(lambda: self.log.add(f"{self.standees[who].name} moves {len(path)} cells.")))

    # -- input ----------------------------------------------------------------------
    def _cell_at(self, pos) -> tuple[int, int] | None:
        x, y = (pos[0] - GRID_ORIGIN[0]) // CELL, (pos[1] - GRID_ORIGIN[1]) // CELL
        if 0 <= x < COLS and 0 <= y < ROWS:
            return (x, y)
        return None

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.app.play_sound("click")
            label = self.buttons[event.ui_element]
            if label == "Roll dice":
                self.roll_dice()
            elif label == "Attack":
                self.attack()
            elif label == "Hand-off":
                self.app.push(HandOffScene(self.app, "Pink", palette.KROSMASTER_PINK,
                                           lambda: self.log.add("Pink has the mouse.", palette.KROSMASTER_PINK)))
            else:
                self.app.push(PauseScene(self.app, note="Nothing to save here: this is the showcase table."))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(PauseScene(self.app, note="Nothing to save here: this is the showcase table."))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and self.timeline.busy:
            self.timeline.skip()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_cell = self._cell_at(event.pos)
            self.hover_card = next((i for i, r in enumerate(self.card_rects) if r.collidepoint(event.pos)), None)
            for s in self.standees.values():
                s.hovered = s.hit_rect().collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.timeline.busy:
                self.timeline.skip()
                return True
            for key, s in self.standees.items():
                if s.visible and s.hit_rect().collidepoint(event.pos):
                    self.standees[self.selected].selected = False
                    self.selected = key
                    s.selected = True
                    return True
            cell = self._cell_at(event.pos)
            if cell is not None and cell not in TREES:
                self.walk_to(cell)
                return True
        return False

    def update(self, dt: float) -> None:
        self.timeline.update(dt)

    # -- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_table(surface)
        w, h = surface.get_size()
        ui.text(surface, "Showcase table", (40, 24), 30, palette.GOLD, bold=True, shadow=True)
        ui.text(surface, "Every widget the boards use. Space or a click skips animations; Esc pauses.", (330, 36), 16,
                palette.TEXT_DIM)
        tray = pygame.Rect(40, 100, 390, 170)
        ui.panel(surface, tray)
        ui.text(surface, "Dice", (tray.left + 16, tray.top + 10), 18, palette.TEXT_DIM, bold=True)
        for d in self.dice:
            d.draw(surface)
        board = pygame.Rect(GRID_ORIGIN[0] - 10, GRID_ORIGIN[1] - 10, COLS * CELL + 20, ROWS * CELL + 20)
        ui.panel(surface, board, colour=palette.BG_LIGHT)
        self._draw_board(surface)
        tokens = pygame.Rect(40, 300, 390, 140)
        ui.panel(surface, tokens)
        ui.text(surface, "Markers", (tokens.left + 16, tokens.top + 10), 18, palette.TEXT_DIM, bold=True)
        for m in self.markers:
            m.draw(surface)
        self.card_rects = []
        for i, card in enumerate(self.cards):
            lifted = i == self.hover_card
            self.card_rects.append(card.draw(surface, (470 + i * 164, 462), 0.85, lifted=lifted))
        self.floaters.draw(surface)

    def _draw_board(self, surface: pygame.Surface) -> None:
        who = self.cells[self.selected]
        blocked = TREES | {c for k, c in self.cells.items() if k != self.selected}
        reach = grid.reachable(who, 6, lambda c: grid.neighbours4(c, COLS, ROWS), lambda a, b: None if b in blocked else 1)
        for cell in grid.iter_cells(COLS, ROWS):
            r = pygame.Rect(GRID_ORIGIN[0] + cell[0] * CELL, GRID_ORIGIN[1] + cell[1] * CELL, CELL, CELL)
            surface.blit(assets.image("terrain/floor_a" if (cell[0] + cell[1]) % 2 else "terrain/floor_b", (CELL, CELL)), r)
            if cell in reach and cell != who and not self.timeline.busy:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                shade.fill((*palette.LEGAL, 70 if cell != self.hover_cell else 140))
                surface.blit(shade, r)
            if cell in TREES:
                surface.blit(assets.image("terrain/tree", (CELL, CELL)), r)
            pygame.draw.rect(surface, palette.SHADOW, r, width=1)
        for s in sorted(self.standees.values(), key=lambda s: s.pos[1]):
            s.draw(surface)
