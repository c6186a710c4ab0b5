"""The tile cards of Khrysos Hunters and the map files laid from them.

The tile catalogue (`TILES`, loaded and checked from data/tiles.toml) holds each card as printed: its
Treasure Zone, pillars, stairs and solid lines, in tile-local squares. A map is a name and tiles placed
on the builder's grid (`MapSpec`, `PlacedTile`); a map file (JSON under maps/khrysos/) looks like::

    {"format": "khrysos-map", "version": 1, "name": "Alpha Room",
     "tiles": [{"tile": "zone1", "x": 0, "y": 0, "rotation": 0}, ...]}

and, when its maker wrote them, the map's notes: "description" (what it is like, one paragraph),
"author" and "players" (the number of players it is made for, 2 to 4). A file without them is a map
without notes, as every file before them was.

`x` and `y` are tile positions (0..15); each tile card covers 3 x 3 squares, so the tile at (x, y)
covers squares (3x .. 3x+2, 3y .. 3y+2). `rotation` turns the card clockwise. This module reads and
writes that format and names every structural problem of a file; whether a map is playable is
`mapcheck`'s, and its squares are `geometry`'s.
"""

from __future__ import annotations

import re

import json
from dataclasses import dataclass, replace
from typing import Any, TypeGuard, cast

from game.core.content import EntryReader, parse_text, read_text
from game.core.errors import ContentError
from game.core.grammar import square_label
from game.core.serial import BadJSON, excerpt, has_lone_surrogate, load_json, shorten

Cell = tuple[int, int]

TILE_SIZE = 3
MAX_TILE_POS = 15
ROTATIONS = (0, 90, 180, 270)
SIDES = ("n", "e", "s", "w")
SIDE_DELTA = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
FORMAT = "khrysos-map"
FORMAT_VERSION = 1
ZONE_NUMBERS = (1, 2, 3, 4, 5, 6)
MAP_FIELDS = ("format", "version", "name", "tiles", "description", "author", "players")
MAX_DESCRIPTION = 300  # characters of a map's description
MAX_AUTHOR = 40
PLAYER_COUNTS = (2, 3, 4)  # what a map's "players" may say (Khrysos Hunters is played by 2 to 4)
DESCRIPTION_LIMIT = f"at most {MAX_DESCRIPTION} characters"  # how a map builder states the limit
TILE_FIELDS = ("tile", "x", "y", "rotation")


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile card as printed (rotation 0), in tile-local squares."""

    id: str
    name: str
    zone: int | None = None
    zone_at: Cell | None = None
    pillars: tuple[Cell, ...] = ()
    stairs: bool = False
    walls: tuple[tuple[int, int, str], ...] = ()


def _local_square(r: EntryReader, field: str, value: Any) -> Cell:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < TILE_SIZE for v in value)
    ):
        raise r.fail(field, f"expected a square [x, y] with x and y from 0 to {TILE_SIZE - 1}, got {value!r}")
    return (value[0], value[1])


def load_tiles(text: str, file: str = "tiles.toml") -> dict[str, Tile]:
    """Read and check the tile catalogue; ContentError names the file, tile and field of a problem."""
    data = parse_text(file, text)
    tiles: dict[str, Tile] = {}
    for tile_id, entry in data.items():
        r = EntryReader(file, tile_id, entry)
        name = r.get("name", str)
        zone = r.get("zone", int, None, min=1, max=6)
        zone_at = r.get("zone_at", list, None)
        if (zone is None) != (zone_at is None):
            raise r.fail("zone_at" if zone is not None else "zone", "a zone needs both 'zone' and 'zone_at'")
        if zone_at is not None:
            zone_at = _local_square(r, "zone_at", zone_at)
        pillars = tuple(_local_square(r, "pillars", p) for p in r.get("pillars", list, []))
        if zone_at is not None and zone_at in pillars:
            raise r.fail("zone_at", "the zone square is filled by a pillar")
        stairs = r.get("stairs", bool, False)
        walls = []
        for w in r.get("walls", list, []):
            if not (isinstance(w, list) and len(w) == 3 and w[2] in SIDES):
                raise r.fail("walls", f"expected [x, y, side] with side one of n, e, s, w; got {w!r}")
            x, y = _local_square(r, "walls", w[:2])
            walls.append((x, y, w[2]))
        r.done()
        tiles[tile_id] = Tile(tile_id, name, zone, zone_at, pillars, stairs, tuple(walls))
    for number in ZONE_NUMBERS:
        if not any(t.zone == number for t in tiles.values()):
            raise ContentError(file, None, None, f"no tile holds Treasure Zone {number}")
    return tiles


TILES: dict[str, Tile] = load_tiles(read_text("game.khrysos.data", "tiles.toml"))


def tile_name(tile_id: str) -> str:
    """A tile as a player reads it ("Treasure Zone 2"); an unknown id as it is written."""
    tile = TILES.get(tile_id)
    return tile.name if tile is not None else tile_id


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile card laid on the map at tile position (x, y), turned `rotation` degrees clockwise."""

    tile: str
    x: int
    y: int
    rotation: int = 0

    def label(self, corner: Cell = (0, 0)) -> str:
        """How messages name this tile, as the builder shows it: 'the Treasure Zone 2 tile at D1', by the
        tile's name (a tile the catalogue does not know by what the file calls it) and its top-left square
        as the board's edges name it, counted from `corner`, the map's top-left square."""
        name = tile_name(self.tile)
        x, y = TILE_SIZE * self.x - corner[0], TILE_SIZE * self.y - corner[1]
        return f"the {name} tile at {square_label(x, y)}" if x >= 0 and y >= 0 else f"the {name} tile"


