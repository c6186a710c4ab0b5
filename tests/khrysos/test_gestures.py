"""The board's gestures as rules queries (issue 19): a click on a square, a hunter, an action or a button of the
decision bar becomes the legal actions it plays, or the rules' reason why it plays none. Grouped by the rulebook
section each follows."""

import pytest

import game.khrysos as K
from game.core import Action
from game.core.rng import Rng
from game.khrysos.testing import card, hunter, number_of, play, position

N = number_of


def legal(state):
    return tuple(K.legal_actions(state))


def texts(gesture):
    return [str(a) for a in gesture.actions]


FOUR = [hunter("Elia Rose", 0, (3, 3)), hunter("Bento Rush", 1, (5, 5)), hunter("Vex Orion", 0, (1, 7)),
        hunter("Mara Quill", 1, (7, 1))]


class TestMoving:
    """Activating Your Hunter > Moving: each square costs 1 energy, in any of eight directions."""

    def test_a_click_on_a_square_walks_the_cheapest_path(self):
        state = position(FOUR, energy=3)
        g = K.go_to(state, legal(state), (5, 3))
        assert texts(g) == ["move 4 3", "move 5 3"]
        after, _ = play(state, *g.actions)
        assert card(after, "Elia Rose").at == (5, 3) and after.energy == 1

    def test_hunters_may_move_into_squares_other_hunters_occupy(self):
        state = position([hunter("Elia Rose", 0, (4, 5)), *FOUR[1:]], energy=1)
        assert texts(K.go_to(state, legal(state), (5, 5))) == ["move 5 5"]

    def test_a_square_too_far_says_how_far_and_how_much_can_be_moved(self):
        state = position(FOUR, energy=2)
        g = K.go_to(state, legal(state), (8, 2))
        assert not g.ok and g.reason == "That square is 5 squares away; Elia Rose can move only 2 now."
        # the pillar on E5 makes the way to I9 longer than its five rings
        assert K.go_to(state, legal(state), (8, 8)).reason == "That square is 7 squares away; Elia Rose can move only 2 now."

    def test_the_square_it_stands_on_and_squares_off_the_map(self):
        state = position(FOUR, energy=2)
        assert K.go_to(state, legal(state), (3, 3)).reason == "Elia Rose already stands here."
        assert K.go_to(state, legal(state), (20, 3)).reason == "That square is not on the map."

    def test_the_squares_tell_the_walk_and_its_cost(self):
        state = position(FOUR, energy=3, loot=[(4, 3)])
        squares = K.board_squares(state, legal(state))
        assert squares[(5, 3)].does == "Walk Elia Rose here: 2 squares, 2 energy, picking up 1 treasure."
        assert squares[(5, 3)].path == ((4, 3), (5, 3))
        assert squares[(3, 3)].about == ("Elia Rose (Player 1): endurance 6 of 6, 0 treasure.",)
        assert set(squares) == set(state.board.floor)

    def test_no_square_answers_while_the_die_is_not_rolled(self):
        state = position(FOUR)
        g = K.go_to(state, legal(state), (4, 3))
        assert not g.ok and g.reason == "Roll the white die first: click it, or the Roll button."


class TestSpecialTiles:
    """The Map > Special Tiles: solid lines cannot be moved through; Range reaches across them."""

    TOWER = [hunter("Kaz Ironjaw", 0, (3, 4)), hunter("Bento Rush", 1, (2, 4)), hunter("Gus Barrow", 0, (0, 8)),
             hunter("Mara Quill", 1, (4, 13))]

    def test_a_solid_line_makes_the_walk_go_round(self):
        state = position(self.TOWER, map="the_tower", energy=6)
        g = K.go_to(state, legal(state), (2, 4))
        assert g.ok and len(g.actions) > 1 and str(g.actions[-1]) == "move 2 4"

    def test_a_solid_line_stops_a_step_but_not_a_hit(self):
        state = position(self.TOWER, map="the_tower", energy=1)
        assert not K.go_to(state, legal(state), (2, 4)).ok
        state, _ = play(position(self.TOWER, map="the_tower", energy=6), "act 2")  # Haymaker: Hit 1 Range 1
        assert texts(K.go_to(state, legal(state), (2, 4))) == [f"target {N('Bento Rush')}"]
        assert (2, 4) in K.hit_reach(state)


