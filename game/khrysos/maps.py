"""The maps of Khrysos Hunters, their public face: a map file read whole (`read_map`), the board of a
playable map built once (`build_board`) and the sample maps.

The concepts under it live in modules of their own, whose names this face gives too: the tile cards and
the map file format in `tiles`, whether a map is playable (and the warnings of one that is) in
`mapcheck`, the squares of a board, its steps and reach, in `geometry`.
"""

from __future__ import annotations

import json

from game.core.content import read_text
from game.khrysos.geometry import Board, Edge, board_picture, edge, layout, make_board, rotate, square_extent
from game.khrysos.mapcheck import (MIN_TILES, Problem, map_report, map_warnings, problem_places, rule_problems,
                                   validate_map, zone_groups)
from game.khrysos.tiles import (DESCRIPTION_LIMIT, FORMAT, FORMAT_VERSION, MAP_FIELDS, MAX_AUTHOR, MAX_DESCRIPTION, MAX_TILE_POS,
                                PLAYER_COUNTS, ROTATIONS, SIDE_DELTA, SIDES,
                                TILE_FIELDS, TILE_SIZE, TILES, ZONE_NUMBERS, MapError, MapSpec, PlacedTile, Tile,
                                load_tiles, map_from_dict, map_to_dict, map_to_text, notes_problems, parse_map_text,
                                read_map_data, tile_name)

Cell = tuple[int, int]

__all__ = [
    "DESCRIPTION_LIMIT", "FORMAT", "FORMAT_VERSION", "MAP_FIELDS", "MAX_AUTHOR", "MAX_DESCRIPTION", "MAX_TILE_POS", "PLAYER_COUNTS", "MIN_TILES", "ROTATIONS", "SAMPLE_MAPS", "SIDES",
    "SIDE_DELTA", "TILES", "TILE_FIELDS", "TILE_SIZE", "ZONE_NUMBERS", "Board", "Edge", "MapError", "MapSpec",
    "PlacedTile", "Problem", "Tile", "board_picture", "build_board", "edge", "layout", "list_sample_maps",
    "load_tiles", "make_board", "map_from_dict", "map_key", "map_report", "map_to_dict", "map_to_text",
    "map_warnings", "notes_problems", "parse_map_text", "problem_places", "read_map", "read_map_data", "rotate", "rule_problems",
    "sample_map", "sample_map_text", "square_extent", "tile_name", "validate_map", "zone_groups",
]


def read_map(text: str) -> MapSpec:
    """A playable MapSpec from the text of a map file; MapError listing every problem otherwise."""
    data = parse_map_text(text)
    problems = validate_map(data)
    if problems:
        raise MapError(problems)
    return map_from_dict(data)


# -- boards -------------------------------------------------------------------------------

_BOARDS: dict[str, Board] = {}


def map_key(spec: MapSpec) -> str:
    """A canonical text of a map, equal for equal maps (used to share built boards)."""
    return json.dumps(map_to_dict(spec), sort_keys=True, separators=(",", ":"))


def build_board(spec: MapSpec) -> Board:
    """The square-level board of a playable map (built once per distinct map); MapError otherwise."""
    key = map_key(spec)
    board = _BOARDS.get(key)
    if board is None:
        problems = validate_map(spec)
        if problems:
            raise MapError(problems)
        board = _BOARDS[key] = make_board(spec.name, list(spec.tiles))
    return board


# -- sample maps --------------------------------------------------------------------------

SAMPLE_MAPS: tuple[str, ...] = ("alpha_room", "the_tower", "the_pillar_room", "the_crossroad", "the_double_pyramid")
_SAMPLES: dict[str, MapSpec] = {}


def sample_map(map_id: str) -> MapSpec:
    """The sample map with this id (its file name without .json); LookupError for an unknown id."""
    if map_id not in SAMPLE_MAPS:
        raise LookupError(f"unknown sample map {map_id!r} (known: {', '.join(SAMPLE_MAPS)})")
    spec = _SAMPLES.get(map_id)
    if spec is None:
        spec = _SAMPLES[map_id] = read_map(read_text("maps.khrysos", map_id + ".json"))
    return spec


def list_sample_maps() -> list[tuple[str, str]]:
    """(id, name) of each sample map, in the rulebook's order, for the map menu."""
    return [(map_id, sample_map(map_id).name) for map_id in SAMPLE_MAPS]


def sample_map_text(map_id: str) -> str:
    """The file text of a sample map (for tests and for the editor's 'open sample')."""
    sample_map(map_id)
    return read_text("maps.khrysos", map_id + ".json")


