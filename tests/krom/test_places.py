"""Rulebook section "Places": the Cave, the Forest, the Savanna and the Mountain."""

from fractions import Fraction
from itertools import product

import pytest

from game.krom import (
    HUNTING,
    check_invariants,
    combination_value,
    decision,
    hunt_chances,
    hunt_odds,
    legal_actions,
    mountain_reward,
    next_pick_cost,
    reroll_cost,
    reroll_improves,
)
from game.krom.events import BonusDrawn, DeckShuffled, DiceRolled, Gained, Healed, Hunted, HuntingRevealed, MountainScored, PickingDrawn
from game.krom.testing import action_phase, of_type, position, refused, run, run_passing, with_rolls


def at(place, **kw):
    """Alma's Action phase in `place`, Mörhy waiting in the Cave (or the Forest when Alma is in the Cave)."""
    other = "forest" if place == "cave" else "cave"
    kw.setdefault("hands", [[], []])
    return action_phase(position(["alma", "morhy"], places=[place, other], **kw), 0)



class TestCave:
    def test_rest_gives_3_krom_and_2_hit_points(self):
        s, events = run(at("cave", hp=[3, 7]), "rest")
        assert (s.players[0].krom, s.players[0].hp) == (8, 5)
        assert of_type(events, Gained) == [Gained(0, "krom", 3)] and of_type(events, Healed) == [Healed(0, 2, 5)]

    def test_hit_points_never_go_above_7(self):
        s, events = run(at("cave", hp=[6, 7]), "rest")
        assert s.players[0].hp == 7 and Healed(0, 1, 7) in events

    def test_services_in_any_mix_at_their_prices(self):
        s, events = run(at("cave", hp=[2, 7], krom=[10, 5]), "buy wood", "buy bone", "buy bonus", "buy hp")
        p = s.players[0]
        assert (p.krom, p.wood, p.bone, len(p.hand), p.hp) == (10 - 3 - 3 - 2 - 1, 1, 1, 1, 5)
        assert len(of_type(events, BonusDrawn)) == 1
        check_invariants(s)

    def test_three_hit_points_for_one_krom_capped_at_7(self):
        s, _ = run(at("cave", hp=[5, 7]), "buy hp")
        assert (s.players[0].hp, s.players[0].krom) == (7, 4)
        refused(s, "buy hp", "You already have all 7 hit points.")

    def test_rest_or_services_not_both(self):
        rested, _ = run(at("cave"), "rest")
        refused(rested, "buy wood", "You rested this Action phase: services are the other choice.")
        refused(rested, "rest", "You already rested this Action phase.")
        served, _ = run(at("cave"), "buy wood")
        refused(served, "rest", "You provided services this Action phase: resting is the other choice.")

    def test_services_need_the_krom(self):
        refused(at("cave", krom=[2, 5]), "buy wood", "Not enough Krom: a Wood token costs 3, you have 2.")
        refused(at("cave", krom=[0, 5]), "buy hp", "Not enough Krom: 3 hit points cost 1, you have 0.")

    def test_an_empty_supply_sells_nothing(self):
        refused(at("cave", wood=[12, 0], krom=[9, 5]), "buy wood", "The supply has no Wood left.")

    def test_a_short_supply_pays_what_is_left(self):
        s, events = run(at("cave", krom=[44, 5]), "rest")  # 50 - 44 - 5 = 1 Krom left in the supply
        assert Gained(0, "krom", 1) in events and s.players[0].krom == 45 and s.supply["krom"] == 0
        check_invariants(s)

    def test_cave_rest_or_services_and_services_may_be_none(self):
        # "two choices": rest, or services "in exchange for any number of" items, none included.
        s, events = run(at("cave"), "end")
        assert next(type(e).__name__ for e in events) == "ActionPhaseEnded" and s.players[0].krom == 5
        assert decision(s).kind == "main" and s.to_move == 1  # Mörhy's phase in the Forest comes next

    def test_cave_actions_elsewhere_are_refused(self):
        refused(at("forest"), "rest", "You can rest only in the Cave; you are in the Forest.")
        refused(at("mountain"), "buy wood", "You can provide services only in the Cave; you are in the Mountain.")


