"""Krom: Evolution on screen, driven through the real SceneStack with synthesized clicks only.

The test reads the state to decide where to click (the rules' random playout policy picks
the move), and never calls the engine to act.
"""

from __future__ import annotations

import time

import pygame

import game.krom as krom
from game.core.rng import Rng
from scenes.board import GameOverScene
from scenes.krom.board import KromBoard
from scenes.krom.setup import KromSetupScene
from scenes.menu import MenuScene
from scenes.widgets.handoff import HandOffScene
from tests.scenes.helpers import button, click, click_widget, settle


def hit_rect(board: KromBoard, what: str, payload) -> pygame.Rect:
    found = [r for r, w, p in board.hits if w == what and p == payload]
    assert found, f"nothing to click for {what} {payload!r} on screen"
    return found[-1]


def wait(app, board: KromBoard) -> None:
    for _ in range(400):
        if not board.busy and not board.queue:
            break
        app.run_frames(2)
    settle(app, 2)


def click_action(app, board: KromBoard, action) -> None:
    """Click what plays `action` on screen."""
    text = str(action)
    if action.kind == "go":
        click(app, hit_rect(board, "destination", krom.PLACES.index(action.args[0])).center)
    elif action.kind == "play":
        click(app, hit_rect(board, "hand", action.args[0]).center)
    elif action.kind == "realize":
        click(app, hit_rect(board, "evolution", action.args[0]).center)
    elif action.kind in ("keep", "free"):
        click(app, hit_rect(board, "die", action.args[0]).center)
    elif action.kind == "hunt":
        slot, extra = action.args
        click(app, hit_rect(board, "hunting", slot).center)
        assert board.prey == slot
        click_widget(app, board.action_buttons[text])
    elif action.kind == "buy":
        click_widget(app, board.shop_buttons[action.args[0]][1])
        assert board.basket[action.args[0]] == 1
        click_widget(app, board.action_buttons["services"])
    else:
        b = board.action_buttons.get(text)
        assert b is not None, f"no button for {text!r}: {sorted(board.action_buttons)}"
        assert b.is_enabled, f"{text!r} is disabled: {b.tool_tip_text}"
        click_widget(app, b)


def test_a_full_three_player_game_from_the_menu_to_the_end_screen(app):
    started = time.perf_counter()
    app.settings.animation_speed = "instant"
    app.push(MenuScene(app))
    settle(app)
    click_widget(app, button(app.stack.top, "New game"))
    settle(app)
    setup = app.stack.top
    assert isinstance(setup, KromSetupScene) and setup.count == 3
    for widget, option in list(setup.option_widgets.items()):
        if option.key in ("glacial", "kromosaurus"):
            click_widget(app, widget)
    assert setup.values == {"glacial": True, "kromosaurus": True, "longer": False}
    click_widget(app, button(setup, "Start"))
    settle(app)
    board = next(s for s in app.stack.scenes if isinstance(s, KromBoard))
    assert board.match.state.setup.glacial and board.match.state.setup.kromosaurus
    rng = Rng(11)
    handoffs = actions = 0
    kinds = set()
    while not isinstance(app.stack.top, GameOverScene):
        assert time.perf_counter() - started < 120, f"the game took too long ({actions} actions)"
        top = app.stack.top
        if isinstance(top, HandOffScene):
            # a hand-off hides every secret: nobody's hand is the viewer's
            assert board.viewer is None
            handoffs += 1
            click_widget(app, top.ready)
            continue
        assert top is board, type(top).__name__
        wait(app, board)
        if isinstance(app.stack.top, (HandOffScene, GameOverScene)):
            continue
        state = board.match.state
        d = board.match.decision()
        if d.private:
            assert board.viewer == d.seat, f"{d.kind} is private: the screen must show {d.seat}'s view"
        action = krom.playout_choice(state, board.match.legal_actions(), rng)
        kinds.add(action.kind)
        before = len(board.match.actions)
        click_action(app, board, action)
        wait(app, board)
        assert len(board.match.actions) > before, f"clicking for {action} played nothing ({board.flash_text})"
        actions += 1
    end = app.stack.top
    assert board.match.over
    winner = board.match.state.winner
    assert board.seats[winner].name in end.headline
    assert len(end.lines) == 3 and all("points" in line for line in end.lines)
    assert handoffs > 10 and {"go", "end"} <= kinds
    click_widget(app, button(end, "Main menu"))
    settle(app)
    assert isinstance(app.stack.top, MenuScene)
