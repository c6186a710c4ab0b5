"""Rulebook: Damage and Endurance, Replacing a Hunter, Withdraw."""

import pytest

from game.core import Action, IllegalAction
from game.khrysos import apply, check_invariants, describe, legal_actions
from game.khrysos.events import DiceRolled, HunterPlaced, HunterPlayed, KnockedOut, TurnEnded
from game.khrysos.testing import card, hunter, number_of, play, position, with_rolls

N = number_of


def fight(target_endurance=2, target_treasure=0, actor_treasure=0, hands=None, **kw):
    """Torvald Grimm (seat 0) next to Bento Rush (seat 1); Hammer Blow deals 2."""
    cards = [
        hunter("Torvald Grimm", 0, (4, 1), treasure=actor_treasure),
        hunter("Bento Rush", 1, (5, 1), endurance=target_endurance, treasure=target_treasure),
        hunter("Vex Orion", 0, (0, 8)),
        hunter("Mara Quill", 1, (8, 8)),
    ]
    return position(cards, energy=6, hands=hands if hands is not None else {1: ["Pip Tumble", "Lumen Vale"]}, **kw)


class TestDamageAndEndurance:
    def test_at_zero_endurance_the_hunter_retires_and_its_token_leaves_the_map(self):
        state, events = play(fight(), "act 2", f"target {N('Bento Rush')}")
        assert events[-1] == KnockedOut(N("Bento Rush"), "retired", 1, N("Torvald Grimm"), 0, 0)
        assert state.card_of(N("Bento Rush")) is None
        assert state.cards[1].at is None and state.cards[1].endurance == 0
        assert state.retired == ((), (N("Bento Rush"),))
        check_invariants(state)

    @pytest.mark.parametrize("had, taken", [(5, 2), (1, 1), (0, 0)])
    def test_the_hunter_that_retires_an_opponent_steals_up_to_two_treasure(self, had, taken):
        state, events = play(fight(target_treasure=had, actor_treasure=3), "act 2", f"target {N('Bento Rush')}")
        assert events[-1] == KnockedOut(N("Bento Rush"), "retired", 1, N("Torvald Grimm"), taken, taken)
        assert (card(state, "Torvald Grimm").treasure, state.cards[1].treasure) == (3 + taken, had - taken)

    def test_retired_by_an_ally_loses_two_and_nobody_gains(self):
        cards = [
            hunter("Dex Voltaire", 0, (4, 1), treasure=2),
            hunter("Bento Rush", 1, (8, 8)),
            hunter("Vex Orion", 0, (5, 1), endurance=2, treasure=5),
            hunter("Mara Quill", 1, (0, 8)),
        ]
        state, events = play(position(cards, energy=6), "act 4")  # Tesla Coil: Burst 1 [Damage 2]
        assert events[-1] == KnockedOut(N("Vex Orion"), "retired", 0, N("Dex Voltaire"), 2, 0)
        assert (card(state, "Dex Voltaire").treasure, state.cards[2].treasure) == (2, 3)

    def test_a_retired_hunter_keeps_its_treasure_count_for_the_card(self):
        state, _ = play(fight(target_treasure=7), "act 2", f"target {N('Bento Rush')}")
        assert state.cards[1].treasure == 5
        assert state.treasure_of(1) == 5

    def test_the_rest_of_the_box_misses_a_hunter_it_retired(self):
        cards = [hunter("Kaz Ironjaw", 0, (4, 1)), hunter("Bento Rush", 1, (5, 1), endurance=1), hunter("Vex Orion", 0, (0, 8)), hunter("Mara Quill", 1, (8, 8))]
        state, events = play(position(cards, energy=6), "act 4", f"target {N('Bento Rush')}")  # Grapple: [Damage 1 Trap Move 2]
        assert isinstance(events[-1], KnockedOut) and state.res is None and state.energy == 2


