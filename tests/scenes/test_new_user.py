"""Issue 9, "What a new user ran into": the window, the check boxes, F11 in Settings, dice colours
and clicks that skip animations (headless; the real window is in test_realwindow.py)."""

from __future__ import annotations

import pygame
import pytest

from scenes.menu import MenuScene
from scenes.overlays import SettingsScene
from tests.scenes.helpers import button, click, click_widget, press_key, top


def test_the_first_window_fits_the_screen_and_never_goes_below_the_minimum():
    from scenes.app import MIN_WINDOW, SIZE, window_size

    assert window_size([(1920, 1080)]) == SIZE
    w, h = window_size([(1280, 720)])  # the whole window, title bar included, must fit
    assert w <= 1280 - 32 and h <= 720 - 64 and abs(w / h - 16 / 9) < 0.01
    assert window_size([(800, 600)]) == MIN_WINDOW


def test_the_window_can_be_made_as_small_as_the_minimum(app):
    from scenes.app import MIN_WINDOW, SIZE

    assert app.window is not None
    assert tuple(app.window.minimum_size) == MIN_WINDOW
    app.window.size = (1000, 560)
    assert app.screen.get_size() == SIZE  # scenes still draw on the 1280x720 picture


def test_a_ticked_check_box_shows_a_glyph_its_font_has(app):
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    app.run_frames(2)
    for box in (top(app).mute, top(app).fullscreen):
        missing = box.font.get_metrics("\U000f0000")  # a private-use character: the font's missing-glyph box
        assert box.font.get_metrics(box.check_symbol) != missing, f"{box.check_symbol!r} is not in the font"


def test_f11_with_settings_open_ticks_and_unticks_the_fullscreen_box(app):
    app.push(MenuScene(app))
    app.run_frames(2)
    click_widget(app, button(top(app), "Settings"))
    settings = top(app)
    assert isinstance(settings, SettingsScene) and not settings.fullscreen.is_checked
    press_key(app, pygame.K_F11, frames=3)
    assert app.settings.fullscreen and settings.fullscreen.is_checked
    press_key(app, pygame.K_F11, frames=3)
    assert not app.settings.fullscreen and not settings.fullscreen.is_checked
    click_widget(app, settings.mute)  # a click on a box still works (the sync never undoes it)
    assert app.settings.muted and settings.mute.is_checked


@pytest.mark.parametrize("style, colour", [("seat0", "red"), ("combat", "dark"), ("d6w", "white")])
def test_a_die_tumbles_in_the_colour_it_lands_in(app, style, colour):
    from scenes.widgets.die import DieView

    die = DieView(style, (64, 64), 64)
    face = die.faces[0]
    anim = die.roll(face, duration=1.0)
    anim.update(0.2)  # early in the tumble: the die is blurred
    assert die.blur is not None

    def mean_colour():
        surface = pygame.Surface((128, 160), pygame.SRCALPHA)
        die.draw(surface)
        inside = [surface.get_at((x, y)) for x in range(40, 90) for y in range(10, 100)]
        inside = [c for c in inside if c.a > 200]
        return [sum(c[i] for c in inside) / len(inside) for i in range(3)]

    tumbling = mean_colour()
    anim.update(5.0)
    landed = mean_colour()
    assert all(abs(a - b) < 40 for a, b in zip(tumbling, landed)), (tumbling, landed)


def test_any_click_skips_the_animation_playing_even_on_a_button_or_the_log(app):
    from scenes.showcase import ShowcaseScene

    app.push(ShowcaseScene(app, seed=2))
    app.run_frames(2)
    board = top(app)
    for target in (lambda: board.log.box.rect.center, lambda: button(board, "Roll dice").rect.center):
        board.timeline.skip()  # whatever the table was still showing
        rolls = sum(line.startswith("Rolled") for line in board.log.lines)
        click_widget(app, button(board, "Roll dice"), frames=2)
        assert board.timeline.busy
        click(app, target(), frames=1)
        assert not board.timeline.busy
        app.run_frames(2)
        assert not board.timeline.busy, "the click that skipped also started another roll"
        # the skipped roll was logged once, and nothing else was played
        assert sum(line.startswith("Rolled") for line in board.log.lines) == rolls + 1
