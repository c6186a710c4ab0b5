"""The Khrysos map builder: drag tile cards onto a 16 x 16 grid of tile places, turn, move and remove them,
see the rules' verdict live (a checklist, every problem listed and pointed out on the map), undo and redo,
mirror or half-turn the whole map or place tiles symmetrically, make a random map, pass a map on as a
code, and keep maps in the user data directory (new, open, save, save as, rename, delete, import, export).
Split by concern: this file holds the state, widgets and input; `builderview` draws, `builderfiles`
keeps the files, `mapdialogs` holds the panels it opens.

Whether a map can be played is only ever the validator's answer (`game.khrysos.maps.validate_map`,
`map_warnings`); the builder never judges a map by itself. Every gesture on the map is one
`game.khrysos.Edit` (place, move, turn, remove), made by `apply_edit` (`buildergestures`); a lesson's
coach may veto it (`builderlesson`: the builder as a lesson's host).

Hotspot keys (a lesson points at them): `tile:<id>` (a card of the tile list), `slot:x,y` (a tile place
of the grid, in tile positions 0-15; an empty one is listed while a lesson is on), `turn:x,y` (the turn
handle on the placed tile under the mouse, or the one a lesson points at), `check:count`,
`check:zones`, `check:overlap`, `check:connection` (the checklist's lines), `problems` (the list of
problems), and the buttons `button:new` ... `button:random_map`, `button:undo`, `button:redo`,
`button:mirror`, `button:flip`, `button:half_turn`, `button:symmetry`, `button:zoom_out`,
`button:zoom_in`, `button:play`, `button:back`.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

import game.khrysos as K
from game.khrysos import TILES, Edit, MapSpec, PlacedTile
from scenes import palette, ui
from scenes.khrysos import mapstore
from scenes.khrysos.builderdraft import BuilderDraft
from scenes.khrysos.builderfiles import BuilderFiles
from scenes.khrysos.buildergestures import BuilderGestures
from scenes.khrysos.builderlesson import FILE_BUTTONS, BuilderLesson
from scenes.khrysos.builderselect import BuilderSelect
from scenes.khrysos.builderview import GRID, SIDE, TOOLS, ZOOMS, BuilderView
from scenes.stack import Scene

SYMMETRY_MODES = (None, "mirror", "flip", "half-turn")
MODE_WORDS = {None: "off", "mirror": "mirror", "flip": "flip", "half-turn": "half turn"}
IMAGE_WORDS = {"mirror": "mirror image", "flip": "mirror image", "half-turn": "half-turn image"}


class BuilderScene(BuilderGestures, BuilderSelect, BuilderLesson, BuilderFiles, BuilderDraft, BuilderView, Scene):
    """The builder's state (the map, its history, the symmetry mode, the rules' verdict), widgets and input;
    drawing and geometry in `BuilderView`, files and sharing in `BuilderFiles`, a lesson's host in `BuilderLesson`,
    the gestures on the map and its hotspots in `BuilderGestures`, the draft of unsaved edits in `BuilderDraft`,
    several tiles at once in `BuilderSelect`."""

    def __init__(self, app, spec: MapSpec | None = None, path: Path | None = None):
        super().__init__(app)
        self.spec = spec or MapSpec(self._new_name(), ())
        self.path = path
        self.saved_key = K.map_key(self.spec)  # a new map is as it was made: no star until it is edited
        self.undo_stack: list[MapSpec] = []
        self.redo_stack: list[MapSpec] = []
        self.zoom = 0
        self.pan = [0, 0]
        self.drag: dict | None = None
        self.mouse = (0, 0)
        self.hover_tile: tuple[int, int] | None = None
        self.message: tuple[str, tuple[int, int, int]] | None = None
        self.message_left = 0.0
        self.symmetry: str | None = None  # symmetric placing: None or a kind of K.IMAGE_KINDS
        self.notes_scroll = 0  # first line of the problem list shown
        self.selected: set[tuple[int, int]] = set()  # tile places selected to act on together
        self.shown_problem = None  # a problem clicked in the list: its tiles blink for `shown_left` seconds
        self.shown_left = 0.0
        self._cache_key = None
        self._map_image: pygame.Surface | None = None
        self.coach = None  # a lesson's coach (scenes.learn.coach), when the builder teaches
        self.edits: list[Edit] = []  # every edit made on the map here, in order (a lesson counts them)
        self.fit_view()
        self._check()

    @classmethod
    def for_automation(cls, app, seed: int) -> BuilderScene:
        """Alpha Room with one tile moved off to the side: a map with a problem to point out."""
        spec = K.sample_map("alpha_room")
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
        self.name_entry = UITextEntryLine(pygame.Rect(s.left + 12, s.top + 36, s.width - 24 - 88, 38), self.ui)
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
        self.tips: dict[str, str] = {}  # what each button's hover says (its hotspot's tip)
        notes = UIButton(pygame.Rect(s.right - 12 - 80, s.top + 36, 80, 38), "Notes", self.ui, object_id="@small_button")
        self.buttons[notes] = "Notes"
        self.tips["Notes"] = "Write the map's description, its author and the number of players it is made for"
        w = (s.width - 24 - 16) // 3
        for i, (label, tip) in enumerate(labels):
            r = pygame.Rect(s.left + 12 + (i % 3) * (w + 8), s.top + 84 + (i // 3) * 42, w, 36)
            if i == len(labels) - 1 and i % 3 == 1:  # the last one takes the rest of its row
                r.width = 2 * w + 8
            self.buttons[UIButton(r, label, self.ui, object_id="@small_button")] = label
            self.tips[label] = tip
        tools = [("Undo", 62, "Take back the last edit (Ctrl+Z)"), ("Redo", 62, "Do the edit again (Ctrl+Y)"),
                 ("Mirror", 72, "Mirror the whole map left to right (it can be undone)"),
                 ("Flip", 56, "Mirror the whole map top to bottom (it can be undone)"),
                 ("Half turn", 90, "Turn the whole map half a turn (it can be undone)")]
        x = TOOLS.left
        for label, width, tip in tools:
            self.buttons[UIButton(pygame.Rect(x, TOOLS.top, width, TOOLS.height), label, self.ui,
                                  object_id="@small_button")] = label
            self.tips[label] = tip
            x += width + 6
        self.symmetry_button = UIButton(pygame.Rect(x + 4, TOOLS.top, TOOLS.right - 92 - x - 4, TOOLS.height),
                                        self._symmetry_label(), self.ui, object_id="@small_button")
        self.zoom_out = UIButton(pygame.Rect(TOOLS.right - 80, TOOLS.top, 38, TOOLS.height), "-", self.ui)
        self.zoom_in = UIButton(pygame.Rect(TOOLS.right - 38, TOOLS.top, 38, TOOLS.height), "+", self.ui)
        half = (s.width - 32) // 2
        self.play_button = UIButton(pygame.Rect(s.left + 12, s.bottom - 56, half + 24, 46), "Play this map",
                                    self.ui, object_id="@game_button")
        self.back_button = UIButton(pygame.Rect(s.left + 12 + half + 32, s.bottom - 56, half - 24, 46), "Back",
                                    self.ui, object_id="@menu_button")
        self._sync_buttons()
        if self.coach is not None:  # a lesson's builder (scenes.learn.runner): its coach comes on now
            self.attach(self.coach)
        self._drafted = self._draft_state()  # as opened: nothing to keep yet

    def on_exit(self) -> None:
        self.keep_draft(0.0, now=True)  # the last edits, whatever the wait

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
        self._sync_buttons()
        if self.symmetry is None:
            self.say("Symmetric placing is off: tiles go only where you put them.")
        else:
            self.say(f"Symmetric placing ({MODE_WORDS[self.symmetry]}): every change is copied onto its "
                     f"{IMAGE_WORDS[self.symmetry]} across the gold line.")

    def button(self, label: str) -> UIButton:
        return next(b for b, text in self.buttons.items() if text == label)

    def _sync_buttons(self) -> None:
        """Every control as a hotspot (issue 19): its tip says what a click does, a greyed one why it is greyed."""
        spots = self.spots
        spots.clear()
        unsaved = "This map has no file yet: save it first"
        reasons = {"Undo": None if self.undo_stack else "Nothing to undo yet: no edit has been made",
                   "Redo": None if self.redo_stack else "Nothing to redo: Redo brings back what Undo took back",
                   "Rename": None if self.path is not None else unsaved + " (Save keeps it under the name above)",
                   "Delete": None if self.path is not None else unsaved + ": there is nothing to delete"}
        for b, label in self.buttons.items():
            if self.coach is not None and label in FILE_BUTTONS:
                continue  # a lesson keeps no files: its panel takes their place
            reason = reasons.get(label)
            tip = self.notes_tip() if label == "Notes" else self.tips[label]
            spots.add("button:" + label.lower().replace(" ", "_"), None, tip, enabled=reason is None,
                      reason=reason, widget=b)
        spots.add("button:symmetry", None, self._symmetry_tip(), widget=self.symmetry_button, label=self._symmetry_label())
        spots.add("button:zoom_out", None, "Zoom out (mouse wheel, or the - key)", widget=self.zoom_out,
                  enabled=self.zoom > 0, reason="Zoomed out as far as it goes")
        spots.add("button:zoom_in", None, "Zoom in (mouse wheel, or the + key)", widget=self.zoom_in,
                  enabled=self.zoom < len(ZOOMS) - 1, reason="Zoomed in as far as it goes")
        spots.add("button:play", None, "Save the map and set up a game on it", widget=self.play_button,
                  enabled=not self.problems,
                  reason="Cannot be played: " + ui.sentence(self.problems[0]) if self.problems else None)
        spots.add("button:back", None, "Back to the Khrysos setup (asks first about unsaved changes)",
                  widget=self.back_button)
        for tile, r in self.palette_items():
            spots.add(f"tile:{tile}", r, [TILES[tile].name, "Drag it onto the map; right-click or R turns it."],
                      click=lambda t=tile: self._pick(t))
        self._map_hotspots()
        if self.coach is not None:
            self.coach.hotspots(self)
        spots.sync_widgets()
        spots.rehover()

    refresh_hotspots = _sync_buttons  # the name the kit and a lesson's coach use

    # -- the map being edited -----------------------------------------------------------------------
    @property
    def tiles(self) -> tuple[PlacedTile, ...]:
        return self.spec.tiles

    @property
    def dirty(self) -> bool:
        return self.saved_key != K.map_key(self.spec.named(self.current_name()))

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
        self.spec = self.spec.with_tiles(tiles)
        self._check()

    def _mirror_edit(self, tiles: tuple[PlacedTile, ...], touched) -> tuple[PlacedTile, ...]:
        kind = self.symmetry
        out = list(tiles)
        replaced, inexact = [], []
        for slot in touched:
            image_slot = K.slot_image(slot, kind, K.GRID_BOX)
            if image_slot == slot or image_slot in touched:
                continue  # the gesture itself set both places
            there = next((t for t in out if (t.x, t.y) == image_slot), None)
            source = next((t for t in out if (t.x, t.y) == slot), None)
            if source is None:
                if there is not None:
                    out.remove(there)
                continue
            image, exact = K.placed_image(source, kind)
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
            self.say(ui.sentence("; ".join(words)), palette.GOLD)
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
        self.say(f"The whole map is {K.IMAGE_KIND_WORDS[kind]} (Undo takes it back).{note}",
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
        problems, warnings = K.map_report(self.spec, on_grid=True)  # squares named as the grid's edges name them
        self.report = problems
        self.report_notes = problems + warnings  # the problem list's entries, in order
        self.problems = [p.text for p in problems]
        self.warnings = [w.text for w in warnings]
        self.bad_tiles, self.bad_squares = K.problem_places(self.spec)  # where the rules say they lie
        placed = {(t.x, t.y) for t in self.tiles}
        self.selected = {slot for slot in getattr(self, "selected", ()) if slot in placed}
        self.notes_scroll = min(self.notes_scroll, max(0, len(self.note_lines()) - 1))
        if hasattr(self, "buttons"):
            self._sync_buttons()


    # -- input ----------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            slot = self.slot_at(event.pos)
            if slot != self.hover_tile:
                self.hover_tile = slot
                self._sync_buttons()  # the turn handle follows the mouse
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
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.box_from is not None:
            self.mouse = event.pos
            self.finish_box()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None and self.drag.get("group"):
            self._drop(event.pos)  # several tiles moved together (dropped where they were: nothing changes)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None and self.drag.get("carry"):
            return True  # carried by a click: the next click puts it down
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            if self._clicked_in_place(event.pos):
                self.drag["carry"] = True  # a click on a card picks it up: the next click on the map puts it down
                self.say(f"{TILES[self.drag['tile']].name} picked up: click a place on the map to put it down "
                         "(right-click or R turns it, Esc puts it back).")
                return True
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
        if self.coach is not None and self._lesson_key(event):
            return True
        if self.name_entry.is_focused:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.name_entry.unfocus()
                return True
            return False
        ctrl = event.mod & pygame.KMOD_CTRL
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if self.coach is None and ((ctrl and event.key in (pygame.K_a, pygame.K_c, pygame.K_v))
                                   or (event.mod & pygame.KMOD_SHIFT and event.key in arrows)):
            {pygame.K_a: self.select_all, pygame.K_c: self.copy_selection,
             pygame.K_v: self.paste_selection}.get(event.key, lambda: self.shift_key(*arrows[event.key]))()
            return True
        if event.key == pygame.K_ESCAPE and self.drag is None and self.selected:
            self.clear_selection()
            self.say("Nothing selected.")
            return True
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
                self._sync_buttons()
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
         "Half turn": lambda: self.transform("half-turn"), "Notes": self.edit_notes}[label]()
        return True

    # -- frames ----------------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        # A problem clicked in the list: its tiles blink for `shown_left` seconds, frames all along.
        return super().animating or self.shown_left > 0

    @property
    def wake_in(self) -> float | None:
        """The builder's own timers, besides the refusal bubbles': the message at the bottom goes, and the draft
        of an edit made within THROTTLE of the last write is written (the app naps between inputs)."""
        due = [t for t in (super().wake_in, self.message_left, self._draft_wait) if t is not None and t > 0]
        return min(due) if due else None

    def pass_time(self, seconds: float) -> None:
        super().pass_time(seconds)
        self._draft_wait = max(0.0, self._draft_wait - seconds)
        self._count_message(seconds)

    def _count_message(self, seconds: float) -> None:
        """The message at the bottom shows `message_left` seconds (frames or naps), then goes."""
        if self.message_left > 0:
            self.message_left -= seconds
            if self.message_left <= 0:
                self.message = None

    def update(self, dt: float) -> None:
        self.keep_draft(dt)
        self.shown_left = max(0.0, self.shown_left - dt)
        self._count_message(dt)
