"""Stages of a player's turn: reveal a Krosmic Favor, play the Krosmasters in any order, then the Minions."""

import pytest

import game.krosmaster as K
from game.core import Action, IllegalAction
from game.krosmaster.testing import build, kinds, place_all, run, with_rolls

TEAMS = [("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (5, 8)), ("arrowna", 1, (3, 1)), ("wa_wabbit", 1, (5, 1))]


def texts(s):
    return [str(a) for a in K.legal_actions(s)]


class TestRevealANewKrosmicFavor:
    def test_the_turn_starts_by_revealing_the_top_favor(self):
        s, _ = place_all(K.new_game(K.Setup(), 4))
        top = K.new_game(K.Setup(), 4).pile[0]
        assert s.revealed == top and s.phase == "reveal"
        assert texts(s) == ["slot left", "slot right"]

    def test_it_goes_left_or_right_and_covers_what_is_there(self):
        s = build(TEAMS, left=("weakness",), right=("gust",))
        s, ev = run(s, "pass")  # pink's turn starts: a new Favor is revealed
        new = s.revealed
        s, ev = run(s, "slot left")
        assert ev == [K.events.FavorPlaced(new, "left", "weakness")]
        assert s.left == ("weakness", new) and K.favor_in(s, "left") == new
        assert K.favor_in(s, "right") == "gust"

    def test_playing_waits_for_the_slot_choice(self):
        s = build(TEAMS)
        s, _ = run(s, "pass")
        with pytest.raises(IllegalAction, match="First put the revealed Krosmic Favor in the left or right slot"):
            K.apply(s, Action("activate", (2,)))


class TestPlayYourKrosmasters:
    def test_in_the_order_of_your_choice(self):
        s = build(TEAMS)
        assert texts(s) == ["activate 0", "activate 1", "pass"]
        s, ev = run(s, "activate 1")
        assert ev == [K.events.FighterActivated(1, 3, 3)]
        s, _ = run(s, "end 1")
        assert texts(s) == ["activate 0", "pass"]

    def test_one_after_the_other(self):
        s = build(TEAMS, active=0)
        with pytest.raises(IllegalAction, match=r"^Golda Purse is not the fighter being played \(Felix Dicebag is\)\.$"):
            K.apply(s, Action("move", (1, 5, 7)))
        with pytest.raises(IllegalAction, match="Finish playing the active fighter first"):
            K.apply(s, Action("activate", (1,)))

    def test_a_played_krosmaster_cannot_be_played_again(self):
        s, _ = run(build(TEAMS), "activate 0", "end 0")
        with pytest.raises(IllegalAction, match="^That fighter has already been played this turn\\.$"):
            K.apply(s, Action("activate", (0,)))

    def test_after_the_last_fighter_the_opponent_plays(self):
        s, ev = run(build(TEAMS), "activate 0", "end 0", "activate 1", "end 1")
        assert kinds(ev)[-4:] == ["ActivationEnded", "TurnEnded", "TurnStarted", "FavorRevealed"]
        assert (s.to_move, s.turn, s.phase) == (1, 3, "reveal")

    def test_pass_ends_the_turn_at_once(self):
        s, ev = run(build(TEAMS), "pass")
        assert kinds(ev) == ["TurnEnded", "TurnStarted", "FavorRevealed"]
        assert s.to_move == 1

    def test_not_your_fighter(self):
        with pytest.raises(IllegalAction, match="^That fighter is the other player's\\.$"):
            K.apply(build(TEAMS), Action("activate", (2,)))


class TestUsingMpAndAp:
    def test_ap_and_mp_in_any_order(self):
        """The rulebook's example: move 1, cast, move 2, cast again."""
        s = build([("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (5, 8)), ("arrowna", 1, (3, 4)), ("wa_wabbit", 1, (5, 1))], active=0)
        s = with_rolls(s, ["blank", "blank"])
        s, _ = run(s, "move 0 3 7")
        assert (s.ap, s.mp) == (3, 2)
        s, _ = run(s, "cast 0 catroulette 3 4")
        assert (s.ap, s.mp) == (2, 2)
        s, _ = run(s, "move 0 3 6", "move 0 3 5")
        assert (s.ap, s.mp) == (2, 0)
        s, _ev = run(s, "cast 0 feline_claw 3 4")
        assert (s.ap, s.mp) == (1, 0)
        assert s.fighters[2].injuries == 1 + 2

    def test_each_step_uses_one_mp_until_none_is_left(self):
        s = build(TEAMS, active=0)
        s, _ = run(s, "move 0 3 7", "move 0 3 6", "move 0 3 5")
        assert s.mp == 0 and not [a for a in K.legal_actions(s) if a.kind == "move"]
        with pytest.raises(IllegalAction, match="No Movement Points left"):
            K.apply(s, Action("move", (0, 3, 4)))


class TestActionPointMovementPointMarkers:
    def test_markers_change_the_totals_when_the_fighter_is_played(self):
        s = build([*TEAMS[:2], {"kind": "arrowna", "owner": 1, "cell": [3, 1], "mp_mark": -2, "ap_mark": -1}, TEAMS[3]])
        s, _ = run(s, "pass", "slot left")
        s, ev = run(s, "activate 2")
        assert ev == [K.events.FighterActivated(2, 2, 1)]

    def test_markers_go_once_the_fighter_has_been_played(self):
        s = build([*TEAMS[:2], {"kind": "arrowna", "owner": 1, "cell": [3, 1], "mp_mark": -2}, TEAMS[3]])
        s, _ = run(s, "pass", "slot left", "activate 2", "end 2")
        assert s.fighters[2].mp_mark == 0

    def test_a_marker_received_while_being_played_counts_at_once(self):
        s = build(TEAMS, active=0, left=("second_wind",))
        s, ev = run(s, "favor 0 left 3 8")
        assert (s.mp, s.fighters[0].mp_mark) == (5, 2)
        assert kinds(ev) == ["FavorUsed", "MarkerPlaced"]

    def test_ap_mp_markers_stay_on_a_skipped_fighter_until_it_has_been_played(self):
        # Spell Effects: the markers "disappear once the Fighter has been played". A fighter the
        # player skips was not played: its markers stay, and count when it is played next.
        s = build([{"kind": "felix_dicebag", "owner": 0, "cell": [3, 8], "ap_mark": -1, "mp_mark": 1}, *TEAMS[1:]])
        s, _ = run(s, "pass")
        assert (s.fighters[0].ap_mark, s.fighters[0].mp_mark) == (-1, 1)
        s, _ = run(s, "slot left", "pass", "slot left", "activate 0")  # pink's turn, then blue's again
        felix = K.CONTENT.character("felix_dicebag")
        assert (s.ap, s.mp) == (felix.ap - 1, felix.mp + 1)
        s, _ = run(s, "end 0")
        assert (s.fighters[0].ap_mark, s.fighters[0].mp_mark) == (0, 0)  # played now: they go

    def test_markers_placed_on_the_opponent_wait_for_their_turn(self):
        s = build([TEAMS[0], TEAMS[1], ("arrowna", 1, (3, 5)), TEAMS[3]], active=0, left=("quagmire",))
        s, _ = run(s, "favor 0 left 3 5", "end 0")
        assert s.fighters[2].mp_mark == -2
        s, _ = run(s, "pass", "slot right", "activate 2")
        assert s.mp == 1


class TestPlayYourMinions:
    FLEE = {"kind": "fleeflee", "owner": 0, "cell": [1, 8]}

    def test_minions_wait_for_the_krosmasters(self):
        s = build([*TEAMS, self.FLEE])
        assert texts(s) == ["activate 0", "activate 1", "pass"]
        with pytest.raises(IllegalAction, match="Play your Krosmasters before your Minions"):
            K.apply(s, Action("activate", (4,)))
        s, _ = run(s, "activate 0", "end 0", "activate 1", "end 1")
        assert texts(s) == ["activate 4", "pass"]
        s, ev = run(s, "activate 4")
        assert ev == [K.events.FighterActivated(4, 1, 4)]

    def test_minions_cannot_use_favors(self):
        s = build([*TEAMS, self.FLEE], played=[0, 1], active=4)
        assert not [a for a in K.legal_actions(s) if a.kind in ("favor", "challenge")]
        with pytest.raises(IllegalAction, match="Minions cannot use Krosmic Favors"):
            K.apply(s, Action("favor", (4, "left", 3, 1)))