@dataclass(frozen=True, slots=True)
class MapSpec:
    """A map as its file describes it: a name and the placed tiles, in file order, and its maker's notes
    (empty, or 0 for `players`, when it has none)."""

    name: str
    tiles: tuple[PlacedTile, ...]
    description: str = ""  # what the map is like, in its maker's words
    author: str = ""
    players: int = 0  # the number of players it is made for (one of PLAYER_COUNTS), 0 when it does not say

    def with_tiles(self, tiles) -> MapSpec:
        """The same map (name and notes) with these tiles."""
        return replace(self, tiles=tuple(tiles))

    def named(self, name: str) -> MapSpec:
        return replace(self, name=name)

    @property
    def has_notes(self) -> bool:
        return bool(self.description or self.author or self.players)


def notes_problems(description: Any, author: Any, players: Any) -> list[str]:
    """What is wrong with a map's notes as a file or a code holds them ([] when they are fine)."""
    problems = []
    for field, value, most in (("description", description, MAX_DESCRIPTION), ("author", author, MAX_AUTHOR)):
        if not isinstance(value, str):
            problems.append(f"the map's {field!r} must be a text, not {_quote(value)}")
        elif len(value) > most:
            problems.append(f"the map's {field} is {len(value)} characters long; it may have at most {most}")
        elif not value.isprintable() or has_lone_surrogate(value):
            problems.append(f"the map's {field} {excerpt(value)} holds a character that cannot be shown or saved")
    if not _is_int(players) or players not in (0, *PLAYER_COUNTS):
        problems.append(f"the map's 'players' must be {', '.join(map(str, PLAYER_COUNTS[:-1]))} or {PLAYER_COUNTS[-1]}, "
                        f"not {_quote(players)}")
    return problems

class MapError(ValueError):
    """A map that cannot be used; `problems` lists every reason as a sentence."""

    def __init__(self, problems: list[str]):
        super().__init__(shorten("; ".join(problems)))
        self.problems = list(problems)


