"""The Krosmaster: Blast board's four layouts (both sides, each standard or mirrored), read and validated
from maps/krosmaster/*.json, with each layout's masks of obstacles and trees on the grid (`grid`).

A layout says which cells hold a tree, a bush, a Glyph or a starting cell; `Setup.layout` names
one by its file name and `State.board` is the layout of a game.
"""

from __future__ import annotations

import importlib.resources
from dataclasses import dataclass

from game.core import ContentError
from game.core.content import EntryReader, parse_text
from game.krosmaster.grid import BIT, HEIGHT, WIDTH, XY

MAPS = "maps.krosmaster"
COLOURS = ("blue", "pink")  # seat 0 plays blue, seat 1 plays pink
KINDS = ("free", "tree", "bush", "glyph", "start")
ORIENTATIONS = ("standard", "mirrored")
TREES = 4
BUSHES = 4


@dataclass(frozen=True)
class Board:
    """One layout: a side of the board in one orientation."""

    id: str  # the file name without .json; Setup.layout names it
    name: str
    side: str
    orientation: str
    top: str  # the colour whose starting cells are the top two rows
    rows: tuple[str, ...]  # the layout as written in the file, normalised to the legend's kinds
    trees: frozenset[int]
    bushes: frozenset[int]
    glyphs: tuple[int, ...]  # Glyph cells in row-major order; a state keeps one owner per entry
    starts: tuple[tuple[int, ...], tuple[int, ...]]  # starting cells of seat 0 (blue) and seat 1 (pink)

    @property
    def obstacles(self) -> frozenset[int]:
        return self.trees | self.bushes

    def kind(self, cell: int) -> str:
        if cell in self.trees:
            return "tree"
        if cell in self.bushes:
            return "bush"
        if cell in self.glyph_index:
            return "glyph"
        if cell in self.starts[0] or cell in self.starts[1]:
            return "start"
        return "free"

    @property
    def glyph_index(self) -> dict[int, int]:
        return _GLYPH_INDEX[self.id]


_GLYPH_INDEX: dict[str, dict[int, int]] = {}
# Per layout: bitmasks of obstacles (trees and bushes: no movement) and trees (block sight).
OBSTACLE_MASK: dict[str, int] = {}
TREE_MASK: dict[str, int] = {}


def parse_board(file: str, text: str) -> Board:
    """Read one board file; raises ContentError naming the file, the board and the field."""
    data = parse_text(file, text)
    stem = file.rsplit("/", 1)[-1].removesuffix(".json")
    named = data.get("name") if isinstance(data, dict) else None
    entry = named if isinstance(named, str) else stem
    r = EntryReader(file, entry, data)
    name = r.get("name", str)
    if not name.strip():
        raise r.fail("name", "must not be empty")
    side = r.get("side", str, choices=("A", "B"))
    orientation = r.get("orientation", str, choices=ORIENTATIONS)
    top = r.get("top", str, choices=COLOURS)
    legend = r.get("legend", dict)
    rows = r.get("rows", list)
    r.done()
    for symbol, kind in legend.items():
        if len(symbol) != 1:
            raise r.fail("legend", f"symbol {symbol!r} must be one character")
        if kind not in KINDS:
            raise r.fail("legend", f"symbol {symbol!r} means {kind!r}; expected one of {', '.join(KINDS)}")
    if len(rows) != HEIGHT:
        raise r.fail("rows", f"expected {HEIGHT} rows, got {len(rows)}")
    kinds: list[str] = []
    for y, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != WIDTH:
            raise r.fail(f"rows[{y}]", f"expected a string of {WIDTH} cells, got {row!r}")
        for x, symbol in enumerate(row):
            if symbol not in legend:
                raise r.fail(f"rows[{y}]", f"column {x}: symbol {symbol!r} is not in the legend")
            kinds.append(legend[symbol])
    cells = {k: tuple(i for i, kk in enumerate(kinds) if kk == k) for k in KINDS}
    if len(cells["tree"]) != TREES:
        raise r.fail("rows", f"expected {TREES} trees, got {len(cells['tree'])}")
    if len(cells["bush"]) != BUSHES:
        raise r.fail("rows", f"expected {BUSHES} bushes, got {len(cells['bush'])}")
    if not 1 <= len(cells["glyph"]) <= 8:
        raise r.fail("rows", f"expected 1 to 8 Glyph cells (there are 8 Glyph tiles), got {len(cells['glyph'])}")
    top_starts = tuple(i for i in cells["start"] if XY[i][1] < 2)
    bottom_starts = tuple(i for i in cells["start"] if XY[i][1] >= HEIGHT - 2)
    for i in cells["start"]:
        if not (XY[i][1] < 2 or XY[i][1] >= HEIGHT - 2):
            raise r.fail(f"rows[{XY[i][1]}]", f"column {XY[i][0]}: a starting cell must be in the first two rows of a side")
    if len(top_starts) < 2 or len(bottom_starts) < 2:
        raise r.fail("rows", "each side needs at least 2 starting cells (one per Krosmaster)")
    starts = (bottom_starts, top_starts) if top == "pink" else (top_starts, bottom_starts)
    normal = tuple("".join(kinds[y * WIDTH + x][0] for x in range(WIDTH)) for y in range(HEIGHT))
    return Board(
        stem, name, side, orientation, top, normal, frozenset(cells["tree"]), frozenset(cells["bush"]),
        cells["glyph"], starts,
    )


def register(layout: Board) -> None:
    _GLYPH_INDEX[layout.id] = {cell: n for n, cell in enumerate(layout.glyphs)}
    OBSTACLE_MASK[layout.id] = sum(BIT[i] for i in layout.obstacles)
    TREE_MASK[layout.id] = sum(BIT[i] for i in layout.trees)


def load_boards() -> dict[str, Board]:
    found: dict[str, Board] = {}
    folder = importlib.resources.files(MAPS)
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".json"):
            layout = parse_board(f"maps/krosmaster/{item.name}", item.read_text(encoding="utf-8"))
            register(layout)
            found[layout.id] = layout
    if not found:
        raise ContentError("maps/krosmaster", None, None, "holds no board file")
    return found


BOARDS: dict[str, Board] = load_boards()
LAYOUTS: tuple[str, ...] = tuple(BOARDS)
DEFAULT_LAYOUT = "side_a_standard"
