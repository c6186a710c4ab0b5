"""Rulebook: Quick Start -- players, hunters in play, the deal, first player, starting zones, first treasure."""

import pytest

from game.core import Action, IllegalAction, Rng
from game.khrysos import Setup, apply, check_invariants, legal_actions, new_game
from game.khrysos.events import HunterPlaced, HunterPlayed, TreasurePlaced
from game.khrysos import HUNTERS
from game.khrysos.maps import MapSpec, PlacedTile, map_to_dict
from game.khrysos.rules import start_game
from game.khrysos.testing import play


def deploy_all(state):
    """Every player plays the lowest-numbered hunter of their hand, card by card."""
    events = []
    while state.phase in ("deploy", "place"):
        state, ev = apply(state, legal_actions(state)[0])
        events.extend(ev)
    return state, events


class TestQuickStart:
    @pytest.mark.parametrize("players, cards, hand", [(2, 4, 4), (3, 3, 4), (4, 4, 3)])
    def test_two_hunters_each_with_two_players_one_otherwise_and_the_deal(self, players, cards, hand):
        state = new_game(Setup(players=players), 7)
        assert len(state.cards) == cards
        assert sorted(c.seat for c in state.cards) == sorted(list(range(players)) * (cards // players))
        assert [len(h) for h in state.hands] == [hand] * players
        assert len(state.deck) == len(HUNTERS) - players * hand
        check_invariants(state)

    def test_highest_roller_goes_first_and_the_rolls_are_the_starting_zones(self):
        state = start_game(Setup(players=3), Rng(1).scripted([2, 5, 3]))
        assert state.to_move == 1
        assert [c.seat for c in state.cards] == [1, 2, 0]  # clockwise from the first player
        assert state.zone_rolls == (5, 3, 2)
        assert state.first_rolls == ((2,), (5,), (3,))

    def test_two_players_roll_two_dice_each_and_alternate_in_turn_order(self):
        state = start_game(Setup(players=2), Rng(1).scripted([3, 4, 6, 1]))
        assert state.to_move == 1
        assert [c.seat for c in state.cards] == [1, 0, 1, 0]
        assert state.zone_rolls == (6, 3, 1, 4)

    def test_a_tie_on_the_best_die_is_broken_by_the_other_die(self):
        state = start_game(Setup(players=2), Rng(1).scripted([6, 1, 2, 6]))
        assert state.to_move == 1

    def test_a_full_tie_is_rolled_off_and_keeps_the_starting_zones(self):
        state = start_game(Setup(players=3), Rng(1).scripted([4, 4, 2, 3, 5]))
        assert state.to_move == 1
        assert state.first_rolls == ((4, 3), (4, 5), (2,))
        assert state.zone_rolls == (4, 2, 4)

    def test_each_player_plays_a_hunter_from_hand_onto_its_rolled_zone_starting_with_the_first(self):
        state = start_game(Setup(players=3), Rng(1).scripted([2, 5, 3]))
        assert state.phase == "deploy"
        hand = state.hands[1]
        assert legal_actions(state) == [Action("play", (h,)) for h in hand]
        state, events = play(state, f"play {hand[2]}")
        assert events == [HunterPlayed(1, hand[2]), HunterPlaced(hand[2], (1, 7))]  # Zone 5 of Alpha Room
        assert state.to_move == 2 and state.cards[0].endurance == 6
        assert hand[2] not in state.hands[1]

    def test_a_hunter_not_in_hand_is_refused(self):
        state = start_game(Setup(players=3), Rng(1).scripted([2, 5, 3]))
        other = state.hands[0][0]
        with pytest.raises(IllegalAction, match=f"{HUNTERS[other].name} is not in your hand"):
            apply(state, Action("play", (other,)))

    def test_after_everyone_has_played_treasure_goes_on_every_unoccupied_zone(self):
        state = start_game(Setup(players=3), Rng(1).scripted([2, 5, 3]))
        state, events = deploy_all(state)
        # Zones 5, 3 and 2 are occupied; 1, 4 and 6 get treasure.
        assert events[-1] == TreasurePlaced(((1, 1), (7, 4), (7, 7)))
        assert state.loot == {(1, 1), (7, 4), (7, 7)}
        assert state.phase == "start" and state.turn == 0 and state.to_move == 1
        assert all(c.endurance == 6 and c.treasure == 0 for c in state.cards)
        assert legal_actions(state) == [Action("roll")]
        check_invariants(state)

    def test_two_hunters_sharing_a_starting_zone(self):
        state = start_game(Setup(players=2), Rng(1).scripted([3, 3, 1, 2]))
        state, _ = deploy_all(state)
        assert state.cards[0].at == state.cards[2].at == (1, 4)

    def test_a_zone_number_with_several_squares_is_a_choice(self):
        tiles = [PlacedTile(f"zone{n}", n - 1, 0) for n in range(1, 7)] + [PlacedTile("zone3", 0, 1)]
        custom = map_to_dict(MapSpec("Two Threes", tuple(tiles)))
        state = start_game(Setup(players=3, custom_map=custom), Rng(1).scripted([3, 1, 2]))
        state, _ = play(state, legal_actions(state)[0])
        assert state.phase == "place"
        assert legal_actions(state) == [Action("place", (7, 1)), Action("place", (1, 4))]
        with pytest.raises(IllegalAction, match="^Choose one of the zone squares offered: H2 or B5\\.$"):
            apply(state, Action("place", (4, 1)))
        state, events = play(state, "place 1 4")
        assert events == [HunterPlaced(state.cards[0].hunter, (1, 4))]
        assert state.phase == "deploy" and state.to_move == 1


class TestTheOpeningRollsInWords:
    """Quick Start 4-5: the rolls for the first player and the starting zones, told as the log tells them
    (`opening_events`: the rules roll them inside `new_game`, so they are read back from the state)."""

    def opening(self, players, dice):
        from game.khrysos import opening_events

        state = start_game(Setup(players=players), Rng(1).scripted(dice))
        (event,) = opening_events(state)
        assert opening_events(deploy_all(state)[0]) == [event], "the same from any later state of the game"
        return state, event

    @staticmethod
    def told(state, event, names=None) -> str:
        from game.khrysos import describe

        return describe(event, state, names)

    def test_quick_start_the_highest_roller_goes_first_and_each_hunter_starts_on_its_die(self):
        state, e = self.opening(3, [2, 5, 3])
        assert (e.dice, e.rolloffs, e.first, e.zones) == (((2,), (5,), (3,)), (), 1, (5, 3, 2))
        assert self.told(state, e) == ("Player 1 rolls 2, Player 2 5, Player 3 3: Player 2 rolled highest and goes first; "
                                       "each hunter starts on the Treasure Zone of its player's die.")
        assert self.told(state, e, ("Ann", "Bob", "Cy")).startswith("Ann rolls 2, Bob 5, Cy 3: Bob rolled highest")

    def test_quick_start_tied_players_roll_again_and_the_roll_off_does_not_move_anyone(self):
        state, e = self.opening(3, [5, 2, 5, 3, 6])
        assert e.rolloffs == (((0, 3), (2, 6)),) and e.first == 2 == state.to_move
        assert e.zones == (5, 5, 2), "Player 3, Player 1, Player 2: each on the zone of its first die"
        assert self.told(state, e) == ("Player 1 rolls 5, Player 2 2, Player 3 5: Player 1 and Player 3 tie and roll again "
                                       "(Player 1 3, Player 3 6); Player 3 goes first; each hunter starts on the Treasure "
                                       "Zone of its player's die (the roll-off decides only who goes first).")

    def test_quick_start_a_roll_off_that_ties_again_is_rolled_again(self):
        state, e = self.opening(4, [6, 6, 6, 1, 4, 4, 2, 3, 5])
        assert e.rolloffs == (((0, 4), (1, 4), (2, 2)), ((0, 3), (1, 5)))
        assert e.first == 1 == state.to_move
        assert "Player 1, Player 2 and Player 3 tie and roll again (Player 1 4, Player 2 4, Player 3 2); " \
               "Player 1 and Player 2 tie again (Player 1 3, Player 2 5); Player 2 goes first" in self.told(state, e)

    def test_quick_start_two_players_two_dice_each_the_other_die_breaks_a_tie(self):
        state, e = self.opening(2, [6, 1, 2, 6])
        assert e.dice == ((6, 1), (2, 6)) and e.first == 1 and e.zones == (2, 6, 6, 1)
        assert self.told(state, e) == ("Player 1 rolls 6 and 1, Player 2 2 and 6: the best dice both show 6 and Player 2's "
                                       "other die is higher, so Player 2 goes first; each player's first die places their "
                                       "first hunter, the other die their second.")

    def test_quick_start_the_opening_changes_no_legal_action(self):
        """Reading the opening back is a pure query: the state and its legal actions stay as they were."""
        from game.khrysos import opening_events

        state = new_game(Setup(players=4), 11)
        before, legal = state.to_dict(), legal_actions(state)
        opening_events(state)
        assert state.to_dict() == before and legal_actions(state) == legal

    def test_a_stated_position_has_no_opening_to_tell(self):
        from game.khrysos import opening_events
        from game.khrysos.testing import hunter, position

        state = position([hunter("Elia Rose", seat=0, at=(1, 1)), hunter("Bento Rush", seat=1, at=(4, 1)),
                          hunter("Vex Orion", seat=0, at=(1, 4)), hunter("Mara Quill", seat=1, at=(4, 4))])
        assert opening_events(state) == []
