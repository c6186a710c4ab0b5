"""The Khrysos Hunters map: tile cards, map files (reading, validating, writing) and the square-level board.

A map file (JSON under maps/khrysos/) looks like::

    {"format": "khrysos-map", "version": 1, "name": "Alpha Room",
     "tiles": [{"tile": "zone1", "x": 0, "y": 0, "rotation": 0}, ...]}

`x` and `y` are tile positions (0..15); each tile card covers 3 x 3 squares, so the tile
at (x, y) covers squares (3x .. 3x+2, 3y .. 3y+2). `rotation` turns the card clockwise.

`validate_map` returns every problem of a map as a list of sentences (empty when the map
is good), for the map editor to show live; nothing here raises a traceback on bad input.
`build_board` turns a valid map into the `Board` the rules use.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from typing import Any

from game.core.content import EntryReader, parse_text, read_text
from game.core.errors import ContentError
from game.core.grammar import counted, listing, square_label
from game.core.grid import EIGHT_WAY
from game.core.serial import BadJSON, excerpt, has_lone_surrogate, load_json, shorten

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

TILE_SIZE = 3
MAX_TILE_POS = 15
ROTATIONS = (0, 90, 180, 270)
SIDES = ("n", "e", "s", "w")
SIDE_DELTA = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
FORMAT = "khrysos-map"
FORMAT_VERSION = 1
ZONE_NUMBERS = (1, 2, 3, 4, 5, 6)
MIN_TILES = 6
MAP_FIELDS = ("format", "version", "name", "tiles")
TILE_FIELDS = ("tile", "x", "y", "rotation")


# -- tile cards ---------------------------------------------------------------------------


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


# -- map specs and files ------------------------------------------------------------------


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
    """A map as its file describes it: a name and the placed tiles, in file order."""

    name: str
    tiles: tuple[PlacedTile, ...]


class MapError(ValueError):
    """A map that cannot be used; `problems` lists every reason as a sentence."""

    def __init__(self, problems: list[str]):
        super().__init__(shorten("; ".join(problems)))
        self.problems = list(problems)


def map_to_dict(spec: MapSpec) -> dict:
    """The plain JSON data of a map file."""
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "name": spec.name,
        "tiles": [{"tile": t.tile, "x": t.x, "y": t.y, "rotation": t.rotation} for t in spec.tiles],
    }


def map_to_text(spec: MapSpec) -> str:
    """The text of a map file: one tile a line, so files stay readable and diff well."""
    rows = ",\n".join("    " + json.dumps(t, sort_keys=False) for t in map_to_dict(spec)["tiles"])
    return (
        "{\n"
        f'  "format": {json.dumps(FORMAT)},\n'
        f'  "version": {FORMAT_VERSION},\n'
        f'  "name": {json.dumps(spec.name, ensure_ascii=False)},\n'
        f'  "tiles": [\n{rows}\n  ]\n'
        "}\n"
    )


def _quote(value: Any) -> str:
    """How a problem quotes a value from the file: as JSON, and short whatever the file holds."""
    short = excerpt(value, 60)
    if "..." in short or "<a number" in short:
        return short  # cut: quoting all of it as JSON could be megabytes
    return json.dumps(value, ensure_ascii=False)


def _is_int(value: Any) -> bool:
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
        on_grid = _is_int(x) and _is_int(y) and 0 <= x <= MAX_TILE_POS and 0 <= y <= MAX_TILE_POS
        where = f"the file's tile {number} ({tile_name(tile)}" + (f" at {square_label(TILE_SIZE * x, TILE_SIZE * y)})" if on_grid else ")")
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
    return PlacedTile(tile, x, y, rotation) if ok else None


def _read_map(data: Any) -> tuple[MapSpec | None, list[tuple[int, PlacedTile]], list[str]]:
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
    placed: list[tuple[int, PlacedTile]] = []
    for number, entry in enumerate(tiles, 1):
        pt = _read_entry(number, entry, problems)
        if pt is not None:
            placed.append((number, pt))
    spec = None if problems else MapSpec(name, tuple(pt for _, pt in placed))
    return spec, placed, problems


def map_from_dict(data: Any) -> MapSpec:
    """A MapSpec from plain data whose structure is sound (it may still break the game's rules:
    see `validate_map`). Raises MapError listing every structural problem."""
    spec, _, problems = _read_map(data)
    if spec is None:
        raise MapError(problems)
    return spec


def parse_map_text(text: str | bytes) -> Any:
    """The JSON data of a map file's text (or bytes); MapError with a readable message when it is not sane JSON."""
    try:
        return load_json(text)
    except BadJSON as e:
        raise MapError([f"the map file cannot be read: {e.reason}"]) from None


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem (or warning) of a map: its sentence, what kind it is ("count", "zones", "overlap",
    "connection", "cut floor"), and where it is, for a builder to point at: `tiles`, the tile positions
    (x, y) of the entries it is about (not the part it is measured against), `squares`, the squares it
    is about, and `zones`, the Treasure Zone numbers missing."""

    text: str
    kind: str = ""
    tiles: tuple[Cell, ...] = ()
    squares: tuple[Cell, ...] = ()
    zones: tuple[int, ...] = ()


def validate_map(data: Any) -> list[str]:
    """Every problem of a map (text, plain data or MapSpec), as sentences; [] when it is playable."""
    if isinstance(data, MapSpec):
        return rule_problems(list(enumerate(data.tiles, 1)))
    if isinstance(data, str | bytes):
        try:
            data = parse_map_text(data)
        except MapError as e:
            return e.problems
    _, placed, problems = _read_map(data)
    if not isinstance(data, dict) or not isinstance(data.get("tiles"), list):
        return problems  # nothing to lay out
    return problems + rule_problems(placed)


def map_report(spec: MapSpec) -> tuple[list[Problem], list[Problem]]:
    """(problems, warnings) of a map being built, each with the tiles and squares it is about;
    their texts are exactly `validate_map`'s and `map_warnings`' (warnings only when there is no problem)."""
    if any(pt.tile not in TILES or pt.rotation not in ROTATIONS for pt in spec.tiles):  # not tiles at all: the file's words
        return [Problem(text, "file") for text in validate_map(spec)], []
    numbered = list(enumerate(spec.tiles, 1))
    problems = _rule_report(numbered)
    if problems:
        return problems, []
    return [], _warnings(list(spec.tiles), _labels(numbered))


def rule_problems(numbered: list[tuple[int, PlacedTile]]) -> list[str]:
    """What keeps well-formed tiles from being a playable map: count, zones, overlaps, connection.

    `numbered` pairs each tile with its entry number in the file (from 1); messages name the tiles by
    their names and squares ("the Floor tile at D1"), counted from the map's corner.
    """
    return [p.text for p in _rule_report(numbered)]


def _rule_report(numbered: list[tuple[int, PlacedTile]]) -> list[Problem]:
    problems: list[Problem] = []
    placed = [pt for _, pt in numbered]
    labels = _labels(numbered)
    if len(placed) < MIN_TILES:
        problems.append(Problem(f"the map has {counted(len(placed), 'tile')}; a map needs at least {MIN_TILES}", "count"))
    present = {TILES[pt.tile].zone for pt in placed if pt.tile in TILES}
    missing = [n for n in ZONE_NUMBERS if n not in present]
    if missing:
        problems.append(Problem(f"{_zone_list(missing)} {'is' if len(missing) == 1 else 'are'} missing (a map needs the six "
                                "Treasure Zone tiles)", "zones", zones=tuple(missing)))
    at: dict[Cell, int] = {}
    for i, pt in enumerate(placed):
        key = (pt.x, pt.y)
        if key in at:
            first = placed[at[key]]
            square = labels[i].rpartition(" at ")[2] if " at " in labels[i] else ""
            both = f"the {tile_name(first.tile)} tile and the {tile_name(pt.tile)} tile"
            problems.append(Problem(f"two tiles lie on {square}: {both}" if square else f"{both} lie on each other",
                                    "overlap", (key,)))
        else:
            at[key] = i
    if at:
        groups = _tile_groups(at)
        if len(groups) > 1:
            main = groups[0]
            for group in groups[1:]:
                names = listing(labels[i] for i in group)
                problems.append(Problem(
                    f"the tiles do not connect into one area: {names} {'is' if len(group) == 1 else 'are'} cut off from {labels[main[0]]}",
                    "connection", tuple((placed[i].x, placed[i].y) for i in group),
                ))
    return problems


def map_warnings(data: Any) -> list[str]:
    """What a builder should point out about a playable map without refusing it (the rulebook
    admits any combination of connected tiles): today, solid lines cutting the floor into
    pieces (RULES_NOTES M8). [] for a map with problems (see `validate_map`) or none to report."""
    if validate_map(data):
        return []
    if isinstance(data, MapSpec):
        numbered = list(enumerate(data.tiles, 1))
    else:
        if isinstance(data, str | bytes):
            data = parse_map_text(data.decode("utf-8", "replace") if isinstance(data, bytes) else data)
        numbered = _read_map(data)[1]
    placed = [pt for _, pt in numbered]
    return [p.text for p in _warnings(placed, _labels(numbered))]


def _labels(numbered: list[tuple[int, PlacedTile]]) -> dict[int, str]:
    """How messages name each entry (see `PlacedTile.label`), squares counted from the map's corner."""
    corner = (TILE_SIZE * min((pt.x for _, pt in numbered), default=0), TILE_SIZE * min((pt.y for _, pt in numbered), default=0))
    return {i: pt.label(corner) for i, (_, pt) in enumerate(numbered)}