class TestActions:
    """Activating Your Hunter > Actions: action N costs N energy; no action twice a turn."""

    def test_an_action_button_starts_the_action(self):
        state = position(FOUR, energy=4)
        assert texts(K.use_action(state, legal(state), N("Elia Rose"), 3)) == ["act 3"]

    def test_too_dear_already_used_and_another_hunter_s_card_say_why(self):
        state, _ = play(position(FOUR, energy=4), "act 1")
        me = N("Elia Rose")
        assert K.use_action(state, legal(state), me, 1).reason == "Already used this turn."
        assert K.use_action(state, legal(state), me, 5).reason == "Roadblock costs 5, 3 energy left."
        assert K.use_action(state, legal(state), N("Bento Rush"), 1).reason == \
            "This is Bento Rush's card: only Elia Rose can act now."
        before = position(FOUR)
        assert K.use_action(before, legal(before), me, 1).reason == "Roll the die first."

    def test_the_options_tell_what_each_action_does_from_here(self):
        state = position(FOUR, energy=6)
        options = K.action_options(state, legal(state), N("Elia Rose"))
        assert [o.label for o in options][:3] == ["1 · Rev Up", "2 · Theft", "3 · Tank Driver"]
        tank = options[2]
        assert tank.tip[:2] == ("Tank Driver: the hunter tramples up to 3 squares: every hunter on its way (its starting "
                                "square too) takes 2 Damage.", "Costs 3 energy.")
        assert tank.upgrade == "Upgrade (locked): with 6 treasure or more, Trample +1."
        assert tank.area and (3, 3) not in tank.area
        roadblock = options[4]  # Hit 2 Range 2: Bento Rush is 4 rings away (the pillar on E5 blocks the diagonals)
        assert set(roadblock.reach) == set(state.board.within((3, 3), 2)) and (5, 3) in roadblock.reach
        assert roadblock.targets == () and roadblock.tip[-1] == "From here it reaches nobody."
        near = position([FOUR[0], hunter("Bento Rush", 1, (5, 3)), *FOUR[2:]], energy=6)
        roadblock = K.action_options(near, legal(near), N("Elia Rose"))[4]
        assert roadblock.targets == ((5, 3),) and roadblock.tip[-1] == "From here it reaches Bento Rush."


class TestActionSymbolsInWords:
    """Action Symbols, read left to right: a card's tip says in words what each symbol does (no engine syntax)."""

    def test_action_symbols_every_action_of_the_deck_reads_as_sentences(self):
        for h in K.HUNTERS.values():
            for act in h.actions:
                for upgraded in (False, True):
                    text = K.action_words(h.number, act.number, upgraded)
                    assert text[0].isupper() and text.endswith("."), (h.name, act.name, text)
                    assert not any(c in text for c in "[]"), (h.name, act.name, text)

    def test_action_symbols_self_symbols_after_a_box_belong_to_the_acting_hunter(self):
        elia = K.HUNTERS[N("Elia Rose")]
        hit_and_run = next(a for a in elia.actions if a.name == "Hit and Run")  # Hit 1 Range 1 [Damage 2] Move 2
        assert K.action_words(elia.number, hit_and_run.number) == \
            "The hunter hits 1 hunter within Range 1, who takes 2 Damage. Then the hunter moves up to 2 squares."

    def test_action_symbols_guard_then_a_hit_read_in_order(self):
        vex = K.HUNTERS[N("Vex Orion")]
        shield = next(a for a in vex.actions if a.name == "Laser Shield")  # Guard 1 Hit 1 Range 3 [Damage 1]
        assert K.action_words(vex.number, shield.number) == \
            "The hunter gains 1 Guard marker, then hits 1 hunter within Range 3, who takes 1 Damage."

    def test_action_symbols_a_blast_says_it_can_catch_the_acting_hunter(self):
        grimm = K.HUNTERS[N("Torvald Grimm")]
        forge = next(a for a in grimm.actions if a.name == "Forge Blast")  # Hit 1 Range 3 Blast 1 [Damage 2]
        text = K.action_words(grimm.number, forge.number)
        assert "Blast catches every hunter within 1 square of the target (the acting hunter too)" in text


