"""Making Khrysos maps: mirror and half-turn images of tiles and whole maps, symmetry checks, and a
seeded random map generator.

Pure: no screen, no clock, no global randomness (the generator draws from `game.core.rng.Rng`
seeded with the seed it is given, so the same seed and settings always give the same map).

- `image(tile, rotation, kind)`: the rotation of the same tile card that shows the mirror (or
  half-turn) image of that tile; a tile whose mirror image is no turn of itself (Broken Wall)
  gets its nearest turn and is reported as inexact.
- `transformed(spec, kind)`: the whole map mirrored left-right ("mirror"), top-bottom ("flip")
  or turned half a turn ("half-turn") within its own bounding box.
- `symmetry_breaks(board, kind)`: what keeps a built board from being exactly symmetric.
- `random_map(seed, size, character, symmetry)`: a playable map of `size` tiles (6 to 16) whose
  floor no solid line cuts apart (every square, so every Treasure Zone, can be walked to from
  every other); `character` open (floor and a few pillars), walled (corridors, corners, broken
  walls, stairs) or pillared; `symmetry` none, mirror (left-right) or half-turn.
"""

from __future__ import annotations

from functools import cache

from game.core.rng import Rng
from game.khrysos.geometry import rotate
from game.khrysos.maps import (
    MAX_TILE_POS,
    ROTATIONS,
    SIDES,
    TILES,
    Board,
    MapSpec,
    PlacedTile,
    edge,
    layout,
    map_report,
    validate_map,
)

Cell = tuple[int, int]

KINDS = ("mirror", "flip", "half-turn")  # left-right mirror, top-bottom mirror, half a turn
KIND_WORDS = {"mirror": "mirrored left to right", "flip": "mirrored top to bottom", "half-turn": "turned half a turn"}
MIN_SIZE, MAX_SIZE = 6, 16
SIZE_WORDS = f"a random map has {MIN_SIZE} to {MAX_SIZE} tiles"
SIZES = tuple(range(MIN_SIZE, MAX_SIZE + 1))
CHARACTERS = ("open", "walled", "pillared")
SYMMETRIES = ("none", "mirror", "half-turn")
MAX_SEED = 999_999
CHARACTER_WORDS = {
    "open": "open floor with a few pillars",
    "walled": "corridors, corners, broken walls and stairs",
    "pillared": "many pillars",
}
SYMMETRY_WORDS = {"none": "no symmetry", "mirror": "mirror symmetric (left and right)", "half-turn": "symmetric by a half turn"}

# The characters whose words promise pillars: every map of theirs with a tile besides the six zones has one.
PILLARED = ("open", "pillared")
# Tiles other than the six zones, with their weights, by character.
_MIX = {
    "open": (("floor", 17), ("pillar", 3)),
    "walled": (("floor", 4), ("corridor", 4), ("corner", 4), ("broken_wall", 3), ("stairs_wall", 2), ("stairs", 3)),
    "pillared": (("floor", 5), ("pillar", 9), ("twin_pillars", 6)),
}


# -- images of tiles ------------------------------------------------------------------------


def _edge_key(x: int, y: int, side: str) -> tuple[str, int, int]:
    """A square side inside a tile as one key for the line, whichever of its two squares names it."""
    if side == "e":
        return ("v", x + 1, y)
    if side == "w":
        return ("v", x, y)
    if side == "s":
        return ("h", x, y + 1)
    return ("h", x, y)


@cache
def look(tile_id: str, rotation: int) -> tuple:
    """What a tile card shows at a rotation, in tile-local squares: (pillars, lines, stairs, zone)."""
    t = TILES[tile_id]
    turns = rotation // 90
    pillars = frozenset(rotate(x, y, turns) for x, y in t.pillars)
    lines = set()
    for x, y, side in t.walls:
        cx, cy = rotate(x, y, turns)
        lines.add(_edge_key(cx, cy, SIDES[(SIDES.index(side) + turns) % 4]))
    zone = None if t.zone is None or t.zone_at is None else (t.zone, rotate(*t.zone_at, turns))  # both or neither
    return (pillars, frozenset(lines), t.stairs, zone)


