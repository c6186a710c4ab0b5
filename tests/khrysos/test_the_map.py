"""Rulebook: The Map, Special Tiles, Sample Maps -- tile cards, map files, validation, boards."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import ContentError
from game.khrysos import maps
from game.khrysos.maps import (
    SAMPLE_MAPS,
    MapError,
    MapSpec,
    PlacedTile,
    board_picture,
    build_board,
    list_sample_maps,
    load_tiles,
    map_from_dict,
    map_to_dict,
    map_to_text,
    read_map,
    sample_map,
    map_warnings,
    sample_map_text,
    validate_map,
)

SIX_ZONES = [{"tile": f"zone{n}", "x": n - 1, "y": 0, "rotation": 0} for n in range(1, 7)]


def mapdata(tiles, **extra):
    d = {"format": "khrysos-map", "version": 1, "name": "Test", "tiles": tiles}
    d.update(extra)
    return d


def spec(*tiles, name="Test"):
    return MapSpec(name, tuple(PlacedTile(*t) for t in tiles))


ROW = [(f"zone{n}", n - 1, 0) for n in range(1, 7)]


class TestTileCards:
    def test_every_tile_is_three_by_three_squares(self):
        board = build_board(spec(*ROW))
        assert (board.width, board.height) == (18, 3)
        assert len(board.floor) == 54

    def test_the_six_treasure_zone_tiles_hold_their_number_at_the_centre(self):
        for n in range(1, 7):
            tile = maps.TILES[f"zone{n}"]
            assert (tile.zone, tile.zone_at) == (n, (1, 1))
        board = build_board(spec(*ROW))
        assert board.zones == {(1, 1): 1, (4, 1): 2, (7, 1): 3, (10, 1): 4, (13, 1): 5, (16, 1): 6}

    def test_catalogue_has_floor_pillar_stairs_and_wall_tiles(self):
        assert {"floor", "pillar", "twin_pillars", "stairs", "stairs_wall", "corridor", "corner", "broken_wall"} <= set(maps.TILES)
        assert maps.TILES["stairs"].stairs and maps.TILES["pillar"].pillars == ((1, 1),)

    def test_rotation_turns_walls_pillars_and_zones_clockwise(self):
        around = [*ROW, ("floor", 0, 1), ("floor", 2, 1), ("floor", 1, 2)]
        b0 = build_board(spec(*around, ("corner", 1, 1, 0)))
        b90 = build_board(spec(*around, ("corner", 1, 1, 90)))
        # At rotation 0 the corner tile (squares 3-5, 3-5) has solid lines on its north and west sides.
        assert maps.edge((3, 2), (3, 3)) in b0.walls and maps.edge((2, 4), (3, 4)) in b0.walls
        assert maps.edge((5, 4), (6, 4)) not in b0.walls
        # Turned 90 degrees clockwise they run along its north and east sides.
        assert maps.edge((5, 2), (5, 3)) in b90.walls and maps.edge((5, 4), (6, 4)) in b90.walls
        assert maps.edge((2, 4), (3, 4)) not in b90.walls
        assert len(b0.walls) == len(b90.walls) == 6
        twin = build_board(spec(*around, ("twin_pillars", 1, 1, 90)))
        assert twin.pillars == {(5, 3), (3, 5)}

    def test_load_tiles_names_the_tile_and_field_of_a_problem(self):
        good = 'name = "Zone"\nzone = {n}\nzone_at = [1, 1]\n'
        zones = "".join(f"[zone{n}]\n" + good.format(n=n) for n in range(1, 7))
        assert len(load_tiles(zones)) == 6
        with pytest.raises(ContentError, match=r"tiles.toml, entry 'bad', field 'pillars': expected a square \[x, y\]"):
            load_tiles(zones + '[bad]\nname = "Bad"\npillars = [[3, 0]]\n')
        with pytest.raises(ContentError, match=r"entry 'bad', field 'walls': expected \[x, y, side\]"):
            load_tiles(zones + '[bad]\nname = "Bad"\nwalls = [[0, 0, "up"]]\n')
        with pytest.raises(ContentError, match=r"entry 'bad', field 'colour': is not a known field"):
            load_tiles(zones + '[bad]\nname = "Bad"\ncolour = "red"\n')
        with pytest.raises(ContentError, match=r"entry 'bad', field 'zone_at': a zone needs both"):
            load_tiles(zones + '[bad]\nname = "Bad"\nzone = 2\n')
        with pytest.raises(ContentError, match="tiles.toml: no tile holds Treasure Zone 6"):
            load_tiles(zones.split("[zone6]")[0])


class TestTheMap:
    """A map has at least six tiles including Treasure Zones 1-6; duplicates and extra zones are fine."""

    def test_a_map_with_the_six_zones_is_valid(self):
        assert validate_map(mapdata(SIX_ZONES)) == []

    def test_duplicated_tiles_and_extra_zones_are_allowed(self):
        extra = SIX_ZONES + [{"tile": "zone3", "x": 0, "y": 1}, {"tile": "floor", "x": 1, "y": 1}, {"tile": "floor", "x": 2, "y": 1}]
        assert validate_map(mapdata(extra)) == []
        board = build_board(map_from_dict(mapdata(extra)))
        assert board.zone_squares[3] == ((7, 1), (1, 4))

    def test_rotation_defaults_to_zero(self):
        tiles = [{"tile": t["tile"], "x": t["x"], "y": t["y"]} for t in SIX_ZONES]
        assert map_from_dict(mapdata(tiles)).tiles[0].rotation == 0

    def test_map_to_dict_and_map_from_dict_round_trip(self):
        s = spec(*ROW, ("stairs", 2, 1, 180))
        assert map_from_dict(map_to_dict(s)) == s
        assert read_map(map_to_text(s)) == s
        assert json.loads(map_to_text(s)) == map_to_dict(s)


class TestMapNotes:
    """Issue 34: a map's notes (description, author, players) travel in its file; files without them still load."""

    NOTED = MapSpec("Test", spec(*ROW).tiles, "A long row: six zones side by side, \"no place to hide\".", "Ana Lee", 3)

    def test_notes_round_trip_through_the_file(self):
        text = map_to_text(self.NOTED)
        assert read_map(text) == self.NOTED and json.loads(text) == map_to_dict(self.NOTED)
        assert json.loads(text)["players"] == 3 and json.loads(text)["author"] == "Ana Lee"

    def test_a_file_without_notes_loads_as_before_and_is_written_as_before(self):
        old = mapdata(SIX_ZONES)
        loaded = map_from_dict(old)
        assert (loaded.description, loaded.author, loaded.players) == ("", "", 0) and not loaded.has_notes
        assert map_to_dict(loaded) == old, "no empty notes written into a map that has none"

    @pytest.mark.parametrize("extra, problem", [
        ({"players": 7}, "the map's 'players' must be 2, 3 or 4, not 7"),
        ({"players": True}, "the map's 'players' must be 2, 3 or 4, not true"),
        ({"author": 12}, "the map's 'author' must be a text, not 12"),
        ({"author": "A" * 41}, "the map's author is 41 characters long; it may have at most 40"),
        ({"description": "x" * 301}, "the map's description is 301 characters long; it may have at most 300"),
        ({"description": "two\nlines"}, "the map's description 'two\\nlines' holds a character that cannot be shown or saved"),
    ])
    def test_bad_notes_are_refused_with_the_reason(self, extra, problem):
        assert problem in validate_map(mapdata(SIX_ZONES, **extra))

    def test_edits_keep_the_notes(self):
        from game.khrysos import Edit, apply_edit, transformed

        moved = apply_edit(self.NOTED, Edit("move", 0, 0, to=(0, 1)))
        assert moved.has_notes and moved.author == "Ana Lee" and moved.tiles != self.NOTED.tiles
        assert transformed(self.NOTED, "mirror")[0].description == self.NOTED.description


