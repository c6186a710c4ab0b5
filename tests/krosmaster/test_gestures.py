"""The board's gestures as the rules read them (game.krosmaster.gestures): each click becomes legal actions
or the rules' own reason, and each preview says what the gesture would cost, risk and deal."""



import game.krosmaster as K
from game.krosmaster.testing import build, run, with_rolls

BLUE2 = ("golda_purse", 0, (7, 9))
PINK2 = ("wa_wabbit", 1, (6, 0))


def legal(s):
    return tuple(K.legal_actions(s))


def texts(gesture):
    return [str(a) for a in gesture.actions]


class TestMovement:
    def test_a_walk_is_one_step_action_per_cell_of_the_cheapest_path(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (0, 0)), PINK2], active=0)
        g = K.walk(s, legal(s), (3, 5))
        assert texts(g) == ["move 0 3 7", "move 0 3 6", "move 0 3 5"]
        assert g.actions[0] in legal(s)

    def test_a_walk_too_far_says_how_many_mp_are_left(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (0, 0)), PINK2], active=0)
        g = K.walk(s, legal(s), (3, 1))
        assert not g.ok and "out of reach" in g.reason and "3 MP left" in g.reason

    def test_no_mp_left(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (0, 0)), PINK2], active=0)
        s, _ = run(s, "move 0 3 7", "move 0 3 6", "move 0 3 5")
        assert K.walk(s, legal(s), (3, 4)).reason == "Felix Dicebag has no Movement Points left"

    def test_a_tree_or_a_fighter_is_no_place_to_stop(self):
        s = build([("felix_dicebag", 0, (0, 6)), BLUE2, ("arrowna", 1, (0, 3)), PINK2], active=0)
        assert "tree" in K.walk(s, legal(s), (0, 4)).reason
        assert K.walk(s, legal(s), (0, 6)).reason == "Felix Dicebag stands here"

    def test_an_unplayed_teammate_is_played_after_ending_the_active_fighter(self):
        s = build([("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (3, 6)), ("arrowna", 1, (0, 0)), PINK2], active=0)
        assert K.walk(s, legal(s), (3, 6)).reason.startswith("end Felix Dicebag's activation first")
        assert K.play_fighter(s, legal(s), 1).reason.startswith("end Felix Dicebag's activation first")

    def test_nothing_is_walked_when_it_is_not_the_screen_s_decision(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (0, 0)), PINK2], active=0)
        assert not K.walk(s, (), (3, 7)).ok


class TestDodgeRolls:
    def test_the_walk_preview_names_each_roll_with_the_rules_odds(self):
        s = build([("felix_dicebag", 0, (5, 8)), ("golda_purse", 1, (5, 6)), ("arrowna", 1, (6, 8))],
                  setup=K.Setup(tackle=True), active=0)
        p = K.walk_preview(s, (4, 8))
        assert p.cost == 1 and p.path == ((4, 8),)
        (d,) = p.dodges
        odds = K.dodge_odds(s, 0, (5, 8))
        assert d == K.Dodge((5, 8), 1, odds["free"], odds["caught"], odds["tackled"])
        assert p.per_die == K.dodge_die_odds()["free"]
        assert K.walk_preview(s, (0, 0)) is None

    def test_fire_on_the_way_is_in_the_preview(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (0, 0)), PINK2], active=0, terrain={(2, 8): "fire"})
        assert K.walk_preview(s, (2, 8)).burns == 2