# Picking card ids: 0-2 Fallen branches (1 Wood), 3-5 Dead tree (2 Wood), 6 Old oak (3 Wood),
# 11 Beehive (3 Krom), 16-17 Strange totem (1 Bonus), 18-19 Thick fog (nothing).
class TestForest:
    def test_first_card_free_then_1_3_and_4_krom(self):
        s = at("forest", krom=[10, 5], picking_deck=[0, 3, 6, 18] + list(range(7, 18)) + [1, 2, 4, 5, 19])
        costs = []
        for _ in range(4):
            costs.append(next_pick_cost(s))
            s, events = run(s, "pick")
            assert of_type(events, PickingDrawn)[0].price == costs[-1]
        assert costs == [0, 1, 3, 4]
        assert (s.players[0].krom, s.players[0].wood) == (2, 6)
        assert next_pick_cost(s) is None
        refused(s, "pick", "You drew 4 Picking cards: the hike is over.")

    def test_each_card_is_discarded_after_its_reward(self):
        s, _ = run(at("forest", picking_deck=[11, 16] + list(range(11)) + list(range(12, 16)) + [17, 18, 19]), "pick", "pick")
        assert s.picking_discard == (11, 16)
        assert s.players[0].krom == 5 + 3 - 1 and len(s.players[0].hand) == 1

    def test_stop_any_time(self):
        s, _events = run(at("forest", picking_deck=[0] + list(range(1, 20))), "pick", "end")
        assert s.players[0].wood == 1 and decision(s).kind == "move" and s.round == 2

    def test_forest_the_hike_begins_with_the_first_picking_card(self):
        # "A player in the Forest begins their hike by drawing the first card of the Picking deck":
        # the free first card is what a player there does; the Action phase cannot end before it.
        s = at("forest", picking_deck=[0] + list(range(1, 20)))
        duty = "A player in the Forest begins their hike with the first Picking card (it is free): draw it first."
        refused(s, "end", duty)
        assert "end" not in [str(a) for a in legal_actions(s)]
        s, _ = run(s, "shuffle")  # the shuffle, if wanted, still comes before the first card
        refused(s, "end", duty)
        s, events = run(s, "pick", "end")
        assert len(of_type(events, PickingDrawn)) == 1 and decision(s).kind == "move"

    def test_the_next_card_needs_its_krom(self):
        s, _ = run(at("forest", krom=[0, 5], picking_deck=[18] + list(range(18)) + [19]), "pick")
        refused(s, "pick", "Not enough Krom: the next Picking card costs 1, you have 0.")

    def test_shuffle_deck_and_discard_only_before_the_first_card(self):
        s = at("forest", picking_deck=[0, 1, 2])
        assert len(s.picking_discard) == 17
        shuffled, events = run(s, "shuffle")
        assert events == [DeckShuffled("picking")]
        assert sorted(shuffled.picking_deck) == list(range(20)) and shuffled.picking_discard == ()
        refused(shuffled, "shuffle", "You already shuffled the Picking deck.")
        picked, _ = run(s, "pick")
        refused(picked, "shuffle", "You can only shuffle before drawing your first Picking card.")

    def test_forest_the_shuffle_is_offered_even_with_an_empty_discard_pile(self):
        s = at("forest", picking_deck=list(range(20)))
        assert "shuffle" in [str(a) for a in legal_actions(s)]
        s, events = run(s, "shuffle")
        assert DeckShuffled("picking") in events and sorted(s.picking_deck) == list(range(20)) and s.picking_discard == ()
        refused(s, "shuffle", "You already shuffled the Picking deck.")

    def test_an_empty_deck_is_remade_from_the_discard_pile(self):
        s, events = run(at("forest", picking_deck=[0]), "pick", "pick")
        assert DeckShuffled("picking") in events
        # the 19 discarded cards and the first one drawn make the new deck; one is drawn from it
        assert len(s.picking_deck) == 19 and len(s.picking_discard) == 1


