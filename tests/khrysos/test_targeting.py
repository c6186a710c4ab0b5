"""Rulebook: Targeting (Hit, Burst, Trample) and the Range and Blast symbols."""

import pytest

from game.core import Action, IllegalAction
from game.khrysos import apply, describe, legal_actions
from game.khrysos.events import (ActionStarted, Damaged, GuardGained, KnockedOut, Moved, Targeted, TreasureCollected,
                                 TurnEnded, Unanswered)
from game.khrysos.maps import MapSpec, PlacedTile
from game.khrysos import decision, pending
from game.khrysos.queries import action_targets, blast_area, burst_area, trample_squares
from game.khrysos.testing import card, hunter, number_of, play, position

N = number_of


def game(cards, **kw):
    """Cards given as (name, seat, square); the first one acts."""
    return position([hunter(name, seat, at) for name, seat, at in cards], **kw)


def card_at(state, i):
    return state.cards[i]


def targets(state):
    return [a.args[0] for a in legal_actions(state) if a.kind == "target"]


def endurance(state, *names):
    return [card(state, n).endurance for n in names]


ROOK = [("Rook Dunmore", 0, (4, 1)), ("Bento Rush", 1, (6, 2)), ("Vex Orion", 0, (2, 1)), ("Mara Quill", 1, (7, 6))]


class TestHit:
    def test_targets_are_the_hunters_within_range_allies_included(self):
        state, events = play(game(ROOK, energy=6), "act 4")  # Quick Draw: Hit 2, Range 3, [Damage 1]
        assert events == [ActionStarted(N("Rook Dunmore"), 4, "Quick Draw", 4, "Hit 2 Range 3 [Damage 1]")]
        assert targets(state) == [N("Bento Rush"), N("Vex Orion")]
        assert legal_actions(state)[-1] == Action("done")
        assert decision(state).kind == "hit" and pending(state).amount == 2

    def test_several_hits_may_strike_the_same_target(self):
        state, events = play(game(ROOK, energy=6), "act 4", f"target {N('Bento Rush')}", f"target {N('Bento Rush')}")
        assert endurance(state, "Bento Rush") == [4]
        assert events[1:] == [
            Targeted(N("Rook Dunmore"), N("Bento Rush"), "hit"),
            Damaged(N("Bento Rush"), 1, 5),
            Targeted(N("Rook Dunmore"), N("Bento Rush"), "hit"),
            Damaged(N("Bento Rush"), 1, 4),
        ]

    def test_or_several_targets(self):
        state, _ = play(game(ROOK, energy=6), "act 4", f"target {N('Bento Rush')}", f"target {N('Vex Orion')}")
        assert endurance(state, "Bento Rush", "Vex Orion") == [5, 5]
        assert state.res is None and state.energy == 2

    def test_a_hunter_may_not_target_itself(self):
        state, _ = play(game(ROOK, energy=6), "act 4")
        with pytest.raises(IllegalAction, match="^A hunter cannot target itself\\.$"):
            apply(state, Action("target", (N("Rook Dunmore"),)))

    def test_out_of_range_is_refused_with_the_distance(self):
        state, _ = play(game(ROOK, energy=6), "act 4")
        with pytest.raises(IllegalAction, match="^Out of range: Mara Quill is 5 squares away, Quick Draw reaches 3\\.$"):
            apply(state, Action("target", (N("Mara Quill"),)))

    def test_every_target_gets_every_symbol_of_the_box(self):
        cards = [("Elia Rose", 0, (4, 1)), ("Bento Rush", 1, (6, 2)), ("Vex Orion", 0, (1, 7)), ("Mara Quill", 1, (3, 2))]
        state, _ = play(game(cards, energy=6), "act 5", f"target {N('Bento Rush')}", f"target {N('Mara Quill')}")  # Roadblock
        for name in ("Bento Rush", "Mara Quill"):
            assert (card(state, name).endurance, bool(card(state, name).trap)) == (5, True)

    def test_done_forgoes_the_remaining_hits(self):
        state, _ = play(game(ROOK, energy=6), "act 4", f"target {N('Bento Rush')}", "done")
        assert state.res is None and endurance(state, "Bento Rush", "Vex Orion") == [5, 6]

    def test_with_nobody_in_range_the_hit_does_nothing_and_the_energy_is_spent(self):
        cards = [("Rook Dunmore", 0, (0, 0)), ("Bento Rush", 1, (8, 8)), ("Vex Orion", 0, (8, 0)), ("Mara Quill", 1, (0, 8))]
        state, events = play(game(cards, energy=6), "act 4")
        assert events == [ActionStarted(N("Rook Dunmore"), 4, "Quick Draw", 4, "Hit 2 Range 3 [Damage 1]"),
                          Unanswered(N("Rook Dunmore"), "range", 3)]
        assert state.res is None and state.energy == 2
        assert describe(events[1], state) == "Rook Dunmore hits nobody: no other hunter is within Range 3."

    def test_a_steal_hit_with_only_empty_handed_hunters_in_range_says_so_in_the_log(self):
        cards = [("Mara Quill", 0, (0, 0)), ("Bento Rush", 1, (0, 0)), ("Vex Orion", 0, (8, 0)), ("Gus Barrow", 1, (0, 8))]
        state, events = play(game(cards, energy=6), "act 1")  # Pickpocket: Hit 1 Range 0 [Steal 1]
        assert events[-1] == Unanswered(N("Mara Quill"), "treasure", 0)
        assert describe(events[-1], state) == "Mara Quill hits nobody: no hunter within reach holds treasure to steal."
        assert state.energy == 5


