"""Krom: Evolution — the pure rules engine (2-6 players, Glacial board and Kromosaurus options).

The rule-module API of ../shared/DESIGN.md, plus the query helpers a board scene needs.
See rules.py for the decisions and their actions, state.py for the state's plain-data
schema, testing.py for building positions in tests, RULES_NOTES.md for rule decisions.
"""

from game.krom.content import BONUS, CHARACTERS, DESTINATIONS, EVOLUTIONS, HUNTING, PICKING, PLACES, RULES
from game.krom.events import describe, redact
from game.krom.policy import bench_setup, demo_state, playout_choice, random_setup
from game.krom.queries import (
    action_order,
    affordable_anywhere,
    affordable_evolutions,
    combat_odds,
    combat_standing,
    combination_value,
    evolution_problems,
    hunt_chances,
    hunt_cost,
    hunt_odds,
    mountain_reward,
    playable_bonuses,
    reroll_improves,
    win_chances,
)
from game.krom.rules import (
    apply,
    cave_price,
    decision,
    legal_actions,
    new_game,
    next_pick_cost,
    outcome,
    points,
    reroll_cost,
    reward_options,
    reveals,
    steal_options,
    target_points,
    why_illegal,
)
from game.krom.state import DINO, HIDDEN, VERSION, Setup, State
from game.krom.view import check_invariants, view

GAME_ID = "krom"
TITLE = "Krom: Evolution"

__all__ = [
    "BONUS",
    "CHARACTERS",
    "DESTINATIONS",
    "DINO",
    "EVOLUTIONS",
    "GAME_ID",
    "HIDDEN",
    "HUNTING",
    "PICKING",
    "PLACES",
    "RULES",
    "TITLE",
    "VERSION",
    "Setup",
    "State",
    "action_order",
    "affordable_anywhere",
    "affordable_evolutions",
    "apply",
    "bench_setup",
    "cave_price",
    "check_invariants",
    "combat_odds",
    "combat_standing",
    "combination_value",
    "decision",
    "demo_state",
    "describe",
    "evolution_problems",
    "hunt_chances",
    "hunt_cost",
    "hunt_odds",
    "legal_actions",
    "mountain_reward",
    "new_game",
    "next_pick_cost",
    "outcome",
    "playable_bonuses",
    "playout_choice",
    "points",
    "random_setup",
    "redact",
    "reroll_cost",
    "reroll_improves",
    "reward_options",
    "reveals",
    "steal_options",
    "target_points",
    "view",
    "why_illegal",
    "win_chances",
]
