"""Rulebook: Action Symbols -- Damage, Heal, Guard, Steal, Swap, Trap, Stun, Move."""

import pytest

from game.core import Action, IllegalAction
from game.khrysos import apply, legal_actions
from game.khrysos.events import Damaged, GuardSpent, Healed, MarkersExpired, Moved, Stolen, Swapped, TreasureCollected
from game.khrysos import choices, decision, pending
from game.khrysos.queries import action_targets, reachable_squares
from game.khrysos.testing import card, hunter, number_of, play, position, with_rolls

N = number_of


def kinds(state):
    return {a.kind for a in legal_actions(state)}


def actor_and_three(name, at, *, others=((6, 2), (0, 8), (8, 8)), energy=6, **kw):
    """`name` (seat 0) acts; Bento Rush (seat 1), Vex Orion (seat 0), Mara Quill (seat 1) stand at `others`."""
    extra = kw.pop("cards", {})
    specs = [("Bento Rush", 1), ("Vex Orion", 0), ("Mara Quill", 1)]
    cards = [hunter(name, 0, at, **extra.get(name, {}))]
    cards += [hunter(n, seat, sq, **extra.get(n, {})) for (n, seat), sq in zip(specs, others)]
    return position(cards, energy=energy, **kw)


class TestDamage:
    def test_damage_is_subtracted_from_endurance(self):
        state, events = play(actor_and_three("Torvald Grimm", (5, 2)), "act 2", f"target {N('Bento Rush')}")
        assert events[-1] == Damaged(N("Bento Rush"), 2, 4)
        assert card(state, "Bento Rush").endurance == 4


class TestHeal:
    def test_heal_restores_endurance_but_never_above_six(self):
        state = actor_and_three("Ivy Thornwell", (5, 2), cards={"Ivy Thornwell": {"endurance": 2}})
        state, events = play(state, "act 4")  # Regrowth: Heal 3, Guard 1
        assert events[1] == Healed(N("Ivy Thornwell"), 3, 5)
        again = actor_and_three("Ivy Thornwell", (5, 2), cards={"Ivy Thornwell": {"endurance": 5}})
        again, events = play(again, "act 4")
        assert events[1] == Healed(N("Ivy Thornwell"), 1, 6)

    def test_heal_in_a_box_heals_the_target(self):
        state = actor_and_three("Sister Halcyon", (5, 2), others=((8, 0), (6, 2), (8, 8)), cards={"Vex Orion": {"endurance": 5}})
        state, events = play(state, "act 2", f"target {N('Vex Orion')}")  # Triage: Hit 1 Range 2 [Heal 2 Guard 1]
        assert card(state, "Vex Orion").endurance == 6 and len(card(state, "Vex Orion").guard) == 1
        assert Healed(N("Vex Orion"), 1, 6) in events

    def test_heal_cannot_revive_a_retired_hunter(self):
        state = actor_and_three("Sister Halcyon", (5, 2), others=((8, 0), (6, 2), (8, 8)), cards={"Vex Orion": {"endurance": 1}})
        state, _ = play(state, "act 3", f"target {N('Vex Orion')}")  # Sedative: 1 damage retires Vex (an ally)
        assert card(state, "Sister Halcyon") and state.card_of(N("Vex Orion")) is None
        state, _ = play(state, "act 2")  # Triage: nobody in range to heal now
        assert state.res is None and state.energy == 1


