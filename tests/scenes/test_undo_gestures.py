"""Undo on the Krosmaster board (issue 34): the first Undo never erases the log of what came before the actions
it takes back (the teams dealt, the Glyph toss), and one click that walked several cells is taken back in one
step (then Redo puts the whole walk back)."""

from __future__ import annotations

import pytest

import game.krosmaster as krosmaster
from game.core.match import Match
from scenes.board import Seat
from scenes.krosmaster.board import KrosmasterBoard
from tests.scenes.helpers import settle

NAMES = ("Ann", "Bob")


def board_at(app, monkeypatch, walk_length: int):
    """Two humans; played by the rules' playout until the seat to move can walk `walk_length` steps in a row."""
    from scenes import saves

    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    match = Match.new(krosmaster, krosmaster.Setup(), 5)
    app.settings.animation_speed = "instant"
    board = KrosmasterBoard(app, match, [Seat(n, (200, 60 + 60 * i, 60)) for i, n in enumerate(NAMES)])
    board.autosave = False
    app.push(board)
    settle(app, 30)
    from game.core.rng import Rng

    rng = Rng(3)
    for _ in range(400):
        state = match.state
        steps = _walk(state, walk_length)
        if steps:
            return board, steps
        match.play(krosmaster.playout_choice(state, match.legal_actions(), rng))
    pytest.fail("no walk found")


def _walk(state, n):
    """`n` move actions the seat to move can play one after another, or None."""
    steps, s = [], state
    for _ in range(n):
        moves = [a for a in krosmaster.legal_actions(s) if a.kind == "move"]
        if not moves:
            return None
        steps.append(moves[0])
        s, _ = krosmaster.apply(s, moves[0])
        if s.to_move != state.to_move:
            return None
    return steps


def test_undo_keeps_the_start_of_the_log_and_takes_a_whole_walk_back(app, monkeypatch):
    board, steps = board_at(app, monkeypatch, 3)
    board.rebuild_log()
    opening = [line for line in board.log.lines if "gets" in line or "Glyph toss" in line]
    assert len(opening) == 3, board.log.lines[:6]
    before = len(board.match.actions)
    assert board.act(*steps)
    settle(app, 30)
    assert len(board.match.actions) == before + 3
    assert board.undo(), board.flash_text
    settle(app, 5)
    assert len(board.match.actions) == before, "one Undo takes back the whole walk"
    assert all(line in board.log.lines for line in opening), "the Undo erased the start of the log"
    assert board.log.lines[-1].startswith(f"{NAMES[board.snap.seat]} takes back: ")
    assert board.redo()
    settle(app, 30)
    assert len(board.match.actions) == before + 3, "Redo puts the whole walk back"
