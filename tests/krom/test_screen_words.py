"""The texts the board shows about the places and the hunt are the rules' own, with the rules' numbers (issue 30)."""

import pytest

import game.krom as K
from game.core.grammar import counted
from game.krom.testing import position


@pytest.mark.parametrize("card", K.HUNTING, ids=lambda c: c.name)
def test_a_prey_s_words_carry_its_value_and_dice(card):
    assert K.hunt_words(card) == f"reach {card.value} with {counted(card.dice, 'die')}"
    assert K.hunt_words(card.id) == K.hunt_words(card)


def test_each_way_to_hunt_says_its_dice_price_and_the_total_that_catches():
    state = position(("alma", "kolos"))
    slot = next(i for i, c in enumerate(state.hunting_row) if c >= 0)
    card = K.HUNTING[state.hunting_row[slot]]
    options = K.hunt_options(state, K.legal_actions(state), slot)
    assert [o.extra for o in options] == list(range(len(options))) and len(options) > 1
    for o in options:
        words = K.hunt_option_words(card, o.dice, o.extra, o.cost)
        assert words.startswith(f"Hunt the {card.name} with {counted(o.dice, 'die')}")
        assert words.endswith(f"a total of {card.value} or more catches it")
        assert (f"({o.extra} bought for {o.cost} Krom)" in words) == bool(o.extra)


def test_every_place_has_its_sentence_and_the_mountain_counts_its_dice():
    assert len({K.place_words(p) for p in range(len(K.PLACES))}) == len(K.PLACES)
    assert counted(K.RULES.mountain_dice, "die") in K.place_words(K.PLACES.index("mountain"))