class TestHit:
    """Targeting > Hit: any hunter within the Range, never the hunter itself."""

    def state(self):
        """Elia Rose uses Theft (Hit 1 Range 1 [Steal 1]) between Bento Rush (no treasure) and Mara Quill (2)."""
        cards = [hunter("Elia Rose", 0, (4, 5)), hunter("Bento Rush", 1, (5, 5)), FOUR[2],
                 hunter("Mara Quill", 1, (4, 6), treasure=2)]
        state, _ = play(position(cards, energy=6), "act 2")
        return state

    def test_a_hunter_is_aimed_at_from_its_square_its_die_or_its_button(self):
        rich = [hunter("Elia Rose", 0, (4, 5)), hunter("Bento Rush", 1, (5, 5), treasure=2), FOUR[2], FOUR[3]]
        state, _ = play(position(rich, energy=6), "act 2")
        bento = N("Bento Rush")
        assert texts(K.go_to(state, legal(state), (5, 5))) == [f"target {bento}"]
        assert texts(K.hunter_gesture(state, legal(state), bento)) == [f"target {bento}"]
        hit = next(c for c in K.choices(state, legal(state)) if c.key == f"hit:{bento}")
        assert hit.label == "Hit Bento Rush" and texts(hit.gesture) == [f"target {bento}"]

    def test_out_of_range_nobody_there_and_no_treasure_to_steal_say_why(self):
        state = self.state()
        assert K.aim_at(state, legal(state), N("Vex Orion")).reason.startswith("Out of range: Vex Orion is")
        assert K.go_to(state, legal(state), (0, 0)).reason == "Nobody stands there: Elia Rose hits a hunter within Range 1."
        assert K.aim_at(state, legal(state), N("Bento Rush")).reason == "You cannot steal from Bento Rush: it has no treasure."
        assert K.aim_at(state, legal(state), N("Elia Rose")).reason == "A hunter cannot target itself."

    def test_stop_hitting(self):
        state = self.state()
        stop = next(c for c in K.choices(state, legal(state)) if c.key == "stop")
        assert texts(stop.gesture) == ["done"] and stop.tip == "Make no more hits (the 1 hit left is lost)."


