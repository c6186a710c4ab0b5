"""How Khrysos Hunters' texts name things: squares, zones, players, hunters, actions.

Squares are named as the board shows them on its edges: column letters from the left and
row numbers from the top, counted from the map's own corner (the bounding box of its
squares: the leftmost column any tile covers is "A", the top row any tile covers is "1"),
so a map reads the same wherever it was laid on the builder's grid. Past 26 columns the
letters go on as a spreadsheet's: "AA", "AB". A Treasure Zone square is also named by its
zone ("Treasure Zone 5 (C7)", `place_name`). Boards draw the same labels from
`column_name` and `row_name`.

Players: every text function takes `names` (seat index -> the name the table gave; None
keeps "Player 1", "Player 2", ...). Hunters are named by their card's name.
"""

from __future__ import annotations

from typing import Sequence

from game.core.actions import Action
from game.core.grammar import counted, listing, possessive
from game.khrysos.hunters import HUNTERS
from game.khrysos.pending import BOOST_PHASE, current_step, hunter_name, player_name
from game.khrysos.squares import _board, column_name, columns, corner, row_name, rows, square_name

Cell = tuple[int, int]
Names = Sequence[str] | None

def place_name(board_or_state, cell: Cell) -> str:
    """A square with its Treasure Zone when it is one: "Treasure Zone 5 (C7)", else "C7"."""
    zone = _board(board_or_state).zones.get(tuple(cell))
    name = square_name(board_or_state, cell)
    return f"Treasure Zone {zone} ({name})" if zone else name


def squares_text(board_or_state, cells, conj: str = "and") -> str:
    """Several squares in words: "C7, D8 and E2"."""
    return listing([square_name(board_or_state, c) for c in cells], conj)


# -- actions --------------------------------------------------------------------------------------


def action_text(state, action: Action, names: Names = None) -> str:
    """An action as a player would say it ("Use Theft with Elia Rose (2 energy)", "Move Bento
    Rush to C7"), for suggestions and undo lines.

    It names only what the player deciding can see: their own hand, the hunters on the map.
    No action names a player, so `names` changes nothing (it is taken like every text function
    of the game). An action it does not know reads in its text form.
    """
    args, kind = action.args, action.kind
    card = state.cards[state.turn] if 0 <= state.turn < len(state.cards) else None
    who = hunter_name(card.hunter) if card is not None and card.hunter else "the hunter"

    def square(x: int, y: int) -> str:
        return square_name(state, (x, y))

    try:
        if kind == "play":
            return f"Play {hunter_name(args[0])}"
        if kind == "place":
            return f"Start on {place_name(state, (args[0], args[1]))}"
        if kind == "withdraw":
            return f"Withdraw {who}"
        if kind == "roll":
            return "Roll the white die"
        if kind == "move":
            return f"Move {who} to {square(args[0], args[1])}"
        if kind == "end":
            return f"End {possessive(who)} turn"
        if kind == "act":
            return f"Use {HUNTERS[card.hunter].actions[args[0] - 1].name} with {who} ({args[0]} energy)"
        if kind == "boost":
            return f"Spend the {str(args[0]).capitalize()} +{args[1]} Boost"
        if kind == "step":
            return f"Take {who} on to {square(args[0], args[1])}"
        if kind == "shift":
            return f"Move {hunter_name(args[0])} to {square(args[1], args[2])}"
        if kind == "target":
            return f"Target {hunter_name(args[0])}"
        if kind == "guard":
            return f"Spend {counted(args[0], 'Guard marker')}" if args[0] else "Spend no Guard marker"
        if kind == "done":
            r = state.res
            if r is not None and r.push:
                return "Move nobody further"
            if r is not None and r.pc == BOOST_PHASE:
                return "Spend no more Boosts"
            if r is not None and current_step(state).kind == "hit":
                return "Make no more hits"
            return "Stop here and go on with the action"
    except (IndexError, KeyError, AttributeError, TypeError, ValueError):
        pass
    return str(action)


__all__ = [
    "action_text",
    "column_name",
    "columns",
    "corner",
    "hunter_name",
    "place_name",
    "player_name",
    "row_name",
    "rows",
    "square_name",
    "squares_text",
]