def problem_places(spec: MapSpec) -> tuple[set[Cell], set[Cell]]:
    """Where a map's problems and warnings lie, for an editor to mark them (see `map_report`): (the tile
    positions of the entries a problem blames: both tiles of an overlap, the tiles cut off from the first
    one, the tile where a floor cut apart by solid lines begins, the zones kept apart; the squares no
    hunter can walk to from the first, and the zones' squares kept apart)."""
    problems, warnings = map_report(spec)
    return ({slot for p in problems + warnings for slot in p.tiles},
            {c for w in warnings for c in w.squares})


def _warnings(placed: list[PlacedTile], labels: dict[int, str]) -> list[Problem]:
    """A playable map's warnings: the floor cut apart, then the Treasure Zones kept apart by it."""
    cut = _cut_floor(placed, labels)
    return cut + (_zones_apart(placed) if cut else [])


def _zone_list(numbers) -> str:
    numbers = sorted(numbers)
    if len(numbers) == 1:
        return f"Treasure Zone {numbers[0]}"
    return f"Treasure Zones {', '.join(map(str, numbers[:-1]))} and {numbers[-1]}"


def zone_groups(board: Board) -> list[tuple[int, ...]]:
    """The Treasure Zones as groups a hunter can walk between (VCMI's check that every start reaches every
    town): a hunter starts on a zone (Quick Start 5) and collects treasure on every zone (Treasure), so a
    map is fair only when this is one group of all six. Groups sorted, the group of the lowest zone first."""
    groups: list[tuple[int, ...]] = []
    left = sorted(board.zone_squares)
    while left:
        reached = board.walk_distances(board.zone_squares[left[0]][0])
        group = tuple(n for n in left if any(c in reached for c in board.zone_squares[n]))
        groups.append(group)
        left = [n for n in left if n not in group]
    return groups


