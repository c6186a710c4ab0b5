"""Setup: teams, the Glyph toss, placement on starting cells, the Dofus to the second player."""

import pytest

import game.krosmaster as K
from game.core import HIDDEN, Action, IllegalAction, SetupError
from game.krosmaster import BOARDS, XY
from game.krosmaster.content import CONTENT
from game.krosmaster.testing import kinds, run


class TestSetupTeams:
    def test_two_krosmasters_each_at_random(self):
        s = K.new_game(K.Setup(), 3)
        assert [(f.id, f.owner) for f in s.fighters] == [(0, 0), (1, 0), (2, 1), (3, 1)]
        kinds_ = [f.kind for f in s.fighters]
        assert len(set(kinds_)) == 4 and set(kinds_) <= set(CONTENT.krosmasters)
        assert all(f.cell == -1 for f in s.fighters)

    def test_random_teams_vary_with_the_seed(self):
        teams = {tuple(f.kind for f in K.new_game(K.Setup(), seed).fighters) for seed in range(20)}
        assert len(teams) > 10

    def test_chosen_krosmasters_draft_in_order_blue_pink_pink_blue(self):
        s = K.new_game(K.Setup(choose_krosmasters=True), 1)
        assert s.phase == "draft" and len(K.legal_actions(s)) == 6
        order = []
        for pick in ("arrowna", "golda_purse", "wa_wabbit", "felix_dicebag"):
            order.append(s.to_move)
            s, ev = K.apply(s, Action("pick", (pick,)))
        assert order == [0, 1, 1, 0]
        assert [(f.kind, f.owner) for f in s.fighters] == [
            ("arrowna", 0), ("felix_dicebag", 0), ("golda_purse", 1), ("wa_wabbit", 1),
        ]
        assert kinds(ev) == ["KrosmasterPicked", "GlyphTossed"]
        assert s.phase == "place" and s.to_move == ev[1].first

    def test_a_picked_krosmaster_cannot_be_picked_again(self):
        s = K.new_game(K.Setup(choose_krosmasters=True), 1)
        s, _ = run(s, "pick arrowna")
        with pytest.raises(IllegalAction, match="Arrowna has already been picked"):
            K.apply(s, Action("pick", ("arrowna",)))


class TestGlyphToss:
    def test_the_toss_picks_either_colour(self):
        firsts = {K.new_game(K.Setup(), seed).first for seed in range(30)}
        assert firsts == {0, 1}

    def test_the_first_player_places_first(self):
        for seed in range(10):
            s = K.new_game(K.Setup(), seed)
            assert s.to_move == s.first


class TestPlacement:
    def test_only_own_starting_cells_are_offered(self):
        s = K.new_game(K.Setup(), 5)
        seat = s.to_move
        cells = {(a.args[1], a.args[2]) for a in K.legal_actions(s)}
        assert cells == {XY[c] for c in BOARDS[s.setup.layout].starts[seat]}
        assert {a.args[0] for a in K.legal_actions(s)} == {f.id for f in s.fighters if f.owner == seat}

    def test_starting_cells_are_in_the_first_two_rows_of_the_own_side(self):
        s = K.new_game(K.Setup(layout="side_a_standard"), 5)  # pink at the top
        rows = {seat: {XY[c][1] for c in BOARDS["side_a_standard"].starts[seat]} for seat in (0, 1)}
        assert rows == {0: {8, 9}, 1: {0, 1}}
        assert s.board.top == "pink"

    def test_placing_on_the_other_side_is_refused(self):
        s = K.new_game(K.Setup(layout="side_a_standard"), 5)
        seat = s.to_move
        fid = next(f.id for f in s.fighters if f.owner == seat)
        other = XY[BOARDS["side_a_standard"].starts[1 - seat][0]]
        with pytest.raises(IllegalAction, match="Krosmasters start on a starting cell of your own side"):
            K.apply(s, Action("place", (fid, *other)))

    def test_placing_the_opponents_krosmaster_is_refused(self):
        s = K.new_game(K.Setup(), 5)
        theirs = next(f.id for f in s.fighters if f.owner != s.to_move)
        with pytest.raises(IllegalAction, match="^That fighter is the other player's\\.$"):
            K.apply(s, Action("place", (theirs, 1, 8)))

    def test_first_player_places_then_the_opponent_who_takes_the_dofus(self):
        s = K.new_game(K.Setup(), 8)
        first = s.first
        movers = []
        events = []
        while s.phase == "place":
            movers.append(s.to_move)
            s, ev = K.apply(s, K.legal_actions(s)[0])
            events += ev
        assert movers == [first, first, 1 - first, 1 - first]
        assert s.dofus == 1 - first
        assert kinds(events)[-4:] == ["Placed", "DofusTaken", "TurnStarted", "FavorRevealed"]
        assert (s.phase, s.to_move, s.turn) == ("reveal", first, 1)


class TestFirstGameSetup:
    def test_ten_basic_favors_shuffled_face_down(self):
        s = K.new_game(K.Setup(), 2)
        assert sorted(s.pile) == sorted(f for f, c in CONTENT.favors.items() if not c.superior)
        assert K.view(s, 0).pile == (HIDDEN,) * 10

    def test_no_divine_challenge_by_default(self):
        assert K.new_game(K.Setup(), 2).challenges == ()


class TestSetupOptions:
    def test_round_trip(self):
        setup = K.Setup(layout="side_b_mirrored", tackle=True, challenges=2)
        assert K.Setup.from_dict(setup.to_dict()) == setup

    @pytest.mark.parametrize(
        "data, message",
        [
            ({"layout": "moon"}, "setup.layout: unknown board layout 'moon'"),
            ({"challenges": 4}, "setup.challenges: 0 to 3"),
            ({"tackle": "yes"}, "setup.tackle: expected true or false"),
            ({"challenges": True}, "setup.challenges: expected an integer"),
            ({"players": 3}, "setup: unknown option 'players'"),
            ({"layout": ["side_a_standard"]}, "setup.layout: expected a string"),
            ({"challenges": 1.5}, "setup.challenges: expected an integer"),
            ({"challenges": 10**5000}, "setup.challenges: 0 to 3 Divine Challenges, got a number of more"),
            ([], "setup: expected an object, got list"),
            ("tackle", "setup: expected an object, got str"),
        ],
    )
    def test_bad_options_are_named(self, data, message):
        with pytest.raises(SetupError, match=message) as e:
            K.Setup.from_dict(data)
        assert len(str(e.value)) < 200

    def test_a_bad_setup_object_cannot_start_a_game(self):
        with pytest.raises(SetupError, match="setup.layout: unknown board layout 'moon'"):
            K.new_game(K.Setup(layout="moon"), 1)
        with pytest.raises(SetupError, match="setup.tackle: expected true or false"):
            K.new_game(K.Setup(tackle=None), 1)
        with pytest.raises(SetupError, match="needs a krosmaster Setup, got dict"):
            K.new_game({"layout": "side_a_standard"}, 1)
        with pytest.raises(SetupError, match="the seed is an integer"):
            K.new_game(K.Setup(), "seven")
