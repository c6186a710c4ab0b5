"""game/krosmaster/tactics.py: who can hurt which cell next turn and how much, and who is knockable now.
Each test is named after the rulebook section its answer rests on. Board: side A standard (trees at
G3, A5, H6, B8; bushes at D4, G5, B6, E7)."""

import pytest

from game.krosmaster import Setup, tactics
from game.krosmaster.testing import build


def _odds(hit):
    return {d: round(p * 6) for d, p in hit.odds}


class TestSpellRange:
    def test_spell_range_a_melee_attacker_reaches_its_walk_plus_one(self):
        # Bravo Stormblade: 4 MP, Pressure and Intimidation reach 1 cell.
        s = build([("felix_dicebag", 0, (3, 9)), ("bravo_stormblade", 1, (4, 0))])
        reach = tactics.attacks(s, 1)
        assert (4, 5) in reach and (3, 4) in reach  # he walks to E5, then strikes
        assert (3, 5) not in reach and (5, 5) not in reach and (4, 6) not in reach  # 6 cells away; a bush
        assert {h.ability for h in reach[(4, 5)].hits} == {"spell:pressure"}  # 3 AP: Pressure beats Intimidation

    def test_spell_range_no_cell_closer_than_the_minimum(self):
        # Arrowna with no MP: her damaging spells reach 2 cells or more, never 1.
        s = build([("felix_dicebag", 0, (3, 9)), {"kind": "arrowna", "owner": 1, "cell": [3, 0], "mp_mark": -3}])
        reach = tactics.attacks(s, 1)
        assert (3, 1) not in reach and (4, 0) not in reach
        assert (3, 2) in reach and (3, 5) in reach and (3, 6) not in reach


class TestLineOfSight:
    def test_line_of_sight_a_fighter_in_the_way_hides_the_cell_behind_it(self):
        archer = {"kind": "arrowna", "owner": 1, "cell": [3, 0], "mp_mark": -3}
        s = build([("felix_dicebag", 0, (3, 4)), archer, ("golda_purse", 0, (3, 2))])
        assert (3, 4) not in tactics.attacks(s, 1)
        s = build([("felix_dicebag", 0, (3, 4)), archer, ("golda_purse", 0, (5, 9))])
        assert (3, 4) in tactics.attacks(s, 1)

    def test_line_of_sight_a_fighter_asked_about_does_not_hide_itself(self):
        archer = {"kind": "arrowna", "owner": 1, "cell": [3, 0], "mp_mark": -3}
        s = build([("felix_dicebag", 0, (3, 2)), archer, ("golda_purse", 0, (5, 9))])
        # Felix stands at D3; would he be hit at D5 if he walked there? Only if his own body is not counted.
        assert tactics.knockout_chance(s, 0, (3, 4)) == 0.0  # 7 HP: not a knockout, but the cell is reached
        assert (3, 4) in tactics.threats(s, 0, ignore=[0])
        assert (3, 4) not in tactics.threats(s, 0)


class TestCombatRoll:
    def test_combat_roll_a_hit_deals_one_more_on_a_critical_and_one_less_on_a_shield(self):
        s = build([("felix_dicebag", 0, (4, 2)), ("bravo_stormblade", 1, (4, 1))])
        hit = next(h for h in tactics.attacks(s, 1)[(4, 2)].hits if h.ability == "spell:pressure")
        assert _odds(hit) == {1: 1, 2: 3, 3: 2}  # shield; blank, joker, shield-joker; critical, critical-joker
        assert (hit.sure, hit.most) == (2, 3)

    def test_dice_sides_a_joker_is_turned_to_hurt_most(self):
        s = build([("felix_dicebag", 0, (4, 2)), ("bravo_stormblade", 1, (4, 1))], setup=Setup(die_jokers=True))
        hit = next(h for h in tactics.attacks(s, 1)[(4, 2)].hits if h.ability == "spell:pressure")
        assert _odds(hit) == {1: 1, 2: 1, 3: 4}


