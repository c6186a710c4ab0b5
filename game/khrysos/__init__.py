"""Khrysos Hunters: the pure rules (tile maps, the hunter deck, turns, targeting, treasure).

The rule-module API (see ../shared/DESIGN.md): GAME_ID, TITLE, VERSION, Setup, State,
new_game, legal_actions, apply, outcome, view, check_invariants, random_setup,
bench_setup, playout_choice, demo_state, describe, and the seam: decision, action_text (kinds listed
in `game.khrysos.pending`), why_illegal, redact, reveals. `words` names squares as the board's
edges show them, counted from the map's top-left corner (`square_name(board_or_state, cell)`
"C7", `column_name`, `row_name`, `columns`, `rows` for the edge labels, `place_name` for
"Treasure Zone 5 (C7)"). Every text function takes `names` (seat index -> the name the table
gave; None keeps "Player N"): describe(event, state, names), action_text(state, action, names),
decision(state, names), progress(state, names), outcome(state, names),
why_illegal(state, action, names). Action text forms are listed in
`game.khrysos.rules`; query helpers for the board scene are in `game.khrysos.queries`;
maps (tiles, files, validation, boards) in `game.khrysos.maps`; the deck in
`game.khrysos.hunters`; test helpers in `game.khrysos.testing`.
"""

from game.khrysos.events import describe, redact
from game.khrysos.maps import list_sample_maps
from game.khrysos.policy import bench_setup, demo_state, playout_choice, random_setup
from game.khrysos.pending import decision
from game.khrysos.words import action_text, column_name, columns, place_name, row_name, rows, square_name
from game.khrysos.rules import apply, check_invariants, legal_actions, new_game, outcome, progress, reveals, view, why_illegal
from game.khrysos.state import VERSION, Setup, State

GAME_ID = "khrysos"
TITLE = "Khrysos Hunters"

__all__ = [
    "GAME_ID",
    "TITLE",
    "VERSION",
    "Setup",
    "State",
    "action_text",
    "column_name",
    "columns",
    "place_name",
    "row_name",
    "rows",
    "square_name",
    "apply",
    "bench_setup",
    "check_invariants",
    "decision",
    "demo_state",
    "describe",
    "legal_actions",
    "list_sample_maps",
    "new_game",
    "outcome",
    "playout_choice",
    "random_setup",
    "progress",
    "redact",
    "reveals",
    "view",
    "why_illegal",
]
