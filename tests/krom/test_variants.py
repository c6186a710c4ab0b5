"""Rulebook sections "Glacial Board" and "Kromosaurus" (its Setup, Movement Phase, Combat and Bonuses)."""

import pytest

from game.core import Action, IllegalAction
from game.krom import DINO, apply, check_invariants, decision, legal_actions, new_game, outcome, points, Setup
from game.krom.events import (
    ActionPhaseStarted,
    CombatStarted,
    CombatWon,
    GameOver,
    Damaged,
    Healed,
    KromosaurusDefeated,
    KromosaurusMoved,
    Stole,
    KnockedOut,
    TrophyTaken,
)
from game.krom.testing import of_type, position, finish_phase, run_passing, with_rolls


class TestGlacialBoard:
    def go(self, place, hp, start="cave"):
        s = position(["alma", "morhy"], glacial=True, places=[start, "cave"], hp=[hp, 7], hands=[[], []])
        s, events = run_passing(s, f"go {place}", "go mountain" if place != "mountain" else "go savanna")
        if s.to_move != 0:  # Mörhy played first
            s, more = finish_phase(s)
            events += more
        return s, events

    @pytest.mark.parametrize("place", ["forest", "savanna", "mountain"])
    def test_one_hit_point_lost_at_the_start_of_an_action_phase_outside_the_cave(self, place):
        s, events = self.go(place, 5)
        assert [e for e in of_type(events, Damaged) if e.piece == 0] == [Damaged(0, 1, 4, "cold")] and s.players[0].hp == 4

    def test_never_the_last_hit_point(self):
        s, events = self.go("forest", 1)
        assert of_type(events, Damaged) == [] and s.players[0].hp == 1

    def test_one_hit_point_back_in_the_cave_up_to_7(self):
        s, events = self.go("cave", 5, start="forest")
        assert of_type(events, Healed) == [Healed(0, 1, 6, "fire")]
        s, events = run_passing(s, "rest")
        assert s.players[0].hp == 7
        s, events = self.go("cave", 7, start="forest")
        assert [e for e in of_type(events, Healed) if e.cause == "fire"] == []

    def test_after_the_combat_and_only_for_players_who_play(self):
        s = position(["kolos", "karok"], glacial=True, hp=[7, 2], hands=[[], []], krom=[5, 0])
        s, events = run_passing(with_rolls(s, [6, 1]), "go forest", "go forest")
        kinds = [type(e).__name__ for e in events]
        assert kinds.index("CombatWon") < kinds.index("ActionPhaseStarted")
        assert [e for e in of_type(events, Damaged) if e.source == "cold"] == [Damaged(0, 1, 6, "cold")]  # the stunned Karok has no Action phase

    def test_off_without_the_option(self):
        s = position(["alma", "morhy"], hands=[[], []])
        s, events = run_passing(s, "go forest", "go mountain")
        assert of_type(events, Damaged) == [] and of_type(events, Healed) == []


