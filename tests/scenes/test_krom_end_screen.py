"""The end of a Krom hot-seat game (issue 34): the rulebook's End of the Game has the first player to reach the
target win at once and says nothing of showing hands, so the end screen keeps every Bonus hand hidden."""

from __future__ import annotations

import pygame

import game.krom as krom
from game.core.match import Match
from scenes.board.gameover import GameOverScene
from tests.scenes.test_krom_secrecy import close, random_game, table_at


def test_end_of_the_game_keeps_the_winners_bonus_hand_hidden(make_app, monkeypatch):
    seed = 2
    setup, actions = random_game(3, seed, rounds=99)
    match = Match.new(krom, setup, seed)
    for a in actions:
        match.play(a)
    assert match.over, "the random game reached its end"
    last = len(actions) - 1
    app, board = table_at(make_app, monkeypatch, setup, seed, actions[:last])
    assert board.viewer is not None, "the winner's view is on screen before their last move"
    app.settings.animation_speed = "instant"
    board.flash("Suggestion: a message of the last move", (250, 200, 60))
    assert board.act(actions[last])
    app.run_frames(10)
    assert isinstance(app.stack.top, GameOverScene)
    assert board.flash_text is None, "the last message stays behind the end screen"
    at_the_end = pygame.image.tobytes(app.screen, "RGB")
    board.viewer = None  # what a spectator sees, the end screen kept
    board._snapshot()
    app.run_frames(3)
    assert pygame.image.tobytes(app.screen, "RGB") == at_the_end, "the end screen shows more than the table sees"
    close(app)


def test_no_message_of_the_last_move_stays_behind_the_end_screen(make_app, monkeypatch):
    """Issue 34: the last Suggestion's banner stayed behind Game over (one human against the computer)."""
    from scenes import saves
    from scenes.board import Seat
    from scenes.krom.board import KromBoard
    from scenes.settings import Settings

    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    setup, actions = random_game(3, 2, rounds=99)
    match = Match.new(krom, setup, 2)
    for a in actions[:-1]:
        match.play(a)
    winner = match.state.to_move
    app = make_app(settings=Settings(animation_speed="instant"), persist_settings=False)
    seats = [Seat(n, (200, 60 + 40 * i, 60), None if i == winner else "easy") for i, n in enumerate("ABC")]
    board = KromBoard(app, match, seats)
    board.autosave = False
    app.push(board)
    app.run_frames(5)
    assert board.viewer == winner and board.snap.mine
    board.flash("Suggestion: a message of the last move", (250, 200, 60))
    assert board.act(actions[-1])
    app.run_frames(10)
    assert isinstance(app.stack.top, GameOverScene)
    assert board.flash_text is None, "the last message stays behind the end screen"
    close(app)
