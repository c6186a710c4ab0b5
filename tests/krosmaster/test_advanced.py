"""Advanced Rules: Dice Sides, Tackle Zones, Dodge Rolls, Divine Challenges, Special Terrain, Spin Again."""

from fractions import Fraction

import pytest

import game.krosmaster as K
from game.core import Action, IllegalAction
from game.krosmaster.events import (
    BonusUsed, Damaged, DiceRolled, DodgeRolled, GameOver, Healed, JokerTurned, MarkerPlaced, Moved, Rerolled,
    Summoned, TerrainPlaced, TerrainRemoved,
)
from game.krosmaster.testing import build, kinds, run, with_rolls

FAR_PINK = ("wa_wabbit", 1, (6, 0))
FAR_BLUE = ("golda_purse", 0, (7, 9))
JOKERS = K.Setup(die_jokers=True)
TACKLE = K.Setup(tackle=True)
TERRAIN = K.Setup()


def texts(s):
    return [str(a) for a in K.legal_actions(s)]


class TestDiceSides:
    def felix(self):
        return build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0, setup=JOKERS)

    def test_a_joker_is_turned_to_one_of_four_faces(self):
        s, ev = run(with_rolls(self.felix(), ["joker"]), "cast 0 catroulette 3 6")
        assert s.phase == "decide" and s.to_move == 0
        assert texts(s) == ["face critical", "face shield", "face critical_joker", "face shield_joker"]
        s, ev = run(s, "face critical")
        assert ev == [JokerTurned(0, "critical"), Damaged(2, 2, 4, "combat", 2)]
        assert s.phase == "act"

    def test_a_shield_joker_may_become_a_critical_joker(self):
        s, _ = run(with_rolls(self.felix(), ["shield_joker"]), "cast 0 catroulette 3 6")
        assert texts(s) == ["face shield_joker", "face critical_joker"]
        s, ev = run(s, "face shield_joker")
        assert ev[-1] == Damaged(2, 1, 5, "combat", 1)

    def test_turning_a_joker_to_a_shield_spares_an_ally(self):
        s = build([("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (3, 6)), ("arrowna", 1, (0, 0)), FAR_PINK], active=0, setup=JOKERS)
        s, ev = run(with_rolls(s, ["joker"]), "cast 0 catroulette 3 6", "face shield")
        assert ev[-1] == Damaged(1, 0, 8, "combat", 0)

    def test_the_choice_comes_before_anything_else(self):
        s, _ = run(with_rolls(self.felix(), ["joker"]), "cast 0 catroulette 3 6")
        with pytest.raises(IllegalAction, match="First decide which face the joker shows"):
            K.apply(s, Action("end", (0,)))
        with pytest.raises(IllegalAction, match="^The joker can show critical, shield, critical joker or shield joker\\.$"):
            K.apply(s, Action("face", ("blank",)))

    def test_without_the_rule_a_joker_is_read_as_rolled(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0)
        s, ev = run(with_rolls(s, ["joker"]), "cast 0 catroulette 3 6")
        assert ev[-1] == Damaged(2, 1, 5, "combat", 1) and s.phase == "act"


class TestTackleZones:
    def test_leaving_an_enemy_krosmasters_zone_needs_a_dodge_roll(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 7)), FAR_PINK], active=0, setup=TACKLE)
        assert K.dodge_dice(s, s.fighters[0]) == 1
        s, ev = run(with_rolls(s, ["joker"]), "move 0 2 8")
        assert kinds(ev) == ["DiceRolled", "DodgeRolled", "Moved"]

    def test_minions_have_no_tackle_zone(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (0, 0)), FAR_PINK,
                   {"kind": "fleeflee", "owner": 1, "cell": [3, 7]}], active=0, setup=TACKLE)
        s, ev = run(s, "move 0 2 8")
        assert kinds(ev) == ["Moved"]

    def test_allies_have_no_hold_on_you(self):
        s = build([("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (3, 7)), ("arrowna", 1, (0, 0)), FAR_PINK], active=0, setup=TACKLE)
        assert K.dodge_dice(s, s.fighters[0]) == 0

    def test_no_roll_without_the_rule(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 7)), FAR_PINK], active=0)
        s, ev = run(s, "move 0 2 8")
        assert kinds(ev) == ["Moved"]

    def test_no_roll_when_a_spell_moves_the_fighter(self):
        s = build([("golda_purse", 0, (3, 9)), FAR_BLUE, ("arrowna", 1, (3, 8)), ("wa_wabbit", 1, (2, 8))], active=0, setup=TACKLE)
        s, ev = run(with_rolls(s, ["blank"]), "cast 0 shovel_slam 3 8")
        assert kinds(ev) == ["SpellCast", "Moved", "Moved", "DiceRolled", "Damaged"]

    def test_unstoppable_never_rolls(self):
        s = build([("bravo_stormblade", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 7)), FAR_PINK], active=0, setup=TACKLE)
        assert K.dodge_dice(s, s.fighters[0]) == 0

    def test_a_minion_leaving_a_zone_rolls_too(self):
        s = build([("felix_dicebag", 0, (0, 9)), ("golda_purse", 0, (7, 9)), ("arrowna", 1, (3, 7)), FAR_PINK,
                   {"kind": "fleeflee", "owner": 0, "cell": [3, 8]}], active=4, played=[0, 1], setup=TACKLE)
        s, ev = run(with_rolls(s, ["blank"]), "move 4 2 8")
        assert ev[-1] == DodgeRolled(4, ("blank",), "caught")

    def test_every_cell_left_inside_a_zone_needs_a_roll(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 7)), ("wa_wabbit", 1, (2, 7))], active=0, setup=TACKLE)
        s, ev = run(with_rolls(s, ["joker", "joker"]), "move 0 2 8", "move 0 2 9")
        assert [e.result for e in ev if isinstance(e, DodgeRolled)] == ["free", "free"]


    def test_a_favor_that_moves_the_user_out_of_a_zone_needs_a_dodge_roll(self):
        """Only movement caused by a spell or a power is exempt: a Krosmic Favor is neither."""
        s = build([("felix_dicebag", 0, (3, 7)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0, setup=TACKLE,
                  left=("krosmic_leap",))
        caught, ev = run(with_rolls(s, ["blank"]), "favor 0 left 3 9")
        assert kinds(ev) == ["FavorUsed", "DiceRolled", "DodgeRolled"] and ev[2].result == "caught"
        assert caught.fighters[0].xy == (3, 7) and caught.mp == 0 and caught.used_slots == ("left",)
        free, ev = run(with_rolls(s, ["joker"]), "favor 0 left 3 9")
        assert kinds(ev) == ["FavorUsed", "DiceRolled", "DodgeRolled", "Moved"] and free.fighters[0].xy == (3, 9)

    def test_a_swapping_favor_needs_a_dodge_roll_too(self):
        s = build([("felix_dicebag", 0, (3, 7)), FAR_BLUE, ("arrowna", 1, (3, 6)), ("wa_wabbit", 1, (5, 7))],
                  active=0, setup=TACKLE, left=("transposition",))
        tackled, ev = run(with_rolls(s, ["shield_joker"]), "favor 0 left 5 7")
        assert ev[2].result == "tackled" and tackled.ap == 0 and tackled.fighters[0].xy == (3, 7)

    def test_a_power_that_moves_the_user_needs_no_roll(self):
        """Divine Challenge bonuses are powers: Rewind jumps out of a zone without a roll."""
        s = build([("felix_dicebag", 0, (3, 7)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0,
                  setup=K.Setup(tackle=True), challenges=("xelors_clockwork",), glyphs=GLYPHS_5)
        s, ev = run(s, "challenge 0 rewind 3 9")
        assert kinds(ev) == ["BonusUsed", "Moved"] and s.fighters[0].xy == (3, 9)


class TestDodgeRolls:
    def start(self, dice=1):
        pink = [("arrowna", 1, (3, 7)), ("wa_wabbit", 1, (4, 8) if dice == 2 else (6, 0))]
        return build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, *pink], active=0, setup=TACKLE)

    def test_a_joker_lets_the_fighter_go(self):
        s, ev = run(with_rolls(self.start(), ["joker"]), "move 0 2 8")
        assert ev[1] == DodgeRolled(0, ("joker",), "free") and s.fighters[0].xy == (2, 8) and s.mp == 2

    def test_dodge_rolls_a_critical_joker_is_not_a_joker(self):
        # Dodge Rolls: "If you roll a joker" names one face, as "if you roll a shield-joker" names
        # another (and the combat roll names "a critical or a critical-joker" when it means both):
        # the critical-joker catches the fighter like any face but the joker. One face in six dodges.
        s, ev = run(with_rolls(self.start(), ["critical_joker"]), "move 0 2 8")
        assert ev[1] == DodgeRolled(0, ("critical_joker",), "caught")
        assert s.fighters[0].xy == (3, 8) and (s.ap, s.mp) == (3, 0)
        assert K.dodge_die_odds() == {"free": Fraction(1, 6), "caught": Fraction(4, 6), "tackled": Fraction(1, 6)}
        s, ev = run(with_rolls(self.start(dice=2), ["joker", "critical_joker"]), "move 0 2 8")
        assert ev[1].result == "caught"

    @pytest.mark.parametrize("face", ["critical", "shield", "blank"])
    def test_no_joker_the_fighter_is_caught(self, face):
        s, ev = run(with_rolls(self.start(), [face]), "move 0 2 8")
        assert ev[1] == DodgeRolled(0, (face,), "caught")
        assert s.fighters[0].xy == (3, 8) and (s.ap, s.mp) == (3, 0)

    def test_a_shield_joker_tackles(self):
        s, ev = run(with_rolls(self.start(), ["shield_joker"]), "move 0 2 8")
        assert ev[1] == DodgeRolled(0, ("shield_joker",), "tackled")
        assert s.fighters[0].xy == (3, 8) and (s.ap, s.mp) == (0, 0)
        assert texts(s) == ["end 0"]

    def test_two_tacklers_two_dice_two_jokers_needed(self):
        s = self.start(dice=2)
        assert K.dodge_dice(s, s.fighters[0]) == 2
        s2, ev = run(with_rolls(s, ["joker", "joker"]), "move 0 2 8")
        assert ev[1] == DodgeRolled(0, ("joker", "joker"), "free") and s2.fighters[0].xy == (2, 8)

    def test_two_dice_one_joker_is_caught(self):
        s, ev = run(with_rolls(self.start(dice=2), ["joker", "blank"]), "move 0 2 8")
        assert ev[1].result == "caught" and s.mp == 0 and s.ap == 3

    def test_two_dice_any_shield_joker_tackles(self):
        s, ev = run(with_rolls(self.start(dice=2), ["joker", "shield_joker"]), "move 0 2 8")
        assert ev[1].result == "tackled" and (s.ap, s.mp) == (0, 0)


GLYPHS_1 = {(1, 2): 0}
GLYPHS_3 = {(1, 2): 0, (5, 3): 0, (2, 4): 0}
GLYPHS_5 = {(1, 2): 0, (5, 3): 0, (2, 4): 0, (5, 5): 0, (2, 6): 0}


class TestDivineChallenges:
    def test_one_two_or_three_distinct_challenges_are_drawn(self):
        for n in (1, 2, 3):
            for seed in range(10):
                ch = K.new_game(K.Setup(challenges=n), seed).challenges
                assert len(ch) == n and len(set(ch)) == n

    def test_divine_challenges_srams_shadows_is_drawn_like_any_other(self):
        # Divine Challenges: "draw one Divine Challenge card from among the available ones"; no
        # other advanced rule is needed. The challenge that places Fog tiles brings them with it.
        drawn = set().union(*(K.new_game(K.Setup(challenges=3), seed).challenges for seed in range(40)))
        assert "srams_shadows" in drawn and len(drawn) == 7

    def test_thresholds_are_cumulative(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], challenges=("iops_brawl",), glyphs=GLYPHS_3)
        assert K.unlocked_bonuses(s, 0) == ["braaaawl", "amped_up"]
        assert K.unlocked_bonuses(s, 1) == []

    def test_braaaawl_example(self):
        """With a Glyph cell already, capturing a new one gives the Krosmaster +1 MP."""
        s = build([("bravo_stormblade", 0, (2, 7)), FAR_BLUE, ("arrowna", 1, (0, 0)), FAR_PINK], active=0,
                  challenges=("iops_brawl",), glyphs=GLYPHS_1)
        s, ev = run(s, "move 0 2 6")
        assert ev[-1] == MarkerPlaced(0, "mp", 1) and s.mp == 4

    def test_braaaawl_needs_a_glyph_before_the_capture(self):
        s = build([("bravo_stormblade", 0, (2, 7)), FAR_BLUE, ("arrowna", 1, (0, 0)), FAR_PINK], active=0, challenges=("iops_brawl",))
        s, ev = run(s, "move 0 2 6")
        assert kinds(ev) == ["Moved", "GlyphCaptured", "DofusTaken"] and s.mp == 3

    def test_amped_up_adds_one_to_krosmasters_damaging_spells(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0,
                  challenges=("iops_brawl",), glyphs=GLYPHS_3)
        s, ev = run(with_rolls(s, ["blank"]), "cast 0 catroulette 3 6")
        assert ev[-1] == Damaged(2, 2, 4, "combat", 2)

    def test_amped_up_not_for_minions(self):
        s = build([("felix_dicebag", 0, (0, 9)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK,
                   {"kind": "fleeflee", "owner": 0, "cell": [3, 7]}], active=4, played=[0, 1],
                  challenges=("iops_brawl",), glyphs=GLYPHS_3)
        s, ev = run(with_rolls(s, ["blank"]), "cast 4 flea_bite 3 6")
        assert ev[-1] == Damaged(2, 1, 5, "combat", 1)

    def test_iops_wrath_hits_every_fighter_one_or_two_cells_away(self):
        s = build([("bravo_stormblade", 0, (3, 8)), ("golda_purse", 0, (3, 9)), ("arrowna", 1, (3, 6)), ("wa_wabbit", 1, (3, 5)),
                   {"kind": "fleeflee", "owner": 1, "cell": [5, 8]}], active=0, challenges=("iops_brawl",), glyphs=GLYPHS_5)
        s, ev = run(s, "challenge 0 iops_wrath 3 8")
        assert ev[0] == BonusUsed(0, "iops_brawl", "iops_wrath", (3, 8))
        assert [(e.piece, e.amount) for e in ev if isinstance(e, Damaged)] == [(1, 2), (2, 2), (4, 2)]
        assert s.ap == 2

    def test_each_krosmaster_once_per_turn(self):
        s = build([("bravo_stormblade", 0, (3, 8)), ("golda_purse", 0, (0, 9)), ("arrowna", 1, (3, 6)), FAR_PINK],
                  active=0, challenges=("iops_brawl",), glyphs=GLYPHS_5)
        s, _ = run(s, "challenge 0 iops_wrath 3 8")
        with pytest.raises(IllegalAction, match="Iop's Wrath was already used this turn"):
            K.apply(s, Action("challenge", (0, "iops_wrath", 3, 8)))
        s, _ = run(s, "end 0", "activate 1")
        assert "challenge 1 iops_wrath 0 9" in texts(s)

    def test_active_bonuses_need_their_glyphs(self):
        s = build([("bravo_stormblade", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0,
                  challenges=("iops_brawl",), glyphs=GLYPHS_3)
        with pytest.raises(IllegalAction, match="Iop's Wrath needs 5 Glyph cells, you control 3"):
            K.apply(s, Action("challenge", (0, "iops_wrath", 3, 8)))

    def test_passive_bonuses_cannot_be_used(self):
        s = build([("bravo_stormblade", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0,
                  challenges=("iops_brawl",), glyphs=GLYPHS_3)
        with pytest.raises(IllegalAction, match="Amped-Up is passive: it always applies"):
            K.apply(s, Action("challenge", (0, "amped_up", 3, 8)))

    def test_not_for_minions(self):
        s = build([("bravo_stormblade", 0, (0, 9)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK,
                   {"kind": "fleeflee", "owner": 0, "cell": [3, 8]}], active=4, played=[0, 1],
                  challenges=("iops_brawl",), glyphs=GLYPHS_5)
        assert not [a for a in K.legal_actions(s) if a.kind == "challenge"]
        with pytest.raises(IllegalAction, match="Minions cannot use Divine Challenge bonuses"):
            K.apply(s, Action("challenge", (4, "iops_wrath", 3, 8)))

    def test_both_teams_losing_at_once_has_no_winner(self):
        s = build([("bravo_stormblade", 0, (3, 8)), {"kind": "golda_purse", "owner": 0, "cell": [3, 9], "injuries": 7},
                   {"kind": "arrowna", "owner": 1, "cell": [3, 6], "injuries": 5}, FAR_PINK],
                  active=0, challenges=("iops_brawl",), glyphs=GLYPHS_5)
        s, ev = run(s, "challenge 0 iops_wrath 3 8")
        assert ev[-1] == GameOver((), "Both teams lost half of their Krosmasters at once.", (0, 1), (5, 0))


class TestOtherChallengeBonuses:
    """The bonuses of the six other Divine Challenges, each at work once."""

    def at(self, challenge, glyphs, fighters=None, **kw):
        fighters = fighters or [("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 5)), FAR_PINK]
        return build(fighters, active=0, challenges=(challenge,), glyphs=glyphs, **kw)

    def test_eagle_eye_reaches_one_cell_farther(self):
        four_away = [("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 4)), FAR_PINK]
        assert "cast 0 catroulette 3 4" not in texts(self.at("cras_hunt", {}, four_away))
        assert "cast 0 catroulette 3 4" in texts(self.at("cras_hunt", GLYPHS_1, four_away))

    def test_pinning_shot(self):
        _s, ev = run(self.at("cras_hunt", GLYPHS_3), "challenge 0 pinning_shot 3 5")
        assert ev[1] == MarkerPlaced(2, "mp", -2)

    def test_rain_of_arrows_hits_enemies_in_sight(self):
        fighters = [("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (3, 7)), ("arrowna", 1, (4, 8)), ("wa_wabbit", 1, (3, 6))]
        _s, ev = run(self.at("cras_hunt", GLYPHS_5, fighters), "challenge 0 rain_of_arrows 3 8")
        assert [(e.piece, e.amount, e.source) for e in ev if isinstance(e, Damaged)] == [(2, 1, "volley")]

    def test_call_of_the_arachnee(self):
        _s, ev = run(self.at("osamodas_menagerie", GLYPHS_1), "challenge 0 call_arachnee 3 7")
        assert ev[1] == Summoned(4, "arachnee", 0, (3, 7))

    def test_pack_instinct_gives_minions_an_mp(self):
        fighters = [("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 5)), FAR_PINK,
                    {"kind": "fleeflee", "owner": 0, "cell": [0, 9]}]
        s = build(fighters, active=4, played=[0, 1], challenges=("osamodas_menagerie",), glyphs=GLYPHS_3)
        assert s.mp == 5

    def test_crackler_rising(self):
        _s, ev = run(self.at("osamodas_menagerie", GLYPHS_5), "challenge 0 crackler_rising 3 7")
        assert ev[1] == Summoned(4, "crackler", 0, (3, 7))

    def test_bramble_doll(self):
        _s, ev = run(self.at("sadidas_grove", GLYPHS_1), "challenge 0 bramble_doll 3 6")
        assert ev[1] == Summoned(4, "bramble", 0, (3, 6))

    def test_thornskin_softens_spells_on_allied_krosmasters(self):
        fighters = [("arrowna", 0, (3, 8)), FAR_BLUE, ("felix_dicebag", 1, (3, 5)), FAR_PINK]
        s = build(fighters, active=0, challenges=("sadidas_grove",), glyphs={(1, 2): 1, (5, 3): 1, (2, 4): 1})
        s, ev = run(with_rolls(s, ["critical"]), "cast 0 magic_arrow 3 5")
        assert ev[-1] == Damaged(2, 1, 6, "combat", 1)

    def test_sap_of_life(self):
        fighters = [("felix_dicebag", 0, (3, 8)), {"kind": "golda_purse", "owner": 0, "cell": [3, 9], "injuries": 4},
                    ("arrowna", 1, (3, 5)), FAR_PINK]
        _s, ev = run(self.at("sadidas_grove", GLYPHS_5, fighters), "challenge 0 sap_of_life 3 9")
        assert ev[1] == Healed(1, 3, 7, 1)

    def test_bow_meow_call(self):
        _s, ev = run(self.at("ecaflips_gamble", GLYPHS_1), "challenge 0 bow_meow_call 3 7")
        assert ev[1] == Summoned(4, "bow_meow", 0, (3, 7))

    def test_lucky_streak_turns_blanks_into_criticals(self):
        _s, ev = run(with_rolls(self.at("ecaflips_gamble", GLYPHS_3), ["blank"]), "cast 0 catroulette 3 5")
        assert ev[-1] == Damaged(2, 2, 4, "combat", 2)

    def test_jackpot(self):
        s, ev = run(self.at("ecaflips_gamble", GLYPHS_5), "challenge 0 jackpot 3 8")
        assert ev[1] == MarkerPlaced(0, "ap", 2) and s.ap == 4

    def test_time_drain(self):
        _s, ev = run(self.at("xelors_clockwork", GLYPHS_1), "challenge 0 time_drain 3 5")
        assert ev[1] == MarkerPlaced(2, "ap", -1)

    def test_hourglass_gives_krosmasters_an_mp(self):
        assert self.at("xelors_clockwork", GLYPHS_3).mp == 4

    def test_rewind_jumps_without_sight(self):
        s = self.at("xelors_clockwork", GLYPHS_5, [("felix_dicebag", 0, (1, 8)), FAR_BLUE, ("arrowna", 1, (3, 5)), FAR_PINK])
        s, ev = run(s, "challenge 0 rewind 1 6")
        assert ev[1] == Moved(0, ((1, 8), (1, 6)), "teleport")

    def test_shadow_veil_places_fog(self):
        s = self.at("srams_shadows", GLYPHS_1, setup=TERRAIN)
        s, ev = run(s, "challenge 0 shadow_veil 3 6")
        assert ev[1] == TerrainPlaced("fog", (3, 6))

    def test_trapper_makes_fire_harmless(self):
        s = self.at("srams_shadows", GLYPHS_3, setup=TERRAIN, terrain={(3, 7): "fire"})
        s, ev = run(s, "move 0 3 7")
        assert kinds(ev) == ["Moved"] and s.fighters[0].injuries == 0

    def test_chafer_crypt(self):
        _s, ev = run(self.at("srams_shadows", GLYPHS_5, setup=TERRAIN), "challenge 0 chafer_crypt 3 7")
        assert ev[1] == Summoned(4, "chafer", 0, (3, 7))


class TestSpinAgain:
    GLYPHS_4 = {(1, 2): 0, (5, 3): 0, (2, 4): 0, (5, 5): 0}

    def felix(self, glyphs):
        return build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0, glyphs=glyphs)

    def test_with_four_glyphs_he_may_roll_again_once_per_turn(self):
        s, _ = run(with_rolls(self.felix(self.GLYPHS_4), ["shield", "critical"]), "cast 0 catroulette 3 6")
        assert texts(s) == ["reroll", "keep"]
        s, ev = run(s, "reroll")
        assert ev == [Rerolled(0, "spin_again"), DiceRolled(0, "combat", ("critical",)), Damaged(2, 2, 4, "combat", 2)]
        s2 = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), ("wa_wabbit", 1, (2, 7))], active=0, glyphs=self.GLYPHS_4)
        s2, _ = run(with_rolls(s2, ["shield", "blank", "shield"]), "cast 0 catroulette 3 6", "reroll", "cast 0 catroulette 2 7")
        assert s2.phase == "act" and s2.fighters[3].injuries == 0

    def test_keep_the_roll(self):
        _s, ev = run(with_rolls(self.felix(self.GLYPHS_4), ["critical"]), "cast 0 catroulette 3 6", "keep")
        assert ev[-1] == Damaged(2, 2, 4, "combat", 2)

    def test_with_three_glyphs_no_second_roll(self):
        s, _ = run(with_rolls(self.felix(GLYPHS_3), ["shield"]), "cast 0 catroulette 3 6")
        assert s.phase == "act"


class TestSpecialTerrainTiles:
    def test_only_on_free_cells_without_a_glyph_or_another_tile(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0, left=("cold_wave",),
                  terrain={(0, 0): "fire"})
        for cell, reason in [((3, 6), "That cell is occupied by a fighter."), ((6, 2), "That cell holds a tree or a bush."),
                             ((3, 3), "That cell holds a tree or a bush."), ((0, 0), "That cell already holds a terrain tile."),
                             ((5, 3), "Terrain tiles cannot go on Glyph cells.")]:
            with pytest.raises(IllegalAction, match=reason):
                K.apply(s, Action("favor", (0, "left", *cell)))

    def test_terrain_cells_are_free_cells_a_summon_lands_on_fire_and_burns(self):
        """Reminder table: every terrain tile is a free cell. A Fleeflee (2 HP) summoned onto Fire is knocked out."""
        s = build([("martine_gale", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 1)), FAR_PINK], active=0,
                  terrain={(2, 8): "fire"})
        s, ev = run(s, "cast 0 fleabag 2 8")
        assert kinds(ev) == ["SpellCast", "Summoned", "Damaged", "KnockedOut"] and s.fighters[4].out
        assert s.grid[8 * 8 + 2] == -1 and s.terrain[8 * 8 + 2] == "fire"

    def test_a_summon_onto_fog_clears_it_and_onto_ice_does_not_slip(self):
        s = build([("martine_gale", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 1)), FAR_PINK], active=0, setup=TERRAIN,
                  terrain={(2, 8): "fog", (4, 8): "ice"})
        fog, ev = run(s, "cast 0 fleabag 2 8")
        assert ev[-1] == TerrainRemoved("fog", (2, 8), "entered") and fog.fighters[4].xy == (2, 8)
        ice, _ = run(s, "cast 0 fleabag 4 8")
        assert ice.fighters[4].xy == (4, 8)

    def test_a_jump_lands_on_terrain_and_only_a_one_cell_jump_slips(self):
        """Cold Wave slips a fighter arriving "from an adjacent" cell: a 1-cell Krosmic Leap does, Bound (2-3) does not."""
        s = build([("bravo_stormblade", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (0, 0)), FAR_PINK], active=0,
                  left=("krosmic_leap",), terrain={(3, 6): "ice", (3, 7): "ice", (5, 8): "fire"})
        bound, _ = run(s, "cast 0 bound 3 6")
        assert bound.fighters[0].xy == (3, 6)
        _leap, ev = run(s, "favor 0 left 3 7")
        assert [e.path for e in ev if isinstance(e, Moved)] == [((3, 8), (3, 7)), ((3, 7), (3, 6)), ((3, 6), (3, 5))]
        _burnt, ev = run(s, "cast 0 bound 5 8")
        assert [(e.piece, e.amount, e.source) for e in ev if isinstance(e, Damaged)] == [(0, 2, "fire")]

    def test_a_fifth_tile_of_a_type_replaces_one(self):
        """The rulebook's example: four Ice and two Fire on the board, one more Ice wanted."""
        ice = {(0, 0): "ice", (7, 0): "ice", (0, 9): "ice", (7, 9): "ice"}
        fire = {(0, 1): "fire", (7, 1): "fire"}
        s = build([("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (5, 8)), ("arrowna", 1, (3, 6)), FAR_PINK], active=0,
                  left=("cold_wave",), terrain={**ice, **fire})
        s, ev = run(s, "favor 0 left 4 4")
        assert s.phase == "decide" and texts(s) == ["remove 0 0", "remove 7 0", "remove 0 9", "remove 7 9"]
        s, ev = run(s, "remove 7 9")
        assert ev == [TerrainRemoved("ice", (7, 9), "limit"), TerrainPlaced("ice", (4, 4))]
        assert s.terrain.count("ice") == 4 and s.terrain.count("fire") == 2 and s.phase == "act"

    def test_ice_slides_one_cell_further(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (0, 0)), FAR_PINK], active=0, terrain={(3, 7): "ice"})
        s, ev = run(s, "move 0 3 7")
        assert ev == [Moved(0, ((3, 8), (3, 7)), "walk"), Moved(0, ((3, 7), (3, 6)), "slide")]
        assert s.mp == 2

    def test_ice_after_ice_keeps_sliding(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (0, 0)), FAR_PINK], active=0,
                  terrain={(3, 7): "ice", (3, 6): "ice"})
        s, _ev = run(s, "move 0 3 7")
        assert s.fighters[0].xy == (3, 5)

    def test_no_slide_into_an_obstacle(self):
        s = build([("felix_dicebag", 0, (4, 8)), FAR_BLUE, ("arrowna", 1, (0, 0)), FAR_PINK], active=0, terrain={(4, 7): "ice"})
        s, _ev = run(s, "move 0 4 7")  # the bush at (4, 6)
        assert s.fighters[0].xy == (4, 7)

    def test_sure_footed_does_not_slip(self):
        s = build([("wa_wabbit", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (0, 0)), ("felix_dicebag", 1, (6, 0))], active=0,
                  terrain={(3, 7): "ice"})
        s, _ = run(s, "move 0 3 7")
        assert s.fighters[0].xy == (3, 7)

    def test_fire_gives_two_injuries(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (0, 0)), FAR_PINK], active=0, terrain={(3, 7): "fire"})
        s, ev = run(s, "move 0 3 7")
        assert ev[1] == Damaged(0, 2, 5, "fire", 2) and s.terrain[7 * 8 + 3] == "fire"

    def test_fog_clears_when_entered(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (0, 0)), FAR_PINK], active=0,
                  setup=TERRAIN, terrain={(3, 7): "fog"})
        s, ev = run(s, "move 0 3 7")
        assert ev[1] == TerrainRemoved("fog", (3, 7), "entered") and s.terrain[7 * 8 + 3] == ""

    def test_shoved_onto_ice_the_target_slides_on(self):
        s = build([("golda_purse", 0, (3, 9)), ("felix_dicebag", 0, (7, 9)), ("arrowna", 1, (3, 8)), FAR_PINK], active=0,
                  terrain={(3, 7): "ice"})
        s, _ = run(with_rolls(s, ["blank"]), "cast 0 shovel_slam 3 8")
        assert s.fighters[2].xy == (3, 5)  # 2 cells shoved, 1 slid

    def test_shoved_onto_fire_the_target_burns(self):
        s = build([("golda_purse", 0, (3, 9)), ("felix_dicebag", 0, (7, 9)), ("arrowna", 1, (3, 8)), FAR_PINK], active=0,
                  terrain={(3, 7): "fire"})
        s, ev = run(with_rolls(s, ["blank"]), "cast 0 shovel_slam 3 8")
        assert [(e.amount, e.source) for e in ev if isinstance(e, Damaged)] == [(2, "fire"), (1, "combat")]
        assert s.fighters[2].xy == (3, 6)

    def test_special_terrain_tiles_the_first_game_places_no_fog(self):
        # "You won't need the other Special Terrain tiles for your first game": only a Superior Favor
        # (Fog Bank) and a Divine Challenge (Sram's Shadows) place Fog, and a first game has neither.
        def places_fog(ability):
            return ability is not None and any(e.kind == "terrain" and e.terrain == "fog" for e in ability.effects)

        fog_favors = [f.id for f in K.CONTENT.favors.values() if places_fog(f.ability)]
        fog_challenges = [c.id for c in K.CONTENT.challenges.values() if any(places_fog(b.ability) for b in c.bonuses)]
        assert fog_favors == ["fog_bank"] and K.CONTENT.favors["fog_bank"].superior
        assert fog_challenges == ["srams_shadows"]

    def test_a_minion_ko_by_fire_during_a_shove_gets_no_combat_roll(self):
        s = build([("golda_purse", 0, (3, 9)), ("felix_dicebag", 0, (7, 9)), ("arrowna", 1, (0, 0)), FAR_PINK,
                   {"kind": "black_tiwabbit", "owner": 1, "cell": [3, 8]}], active=0, terrain={(3, 7): "fire"})
        s, ev = run(s, "cast 0 shovel_slam 3 8")
        assert kinds(ev) == ["SpellCast", "Moved", "Damaged", "KnockedOut"]
        assert s.fighters[4].cell == -1 and s.phase == "act"

    def test_a_swap_onto_fire_burns(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0,
                  left=("transposition",), terrain={(3, 6): "fire"})
        s, ev = run(s, "favor 0 left 3 6")
        assert [(e.piece, e.source) for e in ev if isinstance(e, Damaged)] == [(0, "fire")]
