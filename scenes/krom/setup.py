"""Setting up a game of Krom: Evolution: 2-6 players, each with a name and a character (shown with its weight), and the options."""

from __future__ import annotations

import random

import pygame

import game.krom as krom
from scenes import assets, palette, ui
from scenes.board import Seat
from scenes.board.setup import Choice, SetupScene, Toggle

CHARACTER_CHOICES = [(c.id, f"{c.name} ({c.weight} kg)") for c in krom.CHARACTERS]


class KromSetupScene(SetupScene):
    title = "New game: Krom: Evolution"
    min_players = 2
    max_players = 6
    options = [
        Toggle("glacial", "Glacial board", False, krom.option_words()["glacial"]),
        Toggle("kromosaurus", "Kromosaurus", False, krom.option_words()["kromosaurus"]),
        Toggle("longer", "Longer game", False, krom.option_words()["longer"]),
    ]
    player_choice = Choice("character", "Character", CHARACTER_CHOICES)

    def __init__(self, app, players: int | None = None):
        super().__init__(app, players or 3)
        self.extras = [c.id for c in krom.CHARACTERS][: self.max_players]

    def start(self, seats: list[Seat], options: dict) -> str | None:
        chars = tuple(self.extras[: len(seats)])  # two seats on one character: the rules' SetupError says so
        setup = krom.Setup(players=len(seats), characters=chars, glacial=bool(options["glacial"]),
                           kromosaurus=bool(options["kromosaurus"]), longer=bool(options["longer"]))
        from scenes.krom.board import KromBoard

        return self.launch(krom, setup, seats, KromBoard, self.new_seed())

    def new_seed(self) -> int:
        """The seed of a new game's shuffles and dice (tests fix it)."""
        return random.randrange(2**31)

    def draw_preview(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        setup = krom.Setup(players=self.count, longer=bool(self.values["longer"]))
        lines = [f"{self.count} players: the first to {krom.target_points(setup)} Evolution points wins.",
                 krom.ties_words()]
        y = rect.top
        for line in lines:
            for part in ui.wrap(line, 16, rect.width - 8):
                ui.text(surface, part, (rect.left + 4, y), 16, palette.TEXT)
                y += 22
        for i, place in enumerate(krom.PLACES):
            r = pygame.Rect(rect.left + 4 + i * 130, y + 12, 120, 60)
            colour: tuple[int, ...] = palette.PLACES[place]
            if self.values["glacial"] and place != "cave":
                colour = tuple((c + k) // 2 for c, k in zip(colour, palette.ICE))
            pygame.draw.rect(surface, colour, r, border_radius=10)
            surface.blit(assets.image(f"icons/{place}", (24, 24)), (r.left + 6, r.top + 6))
            ui.text(surface, place.capitalize(), (r.centerx, r.bottom - 8), 14, palette.TEXT, bold=True, anchor="midbottom")
