"""Computer opponents for every seat of every game (pure: no clock, no screen, no global randomness).

A bot is given only what its seat may see, `view(state, seat)`, the legal actions and a
seeded `Rng` of its own, and returns `(action, reason)`: a legal action and one line a
player can read (the Suggest button shows it). Levels:

- `random`: any legal action, uniformly;
- `easy`: the game's quick policy, or a greedy one-move look with noise on its judgement;
- `normal`: one move ahead over a per-game evaluation, each action tried on a few sampled
  states whose dice the rules themselves roll (chance weighed by the rules' own odds); in
  Khrysos its own turn is planned instead: each option played to the end of the turn and the
  end judged with the rules' tactics (game/bots/khrysos_plan.py);
- `hard`: information-set Monte Carlo tree search with determinization, within a budget
  of iterations and/or seconds (seconds need a clock passed in by the caller); in Krosmaster
  it judges with an evaluation of its own that also weighs the damage in the enemy's reach
  (`GameKit.hard`: Normal's evaluation stays the yardstick); in Khrysos'
  own turns, every way the turn can end searched and the best ends met by the rival's planned
  reply on each face of its die instead (game/bots/khrysos_deep.py); in Krom's destination picks and Action phases, each option played
  through the whole round on sampled positions, the rivals picking as Normals do (game/bots/krom_plan.py);
- `reference`: Normal as it stood before issue 33, frozen (game/bots/reference.py), the fixed
  opponent the arena measures progress against.

`make_bot(level, game_id, **options)` builds one; `play_turn(bot, rules, state, rng)` asks a
bot for the seat to move, giving it the view only. Per-game parts (sampling hidden
information, evaluation) are in game/bots/<game>.py.
"""

from __future__ import annotations

import importlib
from typing import Any

from game import registry
from game.bots.base import Bot, GameKit
from game.bots.levels import EasyBot, HardBot, NormalBot, RandomBot
from game.bots.reference import ReferenceBot
from game.core.actions import Action
from game.core.rng import Rng

LEVELS = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot, "reference": ReferenceBot}


def kit(game_id: str) -> GameKit:
    """The bots' kit of a game (its sampler and evaluation), the module its declaration names
    (game/registry.py); LookupError for an unknown game or one without bots."""
    try:
        module = registry.declaration(game_id).bots
    except LookupError:
        module = None
    if module is None:
        raise LookupError(f"no bots for a game called {game_id!r}")
    return importlib.import_module(module).KIT


def make_bot(level: str, game_id: str, **options: Any) -> Bot:
    """A bot of `level` for `game_id`; LookupError names the known levels for an unknown one."""
    cls = LEVELS.get(level)
    if cls is None:
        raise LookupError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return cls(kit(game_id), **options)


def play_turn(bot: Bot, rules: Any, state: Any, rng: Rng) -> tuple[Action, str]:
    """Ask `bot` for the move of the seat to move in `state`, showing it that seat's view only."""
    seat = state.to_move
    legal = rules.legal_actions(state)
    action, reason = bot.choose(rules.view(state, seat), seat, legal, rng)
    if action not in legal:
        raise AssertionError(f"{bot.name} bot chose {action}, which is not legal here")
    return action, reason


__all__ = ["LEVELS", "Bot", "EasyBot", "GameKit", "HardBot", "NormalBot", "RandomBot", "ReferenceBot", "kit", "make_bot", "play_turn"]
