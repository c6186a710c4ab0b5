"""Which games exist: one declaration per game, found here.

A game is its rules package (`game/<id>/`), its screens (`scenes/<id>/`) and one `GameDeclaration`
named `GAME` in a module of `game/games/`, which this registry discovers by itself: the menu, saves,
lessons, the rules reference, the computer players, the arena and the tests' lists of games all read
the declarations, so adding a game edits nothing else outside its two packages. Everything here is
pure (no pygame): the screens are named by module, never imported.

Tests may declare a game of their own for as long as they run (`declared(GAME)`); it is never shipped.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType

DECLARATIONS = "game.games"  # the package whose modules each declare one game


@dataclass(frozen=True)
class GameDeclaration:
    """One game, as the whole program knows it. Modules are named by their dotted path (imported on use);
    "module:name" points at one object in a module."""

    id: str  # the key in saves, settings, lessons and the wire; a lowercase word
    title: str  # as the menu and the saves list write it
    players: tuple[int, int]  # the fewest and the most seats
    rules: str  # the rule module: the API of game/core/api.py (its package's face)
    screens: str | None = None  # the module whose SCREENS (scenes.registry.GameScreens) is the game on screen
    bots: str | None = None  # the module whose KIT is the computer players' kit (game.bots); None: random players only
    learn: str | None = None  # the module with DATA, LISTINGS and DIAGRAMS: glossary, rules reference, live diagrams
    lesson_start: str | None = None  # "module:function" building a lesson's first position (game.learn.starts)
    menu: bool = True  # offered on the menu, saved and served; False for the showcase table's demo rules
    order: int = 100  # place on the menu, smallest first

    @property
    def players_text(self) -> str:
        """"2 players", "2-6 players"."""
        low, high = self.players
        return f"{low} players" if low == high else f"{low}-{high} players"


def _discover() -> dict[str, GameDeclaration]:
    package = importlib.import_module(DECLARATIONS)
    found: list[GameDeclaration] = []
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{DECLARATIONS}.{info.name}")
        declaration = getattr(module, "GAME", None)
        if not isinstance(declaration, GameDeclaration):
            raise TypeError(f"{module.__name__} declares no GAME = GameDeclaration(...)")
        found.append(declaration)
    found.sort(key=lambda d: (d.order, d.id))
    return {d.id: d for d in found}


SHIPPED: dict[str, GameDeclaration] = _discover()  # the games of game/games/, in menu order
_extra: dict[str, GameDeclaration] = {}  # games declared by tests while they run

# id -> rule module of every game on the menu (the face the saves, the server and the tools load)
GAMES: dict[str, str] = {d.id: d.rules for d in SHIPPED.values() if d.menu}


def declarations() -> list[GameDeclaration]:
    """Every declared game (the demo rules included), in menu order."""
    return sorted([*SHIPPED.values(), *_extra.values()], key=lambda d: (d.order, d.id))


def declaration(game_id: str) -> GameDeclaration:
    """A game's declaration; LookupError with a readable message for an unknown id."""
    found = _extra.get(game_id) or SHIPPED.get(game_id)
    if found is None:
        known = ", ".join(d.id for d in declarations())
        raise LookupError(f"unknown game {game_id!r} (known: {known})")
    return found


def extras() -> list[GameDeclaration]:
    """The games declared at run time (by tests), in menu order."""
    return sorted(_extra.values(), key=lambda d: (d.order, d.id))


@contextmanager
def declared(game: GameDeclaration) -> Iterator[GameDeclaration]:
    """Declare a game for the time of a `with` block (a test's own game); the registry is as before after it."""
    if game.id in SHIPPED or game.id in _extra:
        raise ValueError(f"a game called {game.id!r} is already declared")
    _extra[game.id] = game
    if game.menu:
        GAMES[game.id] = game.rules
    try:
        yield game
    finally:
        _extra.pop(game.id, None)
        if GAMES.get(game.id) == game.rules:
            del GAMES[game.id]


def available() -> list[str]:
    """The ids of the menu's games whose rule module is present, in menu order."""
    return [gid for gid, mod in GAMES.items() if importlib.util.find_spec(mod) is not None]


def load(game_id: str) -> ModuleType:
    """The rule module of a game; LookupError with a readable message for an unknown id."""
    if game_id not in GAMES or game_id not in available():
        known = ", ".join(available()) or "none"
        raise LookupError(f"unknown game {game_id!r} (known: {known})")
    return importlib.import_module(GAMES[game_id])


def resolve(target: str):
    """The object a "module:name" string points at (a declaration's lesson start, a screen)."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)