class TestBurst:
    def test_every_other_hunter_within_the_radius_allies_too(self):
        cards = [("Dex Voltaire", 0, (4, 1)), ("Bento Rush", 1, (5, 2)), ("Vex Orion", 0, (4, 1)), ("Mara Quill", 1, (6, 1))]
        state, events = play(game(cards, energy=6), "act 4")  # Tesla Coil: Burst 1 [Damage 2]
        assert endurance(state, "Dex Voltaire", "Bento Rush", "Vex Orion", "Mara Quill") == [6, 4, 4, 6]
        assert [e for e in events if isinstance(e, Targeted)] == [
            Targeted(N("Dex Voltaire"), N("Bento Rush"), "burst"),
            Targeted(N("Dex Voltaire"), N("Vex Orion"), "burst"),
        ]

    def test_a_burst_that_catches_nobody_says_so_in_the_log(self):
        cards = [("Dex Voltaire", 0, (0, 0)), ("Bento Rush", 1, (5, 2)), ("Vex Orion", 0, (4, 1)), ("Mara Quill", 1, (6, 1))]
        state, events = play(game(cards, energy=6), "act 4")  # Tesla Coil: Burst 1 [Damage 2]
        assert events[-1] == Unanswered(N("Dex Voltaire"), "burst", 1)
        assert describe(events[-1], state) == "Dex Voltaire's burst catches nobody: no other hunter is within 1 square."
        assert not [e for e in events if isinstance(e, Targeted)]

    def test_burst_area_query(self):
        state = game([("Dex Voltaire", 0, (0, 0)), ("Bento Rush", 1, (5, 2)), ("Vex Orion", 0, (4, 1)), ("Mara Quill", 1, (6, 1))])
        assert burst_area(state, N("Dex Voltaire"), 1) == [(0, 0), (1, 0), (0, 1), (1, 1)]
        assert action_targets(state, N("Dex Voltaire"), 4) == []


    def test_burst_reaches_across_a_solid_line(self):
        cards = [("Dex Voltaire", 0, (2, 4)), ("Bento Rush", 1, (3, 4)), ("Vex Orion", 0, (10, 1)), ("Mara Quill", 1, (3, 3))]
        assert burst_area(game(cards, map=WALLED), N("Dex Voltaire"), 1) == [(1, 3), (2, 3), (3, 3), (1, 4), (2, 4), (3, 4), (1, 5), (2, 5), (3, 5)]
        state, _ = play(game(cards, map=WALLED, energy=6), "act 4")  # Tesla Coil: Burst 1 [Damage 2]
        assert endurance(state, "Bento Rush", "Mara Quill", "Vex Orion") == [4, 4, 6]


