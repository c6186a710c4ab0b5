"""Casting Spells (AP, availability, range, line of sight) and Spell Resolution (effects, combat roll, outcome).

Board side_a_standard: see tests/krosmaster/test_movement.py for the picture.
"""

import pytest

import game.krosmaster as K
from game.core import Action, IllegalAction, Rng
from game.core.grid import line_of_sight
from game.krosmaster.grid import BIT, CELLS, XY, clear_sight
from game.krosmaster.events import (
    DiceRolled, Damaged, GameOver, KnockedOut, MarkerPlaced, Moved, ShoveResisted, SpellCast, Summoned,
)
from game.krosmaster.testing import build, kinds, run, with_rolls

BLUE2 = ("golda_purse", 0, (7, 9))
PINK2 = ("wa_wabbit", 1, (6, 0))


def casts(s, spell):
    return sorted((a.args[2], a.args[3]) for a in K.legal_actions(s) if a.kind == "cast" and a.args[1] == spell)


class TestTheFighterStillHasAtLeastOneActionPoint:
    def test_no_ap_no_spell(self):
        s = build([{"kind": "felix_dicebag", "owner": 0, "cell": [3, 8], "ap_mark": -3}, BLUE2,
                   ("arrowna", 1, (3, 6)), PINK2], active=0)
        assert s.ap == 0 and casts(s, "catroulette") == []
        with pytest.raises(IllegalAction, match="No Action Points left"):
            K.apply(s, Action("cast", (0, "catroulette", 3, 6)))

    def test_each_cast_uses_one_ap(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (3, 6)), ("wa_wabbit", 1, (2, 7))], active=0)
        s = with_rolls(s, ["blank"] * 3)
        s, _ = run(s, "cast 0 catroulette 3 6", "cast 0 catroulette 2 7", "cast 0 catroulette 3 6")
        assert s.ap == 0
        with pytest.raises(IllegalAction, match="No Action Points left"):
            K.apply(s, Action("cast", (0, "catroulette", 2, 7)))


class TestTheSpellIsAvailable:
    def test_once_per_turn(self):
        s = build([("golda_purse", 0, (3, 8)), ("felix_dicebag", 0, (6, 9)), ("arrowna", 1, (3, 6)), PINK2], active=0)
        s, _ = run(with_rolls(s, ["blank"]), "cast 0 capitol_punishment 3 6")
        assert casts(s, "capitol_punishment") == []
        with pytest.raises(IllegalAction, match="Capitol Punishment was already used this turn"):
            K.apply(s, Action("cast", (0, "capitol_punishment", 3, 6)))

    def test_once_per_turn_comes_back_next_turn(self):
        s = build([("golda_purse", 0, (3, 8)), ("felix_dicebag", 0, (6, 9)), ("arrowna", 1, (3, 6)), PINK2], active=0)
        s, _ = run(with_rolls(s, ["blank"]), "cast 0 capitol_punishment 3 6", "end 0", "pass", "slot left", "pass", "slot left",
                   "activate 0")
        assert casts(s, "capitol_punishment") == [(3, 6)]

    def test_catroulette_needs_another_target_next_time(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (3, 6)), ("wa_wabbit", 1, (2, 7))], active=0)
        s = with_rolls(s, ["blank"] * 3)
        s, _ = run(s, "cast 0 catroulette 3 6")
        assert casts(s, "catroulette") == [(2, 7)]
        with pytest.raises(IllegalAction, match="Catroulette must target another fighter than last time"):
            K.apply(s, Action("cast", (0, "catroulette", 3, 6)))
        s, _ = run(s, "cast 0 catroulette 2 7")
        assert casts(s, "catroulette") == [(3, 6)]

    def test_catroulette_remembers_its_last_target_from_turn_to_turn(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (3, 6)), ("wa_wabbit", 1, (2, 7))], active=0)
        s, _ = run(with_rolls(s, ["blank"]), "cast 0 catroulette 3 6", "end 0", "pass", "slot left", "pass", "slot left",
                   "activate 0")
        assert casts(s, "catroulette") == [(2, 7)]

    def test_unknown_spell(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (3, 6)), PINK2], active=0)
        with pytest.raises(IllegalAction, match="Felix Dicebag has no spell 'pressure'"):
            K.apply(s, Action("cast", (0, "pressure", 3, 6)))


