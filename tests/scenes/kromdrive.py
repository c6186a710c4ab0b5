"""Driving the Krom board as a player does: every action is played by clicking its hotspot (or widget).

The tests read the state to decide what to do (the rules' random playout policy picks), but they
play it only by clicking where a player would click.
"""

from __future__ import annotations

import pygame

import game.krom as krom
from scenes.board.furniture import ChoiceOverlay
from scenes.krom.board import KromBoard, suggested_keys
from scenes.widgets.handoff import HandOffScene
from tests.scenes.helpers import click, shown, unseen


def spot(board, key: str):
    found = board.spots.get(key)
    assert found is not None, f"no hotspot {key!r}: {board.spots.keys()}"
    return found


def click_spot(app, board, key: str, frames: int = 3) -> None:
    s = spot(board, key)
    assert board.spots.is_enabled(s), f"{key!r} is greyed: {board.spots.reason_of(s)}"
    click(app, (s.widget.rect if s.widget is not None else s.rect).center, frames=frames)


def move(app, pos, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(frames)


def wait(app, board: KromBoard, limit: int = 2000) -> None:
    """Run frames until the board's animations are over (drawn only once they are: the picture then shows)."""
    unseen(app)
    for _ in range(limit):
        if not board.busy:
            break
        unseen(app)
    shown(app)


def keys_for(board: KromBoard, action) -> list[str]:
    """The hotspots a player clicks, in order, to play `action` (those the board outlines for a suggestion, and
    the basket's Provide button after a service)."""
    keys = suggested_keys(board, action)
    return keys + ["button:services"] if action.kind == "buy" else keys


def click_action(app, board: KromBoard, action) -> None:
    """Click what plays `action` on screen (the steal choice is the kit's choice overlay)."""
    top = app.stack.top
    if isinstance(top, ChoiceOverlay):
        label = next(c.label for c in board.facts.options if c.action == action)
        button = next(b for b, o in top.buttons.items() if o.label == label)
        click(app, button.rect.center)
        return
    for key in keys_for(board, action):
        click_spot(app, board, key)


def step(app, board: KromBoard, rng, *, quick_pass: bool = False, check=None) -> str:
    """One step of a game on screen: a hand-off taken, or one action clicked. Returns what happened."""
    top = app.stack.top
    if isinstance(top, HandOffScene):
        if quick_pass and top.quick_button is not None:
            click(app, top.quick_button.rect.center)
            wait(app, board)
            return "quick"
        click(app, top.ready.rect.center)
        return "hand-off"
    wait(app, board)
    if check is not None:
        check(board)
    if app.stack.top is not board and not isinstance(app.stack.top, ChoiceOverlay):
        return "other"
    if not board.snap.mine:
        app.run_frames(5)
        return "waiting"
    action = krom.playout_choice(board.match.state, board.match.legal_actions(), rng)
    before = len(board.match.actions)
    click_action(app, board, action)
    wait(app, board)
    assert len(board.match.actions) > before, f"clicking for {action} played nothing ({board.flash_text})"
    return str(action)
