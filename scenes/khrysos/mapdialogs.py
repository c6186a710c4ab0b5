"""Khrysos map dialogs shared by the map builder and the setup: making a random map (its settings and
seed, with a preview), passing a map on as a code (copy to the clipboard, paste one back), and the
builder's "Open a map" (sample maps and the player's own, with thumbnails).

The maps themselves come from the rules (`game.khrysos.random_map`, `map_code`, `map_from_code`);
these panels only collect the settings, show the result and say why a code cannot be read.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

import game.khrysos as K
from game.khrysos import MAP_CODE_PREFIX as PREFIX
from game.khrysos import MAX_MAP_CODE as MAX_CODE
from game.khrysos import MapSpec
from scenes import clipboard, palette, ui
from scenes.khrysos import art, mapstore
from scenes.overlays import Overlay

CHARACTER_LABELS = {"open": "Open", "walled": "Walled", "pillared": "Pillared"}
SYMMETRY_LABELS = {"none": "None", "mirror": "Mirror", "half-turn": "Half turn"}


class RandomMapScene(Overlay):
    """Settings of a random map (tiles, character, symmetry, seed) with a live preview; `on_use(spec)`
    gets the map. The last settings are kept on the app for the next time."""

    width, height = 820, 560
    title = "Random map"
    PREVIEW = (340, 300)

    def __init__(self, app, on_use: Callable[[MapSpec], None], use_label: str = "Use this map"):
        super().__init__(app)
        self.on_use = on_use
        self.use_label = use_label
        last = getattr(app, "random_map_settings", None) or {}
        self.size = last.get("size", 10)
        self.character = last.get("character", "open")
        self.symmetry = last.get("symmetry", "none")
        self.seed = random.randint(1, K.MAX_SEED)  # a new map each time: the screen, not the rules, picks it
        self.spec: MapSpec | None = None
        self.problem: str | None = None

    def on_enter(self) -> None:
        b = self.box
        x, y = b.left + 24, b.top + 78
        self.minus = UIButton(pygame.Rect(x + 110, y, 44, 36), "-", self.ui,
                              tool_tip_text=f"One tile fewer ({K.SIZE_WORDS})")
        self.plus = UIButton(pygame.Rect(x + 214, y, 44, 36), "+", self.ui,
                             tool_tip_text=f"One tile more ({K.SIZE_WORDS})")
        self.character_buttons = {}
        for i, (key, label) in enumerate(CHARACTER_LABELS.items()):
            r = pygame.Rect(x + i * 138, y + 88, 130, 36)
            self.character_buttons[UIButton(r, label, self.ui, tool_tip_text=f"Make the map {label.lower()}: "
                                                     f"{K.CHARACTER_WORDS[key]}")] = key
        self.symmetry_buttons = {}
        for i, (key, label) in enumerate(SYMMETRY_LABELS.items()):
            r = pygame.Rect(x + i * 138, y + 172, 130, 36)
            self.symmetry_buttons[UIButton(r, label, self.ui, tool_tip_text=f"Symmetry, {label}: "
                                                    f"{K.SYMMETRY_WORDS[key]}")] = key
        self.seed_entry = UITextEntryLine(pygame.Rect(x + 70, y + 250, 150, 38), self.ui)
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(len(str(K.MAX_SEED)))
        self.seed_entry.set_text(str(self.seed))
        self.new_seed = UIButton(pygame.Rect(x + 230, y + 250, 160, 38), "New seed", self.ui,
                                 tool_tip_text="Another map with the same settings")
        self.use_button = UIButton(pygame.Rect(b.centerx - 230, b.bottom - 66, 220, 48), self.use_label, self.ui,
                                   object_id="@game_button")
        self.cancel_button = UIButton(pygame.Rect(b.centerx + 10, b.bottom - 66, 220, 48), "Cancel", self.ui,
                                      tool_tip_text="Close without making a map (Esc)")
        self.remake()

    def remake(self) -> None:
        """Make the map of the settings shown (the rules' generator) and mark the chosen buttons."""
        for buttons, chosen in ((self.character_buttons, self.character), (self.symmetry_buttons, self.symmetry)):
            for button, key in buttons.items():
                button.select() if key == chosen else button.unselect()
        text = self.seed_entry.get_text().strip()
        self.seed = int(text) if text.isdigit() else -1
        self.problem = K.check_options(self.size, self.character, self.symmetry, self.seed)
        self.spec = None if self.problem else K.random_map(self.seed, self.size, self.character, self.symmetry)
        self.app.random_map_settings = {"size": self.size, "character": self.character, "symmetry": self.symmetry}

    def widget_tips(self) -> list:
        return super().widget_tips() + [
            ("field:seed", self.seed_entry, "The map's seed: the same seed and settings make the same map again (type "
             "a whole number)", None),
            ("button:use", self.use_button, f"{self.use_label}: the one the preview shows", None)]

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.seed_entry:
            self.remake()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.use()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.play_sound("click")
            el = event.ui_element
            if el is self.use_button:
                self.use()
            elif el is self.cancel_button:
                self.close()
            elif el in (self.minus, self.plus):
                self.size = max(K.MIN_SIZE, min(K.MAX_SIZE, self.size + (1 if el is self.plus else -1)))
                self.remake()
            elif el is self.new_seed:
                self.seed_entry.set_text(str(random.randint(1, K.MAX_SEED)))
                self.remake()
            elif el in self.character_buttons:
                self.character = self.character_buttons[el]
                self.remake()
            elif el in self.symmetry_buttons:
                self.symmetry = self.symmetry_buttons[el]
                self.remake()
            return True
        return super().handle_event(event)

    def use(self) -> None:
        if self.spec is None:
            return
        self.close()
        self.on_use(self.spec)

    def draw(self, surface) -> None:
        super().draw(surface)
        b = self.box
        x, y = b.left + 24, b.top + 78
        ui.text(surface, "Tiles", (x, y + 18), 18, palette.TEXT_DIM, bold=True, anchor="midleft")
        ui.text(surface, str(self.size), (x + 184, y + 18), 22, palette.TEXT, bold=True, anchor="center")
        ui.text(surface, "Character", (x, y + 56), 18, palette.TEXT_DIM, bold=True)
        ui.text(surface, "Symmetry", (x, y + 140), 18, palette.TEXT_DIM, bold=True)
        ui.text(surface, "Seed", (x, y + 269), 18, palette.TEXT_DIM, bold=True, anchor="midleft")
        lines = ui.wrap("The same seed with the same settings always makes the same map: tell it to the table "
                        "to play it again.", 15, 400)
        for i, line in enumerate(lines):
            ui.text(surface, line, (x, y + 304 + 20 * i), 15, palette.TEXT_DIM)
        frame = pygame.Rect(b.right - 24 - self.PREVIEW[0], y, *self.PREVIEW)
        ui.panel(surface, frame.inflate(12, 12), colour=palette.BG, radius=8)
        if self.spec is not None:
            surface.blit(art.thumbnail(self.spec, self.PREVIEW), frame)
            ui.text(surface, ui.fit(self.spec.name, 17, frame.width), (frame.centerx, frame.bottom + 14), 17,
                    palette.GOLD, bold=True, anchor="midtop")
            ui.text(surface, f"Seed {self.seed}", (frame.centerx, frame.bottom + 38), 15, palette.TEXT, anchor="midtop")
        else:
            for i, line in enumerate(ui.wrap(ui.sentence(self.problem or ""), 16, frame.width - 20)):
                ui.text(surface, line, (frame.centerx, frame.top + 20 + 22 * i), 16, palette.BLOCKED, anchor="midtop")


class MapCodeScene(Overlay):
    """A map as a code: `copy` shows a map's code and puts it on the clipboard; otherwise a line to paste
    a code into (filled from the clipboard), with the verdict on it, and `on_load(spec)` for a good one."""

    width, height = 820, 420

    def __init__(self, app, *, code: str | None = None, on_load: Callable[[MapSpec], None] | None = None,
                 playable_only: bool = False):
        super().__init__(app)
        self.code = code
        self.on_load = on_load
        self.playable_only = playable_only
        self.title = "Share this map" if code is not None else "Paste a map code"
        self.note: tuple[str, tuple[int, int, int]] = ("", palette.TEXT)
        self.spec: MapSpec | None = None

    @property
    def copying(self) -> bool:
        return self.code is not None

    def on_enter(self) -> None:
        b = self.box
        self.entry = UITextEntryLine(pygame.Rect(b.left + 24, b.top + 120, b.width - 48, 40), self.ui)
        self.entry.set_text_length_limit(MAX_CODE)
        w = 230
        if self.copying:
            self.again = UIButton(pygame.Rect(b.centerx - w - 8, b.bottom - 66, w, 48), "Copy again", self.ui,
                                  tool_tip_text="Put the code on the clipboard again")
            self.done = UIButton(pygame.Rect(b.centerx + 8, b.bottom - 66, w, 48), "Close", self.ui,
                                 tool_tip_text="Close (Esc)")
            self.entry.set_text(self.code)
            self.copy()
        else:
            self.paste_button = UIButton(pygame.Rect(b.left + 24, b.bottom - 66, w, 48), "Paste", self.ui,
                                         tool_tip_text="Put the clipboard's text in the line above")
            self.load_button = UIButton(pygame.Rect(b.centerx - w // 2, b.bottom - 66, w, 48), "Load this map", self.ui,
                                        object_id="@game_button")
            self.done = UIButton(pygame.Rect(b.right - 24 - w, b.bottom - 66, w, 48), "Cancel", self.ui,
                                 tool_tip_text="Close without loading a map (Esc)")
            text, _ = clipboard.paste_text()
            if text and text.strip().upper().startswith("KH"):
                self.entry.set_text(text.strip())
            self.read()
            self.entry.focus()

    def copy(self) -> None:
        assert self.code is not None, "only a dialog showing a code copies it"
        problem = clipboard.copy_text(self.code)
        if problem is None:
            self.note = ("Copied to the clipboard: paste it in a message to a friend; "
                         "they paste it back with Paste code.", palette.LEGAL)
        else:
            self.note = (f"{problem} Select the code above and copy it by hand (Ctrl+C), or write it down.",
                         palette.GOLD)

    def read(self) -> None:
        """The verdict on the line's text: the map it holds, or why it is no map code ("Load this map" greyed
        with that reason)."""
        self._read()
        if not self.copying:
            (self.load_button.enable if self.spec is not None else self.load_button.disable)()

    def load_reason(self) -> str | None:
        """Why "Load this map" is greyed (the verdict on the code), or None."""
        if self.spec is not None:
            return None
        return ui.sentence(self.note[0]) if self.entry.get_text().strip() else "There is no code in the line yet: paste one."

    def note_rect(self) -> pygame.Rect:
        """Where the verdict on the code is written (a tip never covers it)."""
        return pygame.Rect(self.box.left + 16, self.box.top + 170, self.box.width - 32, 4 * 22 + 12)

    def _read(self) -> None:
        text = self.entry.get_text()
        self.spec = None
        if not text.strip():
            self.note = (f"Paste a map code above (Ctrl+V or the Paste button): it starts with {PREFIX}",
                         palette.TEXT_DIM)
            return
        try:
            spec = K.map_from_code(text)
        except K.MapCodeError as e:
            self.note = (e.reason, palette.BLOCKED)
            return
        problems = K.validate_map(spec)
        n = len(spec.tiles)
        about = f"A map called {spec.name!r}, {n} tile{'s' if n != 1 else ''}"
        if problems and self.playable_only:
            self.note = (f"{about}, cannot be played yet: {problems[0]}. Open it in the map builder to finish it.",
                         palette.BLOCKED)
            return
        self.spec = spec
        self.note = (f"{about}{': a draft, not playable yet' if problems else ''}.", palette.LEGAL if not problems else palette.GOLD)

    def widget_tips(self) -> list:
        if self.copying:
            return super().widget_tips() + [("field:code", self.entry, "This map's code, already on the clipboard: send "
                                             "it to a friend, who pastes it to play the same map", None)]
        return super().widget_tips() + [
            ("field:code", self.entry, "A map's code goes here: click and paste it (Ctrl+V) or type it", None),
            ("button:load", self.load_button, "Load the map this code makes (it is checked first)", self.load_reason())]

    def handle_event(self, event) -> bool:
        if not self.copying and event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.read()
            return True
        if not self.copying and event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.load()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.play_sound("click")
            el = event.ui_element
            if el is self.done:
                self.close()
            elif self.copying and el is self.again:
                self.copy()
            elif not self.copying and el is self.paste_button:
                text, problem = clipboard.paste_text()
                if text is None:
                    self.note = (f"{problem} Type the code in the line above instead.", palette.BLOCKED)
                else:
                    self.entry.set_text(text.strip()[:MAX_CODE])
                    self.read()
            elif not self.copying and el is self.load_button:
                self.load()
            return True
        if self.copying and event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            if self.entry.get_text() != self.code:
                self.entry.set_text(self.code)  # the code shown is the map's: it can be selected, not changed
            return True
        return super().handle_event(event)

    def load(self) -> None:
        self.read()
        if self.spec is None:
            return
        spec = self.spec
        self.close()
        if self.on_load is not None:
            self.on_load(spec)

    def draw(self, surface) -> None:
        super().draw(surface)
        self.spots.keep_clear = [self.note_rect()]  # a tip goes beside the verdict, never over it
        b = self.box
        intro = ("This text holds the whole map. Anyone with Tabletop Trio can paste it back."
                 if self.copying else "A map code holds a whole map: paste one a friend sent you.")
        ui.text(surface, intro, (b.left + 24, b.top + 80), 17, palette.TEXT)
        text, colour = self.note
        for i, line in enumerate(ui.wrap(ui.sentence(text), 16, b.width - 48)[:4]):
            ui.text(surface, line, (b.left + 24, b.top + 176 + 22 * i), 16, colour)
        if not self.copying and self.spec is not None:
            pic = art.thumbnail(self.spec, (160, 90))
            surface.blit(pic, (b.right - 24 - 160, b.top + 176 + 22 * 2))


class OpenMapScene(Overlay):
    """Pick a map to open: the sample maps as starting points and the player's own maps, with thumbnails.
    A damaged file is listed with its error; each card says in whole sentences what it is, its hover
    everything (a draft's every problem). `on_open(entry)` gets the card clicked."""

    width, height = 900, 600
    title = "Open a map"
    COLS, ROWS = 4, 2
    THUMB = (180, 126)
    NOTE_SIZE, NOTE_LINES = 12, 2

    def __init__(self, app, builder):
        super().__init__(app)
        self.builder = builder
        self.entries = mapstore.all_maps()
        self.page = 0
        self.rects: list[tuple[pygame.Rect, mapstore.MapEntry]] = []

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.entries) // (self.COLS * self.ROWS)))

    def on_enter(self) -> None:
        b = self.box
        self.cancel = UIButton(pygame.Rect(b.centerx - 100, b.bottom - 62, 200, 46), "Cancel", self.ui)
        self.prev = UIButton(pygame.Rect(b.left + 20, b.bottom - 62, 60, 46), "<", self.ui)
        self.next = UIButton(pygame.Rect(b.right - 80, b.bottom - 62, 60, 46), ">", self.ui)
        self.lay_out()

    def lay_out(self) -> None:
        """The cards of the page shown, and every control as a hotspot (a card's tip: its name and note in full)."""
        per = self.COLS * self.ROWS
        b = self.box
        cell_w = (b.width - 40) // self.COLS
        self.rects = []
        for k, entry in enumerate(self.entries[self.page * per:(self.page + 1) * per]):
            col, row = k % self.COLS, k // self.COLS
            self.rects.append((pygame.Rect(b.left + 20 + col * cell_w, b.top + 76 + row * 222, cell_w - 12, 210), entry))
        spots = self.spots
        spots.clear()
        spots.add("button:cancel", None, "Back to the builder, opening nothing (Esc)", widget=self.cancel,
                  click=self.close)
        one = "All the maps fit on this page" if self.pages == 1 else None
        spots.add("button:prev_page", None, "The previous page of maps", widget=self.prev, enabled=not one, reason=one,
                  click=lambda: self.turn(-1))
        spots.add("button:next_page", None, "The next page of maps", widget=self.next, enabled=not one, reason=one,
                  click=lambda: self.turn(1))
        for k, (r, entry) in enumerate(self.rects):
            note = self.note(entry)[0]
            can = entry.spec is not None
            spots.add(f"map:{self.page * per + k}", r, [entry.name, note] + ([] if can else ["It cannot be opened."]),
                      click=partial(self.pick, entry))
        spots.sync_widgets()
        spots.rehover()

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % self.pages
        self.lay_out()

    def pick(self, entry: mapstore.MapEntry) -> None:
        self.close()
        self.builder.open_entry(entry)

    @classmethod
    def note(cls, entry: mapstore.MapEntry) -> tuple[str, tuple[int, int, int]]:
        """What a card says about its map, in full (the card shows it whole or a summary, never cut)."""
        if entry.sample:
            return "Sample map (opens a copy).", palette.TEXT_DIM
        if entry.spec is None:
            return "Damaged: " + ui.sentence(entry.error or "it cannot be read"), palette.BLOCKED
        if entry.problems:
            return "Draft: " + " ".join(ui.sentence(p) for p in entry.problems), palette.GOLD
        return "Your map, ready to play.", palette.LEGAL

    def card_note(self, entry: mapstore.MapEntry, width: int) -> list[str]:
        """The card's note as lines that fit: the whole note, or, when it is longer, a summary in whole
        sentences that points at the hover."""
        text, _ = self.note(entry)
        lines = ui.wrap(text, self.NOTE_SIZE, width)
        if len(lines) <= self.NOTE_LINES:
            return lines
        if entry.spec is None:
            short = "Damaged: it cannot be read as a map. Hover to read why."
        else:
            n = len(entry.problems)
            short = f"Draft: {n} problem{'s' if n != 1 else ''} to mend. Hover to read {'them' if n != 1 else 'it'}."
        return ui.wrap(short, self.NOTE_SIZE, width)

    def draw(self, surface) -> None:
        super().draw(surface)
        for r, entry in self.rects:
            pygame.draw.rect(surface, palette.BG_LIGHT, r, border_radius=8)
            pygame.draw.rect(surface, palette.PANEL_EDGE, r, width=1, border_radius=8)
            if entry.spec is not None:
                surface.blit(art.thumbnail(entry.spec, self.THUMB), (r.centerx - self.THUMB[0] // 2, r.top + 8))
            names = ui.wrap(entry.name, 15, r.width - 10, bold=True)
            if len(names) > 1:  # a long name: two smaller lines rather than one cut short
                names = ui.wrap(entry.name, 13, r.width - 10, bold=True)
                names = names[:1] + [ui.fit(" ".join(names[1:]), 13, r.width - 10, bold=True)]
            for i, line in enumerate(names):
                ui.text(surface, line, (r.centerx, r.top + 138 + 16 * i), 15 if len(names) == 1 else 13, palette.TEXT,
                        bold=True, anchor="midtop")
            below = 16 * (len(names) - 1)
            colour = self.note(entry)[1]
            for i, line in enumerate(self.card_note(entry, r.width - 12)):
                ui.text(surface, line, (r.centerx, r.top + 164 + below + 16 * i), self.NOTE_SIZE, colour, anchor="midtop")
