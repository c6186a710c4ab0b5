"""The board UI's questions: reachable cells with paths and dodge rolls, spell/Favor/bonus targets split green and red,
the odds of combat and dodge rolls."""

import itertools
from fractions import Fraction

import pytest

import game.krosmaster as K
from game.krosmaster.events import Damaged, DodgeRolled
from game.krosmaster.testing import build, run, with_rolls

FAR_BLUE = ("golda_purse", 0, (7, 9))
FAR_PINK = ("wa_wabbit", 1, (6, 0))


class TestReachableCells:
    def test_cells_within_the_mp_with_a_cheapest_path(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (0, 0)), FAR_PINK], active=0)
        reach = K.reachable_cells(s, 0)
        assert reach[(3, 5)] == K.Reach(3, ((3, 7), (3, 6), (3, 5)), ((3, 7), (3, 6), (3, 5)), (), 0)
        assert (3, 8) not in reach and (1, 7) not in reach  # the start and a tree
        assert max(r.cost for r in reach.values()) == 3
        assert len(reach) == 18

    def test_after_spending_mp_fewer_cells(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (0, 0)), FAR_PINK], active=0)
        s, _ = run(s, "move 0 3 7", "move 0 3 6")
        assert sorted(K.reachable_cells(s, 0)) == [(2, 6), (3, 5), (3, 7)]  # not the bush at (4, 6)

    def test_ice_slides_are_in_the_path_not_in_the_steps(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (0, 0)), FAR_PINK], active=0, terrain={(3, 7): "ice"})
        reach = K.reachable_cells(s, 0)
        assert reach[(3, 6)] == K.Reach(1, ((3, 7),), ((3, 7), (3, 6)), (), 0)
        assert (3, 7) not in reach  # one cannot stop on this ice coming from below

    def test_fire_on_the_way_is_counted(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (0, 0)), FAR_PINK], active=0, terrain={(2, 8): "fire"})
        assert K.reachable_cells(s, 0)[(2, 8)].burns == 2

    def test_dodge_rolls_on_the_way(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 7)), ("wa_wabbit", 1, (4, 7))], active=0,
                  setup=K.Setup(tackle=True))
        reach = K.reachable_cells(s, 0)
        assert reach[(4, 8)].dodges == (1,)
        assert reach[(5, 8)].dodges == (1, 1)  # (4, 8) is in Wa Wabbit's zone too
        assert reach[(3, 9)].dodges == (1,)
        assert K.dodge_dice(s, s.fighters[0]) == 1

    def test_a_fighter_not_being_played_uses_its_card(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, {"kind": "arrowna", "owner": 1, "cell": [0, 0], "mp_mark": -2}, FAR_PINK])
        assert max(r.cost for r in K.reachable_cells(s, 2).values()) == 1
        assert K.movement_points(s, 2) == 1 and K.action_points(s, 2) == 3