def _zones_apart(placed: list[PlacedTile]) -> list[Problem]:
    board = _make_board("check", placed)
    groups = zone_groups(board)
    out = []
    for group in groups[1:]:
        squares = tuple(c for n in group for c in board.zone_squares[n])
        tiles = tuple(dict.fromkeys((placed[board.tile_of[c]].x, placed[board.tile_of[c]].y) for c in squares))
        out.append(Problem(f"{_zone_list(group)} cannot be walked to from {_zone_list(groups[0])}: hunters starting "
                           "on one side cannot walk to the treasure of the other",
                           "zones apart", tiles, squares, group))
    return out


def _tile_groups(at: dict[Cell, int]) -> list[list[int]]:
    """Tiles joined by shared edges, as lists of entry indexes; the group of the first entry first."""
    seen: set[Cell] = set()
    groups: list[list[int]] = []
    for start in sorted(at, key=lambda c: at[c]):
        if start in seen:
            continue
        group = []
        queue = deque([start])
        seen.add(start)
        while queue:
            x, y = queue.popleft()
            group.append(at[(x, y)])
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                nxt = (x + dx, y + dy)
                if nxt in at and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        groups.append(sorted(group))
    return groups


def _cut_squares(placed: list[PlacedTile]) -> tuple[Board, Cell, list[Cell]]:
    """(the board, its first square, the squares no hunter could walk to from it)."""
    board = _make_board("check", placed)
    floor = sorted(board.floor, key=lambda c: (board.tile_of[c], c[1], c[0]))
    start = floor[0]
    reached = board.walk_distances(start)
    return board, start, [c for c in floor if c not in reached]


