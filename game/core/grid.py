"""Square-grid geometry shared by the boards: neighbours, distances, reachable cells, line of sight.

A cell is an `(x, y)` tuple: `x` is the column (0 at the left), `y` the row (0 at the
top). Every function here is pure and works on any rectangular board.
"""

from __future__ import annotations

import heapq
from functools import lru_cache
from typing import NamedTuple
from collections.abc import Callable, Container, Iterable, Iterator

Cell = tuple[int, int]

ORTHOGONAL: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONAL: tuple[Cell, ...] = ((1, -1), (1, 1), (-1, 1), (-1, -1))
EIGHT_WAY: tuple[Cell, ...] = ORTHOGONAL + DIAGONAL


def neighbours4(cell: Cell, width: int, height: int) -> list[Cell]:
    """The orthogonal neighbours (up, right, down, left) that are on the board."""
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in ORTHOGONAL if 0 <= x + dx < width and 0 <= y + dy < height]


class Reach(NamedTuple):
    """How a reachable cell is reached: its total cost and the cells stepped on, start excluded."""

    cost: int
    path: tuple[Cell, ...]


def reachable(
    start: Cell,
    budget: int,
    neighbours: Callable[[Cell], Iterable[Cell]],
    step_cost: Callable[[Cell, Cell], int | None],
) -> dict[Cell, Reach]:
    """Every cell reachable from `start` for at most `budget`, with its cheapest path.

    `neighbours(cell)` lists the cells one step away; `step_cost(frm, to)` is the cost of
    that step, or None when the step is impossible (an obstacle, a wall on the edge, a
    diagonal past a pillar). Costs must be positive. The start is included with cost 0
    and an empty path. Among equally cheap paths the first found wins, in the order
    `neighbours` lists them, so results are deterministic.
    """
    best: dict[Cell, Reach] = {start: Reach(0, ())}
    frontier: list[tuple[int, int, Cell]] = [(0, 0, start)]
    order = 1
    while frontier:
        cost, _, cell = heapq.heappop(frontier)
        here = best[cell]
        if cost > here.cost:
            continue
        for nxt in neighbours(cell):
            step = step_cost(cell, nxt)
            if step is None:
                continue
            total = cost + step
            if total > budget:
                continue
            known = best.get(nxt)
            if known is None or total < known.cost:
                best[nxt] = Reach(total, here.path + (nxt,))
                heapq.heappush(frontier, (total, order, nxt))
                order += 1
    return best


def walk(start: Cell, direction: Cell, steps: int, stops: Callable[[Cell], bool]) -> list[Cell]:
    """The cells entered moving straight from `start` up to `steps` times, halting before a cell where `stops` is true.

    Used for shoves and slides: the caller's `stops` says what counts as the board edge
    or an obstacle.
    """
    x, y = start
    dx, dy = direction
    out: list[Cell] = []
    for _ in range(steps):
        nxt = (x + dx, y + dy)
        if stops(nxt):
            break
        out.append(nxt)
        x, y = nxt
    return out


# -- line of sight --------------------------------------------------------------------


@lru_cache(maxsize=65536)
def sight_line(a: Cell, b: Cell) -> tuple[tuple[Cell, ...], tuple[tuple[Cell, Cell], ...]]:
    """What the straight segment from the centre of `a` to the centre of `b` passes.

    Returns `(crossed, pinches)`:
    - `crossed`: the cells, other than `a` and `b`, whose interior the segment enters;
    - `pinches`: for each grid corner the segment goes exactly through, the two cells
      that meet there and are only touched at that corner.

    Computed exactly in integers (cell centres at even doubled coordinates, corners at
    odd ones), so the answer is the same for (a, b) and (b, a).
    """
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    if dx == 0 and dy == 0:
        return (), ()
    ax, ay = 2 * x0, 2 * y0

    def side(px: int, py: int) -> int:
        # Sign of the cross product: which side of the line the doubled point lies on.
        return dy * (px - ax) - dx * (py - ay)

    crossed: list[Cell] = []
    for y in range(min(y0, y1), max(y0, y1) + 1):
        for x in range(min(x0, x1), max(x0, x1) + 1):
            if (x, y) == a or (x, y) == b:
                continue
            sides = [side(2 * x + cx, 2 * y + cy) for cx in (-1, 1) for cy in (-1, 1)]
            if min(sides) < 0 < max(sides):
                crossed.append((x, y))

    pinches: list[tuple[Cell, Cell]] = []
    if dx and dy:
        # Corners strictly inside the bounding box that lie exactly on the line.
        for vy in range(2 * min(y0, y1) + 1, 2 * max(y0, y1), 2):
            for vx in range(2 * min(x0, x1) + 1, 2 * max(x0, x1), 2):
                if side(vx, vy) != 0:
                    continue
                lo_x, hi_x = (vx - 1) // 2, (vx + 1) // 2
                lo_y, hi_y = (vy - 1) // 2, (vy + 1) // 2
                if (dx > 0) == (dy > 0):
                    pinches.append(((hi_x, lo_y), (lo_x, hi_y)))
                else:
                    pinches.append(((lo_x, lo_y), (hi_x, hi_y)))
    return tuple(crossed), tuple(pinches)


def line_of_sight(a: Cell, b: Cell, blocking: Container[Cell]) -> bool:
    """True when nothing in `blocking` stands between the centres of `a` and `b`.

    The corner rule: the line is blocked by every blocking cell whose interior it
    crosses. A line that only grazes a blocking cell's corner is not blocked, unless
    it passes exactly through a corner where two blocking cells meet diagonally: there
    is no gap between them, so that line is blocked. The endpoints themselves never
    block (the caster and the target may stand on them). Symmetric: line_of_sight(a,
    b) == line_of_sight(b, a) for every `blocking`.
    """
    crossed, pinches = sight_line(a, b)
    for cell in crossed:
        if cell in blocking:
            return False
    return all(not (p in blocking and q in blocking) for p, q in pinches)


def iter_cells(width: int, height: int) -> Iterator[Cell]:
    """Every cell of a width x height board in row-major order."""
    for y in range(height):
        for x in range(width):
            yield (x, y)