def _flip_cell(c: Cell, kind: str) -> Cell:
    x, y = c
    if kind in ("mirror", "half-turn"):
        x = 2 - x
    if kind in ("flip", "half-turn"):
        y = 2 - y
    return (x, y)


def _flip_line(line: tuple[str, int, int], kind: str) -> tuple[str, int, int]:
    o, a, b = line
    lr, tb = kind in ("mirror", "half-turn"), kind in ("flip", "half-turn")
    if o == "v":  # a vertical line at column boundary a, row b
        return ("v", 3 - a if lr else a, 2 - b if tb else b)
    return ("h", 2 - a if lr else a, 3 - b if tb else b)


def _flipped(view: tuple, kind: str) -> tuple:
    pillars, lines, stairs, zone = view
    return (
        frozenset(_flip_cell(c, kind) for c in pillars),
        frozenset(_flip_line(w, kind) for w in lines),
        stairs,
        None if zone is None else (zone[0], _flip_cell(zone[1], kind)),
    )


@cache
def image(tile_id: str, rotation: int, kind: str) -> tuple[int, bool]:
    """(rotation, exact): the turn of the same tile card that shows its image under `kind`; when no
    turn shows it exactly (a tile whose mirror image is not one of its turns), the nearest one."""
    wanted = _flipped(look(tile_id, rotation), kind)
    best, best_score = rotation, None
    for r in ROTATIONS:
        got = look(tile_id, r)
        if got == wanted:
            return r, True
        score = len(got[0] ^ wanted[0]) + len(got[1] ^ wanted[1])
        if best_score is None or score < best_score:
            best, best_score = r, score
    return best, False


def self_image(tile_id: str, rotation: int, kind: str) -> bool:
    """Whether the tile at this rotation is its own image (it may stand on the axis or the centre)."""
    return image(tile_id, rotation, kind) == (rotation, True)


# -- whole maps -----------------------------------------------------------------------------


def slot_image(slot: Cell, kind: str, box: tuple[int, int, int, int]) -> Cell:
    """The tile position a position goes to under `kind` within the tile box (left, top, right, bottom)."""
    x, y = slot
    left, top, right, bottom = box
    if kind in ("mirror", "half-turn"):
        x = left + right - x
    if kind in ("flip", "half-turn"):
        y = top + bottom - y
    return (x, y)


def tile_box(tiles) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) tile positions of the tiles' bounding box."""
    xs = [t.x for t in tiles]
    ys = [t.y for t in tiles]
    return (min(xs), min(ys), max(xs), max(ys))


GRID_BOX = (0, 0, MAX_TILE_POS, MAX_TILE_POS)  # the builder's whole grid: its symmetric placing turns about its middle


def placed_image(pt: PlacedTile, kind: str, box: tuple[int, int, int, int] = GRID_BOX) -> tuple[PlacedTile, bool]:
    """(the tile's image under `kind` within `box`, exact)."""
    x, y = slot_image((pt.x, pt.y), kind, box)
    rotation, exact = image(pt.tile, pt.rotation, kind)
    return PlacedTile(pt.tile, x, y, rotation), exact


def transformed(spec: MapSpec, kind: str) -> tuple[MapSpec, list[PlacedTile]]:
    """The map mirrored or turned within its own bounding box (it stays where it is on the grid), and
    the tiles (as they were) whose image could only be approximated."""
    if kind not in KINDS:
        raise ValueError(f"unknown transformation {kind!r} (known: {', '.join(KINDS)})")
    if not spec.tiles:
        return spec, []
    box = tile_box(spec.tiles)
    out, inexact = [], []
    for pt in spec.tiles:
        new, exact = placed_image(pt, kind, box)
        out.append(new)
        if not exact:
            inexact.append(pt)
    return spec.with_tiles(out), inexact