BROKEN = [
    ("five tiles", mapdata(SIX_ZONES[:5]), ["the map has 5 tiles; a map needs at least 6", "Treasure Zone 6 is missing (a map needs the six Treasure Zone tiles)"]),
    (
        "zone missing",
        mapdata(SIX_ZONES[:3] + [{"tile": "floor", "x": 3, "y": 0}] + SIX_ZONES[4:]),
        ["Treasure Zone 4 is missing (a map needs the six Treasure Zone tiles)"],
    ),
    (
        "overlap",
        mapdata(SIX_ZONES + [{"tile": "floor", "x": 2, "y": 0}]),
        ["two tiles lie on G1: the Treasure Zone 3 tile and the Floor tile"],
    ),
    (
        "not connected",
        mapdata(SIX_ZONES[:5] + [{"tile": "zone6", "x": 6, "y": 2}, {"tile": "floor", "x": 7, "y": 2}]),
        ["the tiles do not connect into one area: the Treasure Zone 6 tile at S7 and the Floor tile at V7 are cut off from the Treasure Zone 1 tile at A1"],
    ),
    (
        "touching only at a corner",
        mapdata(SIX_ZONES[:5] + [{"tile": "zone6", "x": 5, "y": 1}]),
        ["the tiles do not connect into one area: the Treasure Zone 6 tile at P4 is cut off from the Treasure Zone 1 tile at A1"],
    ),
    (
        "unknown tile",
        mapdata(SIX_ZONES + [{"tile": "lava", "x": 0, "y": 1}]),
        [f"the file's tile 7 (lava at A4): unknown tile 'lava' (known tiles: {', '.join(maps.TILES)})"],
    ),
    (
        "bad rotation",
        mapdata(SIX_ZONES + [{"tile": "floor", "x": 0, "y": 1, "rotation": 45}]),
        ["the file's tile 7 (Floor at A4): 'rotation' must be 0, 90, 180 or 270, not 45"],
    ),
    (
        "rotation as text",
        mapdata(SIX_ZONES + [{"tile": "floor", "x": 0, "y": 1, "rotation": "90"}]),
        ['the file\'s tile 7 (Floor at A4): \'rotation\' must be 0, 90, 180 or 270, not "90"'],
    ),
    (
        "position of the wrong type",
        mapdata(SIX_ZONES + [{"tile": "floor", "x": "1", "y": 1}]),
        ['the file\'s tile 7 (Floor): \'x\' must be a whole number from 0 to 15, not "1"'],
    ),
    (
        "position off the grid",
        mapdata(SIX_ZONES + [{"tile": "floor", "x": 0, "y": -1}]),
        ["the file's tile 7 (Floor): 'y' must be a whole number from 0 to 15, not -1"],
    ),
    ("position missing", mapdata(SIX_ZONES + [{"tile": "floor", "x": 0}]), ["the file's tile 7 (Floor) has no position 'y'"]),
    ("tile name missing", mapdata(SIX_ZONES + [{"x": 0, "y": 1}]), ["the file's tile 7 does not say which tile it is (field 'tile')"]),
    ("tile name a number", mapdata(SIX_ZONES + [{"tile": 3, "x": 0, "y": 1}]), ["the file's tile 7: 'tile' must be a tile name, not 3"]),
    (
        "entry not an object",
        mapdata(SIX_ZONES + [["floor", 0, 1]]),
        ['the file\'s tile 7 must be an object like {"tile": "floor", "x": 0, "y": 0}, not ["floor", 0, 1]'],
    ),
    (
        "unknown field in an entry",
        mapdata(SIX_ZONES + [{"tile": "floor", "x": 0, "y": 1, "rot": 90}]),
        ["the file's tile 7 (Floor at A4) has an unknown field 'rot'"],
    ),
    ("tiles not a list", mapdata({"tile": "floor"}), ['the map\'s \'tiles\' must be a list of tile entries, not {"tile": "floor"}']),
    ("wrong format", dict(mapdata(SIX_ZONES), format="krom-map"), ['the map file\'s \'format\' must be "khrysos-map", not "krom-map"']),
    ("newer version", dict(mapdata(SIX_ZONES), version=2), ["the map file's 'version' must be 1, not 2"]),
    ("no name", {k: v for k, v in mapdata(SIX_ZONES).items() if k != "name"}, ["the map needs a 'name' (a non-empty text), not null"]),
    ("unknown field", mapdata(SIX_ZONES, maker="me"), ["the map file has an unknown field 'maker'"]),
    ("not an object", [1, 2], ["a map file must hold a JSON object, not list"]),
]

