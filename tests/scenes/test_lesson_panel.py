"""Issue 21/23: the lesson's panel never lies over a control the step points at, nor over a control the
player needs. For the first steps of every lesson of every game (a board or the map builder), at the
default 1280x720 window and at a small 1000x600 one, the coach's panel overlaps no hotspot that can be
clicked now and no labelled control (a button, greyed or not). The program draws one 1280x720 picture
that the window scales (scenes.app), so the small window must show the very same layout, only smaller:
the test checks that too."""

from __future__ import annotations

import pygame
import pytest

from game import registry as rules_registry
from scenes import registry
from scenes.learn import loader
from tests.scenes import lessonwalk
from tests.scenes.helpers import click
from tests.scenes.test_lesson_pointer import arrows_checked, rings_spy
from tests.sweeps import FULL

GAMES = [d.id for d in rules_registry.declarations() if registry.has_lessons(d.id)]  # the showcase table's too
ALL = [(g, e.id) for g in GAMES for e in loader.catalogue(g) if e.lesson is not None]
FIRST_STEPS = 4
WINDOWS = ((1280, 720), (1000, 600))
# Every lesson at one of the two windows, taking turns (both under TABLETRIO_FULL_SWEEPS=1): the window only
# scales the one 1280x720 picture, which each case checks, so the second size adds no layout of its own.
CASES = [(g, i, w) for n, (g, i) in enumerate(ALL) for w in (WINDOWS if FULL else WINDOWS[n % 2:n % 2 + 1])]


def covered(host) -> list[str]:
    """The controls under the coach's panel: clickable hotspots, and labelled ones whether greyed or not."""
    panel = host.coach.panel
    spots = host.spots
    out = []
    for spot in spots:
        if spot.key.startswith("lesson:") or not spot.rect.colliderect(panel):
            continue
        if spot.widget is not None and not spot.widget.visible:
            continue
        clickable = spots.is_enabled(spot) and (spot.click is not None or spot.right_click is not None
                                                or spot.widget is not None)
        labelled = spot.widget is not None or spot.label is not None
        if clickable or labelled:
            out.append(f"{spot.key} {tuple(spot.rect)}")
    return out


def _menu(app):
    from scenes import registry

    app.stack.push(registry.make_scene("menu", app))
    app.run_frames(2)


@pytest.mark.parametrize("game,lesson_id,window", CASES, ids=[f"{g}/{i}-{w}x{h}" for g, i, (w, h) in CASES])
def test_the_lesson_panel_covers_no_control_in_the_first_steps(app, monkeypatch, game, lesson_id, window):
    """The walk also checks the ring's arrow at each step that rings a control: it lies on no other control with
    words and not on the panel (tests/scenes/test_lesson_pointer.py)."""
    from scenes.learn.runner import start_lesson

    rings = rings_spy(monkeypatch)

    if app.window is not None:
        app.window.size = window
    assert app.size == (1280, 720) and app.screen.get_size() == (1280, 720)  # the picture the window scales
    _menu(app)
    app.settings.animation_speed = "instant"
    start_lesson(app, game, lesson_id)
    app.run_frames(3)
    host = lessonwalk.board_of(app)
    coach = host.coach
    for _ in range(FIRST_STEPS):
        lessonwalk.wait_ready(app, host)
        if coach.finished:
            break
        assert not covered(host), (f"{game}/{lesson_id} step {coach.index + 1}: the lesson panel {tuple(coach.panel)} "
                                   f"lies over {covered(host)}")
        if not coach.step.narration:
            rings.clear()
            app.run_frames(1)
            arrows_checked(host, rings, f"{game}/{lesson_id} step {coach.index + 1}")
        start = coach.index
        while coach.index == start and not coach.finished:  # every click of the step, then the next step
            key = "lesson:next" if coach.step.narration else coach.target()
            _, pos = lessonwalk.check_target(app, host, key)
            click(app, pos)
            lessonwalk.wait_ready(app, host)


def test_the_check_sees_a_button_under_the_panel(app):
    """The check can fail: a button put under the panel is found."""
    from pygame_gui.elements import UIButton

    from scenes.learn.runner import start_lesson

    _menu(app)
    start_lesson(app, "demo", "01_table")
    app.run_frames(3)
    host = lessonwalk.board_of(app)
    button = UIButton(pygame.Rect(host.coach.panel.center, (60, 30)), "Hidden", host.ui)
    host.spots.add("button:hidden", None, "A button under the panel", widget=button)
    assert any(k.startswith("button:hidden") for k in covered(host))
