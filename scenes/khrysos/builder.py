"""The Khrysos map builder: drag tile cards onto a 16 x 16 grid of tile places, turn, move and remove them,
see the rules' verdict live (a checklist, each problem pointed out on the map), undo and redo, and keep
maps in the user data directory (new, open, save, save as, rename, delete, import, export).

Whether a map can be played is only ever the validator's answer (`game.khrysos.maps.validate_map`,
`map_warnings`); the builder never judges a map by itself.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine
from pygame_gui.windows import UIFileDialog

from game.khrysos import maps
from game.khrysos.maps import MAX_TILE_POS, TILE_SIZE, TILES, MapSpec, PlacedTile
from scenes import palette, ui
from scenes.khrysos import art, mapstore
from scenes.overlays import MessageScene, Overlay
from scenes.stack import Scene

SLOTS = MAX_TILE_POS + 1
PALETTE = pygame.Rect(10, 52, 236, 660)
GRID = pygame.Rect(256, 52, 660, 660)
SIDE = pygame.Rect(926, 52, 344, 660)
ZOOMS = (13, 18, 24, 32)  # pixels a square
PAL_COLS, PAL_ROW = 2, 84


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
        self.dialog: UIFileDialog | None = None
        self.dialog_kind = ""
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
                  ("Export", "Write this map to a file anywhere, to share it"),
                  ("Undo", "Take back the last edit (Ctrl+Z)"), ("Redo", "Do the edit again (Ctrl+Y)")]
        self.buttons: dict[UIButton, str] = {}
        w = (s.width - 24 - 16) // 3
        for i, (label, tip) in enumerate(labels):
            r = pygame.Rect(s.left + 12 + (i % 3) * (w + 8), s.top + 84 + (i // 3) * 42, w, 36)
            self.buttons[UIButton(r, label, self.ui, tool_tip_text=tip)] = label
        self.zoom_in = UIButton(pygame.Rect(GRID.right - 84, GRID.top + 8, 36, 32), "+", self.ui,
                                tool_tip_text="Zoom in (mouse wheel)")
        self.zoom_out = UIButton(pygame.Rect(GRID.right - 44, GRID.top + 8, 36, 32), "−", self.ui,
                                 tool_tip_text="Zoom out (mouse wheel)")
        self.play_button = UIButton(pygame.Rect(s.left + 12, s.bottom - 56, (s.width - 32) // 2, 46), "Play this map",
                                    self.ui, object_id="@game_button")
        self.back_button = UIButton(pygame.Rect(s.centerx + 4, s.bottom - 56, (s.width - 32) // 2, 46), "Back",
                                    self.ui, object_id="@menu_button")
        self._sync_buttons()

    def button(self, label: str) -> UIButton:
        return next(b for b, text in self.buttons.items() if text == label)

    def _sync_buttons(self) -> None:
        for b, label in self.buttons.items():
            on = {"Undo": bool(self.undo_stack), "Redo": bool(self.redo_stack),
                  "Rename": self.path is not None, "Delete": self.path is not None}.get(label, True)
            b.enable() if on else b.disable()
        if self.problems:
            self.play_button.disable()
            self.play_button.set_tooltip("Cannot be played: " + ui.sentence(self.problems[0]))
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

    def edit(self, tiles: tuple[PlacedTile, ...]) -> None:
        self.undo_stack.append(self.spec)
        self.redo_stack.clear()
        self.spec = MapSpec(self.spec.name, tuple(tiles))
        self._check()

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
        """Ask the rules about the map: every problem, every warning, and where each one is."""
        self.problems = maps.validate_map(self.spec)
        self.warnings = maps.map_warnings(self.spec) if not self.problems else []
        self.bad_tiles, self.bad_squares = maps.problem_places(self.spec)  # where the rules say they lie
        if hasattr(self, "buttons"):
            self._sync_buttons()

    def checklist(self) -> list[tuple[bool, str]]:
        """The validator's verdict as a checklist: (passed, line)."""
        text = " ".join(self.problems)
        n = len(self.tiles)
        missing = [k for k in maps.ZONE_NUMBERS if f"Treasure Zone {k} is missing" in text]
        return [
            (f"a map needs at least {maps.MIN_TILES}" not in text, f"At least {maps.MIN_TILES} tiles ({n} placed)"),
            (not missing, "Treasure Zones 1-6 present" + (f" (missing: {', '.join(map(str, missing))})" if missing else "")),
            ("overlaps" not in text, "No tiles on top of each other"),
            ("do not connect" not in text, "All tiles connected"),
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
        if self.dialog is not None:
            return self._dialog_event(event)
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
                self.edit(others)
                self.say(f"{TILES[moving.tile].name} removed.")
            return
        if moving is not None and (moving.x, moving.y) == slot and moving.rotation == drag["rotation"]:
            return  # dropped where it was
        if any((t.x, t.y) == slot for t in others):
            self.say("A tile is already there: drop it on an empty place.", palette.BLOCKED)
            return
        placed = PlacedTile(drag["tile"], slot[0], slot[1], drag["rotation"])
        if moving is None:
            self.edit(self.tiles + (placed,))
        else:
            self.edit(tuple(placed if t is moving else t for t in self.tiles))
        self.app.play_sound("card")

    def rotate(self, slot) -> bool:
        placed = self.tile_at(slot) if slot is not None else None
        if placed is None:
            return False
        turned = PlacedTile(placed.tile, placed.x, placed.y, (placed.rotation + 90) % 360)
        self.edit(tuple(turned if t is placed else t for t in self.tiles))
        return True

    def remove(self, slot) -> bool:
        placed = self.tile_at(slot) if slot is not None else None
        if placed is None:
            return False
        self.edit(tuple(t for t in self.tiles if t is not placed))
        self.say(f"{TILES[placed.tile].name} removed.")
        return True

    def _button(self, el) -> bool:
        if el is self.zoom_in or el is self.zoom_out:
            self.set_zoom(self.zoom + (1 if el is self.zoom_in else -1))
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
         "Redo": self.redo}[label]()
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

    def _open_dialog(self, kind: str, title: str, start: Path) -> None:
        self.dialog_kind = kind
        self.dialog = UIFileDialog(pygame.Rect(GRID.left + 40, GRID.top + 60, 580, 480), self.ui, title,
                                   initial_file_path=str(start), allow_existing_files_only=(kind == "import"),
                                   allow_picking_directories=False)

    def import_file(self) -> None:
        self.unsaved(lambda: self._open_dialog("import", "Import a map file", Path.home()))

    def export_file(self) -> None:
        self._open_dialog("export", "Export the map to a file", Path.home() / f"{mapstore.slug(self.current_name())}.json")

    def _dialog_event(self, event) -> bool:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.dialog = None
            self.picked(Path(event.text))
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
            return True
        return False

    def picked(self, path: Path) -> None:
        """A file chosen in the import or export dialog."""
        if self.dialog_kind == "export":
            problem = mapstore.export_map(self._spec_named(), path)
            self.say(problem or f"Exported to {path}.", palette.BLOCKED if problem else palette.LEGAL)
            return
        entry, message = mapstore.import_map(path)
        if entry is None:
            self.say(message, palette.BLOCKED)
            return
        self.load(entry.spec, entry.path)
        self.say(message, palette.LEGAL if entry.playable else palette.GOLD)

    def play(self) -> None:
        if self.problems:
            self.say("This map cannot be played: " + ui.sentence(self.problems[0]), palette.BLOCKED)
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

    def _map(self) -> pygame.Surface:
        key = (maps.map_key(self.spec), self.square)
        if key != self._cache_key:
            self._cache_key = key
            board = maps.layout(self.tiles)
            self._map_image = art.map_surface(board, self.square)
        return self._map_image

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
        surface.blit(self._map(), (ox, oy))
        for slot in self.bad_tiles:
            pygame.draw.rect(surface, palette.BLOCKED, self.slot_rect(slot).inflate(-2, -2), width=3, border_radius=4)
        sq = self.square
        for x, y in self.bad_squares:
            pygame.draw.rect(surface, palette.GOLD, pygame.Rect(ox + x * sq, oy + y * sq, sq, sq), width=2)
        if self.drag is None and self.hover_tile is not None and self.tile_at(self.hover_tile) is not None:
            pygame.draw.rect(surface, palette.HOVER, self.slot_rect(self.hover_tile), width=2, border_radius=3)
        surface.set_clip(clip)

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

    def _draw_side(self, surface) -> None:
        s = SIDE
        ui.panel(surface, s)
        ui.text(surface, "Name", (s.left + 12, s.top + 10), 15, palette.TEXT_DIM, bold=True)
        y = s.top + 84 + 4 * 42 + 8
        ui.text(surface, "Checklist", (s.left + 12, y), 16, palette.TEXT_DIM, bold=True)
        y += 26
        for ok, line in self.checklist():
            colour = palette.LEGAL if ok else palette.BLOCKED
            box = pygame.Rect(s.left + 14, y + 2, 16, 16)
            pygame.draw.rect(surface, colour, box, width=2, border_radius=3)
            if ok:
                pygame.draw.lines(surface, colour, False, [(box.left + 3, box.centery), (box.centerx - 1, box.bottom - 4),
                                                           (box.right - 3, box.top + 3)], 3)
            else:
                pygame.draw.line(surface, colour, box.topleft, box.bottomright, 2)
                pygame.draw.line(surface, colour, box.topright, box.bottomleft, 2)
            ui.text(surface, ui.fit(line, 15, s.width - 50), (s.left + 38, y), 15, palette.TEXT)
            y += 24
        y += 6
        notes = [(ui.sentence(p), palette.BLOCKED) for p in self.problems] + [("Note: " + ui.sentence(w), palette.GOLD) for w in self.warnings]
        bottom = s.bottom - 66
        for text, colour in notes:
            for line in ui.wrap(text, 13, s.width - 28):
                if y > bottom - 16:
                    ui.text(surface, "…", (s.left + 14, y), 13, colour)
                    return
                ui.text(surface, line, (s.left + 14, y), 13, colour)
                y += 17
            y += 4


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
            ui.text(surface, ui.fit(entry.name, 15, r.width - 10), (r.centerx, r.top + 140), 15, palette.TEXT, bold=True,
                    anchor="midtop")
            if entry.sample:
                note, colour = "Sample map (opens a copy)", palette.TEXT_DIM
            elif entry.spec is None:
                note, colour = "Damaged: " + (entry.error or ""), palette.BLOCKED
            elif entry.problems:
                note, colour = "Draft: " + entry.problems[0], palette.GOLD
            else:
                note, colour = "Your map", palette.LEGAL
            for i, line in enumerate(ui.wrap(note, 12, r.width - 12)[:2]):
                ui.text(surface, line, (r.centerx, r.top + 164 + 16 * i), 12, colour, anchor="midtop")
            self.rects.append((r, entry))