class TestGuard:
    def test_guard_markers_block_one_damage_each_when_the_owner_spends_them(self):
        state = actor_and_three("Torvald Grimm", (5, 2), cards={"Bento Rush": {"guard": 2}})
        state, events = play(state, "act 2", f"target {N('Bento Rush')}")  # Hammer Blow: 2 damage
        assert decision(state).kind == "guard" and state.to_move == 1
        assert legal_actions(state) == [Action("guard", (0,)), Action("guard", (1,)), Action("guard", (2,))]
        state, events = play(state, "guard 1")
        assert events == [GuardSpent(N("Bento Rush"), 1), Damaged(N("Bento Rush"), 1, 5)]
        assert len(card(state, "Bento Rush").guard) == 1 and state.to_move == 0

    def test_the_owner_may_keep_the_guard_for_later(self):
        state = actor_and_three("Torvald Grimm", (5, 2), cards={"Bento Rush": {"guard": 1}})
        state, events = play(state, "act 2", f"target {N('Bento Rush')}", "guard 0")
        assert events[-1] == Damaged(N("Bento Rush"), 2, 4) and len(card(state, "Bento Rush").guard) == 1

    def test_blocking_all_the_damage(self):
        state = actor_and_three("Torvald Grimm", (5, 2), cards={"Bento Rush": {"guard": 3}})
        state, events = play(state, "act 2", f"target {N('Bento Rush')}")
        assert legal_actions(state)[-1] == Action("guard", (2,))  # never more than the damage
        state, events = play(state, "guard 2")
        assert events == [GuardSpent(N("Bento Rush"), 2)] and card(state, "Bento Rush").endurance == 6

    def test_no_question_without_guard_markers(self):
        state, _ = play(actor_and_three("Torvald Grimm", (5, 2)), "act 2", f"target {N('Bento Rush')}")
        assert state.res is None and state.to_move == 0

    def test_guard_lasts_until_the_end_of_the_targets_next_turn(self):
        state = actor_and_three("Vex Orion", (1, 7), others=((8, 0), (0, 0), (8, 8)))
        state, _ = play(state, "act 4", "done")  # Phase Step: Move 2 (declined), Guard 2
        assert len(card(state, "Vex Orion").guard) == 2
        state, _ = play(state, "end")
        assert len(card(state, "Vex Orion").guard) == 2  # still there after the turn it was gained
        state = with_rolls(state, [1, 1, 1, 1])
        state, _ = play(state, "roll", "end", "roll", "end", "roll", "end")
        assert state.cards[state.turn].hunter == N("Vex Orion") and len(card(state, "Vex Orion").guard) == 2
        state, events = play(state, "roll", "end")
        assert MarkersExpired(N("Vex Orion"), 2, 0, False, False) in events
        assert card(state, "Vex Orion").guard == ()

    def test_a_wrong_guard_count_is_refused(self):
        state = actor_and_three("Torvald Grimm", (5, 2), cards={"Bento Rush": {"guard": 1}})
        state, _ = play(state, "act 2", f"target {N('Bento Rush')}")
        with pytest.raises(IllegalAction, match=r"^Spend from 0 to 1 Guard marker \(held 1, damage 2\)\.$"):
            apply(state, Action("guard", (2,)))


