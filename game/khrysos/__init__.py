"""Khrysos Hunters: the pure rules (tile maps, the hunter deck, turns, targeting, treasure).

The rule-module API (see ../shared/DESIGN.md): GAME_ID, TITLE, VERSION, Setup, State,
new_game, legal_actions, apply, outcome, view, check_invariants, random_setup,
bench_setup, playout_choice, demo_state, describe, and the seam: decision, action_text (kinds listed
in `game.khrysos.facts`), why_illegal, redact, reveals. `words` names squares as the board's
edges show them, counted from the map's top-left corner (`square_name(board_or_state, cell)`
"C7", `column_name`, `row_name`, `columns`, `rows` for the edge labels, `place_name` for
"Treasure Zone 5 (C7)"). Every text function takes `names` (seat index -> the name the table
gave; None keeps "Player N"): describe(event, state, names), action_text(state, action, names),
decision(state, names), progress(state, names), outcome(state, names),
why_illegal(state, action, names). Action text forms are listed in
`game.khrysos.rules`; what the board shows is asked of `game.khrysos.queries`, a click becomes actions
in `game.khrysos.gestures` (`go_to`, `place_on`, `aim_at`, `hunter_gesture`, `use_action`, `stop`,
`end_turn`, `roll`, `withdraw`, `spend_guard`, `spend_boost`, `play_hunter`) and the texts shown before
a click are `game.khrysos.previews`' (`board_squares`, `action_options`, `choices` and their tips),
exported here;
maps (tiles, files, validation, boards) in `game.khrysos.maps`, random maps and mirror images in
`game.khrysos.mapgen`, what a careful player looks at in `game.khrysos.tactics`, exported here for the
board's danger overlay and Suggest: `rival_hits(state, seat)` / `rival_hits_at(state, seat, square)`
(which rival hunters can reach and Hit a square next turn: `SquareThreat`), `strikes`, `retire_chance`,
`near_win`; map codes in `game.khrysos.mapcode`, a map edited gesture by gesture and the
conditions a lesson asks of it in `game.khrysos.mapedit` (`Edit`, `apply_edit`, `condition_holds`); the deck in
`game.khrysos.content` (with the tiles in `game.khrysos.tiles`); test helpers in `game.khrysos.testing`.
"""

from game.khrysos.events import describe
from game.khrysos.mapcode import MAX_CODE as MAX_MAP_CODE
from game.khrysos.mapcode import PREFIX as MAP_CODE_PREFIX
from game.khrysos.mapcode import MapCodeError, map_code, map_from_code
from game.khrysos.mapedit import Edit, MapEditError, apply_edit, check_condition, condition_holds, map_checklist
from game.khrysos.mapgen import KIND_WORDS as IMAGE_KIND_WORDS
from game.khrysos.mapgen import KINDS as IMAGE_KINDS
from game.khrysos.mapgen import (CHARACTER_WORDS, GRID_BOX, MAX_SEED, MAX_SIZE, MIN_SIZE, SIZE_WORDS, SYMMETRY_WORDS,
                                 check_options,
                                 placed_image, random_map, slot_image, symmetry_breaks, transformed)
from game.khrysos.redact import redact
from game.khrysos.maps import (DESCRIPTION_LIMIT, MAX_AUTHOR, MAX_DESCRIPTION, MAX_TILE_POS, MIN_TILES, PLAYER_COUNTS, SAMPLE_MAPS, TILE_SIZE,
                               TILES, Board, MapError, MapSpec, PlacedTile,
                               build_board, edge, layout, list_sample_maps, map_from_dict, map_key, map_report,
                               map_to_dict, map_to_text, notes_problems, parse_map_text, problem_places, sample_map,
                               validate_map)