def symmetry_breaks(board: Board, kind: str) -> list[str]:
    """What keeps a board from looking exactly the same under `kind` about the middle of its squares:
    floor, pillars, stairs, solid lines and where the Treasure Zones are (their numbers aside).
    [] for an exactly symmetric board."""
    left, top, cols, rows = board.extent

    def f(c: Cell) -> Cell:
        x, y = c
        if kind in ("mirror", "half-turn"):
            x = 2 * left + cols - 1 - x
        if kind in ("flip", "half-turn"):
            y = 2 * top + rows - 1 - y
        return (x, y)

    breaks = []
    for what, squares in (("floor", board.floor), ("pillars", board.pillars), ("stairs", board.stairs),
                          ("Treasure Zones", frozenset(board.zones))):
        moved = {f(c) for c in squares}
        if moved != set(squares):
            odd = sorted(moved ^ set(squares))[:3]
            breaks.append(f"{what} differ at {', '.join(f'{x},{y}' for x, y in odd)}")
    lines = {edge(f(a), f(b)) for a, b in board.walls}
    if lines != set(board.walls):
        odd = sorted(lines ^ set(board.walls))[:2]
        breaks.append(f"solid lines differ at {odd}")
    return breaks


# -- the random map generator ---------------------------------------------------------------


def check_options(size: int, character: str, symmetry: str, seed: int) -> str | None:
    """None when the settings can make a random map; otherwise what is wrong, as a sentence."""
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        return f"{SIZE_WORDS}, not {size!r}"
    if character not in CHARACTERS:
        return f"a random map is {', '.join(CHARACTERS[:-1])} or {CHARACTERS[-1]}, not {character!r}"
    if symmetry not in SYMMETRIES:
        return f"a random map's symmetry is {', '.join(SYMMETRIES[:-1])} or {SYMMETRIES[-1]}, not {symmetry!r}"
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        return f"a random map's seed is a whole number from 0 to {MAX_SEED}, not {seed!r}"
    return None


def random_name(seed: int, size: int, character: str, symmetry: str) -> str:
    """The name a random map is given: its settings and seed, so anyone can make it again."""
    sym = "" if symmetry == "none" else f" {symmetry}"
    return f"Random {size} {character}{sym} {seed}"


def random_map(seed: int, size: int = 9, character: str = "open", symmetry: str = "none") -> MapSpec:
    """A playable map made from `seed` (see the module docstring); ValueError for settings it cannot make."""
    problem = check_options(size, character, symmetry, seed)
    if problem:
        raise ValueError(problem)
    rng = Rng(seed * 1_000_003 + size * 101 + CHARACTERS.index(character) * 11 + SYMMETRIES.index(symmetry))
    kind = None if symmetry == "none" else symmetry
    for _ in range(50):
        shape = _grow(rng, size, kind, character)
        if shape is not None:
            break
    else:  # pragma: no cover - the growth always finds room on a 16 x 16 grid
        raise AssertionError("no room to grow a random map")
    orbits = _orbits(shape, kind)
    tiles = _dress(rng, orbits, character, kind)
    spec = _centred(MapSpec(random_name(seed, size, character, symmetry), tuple(tiles[s] for s in shape)))
    spec = _mend(rng, spec, kind)
    assert not validate_map(spec), validate_map(spec)
    return spec


def _frame(size: int, kind: str | None) -> tuple[int, int]:
    """(A, B) of the map's turn about the grid: a square (x, y) goes to (A - x, y) under a mirror and to
    (A - x, B - y) under a half turn. Odd sizes need one square (mirror: a column) that is its own image."""
    odd = size % 2 == 1
    if kind == "mirror":
        return (14 if odd else 15, 0)
    if kind == "half-turn":
        return (14, 14) if odd else (15, 14)
    return (0, 0)


def _partner(c: Cell, kind: str | None, frame: tuple[int, int]) -> Cell:
    if kind == "mirror":
        return (frame[0] - c[0], c[1])
    if kind == "half-turn":
        return (frame[0] - c[0], frame[1] - c[1])
    return c