ELIA = [("Elia Rose", 0, (3, 1)), ("Bento Rush", 1, (4, 1)), ("Vex Orion", 0, (3, 1)), ("Mara Quill", 1, (6, 1))]


class TestTrample:
    def test_hunters_on_the_starting_square_and_every_square_passed_are_targets(self):
        state, _events = play(game(ELIA, energy=6), "act 3")  # Tank Driver: Trample 3 [Damage 2]
        assert endurance(state, "Vex Orion") == [4]  # shares Elia's starting square
        assert decision(state).kind == "trample" and pending(state).amount == 3
        state, _events = play(state, "step 4 1", "step 5 1", "step 6 1")
        assert endurance(state, "Bento Rush", "Mara Quill") == [4, 4]  # the last square counts too
        assert card(state, "Elia Rose").at == (6, 1) and state.res is None

    def test_a_target_is_hit_only_once(self):
        state, _ = play(game(ELIA, energy=6), "act 3", "step 4 1", "step 3 1", "step 4 1")
        assert endurance(state, "Bento Rush", "Vex Orion") == [4, 4]

    def test_the_path_is_chosen_square_by_square_and_may_stop_early(self):
        state, _ = play(game(ELIA, energy=6), "act 3", "step 4 2")
        assert sorted(trample_squares(state)) == [(3, 1), (3, 2), (3, 3), (4, 1), (4, 3), (5, 1), (5, 2), (5, 3)]
        state, _ = play(state, "done")
        assert state.res is None and card(state, "Elia Rose").at == (4, 2) and state.energy == 3

    def test_trample_collects_treasure_and_ignores_trap(self):
        cards = [hunter("Elia Rose", 0, (3, 1), trap=True), hunter("Bento Rush", 1, (8, 8)), hunter("Vex Orion", 0, (0, 8)), hunter("Mara Quill", 1, (8, 0))]
        state = position(cards, energy=6, loot=[(1, 1)])
        assert not [a for a in legal_actions(state) if a.kind == "move"]
        state, events = play(state, "act 3", "step 2 1", "step 1 1")
        assert TreasureCollected(N("Elia Rose"), 0, (1, 1), 1) in events
        assert Moved(N("Elia Rose"), ((2, 1), (1, 1)), "trample") in events

    def test_trample_cannot_cross_solid_lines(self):
        tiles = [PlacedTile(f"zone{n}", n - 1, 0) for n in range(1, 7)] + [PlacedTile("corridor", 0, 1), PlacedTile("floor", 1, 1)]
        cards = [("Elia Rose", 0, (2, 4)), ("Bento Rush", 1, (8, 1)), ("Vex Orion", 0, (10, 1)), ("Mara Quill", 1, (12, 1))]
        state, _ = play(game(cards, map=MapSpec("Walls", tuple(tiles)), energy=6), "act 3")
        assert sorted(trample_squares(state)) == [(1, 3), (1, 4), (1, 5), (2, 3), (2, 5)]
        with pytest.raises(IllegalAction, match="^A solid line blocks that step\\.$"):
            apply(state, Action("step", (3, 4)))


WALLED = MapSpec("Walls", tuple([PlacedTile(f"zone{n}", n - 1, 0) for n in range(1, 7)] + [PlacedTile("corridor", 0, 1), PlacedTile("floor", 1, 1)]))
# The corridor (squares x 0-2, y 3-5) has a solid line along its east side, between x=2 and x=3.


