"""The replay bar (issue 23: its buttons overlapped): on every board its buttons stand apart, nothing else
sits under them, every one says what it does, and Back is one step (issue 19), never a replay from the start."""

from __future__ import annotations

import itertools

import pygame
import pytest
from pygame_gui.elements import UIButton

from game import registry as rules
from game.core.match import Match
from game.core.rng import Rng
from scenes import registry
from scenes.board.saveload import start_replay
from tests.scenes.helpers import button, click_widget, elements, settle
from tests.scenes.kitcheck import check_hotspots


def played(game_id: str, n: int = 25) -> Match:
    module = rules.load(game_id)
    match = Match.new(module, module.bench_setup(), 3)
    rng = Rng(5)
    while not match.over and len(match.actions) < n:
        match.play(match.random_action(rng))
    return match


@pytest.mark.parametrize("game_id", [g.game_id for g in registry.playable_games()])
def test_the_replay_bar_stands_clear_and_steps_one_move_back(app, game_id, monkeypatch):
    match = played(game_id)
    assert start_replay(app, match)
    settle(app, 4)
    board = app.stack.top
    while board.busy:
        app.run_frames(5)
    shown = [e for e in elements(board) if isinstance(e, UIButton) and e.visible]
    bar = [b for b in shown if b.rect.top < 44]
    assert len(bar) >= 6
    for a, b in itertools.combinations(shown, 2):
        assert not a.rect.colliderect(b.rect), f"{a.text!r} overlaps {b.text!r}"
    screen = pygame.Rect((0, 0), app.size)
    assert all(screen.contains(b.rect) for b in bar)
    check_hotspots(board)
    click_widget(app, button(board, "Last"))
    assert len(board.match.actions) == len(match.actions)
    replays = []
    monkeypatch.setattr(Match, "play", lambda self, action: replays.append(action))  # Back plays nothing again
    click_widget(app, button(board, "Back"))
    assert len(board.match.actions) == len(match.actions) - 1 and replays == []
    expected = board.rules.view(match.state_after(len(match.actions) - 1), board.viewer)
    assert board.snap.view.to_dict() == expected.to_dict()
    click_widget(app, button(board, "Close"))  # issue 34: a way out besides Esc
    settle(app, 2)
    assert type(app.stack.top).__name__ == "MenuScene"


def test_a_jump_in_a_krom_replay_leaves_no_later_roll_in_the_tray(app):
    """Played in a real window: after Last, then a jump back to the first round, the tray still showed the
    last climber's Mountain dice over a round in which nobody had climbed yet (issue 23)."""
    module = rules.load("krom")
    match = Match.new(module, module.Setup(players=3), 4)
    rng = Rng(4)
    climbs = []
    while not match.over and len(match.actions) < 400:
        match.play(match.random_action(rng))
        if module.climb(match.view(None)) is not None:
            climbs.append(len(match.actions))
    assert climbs, "the game has a climb on the Mountain"
    full = match.truncated(climbs[-1])  # the game as it stood during its last climb
    assert start_replay(app, full)
    settle(app, 4)
    board = app.stack.top
    board.replay.last()
    settle(app, 4)
    assert board.tray.kind == "mountain", "a climb going on shows its dice"
    board.replay.goto(1)
    settle(app, 4)
    assert board.facts.table.climb is None and board.tray.kind == "", "nothing was rolled yet after the first move"


def test_a_krom_replay_says_it_shows_nobody_s_hand_not_to_wait_for_a_hand_off(app):
    """A replay has no hand-off screen: its hand panel said each player sees their hand after one (issue 23)."""
    assert start_replay(app, played("krom"))
    settle(app, 4)
    board = app.stack.top
    if board.secrets_shown():
        pytest.skip("this replay shows a hand")  # pragma: no cover - a replay's viewer is nobody
    assert board.spots.get("hand").tip_lines() == ["Bonus hands are secret", "A replay shows nobody's hand"]