class TestTheFighterStillHasAtLeastOneActionPoint:
    def test_the_fighter_still_has_at_least_1_action_point_each_hit_costs_one(self):
        # Bravo has 3 AP: three Pressures at most on one cell.
        s = build([("felix_dicebag", 0, (4, 2)), ("bravo_stormblade", 1, (4, 1))])
        t = tactics.attacks(s, 1)[(4, 2)]
        assert len(t.hits) == 3 and t.sure == 6 and t.most == 9

    def test_the_fighter_still_has_at_least_1_action_point_none_left_no_threat(self):
        s = build([("felix_dicebag", 0, (4, 2)), {"kind": "bravo_stormblade", "owner": 1, "cell": [4, 1], "ap_mark": -3}])
        assert tactics.attacks(s, 1) == {}


class TestTheSpellIsAvailable:
    def test_the_spell_is_available_once_per_turn_spells_count_once(self):
        # Felix: Feline Claw (2, once a turn) then no MP to step back for a Catroulette: one Claw only.
        s = build([("golda_purse", 0, (4, 2)), {"kind": "felix_dicebag", "owner": 1, "cell": [4, 1], "mp_mark": -3}])
        t = tactics.attacks(s, 1)[(4, 2)]
        assert [h.ability for h in t.hits] == ["spell:feline_claw"]

    def test_the_spell_is_available_what_the_active_fighter_used_is_gone(self):
        s = build([("felix_dicebag", 0, (4, 2)), ("golda_purse", 1, (4, 1))], active=0)
        s = s.copy()
        s.used = ("spell:feline_claw",)
        s.ap = 1
        left = tactics.attacks(s, 0, fresh=False)[(4, 1)]
        assert [h.ability for h in left.hits] == ["spell:catroulette"]  # one AP left: a step back and a Catroulette


class TestKrosmicFavors:
    def test_krosmic_favors_with_the_dofus_a_damaging_favor_costs_no_ap(self):
        bravo = {"kind": "bravo_stormblade", "owner": 1, "cell": [4, 1], "ap_mark": -3}
        s = build([("felix_dicebag", 0, (4, 2)), bravo], right=("lucky_punch",), dofus=1)
        assert [h.ability for h in tactics.attacks(s, 1)[(4, 2)].hits] == ["favor:lucky_punch"]
        s = build([("felix_dicebag", 0, (4, 2)), bravo], right=("lucky_punch",), dofus=0)
        assert tactics.attacks(s, 1) == {}


class TestFightOutcome:
    def test_fight_outcome_the_chance_of_a_knockout_follows_the_hp_left(self):
        wounded = {"kind": "felix_dicebag", "owner": 0, "cell": [3, 4], "injuries": 6}  # 1 HP left
        s = build([wounded, ("bravo_stormblade", 1, (3, 2))])
        assert tactics.knockout_chance(s, 0) == 1.0  # Pressure deals at least 1, even on a shield
        s = build([("felix_dicebag", 0, (3, 4)), ("bravo_stormblade", 1, (3, 2))])  # 7 HP: 3 Pressures, 6 to 9
        faces = [1, 2, 2, 2, 3, 3]  # Pressure's damage on each face of the die
        exact = sum(a + b + c >= 7 for a in faces for b in faces for c in faces) / 6 ** 3
        assert tactics.knockout_chance(s, 0) == pytest.approx(exact)
        assert tactics.knockout_chance(s, 0, (3, 9)) == 0.0  # out of his reach

    def test_fight_outcome_safe_cells_are_the_walk_with_its_risk(self):
        wounded = {"kind": "felix_dicebag", "owner": 0, "cell": [3, 6], "injuries": 6}
        s = build([wounded, ("bravo_stormblade", 1, (4, 0))], active=0)
        cells = tactics.safe_cells(s, 0)
        assert (3, 6) in cells and (3, 9) in cells and len(cells) > 5
        assert cells[(4, 5)] == 1.0 and cells[(3, 9)] == 0.0  # Bravo walks to E5 and strikes; D10 is too far


    def test_fight_outcome_harm_in_reach_is_the_mean_damage_up_to_the_hp_left(self):
        # Bravo's turn: his three Pressures (1, 2, 2, 2, 3, 3 on the die's faces) all reach Felix on D5
        faces = [1, 2, 2, 2, 3, 3]
        rolls = [a + b + c for a in faces for b in faces for c in faces]
        s = build([("felix_dicebag", 0, (3, 4)), ("bravo_stormblade", 1, (3, 2))], to_move=1)
        chance, harm = tactics.exposure_and_harm(s, 0)
        assert chance == tactics.exposure(s, 0) == pytest.approx(sum(r >= 7 for r in rolls) / 6 ** 3)
        assert harm == pytest.approx(sum(min(r, 7) for r in rolls) / 6 ** 3)  # 7 HP: no more can be lost
        wounded = {"kind": "felix_dicebag", "owner": 0, "cell": [3, 4], "injuries": 6}  # 1 HP left
        s = build([wounded, ("bravo_stormblade", 1, (3, 2))], to_move=1)
        assert tactics.exposure_and_harm(s, 0) == (1.0, pytest.approx(1.0))
        s = build([("felix_dicebag", 0, (3, 9)), ("bravo_stormblade", 1, (3, 2))], to_move=1)
        assert tactics.exposure_and_harm(s, 0) == (0.0, 0.0)  # out of his reach

    def test_fight_outcome_harm_in_reach_on_our_turn_counts_the_cell_we_can_still_walk_to(self):
        # Felix not yet played walks out of Bravo's reach (D9 is six cells from D3), so nothing is in reach
        s = build([("felix_dicebag", 0, (3, 4)), ("bravo_stormblade", 1, (3, 2))], to_move=0)
        assert tactics.exposure_and_harm(s, 0) == (0.0, 0.0)
        s = build([("felix_dicebag", 0, (3, 4)), ("bravo_stormblade", 1, (3, 2))], to_move=0, played=[0])
        assert tactics.exposure_and_harm(s, 0)[1] > 6  # played: he stays where three Pressures reach him


