"""Hot-seat secrecy after a hand-off (issue 19): nothing of the previous seat survives into the next one's screen."""

from __future__ import annotations

import pygame

from game.core.match import Match
from scenes import saves
from scenes.board import Seat
from tests.scenes import fakegame
from tests.scenes.helpers import settle
from tests.scenes.kitcheck import screen_after_hand_off
from tests.scenes.test_board_kit import FakeBoard, ready


def fake_table(app, monkeypatch):
    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    match = Match.new(fakegame, fakegame.Setup(2), 7)
    board = FakeBoard(app, match, [Seat("P1", (200, 0, 50)), Seat("P2", (0, 50, 200))])
    app.push(board)
    settle(app)
    ready(app)
    return board


def test_two_tables_differing_only_in_a_secret_pick_and_the_mouse_look_the_same_to_the_next_seat(make_app, monkeypatch):
    from scenes.settings import Settings

    shots = []
    for secret, hovers, told in (("pick 1", [(150, 150), (400, 300)], None),
                                 ("pick 3", [(620, 90), (10, 700), (300, 500)], "P1 was told something private.")):
        app = make_app(settings=Settings(), persist_settings=False)
        board = fake_table(app, monkeypatch)
        if told:
            board.flash(told)  # a message meant for the previous seat only
        shots.append(screen_after_hand_off(app, board, secret, hovers))
        assert board.viewer == 1 and board.flash_text is None
        app.close()
        pygame.quit()
    assert shots[0] == shots[1]


def test_esc_on_a_hand_off_screen_pauses_without_showing_anyone(app, monkeypatch):
    from scenes.overlays import PauseScene
    from scenes.widgets.handoff import HandOffScene
    from tests.scenes.helpers import press_key

    board = fake_table(app, monkeypatch)
    board.act("pick 2")
    for _ in range(50):
        app.run_frames(3)
        if isinstance(app.stack.top, HandOffScene):
            break
    hand_off = app.stack.top
    assert isinstance(hand_off, HandOffScene)
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene) and board.viewer is None
    press_key(app, pygame.K_ESCAPE)
    assert app.stack.top is hand_off, "leaving the pause goes back to the hand-off screen"


def test_after_a_hand_off_the_board_hovers_where_the_next_player_s_mouse_is(app, monkeypatch):
    """The board saw no mouse moves under the hand-off screen: it must not keep the previous player's hover."""
    from scenes.widgets.handoff import HandOffScene
    from tests.scenes.helpers import click

    board = fake_table(app, monkeypatch)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(150, 150), rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)
    assert board.spots.mouse == (150, 150)
    board.act("pick 2")
    for _ in range(50):
        app.run_frames(3)
        if isinstance(app.stack.top, HandOffScene):
            break
    ready = app.stack.top.ready.rect.center
    click(app, ready)
    app.run_frames(2)
    assert app.stack.top is board and board.spots.mouse == ready
