"""The map builder's files and sharing: new, open, save, save as, rename, delete, import, export, random
maps, map codes, and leaving for the setup (asking first about unsaved changes). A mixin of `BuilderScene`."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import game.khrysos as K
from game.khrysos import MapSpec
from scenes import palette, ui
from scenes.khrysos import mapstore
from scenes.khrysos.mapdialogs import MapCodeScene, OpenMapScene, RandomMapScene
from scenes.khrysos.mapnotes import MapNotesScene, notes_line
from scenes.khrysos.problemlist import ProblemListScene
from scenes.overlays import MessageScene
from scenes.widgets.filepicker import FilePickerScene


class BuilderFiles:
    """The builder's file and sharing commands (its state lives in `BuilderScene`)."""

    def say(self, text: str, colour=palette.TEXT) -> None:
        self.message = (text, colour)
        self.message_left = 5.0

    def unsaved(self, then, on_cancel=None) -> None:
        """Run `then` now, or after asking what to do with unsaved changes (Discard also drops their draft)."""
        if not self._worth_a_draft():
            then()
            return

        def save_then() -> None:
            if self.save():
                then()
            elif on_cancel is not None:
                on_cancel()

        def discard_then() -> None:
            self.drop_draft()
            then()

        self.app.push(MessageScene(self.app, "Unsaved changes", f"Save the changes to {self.current_name()!r} first?",
                                   [("Save", save_then, "Save the map, then go on"),
                                    ("Discard", discard_then, "Go on without saving the changes"),
                                    ("Cancel", on_cancel, "Stay here, with the changes")]))

    def new(self) -> None:
        self.unsaved(lambda: self.load(MapSpec(self._new_name(), ()), None, fresh=True))

    def load(self, spec: MapSpec, path: Path | None, fresh: bool = False) -> None:
        self.spec = spec
        self.path = path
        self.undo_stack.clear()
        self.redo_stack.clear()
        self.name_entry.set_text(spec.name)
        self.saved_key = None if (fresh or path is None) else K.map_key(spec)
        self.fit_view()
        self._check()
        if fresh:
            self.saved_key = K.map_key(spec)

    def open(self) -> None:
        self.unsaved(lambda: self.app.push(OpenMapScene(self.app, self)))

    def open_entry(self, entry: mapstore.MapEntry) -> None:
        if entry.spec is None:
            self.say(f"{entry.name} cannot be opened: {entry.error}", palette.BLOCKED)
            return
        if entry.sample is not None:  # a starting point: a copy of the sample, saved under its own name
            self.load(entry.spec.named(mapstore.free_name(f"{entry.name} copy")), None, fresh=True)
            self.saved_key = None
            self.say(f"A copy of {entry.name}: save it under a name of your own.")
        else:
            self.load(entry.spec, entry.path)
            if entry.problems:
                self.say("This map cannot be played yet: see the checklist.", palette.BLOCKED)

    def _spec_named(self) -> MapSpec:
        return self.spec.named(self.current_name())

    def save(self) -> bool:
        spec = self._spec_named()
        path, problem = mapstore.save(spec, old=self.path)
        if problem:
            self.say(problem, palette.BLOCKED)
            return False
        self.spec, self.path = spec, path
        self.saved_key = K.map_key(spec)
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
        self.spec, self.path, self.saved_key = spec, path, K.map_key(spec)
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
                                   [("Delete", really, "Delete the map's file for good"), ("Keep", None)]))

    def import_file(self) -> None:
        self.unsaved(lambda: self.app.push(FilePickerScene(self.app, "Import a map file", saving=False,
                                                           start=mapstore.last_folder(), on_pick=self.imported,
                                                           confirm="Import")))

    def export_file(self) -> None:
        start = mapstore.last_folder() / f"{mapstore.slug(self.current_name())}.json"
        self.app.push(FilePickerScene(self.app, "Export the map to a file", saving=True, start=start,
                                      on_pick=self.exported, confirm="Export"))

    def exported(self, path: Path) -> None:
        """A file chosen in the export picker: the map written there, readable by others."""
        problem = mapstore.export_map(self._spec_named(), path)
        if problem is None:
            mapstore.remember_folder(path)
        self.say(problem or f"Exported to {path} (anyone can read it: send the file to share the map).",
                 palette.BLOCKED if problem else palette.LEGAL)

    def imported(self, path: Path) -> None:
        """A file chosen in the import picker: copied among the player's maps and opened. What keeps it from being
        a map (or a playable one) is listed in full, in a box that scrolls."""
        mapstore.remember_folder(path)
        entry, message = mapstore.import_map(path)
        if entry is None:
            self.say(f"{Path(path).name} is not a Khrysos map: nothing was imported.", palette.BLOCKED)
            self.app.push(ProblemListScene(self.app, "Not a Khrysos map", f"{Path(path).name} cannot be imported: "
                                           "nothing was changed.", mapstore.read_entry(Path(path)).problems or [message]))
            return
        self.load(entry.spec, entry.path)
        self.say(message, palette.LEGAL if entry.playable else palette.GOLD)
        if entry.problems:
            self.app.push(ProblemListScene(self.app, "Imported as a draft", f"{entry.name!r} was imported, but it "
                                           "cannot be played until these are put right:", entry.problems))

    def random_map(self) -> None:
        self.unsaved(lambda: self.app.push(RandomMapScene(self.app, self.use_random, "Open in the builder")))

    def use_random(self, spec: MapSpec) -> None:
        """A map from the random map panel: a new map, not saved yet."""
        self.load(spec.named(mapstore.free_name(spec.name)), None)
        self.say(f"A random map ({spec.name}): change it as you like, then save it to keep it.", palette.LEGAL)

    def notes_tip(self) -> list[str]:
        spec = self.spec
        if not spec.has_notes:
            return [self.tips["Notes"], "This map has no notes yet."]
        about = notes_line(spec)
        return [self.tips["Notes"], ui.sentence(about) if about else "", spec.description]

    def edit_notes(self) -> None:
        self.app.push(MapNotesScene(self.app, self.spec, self.set_notes))

    def set_notes(self, description: str, author: str, players: int) -> None:
        """New notes for the map: one step of the undo history."""
        spec = replace(self.spec, description=description, author=author, players=players)
        if spec == self.spec:
            return
        self.undo_stack.append(self.spec)
        self.redo_stack.clear()
        self.spec = spec
        self._check()
        self.say("The map's notes are changed: they go with its file and its code (Undo takes them back).")

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
        self.load(spec.named(name), None)
        renamed = f" as {name!r} (a map called {spec.name!r} already exists)" if name != spec.name else ""
        self.say(f"Opened {spec.name!r} from its code{renamed}: save it to keep it.", palette.LEGAL)

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