CUT_APART = mapdata(
    SIX_ZONES
    + [
        {"tile": "corner", "x": 0, "y": 1, "rotation": 0},
        {"tile": "corner", "x": 0, "y": 2, "rotation": 270},
        {"tile": "corridor", "x": 1, "y": 1, "rotation": 90},
    ]
)


class TestSampleMapsAnyCombinationWorks:
    """Sample Maps: "any combination works as long as the tiles connect"."""

    def test_sample_maps_a_floor_cut_apart_by_solid_lines_is_a_warning_not_a_refusal(self):
        assert validate_map(CUT_APART) == []
        assert map_warnings(CUT_APART) == [
            "solid lines cut the floor apart: 27 squares, starting with A4 of the Corner tile at A4, "
            "cannot be walked to from A1 of the Treasure Zone 1 tile at A1"
        ]
        assert map_warnings(json.dumps(CUT_APART)) == map_warnings(CUT_APART) == map_warnings(map_from_dict(CUT_APART))
        board = build_board(map_from_dict(CUT_APART))
        assert len(board.floor) == 81
        # A game on it starts and plays.
        from game.khrysos import Setup, new_game

        assert new_game(Setup(players=2, custom_map=CUT_APART), 1).to_move is not None

    def test_sample_maps_treasure_zones_walled_off_from_each_other_are_named_in_a_warning(self):
        """Quick Start 5 puts hunters on the zones, Treasure puts treasure there: a map maker is told which
        zones hunters cannot walk between (still a warning: the tiles connect)."""
        from game.khrysos.maps import MapSpec, PlacedTile, map_report, zone_groups

        tiles = ([PlacedTile(f"zone{i + 1}", i, 0) for i in range(3)] + [PlacedTile("corridor", i, 1, 90) for i in range(3)]
                 + [PlacedTile(f"zone{i + 4}", i, 2) for i in range(3)])
        apart = MapSpec("Apart", tuple(tiles))
        assert validate_map(apart) == []
        board = build_board(apart)
        assert zone_groups(board) == [(1, 2, 3), (4, 5, 6)]
        warnings = map_warnings(apart)
        assert warnings[1] == ("Treasure Zones 4, 5 and 6 cannot be walked to from Treasure Zones 1, 2 and 3: hunters "
                               "starting on one side cannot walk to the treasure of the other")
        report = map_report(apart)[1][1]
        assert report.kind == "zones apart" and report.zones == (4, 5, 6)
        assert set(report.squares) == {c for n in (4, 5, 6) for c in board.zone_squares[n]}
        assert set(report.tiles) == {(0, 2), (1, 2), (2, 2)}
        turned = MapSpec("Together", tuple(PlacedTile(t.tile, t.x, t.y, 0) if t.tile == "corridor" else t for t in tiles))
        assert map_warnings(turned) == [] and zone_groups(build_board(turned)) == [(1, 2, 3, 4, 5, 6)]
        # a floor cut apart with every zone on one side names no zone
        assert len(map_warnings(CUT_APART)) == 1
        assert all(zone_groups(build_board(sample_map(m))) == [(1, 2, 3, 4, 5, 6)] for m, _ in list_sample_maps())

    def test_sample_maps_a_connected_or_unplayable_map_has_no_warning(self):
        assert map_warnings(mapdata(SIX_ZONES)) == []
        assert map_warnings(mapdata(SIX_ZONES[:3])) == []  # its problems come from validate_map
        assert all(map_warnings(sample_map(m)) == [] for m, _ in list_sample_maps())


