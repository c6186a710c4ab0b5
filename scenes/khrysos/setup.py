"""Khrysos Hunters setup: 2 to 4 players, the map chosen from thumbnails (samples, the player's own
playable maps, a random map or one pasted from a code), and a door to the map builder. Hunters are
dealt and chosen on the board itself (from each player's secret hand, behind a hand-off screen)."""

from __future__ import annotations

from functools import partial

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

import game.khrysos as K
from game.khrysos import Setup, race_text
from scenes import palette, ui
from scenes.board.furniture import new_seed
from scenes.board.setup import SetupScene
from scenes.khrysos import art, mapstore
from scenes.khrysos.mapdialogs import MapCodeScene, RandomMapScene
from scenes.khrysos.mapnotes import notes_line

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
        own = [e for e in mapstore.own_maps() if not e.playable]
        self.drafts = [e for e in own if e.spec is not None]  # maps being built: the builder opens them
        self.damaged = [e for e in own if e.spec is None]  # files that are no map at all
        names = [e.name for e in self.maps]
        self.chosen = names.index(chosen) if chosen in names else 0
        self.page = self.chosen // (COLS * ROWS)
        self.thumb_rects: list[tuple[pygame.Rect, int]] = []
        self.origins: dict[str, str] = {}  # name -> "random" / "from a code" for maps made on this screen

    @classmethod
    def for_automation(cls, app, seed: int) -> KhrysosSetup:
        return cls(app)

    def _build(self) -> None:
        super()._build()
        left = self.LEFT
        w = (left.width - 88 - 24) // 3
        self.builder_button = UIButton(pygame.Rect(left.left + 44, left.bottom - 60, w, 44), "Map builder", self.ui)
        self.random_button = UIButton(pygame.Rect(left.left + 44 + w + 12, left.bottom - 60, w, 44), "Random map", self.ui)
        self.code_button = UIButton(pygame.Rect(left.left + 44 + 2 * (w + 12), left.bottom - 60, w, 44), "Paste code",
                                    self.ui)
        self.prev_page: UIButton | None = None
        self.next_page: UIButton | None = None
        self._build_pages()

    def _build_pages(self) -> None:
        """The page buttons, when the maps take more than one page."""
        right = self.RIGHT
        pages = max(1, -(-len(self.maps) // (COLS * ROWS)))
        if pages > 1 and self.prev_page is None:
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
        spots.add("button:random_map", None, "Play on a random map: choose its size, character and symmetry; its "
                  "seed makes it again", widget=self.random_button)
        spots.add("button:paste_code", None, "Play on a map a friend sent you as a code", widget=self.code_button)
        if self.prev_page is not None:
            spots.add("button:prev_page", None, "The previous page of maps", widget=self.prev_page)
            spots.add("button:next_page", None, "The next page of maps", widget=self.next_page)
        if self.maps:  # the line under the maps: the deal, and how the race to 12 is counted
            right = self.RIGHT
            spots.add("about", pygame.Rect(right.left + 16, right.bottom - 70, right.width - 32, 42), race_text(self.count))
        self.thumb_rects = self.thumbnails()
        for box, index in self.thumb_rects:
            entry = self.maps[index]
            assert entry.spec is not None, "the setup lists playable maps only"
            origin = self.origins.get(entry.name) if entry.path is None and entry.sample is None else None
            whose = "a sample map" if entry.sample else {"random": "a random map", "from a code": "a map from a code"}.get(
                origin or "", "one of your maps")
            notes = [ui.sentence(notes_line(entry.spec)) if notes_line(entry.spec) else "", entry.spec.description]
            spots.add(f"map:{index}", box, [f"{entry.name} ({whose}): click to play on it"] + [n for n in notes if n],
                      click=partial(self._choose, index))

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
            if event.ui_element is self.random_button:
                self.app.play_sound("click")
                self.app.push(RandomMapScene(self.app, lambda spec: self.add_map(spec, "random"), "Play on this map"))
                return True
            if event.ui_element is self.code_button:
                self.app.play_sound("click")
                self.app.push(MapCodeScene(self.app, on_load=lambda spec: self.add_map(spec, "from a code"),
                                           playable_only=True))
                return True
            if event.ui_element in (self.prev_page, self.next_page) and event.ui_element is not None:
                pages = max(1, -(-len(self.maps) // (COLS * ROWS)))
                self.page = (self.page + (1 if event.ui_element is self.next_page else -1)) % pages
                self.fill_hotspots()
                return True
        return super().handle_event(event)

    def add_map(self, spec: K.MapSpec, origin: str) -> None:
        """A map made here (random, or read from a code) joins the list, first, and is chosen; it is not saved. A map
        of the same name as a sample or one of the player's is listed as "name (2)": nothing else leaves the list."""
        name, k = spec.name, 2
        while any(e.name == name and e.name not in self.origins for e in self.maps):  # a sample or one of yours keeps its name
            name, k = f"{spec.name[:34]} ({k})", k + 1
        self.maps = [e for e in self.maps if e.name != name]  # the same random map made again replaces itself
        self.maps.insert(0, mapstore.MapEntry(name, None, spec.named(name), [], None))
        self.origins[name] = origin
        self.chosen = self.page = 0
        self._build_pages()
        self.fill_hotspots()

    def start(self, seats, options) -> str | None:
        from scenes.khrysos.board import KhrysosBoard

        if not self.maps:
            return "No playable map: open the map builder."
        entry = self.maps[self.chosen]
        if entry.sample is not None:
            setup = Setup(players=len(seats), map=entry.sample)
        else:
            assert entry.spec is not None, "the setup lists playable maps only"
            setup = Setup(players=len(seats), map=entry.name, custom_map=K.map_to_dict(entry.spec))
        return self.launch(K, setup, seats, KhrysosBoard, new_seed())

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
            assert entry.spec is not None, "the setup lists playable maps only"
            pygame.draw.rect(surface, palette.PANEL_LIGHT if chosen else palette.BG_LIGHT, box, border_radius=8)
            pygame.draw.rect(surface, palette.GOLD if chosen else palette.PANEL_EDGE, box, width=3 if chosen else 1,
                             border_radius=8)
            surface.blit(art.thumbnail(entry.spec, THUMB), (x + 6, y + 6))
            origin = self.origins.get(entry.name) if entry.path is None and entry.sample is None else None
            label = entry.name if entry.sample or origin == "random" else f"{entry.name} ({origin or 'yours'})"
            lines = ui.wrap(label, 15, box.width - 10, bold=chosen)
            if len(lines) > 1:  # a long name: two smaller lines, the second cut only if it must be
                lines = ui.wrap(label, 13, box.width - 10, bold=chosen)
                lines = lines[:1] + [ui.fit(" ".join(lines[1:]), 13, box.width - 10, bold=chosen)]
            size = 15 if len(lines) == 1 else 13
            for i, line in enumerate(lines):
                top = box.bottom - 31 if len(lines) == 1 else box.bottom - 37 + 16 * i
                ui.text(surface, line, (box.centerx, top), size, palette.GOLD if chosen else palette.TEXT, bold=chosen,
                        anchor="midtop")
        if self.maps:
            n = self.count
            entry = self.maps[self.chosen]
            assert entry.spec is not None, "the setup lists playable maps only"
            made = notes_line(entry.spec)
            about = f"{entry.name}{', ' + made if made else ''} · {Setup(players=n).deal_text()}"
            if entry.spec.description:  # the map's notes: its maker's words, in a smaller size to fit
                lines = ui.wrap(f"{about}. {entry.spec.description}", 13, right.width - 32)
                if len(lines) > 3:
                    lines = lines[:2] + [ui.fit(" ".join(lines[2:]), 13, right.width - 32)]
                for i, line in enumerate(lines):
                    ui.text(surface, line, (right.left + 16, right.bottom - 76 + 17 * i), 13, palette.TEXT)
            else:
                for i, line in enumerate(ui.wrap(about, 15, right.width - 32)[:2]):
                    ui.text(surface, line, (right.left + 16, right.bottom - 68 + 20 * i), 15, palette.TEXT)
        note = self.unplayable_note()
        lines = ui.wrap(note, 14, right.width - 32) if note else []
        if len(lines) > 1:
            lines = ui.wrap(note, 13, right.width - 32)
        for i, line in enumerate(lines[-2:]):  # whole sentences: the drafts' at worst on the line above the files'
            ui.text(surface, line, (right.left + 16, right.bottom - 26 - 16 * (len(lines[-2:]) - 1 - i)),
                    14 if len(lines) == 1 else 13, palette.TEXT_DIM)

    def unplayable_note(self) -> str:
        """What the player's maps not listed here are: drafts to finish, and files that are no map."""
        parts = []
        if self.drafts:
            n = len(self.drafts)
            parts.append(f"{n} of your maps {'is a draft' if n == 1 else 'are drafts'}: finish {'it' if n == 1 else 'them'} "
                         "in the map builder.")
        if self.damaged:
            n = len(self.damaged)
            parts.append(f"{n} map file{' is' if n == 1 else 's are'} damaged.")
        return " ".join(parts)