# Hunting card ids: 1 Hare (3, 1 die, 1 Bone), 4 Wild boar (6, 2 dice, 2 Bone), 9 Cave hyena
# (9, 2 dice, 3 Bone), 15 Woolly rhino (13, 3 dice, 4 Bone), 16 Mammoth.
class TestSavanna:
    def hunt(self, **kw):
        kw.setdefault("hunting_row", [4, 9, 15, 1])
        kw.setdefault("hunting_deck", [16, 0, 2, 3])
        return at("savanna", **kw)

    def test_a_catch_pays_the_reward_and_the_card_is_replaced(self):
        s, events = run(with_rolls(self.hunt(), [3, 3]), "hunt 0 0")
        assert of_type(events, Hunted) == [Hunted(0, 0, 4, 6, True)]
        assert s.players[0].bone == 2
        assert s.hunting_row == (16, 9, 15, 1) and s.hunting_discard[-1] == 4
        assert of_type(events, HuntingRevealed) == [HuntingRevealed(0, 16)]

    def test_a_miss_leaves_the_card_in_place(self):
        s, events = run(with_rolls(self.hunt(), [4, 4]), "hunt 1 0")
        assert of_type(events, Hunted) == [Hunted(0, 1, 9, 8, False)]
        assert s.players[0].bone == 0 and s.hunting_row == (4, 9, 15, 1)

    def test_extra_dice_are_bought_before_rolling(self):
        s, events = run(with_rolls(self.hunt(krom=[6, 5]), [3, 3, 3, 2, 2]), "hunt 2 2")
        assert of_type(events, DiceRolled) == [DiceRolled(0, "hunt", (3, 3, 3, 2, 2))]
        assert s.players[0].krom == 2 and s.players[0].bone == 4
        s, _ = run(with_rolls(self.hunt(krom=[6, 5]), [1, 2]), "hunt 3 1")
        assert s.players[0].krom == 4 and s.players[0].bone == 1  # 1 + 2 reaches the Hare's 3 exactly

    def test_savanna_a_player_there_goes_hunting(self):
        # "A player in the Savanna goes hunting and chooses one prey": the hunt (free with no extra
        # dice) is what a player there does; the Action phase cannot end before it.
        s = self.hunt()
        refused(s, "end", "A player in the Savanna goes hunting: choose a prey first (a hunt with no extra dice is free).")
        assert "end" not in [str(a) for a in legal_actions(s)]
        s, _ = run(with_rolls(s, [1, 1]), "hunt 0 0", "end")
        assert decision(s).kind == "move"

    def test_one_hunt_per_action_phase(self):
        s, _ = run(with_rolls(self.hunt(), [1, 1]), "hunt 0 0")
        refused(s, "hunt 1 0", "You already hunted: one hunt per Action phase.")
        assert not [a for a in legal_actions(s) if a.kind == "hunt"]

    def test_extra_dice_need_their_krom(self):
        refused(self.hunt(krom=[1, 5]), "hunt 0 1", "Not enough Krom: 1 extra die costs 2, you have 1.")
        refused(self.hunt(krom=[3, 5]), "hunt 0 2", "Not enough Krom: 2 extra dice cost 4, you have 3.")
        refused(self.hunt(), "hunt 0 3", "You can buy 0 to 2 extra dice, not 3.")

    def test_hunt_odds(self):
        assert hunt_odds(1) == Fraction(2, 3)  # Hare: 3+ on one die
        assert hunt_odds(4) == Fraction(26, 36)  # Wild boar: 6+ on two dice
        assert hunt_odds(4, 1) == Fraction(206, 216)
        assert hunt_odds(16) == Fraction(15 + 10 + 6 + 3 + 1, 216)  # Mammoth: 14+ on three dice


