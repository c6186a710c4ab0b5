"""Issue 14: a full game of each game with only computer players, through the real SceneStack to the end screen."""

from __future__ import annotations

import pytest

from game import registry as rules_registry
from game.core.match import Match
from scenes import registry
from scenes.board import GameOverScene, Seat
from scenes.widgets.handoff import HandOffScene

BOARDS = {
    "krosmaster": ("scenes.krosmaster.board:KrosmasterBoard", lambda r: r.Setup()),
    "krom": ("scenes.krom.board:KromBoard", lambda r: r.Setup(players=3, glacial=True, kromosaurus=True)),
    "khrysos": ("scenes.khrysos.board:KhrysosBoard", lambda r: r.Setup(players=3)),
}


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(BOARDS))
def test_computer_players_play_a_whole_game_on_screen(app, game_id):
    target, make_setup = BOARDS[game_id]
    rules = rules_registry.load(game_id)
    match = Match.new(rules, make_setup(rules), 5)
    n = match.state.num_players
    seats = [Seat(f"Bot {i + 1}", (60 * i, 120, 200), bot="easy" if i % 2 else "random") for i in range(n)]
    app.settings.animation_speed = "instant"
    board = registry.resolve(target)(app, match, seats)
    board.bot_delay = 0.0
    app.push(board)
    for _ in range(20000):
        app.run_frames(1)
        assert not isinstance(app.stack.top, HandOffScene), "computer seats never bring a hand-off"
        if isinstance(app.stack.top, GameOverScene):
            break
    assert isinstance(app.stack.top, GameOverScene), f"no end screen after {len(board.match.actions)} actions"
    assert board.match.over and board.match.outcome() is not None
