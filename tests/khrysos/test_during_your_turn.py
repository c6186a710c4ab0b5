"""Rulebook: During Your Turn, Activating Your Hunter, Moving, Actions."""

import pytest

from game.core import Action, IllegalAction
from game.khrysos import apply, legal_actions
from game.khrysos.events import DiceRolled, TreasurePlaced, TurnEnded, TurnStarted
from game.khrysos.maps import MapSpec, PlacedTile
from game.khrysos.testing import card, hunter, number_of, play, position, with_rolls

ELIA, BENTO, VEX, MARA = (number_of(n) for n in ("Elia Rose", "Bento Rush", "Vex Orion", "Mara Quill"))


def four(elia=(4, 2), bento=(6, 2), vex=(1, 7), mara=(7, 7), **kw):
    return position(
        [hunter("Elia Rose", 0, elia), hunter("Bento Rush", 1, bento), hunter("Vex Orion", 0, vex), hunter("Mara Quill", 1, mara)],
        **kw,
    )


def moves(state):
    return sorted((a.args[0], a.args[1]) for a in legal_actions(state) if a.kind == "move")


class TestDuringYourTurn:
    def test_roll_the_die_then_treasure_on_each_zone_of_that_number_then_that_much_energy(self):
        state = with_rolls(four(), [4])
        assert legal_actions(state) == [Action("roll")]
        state, events = play(state, "roll")
        assert events == [TurnStarted(0, ELIA), DiceRolled(ELIA, "energy", (4,), 0), TreasurePlaced(((7, 4),))]
        assert state.energy == 4 and state.phase == "active" and state.loot == {(7, 4)}

    def test_a_zone_never_holds_more_than_one_treasure(self):
        state, events = play(with_rolls(four(loot=[(7, 4), (1, 1)]), [4]), "roll")
        assert events[-1] == TreasurePlaced(())
        assert state.loot == {(7, 4), (1, 1)}

    def test_treasure_appears_even_under_a_hunter_who_does_not_collect_it_by_standing(self):
        state, _ = play(with_rolls(four(bento=(7, 4)), [4]), "roll")
        assert (7, 4) in state.loot and card(state, "Bento Rush").treasure == 0

    def test_every_zone_with_the_rolled_number_gets_treasure(self):
        tiles = [PlacedTile(f"zone{n}", n - 1, 0) for n in range(1, 7)] + [PlacedTile("zone3", 0, 1)]
        state = position(
            [hunter("Elia Rose", 0, (0, 0)), hunter("Bento Rush", 1, (3, 0)), hunter("Vex Orion", 0, (6, 0)), hunter("Mara Quill", 1, (9, 0))],
            map=MapSpec("Two Threes", tuple(tiles)),
        )
        state, events = play(with_rolls(state, [3]), "roll")
        assert events[-1] == TreasurePlaced(((7, 1), (1, 4)))

    def test_turn_order_with_two_players_alternates_between_players_and_their_hunters(self):
        state = with_rolls(four(), [1, 1, 1, 1, 1])
        order = []
        for _ in range(5):
            order.append((state.to_move, state.cards[state.turn].hunter))
            state, _ = play(state, "roll", "end")
        assert order == [(0, ELIA), (1, BENTO), (0, VEX), (1, MARA), (0, ELIA)]

    def test_turn_order_with_more_players_goes_clockwise(self):
        state = position(
            [hunter("Elia Rose", 2, (4, 2)), hunter("Bento Rush", 3, (6, 2)), hunter("Vex Orion", 0, (1, 7)), hunter("Mara Quill", 1, (7, 7))],
            players=4,
        )
        seats = []
        state = with_rolls(state, [1] * 5)
        for _ in range(5):
            seats.append(state.to_move)
            state, _ = play(state, "roll", "end")
        assert seats == [2, 3, 0, 1, 2]