class TestSteal:
    def test_steal_moves_treasure_to_the_acting_hunters_count(self):
        state = actor_and_three("Mara Quill", (5, 2), cards={"Bento Rush": {"treasure": 5}})
        state, events = play(state, "act 5", f"target {N('Bento Rush')}")  # Grand Heist: Steal 2
        assert events[-1] == Stolen(N("Mara Quill"), N("Bento Rush"), 2)
        assert (card(state, "Mara Quill").treasure, card(state, "Bento Rush").treasure) == (2, 3)

    def test_a_target_short_of_treasure_gives_all_it_has(self):
        state = actor_and_three("Mara Quill", (5, 2), cards={"Bento Rush": {"treasure": 1}})
        state, events = play(state, "act 5", f"target {N('Bento Rush')}")
        assert events[-1] == Stolen(N("Mara Quill"), N("Bento Rush"), 1)
        assert (card(state, "Mara Quill").treasure, card(state, "Bento Rush").treasure) == (1, 0)

    def test_steal_you_cannot_steal_from_a_target_with_no_treasure(self):
        state = actor_and_three("Mara Quill", (5, 2), others=((6, 2), (5, 3), (8, 8)), cards={"Vex Orion": {"treasure": 1}})
        state, _ = play(state, "act 5")  # Grand Heist: Hit 1 Range 1 [Steal 2]
        assert N("Bento Rush") not in [a.args[0] for a in legal_actions(state) if a.kind == "target"]
        before = state.to_dict()
        with pytest.raises(IllegalAction, match="^You cannot steal from Bento Rush: it has no treasure\\.$"):
            apply(state, Action("target", (N("Bento Rush"),)))
        assert state.to_dict() == before

    def test_steal_a_hit_whose_box_also_holds_other_symbols_may_target_a_hunter_without_treasure(self):
        # Collect Bounty: Hit 1 Range 2 [Damage 1 Steal 1]. "Hit allows you to Target any Hunter within
        # the given Range" and "all Targets are affected by all the symbols": the Damage lands on a hunter
        # without treasure, and the Steal, which "cannot steal from a target with no treasure", takes nothing.
        state = actor_and_three("Rook Dunmore", (4, 1), others=((5, 1), (3, 2), (8, 8)), cards={"Vex Orion": {"treasure": 1}})
        state, _ = play(state, "act 5")
        assert [a.args[0] for a in legal_actions(state) if a.kind == "target"] == [N("Bento Rush"), N("Vex Orion")]
        assert action_targets(state, N("Rook Dunmore"), 5) == [N("Bento Rush"), N("Vex Orion")]
        tips = {c.key: c.tip for c in choices(state, legal_actions(state))}
        assert tips[f"hit:{N('Bento Rush')}"] == ("One hit on Bento Rush, who takes 1 Damage and has 1 treasure stolen. "
                                                 "It holds no treasure, so the Steal takes nothing.")
        assert tips[f"hit:{N('Vex Orion')}"] == "One hit on Vex Orion, who takes 1 Damage and has 1 treasure stolen."
        state, events = play(state, f"target {N('Bento Rush')}")
        assert Damaged(N("Bento Rush"), 1, 5) in events and Stolen(N("Rook Dunmore"), N("Bento Rush"), 0) in events
        assert (card(state, "Rook Dunmore").treasure, card(state, "Bento Rush").treasure) == (0, 0)

    def test_steal_a_hit_whose_box_is_steal_alone_still_cannot_target_a_hunter_without_treasure(self):
        # Grand Heist: Hit 1 Range 1 [Steal 2]: such a Hit would only steal, from a hunter with nothing.
        state = actor_and_three("Mara Quill", (5, 2), others=((6, 2), (5, 3), (8, 8)), cards={"Vex Orion": {"treasure": 1}})
        state, _ = play(state, "act 5")
        assert action_targets(state, N("Mara Quill"), 5) == [N("Vex Orion")]

    def test_steal_an_area_still_catches_a_hunter_without_treasure_and_takes_nothing(self):
        # Lunch Rush: Trample 4 [Damage 1 Steal 1] -- a Trample or Burst chooses nobody: it
        # catches whoever is there, and the Steal takes what they have (nothing).
        state = position([hunter("Bento Rush", 0, (4, 1)), hunter("Elia Rose", 1, (5, 1)), hunter("Vex Orion", 0, (0, 8)), hunter("Mara Quill", 1, (8, 8))], energy=5)
        state, events = play(state, "act 5", "step 5 1")
        assert Damaged(N("Elia Rose"), 1, 5) in events and Stolen(N("Bento Rush"), N("Elia Rose"), 0) in events


class TestSwap:
    def test_swap_exchanges_the_squares_of_the_acting_hunter_and_the_target(self):
        state = actor_and_three("Mara Quill", (4, 1), others=((6, 3), (0, 8), (8, 8)), loot=[(6, 3)])
        state, events = play(state, "act 3", f"target {N('Bento Rush')}")  # Shadow Swap: Hit 1 Range 3 [Swap]
        assert (card(state, "Mara Quill").at, card(state, "Bento Rush").at) == ((6, 3), (4, 1))
        assert Swapped(N("Mara Quill"), N("Bento Rush"), (6, 3), (4, 1)) in events
        # Arriving by swap on a square holding treasure collects it.
        assert TreasureCollected(N("Mara Quill"), 0, (6, 3), 1) in events

    def test_swap_is_not_stopped_by_trap(self):
        state = actor_and_three("Mara Quill", (4, 1), others=((6, 3), (0, 8), (8, 8)), cards={"Mara Quill": {"trap": True}})
        state, _ = play(state, "act 3", f"target {N('Bento Rush')}")
        assert card(state, "Mara Quill").at == (6, 3)


