"""Rulebook sections "Combat", "Stunned" and "2. Action Phases": who fights, who plays first, damage, stuns and steals."""

from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from game.core import Action, IllegalAction
from game.krom import DINO, apply, check_invariants, combat_odds, decision, legal_actions, steal_options, win_chances
from game.krom.events import describe, ActionPhaseStarted, CombatStarted, CombatWon, Damaged, NothingToSteal, Healed, StealDeclined, Stole, KnockedOut
from game.krom.testing import action_phase, of_type, position, finish_phase, run_passing, with_rolls

NO_HANDS = [[], [], []]


def started(events):
    return [e.seat for e in of_type(events, ActionPhaseStarted)]


class TestWorkedExampleKolosKarokValkyr:
    """Kolos rolls 6, Karok 3, Valkyr 2: Kolos plays first, then Karok would, then Valkyr; Karok (3 hp) is stunned."""

    def fight(self):
        s = position(["kolos", "karok", "valkyr"], hp=[7, 3, 7], wood=[0, 1, 0], hands=NO_HANDS)
        return run_passing(with_rolls(s, [6, 3, 2]), "go forest", "go forest", "go forest")

    def test_dice_decide_the_order_and_the_damage(self):
        s, events = self.fight()
        [won] = of_type(events, CombatWon)
        assert won.ranking == (0, 1, 2) and won.scores == (6, 3, 2)
        assert [(e.piece, e.amount, e.left) for e in of_type(events, Damaged)] == [(1, 3, 0), (2, 4, 3)]
        assert s.players[2].hp == 3 and s.players[1].hp == 0 and s.players[0].hp == 7

    def test_karok_is_stunned_and_kolos_empties_his_pockets(self):
        s, events = self.fight()
        assert [e.piece for e in of_type(events, KnockedOut)] == [1]
        assert decision(s).kind == "steal" and s.to_move == 0
        assert [str(a) for a in legal_actions(s)] == ["steal wood", "steal krom", "pass"]
        s, events = run_passing(s, "steal krom")
        assert of_type(events, Stole) == [Stole(0, 1, "krom", 3)]
        assert (s.players[0].krom, s.players[1].krom) == (8, 2)
        # Kolos plays, then Valkyr; Karok loses his Action phase
        assert started(events) == [0]
        s, events = finish_phase(s)
        assert started(events) == [2]
        check_invariants(s)


def test_stunned_the_winner_may_decline_to_steal():
    s, _ = TestWorkedExampleKolosKarokValkyr().fight()
    before = (s.players[0].krom, s.players[0].wood, s.players[1].krom, s.players[1].wood, s.players[1].hand)
    s, events = run_passing(s, "pass")
    assert of_type(events, StealDeclined) == [StealDeclined(0, 1)] and of_type(events, Stole) == []
    assert (s.players[0].krom, s.players[0].wood, s.players[1].krom, s.players[1].wood, s.players[1].hand) == before
    assert started(events) == [0]
    check_invariants(s)


def test_example_alma_plays_first_then_the_savanna_fight_decides_between_morhy_and_valkyr():
    # Alma alone in the Cave plays first; Mörhy and Valkyr share the Savanna and fight.
    s = position(["alma", "morhy", "valkyr"], places=["forest", "cave", "cave"], hands=NO_HANDS)
    s, events = run_passing(with_rolls(s, [2, 5]), "go cave", "go savanna", "go savanna")
    assert started(events) == [0]
    assert of_type(events, CombatStarted) == []  # the Savanna fight waits for Alma's phase
    s, events = finish_phase(s)
    [fight] = of_type(events, CombatStarted)
    assert fight.fighters == (1, 2)
    assert of_type(events, CombatWon)[0].ranking == (2, 1)  # Valkyr rolled 5
    assert started(events) == [2]
    s, events = finish_phase(s)
    assert started(events) == [1]


class TestActionPhasesOrder:
    def test_places_play_in_order_cave_forest_savanna_mountain(self):
        s = position(["alma", "morhy", "valkyr", "kolos"], places=["cave", "cave", "cave", "forest"], hands=[[]] * 4)
        s, events = run_passing(s, "go mountain", "go savanna", "go forest", "go cave")
        order = started(events)
        for _ in range(3):
            s, events = finish_phase(s)
            order += started(events)
        assert order == [3, 2, 1, 0]
        assert decision(s).kind == "main"
        s, events = finish_phase(s)
        assert decision(s).kind == "move" and s.round == 2 and s.to_move == 0

    def test_a_player_alone_in_a_place_does_not_fight(self):
        s = position(["alma", "morhy"], hands=[[], []])
        s, events = run_passing(s, "go forest", "go savanna")
        assert of_type(events, CombatStarted) == [] and started(events) == [0]


class TestCombatTies:
    @pytest.mark.parametrize(
        "place, first",
        [("cave", "kolos"), ("savanna", "kolos"), ("forest", "alma"), ("mountain", "alma")],
    )
    def test_ties_go_to_the_heaviest_in_cave_and_savanna_the_lightest_in_forest_and_mountain(self, place, first):
        start = "forest" if place == "cave" else "cave"
        s = position(["alma", "kolos"], places=[start, start], hands=[[], []])
        s, events = run_passing(with_rolls(s, [4, 4]), f"go {place}", f"go {place}")
        [won] = of_type(events, CombatWon)
        assert won.ranking[0] == ["alma", "kolos"].index(first)
        assert of_type(events, Damaged) == []  # a tie with the winner costs nothing
        rule = "heavier" if place in ("cave", "savanna") else "lighter"
        assert describe(won, s).endswith(f"Equal scores go to the {rule} Krom here."), "the log says why the tie went so"

    def test_only_the_highest_tie_picks_one_winner_the_others_follow_in_descending_order(self):
        s = position(["alma", "morhy", "valkyr", "kolos"], hands=[[]] * 4)
        s, events = run_passing(with_rolls(s, [5, 2, 5, 3]), "go savanna", "go savanna", "go savanna", "go savanna")
        [won] = of_type(events, CombatWon)
        assert won.ranking == (2, 0, 3, 1) and won.scores == (5, 5, 3, 2)  # Valkyr outweighs Alma
        assert [(e.piece, e.amount) for e in of_type(events, Damaged)] == [(3, 2), (1, 3)]


