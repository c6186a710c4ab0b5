"""Krosmic Favors: each of the two visible Favors once per player per turn, 1 AP or free with the Dofus."""

import pytest

import game.krosmaster as K
from game.core import Action, IllegalAction
from game.krosmaster.events import (
    Damaged, DiceRolled, FavorUsed, Healed, MarkerPlaced, Moved, Summoned, TerrainPlaced,
)
from game.krosmaster.testing import build, cell_of, run, with_rolls

TEAM = [("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (5, 8)), ("arrowna", 1, (3, 6)), ("wa_wabbit", 1, (6, 0))]


def favor_cells(s, slot):
    return sorted((a.args[2], a.args[3]) for a in K.legal_actions(s) if a.kind == "favor" and a.args[1] == slot)


class TestKrosmicFavorUse:
    def test_one_krosmaster_may_use_both(self):
        s = build(TEAM, active=0, left=("weakness",), right=("second_wind",), dofus=1)
        s, ev = run(s, "favor 0 left 3 6", "favor 0 right 3 8")
        assert ev[0] == FavorUsed(0, "weakness", "left", (3, 6), False)
        assert s.used_slots == ("left", "right") and s.ap == 1 and s.mp == 5

    def test_each_favor_once_per_turn(self):
        s = build(TEAM, active=0, left=("weakness",), right=("second_wind",))
        s, _ = run(s, "favor 0 left 3 6")
        assert favor_cells(s, "left") == []
        with pytest.raises(IllegalAction, match="The left Favor was already used this turn"):
            K.apply(s, Action("favor", (0, "left", 3, 6)))
        s, _ = run(s, "end 0", "activate 1")
        assert favor_cells(s, "left") == [] and favor_cells(s, "right") == [(5, 8)]

    def test_the_opponent_may_use_them_again_on_their_turn(self):
        s = build(TEAM, active=0, left=("weakness",), right=("second_wind",))
        s, _ = run(s, "favor 0 left 3 6", "end 0", "pass", "slot right", "activate 2")
        assert favor_cells(s, "left") == [(3, 8)]

    def test_costs_one_action_point(self):
        s = build(TEAM, active=0, left=("weakness",), dofus=1)
        s, _ = run(s, "favor 0 left 3 6")
        assert s.ap == 2

    def test_free_for_the_dofus_holder(self):
        s = build(TEAM, active=0, left=("weakness",), right=("second_wind",), dofus=0)
        s, ev = run(s, "favor 0 left 3 6", "favor 0 right 3 8")
        assert ev[0] == FavorUsed(0, "weakness", "left", (3, 6), True)
        assert s.ap == 3

    def test_without_ap_only_the_dofus_holder_may_use_one(self):
        tired = {"kind": "felix_dicebag", "owner": 0, "cell": [3, 8], "ap_mark": -3}
        s = build([tired, *TEAM[1:]], active=0, left=("weakness",), dofus=1)
        with pytest.raises(IllegalAction, match=r"No Action Points left \(a Favor costs 1 AP without the Dofus\)"):
            K.apply(s, Action("favor", (0, "left", 3, 6)))
        s = build([tired, *TEAM[1:]], active=0, left=("weakness",), dofus=0)
        assert favor_cells(s, "left") == [(3, 6), (5, 8)]

    def test_only_the_visible_favor_of_a_slot(self):
        s = build(TEAM, active=0, left=("gust", "weakness"), right=())
        s, ev = run(s, "favor 0 left 3 6")
        assert ev[0].favor == "weakness"

    def test_an_empty_slot(self):
        s = build(TEAM, active=0, left=("weakness",), right=())
        with pytest.raises(IllegalAction, match="There is no Favor in the right slot"):
            K.apply(s, Action("favor", (0, "right", 3, 8)))


class TestBasicFavors:
    def test_cold_wave_anywhere_that_can_take_a_tile(self):
        s = build(TEAM, active=0, left=("cold_wave",))
        cells = favor_cells(s, "left")
        assert len(cells) == 80 - 8 - 6 - 4  # no tree, bush, Glyph cell or fighter
        assert (0, 0) in cells and (1, 2) not in cells
        _s2, ev = run(s, "favor 0 left 0 0")
        assert ev[1] == TerrainPlaced("ice", (0, 0))
        with pytest.raises(IllegalAction, match="Terrain tiles cannot go on Glyph cells"):
            K.apply(s, Action("favor", (0, "left", 1, 2)))

    def test_brazier(self):
        s, ev = run(build(TEAM, active=0, left=("brazier",)), "favor 0 left 7 7")
        assert ev[1] == TerrainPlaced("fire", (7, 7)) and s.terrain[7 * 8 + 7] == "fire"

    def test_second_wind(self):
        s, ev = run(build(TEAM, active=0, left=("second_wind",)), "favor 0 left 3 8")
        assert ev[1] == MarkerPlaced(0, "mp", 2) and s.mp == 5

    def test_gust_shoves_two_cells(self):
        _s, ev = run(build(TEAM, active=0, left=("gust",)), "favor 0 left 3 6")
        assert [e.path for e in ev if isinstance(e, Moved)] == [((3, 6), (3, 5)), ((3, 5), (3, 4))]

    def test_weakness(self):
        _s, ev = run(build(TEAM, active=0, left=("weakness",)), "favor 0 left 3 6")
        assert ev[1] == MarkerPlaced(2, "ap", -1)

    def test_quagmire(self):
        _s, ev = run(build(TEAM, active=0, left=("quagmire",)), "favor 0 left 3 6")
        assert ev[1] == MarkerPlaced(2, "mp", -2)

    def test_bandages_heal_an_allied_krosmaster_or_oneself(self):
        hurt = {"kind": "golda_purse", "owner": 0, "cell": [5, 8], "injuries": 3}
        s = build([TEAM[0], hurt, *TEAM[2:]], active=0, left=("bandages",))
        assert favor_cells(s, "left") == [(3, 8), (5, 8)]
        s, ev = run(s, "favor 0 left 5 8")
        assert ev[1] == Healed(1, 2, 7, 1)

    def test_bandages_remove_no_more_injuries_than_there_are(self):
        hurt = {"kind": "golda_purse", "owner": 0, "cell": [5, 8], "injuries": 1}
        _s, ev = run(build([TEAM[0], hurt, *TEAM[2:]], active=0, left=("bandages",)), "favor 0 left 5 8")
        assert ev[1] == Healed(1, 1, 8, 0)

    def test_krosmic_leap_over_anything(self):
        s = build([("felix_dicebag", 0, (1, 8)), *TEAM[1:]], active=0, left=("krosmic_leap",))
        assert (1, 6) in favor_cells(s, "left")  # over the tree at (1, 7)
        s, ev = run(s, "favor 0 left 1 6")
        assert ev[1] == Moved(0, ((1, 8), (1, 6)), "teleport")

    def test_lucky_punch_rolls_for_damage(self):
        s = build([("felix_dicebag", 0, (3, 7)), *TEAM[1:]], active=0, left=("lucky_punch",))
        s, ev = run(with_rolls(s, ["critical"]), "favor 0 left 3 6")
        assert ev[1:] == [DiceRolled(0, "combat", ("critical",)), Damaged(2, 2, 4, "combat", 2)]

    def test_transposition_swaps_places(self):
        s, _ev = run(build(TEAM, active=0, left=("transposition",)), "favor 0 left 3 6")
        assert (s.fighters[0].xy, s.fighters[2].xy) == ((3, 6), (3, 8))


class TestSuperiorFavors:
    SETUP = K.Setup(superior_favors=True)

    def test_fog_bank(self):
        _s, ev = run(build(TEAM, active=0, left=("fog_bank",), setup=self.SETUP), "favor 0 left 0 0")
        assert ev[1] == TerrainPlaced("fog", (0, 0))

    def test_gobball_stampede(self):
        _s, ev = run(build(TEAM, active=0, left=("gobball_stampede",), setup=self.SETUP), "favor 0 left 3 9")
        assert ev[1] == Summoned(4, "gobball", 0, (3, 9))

    def test_mighty_blow(self):
        s = build(TEAM, active=0, left=("mighty_blow",), setup=self.SETUP)
        s, ev = run(with_rolls(s, ["blank"]), "favor 0 left 3 6")
        assert ev[-1] == Damaged(2, 2, 4, "combat", 2)

    def test_krosmic_surge(self):
        s, _ev = run(build(TEAM, active=0, left=("krosmic_surge",), setup=self.SETUP, dofus=0), "favor 0 left 3 8")
        assert s.ap == 5

    def test_superior_pile_is_ten_of_fourteen(self):
        piles = [K.new_game(self.SETUP, seed).pile for seed in range(40)]
        assert all(len(p) == 10 and len(set(p)) == 10 for p in piles)
        seen = set().union(*piles)
        assert seen == set(K.CONTENT.favors)

    def test_krosmic_favors_fog_bank_is_shuffled_in_with_the_superior_favors(self):
        # Advanced Rules, Krosmic Favors: "add the Superior Krosmic Favors to the 10 basic" ones; no
        # other advanced rule is needed. Fog Bank brings its Fog tiles with it.
        piles = [K.new_game(K.Setup(superior_favors=True), seed).pile for seed in range(40)]
        assert "fog_bank" in set().union(*piles)
        assert len(set().union(*piles)) == 14


def test_glyph_cells_listed_by_the_helper_match_the_board():
    assert cell_of("side_a_standard", "glyph") == [(1, 2), (5, 3), (2, 4), (5, 5), (2, 6), (6, 7)]
