"""Rulebook sections "Realize Evolutions", "Goal" and "End of the Game"."""

import pytest

from game.krom import EVOLUTIONS, Setup, check_invariants, decision, legal_actions, outcome, points, target_points
from game.krom.events import EvolutionRealized, EvolutionRevealed, GameOver
from game.krom import affordable_anywhere, affordable_evolutions, evolution_problems
from game.krom.testing import action_phase, of_type, position, refused, run

# Evolution ids (game/krom/data/evolutions.toml): 1 Fire (1 pt: 2 Wood), 5 Drum (1: Wood, Bone),
# 8 Hut (2: 3 Wood, 1 Krom), 18 Menhir (3: 3 Stone, 1 Krom, Mountain), 21 Wheel (4: 3 Wood, 2 Stone, 2 Krom),
# 22 Village (4), 23 Shamanism (4, Cave), 24 Agriculture (4).
FIRE, DRUM, HUT, MENHIR, WHEEL, VILLAGE, SHAMANISM, AGRICULTURE = 1, 5, 8, 18, 21, 22, 23, 24


def test_card_ids_used_here_match_the_data():
    assert [EVOLUTIONS[c].name for c in (FIRE, DRUM, HUT, MENHIR, WHEEL, VILLAGE, SHAMANISM, AGRICULTURE)] == [
        "Fire", "Drum", "Hut", "Menhir", "Wheel", "Village", "Shamanism", "Agriculture",
    ]  # fmt: skip



def forest_phase(**kw):
    kw.setdefault("evolution_row", [FIRE, HUT, MENHIR, DRUM])
    kw.setdefault("evolution_deck", [WHEEL])
    return action_phase(position(["alma", "morhy"], places=["forest", "cave"], **kw), 0)


class TestRealizeEvolutions:
    def test_pay_the_cost_score_the_points_and_replace_the_card(self):
        s, events = run(forest_phase(wood=[5, 0]), "realize 0")
        p = s.players[0]
        assert (p.wood, p.krom, p.evolutions, points(s, 0)) == (3, 5, (FIRE,), 1)
        assert of_type(events, EvolutionRealized) == [EvolutionRealized(0, FIRE, 1)]
        assert of_type(events, EvolutionRevealed) == [EvolutionRevealed(0, WHEEL)]
        assert s.evolution_row == (WHEEL, HUT, MENHIR, DRUM) and s.supply["wood"] == 12 - 3
        s, _ = run(s, "realize 1")
        assert points(s, 0) == 3 and s.players[0].krom == 4
        check_invariants(s)

    def test_a_place_on_the_card_binds_it_to_that_place(self):
        s = forest_phase(stone=[3, 0])
        refused(s, "realize 2", "Menhir can only be realized in the Mountain; you are in the Forest.")
        assert evolution_problems(s)[2] == "Menhir can only be realized in the Mountain; you are in the Forest"
        assert 2 in affordable_anywhere(s, 0) and 2 not in affordable_evolutions(s)

    def test_the_cost_must_be_paid_in_full(self):
        refused(forest_phase(wood=[2, 0]), "realize 1", "Not enough Wood: Hut costs 3, you have 2.")
        assert affordable_evolutions(forest_phase(wood=[2, 0])) == [0]

    def test_only_in_your_own_action_phase(self):
        s = position(["alma", "morhy"], wood=[5, 0])
        refused(s, "realize 0", "It is the Movement phase: pick a destination (the Cave, the Forest, the Savanna or the Mountain).")
        assert evolution_problems(s) == ["Evolutions are realized only in your own Action phase"] * 4

    def test_an_empty_deck_leaves_the_slot_empty(self):
        # Only reachable with six players in a longer game (target 9): 21 Evolutions realized, nobody at 9 yet.
        row = [WHEEL, VILLAGE, AGRICULTURE, SHAMANISM]
        realized = [[], [], [], [], [], []]
        for card in sorted((c for c in range(25) if c not in row), key=lambda c: -EVOLUTIONS[c].points):
            seat = min(range(6), key=lambda i: (sum(EVOLUTIONS[e].points for e in realized[i]) + (4 if i == 0 else 0), i))
            realized[seat].append(card)
        chars = ["alma", "morhy", "valkyr", "nukka", "karok", "kolos"]
        s = position(chars, longer=True, places=["forest"] + ["cave"] * 5, wood=[3, 0, 0, 0, 0, 0], stone=[2, 0, 0, 0, 0, 0], evolutions=realized, evolution_row=row)
        s = action_phase(s, 0)
        assert s.evolution_deck == () and max(points(s, i) for i in range(6)) <= 8
        check_invariants(s)
        s, events = run(s, "realize 0")
        assert s.evolution_row == (-1, VILLAGE, AGRICULTURE, SHAMANISM) and of_type(events, EvolutionRevealed) == []
        refused(s, "realize 0", "There is no Evolution card there.")
        check_invariants(s)


class TestEndOfTheGame:
    def test_the_first_to_reach_the_target_wins_at_once(self):
        s = forest_phase(wood=[5, 0], evolutions=[[WHEEL, VILLAGE, DRUM], []], evolution_row=[FIRE, HUT, MENHIR, AGRICULTURE], evolution_deck=[])
        assert points(s, 0) == 9
        s, events = run(s, "realize 0")
        assert of_type(events, GameOver) == [GameOver((0,), "Alma reached 10 Evolution points first.", 10)]
        assert s.to_move is None and decision(s).kind == "over" and legal_actions(s) == []
        assert outcome(s).winners == (0,) and outcome(s).reason == "Alma reached 10 Evolution points first."
        refused(s, "end", "The game is over.")
        check_invariants(s)

    @pytest.mark.parametrize("players, longer, target", [(2, False, 10), (3, False, 10), (4, False, 10), (5, False, 8), (6, False, 7), (2, True, 12), (5, True, 10), (6, True, 9)])
    def test_target_points_by_player_count_and_the_longer_game(self, players, longer, target):
        assert target_points(Setup(players, longer=longer)) == target

    def test_six_players_win_at_seven(self):
        chars = ["alma", "morhy", "valkyr", "nukka", "karok", "kolos"]
        s = action_phase(position(chars, places=["forest"] + ["cave"] * 5, wood=[2, 0, 0, 0, 0, 0], evolutions=[[WHEEL, HUT], [], [], [], [], []], evolution_row=[FIRE, MENHIR, DRUM, VILLAGE]), 0)
        s, events = run(s, "realize 0")
        assert of_type(events, GameOver) == [GameOver((0,), "Alma reached 7 Evolution points first.", 7)] and outcome(s).winners == (0,)

    def test_the_total_of_evolution_points_always_lets_someone_win(self):
        total = sum(c.points for c in EVOLUTIONS)
        for players in range(2, 7):
            needed = target_points(Setup(players, longer=True))
            # with every Evolution realized, someone holds at least total / players points
            assert -(-total // players) >= needed, (players, total)
