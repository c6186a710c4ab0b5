"""A hand-off screen takes only the next player's clicks (issue 34): a double-click on "Pass without looking"
passes for the seat it was meant for, and the next seat's hand-off, with the same button in the same place,
ignores the second click (it began too soon after that screen appeared)."""

from __future__ import annotations

import pygame

import game.krom as krom
from game.core.actions import Action
from scenes.widgets.handoff import GUARD_SECONDS, HandOffScene
from tests.scenes.helpers import click
from tests.scenes.test_krom_secrecy import close, random_game, states_of, table_at

FRAME = 1 / 60


def two_windows(players: int, seed: int):
    """The actions before a counter or combat-card window whose seat may pass at once, and after that pass another
    seat's window that offers the same quick pass."""
    setup, actions = random_game(players, seed, rounds=12)
    for i, state in enumerate(states_of(setup, seed, actions)[:-1]):
        d = krom.decision(state)
        if d.kind not in ("combat", "counter"):
            continue
        after = krom.apply(state, Action("pass"))[0]
        nxt = krom.decision(after)
        if nxt.kind == d.kind and nxt.private and nxt.seat != d.seat and \
                krom.pass_for_form(nxt.kind, krom.legal_actions(after)) is not None:
            return setup, actions[:i]
    raise AssertionError(f"seed {seed}: no two windows in a row")


def press(pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_a_double_click_on_pass_without_looking_passes_for_one_seat_only(make_app, monkeypatch):
    seed = 9
    setup, before = two_windows(4, seed)
    app, board = table_at(make_app, monkeypatch, setup, seed, before, claim=False)
    first = app.stack.top
    assert isinstance(first, HandOffScene) and first.quick_button is not None
    app.run_frames(int(GUARD_SECONDS / FRAME) + 2)  # the first player reads the screen, then double-clicks
    at = first.quick_button.rect.center
    press(at)
    app.run_frames(9)  # 150 ms: a double-click's second click
    second = app.stack.top
    assert isinstance(second, HandOffScene) and second is not first and second.quick_button is not None
    assert second.quick_button.rect.center == at, "the next seat's pass sits where the first was"
    press(at)
    app.run_frames(30)
    assert len(board.match.actions) == len(before) + 1, "the second click passed for the next seat too"
    assert app.stack.top is second, "the next seat's hand-off still waits for them"
    click(app, at)  # the next player's own click, once the screen is theirs
    assert len(board.match.actions) == len(before) + 2
    close(app)