class TestCastingSpells:
    def test_arming_a_spell_with_a_target_and_aiming_it(self):
        s = build([("felix_dicebag", 0, (0, 6)), BLUE2, ("arrowna", 1, (0, 3)), ("wa_wabbit", 1, (2, 6))], active=0)
        assert K.arm(s, legal(s), 0, ("spell", "catroulette")) is None
        assert texts(K.aim(s, legal(s), 0, ("spell", "catroulette"), (2, 6))) == ["cast 0 catroulette 2 6"]
        g = K.aim(s, legal(s), 0, ("spell", "catroulette"), (0, 3))
        assert g.reason == "no line of sight to that cell"

    def test_a_target_in_range_but_hidden_is_said_to_be_out_of_sight(self):
        """Line of Sight: a tree between Felix and Arrowna; the greyed spell says so (issue 23)."""
        s = build([("felix_dicebag", 0, (0, 6)), BLUE2, ("arrowna", 1, (0, 3)), PINK2], active=0)  # tree at (0, 4)
        reason = K.arm(s, legal(s), 0, ("spell", "catroulette"))
        assert reason is not None and "out of sight" in reason

    def test_no_target_at_all(self):
        s = build([("felix_dicebag", 0, (0, 9)), BLUE2, ("arrowna", 1, (7, 0)), PINK2], active=0)
        assert K.arm(s, legal(s), 0, ("spell", "catroulette")) == "no target in range now"

    def test_only_the_fighter_being_played_casts(self):
        s = build([("felix_dicebag", 0, (0, 6)), ("golda_purse", 0, (1, 6)), ("arrowna", 1, (0, 3)), PINK2], active=0)
        assert "only the fighter being played" in K.arm(s, legal(s), 1, ("spell", "shovel_slam"))
        s = build([("felix_dicebag", 0, (0, 6)), ("golda_purse", 0, (1, 6)), ("arrowna", 1, (0, 3)), PINK2])
        assert K.arm(s, legal(s), 0, ("spell", "catroulette")).startswith("play Felix Dicebag first")

    def test_no_action_points_left(self):
        s = build([("felix_dicebag", 0, (5, 8)), ("golda_purse", 1, (5, 6)), ("arrowna", 1, (6, 8))], active=0)
        s.ap = 0
        s._legal = s._legal_set = None
        assert K.arm(s, legal(s), 0, ("spell", "catroulette")) == "no Action Points left"

    def test_the_aim_preview_gives_the_combat_roll_odds(self):
        s = build([("felix_dicebag", 0, (5, 8)), ("golda_purse", 1, (5, 6)), ("arrowna", 1, (6, 8))],
                  setup=K.Setup(die_jokers=True), active=0)
        p = K.aim_preview(s, 0, ("spell", "catroulette"), (5, 6))
        assert p.target == 1 and not p.ally and p.jokers
        assert p.odds == K.damage_odds(s, 0, "catroulette", (5, 6))
        assert p.expected == sum(d * q for d, q in p.odds.items()) and sum(p.odds.values()) == 1

    def test_aiming_at_one_s_own_team_is_flagged(self):
        s = build([("felix_dicebag", 0, (5, 8)), ("golda_purse", 0, (5, 6)), ("arrowna", 1, (0, 0)), PINK2], active=0)
        assert K.aim_preview(s, 0, ("spell", "catroulette"), (5, 6)).ally


class TestSummoning:
    def test_a_summon_onto_fire_warns_of_the_injuries(self):
        """Summoning onto a Fire tile burns the Minion (issue 23: the preview said nothing)."""
        s = build([("martine_gale", 0, (3, 8)), BLUE2, ("arrowna", 1, (3, 1)), PINK2], active=0, terrain={(2, 8): "fire"})
        p = K.aim_preview(s, 0, ("spell", "fleabag"), (2, 8))
        assert p.fire == ((4, 2),) and p.target == -1
        assert K.aim_preview(s, 0, ("spell", "fleabag"), (3, 7)).fire == ()
        assert len(s.fighters) == 4, "the preview plays on a copy"


class TestShove:
    def test_a_push_onto_fire_warns_of_the_injuries(self):
        s = build([("golda_purse", 0, (3, 9)), ("felix_dicebag", 0, (6, 9)), ("arrowna", 1, (3, 8)), PINK2], active=0,
                  terrain={(3, 6): "fire"})
        p = K.aim_preview(s, 0, ("spell", "shovel_slam"), (3, 8))
        assert p.fire == ((2, 2),)
        _s2, ev = run(with_rolls(s, ["blank"]), "cast 0 shovel_slam 3 8")
        assert any(type(e).__name__ == "Damaged" and e.source == "fire" and e.amount == 2 for e in ev)


class TestKrosmicFavorUse:
    def test_the_favor_slot_is_armed_when_it_has_a_target(self):
        s = build([("felix_dicebag", 0, (5, 8)), BLUE2, ("arrowna", 1, (5, 6)), PINK2], active=0)
        for slot in ("left", "right"):
            reason = K.arm(s, legal(s), 0, ("favor", slot))
            uses = [a for a in legal(s) if a.kind == "favor" and a.args[1] == slot]
            assert (reason is None) == bool(uses), (slot, reason)

    def test_minions_cannot_use_favors(self):
        s = build([("martine_gale", 0, (3, 8)), BLUE2, ("arrowna", 1, (3, 1)), PINK2,
                   {"kind": "fleeflee", "owner": 0, "cell": [0, 9]}], active=4, played=[0, 1])
        assert K.arm(s, legal(s), 4, ("favor", "left")) == "Minions cannot use Krosmic Favors"


