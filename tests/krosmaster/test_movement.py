"""Movement: one orthogonal cell per MP, blocked by trees, bushes and fighters; Glyph cells and the Dofus.

Board side_a_standard (pink on top), trees T, bushes B, Glyph cells G, starting cells S:
    x 01234567
    0 .S.S.S..
    1 ..S...S.
    2 .G....T.
    3 ...B.G..
    4 T.G...B.
    5 .B...G.T
    6 ..G.B...
    7 .T....G.
    8 .S...S..
    9 ..S.S.S.
"""

import pytest

import game.krosmaster as K
from game.core import Action, IllegalAction
from game.krosmaster.events import DofusTaken, GlyphCaptured, Moved
from game.krosmaster.testing import build, run

PINK = [("arrowna", 1, (3, 0)), ("wa_wabbit", 1, (5, 0))]


def moves(s):
    return sorted((a.args[1], a.args[2]) for a in K.legal_actions(s) if a.kind == "move")


class TestMovement:
    def test_one_cell_forwards_backwards_or_sideways(self):
        s = build([("bravo_stormblade", 0, (4, 4)), ("golda_purse", 0, (5, 8)), *PINK], active=0)
        assert moves(s) == [(3, 4), (4, 3), (4, 5), (5, 4)]

    def test_never_diagonally(self):
        s = build([("bravo_stormblade", 0, (4, 4)), ("golda_purse", 0, (5, 8)), *PINK], active=0)
        with pytest.raises(IllegalAction, match="A fighter moves one cell at a time, along a row or a column"):
            K.apply(s, Action("move", (0, 5, 5)))

    def test_trees_bushes_and_fighters_block(self):
        # (3, 4): the bush (3, 3) above, an ally below at (3, 5); (1, 6): bush (1, 5) above, tree (1, 7) below
        s = build([("bravo_stormblade", 0, (3, 4)), ("golda_purse", 0, (3, 5)), *PINK], active=0)
        assert moves(s) == [(2, 4), (4, 4)]
        with pytest.raises(IllegalAction, match="A bush blocks the way"):
            K.apply(s, Action("move", (0, 3, 3)))
        with pytest.raises(IllegalAction, match="^D6 is occupied by a fighter\\.$"):
            K.apply(s, Action("move", (0, 3, 5)))
        s = build([("bravo_stormblade", 0, (1, 6)), ("golda_purse", 0, (5, 8)), *PINK], active=0)
        assert moves(s) == [(0, 6), (2, 6)]
        with pytest.raises(IllegalAction, match="A tree blocks the way"):
            K.apply(s, Action("move", (0, 1, 7)))

    def test_off_the_board(self):
        s = build([("bravo_stormblade", 0, (0, 8)), ("golda_purse", 0, (5, 8)), *PINK], active=0)
        with pytest.raises(IllegalAction, match="That cell is off the board"):
            K.apply(s, Action("move", (0, -1, 8)))

    def test_a_moved_event_per_step(self):
        s = build([("bravo_stormblade", 0, (4, 4)), ("golda_purse", 0, (5, 8)), *PINK], active=0)
        s, ev = run(s, "move 0 4 3")
        assert ev == [Moved(0, ((4, 4), (4, 3)), "walk")]
        assert s.fighters[0].xy == (4, 3) and s.grid[3 * 8 + 4] == 0 and s.grid[4 * 8 + 4] == -1


class TestCapturingGlyphCells:
    def test_moving_onto_a_glyph_cell_captures_it_and_takes_the_dofus(self):
        s = build([("bravo_stormblade", 0, (2, 7)), ("golda_purse", 0, (5, 8)), *PINK], active=0, dofus=1)
        s, ev = run(s, "move 0 2 6")
        assert ev[1:] == [GlyphCaptured((2, 6), 0, 0, False), DofusTaken(0)]
        assert K.glyph_counts(s) == (1, 0) and s.dofus == 0

    def test_capturing_the_opponents_glyph_flips_the_tile(self):
        s = build([("bravo_stormblade", 0, (2, 7)), ("golda_purse", 0, (5, 8)), *PINK], active=0, glyphs={(2, 6): 1})
        assert K.glyph_counts(s) == (0, 1)
        s, ev = run(s, "move 0 2 6")
        assert ev[1] == GlyphCaptured((2, 6), 0, 0, True)
        assert K.glyph_counts(s) == (1, 0)

    def test_moving_onto_ones_own_glyph_cell_takes_the_dofus(self):
        """Movement: moving onto a Glyph cell takes the Dofus if you lack it, whoever controlled the cell."""
        s = build([("bravo_stormblade", 0, (2, 7)), ("golda_purse", 0, (5, 8)), *PINK], active=0, dofus=1,
                  glyphs={(2, 6): 0})
        s, ev = run(s, "move 0 2 6")
        assert ev[1:] == [DofusTaken(0)] and s.dofus == 0 and K.glyph_counts(s) == (1, 0)

    def test_no_braaaawl_mp_for_a_cell_already_ones_own(self):
        s = build([("bravo_stormblade", 0, (2, 7)), ("golda_purse", 0, (5, 8)), *PINK], active=0, dofus=0,
                  glyphs={(2, 6): 0, (1, 2): 0}, challenges=("iops_brawl",))
        s, ev = run(s, "move 0 2 6")
        assert ev[1:] == [] and s.mp == 3

    def test_holding_the_dofus_already_nothing_changes_hands(self):
        s = build([("bravo_stormblade", 0, (2, 7)), ("golda_purse", 0, (5, 8)), *PINK], active=0, dofus=0)
        s, ev = run(s, "move 0 2 6")
        assert ev[1:] == [GlyphCaptured((2, 6), 0, 0, False)]

    def test_no_dofus_during_the_first_players_first_turn(self):
        s = build([("bravo_stormblade", 0, (2, 7)), ("golda_purse", 0, (5, 8)), *PINK], active=0, dofus=1,
                  first=0, left=("weakness",), right=())
        assert s.turn == 1
        s, ev = run(s, "move 0 2 6")
        assert ev[1:] == [GlyphCaptured((2, 6), 0, 0, False)]
        assert s.dofus == 1

    def test_glyph_cells_stay_free_cells(self):
        s = build([("bravo_stormblade", 0, (2, 7)), ("golda_purse", 0, (5, 8)), *PINK], active=0, glyphs={(2, 6): 1})
        s, _ = run(s, "move 0 2 6", "move 0 2 5")
        assert s.fighters[0].xy == (2, 5) and K.glyph_counts(s) == (1, 0)

    def test_minions_never_capture(self):
        s = build([("bravo_stormblade", 0, (5, 8)), ("golda_purse", 0, (4, 8)), *PINK,
                   {"kind": "fleeflee", "owner": 0, "cell": [2, 7]}], played=[0, 1], active=4)
        s, ev = run(s, "move 4 2 6")
        assert ev == [Moved(4, ((2, 7), (2, 6)), "walk")]
        assert K.glyph_counts(s) == (0, 0)