from game.khrysos.policy import bench_setup, demo_state, playout_choice, random_setup
from game.khrysos.decision import decision, progress, reveals
from game.khrysos.content import BOOSTS, BY_NAME, FLAGS, HUNTER_NUMBERS, HUNTERS, MAX_ENDURANCE, VALUED, WIN_TREASURE, symbols_text, tokens_of
from game.khrysos.facts import Pending, pending
from game.khrysos.gestures import (
    aim_at,
    end_turn,
    go_to,
    hunter_gesture,
    movers,
    not_now,
    place_on,
    play_hunter,
    roll,
    spend_boost,
    spend_guard,
    stop,
    use_action,
    withdraw,
)
from game.khrysos.previews import (
    ActionOption,
    Choice,
    SquareInfo,
    action_options,
    amount_text,
    board_squares,
    card_markers,
    choices,
    endurance_text,
    energy_text,
    player_text,
    score_text,
    square_about,
)
from game.khrysos.queries import action_symbols, column_labels, hit_reach, is_upgraded, row_labels
from game.khrysos.words import (action_text, action_words, column_name, columns, grid_column_name, grid_row_name,
                                 grid_square_name, place_name, proper_names, race_text, row_name, rows, square_name, symbol_tip, treasure_lines, upgrade_words)
from game.khrysos.rules import (
    GAME_ID,
    TITLE,
    apply,
    check_invariants,
    legal_actions,
    new_game,
    opening_events,
    outcome,
    why_illegal,
)
from game.khrysos.tactics import SquareThreat, Strike, near_win, retire_chance, rival_hits, rival_hits_at, strikes
from game.khrysos.view import view
from game.khrysos.state import VERSION, Setup, State

__all__ = [
    "SquareThreat",
    "Strike",
    "near_win",
    "retire_chance",
    "rival_hits",
    "rival_hits_at",
    "strikes",
    "MAX_MAP_CODE",
    "MAP_CODE_PREFIX",
    "IMAGE_KIND_WORDS",
    "IMAGE_KINDS",
    "CHARACTER_WORDS",
    "GRID_BOX",
    "MAX_SEED",
    "MAX_SIZE",
    "MIN_SIZE",
    "SIZE_WORDS",
    "SYMMETRY_WORDS",
    "check_options",
    "placed_image",
    "slot_image",
    "MAX_TILE_POS",
    "MIN_TILES",
    "SAMPLE_MAPS",
    "TILE_SIZE",
    "TILES",
    "Board",
    "MapError",
    "MapSpec",
    "MAX_AUTHOR",
    "DESCRIPTION_LIMIT",
    "MAX_DESCRIPTION",
    "PLAYER_COUNTS",
    "PlacedTile",
    "build_board",
    "edge",
    "layout",
    "map_from_dict",
    "map_key",
    "map_report",
    "notes_problems",
    "map_to_dict",
    "map_to_text",
    "parse_map_text",
    "problem_places",
    "sample_map",
    "validate_map",
    "action_options",
    "action_symbols",
    "action_words",
    "action_text",
    "ActionOption",
    "aim_at",
    "amount_text",
    "apply",
    "apply_edit",
    "check_condition",
    "condition_holds",
    "Edit",
    "MapEditError",
    "bench_setup",
    "board_squares",
    "card_markers",
    "check_invariants",
    "Choice",
    "choices",
    "column_labels",
    "column_name",
    "columns",
    "decision",
    "demo_state",
    "describe",
    "end_turn",
    "endurance_text",
    "energy_text",
    "GAME_ID",
    "go_to",
    "hit_reach",
    "hunter_gesture",
    "BOOSTS",
    "BY_NAME",
    "FLAGS",
    "HUNTER_NUMBERS",
    "HUNTERS",
    "symbols_text",
    "tokens_of",
    "VALUED",
    "is_upgraded",
    "legal_actions",
    "list_sample_maps",
    "map_checklist",
    "map_code",
    "map_from_code",
    "MapCodeError",
    "MAX_ENDURANCE",
    "movers",
    "new_game",
    "not_now",
    "opening_events",
    "outcome",
    "pending",
    "Pending",
    "place_name",
    "proper_names",
    "place_on",
    "play_hunter",
    "player_text",
    "playout_choice",
    "progress",
    "race_text",
    "random_map",
    "random_setup",
    "redact",
    "reveals",
    "roll",
    "row_labels",
    "row_name",
    "rows",
    "score_text",
    "Setup",
    "spend_boost",
    "spend_guard",
    "square_about",
    "square_name",
    "grid_column_name",
    "grid_row_name",
    "grid_square_name",
    "SquareInfo",
    "State",
    "stop",
    "symbol_tip",
    "symmetry_breaks",
    "TITLE",
    "transformed",
    "upgrade_words",
    "treasure_lines",
    "use_action",
    "VERSION",
    "view",
    "why_illegal",
    "WIN_TREASURE",
    "withdraw",
]
