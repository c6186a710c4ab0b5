"""The Krosmaster: Blast grid: its 8 x 10 cells and their geometry, computed once and shared by every state.

Cells are numbered `y * 8 + x` inside the rules (x = column from the left, y = row from
the top); the public API speaks `(x, y)`. Distances, neighbours, rings of cells and the
straight lines used for line of sight (`game.core.grid`'s rule, as cell bitmasks) are
computed once for the grid, whatever layout lies on it (`layouts`).
"""

from __future__ import annotations

from game.core.grid import sight_line

WIDTH = 8
HEIGHT = 10
CELLS = WIDTH * HEIGHT

XY: tuple[tuple[int, int], ...] = tuple((i % WIDTH, i // WIDTH) for i in range(CELLS))


def index(x: int, y: int) -> int:
    return y * WIDTH + x


def on_board(x: int, y: int) -> bool:
    return 0 <= x < WIDTH and 0 <= y < HEIGHT


def _neighbours(i: int) -> tuple[int, ...]:
    x, y = XY[i]
    return tuple(index(x + dx, y + dy) for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)) if on_board(x + dx, y + dy))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(CELLS))
DIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(abs(XY[a][0] - XY[b][0]) + abs(XY[a][1] - XY[b][1]) for b in range(CELLS)) for a in range(CELLS)
)
BIT: tuple[int, ...] = tuple(1 << i for i in range(CELLS))


def step(i: int, direction: tuple[int, int]) -> int:
    """The cell one step from `i` in `direction`, or -1 off the board."""
    x, y = XY[i][0] + direction[0], XY[i][1] + direction[1]
    return index(x, y) if on_board(x, y) else -1


def direction(a: int, b: int) -> tuple[int, int] | None:
    """The unit step from `a` towards `b` when they share a row or column, else None."""
    (ax, ay), (bx, by) = XY[a], XY[b]
    if a == b or (ax != bx and ay != by):
        return None
    return ((bx > ax) - (bx < ax), (by > ay) - (by < ay))


_RINGS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def ring(centre: int, low: int, high: int) -> tuple[int, ...]:
    """The cells whose distance from `centre` lies in [low, high], in row-major order."""
    key = (centre, low, high)
    cells = _RINGS.get(key)
    if cells is None:
        row = DIST[centre]
        cells = _RINGS[key] = tuple(i for i in range(CELLS) if low <= row[i] <= high)
    return cells


_SIGHT: list[list | None] = [None] * CELLS  # per cell a, per cell b: (crossed, pinches), built on first use


def sight(a: int, b: int) -> tuple[int, tuple[int, ...]]:
    """`(crossed, pinches)` of the line between the centres of a and b, as cell bitmasks.

    Built from `game.core.grid.sight_line`, so `clear_sight` applies exactly the core's
    corner rule (tests compare the two on random blockers).
    """
    row = _SIGHT[a]
    if row is None:
        row = _SIGHT[a] = [None] * CELLS
    got = row[b]
    if got is None:
        crossed, pinches = sight_line(XY[a], XY[b])
        mask = 0
        for c in crossed:
            mask |= BIT[index(*c)]
        pins = tuple(BIT[index(*p)] | BIT[index(*q)] for p, q in pinches)
        got = row[b] = (mask, pins)
    return got


def clear_sight(a: int, b: int, blocking: int) -> bool:
    """True when no blocking cell (a bitmask) stands between the centres of a and b."""
    row = _SIGHT[a]
    got = row[b] if row is not None else None
    crossed, pinches = got or sight(a, b)
    if crossed & blocking:
        return False
    for pin in pinches:
        if blocking & pin == pin:
            return False
    return True
