"""Naming the squares of a Khrysos map as its board's edges show them (re-exported by `game.khrysos.words`).

Column letters from the left and row numbers from the top, counted from the map's own
corner: the bounding box of its squares (the leftmost column any tile covers is "A", the
top row any tile covers is "1"), so that a map reads the same wherever it lies on the
builder's grid (the builder itself names squares from its grid's fixed corner: `grid_square_name`).
Past 26 columns the letters go on as a spreadsheet's: "AA", "AB".
Imports nothing of the game but the grammar, so the map module can name squares too.
"""

from __future__ import annotations

import weakref

from game.core.grammar import column_label, row_label

Cell = tuple[int, int]


def _board(board_or_state):
    return getattr(board_or_state, "board", board_or_state)


_CORNERS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def corner(board_or_state) -> Cell:
    """The (x, y) of the map's top-left corner: the leftmost column and the top row its squares use."""
    board = _board(board_or_state)
    try:
        return _CORNERS[board]
    except (KeyError, TypeError):
        pass
    floor = board.floor
    found = (min((c[0] for c in floor), default=0), min((c[1] for c in floor), default=0))
    try:
        _CORNERS[board] = found
    except TypeError:  # a board that cannot be weakly referenced: computed again next time
        pass
    return found


def columns(board_or_state) -> range:
    """The x of every column the map's squares use, left to right (a board labels these)."""
    board = _board(board_or_state)
    x0 = corner(board)[0]
    return range(x0, max((c[0] for c in board.floor), default=x0 - 1) + 1)


def rows(board_or_state) -> range:
    """The y of every row the map's squares use, top to bottom (a board labels these)."""
    board = _board(board_or_state)
    y0 = corner(board)[1]
    return range(y0, max((c[1] for c in board.floor), default=y0 - 1) + 1)


def column_name(board_or_state, x: int) -> str:
    """The letters of column `x` on the board's edge ("A" for the map's leftmost column)."""
    rel = x - corner(board_or_state)[0]
    if rel < 0:
        raise ValueError(f"column {x} is left of the map")
    return column_label(rel)


def row_name(board_or_state, y: int) -> str:
    """The number of row `y` on the board's edge ("1" for the map's top row)."""
    rel = y - corner(board_or_state)[1]
    if rel < 0:
        raise ValueError(f"row {y} is above the map")
    return row_label(rel)


def square_name(board_or_state, cell: Cell) -> str:
    """A square as a player reads it on the board's edges: "C7" is the third column and the
    seventh row of the map, counted from its top-left corner (see the module docstring).

    `board_or_state` is the map's `Board` (`game.khrysos.maps.build_board`) or a `State`.
    ValueError for a square left of or above the map.
    """
    return column_name(board_or_state, cell[0]) + row_name(board_or_state, cell[1])




def grid_column_name(x: int) -> str:
    """The letters of column `x` on the map builder's edges: counted from the grid's fixed left edge."""
    return column_label(x)


def grid_row_name(y: int) -> str:
    """The number of row `y` on the map builder's edges: counted from the grid's fixed top edge."""
    return row_label(y)


def grid_square_name(cell: Cell) -> str:
    """A square as the map builder's edges name it, counted from the grid's fixed top-left corner (not the
    map's), so a square keeps its name while tiles are added above or left of it. A board being played names
    squares from the map's own corner instead (`square_name`)."""
    return grid_column_name(cell[0]) + grid_row_name(cell[1])
