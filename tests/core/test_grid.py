"""Square-grid geometry: neighbours, distances, reachable cells and line of sight (with property tests)."""

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import grid
from game.core.grid import EIGHT_WAY, line_of_sight, reachable, sight_line

W, H = 8, 10


# The tests' own oracles (the games measure distance with their own rules: paths, rings, reach).
def manhattan(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def neighbours8(cell, width, height):
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in EIGHT_WAY if 0 <= x + dx < width and 0 <= y + dy < height]
cells = st.tuples(st.integers(0, W - 1), st.integers(0, H - 1))
blocking_sets = st.frozensets(cells, max_size=25)


def test_neighbours_respect_the_edges():
    assert sorted(grid.neighbours4((0, 0), W, H)) == [(0, 1), (1, 0)]
    assert len(grid.neighbours4((3, 3), W, H)) == 4


def _bfs(start, blocked, budget, eight):
    dist = {start: 0}
    q = deque([start])
    while q:
        c = q.popleft()
        for n in (neighbours8 if eight else grid.neighbours4)(c, W, H):
            if n not in blocked and n not in dist and dist[c] + 1 <= budget:
                dist[n] = dist[c] + 1
                q.append(n)
    return dist


@settings(max_examples=60)
@given(cells, blocking_sets, st.integers(0, 8), st.booleans())
def test_reachable_matches_breadth_first_search(start, blocked, budget, eight):
    blocked = blocked - {start}
    nb = (lambda c: neighbours8(c, W, H)) if eight else (lambda c: grid.neighbours4(c, W, H))
    found = reachable(start, budget, nb, lambda a, b: None if b in blocked else 1)
    expected = _bfs(start, blocked, budget, eight)
    assert {c: r.cost for c, r in found.items()} == expected
    for cell, (cost, path) in found.items():
        assert len(path) == cost
        prev = start
        for step in path:
            assert step not in blocked
            assert (chebyshev if eight else manhattan)(prev, step) == 1
            prev = step
        assert prev == cell


@given(cells, st.integers(0, 6))
def test_reachable_on_an_open_board_is_the_distance(start, budget):
    found = reachable(start, budget, lambda c: grid.neighbours4(c, W, H), lambda a, b: 1)
    assert set(found) == {c for c in grid.iter_cells(W, H) if manhattan(start, c) <= budget}
    assert all(r.cost == manhattan(start, c) for c, r in found.items())


def test_reachable_with_edge_costs_and_walls():
    # A wall between (1,0) and (2,0): the only way round is through row 1.
    wall = {((1, 0), (2, 0)), ((2, 0), (1, 0))}
    found = reachable((0, 0), 10, lambda c: grid.neighbours4(c, 4, 2), lambda a, b: None if (a, b) in wall else 1)
    assert found[(2, 0)].cost == 4
    assert found[(2, 0)].path[-1] == (2, 0) and (1, 1) in found[(2, 0)].path


def test_walk_stops_before_an_obstacle_or_the_edge():
    stops = lambda c: not (0 <= c[0] < W and 0 <= c[1] < H) or c == (3, 5)  # noqa: E731
    assert grid.walk((3, 1), (0, 1), 10, stops) == [(3, 2), (3, 3), (3, 4)]
    assert grid.walk((1, 1), (-1, 0), 10, stops) == [(0, 1)]


# -- line of sight ----------------------------------------------------------------


@given(cells, cells, blocking_sets)
def test_line_of_sight_is_symmetric(a, b, blocking):
    assert line_of_sight(a, b, blocking) == line_of_sight(b, a, blocking)
    crossed_ab, pinches_ab = sight_line(a, b)
    crossed_ba, pinches_ba = sight_line(b, a)
    assert set(crossed_ab) == set(crossed_ba)
    assert {frozenset(p) for p in pinches_ab} == {frozenset(p) for p in pinches_ba}


@given(cells, cells, blocking_sets)
def test_endpoints_never_block(a, b, blocking):
    assert line_of_sight(a, b, blocking) == line_of_sight(a, b, blocking - {a, b})


@given(cells, cells)
def test_an_empty_board_never_blocks(a, b):
    assert line_of_sight(a, b, frozenset())


@given(cells, cells, blocking_sets, cells)
def test_blocking_more_never_opens_a_line(a, b, blocking, extra):
    if not line_of_sight(a, b, blocking):
        assert not line_of_sight(a, b, blocking | {extra})


def test_a_straight_line_is_blocked_by_a_cell_on_it():
    assert not line_of_sight((2, 1), (2, 5), {(2, 3)})
    assert line_of_sight((2, 1), (2, 5), {(3, 3), (1, 3)})
    assert sight_line((0, 4), (3, 4))[0] == ((1, 4), (2, 4))


def test_orthogonal_neighbours_always_see_each_other():
    assert line_of_sight((4, 4), (4, 5), {(3, 4), (5, 4), (3, 5), (5, 5)})


def test_corner_rule_grazing_one_blocker_does_not_block():
    # From (0,0) to (2,2) the line passes through the corner shared by (1,0) and (0,1).
    crossed, pinches = sight_line((0, 0), (2, 2))
    assert crossed == ((1, 1),)
    assert {frozenset(p) for p in pinches} == {frozenset({(1, 0), (0, 1)}), frozenset({(2, 1), (1, 2)})}
    assert line_of_sight((0, 0), (2, 2), {(1, 0)})
    assert line_of_sight((0, 0), (2, 2), {(0, 1), (2, 1)})


def test_corner_rule_two_diagonal_blockers_close_the_gap():
    assert not line_of_sight((0, 0), (2, 2), {(1, 0), (0, 1)})
    assert not line_of_sight((0, 0), (1, 1), {(1, 0), (0, 1)})
    assert line_of_sight((0, 0), (1, 1), {(1, 0)})
    # The other diagonal direction.
    assert not line_of_sight((1, 0), (0, 1), {(0, 0), (1, 1)})


def test_a_shallow_line_crosses_both_cells_it_splits():
    # (0,0) -> (1,2): the line x = y/2 splits row 1 between columns 0 and 1.
    crossed, pinches = sight_line((0, 0), (1, 2))
    assert set(crossed) == {(0, 1), (1, 1)} and pinches == ()
    assert not line_of_sight((0, 0), (1, 2), {(0, 1)})
    assert not line_of_sight((0, 0), (1, 2), {(1, 1)})


def test_catroulette_style_knight_line():
    # (0,0) -> (3,1): crosses (1,0) and (2,1) only.
    assert set(sight_line((0, 0), (3, 1))[0]) == {(1, 0), (2, 1)}