class TestMoving:
    def test_one_square_in_eight_directions_for_one_energy(self):
        state = four(energy=3)
        assert moves(state) == [(3, 1), (3, 2), (3, 3), (4, 1), (4, 3), (5, 1), (5, 2), (5, 3)]
        state, _ = play(state, "move 5 3")
        assert card(state, "Elia Rose").at == (5, 3) and state.energy == 2

    def test_into_and_through_squares_of_other_hunters(self):
        state, _ = play(four(bento=(5, 2), energy=3), "move 5 2")
        assert card(state, "Elia Rose").at == card(state, "Bento Rush").at == (5, 2)
        state, _ = play(state, "move 6 2")
        assert card(state, "Elia Rose").at == (6, 2)

    def test_the_turn_ends_when_the_energy_is_spent(self):
        state, events = play(four(energy=2), "move 4 1", "move 4 0")
        assert events[-1] == TurnEnded(0, ELIA, 0)
        assert state.turn == 1 and state.phase == "start" and state.to_move == 1

    def test_ending_early_forfeits_the_rest(self):
        state, events = play(four(energy=5), "move 4 1", "end")
        assert events == [events[0], TurnEnded(0, ELIA, 4)]
        assert state.turn == 1 and state.energy == 0

    @pytest.mark.parametrize(
        "at, target, reason",
        [
            ((4, 2), (6, 2), "G3 is not next to E3: move one square at a time."),
            ((0, 0), (-1, 0), "That square is not on the map."),
            ((3, 3), (4, 4), "Nobody moves diagonally through a pillar."),
            ((3, 4), (4, 3), "Nobody moves diagonally through a pillar."),
            ((4, 2), (4, 2), "That is the square the hunter already stands on."),
        ],
    )
    def test_impossible_steps_are_refused_with_the_reason(self, at, target, reason):
        state = four(elia=at, energy=3)
        before = state.to_dict()
        with pytest.raises(IllegalAction) as info:
            apply(state, Action("move", target))
        assert info.value.reason == reason
        assert state.to_dict() == before


VEX_ALONE = {"elia": (7, 1), "bento": (8, 1), "vex": (1, 7), "mara": (7, 2)}


class TestActivatingYourHunter:
    def test_energy_is_divided_between_moving_and_actions_in_any_order(self):
        state = four(**VEX_ALONE, turn="Vex Orion", energy=6)
        state, _ = play(state, "move 2 7", "act 1", "move 3 7", "act 3", "done")
        assert card(state, "Vex Orion").at == (3, 7)
        assert state.turn == 3  # 1 + 1 + 1 + 3 = 6 spent


class TestActions:
    def test_an_action_costs_its_number(self):
        state = four(**VEX_ALONE, turn="Vex Orion", energy=6)
        state, _ = play(state, "act 2")
        assert state.energy == 4 and state.used == 1 << 2

    @pytest.mark.parametrize("spend", [["act 6"], ["act 5", "act 1"], ["act 4", "done", "act 2"], ["act 1", "act 2", "done", "act 3", "done"]])
    def test_a_roll_of_six_buys_six_or_five_and_one_or_four_and_two_or_one_two_three(self, spend):
        state = four(**VEX_ALONE, turn="Vex Orion", energy=6)
        # (Focus gives a Range Boost marker; the later actions have a Range, so each asks
        # whether to spend it: "done" declines.)
        state, events = play(state, *spend)
        assert events[-1] == TurnEnded(0, VEX, 0)
        assert state.turn == 3

    def test_the_same_action_cannot_be_used_twice_in_a_turn(self):
        state, _ = play(four(**VEX_ALONE, turn="Vex Orion", energy=6), "act 1")
        assert Action("act", (1,)) not in legal_actions(state)
        with pytest.raises(IllegalAction, match="^Focus was already used this turn\\.$"):
            apply(state, Action("act", (1,)))

    def test_not_enough_energy(self):
        state, _ = play(four(**VEX_ALONE, turn="Vex Orion", energy=6), "act 2")
        assert [a.args[0] for a in legal_actions(state) if a.kind == "act"] == [1, 3, 4]
        with pytest.raises(IllegalAction, match="^Not enough energy: Prism Lance costs 5, 4 left\\.$"):
            apply(state, Action("act", (5,)))

    def test_actions_are_numbered_1_to_6(self):
        state = four(**VEX_ALONE, turn="Vex Orion", energy=6)
        with pytest.raises(IllegalAction, match="^Actions are numbered 1 to 6\\.$"):
            apply(state, Action("act", (7,)))