class TestBrokenMaps:
    @pytest.mark.parametrize("label, data, expected", BROKEN, ids=[b[0] for b in BROKEN])
    def test_each_broken_map_is_rejected_with_its_messages(self, label, data, expected):
        assert validate_map(data) == expected

    def test_every_problem_is_listed_not_just_the_first(self):
        data = mapdata(
            [{"tile": "lava", "x": 0, "y": 0}, {"tile": "zone1", "x": 0, "y": 0, "rotation": 7}, {"tile": "zone2", "x": 0, "y": 0}],
            name="",
        )
        assert validate_map(data) == [
            "the map needs a 'name' (a non-empty text), not \"\"",
            f"the file's tile 1 (lava at A1): unknown tile 'lava' (known tiles: {', '.join(maps.TILES)})",
            "the file's tile 2 (Treasure Zone 1 at A1): 'rotation' must be 0, 90, 180 or 270, not 7",
            "the map has 2 tiles; a map needs at least 6",
            "Treasure Zones 3, 4, 5 and 6 are missing (a map needs the six Treasure Zone tiles)",
            "two tiles lie on A1: the Treasure Zone 1 tile and the Treasure Zone 2 tile",
        ]

    @settings(max_examples=300, deadline=None)
    @given(
        st.recursive(
            st.none() | st.booleans() | st.integers(-5, 20) | st.floats(allow_nan=False) | st.sampled_from(["floor", "zone1", "x", 90]),
            lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["tile", "x", "y", "rotation", "name", "tiles"]), inner, max_size=4),
            max_leaves=12,
        )
    )
    def test_any_json_data_gets_sentences_never_a_traceback(self, data):
        for candidate in (data, mapdata(data), mapdata([data] + SIX_ZONES), mapdata(SIX_ZONES, name=data)):
            problems = validate_map(candidate)
            assert isinstance(problems, list) and all(isinstance(p, str) and p for p in problems)
            if not isinstance(candidate, str):  # a str is taken as the text of a file
                assert validate_map(json.dumps(candidate)) == problems

    def test_unreadable_json_is_a_message(self):
        assert validate_map('{"format": "khrysos-map",, }') == [
            "the file is not a map file: a map file is text in the JSON format, as the map builder's Export writes it, "
            "and this text stops being that at line 1, column 26"], "in words: no parser jargon (issue 34)"
        assert validate_map("") == ["the map file cannot be read: it is empty"]
        assert validate_map(b"\xff\xfe") == ["the file is not a map file: it is not text at all, and a map file is "
                                              "text, as the map builder's Export writes it"]

    def test_map_from_dict_and_read_map_raise_map_error_with_every_problem(self):
        with pytest.raises(MapError) as info:
            map_from_dict(mapdata([{"tile": "lava", "x": 0, "y": 0}, {"tile": "floor", "x": 0, "y": 0, "rotation": 1}]))
        assert info.value.problems == [
            f"the file's tile 1 (lava at A1): unknown tile 'lava' (known tiles: {', '.join(maps.TILES)})",
            "the file's tile 2 (Floor at A1): 'rotation' must be 0, 90, 180 or 270, not 1",
        ]
        with pytest.raises(MapError) as info:
            read_map(json.dumps(mapdata(SIX_ZONES[:5])))
        assert info.value.problems[0] == "the map has 5 tiles; a map needs at least 6"

    def test_a_structurally_sound_but_unplayable_map_still_loads_for_the_editor(self):
        partial = map_from_dict(mapdata(SIX_ZONES[:2]))
        assert len(partial.tiles) == 2
        assert validate_map(partial)[0] == "the map has 2 tiles; a map needs at least 6"
        with pytest.raises(MapError, match="a map needs at least 6"):
            build_board(partial)

    def test_the_map_a_map_being_built_is_laid_out_even_when_unplayable(self):
        """The builder draws any tiles: two tiles give 18 squares, overlapping tiles share theirs."""
        board = maps.layout([PlacedTile("zone1", 0, 0), PlacedTile("pillar", 2, 1, 90)])
        assert len(board.floor) == 18 and board.zones == {(1, 1): 1} and board.pillars == {(7, 4)}
        assert len(maps.layout([PlacedTile("floor", 0, 0), PlacedTile("zone2", 0, 0)]).floor) == 9
        assert maps.layout([PlacedTile("nonsense", 0, 0)]).floor == frozenset()