def _cut_floor(placed: list[PlacedTile], labels: dict[int, str]) -> list[Problem]:
    """Squares no hunter could walk to from the first square: solid lines cut the floor apart."""
    board, start, cut = _cut_squares(placed)
    if not cut:
        return []
    first = cut[0]
    x0, y0 = min(c[0] for c in board.floor), min(c[1] for c in board.floor)
    text = (
        f"solid lines cut the floor apart: {counted(len(cut), 'square')}, "
        f"starting with {square_label(first[0] - x0, first[1] - y0)} of {labels[board.tile_of[first]]}, "
        f"cannot be walked to from {square_label(start[0] - x0, start[1] - y0)} of {labels[board.tile_of[start]]}"
    )
    blamed = placed[board.tile_of[first]]  # the tile where the part cut off begins
    return [Problem(text, "cut floor", ((blamed.x, blamed.y),), tuple(cut))]


def read_map(text: str) -> MapSpec:
    """A playable MapSpec from the text of a map file; MapError listing every problem otherwise."""
    data = parse_map_text(text)
    problems = validate_map(data)
    if problems:
        raise MapError(problems)
    return map_from_dict(data)


# -- the square-level board ---------------------------------------------------------------


def edge(a: Cell, b: Cell) -> Edge:
    """The key of the edge between two orthogonally adjacent squares."""
    return (a, b) if a < b else (b, a)


def _rotate(x: int, y: int, turns: int) -> Cell:
    for _ in range(turns):
        x, y = TILE_SIZE - 1 - y, x
    return x, y