class TestSpellRange:
    def test_catroulette_reaches_two_or_three_cells(self):
        """The rulebook's example: Catroulette's targets are 2 or 3 cells away, never counted diagonally."""
        enemies = [("arrowna", 1, (3, 7)), ("wa_wabbit", 1, (4, 7))]
        s = build([("felix_dicebag", 0, (3, 9)), BLUE2, *enemies], active=0)
        assert casts(s, "catroulette") == [(3, 7), (4, 7)]  # 2 and 3 cells away
        s = build([("felix_dicebag", 0, (3, 9)), BLUE2, ("arrowna", 1, (3, 8)), ("wa_wabbit", 1, (5, 7))], active=0)
        assert casts(s, "catroulette") == []  # 1 and 4 cells away
        with pytest.raises(IllegalAction, match="Out of range: the target is 1 cell away, Catroulette reaches 2-3"):
            K.apply(s, Action("cast", (0, "catroulette", 3, 8)))
        with pytest.raises(IllegalAction, match="Out of range: the target is 4 cells away, Catroulette reaches 2-3"):
            K.apply(s, Action("cast", (0, "catroulette", 5, 7)))

    def test_capitol_punishment_exactly_two(self):
        s = build([("golda_purse", 0, (3, 8)), ("felix_dicebag", 0, (6, 9)), ("arrowna", 1, (2, 7)), ("wa_wabbit", 1, (3, 5))], active=0)
        assert casts(s, "capitol_punishment") == [(2, 7)]


class TestLineOfSight:
    def test_a_tree_blocks(self):
        s = build([("felix_dicebag", 0, (0, 6)), BLUE2, ("arrowna", 1, (0, 3)), PINK2], active=0)  # tree at (0, 4)
        assert casts(s, "catroulette") == []
        with pytest.raises(IllegalAction, match="No line of sight to that cell"):
            K.apply(s, Action("cast", (0, "catroulette", 0, 3)))

    def test_a_fighter_blocks(self):
        s = build([("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (3, 7)), ("arrowna", 1, (3, 5)), PINK2], active=0)
        assert casts(s, "catroulette") == []

    def test_a_bush_does_not_block(self):
        s = build([("felix_dicebag", 0, (4, 7)), BLUE2, ("arrowna", 1, (4, 5)), PINK2], active=0)  # bush at (4, 6)
        assert casts(s, "catroulette") == [(4, 5)]

    def test_a_glyph_cell_does_not_block(self):
        s = build([("felix_dicebag", 0, (2, 8)), BLUE2, ("arrowna", 1, (2, 5)), PINK2], active=0, glyphs={(2, 6): 1})
        assert casts(s, "catroulette") == [(2, 5)]

    def test_fog_blocks(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (3, 5)), PINK2], active=0,
                  setup=K.Setup(), terrain={(3, 6): "fog"})
        assert casts(s, "catroulette") == []

    def test_ice_and_fire_do_not_block(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (3, 5)), PINK2], active=0,
                  terrain={(3, 6): "ice", (3, 7): "fire"})
        assert casts(s, "catroulette") == [(3, 5)]

    def test_the_precomputed_lines_follow_the_core_corner_rule(self):
        rng = Rng(11)
        for _ in range(300):
            blocking = {XY[rng.below(CELLS)] for _ in range(rng.below(12))}
            mask = sum(BIT[x + 8 * y] for x, y in blocking)
            a, b = rng.below(CELLS), rng.below(CELLS)
            assert clear_sight(a, b, mask) == line_of_sight(XY[a], XY[b], blocking), (XY[a], XY[b], blocking)

    def test_corner_between_two_diagonal_blockers_blocks(self):
        # From (2, 9) to (3, 8) the line goes through the corner shared by (2, 8) and (3, 9):
        # grazing one blocker leaves it clear, two blockers meeting there close it.
        s = build([("felix_dicebag", 0, (2, 9)), ("golda_purse", 0, (2, 8)), ("arrowna", 1, (3, 8)), ("wa_wabbit", 1, (6, 0))], active=0)
        assert casts(s, "catroulette") == [(3, 8)]
        s = build([("felix_dicebag", 0, (2, 9)), ("golda_purse", 0, (2, 8)), ("arrowna", 1, (3, 8)), ("wa_wabbit", 1, (3, 9))], active=0)
        assert casts(s, "catroulette") == []


