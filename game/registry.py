"""Which games exist: game id -> rule module, imported on first use."""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

GAMES: dict[str, str] = {
    "krosmaster": "game.krosmaster",
    "krom": "game.krom",
    "khrysos": "game.khrysos",
}


def available() -> list[str]:
    """The ids of the games whose rule module is present, in menu order."""
    return [gid for gid, mod in GAMES.items() if importlib.util.find_spec(mod) is not None]


def load(game_id: str) -> ModuleType:
    """The rule module of a game; LookupError with a readable message for an unknown id."""
    if game_id not in GAMES or game_id not in available():
        known = ", ".join(available()) or "none"
        raise LookupError(f"unknown game {game_id!r} (known: {known})")
    return importlib.import_module(GAMES[game_id])
