"""The danger overlay (issue 33) on the Krosmaster and Khrysos boards: off by default, a toggle button with a
tip and the D key, shaded cells where a rival piece can strike next turn, a hover line saying who and how
much, computed once per snapshot (a frame only blits)."""

from __future__ import annotations

import pygame
import pytest

from tests.scenes.helpers import click_widget, press_key
from tests.scenes.test_suggestion import _board


@pytest.fixture
def fast_app(make_app):
    from scenes.settings import Settings

    return make_app(settings=Settings(animation_speed="instant"), persist_settings=False)


@pytest.mark.parametrize("name", ["krosmaster.board", "khrysos.board"])
def test_danger_overlay_toggles_shades_and_says_who_can_reach(fast_app, monkeypatch, name):
    from scenes.board import danger

    app = fast_app
    board = _board(app, name, seed=5)
    spot = board.spots.get("button:danger")
    assert spot is not None and not board.danger_on, "off by default"
    assert "danger overlay" in spot.tip_lines()[0] and "(D)" in spot.tip_lines()[0]
    cells = board.dangers()
    assert cells, "a rival can strike somewhere in this position"
    cell = sorted(cells)[len(cells) // 2]
    centre = board.grid.cell_rect(cell).inflate(-12, -12).topleft
    app.run_frames(2)
    before = tuple(app.screen.get_at(centre))
    click_widget(app, board.danger_button)
    assert board.danger_on and board.danger_button.text == "Danger: on"
    calls = []
    real = danger.danger_map
    monkeypatch.setattr(danger, "danger_map", lambda *a: calls.append(a) or real(*a))
    board._danger_key = None
    app.run_frames(10)
    assert len(calls) == 1, "computed once per snapshot, not every frame"
    assert tuple(app.screen.get_at(centre)) != before, "the cell is shaded"
    line = board.danger_line(cell)
    assert line and "can reach you here" in line
    assert line in board.spots.tip_of(board.spots.get(f"cell:{cell[0]},{cell[1]}"))
    press_key(app, pygame.K_d)
    assert not board.danger_on and board.danger_line(cell) is None


def test_danger_overlay_is_not_offered_on_krom(fast_app):
    board = _board(fast_app, "krom.table")
    assert board.spots.get("button:danger") is None