class TestMountain:
    def climb(self, dice, **kw):
        return run(with_rolls(at("mountain", **kw), dice), "climb")

    def test_five_dice_then_up_to_four_rerolls_at_1_1_2_2_krom(self):
        s, _ = self.climb([1, 2, 3, 4, 6], krom=[10, 5])
        costs = []
        for _ in range(4):
            costs.append(reroll_cost(s))
            s, _ = run(with_rolls(s, [1, 2, 3, 4, 6]), "reroll")
        assert costs == [1, 1, 2, 2] and s.players[0].krom == 4
        refused(s, "reroll", "No reroll left: four at most.")
        assert [str(a) for a in legal_actions(s) if a.kind in ("reroll", "stop")] == ["stop"]

    def test_mountain_the_five_dice_are_rolled_once(self):
        # "The player rolls the 5 dice once": the first (free) roll is what a player there does;
        # the Action phase cannot end before it, and after it only by stopping to take the reward.
        s = at("mountain")
        refused(s, "end", "A player in the Mountain rolls the 5 dice once: climb first (the first roll is free).")
        assert "end" not in [str(a) for a in legal_actions(s)]
        s, _ = run(with_rolls(s, [1, 2, 3, 4, 6]), "climb")
        refused(s, "end", "You are climbing: keep dice, reroll the others, or stop to take your reward.")
        s, _ = run(s, "stop", "end")
        assert decision(s).kind == "move"

    def test_kept_dice_are_not_rerolled(self):
        s, _ = self.climb([6, 6, 1, 2, 3])
        s, _events = run(with_rolls(s, [6, 4, 4]), "keep 0", "keep 1", "reroll")
        assert s.turn.dice == (6, 6, 6, 4, 4)
        s, _events = run(s, "free 1", "keep 2", "keep 3", "keep 4")
        assert s.turn.kept == (0, 2, 3, 4)
        refused(s, "keep 3", "That 4 is already kept.")
        refused(s, "free 1", "That 6 is not kept.")

    def test_every_die_kept_means_nothing_to_reroll(self):
        s, _ = self.climb([6, 6, 1, 2, 3])
        s, _ = run(s, *[f"keep {i}" for i in range(5)])
        refused(s, "reroll", "Every die is kept: free one to reroll it.")

    def test_rerolls_need_their_krom(self):
        s, _ = self.climb([6, 6, 1, 2, 3], krom=[0, 5])
        refused(s, "reroll", "Not enough Krom: this reroll costs 1, you have 0.")
    @pytest.mark.parametrize(
        "dice, combination, gains",
        [
            ([4, 4, 1, 2, 6], "pair", {"krom": 3}),
            ([4, 4, 1, 1, 6], "two_pairs", {"krom": 4}),
            ([4, 4, 4, 1, 6], "three", {"krom": 2, "stone": 1}),
            ([5, 5, 5, 5, 5], "five", {"krom": 2, "stone": 2, "bonus": 2, "hp": 2}),
            ([1, 2, 3, 4, 5], "straight", {"stone": 3, "bonus": 1}),
            ([6, 5, 4, 3, 2], "straight", {"stone": 3, "bonus": 1}),
            ([1, 2, 3, 4, 6], "", {}),
        ],
    )
    def test_the_best_combination_pays_its_reward(self, dice, combination, gains):
        s, _ = self.climb(dice, hp=[4, 7])
        s, events = run(s, "stop")
        assert of_type(events, MountainScored) == [MountainScored(0, tuple(dice), combination)]
        p = s.players[0]
        got = {"krom": p.krom - 5, "stone": p.stone, "bonus": len(p.hand), "hp": p.hp - 4}
        assert {k: v for k, v in got.items() if v} == gains
        assert s.turn.climb == "done"
        refused(s, "climb", "You already climbed this Action phase.")
    @pytest.mark.parametrize(
        "dice, choice, gains",
        [
            ([3, 3, 3, 6, 6], "stone", {"krom": 2, "stone": 2, "bonus": 0}),
            ([3, 3, 3, 6, 6], "bonus", {"krom": 2, "stone": 0, "bonus": 2}),
            ([2, 2, 2, 2, 6], "stone", {"krom": 0, "stone": 3, "bonus": 0}),
            ([2, 2, 2, 2, 6], "bonus", {"krom": 0, "stone": 0, "bonus": 3}),
        ],
    )
    def test_full_house_and_four_of_a_kind_let_the_climber_choose(self, dice, choice, gains):
        s, _ = self.climb(dice)
        s, _ = run(s, "stop")
        assert decision(s).kind == "reward" and s.to_move == 0
        assert sorted(str(a) for a in legal_actions(s)) == ["reward bonus", "reward stone"]
        s, _ = run(s, f"reward {choice}")
        p = s.players[0]
        assert {"krom": p.krom - 5, "stone": p.stone, "bonus": len(p.hand)} == gains

    def test_mountain_reward_query(self):
        assert mountain_reward([3, 3, 3, 6, 6]) == ("full_house", [("stone", (("krom", 2), ("stone", 2))), ("bonus", (("krom", 2), ("bonus", 2)))])
        assert mountain_reward([1, 3, 5, 2, 4]) == ("straight", [("stone+bonus", (("stone", 3), ("bonus", 1)))])
        assert mountain_reward([1, 1, 2, 2, 2])[0] == "full_house"
        assert mountain_reward([1, 2, 3, 5, 6]) == ("", [])

    def test_no_bonus_or_evolution_in_the_middle_of_a_climb(self):
        s, _ = self.climb([6, 6, 1, 2, 3], hands=[[13], []], wood=[2, 0], evolution_row=[1, 2, 3, 4])
        refused(s, "play 13", "You are climbing: keep dice, reroll the others, or stop to take your reward.")
        refused(s, "realize 0", "You are climbing: keep dice, reroll the others, or stop to take your reward.")
        s, _ = run_passing(s, "stop", "realize 0", "play 13")
        assert s.players[0].evolutions == (1,) and s.players[0].krom == 5 + 3 + 3

    def test_climbing_is_only_in_the_mountain(self):
        refused(at("savanna"), "climb", "You can climb only in the Mountain; you are in the Savanna.")


