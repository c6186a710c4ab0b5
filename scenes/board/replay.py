"""Replays: a board steps through a finished or saved game (first, back, next, last, play at ½×-4×).

The whole game is one `Match` whose steps keep their events, so a step forward animates the
events the game already recorded and a step back is the state one action earlier: the rules
are never played again.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton

STATUS_HEIGHT = 44

BUTTONS = (
    ("first", "First", "Go back to the start of the game"),
    ("back", "Back", "Go back one move"),
    ("next", "Next", "Play the next move"),
    ("last", "Last", "Jump to the end of the game"),
    ("play", "Play", "Play the moves one after another (click again to pause)"),
    ("speed", "1×", "How fast the moves follow one another: click to change"),
    ("close", "Close", "Leave the replay: back to the main menu"),
)


class ReplayControl:
    """The replay bar of a board showing `full` (a whole game) one step at a time."""

    SPEEDS = (0.5, 1.0, 2.0, 4.0)
    PAUSE = 0.6  # seconds between two actions while playing, at speed 1

    def __init__(self, board, full):
        self.board = board
        self.full = full  # the whole game; the board's match is always a prefix of it
        self.playing = False
        self.speed = 1.0
        self.wait = 0.0
        self.buttons: dict[str, Any] = {}

    @property
    def actions(self) -> list:
        return self.full.actions

    @property
    def position(self) -> int:
        return len(self.board.match.actions)

    @property
    def animating(self) -> bool:
        return self.playing

    def build(self, manager) -> None:
        w = self.board.app.size[0]
        width, gap = 66, 6
        x = w - 8 - len(BUTTONS) * (width + gap) + gap
        for key, label, _tip in BUTTONS:
            self.buttons[key] = UIButton(pygame.Rect(x, 4, width, STATUS_HEIGHT - 8), label, manager)
            x += width + gap

    @property
    def rects(self) -> list[pygame.Rect]:
        return [b.rect for b in self.buttons.values()]

    def hotspots(self, spots) -> None:
        """The bar's buttons, usable while everything else on the board is held."""
        n, total = self.position, len(self.actions)
        at_start, at_end = n <= 0, n >= total
        state = {
            "first": (not at_start, "This is the start of the game.", self.first),
            "back": (not at_start, "This is the start of the game.", self.back),
            "next": (not at_end, "This is the end of the game.", self.forward),
            "last": (not at_end, "This is the end of the game.", self.last),
            "play": (True, None, self.toggle),
            "speed": (True, None, self.faster),
            "close": (True, None, self.board.app.home),
        }
        for key, label, tip in BUTTONS:
            enabled, reason, click = state[key]
            if key == "play":
                label = "Pause" if self.playing else "Play"
            if key == "speed":
                label = f"{self.speed:g}×"
            spots.add(f"replay:{key}", None, tip, enabled=enabled, reason=reason, click=self._sounded(click),
                      widget=self.buttons[key], label=label, always=True)

    def _sounded(self, fn):
        def go() -> None:
            self.board.app.play_sound("click")
            fn()
        return go

    # -- moving -------------------------------------------------------------------------
    def first(self) -> None:
        self.playing = False
        self.goto(0)

    def back(self) -> None:
        self.playing = False
        self.goto(self.position - 1)

    def last(self) -> None:
        self.playing = False
        self.goto(len(self.actions))

    def toggle(self) -> None:
        self.playing = not self.playing
        if self.playing and self.position >= len(self.actions):
            self.goto(0)
        self.wait = 0.0
        self.board.refresh_hotspots()

    def faster(self) -> None:
        self.speed = self.SPEEDS[(self.SPEEDS.index(self.speed) + 1) % len(self.SPEEDS)]
        self.board.refresh_hotspots()

    def forward(self) -> None:
        """One move on, animated from the events the game recorded."""
        board = self.board
        board.timeline.skip()
        n = self.position
        if n >= len(self.actions):
            return
        board.match = self.full.truncated(n + 1)
        board.animate(list(self.full.events_of(n + 1)))

    def goto(self, n: int) -> None:
        """Jump to the state after the first n actions, without animating; the log follows."""
        board = self.board
        board.timeline.skip()
        board.match = self.full.truncated(n)
        board.rebuild_log()
        board.after_undo()  # the state moved without its events: what the last move left on show goes
        board.settle()

    def update(self, dt: float) -> None:
        if not self.playing or self.board.busy:
            return
        self.wait += dt * self.speed
        if self.wait < self.PAUSE:
            return
        self.wait = 0.0
        if self.position >= len(self.actions):
            self.playing = False
            self.board.refresh_hotspots()
            return
        self.forward()

    def status(self) -> str:
        text = f"Replay: move {self.position} of {len(self.actions)}"
        outcome = self.full.outcome()
        if outcome is not None and self.position >= len(self.actions):
            names = " and ".join(self.board.seats[w].name for w in outcome.winners) or "Nobody"
            text += f", {names} won"
        return text
