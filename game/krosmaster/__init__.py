"""Krosmaster: Blast, the pure rules: the rule-module API plus the board UI's query helpers.

The package follows the map of game/README.md: `rules` (new_game, legal_actions, apply, outcome,
why_illegal), `state`, `decision` (with `progress` and `reveals`), `flow` (turns and activations),
`resolution` (what actions and abilities do), `content`, `facts` (the small facts the rules share),
`refusals` (the reasons `why_illegal` gives), `queries` for overlays (reachable cells, spell
targets, odds, cell facts), `gestures` (a click as actions: `walk`, `aim`, `arm`, `place`,
`play_fighter`, `end`, `pick`, `put_favor`, `remove_tile`, `options`), `previews` (`walk_preview`,
`aim_preview`, `end_label`), `policy` (setups for simulations, the playout choice, the demo
position), `view`, `redact`, `words` for how texts name squares ("C7": `square_name`,
`column_name`, `row_name`, the labels on the board's edges), players and fighters, and
`action_text`; `events` for what `apply` returns; `testing` for building positions. Of its own:
`grid` (the 8 x 10 cells' geometry) and `layouts` (the board's four layouts). `tactics` answers what a
careful player looks at (its walks, reaches and odds are `reach`'s); exported here for the board's
danger overlay and Suggest: `dangers(state, seat)` / `danger_at(state, seat, cell)` (which enemy
pieces can damage a cell next turn, and how much: `Danger`), `knockout_chance`, `safe_cells`, `knockouts`. RULES_NOTES.md
holds every decision where the rulebook is silent.

Every text function takes `names` (seat index -> the name the table gave; None keeps the
colours): `describe(event, state, names)`, `action_text(state, action, names)`,
`decision(state, names)`, `progress(state, names)`, `outcome(state, names)`,
`why_illegal(state, action, names)`.
"""

from game.krosmaster.grid import DIST, HEIGHT, WIDTH, XY, index
from game.krosmaster.layouts import BOARDS, DEFAULT_LAYOUT, KINDS, LAYOUTS
from game.krosmaster.content import CONTENT
from game.krosmaster.events import describe
from game.krosmaster.gestures import Option, aim, arm, end, options, pick, place, play_fighter, put_favor, remove_tile, walk
from game.krosmaster.previews import (REVEALED_FAVOR_WORDS, AimPreview, Dodge, WalkPreview, aim_preview, empty_slot_words,
                                      end_label, favor_slot_preview, walk_preview)
from game.krosmaster.queries import (
    USE_COST,
    AbilityRef,
    CellFacts,
    Reach,
    Targets,
    ability_of,
    ability_targets,
    action_points,
    cell_facts,
    challenge_targets,
    challenge_thresholds,
    damage_odds,
    dodge_die_odds,
    dodge_odds,
    favor_targets,
    glyph_counts,
    line_of_sight,
    movement_points,
    points_left,
    reachable_cells,
    spell_targets,
    tackle_zone,
    tacklers,
    unlocked_bonuses,
    use_cost,
)
from game.krosmaster.facts import dodge_dice, favor_in, glyph_count
from game.krosmaster.resolution import combat_damage
from game.krosmaster.tactics import Danger, Knockout, danger_at, dangers, knockout_chance, knockouts, safe_cells
from game.krosmaster.decision import decision, progress, reveals
from game.krosmaster.redact import redact
from game.krosmaster.view import view
from game.krosmaster.words import (action_text, column_name, fighter_name, player_name, proper_names, row_name, spell_name,
                                   square_name)
from game.krosmaster.policy import bench_setup, demo_state, playout_choice, random_setup
from game.krosmaster.rules import GAME_ID, TITLE, apply, check_invariants, legal_actions, new_game, outcome, why_illegal
from game.krosmaster.state import VERSION, Setup, State

__all__ = [
    "Danger",
    "Knockout",
    "danger_at",
    "dangers",
    "knockout_chance",
    "knockouts",
    "safe_cells",
    "AbilityRef",
    "AimPreview",
    "Dodge",
    "Option",
    "WalkPreview",
    "ability_of",
    "ability_targets",
    "aim",
    "aim_preview",
    "arm",
    "end",
    "empty_slot_words",
    "end_label",
    "favor_slot_preview",
    "REVEALED_FAVOR_WORDS",
    "options",
    "pick",
    "place",
    "play_fighter",
    "points_left",
    "put_favor",
    "remove_tile",
    "walk",
    "walk_preview",
    "CellFacts",
    "cell_facts",
    "USE_COST",
    "challenge_thresholds",
    "use_cost",
    "action_text",
    "column_name",
    "fighter_name",
    "player_name",
    "proper_names",
    "row_name",
    "spell_name",
    "square_name",
    "BOARDS",
    "DIST",
    "KINDS",
    "index",
    "DEFAULT_LAYOUT",
    "HEIGHT",
    "WIDTH",
    "XY",
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
