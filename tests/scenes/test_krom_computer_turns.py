"""Hot-seat secrecy on the Krom board during a computer's turn between humans (issue 34).

With two or more humans at one screen, while a computer seat thinks or animates, any of them may be
looking: the screen shows the table's public view only (what a spectator sees), at every frame. Two
tables that differ only in a human's secret Destination card give the same frames from the moment
that human plays it until the next human's hand-off, and no frame draws a Bonus hand.
"""

from __future__ import annotations

import pygame
import pytest

import game.krom as krom
from game.core.match import Match
from game.core.rng import Rng
from scenes import saves
from scenes.board import Seat
from scenes.krom import sides
from scenes.krom.board import KromBoard
from scenes.settings import Settings
from scenes.widgets.handoff import HandOffScene
from tests.scenes.helpers import click
from tests.scenes.kitcheck import record_texts
from tests.scenes.kromdrive import move
from tests.scenes.test_krom_secrecy import COLOURS, NAMES, close, random_game, states_of, wanderings

HUMAN, COMPUTER = 1, 2  # Bob picks, then Cleo (the computer), then Dan, a human again


def between_humans(seed: int):
    """A 4-seat game and the actions before a Movement phase where Bob (human) picks, then the computer, then
    Dan (human): each pick is still secret when the next seat picks."""
    setup, actions = random_game(4, seed, rounds=2)
    states = states_of(setup, seed, actions)
    for i in range(len(states) - 3):
        kinds = [(krom.decision(s).kind, s.to_move) for s in states[i:i + 3]]
        if kinds == [("move", HUMAN), ("move", COMPUTER), ("move", 3)]:
            return setup, actions[:i], actions[i]
    raise AssertionError(f"seed {seed}: no pick of Bob's followed by the computer's and Dan's")


def frames_of_the_computer_turn(make_app, monkeypatch, setup, seed, before, pick, k) -> tuple[list[bytes], list]:
    """Bob claims the mouse, wanders, plays `pick`; every frame until Dan's hand-off (consecutive equal frames
    counted once: the computer thinks in a thread, for a time the clock decides) and every text drawn then."""
    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    app = make_app(settings=Settings(), persist_settings=False)
    match = Match.new(krom, setup, seed)
    for a in before:
        match.play(a)
    seats = [Seat(NAMES[i], COLOURS[i], "easy" if i == COMPUTER else None) for i in range(4)]
    board = KromBoard(app, match, seats)
    board.autosave = False
    board.bot_delay = 0.2
    app.push(board)
    app.run_frames(3)
    assert isinstance(app.stack.top, HandOffScene)
    click(app, app.stack.top.ready.rect.center)
    app.run_frames(3)
    assert board.viewer == HUMAN
    for pos in wanderings(Rng(seed * 31 + k), 3 + 2 * k, k):
        move(app, pos, 3)
    drawn = record_texts(monkeypatch, sides)
    assert board.act(pick), board.flash_text
    shots: list[bytes] = []
    for _ in range(2000):
        app.run_frames(1)
        if isinstance(app.stack.top, HandOffScene):
            break
        assert board.viewer is None, "a computer's turn between humans shows nobody's secrets"
        shot = pygame.image.tobytes(app.screen, "RGB")
        if not shots or shots[-1] != shot:
            shots.append(shot)
    assert isinstance(app.stack.top, HandOffScene), "Dan's hand-off comes after the computer's pick"
    assert len(match.actions) == len(before) + 2, "the computer picked"
    close(app)
    return shots, [value for value, _ in drawn]


@pytest.mark.slow
def test_a_computer_turn_between_humans_shows_the_same_public_screen_whatever_a_human_picked(make_app, monkeypatch):
    seed = 34
    setup, before, played = between_humans(seed)
    state = states_of(setup, seed, before)[-1]
    other = next(a for a in krom.legal_actions(state) if a != played)
    first, texts = frames_of_the_computer_turn(make_app, monkeypatch, setup, seed, before, played, 0)
    second, _ = frames_of_the_computer_turn(make_app, monkeypatch, setup, seed, before, other, 1)
    assert not [t for t in texts if "Bonus hand (" in t], "a human's Bonus hand was drawn during the computer's turn"
    assert "Bonus hands are secret" in texts
    assert len(first) == len(second), f"{len(first)} different frames against {len(second)}"
    for n, (a, b) in enumerate(zip(first, second)):
        assert a == b, f"frame {n} of the computer's turn differs with Bob's pick"