class TestRange:
    def test_range_reaches_across_a_solid_line(self):
        # Special Tiles: solid lines stop movement only; a Range 1 Hit reaches the square
        # beyond the line, although walking there takes five steps.
        cards = [("Kaz Ironjaw", 0, (2, 4)), ("Bento Rush", 1, (3, 4)), ("Vex Orion", 0, (10, 1)), ("Mara Quill", 1, (3, 5))]
        state = game(cards, map=WALLED, energy=6)
        assert action_targets(state, N("Kaz Ironjaw"), 2) == [N("Bento Rush"), N("Mara Quill")]  # Haymaker: Range 1
        state, _ = play(state, "act 2", f"target {N('Bento Rush')}")
        assert endurance(state, "Bento Rush") == [4]

    def test_range_counts_rings_of_squares_outward_from_the_acting_hunter(self):
        cards = [("Lumen Vale", 0, (4, 1)), ("Bento Rush", 1, (8, 5)), ("Vex Orion", 0, (0, 5)), ("Mara Quill", 1, (7, 4))]
        state = game(cards, energy=6)
        # Comet: Hit 1 at Range 4. Rings: (0,5) is 4 out, (7,4) 3 out, (8,5) 4 out.
        assert action_targets(state, N("Lumen Vale"), 2) == [N("Bento Rush"), N("Vex Orion"), N("Mara Quill")]
        state, _ = play(state, "act 2")
        assert targets(state) == [N("Bento Rush"), N("Vex Orion"), N("Mara Quill")]
        far = game([("Lumen Vale", 0, (4, 0)), ("Bento Rush", 1, (4, 6)), ("Vex Orion", 0, (0, 5)), ("Mara Quill", 1, (8, 5))], energy=6)
        assert action_targets(far, N("Lumen Vale"), 2) == []

    def test_range_zero_is_the_acting_hunters_own_square(self):
        cards = [hunter("Mara Quill", 0, (4, 1)), hunter("Bento Rush", 1, (4, 1), treasure=1), hunter("Vex Orion", 0, (5, 1), treasure=1), hunter("Elia Rose", 1, (4, 2), treasure=1)]
        state = position(cards, energy=6)
        assert action_targets(state, N("Mara Quill"), 1) == [N("Bento Rush")]  # Pickpocket: Range 0

    def test_nothing_reaches_diagonally_past_a_pillar(self):
        cards = [("Bento Rush", 0, (3, 4)), ("Elia Rose", 1, (4, 3)), ("Vex Orion", 0, (2, 4)), ("Mara Quill", 1, (8, 8))]
        state = game(cards, energy=6)
        # Chopstick Flurry reaches 1 ring; across the pillar's corner Elia is 2 rings away.
        assert action_targets(state, N("Bento Rush"), 4) == [N("Vex Orion")]
        state, _ = play(state, "act 4")
        with pytest.raises(IllegalAction, match="^Out of range: Elia Rose is 2 squares away, Chopstick Flurry reaches 1\\.$"):
            apply(state, Action("target", (N("Elia Rose"),)))


