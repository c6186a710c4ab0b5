"""game/khrysos/tactics.py: which rival hunters can reach and Hit whom next turn, who could be
retired, who is about to win. Named after the rulebook sections they rest on. Alpha Room: the
squares B2, C2, D2 (x 1-3 of row 1) are 1 ring apart each; the other hunters stand far off."""

import pytest

from game.khrysos import tactics
from game.khrysos.testing import hunter, number_of, position


def _state(rival="Torvald Grimm", target_at=(2, 1), marked=None, **mine):
    """The rival (seat 1) on B2 with `marked` markers; Elia Rose (seat 0) on `target_at` with `mine`."""
    return position([hunter(rival, seat=1, at=(1, 1), **(marked or {})),
                     hunter("Elia Rose", seat=0, at=target_at, **mine),
                     hunter("Vex Orion", seat=1, at=(8, 8)), hunter("Oren Ash", seat=0, at=(8, 0))])


def _strike(state, rival="Torvald Grimm", target="Elia Rose"):
    found = [s for s in tactics.strikes(state, 0) if s.attacker == number_of(rival) and s.target == number_of(target)]
    return found[0] if found else None


class TestRange:
    def test_range_a_hit_reaches_a_hunter_one_ring_away_on_every_roll_that_buys_it(self):
        # Torvald Grimm: #1 is a Boost, #2 a Hit at Range 1 for 2 damage, #6 Range 1 for 4 damage.
        s = _strike(_state())
        assert s.chance == pytest.approx(5 / 6) and s.damage == 4 and s.actions == (2, 4, 5, 6)


class TestMoving:
    def test_moving_the_energy_an_action_leaves_buys_the_walk_into_range(self):
        # Two rings away: a roll of 2 buys #2 and no step; 3 buys #2 and one step.
        s = _strike(_state(target_at=(3, 1)))
        assert s.chance == pytest.approx(4 / 6)


class TestTrap:
    def test_trap_a_trapped_hunter_only_reaches_from_where_it_stands(self):
        s = _strike(_state(target_at=(3, 1), marked={"trap": True}))
        assert s.chance == pytest.approx(2 / 6) and s.actions == (5,)  # only #5, Range 3


class TestStun:
    def test_stun_a_stunned_hunter_uses_no_action(self):
        assert _strike(_state(marked={"stun": True})) is None


class TestSteal:
    def test_steal_a_hunter_with_no_treasure_cannot_be_stolen_from(self):
        assert _strike(_state("Mara Quill"), "Mara Quill").actions == (4,)
        rich = _strike(_state("Mara Quill", treasure=2), "Mara Quill")
        assert rich.actions == (1, 4, 5)  # #1 steals at Range 0: she walks onto Elia's square

    def test_steal_a_hit_whose_box_also_holds_damage_still_strikes_a_hunter_without_treasure(self):
        # Rook Dunmore's #5 Collect Bounty, Hit 1 Range 2 [Damage 1 Steal 1]: the Damage lands on a hunter
        # without treasure, the Steal takes nothing (RULES_NOTES S3); #4 and #6 are Damage alone.
        assert _strike(_state("Rook Dunmore"), "Rook Dunmore").actions == (4, 5, 6)

    def test_steal_the_map_of_a_thiefs_next_turn_gives_the_treasure_one_action_takes_on_each_roll(self):
        # Mara Quill on B2: #1 Pickpocket, Hit Range 0 [Steal 1], #5 Grand Heist, Hit Range 1 [Steal 2]. A roll of 1
        # robs her own square only; 2 walks a step first; 5 buys the Heist from where she stands, 6 a step and the Heist.
        m = tactics.steal_map(_state("Mara Quill"), number_of("Mara Quill"))
        squares = [(1, 1), (2, 1), (3, 1), (4, 1)]
        assert [[now.get(q, 0) for q in squares] for now in m] == [
            [1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1], [2, 2, 1, 1], [2, 2, 2, 1]]
        assert tactics.steal_map(_state(), number_of("Torvald Grimm")) == ({},) * 6  # no Steal on his card
        assert tactics.steal_map(_state("Mara Quill", marked={"stun": True}), number_of("Mara Quill")) == ({},) * 6


class TestDamageAndEndurance:
    def test_damage_and_endurance_retire_chance_counts_endurance_and_guard(self):
        assert tactics.retire_chance(_state(endurance=1), number_of("Elia Rose")) == pytest.approx(5 / 6)
        assert tactics.retire_chance(_state(endurance=1, guard=1), number_of("Elia Rose")) == pytest.approx(5 / 6)
        assert tactics.retire_chance(_state(endurance=4), number_of("Elia Rose")) == pytest.approx(1 / 6)  # #6 only
        assert tactics.retire_chance(_state(endurance=5), number_of("Elia Rose")) == 0.0


class TestVictory:
    def test_victory_near_win_names_the_hunter_one_treasure_short(self):
        s = _state(treasure=11)
        assert tactics.near_win(s) == [(0, number_of("Elia Rose"), 11)]
        assert tactics.near_win(_state(treasure=9)) == []
        assert tactics.near_win(_state(treasure=9), margin=3) == [(0, number_of("Elia Rose"), 9)]


class TestDangerOverlay:
    """The stable call the danger overlay and Suggest use (exported from the face)."""

    def test_range_rival_hits_names_the_rival_who_can_reach_a_square(self):
        from game.khrysos import rival_hits, rival_hits_at

        s = _state()
        here = rival_hits_at(s, 0, (2, 1))
        assert [t.attacker for t in here] == [number_of("Torvald Grimm")]
        assert here[0].chance == pytest.approx(5 / 6) and here[0].damage == 4 and here[0].actions == (2, 4, 5, 6)
        assert rival_hits(s, 0)[(2, 1)] == here
        assert all(t.attacker in (number_of("Elia Rose"), number_of("Oren Ash")) for ts in rival_hits(s, 1).values() for t in ts)

    def test_stun_a_stunned_rival_is_no_danger(self):
        from game.khrysos import rival_hits_at

        assert rival_hits_at(_state(marked={"stun": True}), 0, (2, 1)) == ()
