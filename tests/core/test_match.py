"""Match: the game in progress (play, save and replay, the undo floor, redo)."""

from __future__ import annotations

import pytest

from game.core import IllegalAction, SaveError
from game.core.match import Match
from tests.scenes import fakegame


def resolve(game_id):
    if game_id != "fake":
        raise LookupError(game_id)
    return fakegame


def in_move_phase() -> Match:
    m = Match.new(fakegame, fakegame.Setup(2), 3)
    m.play("pick 1")
    m.play("pick 2")
    return m


class TestMatch:
    def test_play_keeps_the_actions_and_refuses_without_change(self):
        m = in_move_phase()
        before = m.state
        with pytest.raises(IllegalAction, match="free neighbouring cell"):
            m.play("move 3 3")
        for junk in (None, ["move", 1, 0], 12, ""):
            with pytest.raises(IllegalAction):
                m.play(junk)
        assert m.state is before and [str(a) for a in m.actions] == ["pick 1", "pick 2"]

    def test_save_then_from_save_gives_the_same_state(self):
        m = in_move_phase()
        m.play("move 1 0")
        m.play("roll")
        again = Match.from_save(m.save(), resolve)
        assert again.state.to_dict() == m.state.to_dict()
        assert again.actions == m.actions

    def test_a_save_that_does_not_replay_names_the_bad_action(self):
        save = in_move_phase().save()
        save.actions.append("move 4 4")
        with pytest.raises(SaveError, match=r"action 3 of 3 \('move 4 4'\)"):
            Match.from_save(save, resolve)


class TestUndo:
    def test_own_steps_can_be_undone_and_redone(self):
        m = in_move_phase()
        start = m.state
        m.play("move 1 0")
        m.play("move 2 0")
        assert m.why_no_undo() is None
        assert str(m.undo()) == "move 2 0"
        assert str(m.undo()) == "move 1 0"
        assert m.state is start
        m.redo()
        m.redo()
        assert m.state.at[0] == (2, 0) and not m.can_redo()

    def test_undo_never_crosses_a_secret_pick(self):
        m = in_move_phase()
        assert m.undo_floor() == 2
        assert "revealed" in m.why_no_undo() or "another player" in m.why_no_undo()

    def test_undo_never_crosses_a_roll(self):
        m = in_move_phase()
        m.play("move 1 0")
        m.play("roll")
        assert m.undo_floor() == 4
        assert "revealed" in m.why_no_undo()
        with pytest.raises(IllegalAction):
            m.undo()

    def test_undo_never_crosses_another_seats_action(self):
        m = in_move_phase()
        m.play("move 1 0")
        m.play("end")
        assert m.state.to_move == 1
        assert m.why_no_undo() == "The last action was another player's."

    def test_a_new_action_clears_redo(self):
        m = in_move_phase()
        m.play("move 1 0")
        m.undo()
        m.play("end")
        assert not m.can_redo()


def test_the_table_travels_with_the_save():
    m = in_move_phase()
    m.table = {"seats": [{"name": "Ann"}, {"name": "Bo", "bot": "easy"}]}
    text = m.save().to_text()
    from game.core.save import parse_save

    again = Match.from_save(parse_save(text), resolve)
    assert again.table == m.table


def test_a_game_begun_from_a_given_position_saves_and_resumes_from_it():
    """Lessons start from a position of their own (issue 21): the save records it, so the game
    can be continued and replayed like any other."""
    from dataclasses import replace

    from game import krom
    from game.core.match import Match
    from game.core.save import parse_save

    base = krom.new_game(krom.Setup(players=3), 11)
    start = replace(base, rng=base.rng.scripted([6, 6, 6]))
    match = Match.from_position(krom, krom.Setup(players=3), start)
    for _ in range(3):
        match.play(match.legal_actions()[0])
    again = Match.from_save(parse_save(match.save().to_text()))
    assert again.state.to_dict() == match.state.to_dict()
    assert again.state_after(0).to_dict() == start.to_dict() != krom.new_game(krom.Setup(players=3), 11).to_dict()
    plain = Match.new(krom, krom.Setup(players=3), 11)
    assert "start" not in plain.save().to_dict(), "a new game's save stays as it was"
