"""Krosmaster: Blast, the pure rules: the rule-module API plus the board UI's query helpers.

See `rules` for the actions' text forms and `why_illegal`, `events` for what `apply` returns,
`decision` (with `progress` and `reveals`), `refusals` for the reasons `why_illegal` gives, `redact`,
`view`, `queries`
for overlays (reachable cells, spell targets), `words` for how texts name squares ("C7":
`square_name`, `column_name`, `row_name`, the labels on the board's edges), players and
fighters, and `action_text`; `testing` for building positions, and RULES_NOTES.md for every
decision where the rulebook is silent.

Every text function takes `names` (seat index -> the name the table gave; None keeps the
colours): `describe(event, state, names)`, `action_text(state, action, names)`,
`decision(state, names)`, `progress(state, names)`, `outcome(state, names)`,
`why_illegal(state, action, names)`.
"""

from game.krosmaster.board import BOARDS, LAYOUTS
from game.krosmaster.content import CONTENT
from game.krosmaster.events import describe
from game.krosmaster.queries import (
    Reach,
    Targets,
    action_points,
    challenge_targets,
    damage_odds,
    dodge_die_odds,
    dodge_odds,
    favor_targets,
    glyph_counts,
    line_of_sight,
    movement_points,
    reachable_cells,
    spell_targets,
    tackle_zone,
    tacklers,
    unlocked_bonuses,
)
from game.krosmaster.checks import dodge_dice, favor_in, glyph_count
from game.krosmaster.resolution import combat_damage
from game.krosmaster.decision import decision, progress, reveals
from game.krosmaster.redact import redact
from game.krosmaster.view import view
from game.krosmaster.words import action_text, column_name, fighter_name, player_name, row_name, square_name
from game.krosmaster.rules import (
    GAME_ID,
    TITLE,
    apply,
    bench_setup,
    check_invariants,
    demo_state,
    legal_actions,
    new_game,
    outcome,
    playout_choice,
    random_setup,
    why_illegal,
)
from game.krosmaster.state import VERSION, Setup, State

__all__ = [
    "action_text",
    "column_name",
    "fighter_name",
    "player_name",
    "row_name",
    "square_name",
    "BOARDS",
    "CONTENT",
    "LAYOUTS",
    "GAME_ID",
    "TITLE",
    "VERSION",
    "Reach",
    "Setup",
    "State",
    "Targets",
    "action_points",
    "apply",
    "bench_setup",
    "challenge_targets",
    "check_invariants",
    "combat_damage",
    "damage_odds",
    "dodge_die_odds",
    "dodge_odds",
    "decision",
    "demo_state",
    "describe",
    "dodge_dice",
    "favor_in",
    "favor_targets",
    "glyph_count",
    "glyph_counts",
    "legal_actions",
    "line_of_sight",
    "movement_points",
    "new_game",
    "outcome",
    "playout_choice",
    "random_setup",
    "reveals",
    "progress",
    "redact",
    "reachable_cells",
    "spell_targets",
    "tackle_zone",
    "tacklers",
    "unlocked_bonuses",
    "view",
    "why_illegal",
]