class TestEndOfTheGame:
    def test_end_of_the_game_knockouts_names_the_krosmaster_in_reach(self):
        wounded = {"kind": "golda_purse", "owner": 1, "cell": [3, 1], "injuries": 7}  # 1 HP left
        s = build([("felix_dicebag", 0, (3, 5)), wounded, ("bravo_stormblade", 1, (7, 0))], active=0)
        found = tactics.knockouts(s)
        assert [k.target for k in found] == [1]
        # the bush at D4 keeps Felix out of Feline Claw's reach: one Catroulette, and only a shield saves her
        assert found[0].sure and found[0].chance == pytest.approx(5 / 6) and found[0].attackers == (0,)

    def test_end_of_the_game_nobody_out_of_reach_is_knockable(self):
        wounded = {"kind": "golda_purse", "owner": 1, "cell": [3, 0], "injuries": 7}
        s = build([{"kind": "felix_dicebag", "owner": 0, "cell": [3, 9], "mp_mark": -3}, wounded], active=0)
        assert tactics.knockouts(s) == []


class TestDangerOverlay:
    """The stable call the danger overlay and Suggest use (exported from the face)."""

    def test_spell_range_danger_at_names_the_enemy_piece_and_its_damage(self):
        from game.krosmaster import danger_at, dangers

        s = build([("felix_dicebag", 0, (3, 9)), ("bravo_stormblade", 1, (4, 0))])
        here = danger_at(s, 0, (4, 5))  # Bravo walks to E5's neighbour and strikes
        assert [d.attacker for d in here] == [1]
        threat = tactics.threats(s, 0)[(4, 5)]
        assert "spell:pressure" in here[0].abilities
        assert (here[0].sure, here[0].most) == (threat.sure, threat.most) and here[0].sure >= 2
        assert danger_at(s, 0, (3, 5)) == ()  # six cells away: out of his reach
        whole = dangers(s, 0)
        assert set(whole) == set(tactics.threats(s, 0)) and whole[(4, 5)] == here

    def test_line_of_sight_danger_ignores_the_piece_that_would_move(self):
        from game.krosmaster import danger_at

        archer = {"kind": "arrowna", "owner": 1, "cell": [3, 0], "mp_mark": -3}
        s = build([("felix_dicebag", 0, (3, 2)), archer, ("golda_purse", 0, (5, 9))])
        assert danger_at(s, 0, (3, 4)) == ()  # Felix on D3 hides D5
        assert [d.attacker for d in danger_at(s, 0, (3, 4), ignore=[0])] == [1]