class TestDivineChallenges:
    def test_a_passive_bonus_is_not_armed(self):
        bonus = next(b for ch in K.CONTENT.challenges.values() for b in ch.bonuses if b.ability is None)
        s = build([("felix_dicebag", 0, (5, 8)), BLUE2, ("arrowna", 1, (5, 6)), PINK2], active=0,
                  challenges=(bonus.challenge,))
        assert "passive" in K.arm(s, legal(s), 0, ("bonus", bonus.id))

    def test_an_active_bonus_needs_its_glyph_cells(self):
        bonus = next(b for ch in K.CONTENT.challenges.values() for b in ch.bonuses if b.ability is not None)
        s = build([("felix_dicebag", 0, (5, 8)), BLUE2, ("arrowna", 1, (5, 6)), PINK2], active=0,
                  challenges=(bonus.challenge,))
        assert "Glyph cells" in K.arm(s, legal(s), 0, ("bonus", bonus.id))


class TestStagesOfAPlayersTurn:
    def test_the_end_button_ends_the_fighter_then_the_turn(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (0, 0)), PINK2], active=0)
        assert texts(K.end(s, legal(s))) == ["end 0"] and K.end_label(s) == "End Felix Dicebag"
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (0, 0)), PINK2])
        assert texts(K.end(s, legal(s))) == ["pass"] and K.end_label(s) == f"End turn {s.turn}"

    def test_choosing_the_next_fighter(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (0, 0)), PINK2], played=[1])
        assert texts(K.play_fighter(s, legal(s), 0)) == ["activate 0"]
        assert K.play_fighter(s, legal(s), 1).reason == "Golda Purse has already been played this turn"
        assert K.play_fighter(s, legal(s), 2).reason == "Arrowna is on the other team"

    def test_a_played_card_shows_its_spent_points(self):
        """Using MP and AP: what is not spent is lost when the activation ends (issue 23: the card showed
        full AP and MP again)."""
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (0, 0)), PINK2], active=0)
        full = K.points_left(s, 0)
        s, _ = run(s, "move 0 3 7")
        assert K.points_left(s, 0) == (full[0], full[1] - 1)
        s, _ = run(s, "end 0")
        assert K.points_left(s, 0) == (0, 0)
        assert K.points_left(s, 1) == (K.action_points(s, 1), K.movement_points(s, 1))


class TestSetup:
    def test_placing_and_the_draft(self):
        s = K.new_game(K.Setup(choose_krosmasters=True), 3)
        k = s.pool[0]
        assert texts(K.pick(s, legal(s), k)) == [f"pick {k}"]
        s, _ = run(s, f"pick {k}")
        assert "already been picked" in K.pick(s, legal(s), k).reason
        s = K.new_game(K.Setup(), 3)
        a = legal(s)[0]
        fid, x, y = a.args
        assert texts(K.place(s, legal(s), fid, (x, y))) == [str(a)]
        assert "starting cell of your own side" in K.place(s, legal(s), fid, (3, 4)).reason


class TestDiceSides:
    def test_the_joker_s_faces_are_options_with_the_damage_each_deals(self):
        s = build([("felix_dicebag", 0, (5, 8)), ("golda_purse", 1, (5, 6)), ("arrowna", 1, (6, 8))],
                  setup=K.Setup(die_jokers=True), active=0)
        s, _ = run(with_rolls(s, ["joker"]), "cast 0 catroulette 5 6")
        assert s.pending.kind == "face"
        opts = K.options(s, legal(s))
        assert [o.action for o in opts] == [a for a in legal(s) if a.kind == "face"]
        assert all(o.tip.startswith("Turn the die to") and "Golda Purse takes" in o.tip for o in opts)
        crit = next(o for o in opts if o.face == "critical")
        shield = next(o for o in opts if o.face == "shield")
        assert crit.label == "Critical" and shield.label == "Shield"
        assert "takes 1 damage" in shield.tip or "takes 0 damage" in shield.tip

    def test_no_options_without_a_question(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (0, 0)), PINK2], active=0)
        assert K.options(s, legal(s)) == []


class TestSpecialTerrainTiles:
    def test_removing_a_tile_is_a_click_on_one_of_its_kind(self):
        s = build([("felix_dicebag", 0, (3, 8)), BLUE2, ("arrowna", 1, (0, 0)), PINK2], active=0)
        assert not K.remove_tile(s, legal(s), (3, 3)).ok