class TestStunned:
    def stun(self, victim_tokens, hand=()):
        s = position(["kolos", "karok"], hp=[7, 2], hands=[[], list(hand)], **victim_tokens)
        return run_passing(with_rolls(s, [6, 1]), "go forest", "go forest")

    def test_the_winner_chooses_one_wood_stone_or_bone_half_the_krom_rounded_up_or_a_random_bonus(self):
        s, _ = self.stun({"krom": [5, 7], "wood": [0, 2], "stone": [0, 1], "bone": [0, 0]}, hand=[9, 20])
        assert steal_options(s, 1) == ["wood", "stone", "krom", "bonus"]
        after, _ = run_passing(s, "steal krom")
        assert (after.players[0].krom, after.players[1].krom) == (9, 3)
        after, events = run_passing(with_rolls(s, [20]), "steal bonus")
        assert of_type(events, Stole) == [Stole(0, 1, "bonus", 1, 20)]
        assert after.players[0].hand == (20,) and after.players[1].hand == (9,)
        after, _ = run_passing(s, "steal wood")
        assert (after.players[0].wood, after.players[1].wood) == (1, 1)

    def test_stealing_what_the_victim_lacks_is_refused(self):
        s, _ = self.stun({"krom": [5, 7], "wood": [0, 0]})
        with pytest.raises(IllegalAction, match="^They have no Wood to steal\\.$"):
            apply(s, Action.of("steal", "wood"))

    def test_nothing_to_steal_skips_the_decision(self):
        s, events = self.stun({"krom": [5, 0]})
        assert of_type(events, NothingToSteal) == [NothingToSteal(0, 1)]
        assert decision(s).kind == "main" and s.to_move == 0

    def test_a_stunned_player_skips_the_round_and_comes_back_with_7_hit_points(self):
        s, events = self.stun({"krom": [5, 0]})
        assert s.players[1].stunned and s.players[1].hp == 0
        s, events = finish_phase(s)
        assert started(events) == []  # Karok's phase is lost
        assert decision(s).kind == "move" and s.round == 2
        assert of_type(events, Healed) == [Healed(1, 7, 7, "recovered")]
        assert s.players[1].hp == 7 and not s.players[1].stunned

    def test_hit_points_never_drop_below_zero(self):
        _s, events = self.stun({"krom": [5, 0]})
        assert of_type(events, Damaged) == [Damaged(1, 5, 0, "combat")]


def test_several_stunned_players_are_stolen_from_one_after_another():
    s = position(["kolos", "karok", "valkyr"], hp=[7, 1, 2], hands=[[], [], []])
    s, _ = run_passing(with_rolls(s, [6, 1, 1]), "go mountain", "go mountain", "go mountain")
    # in the order of the combat: Valkyr, lighter, ranks before Karok in the Mountain
    assert s.steals == ((0, 2), (0, 1))
    s, _ = run_passing(s, "steal krom")
    assert decision(s).kind == "steal" and s.steals == ((0, 1),)
    s, _ = run_passing(s, "steal krom")
    assert decision(s).kind == "main" and s.players[0].krom == 11


def test_the_action_phase_of_a_finished_player_is_not_replayed_after_fighting():
    s = action_phase(position(["alma", "morhy"], places=["cave", "forest"]), 0)
    s, events = finish_phase(s)
    assert started(events) == [1]


class TestCombatOdds:
    """Before the roll, each fighter's exact chance to win, from dice and weights (rulebook "Combat")."""

    def test_two_krom_the_lighter_wins_ties_in_the_forest(self):
        assert win_chances([(48, 0), (96, 0)], heaviest_wins=False) == [Fraction(7, 12), Fraction(5, 12)]
        assert win_chances([(48, 0), (96, 0)], heaviest_wins=True) == [Fraction(5, 12), Fraction(7, 12)]

    def test_the_kromosaurus_adds_2_to_its_die(self):
        assert win_chances([(200, 2), (50, 0)], heaviest_wins=True) == [Fraction(5, 6), Fraction(1, 6)]

    def test_odds_match_every_roll_and_sum_to_1(self):
        fighters = [(48, 0), (64, 0), (200, 2), (83, 0)]
        for heavy in (True, False):
            wins = [0] * len(fighters)
            for faces in product(range(1, 7), repeat=len(fighters)):
                best = max(range(len(fighters)), key=lambda i: (faces[i] + fighters[i][1], fighters[i][0] if heavy else -fighters[i][0]))
                wins[best] += 1
            assert win_chances(fighters, heavy) == [Fraction(w, 6 ** len(fighters)) for w in wins]

    def test_combat_odds_for_a_place_in_a_game(self):
        s = position(["alma", "kolos", "valkyr"], places=["forest", "forest", "cave"], kromosaurus=True, hands=NO_HANDS)
        s = replace(s, dino_place=1)
        odds = combat_odds(s, 1)
        assert set(odds) == {0, 1, DINO} and sum(odds.values()) == 1
        assert odds == dict(zip((0, 1, DINO), win_chances([(48, 0), (96, 0), (200, 2)], heaviest_wins=False)))
        assert combat_odds(s, 0) == {}  # Valkyr alone in the Cave does not fight
