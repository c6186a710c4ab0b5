"""The geometry of a Khrysos Hunters map: the squares of its laid tiles (`Board`), which squares a hunter
can step between and which a Range, Burst or Blast reaches across (solid lines, pillars, stairs), the
distances both ways, and a text drawing of a board.
"""

from __future__ import annotations

from collections import deque

from game.core.grid import EIGHT_WAY
from game.khrysos.tiles import ROTATIONS, SIDE_DELTA, SIDES, TILE_SIZE, TILES, PlacedTile

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]


def edge(a: Cell, b: Cell) -> Edge:
    """The key of the edge between two orthogonally adjacent squares."""
    return (a, b) if a < b else (b, a)


def rotate(x: int, y: int, turns: int) -> Cell:
    """A tile-local square after the card is turned clockwise `turns` quarter turns."""
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

    def __init__(self, name, width, height, floor, pillars, stairs, walls, zones, tile_of) -> None:
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


def make_board(name: str, placed: list[PlacedTile]) -> Board:
    """The board of tiles whose names and rotations are known, checked or not (later tiles on top)."""
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
            rx, ry = rotate(x, y, turns)
            return (ox + rx, oy + ry)

        for y in range(TILE_SIZE):
            for x in range(TILE_SIZE):
                c = at(x, y)
                squares[c] = index
                if tile.stairs:
                    stairs.add(c)
        pillars.update(at(*p) for p in tile.pillars)
        if tile.zone is not None and tile.zone_at is not None:  # both or neither (tiles.py checks on load)
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
    return make_board(name, [pt for pt in placed if pt.tile in TILES and pt.rotation in ROTATIONS])


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
