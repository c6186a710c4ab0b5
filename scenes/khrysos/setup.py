"""Khrysos Hunters setup: 2 to 4 players, the map chosen from thumbnails (samples and the player's own
playable maps), and a door to the map builder. Hunters are dealt and chosen on the board itself
(from each player's secret hand, behind a hand-off screen)."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.khrysos import maps
from game.khrysos.state import Setup
from scenes import palette, ui
from scenes.board.setup import SetupScene
from scenes.khrysos import art, mapstore

THUMB = (160, 112)
COLS, ROWS = 3, 2


class KhrysosSetup(SetupScene):
    title = "New game: Khrysos Hunters"
    min_players = 2
    max_players = 4
    options: list = []

    def __init__(self, app, players: int | None = None, chosen: str | None = None):
        super().__init__(app, players)
        self.maps = [e for e in mapstore.all_maps() if e.playable]
        self.broken = [e for e in mapstore.own_maps() if not e.playable]
        names = [e.name for e in self.maps]
        self.chosen = names.index(chosen) if chosen in names else 0
        self.page = self.chosen // (COLS * ROWS)
        self.thumb_rects: list[tuple[pygame.Rect, int]] = []

    @classmethod
    def for_automation(cls, app, seed: int) -> "KhrysosSetup":
        return cls(app)

    def _build(self) -> None:
        super()._build()
        left = self.LEFT
        self.builder_button = UIButton(pygame.Rect(left.left + 44, left.bottom - 60, 250, 44), "Map builder", self.ui)
        right = self.RIGHT
        pages = max(1, -(-len(self.maps) // (COLS * ROWS)))
        self.prev_page = self.next_page = None
        if pages > 1:
            self.prev_page = UIButton(pygame.Rect(right.right - 120, right.top + 10, 50, 34), "<", self.ui)
            self.next_page = UIButton(pygame.Rect(right.right - 64, right.top + 10, 50, 34), ">", self.ui)

    def thumbnails(self) -> list[tuple[pygame.Rect, int]]:
        """Where each map of the page shown is drawn: (its box, its index in the list)."""
        right = self.RIGHT
        per = COLS * ROWS
        start = self.page * per
        gap_x = (right.width - 32 - COLS * (THUMB[0] + 12)) // max(1, COLS - 1)
        boxes = []
        for k in range(len(self.maps[start:start + per])):
            col, row = k % COLS, k // COLS
            x = right.left + 16 + col * (THUMB[0] + 12 + gap_x)
            y = right.top + 58 + row * (THUMB[1] + 60)
            boxes.append((pygame.Rect(x, y, THUMB[0] + 12, THUMB[1] + 44), start + k))
        return boxes

    def more_hotspots(self) -> None:
        spots = self.spots
        spots.add("button:builder", None, "Build your own maps; the playable ones appear here", widget=self.builder_button)
        if self.prev_page is not None:
            spots.add("button:prev_page", None, "The previous page of maps", widget=self.prev_page)
            spots.add("button:next_page", None, "The next page of maps", widget=self.next_page)
        self.thumb_rects = self.thumbnails()
        for box, index in self.thumb_rects:
            entry = self.maps[index]
            whose = "a sample map" if entry.sample else "one of your maps"
            spots.add(f"map:{index}", box, f"{entry.name} ({whose}): click to play on it", click=lambda i=index: self._choose(i))

    def _choose(self, index: int) -> None:
        self.chosen = index
        self.app.play_sound("click")

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.builder_button:
                self.app.play_sound("click")
                from scenes.khrysos.builder import BuilderScene

                self.app.stack.replace(BuilderScene(self.app))
                return True
            if event.ui_element in (self.prev_page, self.next_page) and event.ui_element is not None:
                pages = max(1, -(-len(self.maps) // (COLS * ROWS)))
                self.page = (self.page + (1 if event.ui_element is self.next_page else -1)) % pages
                self.fill_hotspots()
                return True
        return super().handle_event(event)

    def start(self, seats, options) -> str | None:
        from scenes.khrysos.board import KhrysosBoard

        if not self.maps:
            return "No playable map: open the map builder."
        entry = self.maps[self.chosen]
        if entry.sample is not None:
            setup = Setup(players=len(seats), map=entry.sample)
        else:
            setup = Setup(players=len(seats), map=entry.name, custom_map=maps.map_to_dict(entry.spec))
        self.app.stack.replace(KhrysosBoard.new(self.app, setup, seats))
        return None

    def draw_preview(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pass  # the map grid below is drawn over the whole options panel

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        right = self.RIGHT
        pygame.draw.rect(surface, palette.PANEL, pygame.Rect(right.left + 8, right.top + 8, right.width - 16, 40))
        ui.text(surface, "Map", (right.left + 16, right.top + 14), 20, palette.TEXT_DIM, bold=True)
        for box, index in self.thumb_rects:
            entry = self.maps[index]
            x, y = box.topleft
            chosen = index == self.chosen
            pygame.draw.rect(surface, palette.PANEL_LIGHT if chosen else palette.BG_LIGHT, box, border_radius=8)
            pygame.draw.rect(surface, palette.GOLD if chosen else palette.PANEL_EDGE, box, width=3 if chosen else 1,
                             border_radius=8)
            surface.blit(art.thumbnail(entry.spec, THUMB), (x + 6, y + 6))
            label = entry.name if entry.sample else f"{entry.name} (yours)"
            ui.text(surface, ui.fit(label, 15, box.width - 8), (box.centerx, box.bottom - 30), 15,
                    palette.GOLD if chosen else palette.TEXT, bold=chosen, anchor="midtop")
        if self.maps:
            n = self.count
            entry = self.maps[self.chosen]
            ui.text(surface, f"{entry.name} · {Setup(players=n).deal_text()}", (right.left + 16, right.bottom - 60), 15,
                    palette.TEXT)
        if self.broken:
            ui.text(surface, f"{len(self.broken)} of your maps cannot be played yet: open them in the map builder.",
                    (right.left + 16, right.bottom - 34), 14, palette.TEXT_DIM)
