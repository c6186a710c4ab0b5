"""The lesson list of one game: each lesson with what it teaches, its tick once completed, and a Start button.

Opened from the Learn button of a game's card in the menu and from the pause overlay
(`app.open_lessons(game_id)`); Close or Esc goes back to what was below. A lesson file that
cannot be used is listed greyed, with the reason on hover.
"""

from __future__ import annotations

from functools import partial

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from scenes import palette, ui
from scenes.learn import loader, ticks
from scenes.learn.runner import game_title, start_lesson
from scenes.stack import Scene

TOP = 128
ROW = 62
LEFT, WIDTH = 170, 940


def draw_tick(surface: pygame.Surface, box: pygame.Rect, done: bool) -> None:
    """A check box, ticked (drawn: the font has no tick mark) when `done`."""
    pygame.draw.rect(surface, palette.PANEL_LIGHT if done else palette.BG_LIGHT, box, border_radius=6)
    pygame.draw.rect(surface, palette.LEGAL if done else palette.PANEL_EDGE, box, width=2, border_radius=6)
    if done:
        x, y, w, h = box
        pygame.draw.lines(surface, palette.LEGAL, False,
                          [(x + w * 0.22, y + h * 0.52), (x + w * 0.42, y + h * 0.74), (x + w * 0.8, y + h * 0.28)], 4)


class LessonsScene(Scene):
    """The lessons of `game_id` (see the module docstring)."""

    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.entries = list(loader.catalogue(game_id))
        self.ticks = ticks.load()
        self.title = f"Learn {game_title(game_id)}"

    def on_enter(self) -> None:
        self.starts: dict[UIButton, loader.Entry] = {}
        for i, entry in enumerate(self.entries):
            y = TOP + i * ROW
            done = self.ticks.has(self.game_id, entry.id)
            b = UIButton(pygame.Rect(LEFT + WIDTH - 150, y + 10, 136, 42), "Again" if done else "Start", self.ui,
                         object_id="@game_button")
            self.starts[b] = entry
        w, h = self.app.size
        self.close_button = UIButton(pygame.Rect(w // 2 - 110, h - 78, 220, 52), "Close", self.ui,
                                     object_id="@menu_button")
        self.fill_hotspots()

    def fill_hotspots(self) -> None:
        spots = self.spots
        spots.clear()
        for i, (button, entry) in enumerate(self.starts.items()):
            row = pygame.Rect(LEFT, TOP + i * ROW, WIDTH - 160, ROW - 6)
            done = self.ticks.has(self.game_id, entry.id)
            if entry.lesson is None:
                spots.add(f"lesson:start:{entry.id}", None, f"Lesson {i + 1}", widget=button, enabled=False,
                          reason=f"Its file cannot be used: {entry.error}")
                spots.add(f"lesson:row:{entry.id}", row, [entry.title, f"This lesson's file cannot be used: {entry.error}"])
                continue
            lesson = entry.lesson
            spots.add(f"lesson:start:{entry.id}", None,
                      [f"{'Take again' if done else 'Start'}: {lesson.title}", lesson.teaches,
                       f"{len(lesson.steps)} steps; you can leave at any time."],
                      widget=button, click=partial(self._start, entry))
            spots.add(f"lesson:row:{entry.id}", row, [lesson.title, lesson.teaches,
                                                     "Completed." if done else "Not taken yet."])
        spots.add("button:close", None, "Back (Esc)", widget=self.close_button, click=self.close)
        spots.sync_widgets()

    def _start(self, entry: loader.Entry) -> None:
        self.app.play_sound("click")
        start_lesson(self.app, self.game_id, entry.id)

    def close(self) -> None:
        self.app.play_sound("click")
        self.app.stack.pop(self)

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop(self)
            return True
        return event.type == pygame_gui.UI_BUTTON_PRESSED

    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_table(surface)
        w, h = surface.get_size()
        ui.text(surface, self.title, (w // 2, 36), 34, palette.GOLD, bold=True, shadow=True, anchor="midtop")
        done = sum(self.ticks.has(self.game_id, e.id) for e in self.entries)
        ui.text(surface, f"{done} of {len(self.entries)} lessons completed · each one is a short scene on the real board",
                (w // 2, 86), 16, palette.TEXT_DIM, anchor="midtop")
        if not self.entries:
            ui.text(surface, "No lessons for this game yet.", (w // 2, 300), 22, palette.TEXT, anchor="midtop")
        for i, entry in enumerate(self.entries):
            row = pygame.Rect(LEFT, TOP + i * ROW, WIDTH, ROW - 6)
            ui.panel(surface, row, radius=10, shadow=2)
            draw_tick(surface, pygame.Rect(row.left + 14, row.top + 14, 28, 28), self.ticks.has(self.game_id, entry.id))
            title = f"{i + 1}. {entry.title}"
            colour = palette.TEXT if entry.lesson is not None else palette.TEXT_DIM
            ui.text(surface, ui.fit(title, 19, WIDTH - 240, bold=True), (row.left + 56, row.top + 7), 19, colour, bold=True)
            line = entry.lesson.teaches if entry.lesson is not None else f"Cannot be used: {entry.error}"
            ui.text(surface, ui.fit(line, 15, WIDTH - 240), (row.left + 56, row.top + 32), 15,
                    palette.TEXT_DIM if entry.lesson is not None else palette.BLOCKED)
        if self.ticks.problem:
            ui.text(surface, ui.fit(self.ticks.problem, 15, w - 80), (w // 2, h - 100), 15, palette.BLOCKED,
                    anchor="midtop")


def open_lessons(app, game_id: str) -> None:
    """Push the lesson list of a game (the menu's Learn button, the pause overlay)."""
    app.push(LessonsScene(app, game_id))