class TestTrampleAndMove:
    """Targeting > Trample and Action Symbols > Move: the squares are stepped one by one."""

    def test_a_click_tramples_along_the_path_and_names_whom_it_passes(self):
        state, _ = play(position([hunter("Elia Rose", 0, (3, 5)), *FOUR[1:]], energy=6), "act 3")  # Trample 3
        g = K.go_to(state, legal(state), (6, 5))
        assert texts(g) == ["step 4 5", "step 5 5", "step 6 5"]
        info = K.board_squares(state, legal(state))[(6, 5)]
        assert info.does == "Trample here: 3 squares, all that is left, trampling Bento Rush."
        stop = next(c for c in K.choices(state, legal(state)) if c.key == "stop")
        assert texts(stop.gesture) == ["done"]

    def test_a_move_in_a_box_moves_the_target_or_the_acting_hunter(self):
        kaz = N("Kaz Ironjaw")
        grapple = next(a.number for a in K.HUNTERS[kaz].actions if a.name == "Grapple")  # Hit 1 Range 1 [Damage 1 Trap Move 2]
        cards = [hunter("Kaz Ironjaw", 0, (3, 3)), hunter("Bento Rush", 1, (4, 3)), FOUR[2], FOUR[3]]
        state, _ = play(position(cards, energy=6), f"act {grapple}", f"target {N('Bento Rush')}")
        assert K.pending(state).kind == "push"
        assert K.movers(state) == (N("Bento Rush"), kaz)
        labels = [c.label for c in K.choices(state, legal(state)) if c.key.startswith("mover:")]
        assert labels == ["Moving Bento Rush", "Move Kaz Ironjaw"]
        assert [c.label for c in K.choices(state, legal(state), mover=kaz) if c.key.startswith("mover:")] == \
            ["Move Bento Rush", "Moving Kaz Ironjaw"]
        assert texts(K.go_to(state, legal(state), (6, 3))) == [f"shift {N('Bento Rush')} 5 3", f"shift {N('Bento Rush')} 6 3"]
        assert texts(K.go_to(state, legal(state), (2, 3), mover=kaz)) == [f"shift {kaz} 2 3"]
        assert K.board_squares(state, legal(state), kaz)[(2, 3)].does == "Move Kaz Ironjaw here: 1 square of the 2 left."


class TestGuardBoostWithdraw:
    def test_guard_the_owner_chooses_how_many_markers(self):
        """Action Symbols > Guard."""
        cards = [hunter("Kaz Ironjaw", 0, (3, 3)), hunter("Bento Rush", 1, (4, 3), guard=2), FOUR[2], FOUR[3]]
        state, _ = play(position(cards, energy=6), "act 2", f"target {N('Bento Rush')}")  # Haymaker: Damage 2
        assert K.pending(state).kind == "guard"
        options = K.choices(state, legal(state))
        assert [c.key for c in options] == ["guard:0", "guard:1", "guard:2"]
        assert texts(options[2].gesture) == ["guard 2"]
        assert options[1].tip.startswith("Block 1 of the 2 damage to Bento Rush")

    def test_boosts_are_offered_and_no_more_boosts(self):
        """Upgrades and Boosts > Boost."""
        cards = [hunter("Elia Rose", 0, (3, 3), boosts=[("trample", 1)]), *FOUR[1:]]
        state, _ = play(position(cards, energy=6), "act 3")
        keys = [c.key for c in K.choices(state, legal(state))]
        assert keys == ["boost:trample:1", "boosts-done"]
        assert texts(K.spend_boost(state, legal(state), "trample", 1)) == ["boost trample 1"]

    def test_withdraw_only_at_one_endurance(self):
        """Withdraw."""
        state = position(FOUR)
        g = K.withdraw(state, legal(state))
        assert g.reason == "Only a hunter down to 1 endurance may withdraw; Elia Rose has 6."
        low = position([hunter("Elia Rose", 0, (3, 3), endurance=1), *FOUR[1:]])
        assert texts(K.withdraw(low, legal(low))) == ["withdraw"]
        assert [c.key for c in K.choices(low, legal(low))] == ["roll", "withdraw"]


