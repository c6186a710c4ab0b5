"""Krosmaster: Blast setup: names, the rules level (first game, or each advanced rule), the board."""

from __future__ import annotations

import random

import pygame
from pygame_gui.elements import UIButton

from game import krosmaster
from game.krosmaster import BOARDS, CONTENT, DEFAULT_LAYOUT, Setup, challenge_thresholds
from scenes import palette, ui
from scenes.board.setup import Choice, SetupScene, Toggle
from scenes.krosmaster import art
from scenes.krosmaster.orientation import OrientationScene

def _thresholds() -> str:
    """The Glyph counts at which challenge bonuses unlock, as the rules' content says: "1, 3 and 5"."""
    n = [str(k) for k in challenge_thresholds()]
    return ", ".join(n[:-1]) + " and " + n[-1] if len(n) > 1 else "".join(n)


ADVANCED = ("superior_favors", "die_jokers", "tackle", "challenges")
PREVIEW_CELL = 20


class KrosmasterSetup(SetupScene):
    title = "New game: Krosmaster: Blast"
    options = [
        Choice("level", "Rules", [("first", "First game"), ("advanced", "Advanced rules")], "first",
               help="A first game uses the basic rules; advanced lets you switch each rule on."),
        Choice("choose_krosmasters", "Krosmasters", [(False, "Two each at random"), (True, "Chosen in turn")], False),
        Toggle("superior_favors", "Superior Krosmic Favors", False,
               f"Shuffle the {sum(f.superior for f in CONTENT.favors.values())} Superior Favors in; the pile still "
               f"deals {CONTENT.favor_turns} (Fog Bank brings the Fog tiles)."),
        Toggle("die_jokers", "Dice Sides (turn jokers)", False, "A rolled joker is turned to the face you choose."),
        Toggle("tackle", "Tackle zones, dodge rolls", False, "Leaving an enemy Krosmaster's side takes a dodge roll."),
        Choice("challenges", "Divine Challenges", [(n, str(n)) for n in range(4)], 0,
               help=f"Cards whose powers unlock with {_thresholds()} Glyph cells."),
    ]

    def __init__(self, app, players: int | None = None):
        super().__init__(app, players)
        self.layout = DEFAULT_LAYOUT

    @classmethod
    def for_automation(cls, app, seed: int) -> KrosmasterSetup:
        return cls(app)

    def default_name(self, seat: int) -> str:
        return art.COLOUR_NAMES[seat]

    def colour(self, seat: int) -> tuple[int, int, int]:
        return art.SIDE_COLOURS[seat]

    def new_seed(self) -> int:
        return random.SystemRandom().randrange(1, 2**31)

    # -- widgets -------------------------------------------------------------------------
    def _build(self) -> None:
        super()._build()
        left = self.LEFT
        self.preview_rect = pygame.Rect(left.left + 24, left.top + 210, 8 * PREVIEW_CELL, 10 * PREVIEW_CELL)
        self.board_button = UIButton(pygame.Rect(self.preview_rect.right + 30, self.preview_rect.top + 80, 220, 44),
                                     "Change board…", self.ui)
        self._lock_advanced()

    def _lock_advanced(self) -> None:
        """A first game plays without the advanced rules: they are off (and greyed, saying why)."""
        if self.values["level"] != "first":
            return
        for widget, option in self.option_widgets.items():
            if option.key in ADVANCED:
                self.values[option.key] = option.default
                if isinstance(option, Toggle):
                    widget.set_text("Off")

    def more_hotspots(self) -> None:
        spots = self.spots
        tip = "Choose the board: two sides, each in two orientations"
        spots.add("button:board", None, tip, widget=self.board_button, click=self.choose_board)
        spots.add("preview:board", self.preview_rect, tip, click=self.choose_board)
        if self.values["level"] == "first":
            for widget, option in self.option_widgets.items():
                if option.key in ADVANCED:
                    spot = spots.get(f"option:{option.key}")
                    assert spot is not None, "the setup gives every option its hotspot"
                    spots.add(spot.key, None, spot.tip, widget=widget, enabled=False,
                              reason="Only in an advanced game: set the rules to Advanced first.")

    def on_option(self, key: str) -> None:
        if key == "level":
            if self.values["level"] == "advanced":
                for key in ("die_jokers", "tackle", "superior_favors"):
                    self.values[key] = True
                self.values["challenges"] = 1
            self._read_names()
            self.rebuild()

    def choose_board(self) -> None:
        self.app.play_sound("click")
        self._read_names()
        self.app.push(OrientationScene(self.app, self.layout, self.set_layout))

    def set_layout(self, layout: str) -> None:
        self.layout = layout

    def on_uncover(self) -> None:
        self.rebuild()

    # -- starting --------------------------------------------------------------------------
    def setup(self, options: dict) -> Setup:
        values = {k: v for k, v in options.items() if k != "level"}
        return Setup(layout=self.layout, **values)

    def start(self, seats, options: dict) -> str | None:
        from scenes.krosmaster.board import KrosmasterBoard

        setup = self.setup(options)
        setup.validate()
        return self.launch(krosmaster, setup, seats, KrosmasterBoard, self.new_seed())

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        r = self.preview_rect
        board = BOARDS[self.layout]
        ui.text(surface, "Board", (self.LEFT.left + 16, r.top - 40), 20, palette.TEXT_DIM, bold=True)
        surface.blit(art.layout_surface(self.layout, PREVIEW_CELL), r)
        art.side_band(surface, r, self.layout, 6)
        x = r.right + 30
        ui.text(surface, board.name, (x, r.top + 4), 20, palette.GOLD, bold=True)
        ui.text(surface, f"Side {board.side}, {board.orientation}", (x, r.top + 32), 16, palette.TEXT_DIM)
        top = art.seat_at_top(self.layout)
        for i, seat in enumerate((top, 1 - top)):
            y = r.top + 150 + i * 26
            pygame.draw.rect(surface, art.SIDE_COLOURS[seat], pygame.Rect(x, y, 18, 18), border_radius=4)
            edge = "top" if i == 0 else "bottom"
            ui.text(surface, f"{self.names[seat] or art.COLOUR_NAMES[seat]} starts at the {edge}", (x + 26, y + 9), 15,
                    palette.TEXT, anchor="midleft")
