"""The interactive loop (`App.run`) draws a frame only when the picture can change (issue 30: an online game's two
program copies drew 60 frames a second for a second after every click, a third of their frames, at about 20 ms
of CPU each in a real window)."""

from __future__ import annotations

import itertools
import threading

import pygame
import pygame_gui
import pytest
from scenes import app as app_module
from scenes.stack import Scene


class Still(Scene):
    """A screen where nothing moves unless told to; counts its frames."""

    def __init__(self, app, moving: float = 0.0):
        super().__init__(app)
        self.moving = moving  # seconds of frame time it animates for
        self.frames = 0

    def update(self, dt: float) -> None:
        self.frames += 1
        self.moving -= dt

    @property
    def animating(self) -> bool:
        return self.moving > 0 or super().animating


def run_for(app, seconds: float) -> None:
    stop = threading.Timer(seconds, app.quit)
    stop.start()
    try:
        app.run()
    finally:
        stop.cancel()


def test_a_still_screen_gets_the_frames_after_input_then_none(app):
    """After input, LINGER of frames (pygame-gui answers a click a frame later), then naps: about 6 frames where
    the loop used to draw 60 in the second after each input."""
    scene = Still(app)
    app.push(scene)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(0, 0), buttons=(0, 0, 0)))
    run_for(app, 0.8)
    assert 1 <= scene.frames <= app_module.LINGER * app_module.FPS + 4, scene.frames


def test_a_moving_screen_gets_its_frames_and_naps_once_still(app):
    scene = Still(app, moving=0.4)
    app.push(scene)
    run_for(app, 1.0)
    # 0.4 s of frame time at most 60 frames a second (fewer on a busy machine), then no more than LINGER's
    assert 6 <= scene.frames <= 0.4 * app_module.FPS + app_module.LINGER * app_module.FPS + 4, scene.frames
    assert scene.moving <= 0


def test_under_autoplay_the_loop_never_naps(app):
    """--autoplay (the crash-safety test's program): the board's computers play every seat and nothing ever comes
    as input. Between one computer's move and the next nothing moves for a frame, and a loop that napped there
    waited for input for ever: under load the very first frame used up the linger, and the program never
    autosaved (the crash-safety test failed once in a quiet CI run)."""
    scene = Still(app)
    app.push(scene)
    app.autoplay = True
    run_for(app, 0.5)
    assert scene.frames >= 10, scene.frames  # at 60 a second, 30 on an idle machine; a napping loop draws 0-1
    app.autoplay = False
    assert app.frame_due(quiet=10.0, napped=0.0) is None  # the same still screen, no autoplay: it naps


def test_why_a_frame_is_drawn(app):
    """`frame_due`: input, anything moving, the linger after input, a text field's cursor; otherwise a nap."""
    scene = Still(app)
    app.push(scene)
    app.run_frames(2)
    pygame.event.clear()
    linger, blink = app_module.LINGER, app_module.BLINK
    assert app.frame_due(0.0, 0.0) == "linger"
    assert app.frame_due(linger, 0.0) is None
    assert app.frame_due(linger, 10.0) is None, "no text field: no frame for a cursor"
    scene.moving = 1.0
    assert app.frame_due(linger, 0.0) == "moving"
    scene.moving = 0.0
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_a, mod=0, unicode="", scancode=0))
    assert app.frame_due(linger, 0.0) == "input"
    pygame.event.clear()
    field = pygame_gui.elements.UITextEntryLine(pygame.Rect(10, 10, 200, 36), scene.ui)
    field.focus()
    scene.ui.set_focus_set(field)
    assert app.typing()
    assert app.frame_due(linger, blink / 2) is None
    assert app.frame_due(linger, blink) == "blink"


def test_a_focused_text_field_keeps_its_cursor_blinking_while_the_screen_naps(app):
    """pygame-gui turns the cursor from frame time: blink frames, each given the time napped, turn it every 4th
    frame (0.54 s), where the old loop froze it (on or off) a second after the last key."""
    scene = Still(app)
    app.push(scene)
    field = pygame_gui.elements.UITextEntryLine(pygame.Rect(10, 10, 200, 36), scene.ui)
    field.focus()
    scene.ui.set_focus_set(field)
    app.run_frames(60)  # past pygame-gui's pause after the cursor moved
    seen = []
    for _ in range(16):
        app.frame(app_module.BLINK)
        seen.append(field.cursor_on)
    turns = [i for i in range(1, 16) if seen[i] != seen[i - 1]]
    assert len(turns) >= 3 and all(b - a == 4 for a, b in itertools.pairwise(turns)), seen


def test_a_refusal_bubble_wakes_the_napping_app_once_to_go(app):
    """A refusal's bubble is still for 2.5 s: the app naps meanwhile (it drew 150 frames) and wakes once, when it
    is due to go; the frame it draws counts the time napped, so the bubble goes then."""
    scene = Still(app)
    app.push(scene)
    app.run_frames(2)
    pygame.event.clear()
    scene.spots.refuse("Not now: costs 4, 3 energy left.", pygame.Rect(10, 10, 100, 40))
    scene.spots.refusal.left = 0.3
    assert app.idle(), "a still bubble needs no frames"
    assert scene.wake_in == pytest.approx(0.3)
    assert app.frame_due(app_module.LINGER, 0.2) is None
    assert app.frame_due(app_module.LINGER, 0.3) == "timer"
    run_for(app, 0.8)
    assert scene.spots.refusal is None
    assert scene.frames <= app_module.LINGER * app_module.FPS + 4, scene.frames


def test_a_board_s_flashed_message_is_a_timer_not_frames(app):
    """The board's flashed message (a refusal, a warning) stays 3.5 s, still: a timer the app wakes for."""
    from scenes.khrysos.board import KhrysosBoard

    board = KhrysosBoard.for_automation(app, 3)
    app.push(board)
    for _ in range(600):
        if app.idle():
            break
        app.run_frames(1)
    assert app.idle()
    board.flash("Wait for your turn.")
    assert app.idle() and board.wake_in == pytest.approx(board.flash_left)
    board.pass_time(board.flash_left - 0.5)
    assert board.flash_text == "Wait for your turn." and board.wake_in == pytest.approx(0.5)
    board.pass_time(0.6)
    assert board.flash_text is None and board.wake_in is None


class Counted(Still):
    def __init__(self, app):
        super().__init__(app)
        self.draws = 0

    def draw(self, surface) -> None:
        self.draws += 1


def test_run_frames_without_a_screen_updates_every_frame_and_draws_one_in_draw_every_and_the_last(app):
    """Headless (tests, --screenshot) nobody sees a frame but the last: drawing them all was about 40% of a board's
    frame in the tests' games. Every frame still updates; a drawing bug of an animation's middle still shows."""
    scene = Counted(app)
    app.push(scene)
    app.run_frames(1)
    assert (scene.frames, scene.draws) == (1, 1)
    app.run_frames(10)
    assert scene.frames == 11
    assert scene.draws == 1 + 10 // app_module.DRAW_EVERY + 1, "every DRAW_EVERY-th frame, and the last"
    app.run_frames(2)
    assert (scene.frames, scene.draws) == (13, 1 + 10 // app_module.DRAW_EVERY + 2)
