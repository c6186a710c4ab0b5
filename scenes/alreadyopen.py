"""What a second copy of the program shows first: another copy is open and writes the saves; bring it to the
front, open this one read-only (nothing is written), or quit (scenes.instance holds the lock)."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from scenes import instance, palette, registry, ui
from scenes.stack import Scene


class AlreadyOpenScene(Scene):
    """The second copy's first screen (see the module docstring)."""

    def __init__(self, app, other: instance.Holder):
        super().__init__(app)
        self.other = other
        self.note: str | None = None  # what came of the last click (a front request that failed)

    def on_enter(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(w // 2 - 390, h // 2 - 180, 780, 360)
        top = self.box.bottom - 84
        self.front = UIButton(pygame.Rect(self.box.left + 24, top, 236, 56), "Bring it to the front", self.ui,
                              object_id="@game_button")
        self.read_only = UIButton(pygame.Rect(self.box.centerx - 118, top, 236, 56), "Open read-only", self.ui,
                                  object_id="@game_button")
        self.quit = UIButton(pygame.Rect(self.box.right - 260, top, 236, 56), "Quit", self.ui, object_id="@game_button")
        no_front = instance.why_no_front(self.other)
        self.spots.add("button:front", None, "Ask the open copy to come to the front, then close this one",
                       widget=self.front, enabled=no_front is None, reason=no_front, click=self.bring_front)
        self.spots.add("button:read_only", None, "Look at your games and saves here without writing anything: "
                       "no move, save, setting or tick of this copy is kept", widget=self.read_only,
                       click=self.open_read_only)
        self.spots.add("button:quit", None, "Close this copy; the open one goes on", widget=self.quit,
                       click=self.app.quit)

    def who(self) -> str:
        process = f"process {self.other.pid}" if self.other.pid > 0 else "another process"
        since = f", since {self.other.started}" if self.other.started != "?" else ""
        return f"{process}{since}"

    def bring_front(self) -> None:
        problem = instance.ask_front(self.other)
        if problem is None:
            self.app.quit()
        else:
            self.note = problem

    def open_read_only(self) -> None:
        instance.set_read_only(f"this copy is read-only (another copy, {self.who()}, writes the saves)")
        self.app.persist_settings = False
        self.app.stack.replace(registry.make_scene("menu", self.app))

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        return event.type == pygame_gui.UI_BUTTON_PRESSED

    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_table(surface)
        ui.panel(surface, self.box, radius=18, shadow=10)
        ui.text(surface, "Tabletop Trio is already open", (self.box.centerx, self.box.top + 30), 30, palette.GOLD,
                bold=True, anchor="midtop")
        text = (f"Another copy is running ({self.who()}). It saves each game after every move; two copies would "
                "write over each other's moves. Bring the open copy to the front to go on there, or open this one "
                "read-only to look around without writing anything.")
        y = self.box.top + 90
        for line in ui.wrap(text, 18, self.box.width - 60):
            ui.text(surface, line, (self.box.left + 30, y), 18, palette.TEXT)
            y += 26
        if self.note:
            for line in ui.wrap(self.note, 17, self.box.width - 60):
                ui.text(surface, line, (self.box.left + 30, y + 10), 17, palette.BLOCKED)
                y += 24
