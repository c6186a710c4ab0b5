"""Actions and their text form."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core import Action

words = st.from_regex(r"[a-z_][a-z0-9_\-]{0,8}", fullmatch=True)
args = st.lists(st.one_of(st.integers(-1000, 1000), words), max_size=5)


@given(words, args)
def test_text_form_round_trips(kind, arguments):
    action = Action(kind, tuple(arguments))
    assert Action.parse(str(action)) == action


def test_examples():
    assert str(Action.of("move", 3, 4)) == "move 3 4"
    assert Action.parse("cast catroulette 2 5") == Action("cast", ("catroulette", 2, 5))
    assert Action.parse("shift -1") == Action("shift", (-1,))
    assert str(Action("end")) == "end"


def test_bad_text_is_refused():
    with pytest.raises(ValueError):
        Action.parse("   ")
    with pytest.raises(ValueError):
        Action.parse(None)


def test_actions_are_hashable_values():
    assert len({Action.of("a", 1), Action.of("a", 1), Action.of("a", 2)}) == 2


def test_interned_actions_are_shared_and_equal():
    from game.core.actions import interned

    a, b = interned("move", 3, 4), interned("move", 3, 4)
    assert a is b and a == Action.of("move", 3, 4) and interned("move", 4, 3) != a


def test_apply_all_plays_texts_and_actions_in_order():
    from game.core.actions import apply_all
    from tests.core import toygame

    state = toygame.new_game(toygame.Setup(stones=10), 2)
    final, events = apply_all(toygame.apply, state, "take 3", Action.of("take", 2))
    assert final.stones == 5 and [e.count for e in events] == [3, 2]


def test_is_one_of_finds_the_very_object_not_an_equal_one():
    from game.core.actions import interned, is_one_of

    shared = interned("move", 3, 4)
    legal = [interned("end", 0), shared]
    assert is_one_of(shared, legal)
    assert not is_one_of(Action("move", (3, 4)), legal)  # equal, but another object: apply then compares fields
    assert not is_one_of(shared, [])