def _grow(rng: Rng, size: int, kind: str | None, character: str) -> list[Cell] | None:
    """Tile positions of a connected shape of `size` tiles, closed under the symmetry (in the order added)."""
    frame = _frame(size, kind)
    if kind is None:
        shape = [(7, 7)]
    elif kind == "mirror":
        shape = [(7, 7)] if size % 2 else [(7, 7), (8, 7)]
    else:
        shape = [(7, 7)] if size % 2 else [(7, 7), (8, 7)]
    taken = set(shape)
    compact = 1 if character == "walled" else 2
    while len(shape) < size:
        left = size - len(shape)
        options: list[tuple[int, list[Cell]]] = []
        seen: set[Cell] = set()
        for x, y in shape:
            for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if c in taken or c in seen or not (0 <= c[0] <= MAX_TILE_POS and 0 <= c[1] <= MAX_TILE_POS):
                    continue
                seen.add(c)
                orbit = list(dict.fromkeys((c, _partner(c, kind, frame))))
                if len(orbit) > left or any(o in taken for o in orbit[1:]):
                    continue
                if not all(0 <= o[0] <= MAX_TILE_POS and 0 <= o[1] <= MAX_TILE_POS for o in orbit):
                    continue
                if left == 1 and len(orbit) != 1:
                    continue
                touching = sum((c[0] + dx, c[1] + dy) in taken for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
                options.append((touching ** compact, orbit))
        if left % 2 == 1 and kind is not None and not any(len(o) == 1 for _, o in options):
            return None  # an odd count left but no square of its own image within reach: start again
        if not options:
            return None
        total = sum(w for w, _ in options)
        pick = rng.below(total)
        for w, orbit in options:  # noqa: B007 - the orbit picked is `orbit` after the loop
            if pick < w:
                break
            pick -= w
        for o in orbit:
            shape.append(o)
            taken.add(o)
    return shape


def _orbits(shape: list[Cell], kind: str | None) -> list[tuple[Cell, ...]]:
    """The shape's positions grouped with their images (one position when it is its own image)."""
    if kind is None:
        return [(c,) for c in shape]
    frame = _frame(len(shape), kind)
    out: list[tuple[Cell, ...]] = []
    seen: set[Cell] = set()
    for c in shape:
        if c in seen:
            continue
        orbit = tuple(dict.fromkeys((c, _partner(c, kind, frame))))
        seen.update(orbit)
        out.append(orbit)
    return out


def _weighted(rng: Rng, items: list[tuple[str, int, int]]) -> tuple[str, int]:
    total = sum(w for _, _, w in items)
    pick = rng.below(total)
    for tile, rotation, w in items:
        if pick < w:
            return tile, rotation
        pick -= w
    return items[-1][0], items[-1][1]  # pragma: no cover


def _choices(character: str, kind: str | None, alone: bool) -> list[tuple[str, int, int]]:
    """(tile, rotation, weight) a position may get: on its own (`alone`, its own image) only what is its
    own image; in a pair only what has an exact image for its partner."""
    out = []
    for tile, weight in _MIX[character]:
        for r in ROTATIONS:
            if kind is not None:
                if alone and not self_image(tile, r, kind):
                    continue
                if not alone and not image(tile, r, kind)[1]:
                    continue
            out.append((tile, r, weight))
    return out or [("floor", 0, 1)]


def _dress(rng: Rng, orbits: list[tuple[Cell, ...]], character: str, kind: str | None) -> dict[Cell, PlacedTile]:
    """A tile card for every position: the six Treasure Zones on orbits closed under the symmetry, the
    character's mix elsewhere, each pair's second tile the image of its first."""
    singles: list[tuple[Cell, ...]] = [o for o in orbits if len(o) == 1]
    pairs: list[tuple[Cell, ...]] = [o for o in orbits if len(o) == 2]
    if kind is None:
        zone_orbits = rng.shuffled(orbits)[:6]
    else:
        counts = [p for p in range(min(3, len(pairs)) + 1) if 6 - 2 * p <= len(singles)]
        p = counts[-1] if rng.below(4) else rng.choice(counts)  # mostly three pairs
        zone_orbits = rng.shuffled(pairs)[:p] + rng.shuffled(singles)[: 6 - 2 * p]
    numbers = rng.shuffled([1, 2, 3, 4, 5, 6])
    tiles: dict[Cell, PlacedTile] = {}
    for orbit in zone_orbits:
        for c in orbit:
            tiles[c] = PlacedTile(f"zone{numbers.pop()}", c[0], c[1], 0)
    for orbit in orbits:
        if orbit in zone_orbits:
            continue
        _lay(tiles, orbit, *_weighted(rng, _choices(character, kind, len(orbit) == 1)), kind)
    free = [o for o in orbits if o not in zone_orbits]
    if character in PILLARED and free and not any(TILES[t.tile].pillars for t in tiles.values()):
        # The character promises pillars: the weighted draw gave none, so one position (with its image) gets one.
        orbit = free[rng.below(len(free))]
        pillars = [c for c in _choices(character, kind, len(orbit) == 1) if TILES[c[0]].pillars]
        _lay(tiles, orbit, *_weighted(rng, pillars), kind)
    return tiles


def _lay(tiles: dict[Cell, PlacedTile], orbit: tuple[Cell, ...], tile: str, rotation: int, kind: str | None) -> None:
    """A tile card on a position and, in a pair, its exact image on the partner."""
    tiles[orbit[0]] = PlacedTile(tile, orbit[0][0], orbit[0][1], rotation)
    if len(orbit) == 2:
        tiles[orbit[1]] = PlacedTile(tile, orbit[1][0], orbit[1][1], image(tile, rotation, kind)[0])


def _centred(spec: MapSpec) -> MapSpec:
    """The map moved to the middle of the builder's grid (its shape and symmetry unchanged)."""
    left, top, right, bottom = tile_box(spec.tiles)
    dx = (MAX_TILE_POS + 1 - (right - left + 1)) // 2 - left
    dy = (MAX_TILE_POS + 1 - (bottom - top + 1)) // 2 - top
    return spec.with_tiles(PlacedTile(t.tile, t.x + dx, t.y + dy, t.rotation) for t in spec.tiles)


def _mend(rng: Rng, spec: MapSpec, kind: str | None) -> MapSpec:
    """While solid lines cut the floor apart, turn a walled tile they cut off (and its image, so the
    symmetry holds) to the turn that frees the most squares, or lay plain floor there when no turn
    frees any; with no walled tile left nothing can be cut, so this ends."""
    tiles = list(spec.tiles)
    box = tile_box(tiles)

    def cut_of(candidate: list[PlacedTile]) -> tuple[int, set[Cell]]:
        warnings = map_report(MapSpec(spec.name, tuple(candidate)))[1]
        return (len(warnings[0].squares), set(warnings[0].tiles)) if warnings else (0, set())

    def laid(i: int, tile: str, rotation: int) -> list[PlacedTile]:
        changed = {(tiles[i].x, tiles[i].y): PlacedTile(tile, tiles[i].x, tiles[i].y, rotation)}
        if kind is not None:
            slot = slot_image((tiles[i].x, tiles[i].y), kind, box)
            if slot not in changed:
                changed[slot] = PlacedTile(tile, slot[0], slot[1], image(tile, rotation, kind)[0])
        return [changed.get((t.x, t.y), t) for t in tiles]

    count, cut = cut_of(tiles)
    while count:
        walled = [i for i, t in enumerate(tiles) if TILES[t.tile].walls]
        near = [i for i in walled if (tiles[i].x, tiles[i].y) in cut] or walled
        i = near[rng.below(len(near))]
        own = kind is not None and slot_image((tiles[i].x, tiles[i].y), kind, box) == (tiles[i].x, tiles[i].y)
        best = None
        for r in ROTATIONS:
            if r == tiles[i].rotation or (kind is not None and not (self_image(tiles[i].tile, r, kind) if own
                                                                     else image(tiles[i].tile, r, kind)[1])):
                continue
            candidate = laid(i, tiles[i].tile, r)
            score = cut_of(candidate)
            if score[0] < count and (best is None or score[0] < best[0][0]):
                best = (score, candidate)
        if best is None:
            tiles = laid(i, "floor", 0)
            count, cut = cut_of(tiles)
        else:
            (count, cut), tiles = best
    return spec.with_tiles(tiles)


def random_board(seed: int, size: int = 9, character: str = "open", symmetry: str = "none") -> Board:
    """The squares of `random_map(...)` (for tests and previews)."""
    spec = random_map(seed, size, character, symmetry)
    return layout(spec.tiles, spec.name)