def map_to_dict(spec: MapSpec) -> dict:
    """The plain JSON data of a map file (its notes only when it has them)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "name": spec.name,
    }
    data.update(_notes_of(spec))
    data["tiles"] = [{"tile": t.tile, "x": t.x, "y": t.y, "rotation": t.rotation} for t in spec.tiles]
    return data


def _notes_of(spec: MapSpec) -> dict[str, Any]:
    notes: dict[str, Any] = {"description": spec.description, "author": spec.author, "players": spec.players}
    return {k: v for k, v in notes.items() if v}


def map_to_text(spec: MapSpec) -> str:
    """The text of a map file: one tile a line, so files stay readable and diff well."""
    rows = ",\n".join("    " + json.dumps(t, sort_keys=False) for t in map_to_dict(spec)["tiles"])
    return (
        "{\n"
        f'  "format": {json.dumps(FORMAT)},\n'
        f'  "version": {FORMAT_VERSION},\n'
        f'  "name": {json.dumps(spec.name, ensure_ascii=False)},\n'
        + "".join(f'  "{k}": {json.dumps(v, ensure_ascii=False)},\n' for k, v in _notes_of(spec).items())
        + f'  "tiles": [\n{rows}\n  ]\n'
        "}\n"
    )


def _quote(value: Any) -> str:
    """How a problem quotes a value from the file: as JSON, and short whatever the file holds."""
    short = excerpt(value, 60)
    if "..." in short or "<a number" in short:
        return short  # cut: quoting all of it as JSON could be megabytes
    return json.dumps(value, ensure_ascii=False)


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_entry(number: int, entry: Any, problems: list[str]) -> PlacedTile | None:
    """One tile entry, with every problem it has; None when it cannot be placed at all."""
    if not isinstance(entry, dict):
        problems.append(f"the file's tile {number} must be an object like {{\"tile\": \"floor\", \"x\": 0, \"y\": 0}}, not {_quote(entry)}")
        return None
    tile = entry.get("tile")
    x, y = entry.get("x"), entry.get("y")
    # A broken file's entry is named by its place in the file (where to mend it) and its square on the
    # builder's grid, counted from the grid's corner (no map to count from yet), when it has one.
    where = f"the file's tile {number}"
    if isinstance(tile, str):
        where = f"the file's tile {number} ({tile_name(tile)})"
        if _is_int(x) and _is_int(y) and 0 <= x <= MAX_TILE_POS and 0 <= y <= MAX_TILE_POS:
            where = f"the file's tile {number} ({tile_name(tile)} at {square_label(TILE_SIZE * x, TILE_SIZE * y)})"
    ok = True
    for field in sorted(set(entry) - set(TILE_FIELDS)):
        problems.append(f"{where} has an unknown field {field!r}")
    if "tile" not in entry:
        problems.append(f"{where} does not say which tile it is (field 'tile')")
        ok = False
    elif not isinstance(tile, str):
        problems.append(f"{where}: 'tile' must be a tile name, not {_quote(tile)}")
        ok = False
    elif tile not in TILES:
        problems.append(f"{where}: unknown tile {tile!r} (known tiles: {', '.join(TILES)})")
        ok = False
    for field, value in (("x", x), ("y", y)):
        if field not in entry:
            problems.append(f"{where} has no position {field!r}")
            ok = False
        elif not _is_int(value) or not 0 <= value <= MAX_TILE_POS:
            problems.append(f"{where}: {field!r} must be a whole number from 0 to {MAX_TILE_POS}, not {_quote(value)}")
            ok = False
    rotation = entry.get("rotation", 0)
    if not _is_int(rotation) or rotation not in ROTATIONS:
        problems.append(f"{where}: 'rotation' must be 0, 90, 180 or 270, not {_quote(rotation)}")
        rotation = 0
    if not ok:
        return None
    return PlacedTile(cast(str, tile), cast(int, x), cast(int, y), rotation)  # ok: each was checked above


def read_map_data(data: Any) -> tuple[MapSpec | None, list[tuple[int, PlacedTile]], list[str]]:
    """(spec or None, the entries that can be placed with their file numbers, structural problems)."""
    if not isinstance(data, dict):
        return None, [], [f"a map file must hold a JSON object, not {type(data).__name__}"]
    problems: list[str] = []
    for field in sorted(set(data) - set(MAP_FIELDS)):
        problems.append(f"the map file has an unknown field {field!r}")
    if data.get("format") != FORMAT:
        problems.append(f"the map file's 'format' must be {json.dumps(FORMAT)}, not {_quote(data.get('format'))}")
    version = data.get("version")
    if not _is_int(version) or version != FORMAT_VERSION:
        problems.append(f"the map file's 'version' must be {FORMAT_VERSION}, not {_quote(version)}")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(f"the map needs a 'name' (a non-empty text), not {_quote(name)}")
    elif not name.isprintable() or has_lone_surrogate(name):
        problems.append(f"the map's name {excerpt(name)} holds a character that cannot be shown or saved")
    tiles = data.get("tiles")
    if not isinstance(tiles, list):
        problems.append(f"the map's 'tiles' must be a list of tile entries, not {_quote(tiles)}")
        tiles = []
    notes = (data.get("description", ""), data.get("author", ""), data.get("players", 0))
    problems += notes_problems(*notes)
    placed: list[tuple[int, PlacedTile]] = []
    for number, entry in enumerate(tiles, 1):
        pt = _read_entry(number, entry, problems)
        if pt is not None:
            placed.append((number, pt))
    spec = None if problems else MapSpec(cast(str, name), tuple(pt for _, pt in placed), *notes)
    return spec, placed, problems


def map_from_dict(data: Any) -> MapSpec:
    """A MapSpec from plain data whose structure is sound (it may still break the game's rules:
    see `validate_map`). Raises MapError listing every structural problem."""
    spec, _, problems = read_map_data(data)
    if spec is None:
        raise MapError(problems)
    return spec


def parse_map_text(text: str | bytes) -> Any:
    """The JSON data of a map file's text (or bytes); MapError with a readable message when it is not sane JSON."""
    try:
        return load_json(text)
    except BadJSON as e:
        where = re.search(r" at line (\d+), column (\d+)$", e.reason)
        if where is not None:  # the parser's own words ("Expecting value") mean nothing to a player
            raise MapError([f"the file is not a map file: a map file is text in the JSON format, as the map builder's "
                            f"Export writes it, and this text stops being that at line {where.group(1)}, column "
                            f"{where.group(2)}"]) from None
        if e.reason == "it is not UTF-8 text":
            raise MapError(["the file is not a map file: it is not text at all, and a map file is text, as the map "
                            "builder's Export writes it"]) from None
        raise MapError([f"the map file cannot be read: {e.reason}"]) from None