class TestSpellEffects:
    def test_effects_come_before_the_combat_roll(self):
        s = build([("arrowna", 0, (3, 8)), BLUE2, ("felix_dicebag", 1, (3, 5)), PINK2], active=0)
        s, ev = run(with_rolls(s, ["blank"]), "cast 0 crippling_arrow 3 5")
        assert kinds(ev) == ["SpellCast", "MarkerPlaced", "DiceRolled", "Damaged"]
        assert ev[1] == MarkerPlaced(2, "mp", -2) and s.fighters[2].mp_mark == -2

    def test_capitol_punishment_with_four_glyphs_removes_an_ap(self):
        glyphs = {(1, 2): 0, (5, 3): 0, (2, 4): 0, (5, 5): 0}
        s = build([("golda_purse", 0, (3, 8)), ("felix_dicebag", 0, (6, 9)), ("arrowna", 1, (3, 6)), PINK2], active=0, glyphs=glyphs)
        s, ev = run(with_rolls(s, ["blank"]), "cast 0 capitol_punishment 3 6")
        assert ev[1:] == [MarkerPlaced(2, "ap", -1), DiceRolled(0, "combat", ("blank",)), Damaged(2, 2, 4, "combat", 2)]

    def test_capitol_punishment_with_three_glyphs_does_not(self):
        glyphs = {(1, 2): 0, (5, 3): 0, (2, 4): 0, (5, 5): 1}
        s = build([("golda_purse", 0, (3, 8)), ("felix_dicebag", 0, (6, 9)), ("arrowna", 1, (3, 6)), PINK2], active=0, glyphs=glyphs)
        s, ev = run(with_rolls(s, ["blank"]), "cast 0 capitol_punishment 3 6")
        assert kinds(ev) == ["SpellCast", "DiceRolled", "Damaged"]


class TestSummoning:
    def test_fleabag_puts_a_fleeflee_on_the_empty_target_cell(self):
        s = build([("martine_gale", 0, (3, 8)), BLUE2, ("arrowna", 1, (3, 1)), PINK2], active=0)
        assert casts(s, "fleabag") == [(2, 8), (3, 7), (3, 9), (4, 8)]
        s, ev = run(s, "cast 0 fleabag 3 7")
        assert ev == [SpellCast(0, "fleabag", (3, 7)), Summoned(4, "fleeflee", 0, (3, 7))]  # no combat roll
        f = s.fighters[4]
        assert (f.kind, f.owner, f.xy, f.minion) == ("fleeflee", 0, (3, 7), True)

    def test_at_most_one_fleeflee(self):
        s = build([("martine_gale", 0, (3, 8)), BLUE2, ("arrowna", 1, (3, 1)), PINK2,
                   {"kind": "fleeflee", "owner": 0, "cell": [0, 9]}], active=0)
        assert casts(s, "fleabag") == []
        with pytest.raises(IllegalAction, match="At most 1 Fleeflee per player on the board"):
            K.apply(s, Action("cast", (0, "fleabag", 3, 7)))

    def test_the_target_cell_must_be_free(self):
        """Summoning: "empty targeted spaces"; the Reminder table lists terrain tiles as free cells."""
        s = build([("martine_gale", 0, (3, 8)), ("golda_purse", 0, (3, 7)), ("arrowna", 1, (3, 1)), PINK2], active=0,
                  terrain={(2, 8): "fire"})
        assert casts(s, "fleabag") == [(2, 8), (3, 9), (4, 8)]
        with pytest.raises(IllegalAction, match="That cell is occupied by a fighter"):
            K.apply(s, Action("cast", (0, "fleabag", 3, 7)))

    def test_the_summoned_minion_plays_after_the_krosmasters(self):
        s = build([("martine_gale", 0, (3, 8)), BLUE2, ("arrowna", 1, (3, 1)), PINK2], active=0)
        s, _ = run(s, "cast 0 fleabag 3 7", "end 0", "activate 1", "end 1")
        assert [str(a) for a in K.legal_actions(s)] == ["activate 4", "pass"]


