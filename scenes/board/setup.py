"""The setup-scene helper: players with names, colours and who plays them, the game's options, a preview, Start.

A game's setup scene is a short description: player counts, options as `Toggle` and
`Choice`, optional per-player choices, a preview drawing, and `start(seats, options)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from game.core.match import Match
from scenes import palette, ui
from scenes.board.seats import Seat
from scenes.stack import Scene

HUMAN = "Human"
BOT_LEVELS = {"Computer: Easy": "easy", "Computer: Normal": "normal", "Computer: Hard": "hard"}
REMOTE, HERE = "Remote player", "Human here"  # the seats of a table played online (scenes.online)


@dataclass
class Toggle:
    key: str
    label: str
    default: bool = False
    help: str = ""


@dataclass
class Choice:
    key: str
    label: str
    choices: list[tuple[Any, str]] = field(default_factory=list)  # (value, label)
    default: Any = None
    help: str = ""


class SetupScene(Scene):
    """Lays out players on the left, options on the right, a preview below them, and Back / Start."""

    title = "New game"
    min_players = 2
    max_players = 2
    options: list = []
    player_choice: Choice | None = None  # one extra choice per player (e.g. a character)
    bots_available = True  # each seat: Human, or the computer at a level (game.bots)
    ROW = 52
    LEFT = pygame.Rect(40, 120, 600, 470)
    RIGHT = pygame.Rect(680, 120, 560, 470)

    def __init__(self, app, players: int | None = None):
        super().__init__(app)
        self.count = players or self.min_players
        self.names = [self.default_name(i) for i in range(self.max_players)]
        self.kinds = [HUMAN] * self.max_players
        self.extras: list[Any] = [self.player_choice.default if self.player_choice else None
                                  for _ in range(self.max_players)]
        self.values = {o.key: o.default for o in self.options}
        self.error: str | None = None
        # Hosting a table online (scenes.online): `online(scene, rules, setup, specs)` opens it and returns
        # a message to refuse; each seat is then a remote player, a human at this screen or the computer.
        self.online: Any = None

    def go_online(self, opener, back) -> None:
        """This setup opens a table on a server instead of a game at this screen."""
        self.online, self.back = opener, back
        self.kinds = [HERE] + [REMOTE] * (self.max_players - 1)
        self.title = self.title.replace("New game", "Host a table")

    # -- hooks ---------------------------------------------------------------------------
    def default_name(self, seat: int) -> str:
        return palette.SEAT_NAMES[seat % len(palette.SEAT_NAMES)]

    def colour(self, seat: int) -> tuple[int, int, int]:
        return palette.SEATS[seat % len(palette.SEATS)]

    def player_choices(self, seat: int) -> list[tuple[Any, str]]:
        """The options of `player_choice` for a seat (override to exclude what others took)."""
        return self.player_choice.choices if self.player_choice else []

    def draw_preview(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw something that shows the chosen options (a board thumbnail, the characters...)."""

    def start(self, seats: list[Seat], options: dict) -> str | None:
        """Start the game (replace this scene by the board); return a message to refuse."""
        raise NotImplementedError

    def back(self) -> None:
        self.app.home()

    # -- widgets -------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        """Lay the widgets out again (the player count changed), then their hotspots."""
        self._build()
        self.fill_hotspots()

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self.entries: list[UITextEntryLine] = []
        self.kind_menus: list[UIDropDownMenu] = []
        self.extra_menus: list[UIDropDownMenu] = []
        left, right = self.LEFT, self.RIGHT
        for i in range(self.count):
            y = left.top + 56 + i * self.ROW
            name_width = 164 if self.player_choice is None else 130  # room for a third column
            entry = UITextEntryLine(pygame.Rect(left.left + 44, y, name_width, 40), self.ui)
            entry.set_text(self.names[i])
            entry.set_text_length_limit(16)
            self.entries.append(entry)
            x = left.left + 54 + name_width
            if self.bots_available:
                kinds = [REMOTE, HERE, *BOT_LEVELS] if self.online is not None else [HUMAN, *BOT_LEVELS]
                self.kind_menus.append(UIDropDownMenu(kinds, self.kinds[i], pygame.Rect(x, y, 208, 40), self.ui))
                x += 218
            if self.player_choice is not None:
                labels = [label for _, label in self.player_choices(i)]
                current = self._label(self.player_choices(i), self.extras[i]) or (labels[0] if labels else "")
                self.extra_menus.append(UIDropDownMenu(labels, current, pygame.Rect(x, y, left.right - x - 10, 40),
                                                       self.ui))
        self.fewer = self.more = None
        if self.max_players > self.min_players:
            y = left.top + 56 + self.count * self.ROW + 6
            self.fewer = UIButton(pygame.Rect(left.left + 44, y, 150, 38), "− Player", self.ui)
            self.more = UIButton(pygame.Rect(left.left + 204, y, 150, 38), "+ Player", self.ui)
        self.option_widgets: dict[Any, Any] = {}
        for j, option in enumerate(self.options):
            y = right.top + 56 + j * self.ROW
            rect = pygame.Rect(right.left + 300, y, right.width - 320, 40)
            if isinstance(option, Toggle):
                b = UIButton(rect, "On" if self.values[option.key] else "Off", self.ui)
                self.option_widgets[b] = option
            else:
                labels = [label for _, label in option.choices]
                menu = UIDropDownMenu(labels, self._label(option.choices, self.values[option.key]) or labels[0], rect,
                                      self.ui)
                self.option_widgets[menu] = option
        w, h = self.app.size
        self.back_button = UIButton(pygame.Rect(40, h - 84, 200, 56), "Back", self.ui, object_id="@menu_button")
        self.start_button = UIButton(pygame.Rect(w - 280, h - 84, 240, 56), "Open the table" if self.online else "Start",
                                     self.ui, object_id="@game_button")

    SEAT_TIPS = {
        "Human": "A person at this computer plays this seat (at a table of several, the mouse is passed on)",
        "Computer: Easy": "The computer plays this seat: sensible but careless, a gentle first opponent",
        "Computer: Normal": "The computer plays this seat: it tries every move one step ahead and takes the best",
        "Computer: Hard": "The computer plays this seat: it searches several moves ahead, about a second a move",
        REMOTE: "A friend at another computer takes this seat with the table's code",
        HERE: "A person at this computer plays this seat (with several here, the mouse is passed on)",
    }

    def option_tip(self, menu, option: str):
        if menu in self.kind_menus:
            return self.SEAT_TIPS.get(option)
        if menu in self.extra_menus:
            assert self.player_choice is not None, "a player's choice menu exists only with its choice"
            return [f"Choose {option}"] + ([self.player_choice.help] if self.player_choice.help else [])
        chosen = self.option_widgets.get(menu)
        if chosen is not None:
            return [f"{chosen.label}: {option}"] + ([chosen.help] if chosen.help else [])
        return None

    def fill_hotspots(self) -> None:
        """Every control of the setup says what it does (a game's setup adds its own with `more_hotspots`)."""
        spots = self.spots
        spots.clear()
        for i, entry in enumerate(self.entries):
            spots.add(f"field:name:{i}", None, f"Player {i + 1}'s name: click and type (up to 16 letters)", widget=entry)
        for i, menu in enumerate(self.kind_menus):
            who = ("a friend at another computer, a person at this one, or the computer (Easy, Normal or Hard)"
                   if self.online else "a person at this computer, or the computer (Easy, Normal or Hard)")
            spots.add(f"menu:seat:{i}", None, f"Who plays this seat: {who}", widget=menu)
        for i, menu in enumerate(self.extra_menus):
            assert self.player_choice is not None, "a player's choice menu exists only with its choice"
            spots.add(f"menu:choice:{i}", None, f"{self.player_choice.label} of player {i + 1}"
                      + (f": {self.player_choice.help}" if self.player_choice.help else ""), widget=menu)
        if self.fewer is not None:
            spots.add("button:fewer", None, "One player fewer (the last row goes)", widget=self.fewer,
                      enabled=self.count > self.min_players,
                      reason=f"This game needs at least {self.min_players} players.")
            spots.add("button:more", None, "One more player", widget=self.more, enabled=self.count < self.max_players,
                      reason=f"This game is for {self.max_players} players at most.")
        for widget, option in self.option_widgets.items():
            on_off = " (click to switch it on or off)" if isinstance(option, Toggle) else ""
            spots.add(f"option:{option.key}", None, f"{option.label}: {option.help or 'choose one'}{on_off}",
                      widget=widget)
        spots.add("button:back", None, "Back to Play online (Esc)" if self.online else "Back to the main menu (Esc)",
                  widget=self.back_button)
        spots.add("button:start", None, "Open the table on your server with these seats and options; "
                  "you get a code to give your friends" if self.online else "Start the game with these players and options",
                  widget=self.start_button)
        self.more_hotspots()
        spots.sync_widgets()

    def more_hotspots(self) -> None:
        """A game's own setup controls (map thumbnails, Change board…): add them to `self.spots`."""

    @staticmethod
    def _label(choices, value) -> str | None:
        return next((label for v, label in choices if v == value), None)

    def _read_names(self) -> None:
        for i, entry in enumerate(self.entries):
            self.names[i] = entry.get_text()

    def seats(self) -> list[Seat]:
        self._read_names()
        return [Seat(self.names[i].strip() or self.default_name(i), self.colour(i), BOT_LEVELS.get(self.kinds[i]))
                for i in range(self.count)]

    def launch(self, rules, setup, seats: list[Seat], board, seed: int) -> str | None:
        """Start the game: `board(app, match, seats)` at this screen, or, hosting online, the table on the server."""
        if self.online is not None:
            specs = [{"kind": "computer", "name": s.name, "level": s.bot} if s.bot else
                     {"kind": "host" if self.kinds[i] == HERE else "remote", "name": s.name} for i, s in enumerate(seats)]
            return self.online(self, rules, setup, specs)
        self.app.stack.replace(board(self.app, Match.new(rules, setup, seed), seats))
        return None

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.play_sound("click")
            el = event.ui_element
            if el is self.back_button:
                self.back()
            elif el is self.start_button:
                self._start()
            elif el is self.fewer or el is self.more:
                self._read_names()
                self.count += -1 if el is self.fewer else 1
                self.rebuild()
            elif el in self.option_widgets:
                option = self.option_widgets[el]
                self.values[option.key] = not self.values[option.key]
                el.set_text("On" if self.values[option.key] else "Off")
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            el = event.ui_element
            if el in self.kind_menus:
                self.kinds[self.kind_menus.index(el)] = event.text
            elif el in self.extra_menus:
                i = self.extra_menus.index(el)
                self.extras[i] = next((v for v, label in self.player_choices(i) if label == event.text), self.extras[i])
                self.on_player_choice(i)
            elif el in self.option_widgets:
                option = self.option_widgets[el]
                self.values[option.key] = next((v for v, label in option.choices if label == event.text),
                                               self.values[option.key])
                self.on_option(option.key)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return False

    def on_player_choice(self, seat: int) -> None:
        """A player's extra choice changed (e.g. rebuild to keep choices unique)."""

    def on_option(self, key: str) -> None:
        """An option changed."""

    def _start(self) -> None:
        seats = self.seats()
        names = [s.name.casefold() for s in seats]
        if len(set(names)) < len(names):
            self.error = "Two players have the same name: give each player a different one."
            return
        try:
            problem = self.start(seats, dict(self.values))
        except ValueError as e:  # a SetupError from the rules, in their words
            problem = ui.sentence(str(e))
        self.error = problem

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_table(surface)
        ui.text(surface, self.title, (40, 30), 34, palette.GOLD, bold=True, shadow=True)
        left, right = self.LEFT, self.RIGHT
        ui.panel(surface, left)
        ui.panel(surface, right)
        ui.text(surface, "Players", (left.left + 16, left.top + 14), 20, palette.TEXT_DIM, bold=True)
        for i in range(self.count):
            y = left.top + 56 + i * self.ROW
            chip = pygame.Rect(left.left + 12, y + 6, 24, 28)
            pygame.draw.rect(surface, self.colour(i), chip, border_radius=6)
        ui.text(surface, "Options", (right.left + 16, right.top + 14), 20, palette.TEXT_DIM, bold=True)
        for j, option in enumerate(self.options):
            y = right.top + 56 + j * self.ROW
            ui.text(surface, option.label, (right.left + 20, y + 20), 18, palette.TEXT, anchor="midleft")
        top = right.top + 56 + len(self.options) * self.ROW + 10
        preview = pygame.Rect(right.left + 16, top, right.width - 32, right.bottom - top - 16)
        if preview.height > 40:
            self.draw_preview(surface, preview)
        if self.error:
            w, h = surface.get_size()
            ui.text(surface, self.error, (w // 2, h - 56), 18, palette.BLOCKED, anchor="center")
