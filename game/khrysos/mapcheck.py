"""Whether a Khrysos Hunters map can be played, and what a builder should point out about it.

`validate_map` returns every problem of a map as a list of sentences (empty when the map is good), for
the map editor to show live; nothing here raises a traceback on bad input. The rules of a playable map:
at least six tiles, the six Treasure Zones, no two tiles on one spot, all tiles joined in one area.
`map_report` gives the same problems with the tiles and squares each is about, and the warnings of a
playable map (a floor cut apart by solid lines, Treasure Zones kept apart by them).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from game.core.grammar import counted, listing, square_label
from game.khrysos.geometry import Board, make_board
from game.khrysos.tiles import (ROTATIONS, TILE_SIZE, TILES, ZONE_NUMBERS, MapError, MapSpec, PlacedTile,
                                parse_map_text, read_map_data, tile_name)

Cell = tuple[int, int]

MIN_TILES = 6


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
    _, placed, problems = read_map_data(data)
    if not isinstance(data, dict) or not isinstance(data.get("tiles"), list):
        return problems  # nothing to lay out
    return problems + rule_problems(placed)


def map_report(spec: MapSpec, on_grid: bool = False) -> tuple[list[Problem], list[Problem]]:
    """(problems, warnings) of a map being built, each with the tiles and squares it is about;
    their texts are exactly `validate_map`'s and `map_warnings`' (warnings only when there is no problem).
    `on_grid`: squares named as the builder's edges name them, from the grid's fixed corner
    (`squares.grid_square_name`), so a name does not change while tiles are added above or left of it."""
    if any(pt.tile not in TILES or pt.rotation not in ROTATIONS for pt in spec.tiles):  # not tiles at all: the file's words
        return [Problem(text, "file") for text in validate_map(spec)], []
    numbered = list(enumerate(spec.tiles, 1))
    corner = (0, 0) if on_grid else None
    problems = _rule_report(numbered, corner)
    if problems:
        return problems, []
    return [], _warnings(list(spec.tiles), _labels(numbered, corner), corner)


def rule_problems(numbered: list[tuple[int, PlacedTile]]) -> list[str]:
    """What keeps well-formed tiles from being a playable map: count, zones, overlaps, connection.

    `numbered` pairs each tile with its entry number in the file (from 1); messages name the tiles by
    their names and squares ("the Floor tile at D1"), counted from the map's corner.
    """
    return [p.text for p in _rule_report(numbered)]


def _rule_report(numbered: list[tuple[int, PlacedTile]], corner: Cell | None = None) -> list[Problem]:
    problems: list[Problem] = []
    placed = [pt for _, pt in numbered]
    labels = _labels(numbered, corner)
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
        numbered = read_map_data(data)[1]
    placed = [pt for _, pt in numbered]
    return [p.text for p in _warnings(placed, _labels(numbered))]


def _labels(numbered: list[tuple[int, PlacedTile]], corner: Cell | None = None) -> dict[int, str]:
    """How messages name each entry (see `PlacedTile.label`), squares counted from `corner` (the map's own
    top-left square when None)."""
    if corner is None:
        corner = (TILE_SIZE * min((pt.x for _, pt in numbered), default=0),
                  TILE_SIZE * min((pt.y for _, pt in numbered), default=0))
    return {i: pt.label(corner) for i, (_, pt) in enumerate(numbered)}


def problem_places(spec: MapSpec) -> tuple[set[Cell], set[Cell]]:
    """Where a map's problems and warnings lie, for an editor to mark them (see `map_report`): (the tile
    positions of the entries a problem blames: both tiles of an overlap, the tiles cut off from the first
    one, the tile where a floor cut apart by solid lines begins, the zones kept apart; the squares no
    hunter can walk to from the first, and the zones' squares kept apart)."""
    problems, warnings = map_report(spec)
    return ({slot for p in problems + warnings for slot in p.tiles},
            {c for w in warnings for c in w.squares})


def _warnings(placed: list[PlacedTile], labels: dict[int, str], corner: Cell | None = None) -> list[Problem]:
    """A playable map's warnings: the floor cut apart, then the Treasure Zones kept apart by it."""
    cut = _cut_floor(placed, labels, corner)
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
    board = make_board("check", placed)
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
    board = make_board("check", placed)
    floor = sorted(board.floor, key=lambda c: (board.tile_of[c], c[1], c[0]))
    start = floor[0]
    reached = board.walk_distances(start)
    return board, start, [c for c in floor if c not in reached]


def _cut_floor(placed: list[PlacedTile], labels: dict[int, str], corner: Cell | None = None) -> list[Problem]:
    """Squares no hunter could walk to from the first square: solid lines cut the floor apart."""
    board, start, cut = _cut_squares(placed)
    if not cut:
        return []
    first = cut[0]
    x0, y0 = corner if corner is not None else (min(c[0] for c in board.floor), min(c[1] for c in board.floor))
    text = (
        f"solid lines cut the floor apart: {counted(len(cut), 'square')}, "
        f"starting with {square_label(first[0] - x0, first[1] - y0)} of {labels[board.tile_of[first]]}, "
        f"cannot be walked to from {square_label(start[0] - x0, start[1] - y0)} of {labels[board.tile_of[start]]}"
    )
    blamed = placed[board.tile_of[first]]  # the tile where the part cut off begins
    return [Problem(text, "cut floor", ((blamed.x, blamed.y),), tuple(cut))]