class TestTrap:
    def test_a_trapped_hunter_spends_no_energy_on_movement(self):
        state = actor_and_three("Mara Quill", (4, 1), cards={"Mara Quill": {"trap": True}})
        assert "move" not in kinds(state) and "act" in kinds(state)
        with pytest.raises(IllegalAction, match="^Mara Quill is trapped: it cannot spend energy on movement"):
            apply(state, Action("move", (4, 2)))
        assert reachable_squares(state, N("Mara Quill")) == {(4, 1): (0, ())}

    def test_but_an_action_may_still_move_it(self):
        state = actor_and_three("Mara Quill", (4, 1), cards={"Mara Quill": {"trap": True}})
        state, _ = play(state, "act 6", "step 4 2", "step 4 3")  # Vanish: Move 4, Guard 2
        assert card(state, "Mara Quill").at == (4, 3)

    def test_trap_lands_on_the_target_and_lasts_until_the_end_of_its_next_turn(self):
        state = actor_and_three("Kaz Ironjaw", (4, 1), others=((6, 2), (0, 8), (8, 8)))
        state, _ = play(state, "act 1", f"target {N('Bento Rush')}", "end")  # Taunt: Hit 1 Range 2 [Trap]
        assert card(state, "Bento Rush").trap
        state, _ = play(with_rolls(state, [3]), "roll")
        assert "move" not in kinds(state)
        state, events = play(state, "end")
        assert MarkersExpired(N("Bento Rush"), 0, 0, True, False) in events
        assert not card(state, "Bento Rush").trap


class TestStun:
    def test_a_stunned_hunter_moves_and_collects_but_uses_no_actions(self):
        state = actor_and_three("Mara Quill", (4, 1), cards={"Mara Quill": {"stun": True}}, loot=[(4, 2)])
        assert "act" not in kinds(state) and "move" in kinds(state)
        with pytest.raises(IllegalAction, match="^Mara Quill is stunned: it cannot use actions this turn\\.$"):
            apply(state, Action("act", (1,)))
        state, events = play(state, "move 4 2")
        assert TreasureCollected(N("Mara Quill"), 0, (4, 2), 1) in events

    def test_stun_lands_on_the_target_and_lasts_until_the_end_of_its_next_turn(self):
        state = actor_and_three("Rook Dunmore", (4, 1), others=((6, 2), (0, 8), (8, 8)))
        state, _ = play(state, "act 2", f"target {N('Bento Rush')}", "end")  # Warning Shot: [Stun]
        state, _ = play(with_rolls(state, [6]), "roll")
        assert "act" not in kinds(state)
        state, _ = play(state, "end")
        assert not card(state, "Bento Rush").stun