class TestSpellTargets:
    def test_green_red_and_the_reason_why_not(self):
        s = build([("felix_dicebag", 0, (0, 6)), FAR_BLUE, ("arrowna", 1, (0, 3)), ("wa_wabbit", 1, (2, 6))], active=0)
        t = K.spell_targets(s, 0, "catroulette")
        assert t.targetable == ((2, 6),)
        assert (0, 3) in t.blocked  # behind the tree at (0, 4)
        assert t.invalid[(0, 8)] == "there is no fighter on that cell"
        assert (1, 8) in t.blocked  # past the tree at (1, 7)
        assert t.usable and t.reason == ""
        assert set(t.targetable) | set(t.blocked) | set(t.invalid) == {
            (x, y) for x in range(8) for y in range(10) if 2 <= abs(x) + abs(y - 6) <= 3
        }

    def test_the_previous_catroulette_target_is_in_range_but_not_legal(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0)
        s, _ = run(s, "cast 0 catroulette 3 6")
        t = K.spell_targets(s, 0, "catroulette")
        assert t.invalid[(3, 6)] == "Catroulette must target another fighter than last time"

    def test_not_usable_explains_why(self):
        s = build([("golda_purse", 0, (3, 8)), ("felix_dicebag", 0, (7, 9)), ("arrowna", 1, (3, 6)), FAR_PINK], active=0)
        s, _ = run(s, "cast 0 capitol_punishment 3 6")
        t = K.spell_targets(s, 0, "capitol_punishment")
        assert not t.usable and t.reason == "Capitol Punishment was already used this turn"
        assert K.spell_targets(s, 1, "catroulette").reason == "that fighter is not being played"

    def test_favor_targets(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0,
                  left=("cold_wave",), right=("weakness",))
        assert len(K.favor_targets(s, 0, "left").targetable) == 62
        assert K.favor_targets(s, 0, "right").targetable == ((3, 6),)

    def test_challenge_targets(self):
        s = build([("bravo_stormblade", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0,
                  challenges=("iops_brawl",), glyphs={(1, 2): 0})
        t = K.challenge_targets(s, 0, "iops_wrath")
        assert t.targetable == ((3, 8),) and not t.usable and t.reason == "Iop's Wrath needs 5 Glyph cells, you control 1"

    def test_tackle_zone(self):
        s = build([("bravo_stormblade", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK,
                   {"kind": "fleeflee", "owner": 1, "cell": [0, 0]}], setup=K.Setup(tackle=True))
        assert K.tackle_zone(s, 0) == ((3, 7), (4, 8), (3, 9), (2, 8))
        assert K.tackle_zone(s, 4) == ()

    def test_line_of_sight_helper(self):
        s = build([("felix_dicebag", 0, (0, 6)), FAR_BLUE, ("arrowna", 1, (0, 3)), FAR_PINK])
        assert not K.line_of_sight(s, (0, 6), (0, 3)) and K.line_of_sight(s, (0, 6), (2, 6))


class TestOdds:
    """The odds a board shows before a roll, checked against the engine itself, face by face."""

    FACES = ("critical", "critical_joker", "shield", "shield_joker", "joker", "blank")

    def rolled(self, s, text, face, choice=None):
        s2, ev = run(with_rolls(s, [face]), text)
        if s2.pending is not None:
            s2, more = run(s2, f"face {choice}")
            ev += more
        return sum(e.amount for e in ev if isinstance(e, Damaged) and e.source == "combat")

    def engine_odds(self, s, text, pick):
        odds = {}
        for face in self.FACES:
            jokers = {"joker": ("critical", "shield", "critical_joker", "shield_joker"),
                      "shield_joker": ("shield_joker", "critical_joker")}.get(face) if s.setup.die_jokers else None
            amount = pick(self.rolled(s, text, face, c) for c in jokers) if jokers else self.rolled(s, text, face)
            odds[amount] = odds.get(amount, 0) + Fraction(1, 6)
        return dict(sorted(odds.items()))

    def test_damage_odds_of_a_combat_roll(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0)
        odds = K.damage_odds(s, 0, "catroulette", (3, 6))
        assert odds == {0: Fraction(1, 6), 1: Fraction(1, 2), 2: Fraction(1, 3)} and sum(odds.values()) == 1
        assert odds == self.engine_odds(s, "cast 0 catroulette 3 6", max)

    def test_with_dice_sides_the_roller_turns_jokers_for_the_most_damage_on_an_enemy(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0,
                  setup=K.Setup(die_jokers=True))
        odds = K.damage_odds(s, 0, "catroulette", (3, 6))
        assert odds == {0: Fraction(1, 6), 1: Fraction(1, 6), 2: Fraction(2, 3)}
        assert odds == self.engine_odds(s, "cast 0 catroulette 3 6", max)

    def test_and_the_least_on_an_ally(self):
        s = build([("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (3, 6)), ("arrowna", 1, (0, 0)), FAR_PINK], active=0,
                  setup=K.Setup(die_jokers=True))
        odds = K.damage_odds(s, 0, "catroulette", (3, 6))
        assert odds == self.engine_odds(s, "cast 0 catroulette 3 6", min) == {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 3)}

    def test_favors_and_no_roll(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 7)), FAR_PINK], active=0,
                  left=("lucky_punch",), right=("weakness",))
        assert sum(K.damage_odds(s, 0, "left", (3, 7)).values()) == 1
        assert K.damage_odds(s, 0, "right", (3, 7)) == {}  # Weakness makes no combat roll
        with pytest.raises(KeyError):
            K.damage_odds(s, 0, "no_such_spell", (3, 7))

    def test_dodge_odds_match_the_engine(self):
        tackle = K.Setup(tackle=True)
        one = build([("felix_dicebag", 0, (3, 7)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0, setup=tackle)
        two = build([("felix_dicebag", 0, (3, 7)), FAR_BLUE, ("arrowna", 1, (3, 6)), ("wa_wabbit", 1, (2, 7))],
                    active=0, setup=tackle)
        assert K.tacklers(two, 0) == ((3, 6), (2, 7)) and K.tacklers(one, 0, (0, 0)) == ()
        assert K.dodge_odds(one, 0, (0, 0)) == {"free": 1, "caught": 0, "tackled": 0}
        for s, dice in ((one, 1), (two, 2)):
            counts = {"free": 0, "caught": 0, "tackled": 0}
            for faces in itertools.product(self.FACES, repeat=dice):
                _, ev = run(with_rolls(s, list(faces)), "move 0 4 7")
                counts[next(e.result for e in ev if isinstance(e, DodgeRolled))] += Fraction(1, 6 ** dice)
            assert K.dodge_odds(s, 0) == counts
        assert K.dodge_odds(two, 0) == {"free": Fraction(1, 36), "caught": Fraction(2, 3), "tackled": Fraction(11, 36)}
        # one tackler rolls one die: the per-die odds the board shows for each tackler
        assert K.dodge_die_odds() == K.dodge_odds(one, 0) == {"free": Fraction(1, 6), "caught": Fraction(2, 3), "tackled": Fraction(1, 6)}