class TestSpecialTiles:
    """Pillars: no moving or reaching diagonally through them. Stairs: no diagonal moves; solid lines: no moving through."""

    def test_special_tiles_pillars_block_only_diagonal_steps_through_them(self):
        board = build_board(sample_map("alpha_room"))
        assert (4, 4) in board.pillars and (4, 4) in board.floor
        # Orthogonally the pillar square is open: onto it, off it, straight through it.
        assert board.step_blocker((4, 3), (4, 4)) is None and (4, 5) in board.steps[(4, 4)]
        assert board.walk_distances((4, 3))[(4, 5)] == 2
        # Diagonally onto, off or across the corner of the pillar square: blocked.
        assert board.step_blocker((3, 3), (4, 4)) == "nobody moves diagonally through a pillar"
        assert board.step_blocker((4, 4), (5, 5)) == "nobody moves diagonally through a pillar"
        assert board.step_blocker((3, 4), (4, 3)) == "nobody moves diagonally through a pillar"
        assert (4, 3) in board.steps[(3, 3)] and (3, 4) in board.steps[(3, 3)]

    def test_special_tiles_pillars_block_only_diagonal_reach_through_them(self):
        board = build_board(sample_map("alpha_room"))
        # Diagonal neighbours across the pillar's corner are two rings apart, not one.
        assert board.reach_distances((3, 4))[(4, 3)] == 2
        # Behind the pillar in a straight line: straight through it, 2 rings.
        assert board.reach_distances((4, 3))[(4, 5)] == 2
        # Diagonally through the pillar square: round it, 4 rings, not 2.
        assert board.reach_distances((3, 3))[(5, 5)] == 4

    def test_stairs_allow_no_diagonal_steps_but_do_not_limit_reach(self):
        board = build_board(spec(*ROW, ("stairs_wall", 0, 1, 0), ("floor", 1, 1)))
        # (1,4) is a stairs square: orthogonal steps only, onto it and off it.
        assert set(board.steps[(1, 4)]) == {(1, 3), (2, 4), (1, 5), (0, 4)}
        assert board.step_blocker((1, 4), (2, 5)) == "no diagonal steps on stairs"
        assert board.step_blocker((3, 4), (2, 5)) == "no diagonal steps on stairs"
        assert (2, 5) in board.links[(1, 4)]

    def test_special_tiles_solid_lines_stop_movement_but_not_reach(self):
        # "solid lines can not be moved through at all": a rule about moving. Only pillars are
        # said to stop attacks, so Range, Burst and Blast count straight across a solid line.
        board = build_board(spec(*ROW, ("corridor", 0, 1, 0), ("floor", 1, 1)))
        # The corridor's east side is a solid line between x=2 and x=3.
        assert board.step_blocker((2, 4), (3, 4)) == "a solid line blocks that step"
        assert board.step_blocker((2, 4), (3, 5)) == "a solid line blocks that diagonal step"
        # Walking goes round through the open north end: no diagonal step may touch the end of
        # a solid line, so (2,4) (2,3) (2,2) (3,2) (3,3) (3,4) is the shortest way.
        assert board.walk_distances((2, 4))[(3, 4)] == 5
        assert board.step_blocker((2, 2), (3, 3)) == "a solid line blocks that diagonal step"
        # Reach crosses the line, orthogonally and diagonally.
        assert (3, 4) in board.links[(2, 4)] and (3, 5) in board.links[(2, 4)]
        assert board.reach_distances((2, 4))[(3, 4)] == 1
        assert board.reach_distances((0, 4))[(5, 4)] == 5

    def test_special_tiles_a_diagonal_step_may_pass_a_corner_of_the_map(self):
        # Diagonal moves are allowed everywhere except past pillars, on stairs and through solid
        # lines: a corner of the map is none of these.
        board = build_board(spec(*ROW, ("floor", 1, 1)))
        # (2,2) and (3,3) touch at a corner; (2,3) is off the map.
        assert (2, 3) not in board.floor
        assert board.step_blocker((2, 2), (3, 3)) is None
        assert (3, 3) in board.steps[(2, 2)] and (2, 2) in board.steps[(3, 3)]
        assert board.walk_distances((2, 2))[(3, 3)] == 1
        assert board.reach_distances((2, 2))[(3, 3)] == 1

    def test_picture_of_a_board_shows_zones_pillars_stairs_and_walls(self):
        board = build_board(spec(*ROW[:2], ("stairs", 0, 1, 0), ("pillar", 1, 1), *ROW[2:]))
        assert board_picture(board).splitlines()[:6] == [
            ". . . . . . . . . . . . . . . . . .",
            ". 1 . . 2 . . 3 . . 4 . . 5 . . 6 .",
            ". . . . . . . . . . . . . . . . . .",
            "= = =|. . .",
            "= = =|. O .",
            "= = =|. . .",
        ]