class TestMove:
    def test_a_move_in_the_box_lets_the_current_player_move_the_target(self):
        state = actor_and_three("Moss Halloway", (4, 1), others=((6, 2), (0, 8), (8, 8)), loot=[(7, 4)])
        state, _ = play(state, "act 2", f"target {N('Bento Rush')}")  # Harpoon: Hit 1 Range 3 [Move 2]
        p = pending(state)
        assert (p.kind, p.hunter, p.target, p.amount, state.to_move) == ("push", N("Moss Halloway"), N("Bento Rush"), 2, 0)
        assert decision(state).prompt == "Player 1: move Moss Halloway and/or Bento Rush (2 squares left), or stop"
        assert len([a for a in legal_actions(state) if a.kind == "shift" and a.args[0] == N("Bento Rush")]) == 8
        b = N("Bento Rush")
        state, events = play(state, f"shift {b} 7 3", f"shift {b} 7 4")
        assert card(state, "Bento Rush").at == (7, 4)
        assert Moved(N("Bento Rush"), ((7, 3), (7, 4)), "pushed") in events
        assert TreasureCollected(N("Bento Rush"), 1, (7, 4), 1) in events  # the target's own treasure
        assert state.res is None

    def test_move_the_current_player_splits_the_squares_between_the_acting_hunter_and_the_target(self):
        state = actor_and_three("Moss Halloway", (4, 1), others=((6, 2), (0, 8), (8, 8)), loot=[(3, 1)])
        state, _ = play(state, "act 2", f"target {N('Bento Rush')}")  # Harpoon: Hit 1 Range 3 [Move 2]
        moss, bento = N("Moss Halloway"), N("Bento Rush")
        assert {a.args[0] for a in legal_actions(state) if a.kind == "shift"} == {moss, bento}
        state, events = play(state, f"shift {moss} 3 1")  # the acting hunter first, collecting a treasure
        assert Moved(moss, ((4, 1), (3, 1)), "action") in events
        assert TreasureCollected(moss, 0, (3, 1), 1) in events
        assert pending(state).amount == 1
        state, _ = play(state, f"shift {bento} 6 3")
        assert (card(state, "Moss Halloway").at, card(state, "Bento Rush").at) == ((3, 1), (6, 3)) and state.res is None

    def test_move_of_the_acting_hunter_ignores_its_trap(self):
        state = actor_and_three("Moss Halloway", (4, 1), others=((6, 2), (0, 8), (8, 8)), cards={"Moss Halloway": {"trap": True}})
        moss = N("Moss Halloway")
        state, _ = play(state, "act 2", f"target {N('Bento Rush')}", f"shift {moss} 4 2", f"shift {moss} 4 3")
        assert card(state, "Moss Halloway").at == (4, 3)

    def test_a_hunter_other_than_the_actor_and_the_target_cannot_be_moved(self):
        state = actor_and_three("Moss Halloway", (4, 1), others=((6, 2), (0, 8), (8, 8)))
        state, _ = play(state, "act 2", f"target {N('Bento Rush')}")
        with pytest.raises(IllegalAction, match="^Only Moss Halloway or Bento Rush may be moved now\\.$"):
            apply(state, Action("shift", (N("Vex Orion"), 1, 8)))
        with pytest.raises(IllegalAction, match="^Write it as: shift N X Y"):
            apply(state, Action("shift", (6, 3)))
        with pytest.raises(IllegalAction, match="^That does not answer the question now. Player 1: move Moss Halloway"):
            apply(state, Action("step", (6, 3)))

    def test_each_target_of_a_burst_is_moved_in_turn(self):
        state = actor_and_three("Sola Brightwind", (4, 1), others=((5, 1), (3, 2), (8, 8)))
        state, _ = play(state, "act 4")  # Gale: Burst 2 [Move 2]
        bento, vex = N("Bento Rush"), N("Vex Orion")
        assert (pending(state).kind, pending(state).target) == ("push", bento)
        state, _ = play(state, f"shift {bento} 6 1", f"shift {bento} 7 1")
        assert (pending(state).kind, pending(state).target) == ("push", vex)
        state, _ = play(state, f"shift {vex} 2 2", "done")
        assert (card(state, "Bento Rush").at, card(state, "Vex Orion").at) == ((7, 1), (2, 2))
        assert state.res is None and state.energy == 2

    def test_the_move_ignores_trap_and_may_stop_early(self):
        state = actor_and_three("Moss Halloway", (4, 1), others=((6, 2), (0, 8), (8, 8)), cards={"Bento Rush": {"trap": True}})
        state, _ = play(state, "act 2", f"target {N('Bento Rush')}", f"shift {N('Bento Rush')} 6 3", "done")
        assert card(state, "Bento Rush").at == (6, 3) and state.res is None

    def test_the_target_is_moved_before_later_symbols_of_the_box(self):
        state = actor_and_three("Rook Dunmore", (4, 1), others=((6, 2), (0, 8), (8, 8)))
        state, _ = play(state, "act 3", f"target {N('Bento Rush')}")  # Lasso: [Move 2 Trap]
        assert not card(state, "Bento Rush").trap
        state, _ = play(state, f"shift {N('Bento Rush')} 5 2", "done")
        assert card(state, "Bento Rush").trap

    def test_a_move_symbol_moves_the_acting_hunter_and_ignores_trap(self):
        state = position(
            [hunter("Bento Rush", 1, (4, 1), trap=True, endurance=4), hunter("Elia Rose", 0, (8, 8)), hunter("Vex Orion", 1, (0, 8)), hunter("Mara Quill", 0, (8, 0))],
            energy=2,
        )
        state, _ = play(state, "act 2")  # Delivery Run: Move 2, Heal 1
        assert decision(state).kind == "move" and pending(state).amount == 2
        assert reachable_squares(state, N("Bento Rush"))[(3, 3)] == (2, ((4, 2), (3, 3)))
        state, events = play(state, "step 4 2", "step 3 3")
        assert card(state, "Bento Rush").at == (3, 3)
        assert Healed(N("Bento Rush"), 1, 5) in events  # the symbol after the Move
