"""Khrysos Hunters: the pure rules (tile maps, the hunter deck, turns, targeting, treasure).

The rule-module API (see ../shared/DESIGN.md): GAME_ID, TITLE, VERSION, Setup, State,
new_game, legal_actions, apply, outcome, view, check_invariants, random_setup,
bench_setup, playout_choice, demo_state, describe, and the seam: decision, action_text (kinds listed
in `game.khrysos.pending`), why_illegal, redact, reveals. Action text forms are listed in
`game.khrysos.rules`; query helpers for the board scene are in `game.khrysos.queries`;
maps (tiles, files, validation, boards) in `game.khrysos.maps`, random maps and mirror images in
`game.khrysos.mapgen`, map codes in `game.khrysos.mapcode`; the deck in
`game.khrysos.hunters`; test helpers in `game.khrysos.testing`.
"""

from game.khrysos.events import describe, redact
from game.khrysos.mapcode import MapCodeError, map_code, map_from_code
from game.khrysos.mapgen import random_map, symmetry_breaks, transformed
from game.khrysos.maps import list_sample_maps
from game.khrysos.policy import bench_setup, demo_state, playout_choice, random_setup
from game.khrysos.pending import decision
from game.khrysos.queries import action_text
from game.khrysos.rules import (
    apply,
    check_invariants,
    legal_actions,
    new_game,
    opening_events,
    outcome,
    progress,
    reveals,
    view,
    why_illegal,
)
from game.khrysos.state import VERSION, Setup, State

GAME_ID = "khrysos"
TITLE = "Khrysos Hunters"

__all__ = [
    "GAME_ID",
    "MapCodeError",
    "TITLE",
    "VERSION",
    "Setup",
    "State",
    "action_text",
    "apply",
    "bench_setup",
    "check_invariants",
    "decision",
    "demo_state",
    "describe",
    "legal_actions",
    "list_sample_maps",
    "map_code",
    "map_from_code",
    "new_game",
    "opening_events",
    "outcome",
    "playout_choice",
    "random_map",
    "random_setup",
    "progress",
    "redact",
    "reveals",
    "symmetry_breaks",
    "transformed",
    "view",
    "why_illegal",
]