class TestQuickStartAndReplacing:
    """Quick Start (play a hunter from the hand, start on its zone) and Replacing a Hunter."""

    def test_the_hand_is_offered_to_its_own_seat_only(self):
        state = K.new_game(K.Setup(players=2), 3)
        seat = state.to_move
        mine = K.view(state, seat)
        hand = [c for c in K.choices(mine, legal(state)) if c.key.startswith("hand:")]
        assert sorted(c.hunter for c in hand) == sorted(state.hands[seat])
        assert all(texts(c.gesture) == [f"play {c.hunter}"] for c in hand)
        assert hand[0].tip.endswith("(the opening roll).")
        assert K.choices(K.view(state, 1 - seat), ()) == [], "another seat's view shows no hand"
        assert K.choices(K.view(state, None), ()) == []

    def test_place_on_one_of_the_zone_squares_offered(self):
        from game.khrysos.maps import MapSpec, PlacedTile
        from game.khrysos.testing import with_rolls

        tiles = [PlacedTile(f"zone{n}", n - 1, 0) for n in range(1, 7)] + [PlacedTile("zone2", 6, 0)]  # Zone 2 twice
        state = position([hunter(None, 0), hunter("Bento Rush", 1, (4, 1)), hunter("Vex Orion", 0, (7, 1)),
                          hunter("Mara Quill", 1, (10, 1))], map=MapSpec("Two twos", tuple(tiles)), hands={0: ["Elia Rose"]})
        state, _ = play(with_rolls(state, [2]), f"play {N('Elia Rose')}")
        assert K.pending(state).kind == "place" and len(state.choices) == 2
        square = state.choices[1]
        assert texts(K.place_on(state, legal(state), square)) == [f"place {square[0]} {square[1]}"]
        assert K.place_on(state, legal(state), (0, 0)).reason == "Elia Rose starts on one of the lit squares of Treasure Zone 2."
        assert K.board_squares(state, legal(state))[square].does == "Elia Rose starts here."


class TestNames:
    def test_squares_are_named_from_the_map_s_own_corner(self):
        from game.khrysos.maps import MapSpec, PlacedTile, build_board

        board = build_board(MapSpec("Far", tuple(PlacedTile(f"zone{n}", 4 + n, 3) for n in range(1, 7))))
        assert K.square_name(board, (15, 9)) == "A1"
        assert K.square_name(board, (17, 11)) == "C3"
        assert K.column_labels(board)[15] == "A" and K.column_labels(board)[32] == "R" and K.row_labels(board)[11] == "3"

    def test_a_zone_square_is_named_by_its_zone(self):
        state = position(FOUR)
        assert K.place_name(state, (1, 1)) == "Treasure Zone 1 (B2)"
        assert K.place_name(state, (0, 0)) == "A1"
        assert K.board_squares(state, legal(state))[(1, 1)].name == "Treasure Zone 1 (B2)"


class TestEveryGesture:
    """Whatever a board shows, every gesture it offers plays legal actions, and every refusal says why."""

    @pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
    def test_over_a_random_game(self, players, seed):
        state = K.new_game(K.Setup(players=players, map=K.list_sample_maps()[seed][0]), seed)
        rng = Rng(seed)
        for _ in range(400):
            if state.to_move is None:
                break
            ok = legal(state)
            mover_options = K.movers(state) or (None,)
            for mover in mover_options:
                for square, info in K.board_squares(state, ok, mover).items():
                    g = info.gesture
                    assert g.ok or (g.reason and g.reason[0].isupper() and g.reason.endswith(".")), (square, g)
                    if g.ok:
                        assert g.actions[0] in ok and info.does
                        walked = state
                        for action in g.actions:  # every step of the path is legal in turn (until the game is won)
                            if walked.to_move is None:
                                break
                            walked, _ = K.apply(walked, action)
            for c in K.choices(state, ok):
                if c.gesture is not None and c.gesture.ok:
                    assert c.gesture.actions[0] in ok
            p = K.pending(state)
            if p.hunter and state.card_of(p.hunter) is not None:
                for o in K.action_options(state, ok, p.hunter):
                    assert o.gesture.ok == (Action("act", (o.number,)) in ok), o
            state, _ = K.apply(state, K.playout_choice(state, list(ok), rng))


class TestUpgrades:
    """Upgrades and Boosts > Upgrades: what an Upgrade adds reads in words."""

    def test_an_upgrade_that_adds_to_the_box_says_so(self):
        kaz = K.HUNTERS[N("Kaz Ironjaw")]
        charge = next(a for a in kaz.actions if a.name == "Charge")
        assert K.upgrade_words(charge.upgrade) == "the box also Stuns the target"
        assert K.upgrade_words(kaz.actions[5].upgrade) == "Damage +1"
