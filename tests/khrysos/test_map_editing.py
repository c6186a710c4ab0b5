"""The Map (Khrysos rulebook): building a map one gesture at a time (`game.khrysos.mapedit`) and the
conditions a lesson may wait for, answered from the validator's own report."""

from __future__ import annotations

import pytest

from game.khrysos.mapedit import Edit, MapEditError, apply_edit, check_condition, condition_holds
from game.khrysos.maps import MapSpec, PlacedTile, sample_map

ZONES = tuple(PlacedTile(f"zone{n}", 4 + (n - 1) % 3, 4 + (n - 1) // 3) for n in range(1, 7))


def spec(*tiles) -> MapSpec:
    return MapSpec("test", tuple(tiles))


class TestEdits:
    @pytest.mark.parametrize("text", ["place zone1 7 7 90", "move 7 7 8 7", "turn 3 4", "remove 0 15"])
    def test_the_map_edits_round_trip_their_text(self, text):
        assert str(Edit.parse(text)) == text

    def test_the_map_place_defaults_to_no_turn(self):
        assert Edit.parse("place floor 1 2") == Edit("place", 1, 2, "floor", 0)

    @pytest.mark.parametrize("text,words", [("jump 1 1", "starts with"), ("place lava 1 1", "unknown tile"),
                                            ("place floor 1 1 45", "0, 90, 180 or 270"), ("turn 1", "turn X Y"),
                                            ("move 1 1 16 1", "from 0 to 15"), ("turn a b", "whole numbers")])
    def test_the_map_bad_edit_texts_say_why(self, text, words):
        with pytest.raises(MapEditError, match=words):
            Edit.parse(text)

    def test_the_map_place_turn_move_remove(self):
        m = apply_edit(spec(), Edit.parse("place corner 2 2 90"))
        assert m.tiles == (PlacedTile("corner", 2, 2, 90),)
        m = apply_edit(m, Edit.parse("turn 2 2"))
        assert m.tiles == (PlacedTile("corner", 2, 2, 180),)
        m = apply_edit(apply_edit(m, Edit.parse("turn 2 2")), Edit.parse("turn 2 2"))
        assert m.tiles[0].rotation == 0  # four quarter turns come back round
        m = apply_edit(m, Edit.parse("move 2 2 3 2"))
        assert m.tiles == (PlacedTile("corner", 3, 2, 0),)
        assert apply_edit(m, Edit.parse("remove 3 2")).tiles == ()

    def test_the_map_an_edit_never_changes_the_map_it_is_given(self):
        before = spec(PlacedTile("floor", 1, 1))
        apply_edit(before, Edit.parse("turn 1 1"))
        assert before.tiles == (PlacedTile("floor", 1, 1),)

    @pytest.mark.parametrize("text,words", [("place floor 1 1", "already there"), ("turn 5 5", "no tile there"),
                                            ("move 1 1 2 1", "already where it would go"),
                                            ("move 1 1 1 1", "already there"), ("remove 9 9", "no tile there")])
    def test_the_map_an_edit_that_cannot_be_made_says_why(self, text, words):
        m = spec(PlacedTile("floor", 1, 1), PlacedTile("floor", 2, 1))
        with pytest.raises(MapEditError, match=words):
            apply_edit(m, Edit.parse(text))


class TestConditions:
    def test_the_map_six_zones_are_needed(self):
        assert not condition_holds(spec(*ZONES[:5]), "six_zones")
        assert condition_holds(spec(*ZONES), "six_zones")

    def test_the_map_tiles_connect_through_a_shared_edge(self):
        apart = spec(*ZONES, PlacedTile("floor", 10, 10))
        assert condition_holds(apart, "cut_off") and not condition_holds(apart, "connected")
        assert not condition_holds(apart, "valid")
        joined = apply_edit(apart, Edit.parse("move 10 10 7 4"))
        assert condition_holds(joined, "connected") and not condition_holds(joined, "cut_off")
        assert condition_holds(joined, "valid")
        corner_only = spec(PlacedTile("floor", 1, 1), PlacedTile("floor", 2, 2))
        assert condition_holds(corner_only, "cut_off")  # touching at a corner is no connection

    def test_the_map_a_single_tile_is_not_a_connected_map(self):
        assert not condition_holds(spec(PlacedTile("floor", 1, 1)), "connected")

    def test_special_tiles_pillars_and_solid_lines_are_seen_on_the_map(self):
        m = spec(*ZONES)
        assert not condition_holds(m, "pillar") and not condition_holds(m, "wall")
        assert condition_holds(apply_edit(m, Edit.parse("place pillar 7 4")), "pillar")
        assert condition_holds(apply_edit(m, Edit.parse("place corridor 7 4")), "wall")

    def test_the_map_placed_names_the_tile_its_place_and_its_turn(self):
        m = spec(PlacedTile("corner", 3, 3, 90))
        assert condition_holds(m, "placed corner 3 3 90")
        assert not condition_holds(m, "placed corner 3 3 0") and not condition_holds(m, "placed floor 3 3 90")
        assert condition_holds(m, "tiles 1") and not condition_holds(m, "tiles 2")

    def test_sample_maps_are_valid_by_the_condition(self):
        assert condition_holds(sample_map("alpha_room"), "valid")

    @pytest.mark.parametrize("text", ["", "sixzones", "tiles", "tiles x", "valid now", "placed corner 3 3",
                                      "placed lava 1 1 0"])
    def test_the_map_bad_conditions_are_refused(self, text):
        with pytest.raises(MapEditError):
            check_condition(text)