class TestKromosaurus:
    def test_setup_with_10_hit_points_off_the_board(self):
        s = new_game(Setup(3, kromosaurus=True), 4)
        assert (s.dino_hp, s.dino_place) == (10, -1)
        assert new_game(Setup(3), 4).dino_hp == 0

    def test_its_destination_is_drawn_after_the_reveal_and_it_may_stay(self):
        s = position(["alma", "morhy"], kromosaurus=True, hands=[[], []])
        s, events = run_passing(with_rolls(s, ["mountain"]), "go forest")
        assert of_type(events, KromosaurusMoved) == []  # not before everyone picked
        s, events = run_passing(s, "go savanna")
        assert of_type(events, KromosaurusMoved) == [KromosaurusMoved(3)]
        kinds = [type(e).__name__ for e in events]
        assert kinds.index("DestinationsRevealed") < kinds.index("KromosaurusMoved")
        s, _ = finish_phase(finish_phase(s)[0])
        s, events = run_passing(with_rolls(s, ["mountain"]), "go cave", "go cave")
        assert of_type(events, KromosaurusMoved) == [KromosaurusMoved(3)] and s.dino_place == 3

    def test_never_in_the_cave(self):
        seen = set()
        for seed in range(30):
            s = position(["alma", "morhy"], kromosaurus=True, seed=seed, hands=[[], []])
            s, _ = run_passing(s, "go forest", "go forest")
            seen.add(s.dino_place)
        assert seen == {1, 2, 3}

    def test_it_fights_like_a_player_with_2_added_to_its_die(self):
        s = position(["alma", "morhy"], kromosaurus=True, hands=[[], []])
        s, events = run_passing(with_rolls(s, ["savanna", 5, 3]), "go savanna", "go mountain")
        assert of_type(events, CombatStarted) == [CombatStarted(2, (0, DINO))]
        [won] = of_type(events, CombatWon)
        assert won.ranking == (DINO, 0) and won.scores == (5, 5)  # 3 + 2 ties Alma; it is heavier, in the Savanna
        assert of_type(events, Damaged) == []

    def test_lighter_krom_win_ties_against_it_in_the_forest_and_mountain(self):
        s = position(["alma", "morhy"], kromosaurus=True, hands=[[], []])
        s, events = run_passing(with_rolls(s, ["forest", 5, 3]), "go forest", "go mountain")
        assert of_type(events, CombatWon)[0].ranking == (0, DINO)

    def test_it_never_steals(self):
        s = position(["alma", "morhy"], kromosaurus=True, hp=[2, 7], krom=[5, 5], hands=[[], []])
        s, events = run_passing(with_rolls(s, ["forest", 1, 6]), "go forest", "go mountain")
        assert of_type(events, KnockedOut) == [KnockedOut(0)]
        assert decision(s).kind == "main" and s.to_move == 1 and s.steals == ()
        assert s.players[0].krom == 5

    def test_whoever_stuns_it_removes_it_and_keeps_the_trophy_worth_1_point(self):
        s = position(["alma", "morhy"], kromosaurus=True, dino_hp=3, hands=[[], []])
        s, events = run_passing(with_rolls(s, ["forest", 6, 1]), "go forest", "go mountain")
        assert of_type(events, Damaged) == [Damaged(DINO, 3, 0, "combat")]
        assert of_type(events, KromosaurusDefeated) == [KromosaurusDefeated(0)]
        assert (s.trophy, s.dino_hp, s.dino_place, points(s, 0)) == (0, 0, -1, 1)
        assert decision(s).kind == "main"  # nothing is stolen from it
        s, _ = finish_phase(finish_phase(s)[0])
        s, events = run_passing(s, "go cave", "go forest")
        assert of_type(events, KromosaurusMoved) == []  # gone for good
        check_invariants(s)

    def test_it_keeps_its_wounds_from_round_to_round(self):
        s = position(["alma", "morhy"], kromosaurus=True, hands=[[], []])
        s, _ = run_passing(with_rolls(s, ["forest", 6, 1]), "go forest", "go mountain")
        assert s.dino_hp == 7
        s, _ = run_passing(finish_phase(finish_phase(s)[0])[0], "go cave", "go cave")
        assert s.dino_hp == 7

    def test_the_trophy_is_stolen_along_with_the_steal_when_its_holder_is_stunned(self):
        s = position(["kolos", "karok"], kromosaurus=True, dino_hp=0, trophy=1, hp=[7, 1], krom=[5, 4], hands=[[], []])
        assert points(s, 1) == 1
        s, events = run_passing(with_rolls(s, [6, 1]), "go forest", "go forest")
        assert of_type(events, TrophyTaken) == [TrophyTaken(0, 1)]
        assert (points(s, 0), points(s, 1)) == (1, 0)
        assert decision(s).kind == "steal"
        s, events = run_passing(s, "steal krom")
        assert of_type(events, Stole) == [Stole(0, 1, "krom", 2)]

    def test_the_trophy_can_win_the_game_at_once(self):
        s = position(["kolos", "karok"], kromosaurus=True, dino_hp=0, trophy=1, hp=[7, 1], hands=[[], []], evolutions=[[21, 22, 5], []], evolution_deck=[])
        assert points(s, 0) == 9
        s, events = run_passing(with_rolls(s, [6, 1]), "go forest", "go forest")
        assert of_type(events, GameOver) == [GameOver((0,), "Kolos reached 10 Evolution points first.", 10)] and outcome(s).winners == (0,)
        assert legal_actions(s) == [] and decision(s).kind == "over" and s.to_move is None  # the steal is not played out

    def test_three_way_fights_with_it(self):
        s = position(["alma", "morhy"], kromosaurus=True, hands=[[], []])
        s, events = run_passing(with_rolls(s, ["mountain", 4, 2, 1]), "go mountain", "go mountain")
        [won] = of_type(events, CombatWon)
        assert won.ranking == (0, DINO, 1) and won.scores == (4, 3, 2)
        assert of_type(events, Damaged) == [Damaged(DINO, 1, 9, "combat"), Damaged(1, 2, 5, "combat")]
        assert [e.seat for e in of_type(events, ActionPhaseStarted)] == [0]

    def test_it_is_not_a_bonus_target(self):
        evil_eye = 17
        s = position(["alma", "morhy"], kromosaurus=True, places=["cave", "cave"], hands=[[evil_eye], []])
        s, _ = run_passing(with_rolls(s, ["forest", 6, 1]), "go forest", "go mountain")  # Alma fights it in the Forest
        s, _ = run_passing(s, f"play {evil_eye}")
        assert [str(a) for a in legal_actions(s)] == ["target 1", "cancel"]
        with pytest.raises(IllegalAction, match="^There is no such player\\.$"):
            apply(s, Action.of("target", -1))