class Board:
    """The squares of a built map, with movement and reach adjacency computed once.

    - `floor`: squares a hunter may stand on (pillar squares too: a pillar only stops
      diagonal moves and reach, RULES_NOTES M4);
    - `pillars`, `stairs` (no diagonal steps), `walls` (edges, see `edge`);
    - `zones`: zone square -> number; `zone_squares[n]`: the squares of zone n;
    - `steps[c]`: squares one walking step from c (not through solid lines, not diagonally
      through pillars or on stairs);
    - `links[c]`: squares one ring further for Range, Burst and Blast (only pillars
      restrict reach, and only diagonally: solid lines and stairs stop movement alone);
    - `tile_of[c]`: index of the map entry whose card holds square c;
    - `extent`: the squares' bounding box (left column, top row, columns, rows): a map is drawn
      and its squares are named within it, wherever on the builder's grid it was built.
    """

    __slots__ = (
        "name",
        "width",
        "height",
        "floor",
        "pillars",
        "stairs",
        "walls",
        "zones",
        "zone_squares",
        "zone_list",
        "steps",
        "links",
        "tile_of",
        "extent",
        "_walk",
        "_reach",
        "__weakref__",
    )

    def __init__(self, name, width, height, floor, pillars, stairs, walls, zones, tile_of):
        self.name = name
        self.width = width
        self.height = height
        self.floor = frozenset(floor)
        self.pillars = frozenset(pillars)
        self.stairs = frozenset(stairs)
        self.walls = frozenset(walls)
        self.zones = dict(sorted(zones.items(), key=lambda kv: (kv[1], kv[0][1], kv[0][0])))
        self.zone_list = tuple(self.zones)
        self.zone_squares = {n: tuple(c for c, z in self.zones.items() if z == n) for n in sorted(set(zones.values()))}
        self.tile_of = tile_of
        self.extent = square_extent(self.floor)
        self.steps: dict[Cell, tuple[Cell, ...]] = {}
        self.links: dict[Cell, tuple[Cell, ...]] = {}
        self._walk: dict[Cell, dict[Cell, int]] = {}
        self._reach: dict[Cell, dict[Cell, int]] = {}
        for c in sorted(self.floor, key=lambda c: (c[1], c[0])):
            steps, links = [], []
            for d in EIGHT_WAY:
                reach, walk = self.opening(c, d)
                n = (c[0] + d[0], c[1] + d[1])
                if reach:
                    links.append(n)
                if walk:
                    steps.append(n)
            self.steps[c] = tuple(steps)
            self.links[c] = tuple(links)

    def opening(self, a: Cell, d: Cell) -> tuple[bool, bool]:
        """(reach passes, a walking step passes) from square `a` in direction `d`.

        Solid lines stop only walking ("can not be moved through"); pillars stop diagonal
        walking and reach alike; stairs stop diagonal walking. A diagonal may pass a corner
        of the map (RULES_NOTES M6, M7)."""
        b = (a[0] + d[0], a[1] + d[1])
        if b not in self.floor or a not in self.floor:
            return False, False
        if d[0] == 0 or d[1] == 0:
            return True, edge(a, b) not in self.walls
        c1, c2 = (b[0], a[1]), (a[0], b[1])
        pillars = self.pillars
        if a in pillars or b in pillars or c1 in pillars or c2 in pillars:
            return False, False
        walls = self.walls
        walled = edge(a, c1) in walls or edge(a, c2) in walls or edge(c1, b) in walls or edge(c2, b) in walls
        return True, not walled and a not in self.stairs and b not in self.stairs

    def step_blocker(self, a: Cell, b: Cell) -> str | None:
        """Why a walking step from a to b is impossible (a sentence), or None when it is open."""
        d = (b[0] - a[0], b[1] - a[1])
        if a == b:
            return "that is the square the hunter already stands on"
        if max(abs(d[0]), abs(d[1])) != 1:
            return "that square is not next to the hunter's: move one square at a time"
        if b not in self.floor:
            return "that square is not on the map"
        if d[0] == 0 or d[1] == 0:
            return "a solid line blocks that step" if edge(a, b) in self.walls else None
        c1, c2 = (b[0], a[1]), (a[0], b[1])
        if edge(a, c1) in self.walls or edge(a, c2) in self.walls or edge(c1, b) in self.walls or edge(c2, b) in self.walls:
            return "a solid line blocks that diagonal step"
        if a in self.pillars or b in self.pillars or c1 in self.pillars or c2 in self.pillars:
            return "nobody moves diagonally through a pillar"
        if a in self.stairs or b in self.stairs:
            return "no diagonal steps on stairs"
        return None

    def _bfs(self, start: Cell, adjacency: dict[Cell, tuple[Cell, ...]]) -> dict[Cell, int]:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            c = queue.popleft()
            nd = dist[c] + 1
            for n in adjacency[c]:
                if n not in dist:
                    dist[n] = nd
                    queue.append(n)
        return dist

    def walk_distances(self, start: Cell) -> dict[Cell, int]:
        """Fewest walking steps from `start` to every square a hunter can walk to (cached)."""
        d = self._walk.get(start)
        if d is None:
            d = self._walk[start] = self._bfs(start, self.steps)
        return d

    def reach_distances(self, start: Cell) -> dict[Cell, int]:
        """The ring (Range distance) of every square reachable from `start`; see RULES_NOTES (cached)."""
        d = self._reach.get(start)
        if d is None:
            d = self._reach[start] = self._bfs(start, self.links)
        return d

    def within(self, start: Cell, radius: int) -> list[Cell]:
        """The squares at Range `radius` or less from `start` (rows top to bottom)."""
        return sorted((c for c, d in self.reach_distances(start).items() if d <= radius), key=lambda c: (c[1], c[0]))


