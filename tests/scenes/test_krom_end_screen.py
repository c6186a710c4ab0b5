"""The end of a Krom hot-seat game (issue 34): the rulebook's End of the Game has the first player to reach the
target win at once and says nothing of showing hands, so the end screen keeps every Bonus hand hidden."""

from __future__ import annotations

import pygame

import game.krom as krom
from game.core.match import Match
from scenes.board.gameover import GameOverScene
from tests.scenes.kromdrive import wait
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
    assert board.act(actions[last])
    wait(app, board)
    app.run_frames(10)
    assert isinstance(app.stack.top, GameOverScene)
    at_the_end = pygame.image.tobytes(app.screen, "RGB")
    board.viewer = None  # what a spectator sees, the end screen kept
    board._snapshot()
    app.run_frames(3)
    assert pygame.image.tobytes(app.screen, "RGB") == at_the_end, "the end screen shows more than the table sees"
    close(app)