class TestSampleMaps:
    def test_the_five_sample_maps_are_listed_by_name(self):
        assert list_sample_maps() == [
            ("alpha_room", "Alpha Room"),
            ("the_tower", "The Tower"),
            ("the_pillar_room", "The Pillar Room"),
            ("the_crossroad", "The Crossroad"),
            ("the_double_pyramid", "The Double Pyramid"),
        ]

    @pytest.mark.parametrize("map_id", SAMPLE_MAPS)
    def test_each_sample_map_is_valid(self, map_id):
        assert validate_map(sample_map_text(map_id)) == []
        assert json.loads(sample_map_text(map_id)) == map_to_dict(sample_map(map_id))

    def test_alpha_room_is_a_square_room_with_a_pillar_in_the_middle(self):
        board = build_board(sample_map("alpha_room"))
        assert (board.width, board.height, board.pillars) == (9, 9, {(4, 4)})

    def test_the_tower_is_tall_with_stairs_between_its_floors(self):
        board = build_board(sample_map("the_tower"))
        assert (board.width, board.height) == (6, 15)
        assert len(board.stairs) == 18

    def test_the_pillar_room_is_full_of_pillars(self):
        assert len(build_board(sample_map("the_pillar_room")).pillars) == 8

    def test_the_crossroad_is_a_cross_of_two_roads(self):
        board = build_board(sample_map("the_crossroad"))
        rows = board_picture(board).splitlines()
        assert rows[0] == "            . . ." and rows[7] == ". 3 . . 5 . . . . . 6 . . 4 ."

    def test_the_double_pyramid_is_two_pyramids_of_stairs_base_to_base(self):
        board = build_board(sample_map("the_double_pyramid"))
        widths = [len({x // 3 for x, y in board.floor | board.pillars if y // 3 == row}) for row in range(5)]
        assert widths == [1, 3, 5, 3, 1]
        assert len(board.stairs) == 36

    def test_unknown_sample_map(self):
        with pytest.raises(LookupError, match="unknown sample map 'moon'"):
            sample_map("moon")


class TestWhereTheProblemsLie:
    """The map editor marks the tiles and squares a problem blames from the rules' own answer
    (`maps.problem_places`), never by reading the messages' words."""

    def test_an_overlap_blames_its_position(self):
        s = MapSpec("T", tuple(PlacedTile(t["tile"], t["x"], t["y"]) for t in SIX_ZONES) + (PlacedTile("floor", 2, 0),))
        assert maps.problem_places(s) == ({(2, 0)}, set())

    def test_tiles_cut_off_from_the_first_are_blamed(self):
        tiles = [PlacedTile(t["tile"], t["x"], t["y"]) for t in SIX_ZONES[:5]] + [PlacedTile("zone6", 6, 2), PlacedTile("floor", 7, 2)]
        assert maps.problem_places(MapSpec("T", tuple(tiles))) == ({(6, 2), (7, 2)}, set())

    def test_a_floor_cut_apart_marks_every_square_out_of_reach(self):
        tiles, squares = maps.problem_places(map_from_dict(CUT_APART))
        assert len(squares) == 27 and (0, 3) in squares and (0, 0) not in squares
        assert tiles == {(0, 1)}

    def test_a_good_map_has_nothing_to_mark(self):
        assert maps.problem_places(sample_map("alpha_room")) == (set(), set())