def square_extent(squares) -> tuple[int, int, int, int]:
    """(left, top, columns, rows) of the bounding box of some squares; (0, 0, 0, 0) for none."""
    if not squares:
        return (0, 0, 0, 0)
    xs = [c[0] for c in squares]
    ys = [c[1] for c in squares]
    return (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def _make_board(name: str, placed: list[PlacedTile]) -> Board:
    squares: dict[Cell, int] = {}
    pillars: set[Cell] = set()
    stairs: set[Cell] = set()
    walls: set[Edge] = set()
    zones: dict[Cell, int] = {}
    for index, pt in enumerate(placed):
        tile = TILES[pt.tile]
        turns = pt.rotation // 90
        ox, oy = pt.x * TILE_SIZE, pt.y * TILE_SIZE

        def at(x: int, y: int) -> Cell:
            rx, ry = _rotate(x, y, turns)
            return (ox + rx, oy + ry)

        for y in range(TILE_SIZE):
            for x in range(TILE_SIZE):
                c = at(x, y)
                squares[c] = index
                if tile.stairs:
                    stairs.add(c)
        pillars.update(at(*p) for p in tile.pillars)
        if tile.zone is not None:
            zones[at(*tile.zone_at)] = tile.zone
        for x, y, side in tile.walls:
            c = at(x, y)
            dx, dy = SIDE_DELTA[SIDES[(SIDES.index(side) + turns) % 4]]
            walls.add(edge(c, (c[0] + dx, c[1] + dy)))
    floor = set(squares)  # a pillar square is floor: the pillar stops only diagonals
    width = max((c[0] for c in squares), default=-1) + 1
    height = max((c[1] for c in squares), default=-1) + 1
    return Board(name, width, height, floor, pillars, stairs, walls, zones, squares)


def layout(placed: list[PlacedTile] | tuple[PlacedTile, ...], name: str = "draft") -> Board:
    """The squares of any well-formed tiles, playable or not (a map being built is drawn from
    this): tiles laid on the same spot overlap, the later one on top. Never raises for tiles
    whose names are known; unknown tiles are left out."""
    return _make_board(name, [pt for pt in placed if pt.tile in TILES and pt.rotation in ROTATIONS])


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
        board = _BOARDS[key] = _make_board(spec.name, list(spec.tiles))
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


def board_picture(board: Board, marks: dict[Cell, str] | None = None) -> str:
    """A text drawing of a board: '.' floor, 'O' pillar, '=' stairs, digits zones, '|' and '-' solid
    lines, blanks off the map; `marks` overrides the character of chosen squares (for tests and logs)."""
    marks = marks or {}
    lines = []
    for y in range(board.height):
        row, under = [], []
        for x in range(board.width):
            c = (x, y)
            if c in marks:
                ch = marks[c]
            elif c in board.pillars:
                ch = "O"
            elif c in board.zones:
                ch = str(board.zones[c])
            elif c in board.stairs:
                ch = "="
            elif c in board.floor:
                ch = "."
            else:
                ch = " "
            row.append(ch)
            row.append("|" if edge(c, (x + 1, y)) in board.walls else " ")
            under.append("-" if edge(c, (x, y + 1)) in board.walls else " ")
            under.append(" ")
        lines.append("".join(row).rstrip())
        if any(ch == "-" for ch in under):
            lines.append("".join(under).rstrip())
    return "\n".join(lines)