class TestOddsForTheBoard:
    """Exact odds a board shows before a player commits (pure helpers, checked by brute force)."""

    def test_savanna_the_chance_to_catch_a_prey_with_0_1_or_2_bought_dice(self):
        assert hunt_chances(1) == (Fraction(2, 3), Fraction(35, 36), Fraction(1))  # Hare: 3+ on one die
        for card in HUNTING:
            for extra, chance in enumerate(hunt_chances(card)):
                rolls = list(product(range(1, 7), repeat=card.dice + extra))
                assert chance == Fraction(sum(sum(r) >= card.value for r in rolls), len(rolls)), (card.name, extra)

    def test_mountain_the_chance_that_a_reroll_improves_the_combination(self):
        assert reroll_improves((1, 1, 1, 1, 2), (0, 1, 2, 3)) == Fraction(1, 6)  # only a fifth 1
        assert reroll_improves((6, 6, 5, 5, 1), (0, 1, 2, 3)) == Fraction(1, 3)  # a 5 or a 6: full house
        assert reroll_improves((1, 2, 3, 4, 6), ()) == 1 - Fraction(480, 6**5)  # only 480 rolls show nothing at all
        assert reroll_improves((2, 2, 2, 2, 2), range(5)) == 0
        dice, kept = (4, 4, 2, 5, 1), (0, 1)
        now = combination_value(mountain_reward(dice)[0])
        better = sum(combination_value(mountain_reward((4, 4) + r)[0]) > now for r in product(range(1, 7), repeat=3))
        assert reroll_improves(dice, kept) == Fraction(better, 216)

    def test_mountain_the_reroll_chance_counts_every_throw_of_the_free_dice_whatever_is_kept(self):
        """Brute force over all 6**n throws of the n free dice, for every set of kept dice of a few climbs."""
        from itertools import combinations

        worth: dict = {}

        def value(faces):
            combo = mountain_reward(faces)[0]
            return worth.setdefault(combo, combination_value(combo))

        for dice in ((3, 3, 5, 1, 2), (6, 6, 5, 5, 1), (1, 2, 3, 4, 6)):
            now = value(dice)
            for n in range(6):
                for kept in combinations(range(5), n):
                    faces = tuple(dice[i] for i in kept)
                    better = sum(value(faces + r) > now for r in product(range(1, 7), repeat=5 - n))
                    assert reroll_improves(dice, kept) == Fraction(better, 6 ** (5 - n)), (dice, kept)

    def test_mountain_combinations_are_ordered_by_what_their_reward_is_worth_at_cave_prices(self):
        order = ["", "pair", "two_pairs", "three", "full_house", "four", "straight", "five"]
        assert [combination_value(c) for c in order] == sorted(combination_value(c) for c in order)
        assert combination_value("pair") == 3 and combination_value("four") == 9  # 3 Krom; 3 Stone at 3 Krom each
