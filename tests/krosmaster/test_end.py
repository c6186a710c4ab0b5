"""End of the Game: half of a team KO'd at once, or the Favor pile empty at the end of a turn."""

import game.krosmaster as K
from game.core import Outcome
from game.krosmaster.events import GameOver, KnockedOut
from game.krosmaster.testing import build, place_all, run, with_rolls

TEAM = [("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (5, 8)), ("arrowna", 1, (3, 6)), ("wa_wabbit", 1, (6, 0))]
ALL_DRAWN = {"left": ("weakness", "gust", "brazier", "cold_wave", "second_wind"),
                 "right": ("quagmire", "bandages", "krosmic_leap", "lucky_punch", "transposition")}


class TestEndOfTheGame:
    def test_a_ko_ends_the_game_at_once(self):
        weak = {"kind": "arrowna", "owner": 1, "cell": [3, 6], "injuries": 5}
        s = build([TEAM[0], TEAM[1], weak, TEAM[3]], active=0)
        s, ev = run(with_rolls(s, ["blank"]), "cast 0 catroulette 3 6")
        assert ev[-2:] == [KnockedOut(2), GameOver((0,), "Pink lost half of their Krosmasters.", (1,), (0, 0))]
        assert s.phase == "over" and K.legal_actions(s) == []

    def test_knocking_out_your_own_krosmaster_loses(self):
        weak = {"kind": "golda_purse", "owner": 0, "cell": [3, 6], "injuries": 7}
        s = build([TEAM[0], weak, ("arrowna", 1, (0, 0)), TEAM[3]], active=0)
        s, ev = run(with_rolls(s, ["blank"]), "cast 0 catroulette 3 6")
        assert ev[-1] == GameOver((1,), "Blue lost half of their Krosmasters.", (0,), (0, 0))

    def test_a_walk_into_fire_can_end_it(self):
        weak = {"kind": "felix_dicebag", "owner": 0, "cell": [3, 8], "injuries": 5}
        s = build([weak, *TEAM[1:]], active=0, terrain={(3, 7): "fire"})
        s, ev = run(s, "move 0 3 7")
        assert ev[-1] == GameOver((1,), "Blue lost half of their Krosmasters.", (0,), (0, 0))

    def test_ten_turns_five_each_when_nobody_is_ko(self):
        s, _ = place_all(K.new_game(K.Setup(), 12))
        movers = []
        while s.phase != "over":
            movers.append(s.to_move)
            s, _ev = run(s, "slot left", "pass")
        assert len(movers) == 10 and movers.count(0) == movers.count(1) == 5
        assert s.turn == 10 and s.pile == ()
        assert K.outcome(s) == Outcome((), "The Favor pile is empty and both sides hold 0 Glyph cells.")

    def test_most_glyph_cells_wins_when_the_pile_is_empty(self):
        s = build(TEAM, glyphs={(1, 2): 0, (2, 6): 0, (5, 3): 1}, **ALL_DRAWN)
        assert s.pile == () and s.turn == 10
        s, ev = run(s, "pass")
        assert ev[-1] == GameOver((0,), "The Favor pile is empty: Blue holds 2 Glyph cells to 1.", (), (2, 1))

    def test_a_tie_has_no_winner(self):
        s = build(TEAM, glyphs={(1, 2): 0, (5, 3): 1}, **ALL_DRAWN)
        s, ev = run(s, "pass")
        assert ev[-1] == GameOver((), "The Favor pile is empty and both sides hold 1 Glyph cell.", (), (1, 1))
        assert K.outcome(s).is_draw

    def test_the_pile_is_only_checked_at_the_end_of_a_turn(self):
        s = build(TEAM, active=0, **ALL_DRAWN)
        s, _ = run(s, "move 0 3 7")
        assert s.phase == "act"
