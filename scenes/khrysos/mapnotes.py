"""A map's notes, edited in the map builder: a description, an author and the number of players it is made for.
They travel in the map file and the map code (`game.khrysos.MapSpec`), and the setup shows them. The limits
and what may be written are the rules' (`notes_problems`); this panel only collects the text."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryBox, UITextEntryLine

import game.khrysos as K
from game.khrysos import MapSpec
from scenes import palette, ui
from scenes.overlays import Overlay


def notes_line(spec: MapSpec) -> str:
    """The notes' author and player count in one line, as the setup and the builder show them ('' without)."""
    parts = []
    if spec.author:
        parts.append(f"by {spec.author}")
    if spec.players:
        parts.append(f"made for {spec.players} players")
    return ", ".join(parts)


class MapNotesScene(Overlay):
    """The notes of the map being built; OK gives `on_done(description, author, players)`."""

    width, height = 760, 500
    title = "Map notes"

    def __init__(self, app, spec: MapSpec, on_done: Callable[[str, str, int], None]):
        super().__init__(app)
        self.spec = spec
        self.on_done = on_done
        self.players = spec.players
        self.problem: str | None = None

    def on_enter(self) -> None:
        b = self.box
        self.description = UITextEntryBox(pygame.Rect(b.left + 24, b.top + 104, b.width - 48, 130), self.spec.description,
                                          self.ui)
        self.author = UITextEntryLine(pygame.Rect(b.left + 140, b.top + 262, 300, 38), self.ui)
        self.author.set_text(self.spec.author)
        self.author.set_text_length_limit(K.MAX_AUTHOR)
        self.count_buttons: dict[UIButton, int] = {}
        for i, n in enumerate((0, *K.PLAYER_COUNTS)):
            r = pygame.Rect(b.left + 140 + i * 88, b.top + 320, 80, 38)
            self.count_buttons[UIButton(r, "Any" if n == 0 else str(n), self.ui, object_id="@small_button")] = n
        self.ok = UIButton(pygame.Rect(b.centerx - 216, b.bottom - 66, 200, 48), "OK", self.ui, object_id="@game_button")
        self.cancel = UIButton(pygame.Rect(b.centerx + 16, b.bottom - 66, 200, 48), "Cancel", self.ui)
        self._mark_count()

    def _mark_count(self) -> None:
        for button, n in self.count_buttons.items():
            button.select() if n == self.players else button.unselect()

    def values(self) -> tuple[str, str, int]:
        description = " ".join(self.description.get_text().split())  # one paragraph: line breaks become spaces
        return description, self.author.get_text().strip(), self.players

    def widget_tips(self) -> list:
        tips = [("field:description", self.description, f"What the map is like, for those who choose it "
                                                          f"({K.DESCRIPTION_LIMIT})", None),
                ("field:author", self.author, "Who made the map", None),
                ("button:ok", self.ok, "Keep these notes with the map (Undo takes them back)", None),
                ("button:cancel", self.cancel, "Close without changing the notes (Esc)", None)]
        for button, n in self.count_buttons.items():
            what = "for any number of players" if n == 0 else f"made for {n} players"
            tips.append((f"button:players:{n}", button, f"Say the map is {what}", None))
        return tips

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.play_sound("click")
            el = event.ui_element
            if el in self.count_buttons:
                self.players = self.count_buttons[el]
                self._mark_count()
            elif el is self.ok:
                self.finish()
            elif el is self.cancel:
                self.close()
            return True
        return super().handle_event(event)

    def finish(self) -> None:
        values = self.values()
        problems = K.notes_problems(*values)
        if problems:
            self.problem = ui.sentence(problems[0])
            return
        self.close()
        self.on_done(*values)

    def draw(self, surface) -> None:
        super().draw(surface)
        b = self.box
        ui.text(surface, f"Description ({K.DESCRIPTION_LIMIT}): what the map is like", (b.left + 24, b.top + 78), 16,
                palette.TEXT_DIM, bold=True)
        ui.text(surface, "Author", (b.left + 24, b.top + 272), 16, palette.TEXT_DIM, bold=True)
        ui.text(surface, "Players", (b.left + 24, b.top + 330), 16, palette.TEXT_DIM, bold=True)
        count = len(" ".join(self.description.get_text().split()))
        colour = palette.BLOCKED if count > K.MAX_DESCRIPTION else palette.TEXT_DIM
        ui.text(surface, f"{count} / {K.MAX_DESCRIPTION}", (b.right - 24, b.top + 240), 14, colour, anchor="topright")
        if self.problem:
            for i, line in enumerate(ui.wrap(self.problem, 15, b.width - 48)[:2]):
                ui.text(surface, line, (b.left + 24, b.top + 372 + 20 * i), 15, palette.BLOCKED)