class TestDangerWithMovingFavors:
    """A Favor showing may carry an enemy Krosmaster further than its MP: the danger overlay warns of it.
    The position of a real-window game against Hard (Transposition showing, Pink holding the Dofus): the overlay
    named only Arrowna on C7, Martine stepped there, and Bravo swapped with Arrowna, walked to C6 and struck
    three Pressures."""

    FIGHTERS = [("martine_gale", 0, (2, 6)), ("wa_wabbit", 0, (5, 7)), ("bravo_stormblade", 1, (1, 0)),
                ("arrowna", 1, (2, 1))]

    def test_krosmic_favors_a_transposition_showing_brings_bravo_within_reach(self):
        from game.krosmaster import danger_at

        plain = danger_at(build(self.FIGHTERS, dofus=1), 0, (2, 6), ignore=[0])
        assert [d.attacker for d in plain] == [3]  # on foot Bravo stops short: only Arrowna's arrows
        helped = danger_at(build(self.FIGHTERS, left=("transposition",), dofus=1), 0, (2, 6), ignore=[0])
        assert [d.attacker for d in helped] == [2, 3]
        bravo = helped[0]
        assert bravo.abilities == ("favor:transposition", "spell:pressure")
        assert bravo.sure == 6  # with the Dofus the swap is free: three Pressures of 2

    def test_krosmic_favors_a_krosmic_leap_or_second_wind_showing_counts_too(self):
        from game.krosmaster import danger_at

        for favor in ("krosmic_leap", "second_wind"):
            got = danger_at(build(self.FIGHTERS, right=(favor,), dofus=1), 0, (2, 6), ignore=[0])
            assert got[0].attacker == 2 and got[0].abilities[0] == "favor:" + favor

    def test_krosmic_favors_without_the_dofus_the_help_costs_an_ap(self):
        from game.krosmaster import danger_at

        got = danger_at(build(self.FIGHTERS, left=("transposition",), dofus=0), 0, (2, 6), ignore=[0])
        bravo = next(d for d in got if d.attacker == 2)
        assert bravo.sure == 4  # one AP for the swap, two Pressures left

    def test_krosmic_favors_a_minion_uses_no_favor(self):
        from game.krosmaster import danger_at

        tiwabbit = ("black_tiwabbit", 1, (1, 0))
        fighters = [self.FIGHTERS[0], self.FIGHTERS[1], tiwabbit, ("bravo_stormblade", 1, (7, 0)), ("arrowna", 1, (6, 0))]
        plain = danger_at(build(fighters, dofus=1), 0, (2, 5), ignore=[0])
        helped = danger_at(build(fighters, left=("krosmic_leap",), right=("second_wind",), dofus=1), 0, (2, 5), ignore=[0])
        assert 2 not in [d.attacker for d in plain] and 2 not in [d.attacker for d in helped]

    def test_krosmic_favors_the_overlay_says_which_favor_carries_the_enemy(self):
        from game.learn.advice import danger_map

        s = build(self.FIGHTERS, left=("transposition",), dofus=1)
        line, grave = danger_map("krosmaster", s, 0, (0,))[(2, 6)]
        assert line.startswith("Bravo Stormblade (with Transposition) and Arrowna can reach you here")
        assert grave == 3  # enough to knock Martine out

    def test_krosmic_favors_each_favor_once_per_turn_per_player_carries_one_attacker(self):
        from game.krosmaster import danger_at

        # Bravo on B1 and Felix on D1 are each one Favor short of Martine on C7
        fighters = [("martine_gale", 0, (2, 6)), ("wa_wabbit", 0, (7, 9)), ("bravo_stormblade", 1, (1, 0)),
                    ("felix_dicebag", 1, (3, 0))]
        assert danger_at(build(fighters, dofus=1), 0, (2, 6), ignore=[0]) == ()
        one = danger_at(build(fighters, left=("second_wind",), dofus=1), 0, (2, 6), ignore=[0])
        assert [(d.attacker, d.abilities[0]) for d in one] == [(2, "favor:second_wind")]  # the stronger blow
        two = danger_at(build(fighters, left=("second_wind",), right=("krosmic_leap",), dofus=1), 0, (2, 6), ignore=[0])
        assert sorted(d.abilities[0] for d in two) == ["favor:krosmic_leap", "favor:second_wind"]
