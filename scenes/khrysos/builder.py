"""The Khrysos map builder: drag tile cards onto a 16 x 16 grid of tile places, turn, move and remove them,
see the rules' verdict live (a checklist, every problem listed and pointed out on the map), undo and redo,
mirror or half-turn the whole map or place tiles symmetrically, make a random map, pass a map on as a
code, and keep maps in the user data directory (new, open, save, save as, rename, delete, import, export).

Whether a map can be played is only ever the validator's answer (`game.khrysos.maps.validate_map`,
`map_warnings`); the builder never judges a map by itself.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

import game.khrysos as K
from game.khrysos import mapgen, maps
from game.khrysos.maps import MAX_TILE_POS, TILE_SIZE, TILES, MapSpec, PlacedTile
from scenes import palette, ui
from scenes.khrysos import art, mapstore
from scenes.khrysos.mapdialogs import MapCodeScene, RandomMapScene, sentence
from scenes.overlays import MessageScene, Overlay
from scenes.stack import Scene
from scenes.widgets.filepicker import FilePickerScene

SLOTS = MAX_TILE_POS + 1
PALETTE = pygame.Rect(10, 52, 236, 660)
TOOLS = pygame.Rect(256, 52, 660, 38)  # the bar of map tools above the grid
GRID = pygame.Rect(256, 96, 660, 616)
SIDE = pygame.Rect(926, 52, 344, 660)
ZOOMS = (13, 18, 24, 32)  # pixels a square
PAL_COLS, PAL_ROW = 2, 84
NOTE_SIZE, NOTE_LINE = 14, 18  # the problem list's text
SYMMETRY_MODES = (None, "mirror", "flip", "half-turn")
MODE_WORDS = {None: "off", "mirror": "mirror", "flip": "flip", "half-turn": "half turn"}
IMAGE_WORDS = {"mirror": "mirror image", "flip": "mirror image", "half-turn": "half-turn image"}


class BuilderScene(Scene):
    def __init__(self, app, spec: MapSpec | None = None, path: Path | None = None):
        super().__init__(app)
        self.spec = spec or MapSpec(self._new_name(), ())
        self.path = path
        self.saved_key = None if spec is None else maps.map_key(self.spec)
        self.undo_stack: list[MapSpec] = []
        self.redo_stack: list[MapSpec] = []
        self.zoom = 0
        self.pan = [0, 0]
        self.drag: dict | None = None
        self.mouse = (0, 0)
        self.hover_tile: tuple[int, int] | None = None
        self.message: tuple[str, tuple[int, int, int]] | None = None
        self.message_left = 0.0
        self.symmetry: str | None = None  # symmetric placing: None or a kind of mapgen.KINDS
        self.notes_scroll = 0  # first line of the problem list shown
        self._cache_key = None
        self._map_image: pygame.Surface | None = None
        self.fit_view()
        self._check()

    @classmethod
    def for_automation(cls, app, seed: int) -> "BuilderScene":
        """Alpha Room with one tile moved off to the side: a map with a problem to point out."""
        spec = maps.sample_map("alpha_room")
        tiles = list(spec.tiles)
        last = tiles[-1]
        tiles[-1] = PlacedTile(last.tile, last.x + 2, last.y, last.rotation)
        return cls(app, MapSpec("Alpha Room (broken)", tuple(tiles)))

    @staticmethod
    def _new_name() -> str:
        return mapstore.free_name("My map")

    # -- widgets -----------------------------------------------------------------------------------
    def on_enter(self) -> None:
        s = SIDE
        self.name_entry = UITextEntryLine(pygame.Rect(s.left + 12, s.top + 36, s.width - 24, 38), self.ui)
        self.name_entry.set_text(self.spec.name)
        self.name_entry.set_text_length_limit(40)
        labels = [("New", "Start an empty map"), ("Open", "Open a sample map or one of yours"),
                  ("Save", "Save this map (a map with problems is kept as a draft)"),
                  ("Save as", "Save a copy under the name above"), ("Rename", "Give this map the name above"),
                  ("Delete", "Delete this map's file"), ("Import", "Add a map file from anywhere"),
                  ("Export", "Write this map to a file anywhere, readable by others, to share it"),
                  ("Copy code", "Copy this map to the clipboard as a short code, to send to a friend"),
                  ("Paste code", "Open a map from a code a friend sent you"),
                  ("Random map", "Make a random map: choose its size, its character and its symmetry; its seed "
                                 "makes it again")]
        self.buttons: dict[UIButton, str] = {}
        w = (s.width - 24 - 16) // 3
        for i, (label, tip) in enumerate(labels):
            r = pygame.Rect(s.left + 12 + (i % 3) * (w + 8), s.top + 84 + (i // 3) * 42, w, 36)
            if i == len(labels) - 1 and i % 3 == 1:  # the last one takes the rest of its row
                r.width = 2 * w + 8
            self.buttons[UIButton(r, label, self.ui, tool_tip_text=tip, object_id="@small_button")] = label
        tools = [("Undo", 62, "Take back the last edit (Ctrl+Z)"), ("Redo", 62, "Do the edit again (Ctrl+Y)"),
                 ("Mirror", 72, "Mirror the whole map left to right (it can be undone)"),
                 ("Flip", 56, "Mirror the whole map top to bottom (it can be undone)"),
                 ("Half turn", 90, "Turn the whole map half a turn (it can be undone)")]
        x = TOOLS.left
        for label, width, tip in tools:
            self.buttons[UIButton(pygame.Rect(x, TOOLS.top, width, TOOLS.height), label, self.ui, tool_tip_text=tip,
                                  object_id="@small_button")] = label
            x += width + 6
        self.symmetry_button = UIButton(pygame.Rect(x + 4, TOOLS.top, TOOLS.right - 92 - x - 4, TOOLS.height),
                                        self._symmetry_label(), self.ui, tool_tip_text=self._symmetry_tip(),
                                        object_id="@small_button")
        self.zoom_out = UIButton(pygame.Rect(TOOLS.right - 80, TOOLS.top, 38, TOOLS.height), "-", self.ui,
                                 tool_tip_text="Zoom out (mouse wheel, or the - key)")
        self.zoom_in = UIButton(pygame.Rect(TOOLS.right - 38, TOOLS.top, 38, TOOLS.height), "+", self.ui,
                                tool_tip_text="Zoom in (mouse wheel, or the + key)")
        half = (s.width - 32) // 2
        self.play_button = UIButton(pygame.Rect(s.left + 12, s.bottom - 56, half + 24, 46), "Play this map",
                                    self.ui, object_id="@game_button")
        self.back_button = UIButton(pygame.Rect(s.left + 12 + half + 32, s.bottom - 56, half - 24, 46), "Back",
                                    self.ui, object_id="@menu_button")
        self._sync_buttons()

    def _symmetry_label(self) -> str:
        return f"Symmetry: {MODE_WORDS[self.symmetry]}"

    def _symmetry_tip(self) -> str:
        if self.symmetry is None:
            return ("Symmetric placing is off. Click to place tiles symmetrically: each tile placed, turned, "
                    "moved or removed is mirrored about the middle of the grid (click again for flip, then half turn).")
        return (f"Symmetric placing ({MODE_WORDS[self.symmetry]}): each tile placed, turned, moved or removed also changes its "
                f"{IMAGE_WORDS[self.symmetry]} across the gold line. Click for the next kind, then off.")

    def next_symmetry(self) -> None:
        """Symmetric placing: off, then mirror, flip, half turn, and off again."""
        self.symmetry = SYMMETRY_MODES[(SYMMETRY_MODES.index(self.symmetry) + 1) % len(SYMMETRY_MODES)]
        self.symmetry_button.set_text(self._symmetry_label())
        self.symmetry_button.set_tooltip(self._symmetry_tip())
        if self.symmetry is None:
            self.say("Symmetric placing is off: tiles go only where you put them.")
        else:
            self.say(f"Symmetric placing ({MODE_WORDS[self.symmetry]}): every change is copied onto its "
                     f"{IMAGE_WORDS[self.symmetry]} across the gold line.")

    def button(self, label: str) -> UIButton:
        return next(b for b, text in self.buttons.items() if text == label)

    def _sync_buttons(self) -> None:
        for b, label in self.buttons.items():
            on = {"Undo": bool(self.undo_stack), "Redo": bool(self.redo_stack),
                  "Rename": self.path is not None, "Delete": self.path is not None}.get(label, True)
            b.enable() if on else b.disable()
        if self.problems:
            self.play_button.disable()
            self.play_button.set_tooltip("Cannot be played: " + self.problems[0])
        else:
            self.play_button.enable()
            self.play_button.set_tooltip("Save the map and set up a game on it")

    # -- the map being edited -----------------------------------------------------------------------
    @property
    def tiles(self) -> tuple[PlacedTile, ...]:
        return self.spec.tiles

    @property
    def dirty(self) -> bool:
        return self.saved_key != maps.map_key(MapSpec(self.current_name(), self.tiles))

    def current_name(self) -> str:
        entry = getattr(self, "name_entry", None)
        return entry.get_text().strip() if entry is not None else self.spec.name

    def tile_at(self, slot) -> PlacedTile | None:
        return next((t for t in self.tiles if (t.x, t.y) == tuple(slot)), None)

    def edit(self, tiles: tuple[PlacedTile, ...], touched: tuple[tuple[int, int], ...] = ()) -> None:
        """One step of the undo history. With symmetric placing on, the tile places `touched` by the
        gesture are copied onto their images across the middle of the grid, in the same step."""
        tiles = tuple(tiles)
        if self.symmetry is not None and touched:
            tiles = self._mirror_edit(tiles, touched)
        self.undo_stack.append(self.spec)
        self.redo_stack.clear()
        self.spec = MapSpec(self.spec.name, tiles)
        self._check()

    def _mirror_edit(self, tiles: tuple[PlacedTile, ...], touched) -> tuple[PlacedTile, ...]:
        kind = self.symmetry
        out = list(tiles)
        replaced, inexact = [], []
        for slot in touched:
            image_slot = mapgen.slot_image(slot, kind, mapgen.GRID_BOX)
            if image_slot == slot or image_slot in touched:
                continue  # the gesture itself set both places
            there = next((t for t in out if (t.x, t.y) == image_slot), None)
            source = next((t for t in out if (t.x, t.y) == slot), None)
            if source is None:
                if there is not None:
                    out.remove(there)
                continue
            image, exact = mapgen.placed_image(source, kind)
            if not exact:
                inexact.append(TILES[source.tile].name)
            if there is None:
                out.append(image)
            else:
                if there.tile != image.tile:  # another kind of tile gives way (a turn of the same is no news)
                    replaced.append(TILES[there.tile].name)
                out[out.index(there)] = image
        words = []
        if replaced:
            words.append(f"its {IMAGE_WORDS[kind]} took the place of a {', a '.join(replaced)}")
        if inexact:
            words.append(f"{inexact[0]} has no exact {IMAGE_WORDS[kind]}: its nearest turn was used")
        if words:
            self.say(sentence("; ".join(words)), palette.GOLD)
        return tuple(out)

    def transform(self, kind: str) -> None:
        """Mirror, flip or half-turn the whole map where it lies (one step of the undo history)."""
        if not self.tiles:
            self.say("There is nothing to turn yet: place some tiles first.", palette.BLOCKED)
            return
        spec, inexact = K.transformed(self.spec, kind)
        self.edit(spec.tiles)
        note = ""
        if inexact:
            names = sorted({TILES[t.tile].name for t in inexact})
            note = (f" {', '.join(names)} {'has' if len(names) == 1 else 'have'} no exact mirror image: "
                    f"the nearest turn was used.")
        self.say(f"The whole map is {mapgen.KIND_WORDS[kind]} (Undo takes it back).{note}",
                 palette.GOLD if inexact else palette.TEXT)

    def undo(self) -> None:
        if not self.undo_stack:
            self.say("Nothing to undo.")
            return
        self.redo_stack.append(self.spec)
        self.spec = self.undo_stack.pop()
        self._check()

    def redo(self) -> None:
        if not self.redo_stack:
            self.say("Nothing to redo.")
            return
        self.undo_stack.append(self.spec)
        self.spec = self.redo_stack.pop()
        self._check()

    def _check(self) -> None:
        """Ask the rules about the map: every problem, every warning, and the tiles and squares each is about."""
        problems, warnings = maps.map_report(self.spec)
        self.report = problems
        self.problems = [p.text for p in problems]
        self.warnings = [w.text for w in warnings]
        self.bad_tiles: set[tuple[int, int]] = {slot for p in problems + warnings for slot in p.tiles}
        self.bad_squares: set[tuple[int, int]] = {c for w in warnings for c in w.squares}
        self.notes_scroll = min(self.notes_scroll, max(0, len(self.note_lines()) - 1))
        if hasattr(self, "buttons"):
            self._sync_buttons()

    def note_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Every problem and warning, each a sentence wrapped to the side panel: (line, colour), a blank
        line between two sentences."""
        out: list[tuple[str, tuple[int, int, int]]] = []
        notes = [(sentence(p), palette.BLOCKED) for p in self.problems]
        notes += [("Note: " + sentence(w), palette.GOLD) for w in self.warnings]
        for text, colour in notes:
            if out:
                out.append(("", colour))
            out.extend((line, colour) for line in ui.wrap(text, NOTE_SIZE, SIDE.width - 40))
        return out

    def checklist(self) -> list[tuple[bool, str]]:
        """The validator's verdict as a checklist: (passed, line), from the kinds of the rules' problems."""
        kinds = {p.kind: p for p in self.report}
        n = len(self.tiles)
        missing = kinds["zones"].zones if "zones" in kinds else ()
        return [
            ("count" not in kinds, f"At least {maps.MIN_TILES} tiles ({n} placed)"),
            (not missing, "Treasure Zones 1-6 present" + (f" (missing: {', '.join(map(str, missing))})" if missing else "")),
            ("overlap" not in kinds, "No tiles on top of each other"),
            ("connection" not in kinds, "All tiles connected"),
        ]

    # -- geometry ---------------------------------------------------------------------------------
    @property
    def square(self) -> int:
        return ZOOMS[self.zoom]

    @property
    def tile_px(self) -> int:
        return self.square * TILE_SIZE

    def origin(self) -> tuple[int, int]:
        return GRID.left + 6 - self.pan[0], GRID.top + 6 - self.pan[1]

    def slot_at(self, pos) -> tuple[int, int] | None:
        if not GRID.collidepoint(pos):
            return None
        ox, oy = self.origin()
        x, y = (pos[0] - ox) // self.tile_px, (pos[1] - oy) // self.tile_px
        if 0 <= x < SLOTS and 0 <= y < SLOTS:
            return (x, y)
        return None

    def slot_rect(self, slot) -> pygame.Rect:
        ox, oy = self.origin()
        return pygame.Rect(ox + slot[0] * self.tile_px, oy + slot[1] * self.tile_px, self.tile_px, self.tile_px)

    def slot_centre(self, slot) -> tuple[int, int]:
        return self.slot_rect(slot).center

    def set_zoom(self, level: int, around=None) -> None:
        level = max(0, min(len(ZOOMS) - 1, level))
        if level == self.zoom:
            return
        around = around or GRID.center
        ox, oy = self.origin()
        fx, fy = (around[0] - ox) / self.tile_px, (around[1] - oy) / self.tile_px
        self.zoom = level
        self.pan = [int(GRID.left + 6 + fx * self.tile_px - around[0]), int(GRID.top + 6 + fy * self.tile_px - around[1])]
        self._clamp_pan()

    def fit_view(self) -> None:
        """Zoom in as far as the map's tiles still fit, and centre them."""
        if not self.tiles:
            self.zoom, self.pan = 0, [0, 0]
            return
        xs = [t.x for t in self.tiles]
        ys = [t.y for t in self.tiles]
        w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        fits = [k for k, sq in enumerate(ZOOMS) if (w + 1) * sq * TILE_SIZE <= GRID.width and (h + 1) * sq * TILE_SIZE <= GRID.height]
        self.zoom = fits[-1] if fits else 0
        t = self.tile_px
        cx, cy = (min(xs) + w / 2) * t, (min(ys) + h / 2) * t
        self.pan = [int(6 + cx - GRID.width / 2), int(6 + cy - GRID.height / 2)]
        self._clamp_pan()

    def _clamp_pan(self) -> None:
        extent = SLOTS * self.tile_px + 12
        for i, size in enumerate((GRID.width, GRID.height)):
            self.pan[i] = max(0, min(max(0, extent - size), self.pan[i]))

    def palette_items(self) -> list[tuple[str, pygame.Rect]]:
        items = []
        w = (PALETTE.width - 16) // PAL_COLS
        for i, tile in enumerate(TILES):
            r = pygame.Rect(PALETTE.left + 8 + (i % PAL_COLS) * w, PALETTE.top + 34 + (i // PAL_COLS) * PAL_ROW, w, PAL_ROW - 4)
            items.append((tile, r))
        return items

    # -- input ----------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover_tile = self.slot_at(event.pos)
            if self.drag is not None:
                self.drag["pos"] = event.pos
            elif event.buttons[1] if len(event.buttons) > 1 else False:
                self.pan[0] -= event.rel[0]
                self.pan[1] -= event.rel[1]
                self._clamp_pan()
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            self.hover_tile = self.slot_at(event.pos)
            if event.button == 1:
                return self._press(event.pos)
            if event.button == 3:
                if self.drag is not None:
                    self.drag["rotation"] = (self.drag["rotation"] + 90) % 360
                    return True
                return self.rotate(self.slot_at(event.pos))
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._drop(event.pos)
            return True
        if event.type == pygame.MOUSEWHEEL:
            if GRID.collidepoint(self.mouse):
                self.set_zoom(self.zoom + (1 if event.y > 0 else -1), self.mouse)
                return True
            if self.notes_rect().collidepoint(self.mouse):
                self.scroll_notes(-3 * event.y)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event) -> bool:
        if self.name_entry.is_focused:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.name_entry.unfocus()
                return True
            return False
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_z:
            self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl and event.key == pygame.K_s:
            self.save()
        elif event.key == pygame.K_r:
            if self.drag is not None:
                self.drag["rotation"] = (self.drag["rotation"] + 90) % 360
            else:
                self.rotate(self.hover_tile)
        elif event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.remove(self.hover_tile)
        elif event.key == pygame.K_ESCAPE:
            if self.drag is not None:
                self._cancel_drag()
            else:
                self.leave()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key, 0)
            dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(event.key, 0)
            self.pan[0] += dx * self.tile_px
            self.pan[1] += dy * self.tile_px
            self._clamp_pan()
        elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.set_zoom(self.zoom + 1)
        elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.set_zoom(self.zoom - 1)
        else:
            return False
        return True

    def _press(self, pos) -> bool:
        for tile, r in self.palette_items():
            if r.collidepoint(pos):
                self.drag = {"tile": tile, "rotation": 0, "from": None, "pos": pos}
                return True
        slot = self.slot_at(pos)
        if slot is not None:
            placed = self.tile_at(slot)
            if placed is not None:
                self.drag = {"tile": placed.tile, "rotation": placed.rotation, "from": placed, "pos": pos}
                return True
        return False

    def _cancel_drag(self) -> None:
        self.drag = None

    def _drop(self, pos) -> None:
        drag, self.drag = self.drag, None
        slot = self.slot_at(pos)
        moving = drag["from"]
        others = tuple(t for t in self.tiles if t is not moving)
        if slot is None:
            if moving is not None:
                self.say(f"{TILES[moving.tile].name} removed.")
                self.edit(others, ((moving.x, moving.y),))
            return
        if moving is not None and (moving.x, moving.y) == slot and moving.rotation == drag["rotation"]:
            return  # dropped where it was
        if any((t.x, t.y) == slot for t in others):
            self.say("A tile is already there: drop it on an empty place.", palette.BLOCKED)
            return
        placed = PlacedTile(drag["tile"], slot[0], slot[1], drag["rotation"])
        if moving is None:
            self.edit(self.tiles + (placed,), (slot,))
        else:
            self.edit(tuple(placed if t is moving else t for t in self.tiles), ((moving.x, moving.y), slot))
        self.app.play_sound("card")

    def rotate(self, slot) -> bool:
        placed = self.tile_at(slot) if slot is not None else None
        if placed is None:
            return False
        turned = PlacedTile(placed.tile, placed.x, placed.y, (placed.rotation + 90) % 360)
        self.edit(tuple(turned if t is placed else t for t in self.tiles), (tuple(slot),))
        return True

    def remove(self, slot) -> bool:
        placed = self.tile_at(slot) if slot is not None else None
        if placed is None:
            return False
        self.say(f"{TILES[placed.tile].name} removed.")
        self.edit(tuple(t for t in self.tiles if t is not placed), (tuple(slot),))
        return True

    def _button(self, el) -> bool:
        if el is self.zoom_in or el is self.zoom_out:
            self.set_zoom(self.zoom + (1 if el is self.zoom_in else -1))
            return True
        if el is self.symmetry_button:
            self.app.play_sound("click")
            self.next_symmetry()
            return True
        if el is self.play_button:
            self.play()
            return True
        if el is self.back_button:
            self.app.play_sound("click")
            self.leave()
            return True
        label = self.buttons.get(el)
        if label is None:
            return False
        self.app.play_sound("click")
        {"New": self.new, "Open": self.open, "Save": self.save, "Save as": self.save_as, "Rename": self.rename,
         "Delete": self.delete, "Import": self.import_file, "Export": self.export_file, "Undo": self.undo,
         "Redo": self.redo, "Random map": self.random_map, "Copy code": self.copy_code, "Paste code": self.paste_code,
         "Mirror": lambda: self.transform("mirror"), "Flip": lambda: self.transform("flip"),
         "Half turn": lambda: self.transform("half-turn")}[label]()
        return True

    # -- files ----------------------------------------------------------------------------------------
    def say(self, text: str, colour=palette.TEXT) -> None:
        self.message = (text, colour)
        self.message_left = 5.0

    def unsaved(self, then) -> None:
        """Run `then` now, or after asking what to do with unsaved changes."""
        if not self.dirty or (not self.tiles and self.path is None):
            then()
            return

        def save_then() -> None:
            if self.save():
                then()

        self.app.push(MessageScene(self.app, "Unsaved changes", f"Save the changes to {self.current_name()!r} first?",
                                   [("Save", save_then), ("Discard", then), ("Cancel", None)]))

    def new(self) -> None:
        self.unsaved(lambda: self.load(MapSpec(self._new_name(), ()), None, fresh=True))

    def load(self, spec: MapSpec, path: Path | None, fresh: bool = False) -> None:
        self.spec = spec
        self.path = path
        self.undo_stack.clear()
        self.redo_stack.clear()
        self.name_entry.set_text(spec.name)
        self.saved_key = None if (fresh or path is None) else maps.map_key(spec)
        self.fit_view()
        self._check()
        if fresh:
            self.saved_key = maps.map_key(MapSpec(spec.name, spec.tiles))

    def open(self) -> None:
        self.unsaved(lambda: self.app.push(OpenMapScene(self.app, self)))

    def open_entry(self, entry: mapstore.MapEntry) -> None:
        if entry.spec is None:
            self.say(f"{entry.name} cannot be opened: {entry.error}", palette.BLOCKED)
            return
        if entry.sample is not None:  # a starting point: a copy of the sample, saved under its own name
            self.load(MapSpec(mapstore.free_name(f"{entry.name} copy"), entry.spec.tiles), None, fresh=True)
            self.saved_key = None
            self.say(f"A copy of {entry.name}: save it under a name of your own.")
        else:
            self.load(entry.spec, entry.path)
            if entry.problems:
                self.say("This map cannot be played yet: see the checklist.", palette.BLOCKED)

    def _spec_named(self) -> MapSpec:
        return MapSpec(self.current_name(), self.tiles)

    def save(self) -> bool:
        spec = self._spec_named()
        path, problem = mapstore.save(spec, old=self.path)
        if problem:
            self.say(problem, palette.BLOCKED)
            return False
        self.spec, self.path = spec, path
        self.saved_key = maps.map_key(spec)
        self._check()
        draft = " as a draft: it cannot be played until the checklist is all ticked" if self.problems else ""
        self.say(f"Saved {spec.name!r}{draft}.", palette.LEGAL if not self.problems else palette.GOLD)
        return True

    def save_as(self) -> None:
        spec = self._spec_named()
        if self.path is not None and mapstore.path_for(spec.name) == self.path:
            self.say("Type a new name above, then Save as.", palette.BLOCKED)
            return
        path, problem = mapstore.save(spec)
        if problem:
            self.say(problem, palette.BLOCKED)
            return
        self.spec, self.path, self.saved_key = spec, path, maps.map_key(spec)
        self._check()
        self.say(f"Saved a copy as {spec.name!r}.", palette.LEGAL)

    def rename(self) -> None:
        if self.path is None:
            self.say("Save the map first.", palette.BLOCKED)
            return
        dirty = self.dirty
        old = self.spec.name
        if self.save():
            self.say(f"Renamed {old!r} to {self.spec.name!r}." + ("" if not dirty else " Changes saved."), palette.LEGAL)

    def delete(self) -> None:
        if self.path is None:
            return

        def really() -> None:
            problem = mapstore.delete(self.path)
            if problem:
                self.say(problem, palette.BLOCKED)
                return
            name = self.spec.name
            self.load(MapSpec(self._new_name(), ()), None, fresh=True)
            self.say(f"Deleted {name!r}.")

        self.app.push(MessageScene(self.app, "Delete this map?", f"{self.spec.name!r} will be gone for good.",
                                   [("Delete", really), ("Keep", None)]))

    def import_file(self) -> None:
        self.unsaved(lambda: self.app.push(FilePickerScene(self.app, "Import a map file", saving=False, start=Path.home(),
                                                           on_pick=self.imported, confirm="Import")))

    def export_file(self) -> None:
        start = Path.home() / f"{mapstore.slug(self.current_name())}.json"
        self.app.push(FilePickerScene(self.app, "Export the map to a file", saving=True, start=start,
                                      on_pick=self.exported, confirm="Export"))

    def exported(self, path: Path) -> None:
        """A file chosen in the export picker: the map written there, readable by others."""
        problem = mapstore.export_map(self._spec_named(), path)
        self.say(problem or f"Exported to {path} (anyone can read it: send the file to share the map).",
                 palette.BLOCKED if problem else palette.LEGAL)

    def imported(self, path: Path) -> None:
        """A file chosen in the import picker: copied among the player's maps and opened."""
        entry, message = mapstore.import_map(path)
        if entry is None:
            self.say(message, palette.BLOCKED)
            return
        self.load(entry.spec, entry.path)
        self.say(message, palette.LEGAL if entry.playable else palette.GOLD)

    def random_map(self) -> None:
        self.unsaved(lambda: self.app.push(RandomMapScene(self.app, self.use_random, "Open in the builder")))

    def use_random(self, spec: MapSpec) -> None:
        """A map from the random map panel: a new map, not saved yet."""
        self.load(MapSpec(mapstore.free_name(spec.name), spec.tiles), None)
        self.say(f"A random map ({spec.name}): change it as you like, then save it to keep it.", palette.LEGAL)

    def copy_code(self) -> None:
        if not self.tiles:
            self.say("There is no map to share yet: place some tiles first.", palette.BLOCKED)
            return
        self.app.push(MapCodeScene(self.app, code=K.map_code(self._spec_named())))

    def paste_code(self) -> None:
        self.unsaved(lambda: self.app.push(MapCodeScene(self.app, on_load=self.use_pasted)))

    def use_pasted(self, spec: MapSpec) -> None:
        """A map read from a code: a new map, not saved yet (under a free name: nothing is overwritten)."""
        name = mapstore.free_name(spec.name)
        self.load(MapSpec(name, spec.tiles), None)
        renamed = f" as {name!r} (a map called {spec.name!r} already exists)" if name != spec.name else ""
        self.say(f"Opened {spec.name!r} from its code{renamed}: save it to keep it.", palette.LEGAL)

    def play(self) -> None:
        if self.problems:
            self.say("This map cannot be played: " + self.problems[0], palette.BLOCKED)
            return
        if (self.dirty or self.path is None) and not self.save():
            return
        self.app.show("khrysos.setup", chosen=self.spec.name)

    def leave(self) -> None:
        def go() -> None:
            self.app.show("khrysos.setup")

        self.unsaved(go)

    # -- frames ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.message_left > 0:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message = None

    def _map(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """The picture of the tiles placed (cut to their squares) and the square of its top-left corner."""
        key = (maps.map_key(self.spec), self.square)
        if key != self._cache_key:
            self._cache_key = key
            board = maps.layout(self.tiles)
            self._map_image = art.map_surface(board, self.square)
            self._map_corner = board.extent[:2]
        return self._map_image, self._map_corner

    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_table(surface)
        star = "*" if self.dirty else ""
        bar = pygame.Rect(0, 0, surface.get_width(), 44)
        pygame.draw.rect(surface, palette.PANEL, bar)
        title = f"Map builder: {self.current_name()}{star}"
        ui.text(surface, title, (16, 22), 20, palette.TEXT, bold=True, anchor="midleft")
        verdict = ("Playable" if not self.problems else f"{len(self.problems)} problem{'s' if len(self.problems) > 1 else ''}")
        ui.text(surface, verdict, (bar.right - 16, 22), 18, palette.LEGAL if not self.problems else palette.BLOCKED,
                bold=True, anchor="midright")
        self._draw_palette(surface)
        self._draw_grid(surface)
        self._draw_side(surface)
        if self.drag is not None:
            self._draw_ghost(surface)
        if self.message:
            text, colour = self.message
            lines = ui.wrap(text, 16, GRID.width - 40)[:3]
            box = pygame.Rect(0, 0, GRID.width - 20, 12 + 22 * len(lines))
            box.midbottom = (GRID.centerx, GRID.bottom - 10)
            ui.panel(surface, box, colour=palette.BG_LIGHT, edge=colour, radius=8, shadow=3)
            for i, line in enumerate(lines):
                ui.text(surface, line, (box.centerx, box.top + 6 + 22 * i), 16, palette.TEXT, anchor="midtop")

    def _draw_palette(self, surface) -> None:
        ui.panel(surface, PALETTE)
        ui.text(surface, "Tiles: drag onto the map", (PALETTE.left + 12, PALETTE.top + 8), 15, palette.TEXT_DIM, bold=True)
        hover = None
        for tile, r in self.palette_items():
            if r.collidepoint(self.mouse):
                hover = tile
                pygame.draw.rect(surface, palette.PANEL_LIGHT, r, border_radius=6)
            pic = art.tile_picture(tile, 0, 16)
            surface.blit(pic, pic.get_rect(midtop=(r.centerx, r.top + 4)))
            ui.text(surface, TILES[tile].name, (r.centerx, r.bottom - 4), 12, palette.TEXT, anchor="midbottom")
        ui.text(surface, "Right-click or R: turn a tile", (PALETTE.left + 12, PALETTE.bottom - 40), 13, palette.TEXT_DIM)
        ui.text(surface, "Delete or drag off: remove it", (PALETTE.left + 12, PALETTE.bottom - 22), 13, palette.TEXT_DIM)
        del hover

    def _draw_grid(self, surface) -> None:
        ui.panel(surface, GRID, colour=palette.BG_LIGHT, radius=8, shadow=4)
        clip = surface.get_clip()
        surface.set_clip(GRID.inflate(-4, -4))
        ox, oy = self.origin()
        t = self.tile_px
        for i in range(SLOTS + 1):
            pygame.draw.line(surface, palette.PANEL, (ox + i * t, oy), (ox + i * t, oy + SLOTS * t))
            pygame.draw.line(surface, palette.PANEL, (ox, oy + i * t), (ox + SLOTS * t, oy + i * t))
        image, (left, top) = self._map()
        surface.blit(image, (ox + left * self.square, oy + top * self.square))
        self._draw_axis(surface)
        for slot in self.bad_tiles:
            pygame.draw.rect(surface, palette.BLOCKED, self.slot_rect(slot).inflate(-2, -2), width=3, border_radius=4)
        sq = self.square
        for x, y in self.bad_squares:
            pygame.draw.rect(surface, palette.GOLD, pygame.Rect(ox + x * sq, oy + y * sq, sq, sq), width=2)
        if self.drag is None and self.hover_tile is not None and self.tile_at(self.hover_tile) is not None:
            pygame.draw.rect(surface, palette.HOVER, self.slot_rect(self.hover_tile), width=2, border_radius=3)
        surface.set_clip(clip)

    def _draw_axis(self, surface) -> None:
        """With symmetric placing on, the gold line (or centre point) that tiles are mirrored across."""
        if self.symmetry is None:
            return
        ox, oy = self.origin()
        mid = SLOTS // 2 * self.tile_px
        end = SLOTS * self.tile_px
        dash = max(6, self.square // 2)
        if self.symmetry in ("mirror", "flip"):
            for k in range(0, end, 2 * dash):
                a, b = k, min(end, k + dash)
                if self.symmetry == "mirror":
                    pygame.draw.line(surface, palette.GOLD, (ox + mid, oy + a), (ox + mid, oy + b), 3)
                else:
                    pygame.draw.line(surface, palette.GOLD, (ox + a, oy + mid), (ox + b, oy + mid), 3)
        else:
            centre = (ox + mid, oy + mid)
            pygame.draw.circle(surface, palette.GOLD, centre, max(6, self.square // 2), width=3)
            pygame.draw.circle(surface, palette.GOLD, centre, 3)

    def _draw_ghost(self, surface) -> None:
        drag = self.drag
        pos = drag["pos"]
        slot = self.slot_at(pos)
        pic = art.tile_picture(drag["tile"], drag["rotation"], self.square)
        if slot is not None:
            r = self.slot_rect(slot)
            occupied = any((t.x, t.y) == slot for t in self.tiles if t is not drag["from"])
            ghost = pic.copy()
            ghost.set_alpha(170)
            surface.blit(ghost, r)
            pygame.draw.rect(surface, palette.BLOCKED if occupied else palette.LEGAL, r, width=3, border_radius=3)
        else:
            ghost = pic.copy()
            ghost.set_alpha(200 if drag["from"] is None else 110)
            surface.blit(ghost, ghost.get_rect(center=pos))
            if drag["from"] is not None:
                ui.text(surface, "Drop here to remove", (pos[0], pos[1] + pic.get_height() // 2 + 6), 14, palette.BLOCKED,
                        bold=True, anchor="midtop")

    def checklist_top(self) -> int:
        return SIDE.top + 84 + 4 * 42 + 4

    def notes_rect(self) -> pygame.Rect:
        """Where the list of problems and warnings is shown (it scrolls when they do not all fit)."""
        y = self.checklist_top() + 26
        for _, line in self.checklist():
            y += NOTE_LINE * len(ui.wrap(line, 15, SIDE.width - 52)) + 6
        return pygame.Rect(SIDE.left + 8, y + 4, SIDE.width - 16, SIDE.bottom - 66 - y - 8)

    def notes_fit(self) -> int:
        return max(1, self.notes_rect().height // NOTE_LINE)

    def scroll_notes(self, lines: int) -> None:
        end = max(0, len(self.note_lines()) - (self.notes_fit() - 1))  # the last lines, under one saying what is above
        self.notes_scroll = max(0, min(end, self.notes_scroll + lines))

    def visible_notes(self) -> tuple[list[tuple[str, tuple[int, int, int]]], int, int]:
        """(the note lines shown, lines hidden above, lines hidden below): all when they fit; otherwise a line
        above and one below (where lines are hidden) say how many more there are, and the wheel scrolls."""
        lines = self.note_lines()
        fit = self.notes_fit()
        if len(lines) <= fit:
            return lines, 0, 0
        start = max(0, min(self.notes_scroll, len(lines) - (fit - 1)))
        if start == 0:
            room = fit - 1
        elif start + fit - 1 >= len(lines):
            room, start = fit - 1, len(lines) - (fit - 1)
        else:
            room = fit - 2
        shown = lines[start:start + room]
        return shown, start, len(lines) - start - len(shown)

    def _draw_side(self, surface) -> None:
        s = SIDE
        ui.panel(surface, s)
        ui.text(surface, "Name", (s.left + 12, s.top + 10), 15, palette.TEXT_DIM, bold=True)
        y = self.checklist_top()
        ui.text(surface, "Checklist", (s.left + 12, y), 16, palette.TEXT_DIM, bold=True)
        y += 26
        for ok, line in self.checklist():
            colour = palette.LEGAL if ok else palette.BLOCKED
            box = pygame.Rect(s.left + 14, y + 1, 16, 16)
            pygame.draw.rect(surface, colour, box, width=2, border_radius=3)
            if ok:
                pygame.draw.lines(surface, colour, False, [(box.left + 3, box.centery), (box.centerx - 1, box.bottom - 4),
                                                           (box.right - 3, box.top + 3)], 3)
            else:
                pygame.draw.line(surface, colour, box.topleft, box.bottomright, 2)
                pygame.draw.line(surface, colour, box.topright, box.bottomleft, 2)
            for part in ui.wrap(line, 15, s.width - 52):  # wrapped whole words, never cut
                ui.text(surface, part, (s.left + 38, y), 15, palette.TEXT)
                y += NOTE_LINE
            y += 6
        area = self.notes_rect()
        shown, above, below = self.visible_notes()
        y = area.top
        if above:
            ui.text(surface, f"{above} more line{'s' if above != 1 else ''} above (scroll up)", (s.left + 14, y),
                    NOTE_SIZE, palette.TEXT_DIM, bold=True)
            y += NOTE_LINE
        for line, colour in shown:
            ui.text(surface, line, (s.left + 14, y), NOTE_SIZE, colour)
            y += NOTE_LINE
        if below:
            ui.text(surface, f"{below} more line{'s' if below != 1 else ''} below (scroll down)", (s.left + 14, y),
                    NOTE_SIZE, palette.TEXT_DIM, bold=True)


class OpenMapScene(Overlay):
    """Pick a map to open: the sample maps as starting points and the player's own maps, with thumbnails.
    A damaged file is listed with its error."""

    width, height = 900, 600
    title = "Open a map"
    COLS, ROWS = 4, 2
    THUMB = (180, 126)

    def __init__(self, app, builder: BuilderScene):
        super().__init__(app)
        self.builder = builder
        self.entries = mapstore.all_maps()
        self.page = 0
        self.rects: list[tuple[pygame.Rect, mapstore.MapEntry]] = []

    def on_enter(self) -> None:
        b = self.box
        self.cancel = UIButton(pygame.Rect(b.centerx - 100, b.bottom - 62, 200, 46), "Cancel", self.ui)
        self.prev = UIButton(pygame.Rect(b.left + 20, b.bottom - 62, 60, 46), "<", self.ui)
        self.next = UIButton(pygame.Rect(b.right - 80, b.bottom - 62, 60, 46), ">", self.ui)

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.cancel:
                self.close()
                return True
            if event.ui_element in (self.prev, self.next):
                pages = max(1, -(-len(self.entries) // (self.COLS * self.ROWS)))
                self.page = (self.page + (1 if event.ui_element is self.next else -1)) % pages
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for r, entry in self.rects:
                if r.collidepoint(event.pos):
                    self.close()
                    self.builder.open_entry(entry)
                    return True
        return super().handle_event(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        per = self.COLS * self.ROWS
        self.rects = []
        b = self.box
        cell_w = (b.width - 40) // self.COLS
        for k, entry in enumerate(self.entries[self.page * per:(self.page + 1) * per]):
            col, row = k % self.COLS, k // self.COLS
            r = pygame.Rect(b.left + 20 + col * cell_w, b.top + 76 + row * 222, cell_w - 12, 210)
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
            if entry.sample:
                note, colour = "Sample map (opens a copy)", palette.TEXT_DIM
            elif entry.spec is None:
                note, colour = "Damaged: " + (entry.error or ""), palette.BLOCKED
            elif entry.problems:
                note, colour = "Draft: " + entry.problems[0], palette.GOLD
            else:
                note, colour = "Your map", palette.LEGAL
            for i, line in enumerate(ui.wrap(note, 12, r.width - 12)[:2]):
                ui.text(surface, line, (r.centerx, r.top + 164 + below + 16 * i), 12, colour, anchor="midtop")
            self.rects.append((r, entry))
