"""A file picker for importing and exporting files: a modal panel fixed in the middle of the window.

It replaces pygame-gui's file dialog, which clips the descenders of its list, does not close
on Esc and can be dragged off screen. Here the folder's entries are drawn at a line height
that keeps every letter whole, a click on a folder opens it, a click on a file picks its
name, the mouse wheel scrolls, Enter confirms and Esc cancels. Saving over an existing file
asks first. Nothing here reads or writes the file chosen: `on_pick(path)` does.
"""

from __future__ import annotations

import os
from pathlib import Path
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from scenes import palette, ui
from scenes.overlays import MessageScene, Overlay

ROW = 28
TEXT = 16


class Entry:
    """One line of the list: a folder or a file of the folder shown."""

    __slots__ = ("name", "path", "folder")

    def __init__(self, name: str, path: Path, folder: bool):
        self.name, self.path, self.folder = name, path, folder


class FilePickerScene(Overlay):
    width, height = 760, 560

    def __init__(self, app, title: str, *, saving: bool, start: Path, on_pick: Callable[[Path], None],
                 suffix: str = ".json", confirm: str | None = None):
        self.width = min(self.width, app.size[0] - 40)
        self.height = min(self.height, app.size[1] - 40)
        super().__init__(app)
        self.title = title
        self.saving = saving
        self.suffix = suffix
        self.on_pick = on_pick
        self.confirm_label = confirm or ("Save" if saving else "Open")
        start = Path(start).expanduser()
        if start.is_dir():
            self.folder, self.start_name = start, ""
        else:
            self.folder, self.start_name = start.parent, start.name if saving else ""
        if not self.folder.is_dir():
            self.folder = Path.home()
        self.entries: list[Entry] = []
        self.scroll = 0
        self.message: tuple[str, tuple[int, int, int]] | None = None
        self.hover: int | None = None
        self.folder_error: str | None = None

    # -- layout ----------------------------------------------------------------------------------
    @property
    def list_rect(self) -> pygame.Rect:
        b = self.box
        return pygame.Rect(b.left + 20, b.top + 110, b.width - 40, b.height - 110 - 150)

    def visible_rows(self) -> int:
        return max(1, self.list_rect.height // ROW)

    def on_enter(self) -> None:
        b = self.box
        self.up_button = UIButton(pygame.Rect(b.right - 20 - 262, b.top + 68, 150, 34), "Up one folder", self.ui,
                                  tool_tip_text="Show the folder that holds this one", object_id="@small_button")
        self.home_button = UIButton(pygame.Rect(b.right - 20 - 104, b.top + 68, 104, 34), "Home", self.ui,
                                    tool_tip_text="Show your home folder", object_id="@small_button")
        y = self.list_rect.bottom + 14
        self.name_entry = UITextEntryLine(pygame.Rect(b.left + 120, y, b.width - 140, 38), self.ui)
        self.name_entry.set_text(self.start_name)
        w = 170
        self.ok_button = UIButton(pygame.Rect(b.centerx - w - 8, b.bottom - 64, w, 46), self.confirm_label, self.ui,
                                  tool_tip_text=("Write the file under the name above" if self.saving
                                                 else "Open the file named above"))
        self.cancel_button = UIButton(pygame.Rect(b.centerx + 8, b.bottom - 64, w, 46), "Cancel", self.ui,
                                      tool_tip_text="Close without choosing a file (Esc)")
        self.open_folder(self.folder)

    # -- the folder ------------------------------------------------------------------------------
    def open_folder(self, folder: Path) -> None:
        """Show `folder`'s sub-folders, then its files ending in the suffix (hidden ones left out)."""
        try:
            with os.scandir(folder) as it:
                items = list(it)
        except OSError as e:
            self.say(f"The folder {folder} cannot be read ({e.strerror or type(e).__name__}).", palette.BLOCKED)
            return
        self.folder = Path(folder)
        folders, files = [], []
        for item in items:
            if item.name.startswith("."):
                continue
            try:
                is_dir = item.is_dir()
            except OSError:
                continue
            if is_dir:
                folders.append(Entry(item.name, Path(item.path), True))
            elif item.name.lower().endswith(self.suffix):
                files.append(Entry(item.name, Path(item.path), False))
        key = lambda e: e.name.casefold()  # noqa: E731
        self.entries = sorted(folders, key=key) + sorted(files, key=key)
        self.scroll = 0
        self.hover = None
        self.message = None

    def rows(self) -> list[tuple[pygame.Rect, Entry]]:
        """The entries on screen now, with their rects."""
        r = self.list_rect
        out = []
        for k, entry in enumerate(self.entries[self.scroll:self.scroll + self.visible_rows()]):
            out.append((pygame.Rect(r.left + 4, r.top + 4 + k * ROW, r.width - 20, ROW), entry))
        return out

    def say(self, text: str, colour=palette.TEXT) -> None:
        self.message = (text, colour)

    def target(self) -> Path | None:
        """The path the name line points at (a name in the folder shown, or a path typed whole)."""
        text = self.name_entry.get_text().strip()
        if not text:
            return None
        path = Path(text).expanduser()
        return path if path.is_absolute() else self.folder / path

    # -- input -----------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name_entry:
            self.confirm()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.play_sound("click")
            if event.ui_element is self.ok_button:
                self.confirm()
            elif event.ui_element is self.cancel_button:
                self.close()
            elif event.ui_element is self.up_button:
                self.open_folder(self.folder.parent)
            elif event.ui_element is self.home_button:
                self.open_folder(Path.home())
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, (r, _) in enumerate(self.rows()) if r.collidepoint(event.pos)), None)
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for r, entry in self.rows():
                if r.collidepoint(event.pos):
                    self.click_entry(entry)
                    return True
        return super().handle_event(event)

    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(max(0, len(self.entries) - self.visible_rows()), self.scroll + rows))

    def click_entry(self, entry: Entry) -> None:
        self.app.play_sound("click")
        if entry.folder:
            self.open_folder(entry.path)
        else:
            self.name_entry.set_text(entry.name)
            self.say(f"{entry.name} chosen: {self.confirm_label} (or Enter) takes it.")

    def confirm(self) -> None:
        path = self.target()
        if path is None:
            self.say("Type a file name, or click a file in the list." if not self.saving else
                     "Type a name for the file.", palette.BLOCKED)
            return
        if path.is_dir():
            self.name_entry.set_text("")
            self.open_folder(path)
            return
        if self.saving:
            if path.suffix.lower() != self.suffix:
                path = path.with_name(path.name + self.suffix)
            if not path.parent.is_dir():
                self.say(f"There is no folder {path.parent}.", palette.BLOCKED)
                return
            if path.exists():
                self.app.push(MessageScene(self.app, "Replace the file?", f"{path.name} already exists in {path.parent}.",
                                           [("Replace", lambda: self._pick(path), "Write over that file"), ("Keep it", None)]))
                return
        elif not path.is_file():
            self.say(f"There is no file called {path.name} in {path.parent}.", palette.BLOCKED)
            return
        self._pick(path)

    def _pick(self, path: Path) -> None:
        self.close()
        self.on_pick(path)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        super().draw(surface)
        b = self.box
        ui.text(surface, "Folder", (b.left + 20, b.top + 68), 14, palette.TEXT_DIM, bold=True)
        shown = str(self.folder)
        while len(shown) > 4 and ui.render(shown, 15, palette.TEXT).get_width() > b.width - 300:
            shown = "…" + shown[2:]  # keep the end of a long path: its last folders say where this is
        ui.text(surface, shown, (b.left + 20, b.top + 86), 15, palette.TEXT)
        r = self.list_rect
        ui.panel(surface, r, colour=palette.BG, radius=6)
        rows = self.rows()
        if not rows:
            kind = "folders" if self.saving else f"folders or {self.suffix} files"
            ui.text(surface, f"No {kind} here.", (r.left + 12, r.top + 10), TEXT, palette.TEXT_DIM)
        for i, (row, entry) in enumerate(rows):
            if i == self.hover:
                pygame.draw.rect(surface, palette.PANEL_LIGHT, row, border_radius=4)
            label = entry.name + ("/" if entry.folder else "")
            colour = palette.GOLD if entry.folder else palette.TEXT
            ui.text(surface, ui.fit(label, TEXT, row.width - 16), (row.left + 8, row.centery), TEXT, colour,
                    anchor="midleft")
        extra = len(self.entries) - self.visible_rows()
        if extra > 0:  # a scroll bar: where the rows shown are among all of them
            track = pygame.Rect(r.right - 12, r.top + 4, 8, r.height - 8)
            pygame.draw.rect(surface, palette.PANEL, track, border_radius=4)
            h = max(20, track.height * self.visible_rows() // len(self.entries))
            y = track.top + (track.height - h) * self.scroll // extra
            pygame.draw.rect(surface, palette.PANEL_EDGE, pygame.Rect(track.left, y, 8, h), border_radius=4)
        ui.text(surface, "File name", (b.left + 20, self.name_entry.rect.centery), 15, palette.TEXT_DIM, bold=True,
                anchor="midleft")
        if self.message:
            text, colour = self.message
            ui.text(surface, ui.fit(text, 15, b.width - 40), (b.left + 20, self.name_entry.rect.bottom + 8), 15, colour)
