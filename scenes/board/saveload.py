"""Named saves: save the game in progress under a name; list, load, watch and delete saves.

Opened from the pause overlay (with a board: Save and Load) and from the main menu (Load
and Watch). Loading replays the actions through the rules, so a tampered or truncated file
is refused with the reason, and the game in progress is kept.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from game.core import SaveError
from game.core.match import Match
from scenes import palette, registry, saves, ui
from scenes.board.replay import ReplayControl
from scenes.overlays import MessageScene, Overlay

ROWS = 6
ROW_H = 56


def entry_for(game_id: str) -> registry.GameEntry | None:
    return next((g for g in registry.playable_games() if g.game_id == game_id), None)


def open_board(app, match: Match):
    """The board scene of a loaded match, or None when its game has no board."""
    entry = entry_for(match.rules.GAME_ID)
    return None if entry is None else registry.resolve(entry.resume)(app, match)


def start_replay(app, match: Match) -> bool:
    """Put a replay of `match` (from its first action) on screen; False when its game has no board.
    The match keeps every step's events, so the replay never plays the rules again."""
    board = open_board(app, match.truncated(0))
    if board is None:
        return False
    board.autosave = False
    board.replay = ReplayControl(board, match)
    app.stack.reset(board)
    return True


class SavesScene(Overlay):
    """The list of named saves; with a board, a name field and Save on top."""

    width, height = 940, 600
    title = "Saved games"

    def __init__(self, app, board=None):
        super().__init__(app)
        self.board = board
        self.page = 0
        self.message: str | None = None
        self.message_colour = palette.TEXT_DIM
        self.found_damaged: dict = {}  # path -> why it cannot be replayed, learnt on Load or Watch

    def on_enter(self) -> None:
        self._build()

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self.infos = saves.list_saves()
        for info in self.infos:  # a save found damaged on Load or Watch stays marked so (the file reads well)
            info.error = info.error or self.found_damaged.get(info.path)
        box = self.box
        self.name_entry = self.save_button = None
        top = box.top + 70
        if self.board is not None and getattr(self.board, "online", False) and not self.board.match.over:
            self._say("Online, the table's server keeps this game (Play online rejoins it); once over, it comes here.")
        elif self.board is not None and self.board.replay is None:  # a finished game too: its replay is kept
            self.name_entry = UITextEntryLine(pygame.Rect(box.left + 30, top, 520, 44), self.ui)
            self.name_entry.set_text_length_limit(48)
            self.name_entry.set_text(self._default_name())
            self.save_button = UIButton(pygame.Rect(box.left + 566, top, 170, 44), "Save", self.ui,
                                        object_id="@game_button")
            top += 64
        self.list_top = top + 28
        self.row_buttons: dict[UIButton, tuple[str, saves.SaveInfo]] = {}
        pages = max(1, -(-len(self.infos) // ROWS))
        self.page = min(self.page, pages - 1)
        for i, info in enumerate(self.infos[self.page * ROWS:(self.page + 1) * ROWS]):
            y = self.list_top + i * ROW_H
            x = box.right - 30
            for label in ("Delete", "Watch", "Load"):
                if label != "Delete" and info.error:
                    continue
                b = UIButton(pygame.Rect(x - 96, y + 6, 92, 40), label, self.ui)
                self.row_buttons[b] = (label, info)
                x -= 100
        self.prev = UIButton(pygame.Rect(box.left + 30, box.bottom - 62, 120, 44), "‹ Newer", self.ui)
        self.next = UIButton(pygame.Rect(box.left + 160, box.bottom - 62, 120, 44), "Older ›", self.ui)
        if self.page == 0:
            self.prev.disable()
        if self.page >= pages - 1:
            self.next.disable()
        self.close_button = UIButton(pygame.Rect(box.right - 180, box.bottom - 62, 150, 44), "Close", self.ui)

    def widget_tips(self) -> list[tuple[str, Any, Any, str | None]]:
        tips: list[tuple[str, Any, Any, str | None]] = []
        if self.name_entry is not None:
            tips += [("field:name", self.name_entry, "The name of the save: click and type (up to 48 letters)", None),
                     ("button:save", self.save_button, "Save this game under this name (Enter)"
                      + (": it is over, its replay is kept" if self.board.match.over else ""), None)]
        does = {"Load": "Play on from this save (the game in progress stays autosaved)",
                "Watch": "Watch this game move by move from its start",
                "Delete": "Delete this save for good (you are asked first)"}
        for b, (label, info) in self.row_buttons.items():
            tips.append((f"button:{label.lower()}:{info.name}", b, [f"{label}: “{info.name}”", does[label]], None))
        tips += [("button:newer", self.prev, "The page of newer saves", "these are the newest saves"),
                 ("button:older", self.next, "The page of older saves", "there are no older saves"),
                 ("button:close", self.close_button, "Close the list (Esc)", None)]
        return tips

    def _default_name(self) -> str:
        names = [s.name for s in self.board.seats]
        return f"{self.board.rules.TITLE.split(':')[0]} – {' v '.join(names)}"[:48]

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.play_sound("click")
            el = event.ui_element
            if el is self.close_button:
                self.close()
            elif el is self.save_button:
                self._save()
            elif el is self.prev or el is self.next:
                self.page += -1 if el is self.prev else 1
                self._build()
            elif el in self.row_buttons:
                label, info = self.row_buttons[el]
                {"Load": self._load, "Watch": self._watch, "Delete": self._delete}[label](info)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name_entry:
            self._save()
            return True
        return super().handle_event(event)

    def _say(self, text: str, colour=palette.TEXT_DIM) -> None:
        self.message, self.message_colour = text, colour

    def _save(self) -> None:
        assert self.name_entry is not None, "the Save button and the name field come together"
        name = self.name_entry.get_text()
        problem = saves.check_name(name)
        if problem:
            self._say(problem, palette.BLOCKED)
            return
        if saves.save_path(name).exists():
            self.app.push(MessageScene(self.app, "Replace this save?", f"A save named “{name.strip()}” exists already.",
                                       [("Replace", lambda: self._write(name), "Write this game over that save"),
                                        ("Cancel", None)]))
            return
        self._write(name)

    def _write(self, name: str) -> None:
        save = self.board.match.save()
        save.table["progress"] = self.board.progress()
        problem = saves.write_named(name, save)
        if problem:
            self._say(problem, palette.BLOCKED)
            return
        self._build()
        self._say(f"Saved as “{name.strip()}”.", palette.LEGAL)

    def _load(self, info: saves.SaveInfo) -> None:
        try:
            match = saves.load_named(info.path)
        except SaveError as e:
            self._damaged(info, e)
            self.app.push(MessageScene(self.app, "This save cannot be loaded", str(e)))
            return
        board = open_board(self.app, match)
        if board is None:
            self.app.push(MessageScene(self.app, "This save cannot be loaded", f"{match.rules.TITLE} cannot be played yet."))
            return
        if match.over:
            board.autosave = False  # a finished game opens on its end screen; the game in progress stays autosaved
        self.app.stack.reset(board)

    def _watch(self, info: saves.SaveInfo) -> None:
        try:
            match = saves.load_named(info.path)
        except SaveError as e:
            self._damaged(info, e)
            self.app.push(MessageScene(self.app, "This save cannot be watched", str(e)))
            return
        if not start_replay(self.app, match):
            self.app.push(MessageScene(self.app, "This save cannot be watched", f"{match.rules.TITLE} cannot be played yet."))

    def _damaged(self, info: saves.SaveInfo, error: SaveError) -> None:
        """The row of a save that cannot be replayed says so from now on, like one that cannot be read."""
        self.found_damaged[info.path] = ui.sentence(str(error))
        self._build()

    def _delete(self, info: saves.SaveInfo) -> None:
        def really() -> None:
            problem = saves.delete_named(info.path)
            self._build()
            if problem:
                self._say(problem, palette.BLOCKED)

        self.app.push(MessageScene(self.app, "Delete this save?", f"“{info.name}” will be gone for good.",
                                   [("Delete", really, "Delete the save for good"), ("Keep", None)]))

    def draw(self, surface) -> None:
        super().draw(surface)
        box = self.box
        y = self.list_top - 24
        for x, head in ((30, "Name"), (330, "Game"), (470, "Players")):
            ui.text(surface, head, (box.left + x, y), 15, palette.TEXT_DIM, bold=True)
        shown = self.infos[self.page * ROWS:(self.page + 1) * ROWS]
        if not shown:
            ui.text(surface, "No saved games yet.", (box.centerx, self.list_top + 40), 18, palette.TEXT_DIM, anchor="midtop")
        for i, info in enumerate(shown):
            row = pygame.Rect(box.left + 20, self.list_top + i * ROW_H, box.width - 40, ROW_H - 4)
            pygame.draw.rect(surface, palette.BG_LIGHT, row, border_radius=8)
            ui.text(surface, ui.fit(info.name, 15, 290), (row.left + 10, row.top + 8), 15, palette.TEXT, bold=True)
            when = info.when if info.error else f"{info.when} · {info.progress}"
            ui.text(surface, ui.fit(when, 13, 290), (row.left + 10, row.top + 28), 13, palette.TEXT_DIM)
            if info.error:
                ui.text(surface, ui.fit("Damaged: " + info.error, 14, 430), (row.left + 310, row.top + 17), 14,
                        palette.BLOCKED)
                continue
            ui.text(surface, ui.fit(info.game, 14, 130), (row.left + 310, row.top + 17), 14, palette.TEXT)
            rows = ui.wrap(info.players, 13, 160)  # four names take two lines, never cut ("Yello…")
            rows = rows[:1] + [ui.fit(" ".join(rows[1:]), 13, 160)] if len(rows) > 1 else rows
            for i, line in enumerate(rows):
                ui.text(surface, line, (row.left + 450, row.top + (17 if len(rows) == 1 else 7 + 20 * i)), 13, palette.TEXT)
        if self.message:
            ui.text(surface, self.message, (box.centerx, box.bottom - 88), 16, self.message_colour, anchor="midtop")