class TestShove:
    def test_the_target_moves_away_from_the_caster(self):
        s = build([("golda_purse", 0, (3, 9)), ("felix_dicebag", 0, (6, 9)), ("arrowna", 1, (3, 8)), PINK2], active=0)
        s, ev = run(with_rolls(s, ["blank"]), "cast 0 shovel_slam 3 8")
        assert ev[1:3] == [Moved(2, ((3, 8), (3, 7)), "shove"), Moved(2, ((3, 7), (3, 6)), "shove")]
        assert s.fighters[2].xy == (3, 6) and s.fighters[2].injuries == 1

    def test_until_an_obstacle(self):
        # up from (4, 7) the bush (4, 6) stops the shove at once; a fighter stops it after one cell
        s = build([("golda_purse", 0, (4, 8)), ("felix_dicebag", 0, (6, 9)), ("arrowna", 1, (4, 7)), PINK2], active=0)
        s2, ev = run(with_rolls(s, ["blank"]), "cast 0 shovel_slam 4 7")
        assert kinds(ev) == ["SpellCast", "DiceRolled", "Damaged"] and s2.fighters[2].xy == (4, 7)
        s = build([("golda_purse", 0, (3, 9)), ("felix_dicebag", 0, (3, 6)), ("arrowna", 1, (3, 8)), PINK2], active=0)
        s2, _ = run(with_rolls(s, ["blank"]), "cast 0 shovel_slam 3 8")
        assert s2.fighters[2].xy == (3, 7)

    def test_until_the_edge(self):
        s = build([("golda_purse", 0, (1, 0)), ("felix_dicebag", 0, (6, 9)), ("arrowna", 1, (0, 0)), PINK2], active=0)
        s2, _ = run(with_rolls(s, ["blank"]), "cast 0 shovel_slam 0 0")
        assert s2.fighters[2].xy == (0, 0)

    def test_only_along_a_row_or_column(self):
        s = build([("golda_purse", 0, (3, 9)), ("felix_dicebag", 0, (6, 9)), ("arrowna", 1, (3, 8)), PINK2], active=0)
        assert casts(s, "shovel_slam") == [(3, 8)]

    def test_heavyweight_cannot_be_shoved(self):
        s = build([("bravo_stormblade", 0, (3, 9)), ("felix_dicebag", 0, (6, 9)), ("golda_purse", 1, (3, 8)), PINK2], active=0)
        s, ev = run(with_rolls(s, ["blank"]), "cast 0 intimidation 3 8")
        assert ev[1] == ShoveResisted(2) and s.fighters[2].xy == (3, 8)

    def test_a_krosmaster_shoved_onto_a_glyph_cell_captures_it_for_its_owner(self):
        s = build([("golda_purse", 0, (2, 8)), ("felix_dicebag", 0, (6, 9)), ("arrowna", 1, (2, 7)), PINK2], active=0)
        s, _ev = run(with_rolls(s, ["blank"]), "cast 0 shovel_slam 2 7")
        assert K.glyph_counts(s) == (0, 1) and s.dofus == 1


class TestCombatRoll:
    @pytest.mark.parametrize(
        "face, damage",
        [("critical", 2), ("critical_joker", 2), ("shield", 0), ("shield_joker", 1), ("joker", 1), ("blank", 1)],
    )
    def test_catroulette_example(self, face, damage):
        """Catroulette does 1: a critical or critical-joker makes it 2, a shield 0, anything else 1."""
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (3, 6)), PINK2], active=0)
        s, ev = run(with_rolls(s, [face]), "cast 0 catroulette 3 6")
        assert ev[1:] == [DiceRolled(0, "combat", (face,)), Damaged(2, damage, 6 - damage, "combat", damage)]

    def test_never_below_zero(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, {"kind": "arrowna", "owner": 1, "cell": [3, 6], "injuries": 2}, PINK2], active=0)
        s, ev = run(with_rolls(s, ["shield"]), "cast 0 catroulette 3 6")
        assert ev[-1] == Damaged(2, 0, 4, "combat", 2)


class TestFightOutcome:
    def test_a_krosmaster_with_as_many_injuries_as_hp_is_ko_and_the_game_ends(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, {"kind": "arrowna", "owner": 1, "cell": [3, 6], "injuries": 4}, PINK2], active=0)
        s, ev = run(with_rolls(s, ["critical"]), "cast 0 catroulette 3 6")
        assert ev[-3:] == [Damaged(2, 2, 0, "combat", 6), KnockedOut(2), GameOver((0,), "Pink lost half of their Krosmasters.", (1,), (0, 0))]
        assert K.outcome(s).winners == (0,) and s.to_move is None and K.legal_actions(s) == []

    def test_a_ko_minion_leaves_the_board(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (5, 0)), PINK2,
                   {"kind": "black_tiwabbit", "owner": 1, "cell": [3, 6]}], active=0)
        s, ev = run(with_rolls(s, ["critical"]), "cast 0 catroulette 3 6")
        assert ev[-2:] == [Damaged(4, 2, 0, "combat", 2), KnockedOut(4)]
        assert s.fighters[4].cell == -1 and s.grid[6 * 8 + 3] == -1 and s.phase == "act"

    def test_injuries_below_hp_keep_the_fighter_in(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, {"kind": "arrowna", "owner": 1, "cell": [3, 6], "injuries": 4}, PINK2], active=0)
        s, _ev = run(with_rolls(s, ["blank"]), "cast 0 catroulette 3 6")
        assert s.fighters[2].injuries == 5 and not s.fighters[2].out and s.phase == "act"
