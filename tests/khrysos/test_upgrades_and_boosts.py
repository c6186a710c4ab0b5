"""Rulebook: Upgrades and Boosts."""

import pytest

from game.core import Action, IllegalAction
from game.khrysos import apply, legal_actions
from game.khrysos.events import ActionStarted, BoostGained, BoostSpent, Damaged, MarkersExpired
from game.khrysos import decision, pending
from game.khrysos.queries import action_statuses, boost_options, effective_text
from game.khrysos.testing import card, hunter, number_of, play, position, with_rolls

N = number_of


def duel(name, at=(4, 1), *, target_at=(5, 1), energy=6, mine=None, theirs=None, **kw):
    cards = [
        hunter(name, 0, at, **(mine or {})),
        hunter("Bento Rush", 1, target_at, **(theirs or {})),
        hunter("Vex Orion", 0, (0, 8)),
        hunter("Mara Quill", 1, (8, 8)),
    ]
    return position(cards, energy=energy, **kw)


class TestBoost:
    def test_a_boost_symbol_gives_the_hunter_a_boost_marker(self):
        state, events = play(duel("Torvald Grimm"), "act 1")  # Whetstone: Boost Damage +1
        assert events[-1] == BoostGained(N("Torvald Grimm"), "damage", 1)
        assert card(state, "Torvald Grimm").boosts == (("damage", 1, 2),)

    def test_spending_a_boost_raises_that_symbol_of_the_action(self):
        state, _ = play(duel("Torvald Grimm"), "act 1", "act 2")  # then Hammer Blow: Damage 2
        assert decision(state).kind == "boost"
        assert legal_actions(state) == [Action("boost", ("damage", 1)), Action("done")]
        state, events = play(state, "boost damage 1")
        assert events[:2] == [BoostSpent(N("Torvald Grimm"), "damage", 1), ActionStarted(N("Torvald Grimm"), 2, "Hammer Blow", 2, "Hit 1 Range 1 [Damage 3]")]
        state, events = play(state, f"target {N('Bento Rush')}")
        assert events[-1] == Damaged(N("Bento Rush"), 3, 3)
        assert card(state, "Torvald Grimm").boosts == ()

    def test_declining_keeps_the_marker(self):
        state, events = play(duel("Torvald Grimm"), "act 1", "act 2", "done", f"target {N('Bento Rush')}")
        assert events[-1] == Damaged(N("Bento Rush"), 2, 4)
        assert card(state, "Torvald Grimm").boosts == (("damage", 1, 2),)

    def test_several_markers_may_be_spent_on_one_action(self):
        state = duel("Torvald Grimm", mine={"boosts": [("damage", 1), ("range", 1)]})
        state, _ = play(state, "act 2", "boost damage 1")
        assert boost_options(state) == [("range", 1)]
        state, events = play(state, "boost range 1")
        assert events[-1] == ActionStarted(N("Torvald Grimm"), 2, "Hammer Blow", 2, "Hit 1 Range 2 [Damage 3]")

    def test_a_boost_only_raises_a_symbol_already_on_the_action(self):
        state = duel("Torvald Grimm", mine={"boosts": [("damage", 1), ("move", 2)]})
        state, events = play(state, "act 3")  # Rune Ward: Guard 2 Heal 1 -- nothing to boost, no question
        assert events[0].symbols == "Guard 2 Heal 1" and state.res is None
        state, _ = play(state, "act 2")
        assert boost_options(state) == [("damage", 1)]
        with pytest.raises(IllegalAction, match="^A Boost only raises a symbol the action already has, and it has no Move\\.$"):
            apply(state, Action("boost", ("move", 2)))
        with pytest.raises(IllegalAction, match=r"^Torvald Grimm holds no Boost marker Heal \+1\.$"):
            apply(state, Action("boost", ("heal", 1)))

    def test_a_boost_in_a_box_goes_to_the_target(self):
        cards = [hunter("Sister Halcyon", 0, (4, 1)), hunter("Bento Rush", 1, (8, 8)), hunter("Torvald Grimm", 0, (5, 2)), hunter("Mara Quill", 1, (0, 8))]
        state, events = play(position(cards, energy=1), "act 1", f"target {N('Torvald Grimm')}")  # Blessing
        assert BoostGained(N("Torvald Grimm"), "damage", 1) in events
        assert card(state, "Torvald Grimm").boosts == (("damage", 1, 2),) and card(state, "Sister Halcyon").boosts == ()

    def test_a_boost_marker_stays_until_the_end_of_the_hunters_next_turn(self):
        state, _ = play(duel("Torvald Grimm"), "act 1", "end")
        state = with_rolls(state, [1, 1, 1, 1])
        state, _ = play(state, "roll", "end", "roll", "end", "roll", "end", "roll")
        assert card(state, "Torvald Grimm").boosts  # still usable during its next turn
        state, events = play(state, "end")
        assert MarkersExpired(N("Torvald Grimm"), 0, 1, False, False) in events
        assert card(state, "Torvald Grimm").boosts == ()


class TestUpgrades:
    def test_an_upgrade_is_ignored_below_its_treasure(self):
        state, events = play(duel("Elia Rose", mine={"treasure": 5}), "act 3")
        assert events[0].symbols == "Trample 3 [Damage 2]" and pending(state).amount == 3

    def test_an_upgrade_applies_once_the_card_holds_that_much_treasure(self):
        state, events = play(duel("Elia Rose", mine={"treasure": 6}), "act 3")
        assert events[0].symbols == "Trample 4 [Damage 2]" and pending(state).amount == 4
        statuses = action_statuses(duel("Elia Rose", mine={"treasure": 6}))
        assert (statuses[2].symbols, statuses[2].upgraded) == ("Trample 4 [Damage 2]", True)

    def test_an_upgrade_may_add_a_symbol_to_the_box(self):
        _state, events = play(duel("Kaz Ironjaw", mine={"treasure": 5}), "act 3")
        assert events[0].symbols == "Trample 3 [Damage 1 Stun]"

    def test_the_upgrade_is_lost_when_the_treasure_drops_below_its_number(self):
        state = position(
            [hunter("Mara Quill", 1, (5, 1)), hunter("Elia Rose", 0, (5, 1), treasure=6), hunter("Vex Orion", 1, (0, 8)), hunter("Bento Rush", 0, (8, 8))],
            energy=1,
        )
        assert effective_text(state, N("Elia Rose"), 3) == "Trample 4 [Damage 2]"
        state, _ = play(state, "act 1", f"target {N('Elia Rose')}")  # Pickpocket: Range 0 [Steal 1]
        assert card(state, "Elia Rose").treasure == 5
        assert effective_text(state, N("Elia Rose"), 3) == "Trample 3 [Damage 2]"
        state, events = play(with_rolls(state, [6]), "roll", "act 3")
        assert [e.symbols for e in events if isinstance(e, ActionStarted)] == ["Trample 3 [Damage 2]"]