class TestReplacingAHunter:
    def test_the_game_goes_on_until_the_retired_hunters_turn_when_a_new_hunter_comes_in(self):
        state, _ = play(fight(), "act 2", f"target {N('Bento Rush')}", "end")
        assert state.phase == "replace" and state.to_move == 1
        assert legal_actions(state) == [Action("play", (N("Pip Tumble"),)), Action("play", (N("Lumen Vale"),))]
        state = with_rolls(state, [4])
        state, events = play(state, f"play {N('Lumen Vale')}")
        assert events == [HunterPlayed(1, N("Lumen Vale")), DiceRolled(N("Lumen Vale"), "zone", (4,), 1), HunterPlaced(N("Lumen Vale"), (7, 4))]
        assert state.phase == "start" and legal_actions(state) == [Action("roll")]
        assert card(state, "Lumen Vale").endurance == 6 and state.hands[1] == (N("Pip Tumble"),)
        state, _ = play(with_rolls(state, [2]), "roll")
        assert state.energy == 2 and state.cards[state.turn].hunter == N("Lumen Vale")

    def test_a_new_hunter_placed_on_a_treasure_does_not_collect_it(self):
        state, _ = play(fight(), "act 2", f"target {N('Bento Rush')}", "end")
        state.loot = frozenset({(7, 4)})
        state, _events = play(with_rolls(state, [4]), f"play {N('Lumen Vale')}")
        assert card(state, "Lumen Vale").at == (7, 4) and card(state, "Lumen Vale").treasure == 0
        assert state.loot == {(7, 4)}

    def test_a_player_out_of_hunters_draws_at_random_from_the_undealt_ones(self):
        state, _ = play(fight(hands={}), "act 2", f"target {N('Bento Rush')}")
        deck = state.deck
        state, events = play(with_rolls(state, [3]), "end")
        assert events[-3:] == [HunterPlayed(1, deck[0], drawn=True), DiceRolled(deck[0], "zone", (3,), 1), HunterPlaced(deck[0], (1, 4))]
        assert state.phase == "start" and state.deck == deck[1:]

    def test_when_every_hunter_has_been_drawn_a_retired_one_comes_back(self):
        state = fight(hands={})
        state.deck = ()  # every hunter has been drawn (the test owns this fresh state)
        state, _ = play(state, "act 2", f"target {N('Bento Rush')}", "end")
        assert legal_actions(state) == [Action("play", (N("Bento Rush"),))]
        state, events = play(with_rolls(state, [6]), f"play {N('Bento Rush')}")
        assert events[0] == HunterPlayed(1, N("Bento Rush"), reused=True)
        assert card(state, "Bento Rush").endurance == 6 and state.retired == ((), ())

    def test_playing_a_hunter_that_is_not_retired_is_refused(self):
        state = fight(hands={})
        state.deck = ()
        state, _ = play(state, "act 2", f"target {N('Bento Rush')}", "end")
        with pytest.raises(IllegalAction, match="^Pip Tumble is not one of your retired hunters\\.$"):
            apply(state, Action("play", (N("Pip Tumble"),)))


class TestWithdraw:
    def test_at_one_endurance_the_player_may_withdraw_instead_of_rolling(self):
        cards = [hunter("Bento Rush", 1, (5, 1), endurance=1, treasure=3), hunter("Elia Rose", 0, (0, 0)), hunter("Vex Orion", 1, (0, 8)), hunter("Mara Quill", 0, (8, 8))]
        state = position(cards, hands={1: ["Pip Tumble"]})
        assert legal_actions(state) == [Action("roll"), Action("withdraw")]
        state, events = play(with_rolls(state, [2, 5]), "withdraw")
        assert events == [KnockedOut(N("Bento Rush"), "withdrew", 1, 0, 2, 0)]
        assert describe(events[0], state) == "Bento Rush withdraws and loses 2 treasures."
        assert state.phase == "replace" and state.to_move == 1
        state, events = play(state, f"play {N('Pip Tumble')}")
        assert events == [HunterPlayed(1, N("Pip Tumble")), DiceRolled(N("Pip Tumble"), "zone", (2,), 1), HunterPlaced(N("Pip Tumble"), (7, 1))]
        assert state.cards[0].treasure == 1 and all(c.treasure == 0 for c in state.cards[1:])
        state, events = play(state, "roll")
        assert state.energy == 5

    def test_no_withdrawing_above_one_endurance(self):
        cards = [hunter("Bento Rush", 1, (5, 1), endurance=2), hunter("Elia Rose", 0, (0, 0)), hunter("Vex Orion", 1, (0, 8)), hunter("Mara Quill", 0, (8, 8))]
        state = position(cards)
        assert legal_actions(state) == [Action("roll")]
        with pytest.raises(IllegalAction, match="^Only a hunter down to 1 endurance may withdraw; Bento Rush has 2\\.$"):
            apply(state, Action("withdraw"))

    def test_a_hunter_at_one_endurance_that_rolls_plays_on(self):
        cards = [hunter("Bento Rush", 1, (5, 1), endurance=1), hunter("Elia Rose", 0, (0, 0)), hunter("Vex Orion", 1, (0, 8)), hunter("Mara Quill", 0, (8, 8))]
        state, events = play(with_rolls(position(cards), [1]), "roll", "end")
        assert events[-1] == TurnEnded(1, N("Bento Rush"), 1) and card(state, "Bento Rush").endurance == 1


class TestRevealsForUndo:
    def test_drawing_an_undealt_hunter_reveals_it_and_a_played_card_does_not(self):
        from game.khrysos import reveals

        # Card 1 waits for a replacement with an empty hand: the draw happens as its turn begins.
        before = position(
            [hunter("Elia Rose", 0, (4, 2)), hunter(None, 1), hunter("Vex Orion", 0, (1, 7)), hunter("Mara Quill", 1, (7, 7))],
            energy=1,
        )
        after, events = play(with_rolls(before, [3]), "end")
        assert any(isinstance(e, HunterPlayed) and e.drawn for e in events)
        assert reveals(before, Action("end"), after, events)
        before = position([hunter("Elia Rose", 0, (4, 2)), hunter("Bento Rush", 1, (6, 2)), hunter("Vex Orion", 0, (1, 7)), hunter("Mara Quill", 1, (7, 7))], energy=2)
        after, events = play(before, "move 4 3")
        assert not reveals(before, Action("move", (4, 3)), after, events)
