"""Connecting…: a small dialog over the screen while a request to a table server is under way (opening, joining,
rejoining or watching a table, listing a server's tables). The window keeps drawing and answering: the
request runs on the client's network thread (`net.client`'s `begin_*` calls, a `Pending` looked at each
frame), and every request ends by itself within its timeout, with a sentence saying why when it failed.

A request is written as a generator (`steps`): it yields a `Pending` (or None to wait a frame) and is sent
the Pending's result, or has the Pending's failure thrown into it as a `NetError`; what it returns is
handed to `done`, and a NetError it lets out to `failed` (the scene below says it). Cancel closes the
dialog: what was under way ends by itself and is forgotten (a table it opened is closed again)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Generator
from typing import Any

import pygame
import pygame_gui

from net.client import NetError, Pending
from scenes import palette, ui
from scenes.overlays import Overlay

Steps = Generator["Pending | None", Any, Any]


def drive(steps: Steps, current: Pending | None, started: bool) -> tuple[str, Any]:
    """Advance `steps` as far as it goes without waiting: ("wait", pending or None), ("done", value) or
    ("failed", reason)."""
    while True:
        if current is not None and not current.done:
            return "wait", current
        try:
            if not started:
                started, step = True, steps.send(None)
            elif current is None:
                step = steps.send(None)
            elif current.error is not None:
                step = steps.throw(NetError(current.error))
            else:
                step = steps.send(current.result())
        except StopIteration as stop:
            return "done", stop.value
        except NetError as e:
            return "failed", e.reason
        if step is None:
            return "wait", None
        current = step


class ConnectingScene(Overlay):
    """The dialog (see the module docstring): a title, what is under way, and Cancel."""

    width, height = 520, 230

    def __init__(self, app, title: str, doing: str, steps: Steps, done: Callable[[Any], None],
                 failed: Callable[[str], None]):
        super().__init__(app)
        self.title, self.doing = title, doing
        self.steps, self.done, self.failed = steps, done, failed
        self.current: Pending | None = None
        self.started = False
        self.finished = False
        self.clock = 0.0

    def on_enter(self) -> None:
        self.cancel_button = self.button_column(["Cancel"], self.box.bottom - 74, width=200, height=50)[0]
        self.spots.clear()
        self.spots.add("button:cancel", None, "Stop waiting and go back (the request is given up)",
                       widget=self.cancel_button)
        self.spots.sync_widgets()

    @property
    def animating(self) -> bool:
        return not self.finished  # the dots move and the answer is looked at every frame

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.finished:
            return
        state, value = drive(self.steps, self.current, self.started)
        self.started = True
        if state == "wait":
            self.current = value
            return
        self.finished = True
        self.close()
        (self.done if state == "done" else self.failed)(value)

    def cancel(self) -> None:
        if self.finished:
            return
        self.finished = True
        with contextlib.suppress(Exception):
            self.steps.close()
        if self.current is not None:
            _forget(self.current)
        self.close()

    def handle_event(self, event) -> bool:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.cancel_button) or \
                (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            if event.type == pygame_gui.UI_BUTTON_PRESSED:
                self.app.play_sound("click")
            self.cancel()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        dots = "." * (1 + int(self.clock * 2) % 3)
        for i, line in enumerate(ui.wrap(self.doing.rstrip(".…") + dots, 18, self.box.width - 60)[:3]):
            ui.text(surface, line, (self.box.centerx, self.box.top + 74 + 26 * i), 18, palette.TEXT, anchor="midtop")


def _forget(pending: Pending) -> None:
    """A request given up: a table it opens after all is closed again (its connection would stay open)."""
    import threading

    def close_when_done() -> None:
        if pending.wait(30) and pending.error is None:
            with contextlib.suppress(Exception):
                value = pending.result()
                if hasattr(value, "close"):
                    value.close()

    threading.Thread(target=close_when_done, daemon=True).start()