class TestBlast:
    def test_blast_counts_its_area_from_the_target(self):
        cards = [("Gus Barrow", 0, (2, 1)), ("Bento Rush", 1, (4, 1)), ("Vex Orion", 0, (3, 1)), ("Mara Quill", 1, (5, 2))]
        state = game(cards, energy=6)
        assert blast_area(state, (4, 1), 1) == [(3, 0), (4, 0), (5, 0), (3, 1), (4, 1), (5, 1), (3, 2), (4, 2), (5, 2)]
        state, events = play(state, "act 5", f"target {N('Bento Rush')}")  # Dynamite: Hit 1 Range 3 Blast 1 [Damage 2]
        assert endurance(state, "Gus Barrow", "Bento Rush", "Vex Orion", "Mara Quill") == [6, 4, 4, 4]
        assert [e for e in events if isinstance(e, Targeted)] == [
            Targeted(N("Gus Barrow"), N("Bento Rush"), "hit"),
            Targeted(N("Gus Barrow"), N("Vex Orion"), "blast"),
            Targeted(N("Gus Barrow"), N("Mara Quill"), "blast"),
        ]


    def test_blast_reaches_across_a_solid_line(self):
        cards = [("Gus Barrow", 0, (0, 4)), ("Bento Rush", 1, (2, 4)), ("Vex Orion", 0, (3, 4)), ("Mara Quill", 1, (12, 1))]
        state = game(cards, map=WALLED, energy=6)
        assert (3, 4) in blast_area(state, (2, 4), 1) and (3, 5) in blast_area(state, (2, 4), 1)
        state, _ = play(state, "act 5", f"target {N('Bento Rush')}")  # Dynamite: Hit 1 Range 3 Blast 1 [Damage 2]
        assert endurance(state, "Gus Barrow", "Bento Rush", "Vex Orion", "Mara Quill") == [6, 4, 4, 6]

    def test_blast_can_hit_the_acting_hunter_standing_in_the_area(self):
        # Only Burst spares the acting hunter; a Blast counts from the target and catches
        # every hunter in its area, the acting one last.
        cards = [("Gus Barrow", 0, (3, 1)), ("Bento Rush", 1, (4, 1)), ("Vex Orion", 0, (5, 1)), ("Mara Quill", 1, (8, 8))]
        state, events = play(game(cards, energy=6), "act 5", f"target {N('Bento Rush')}")  # Dynamite: Blast 1 [Damage 2]
        assert endurance(state, "Gus Barrow", "Bento Rush", "Vex Orion", "Mara Quill") == [4, 4, 4, 6]
        assert [e.target for e in events if isinstance(e, Targeted)] == [N("Bento Rush"), N("Vex Orion"), N("Gus Barrow")]

    def test_blast_a_hunter_retired_by_its_own_blast_loses_two_treasure_and_its_turn_ends(self):
        # Damage and Endurance: retired by themselves -> the card loses 2, nobody gains.
        cards = [
            hunter("Gus Barrow", 0, (3, 1), endurance=2, treasure=3),
            hunter("Bento Rush", 1, (4, 1), treasure=5),
            hunter("Vex Orion", 0, (8, 8)),
            hunter("Mara Quill", 1, (8, 7)),
        ]
        state, events = play(position(cards, energy=6), "act 5", f"target {N('Bento Rush')}")
        gus = N("Gus Barrow")
        assert KnockedOut(gus, "retired", 0, gus, 2, 0) in events
        assert card_at(state, 0).treasure == 1 and card_at(state, 1).treasure == 5
        assert N("Gus Barrow") in state.retired[0]
        # The rest of the turn is void: the next card's player is to roll.
        assert state.turn == 1 and state.phase == "start" and state.to_move == 1 and state.res is None
        assert events[-1] == TurnEnded(0, 0, 1) and describe(events[-1], state) == "Player 1's turn ends, leaving 1 point of energy unspent."

    def test_blast_the_hunter_the_acting_one_retires_first_still_pays_it(self):
        cards = [
            hunter("Gus Barrow", 0, (3, 1), endurance=2, treasure=3),
            hunter("Bento Rush", 1, (4, 1), endurance=2, treasure=5),
            hunter("Vex Orion", 0, (8, 8)),
            hunter("Mara Quill", 1, (8, 7)),
        ]
        state, events = play(position(cards, energy=6), "act 5", f"target {N('Bento Rush')}")
        # Bento (an opponent) retired by Gus: Gus's card takes 2; then Gus retires itself: loses 2.
        assert card_at(state, 0).treasure == 3 and card_at(state, 1).treasure == 3
        assert [e.piece for e in events if isinstance(e, KnockedOut)] == [N("Bento Rush"), N("Gus Barrow")]


class TestTargeting:
    """Symbols in the box apply to the targets; symbols outside it to the acting hunter."""

    def test_laser_shield_guards_the_acting_hunter_while_the_target_takes_the_damage(self):
        cards = [("Vex Orion", 0, (2, 1)), ("Bento Rush", 1, (5, 1)), ("Elia Rose", 0, (0, 8)), ("Mara Quill", 1, (8, 8))]
        state, events = play(game(cards, energy=6), "act 2", f"target {N('Bento Rush')}")
        assert events[1] == GuardGained(N("Vex Orion"), 1, 1)
        assert endurance(state, "Vex Orion", "Bento Rush") == [6, 5]
        assert len(card(state, "Vex Orion").guard) == 1 and not card(state, "Bento Rush").guard

    def test_a_move_after_the_box_moves_the_acting_hunter(self):
        cards = [("Elia Rose", 0, (2, 1)), ("Bento Rush", 1, (3, 1)), ("Vex Orion", 0, (0, 8)), ("Mara Quill", 1, (8, 8))]
        state, _ = play(game(cards, energy=4), "act 4", f"target {N('Bento Rush')}")  # Hit and Run
        assert decision(state).kind == "move" and pending(state).amount == 2
        state, events = play(state, "step 1 1", "step 0 1")
        assert card(state, "Elia Rose").at == (0, 1) and events[-1] == TurnEnded(0, N("Elia Rose"), 0)
