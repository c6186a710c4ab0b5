"""game/krom/tactics.py (issue 33): what each place could score for a seat this round, and each place's
fighters' likely results. Named after the rulebook sections the answers rest on. Evolutions: 1 Fire
(1: 2 Wood), 3 Stone tools (1: 2 Krom 1 Stone), 8 Hut (2: 1 Krom 3 Wood), 11 Raft (2: 3 Wood, Forest),
4 Wall painting (1: 4 Krom, Cave); realized 21 Wheel and 22 Village (4 each)."""

import pytest

from game.krom import PLACES
from game.krom import best_realization, finishers, likely_scores, outlook
from game.krom.testing import position

CAVE, FOREST, SAVANNA, MOUNTAIN = range(4)


def _state(**seat0):
    seat0.setdefault("krom", 0)  # (each Krom starts the game with 5)
    args = {k: [v, 0, 0] for k, v in seat0.items() if k not in ("evolutions", "places")}
    return position(("alma", "morhy", "valkyr"), evolutions=[seat0.get("evolutions", ()), (), ()],
                    places=seat0.get("places", ["cave", "cave", "cave"]), evolution_row=[1, 3, 8, 11], **args)


class TestRealizeEvolutions:
    def test_realize_evolutions_tokens_are_spent_once_the_best_group_wins(self):
        # 3 Wood and 1 Krom: the Hut (2) or Fire (1), not both; in the Forest the Raft (2) too, still one of them.
        s = _state(wood=3, krom=1)
        assert best_realization(s, 0, CAVE) == (2, (2,))
        assert best_realization(s, 0, FOREST)[0] == 2

    def test_realize_evolutions_a_place_symbol_limits_where(self):
        s = _state(wood=3)
        assert best_realization(s, 0, CAVE) == (1, (0,))  # Fire only: the Hut needs Krom, the Raft the Forest
        assert best_realization(s, 0, FOREST) == (2, (3,))

    def test_realize_evolutions_two_in_one_phase(self):
        s = _state(wood=2, krom=2, stone=1)
        assert best_realization(s, 0, SAVANNA) == (2, (0, 1))

    def test_realize_evolutions_nothing_payable_is_zero(self):
        assert best_realization(_state(), 0, CAVE) == (0, ())


class TestEndOfTheGame:
    def test_end_of_the_game_the_outlook_says_where_the_win_is(self):
        s = _state(wood=3, evolutions=(21, 22))  # 8 points: the Raft's 2 win, in the Forest only
        view = outlook(s, 0)
        assert view[FOREST].wins and not view[CAVE].wins and view[FOREST].slots == (3,)
        assert finishers(s) == [(0, FOREST)]


class TestCombat:
    def test_combat_alone_in_a_place_there_is_no_fight(self):
        s = _state(places=["cave", "forest", "forest"])
        assert outlook(s, 0)[SAVANNA].fight == 1.0
        assert likely_scores(s, CAVE) == {}

    def test_combat_the_fighters_chances_add_up_to_one(self):
        s = _state(places=["cave", "forest", "forest"])
        odds = likely_scores(s, FOREST)
        assert set(odds) == {1, 2} and sum(odds.values()) == pytest.approx(1.0)
        assert 0.0 < outlook(s, 0)[FOREST].fight < 1.0  # joining two there: a three-way fight
        assert PLACES[FOREST] == "forest"
