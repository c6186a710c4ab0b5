"""Krom: Evolution — the pure rules engine (2-6 players, Glacial board and Kromosaurus options).

The rule-module API of ../shared/DESIGN.md (with `decision`, `why_illegal`, `redact` and
`reveals` of the rules-to-screen seam), plus the query helpers a board scene needs, exact
odds included. rules.py holds the public API and the table of decisions; the rules behind
it are split along their own decisions: basics.py (tokens, decks, names, points), flow.py
(the reveal, combats, place order, the round), bonus.py (playing, countering and resolving
Bonus cards), decisions.py (the choices outside a player's own Action phase), phase.py
(the Action phase). state.py gives the plain-data schema, events.py the events and their
log lines, words.py how texts name players and places and `action_text` (an action in words,
for suggestions and undo lines), testing.py builds positions for tests, RULES_NOTES.md records
rule decisions. Every text function takes `names` (seat index -> the name the table gave; None
keeps each player's Krom): describe(event, state, names), action_text(state, action, names),
decision(state, names), progress(state, names), outcome(state, names),
why_illegal(state, action, names).
"""

from game.krom.content import BONUS, CHARACTERS, DESTINATIONS, EVOLUTIONS, HUNTING, PICKING, PLACES, RULES
from game.krom.events import describe
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
from game.krom.decision import decision
from game.krom.redact import redact
from game.krom.rules import (
    apply,
    cave_price,
    progress,
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
from game.krom.words import action_text, amount_words, bundle_text, bundle_words, player_name

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
    "action_text",
    "amount_words",
    "bundle_text",
    "bundle_words",
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
    "player_name",
    "playout_choice",
    "points",
    "random_setup",
    "progress",
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
