"""Scene names for automation (`--scene NAME`) and the games the main menu offers.

Each game's screens are declared once, in its scenes package: `SCREENS = GameScreens(...)`, the package
its declaration (game/registry.py, game/games/<id>.py) names as `screens`. The menu, the saves list,
lessons, the reference, diagrams and `--scene` read them from here; nothing else lists the games.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from game import registry as rules

# The app and scenes are only passed through here (never imported: scenes.app imports this module).
App: TypeAlias = Any
Scene: TypeAlias = Any


@dataclass(frozen=True)
class GameScreens:
    """A game on screen. Every entry is "module:name", imported only when used."""

    new_game: str  # the scene that sets up and starts a game: (app) -> Scene
    resume: str  # (app, match) -> Scene: the board of a game replayed from a save (Continue, a load, a lesson)
    emblem: str = "ui/emblem_krom"  # the sprite on its menu card
    scenes: dict[str, str] = field(default_factory=dict)  # `--scene` names of its own (board, setup...) -> class
    lessons: str | None = None  # "package:folder" of its lesson files (scenes/learn/lessons/<game>/)
    diagrams: str | None = None  # (surface, area, picture) -> (rect, tips): its rules reference's live diagrams


@dataclass(frozen=True)
class GameEntry:
    """A game the menu offers: it is listed only once its board scene exists and can be played."""

    game_id: str  # the rules id (game.registry)
    title: str
    players: str  # e.g. "2 players", "2-6 players"
    emblem: str  # sprite name
    new_game: str  # "module:Class" of the scene that sets up and starts a game
    resume: str  # "module:function" (app, match) -> Scene: the board of a game replayed from its autosave


SAVES = "scenes.board.saveload:SavesScene"  # the saved-games list (the menu and the pause overlay open it)
REFERENCE = "scenes.learn.reference:open_reference"  # a game's rules reference (menu, pause overlay, a board's "?")
LESSONS = "scenes.learn.lessonlist:open_lessons"  # a game's lesson list (the menu's Learn, the pause overlay)


def screens(game_id: str) -> GameScreens:
    """The screens a game's declaration names; LookupError when it has none."""
    declared = rules.declaration(game_id)
    if declared.screens is None:
        raise LookupError(f"{declared.title} has no screens")
    found = getattr(importlib.import_module(declared.screens), "SCREENS", None)
    if not isinstance(found, GameScreens):
        raise LookupError(f"{declared.screens} declares no SCREENS = GameScreens(...)")
    return found


def has_reference(game_id: str) -> bool:
    """Whether the game's declaration names a rules reference (the menu's Rules button)."""
    try:
        return rules.declaration(game_id).learn is not None
    except LookupError:
        return False


def has_lessons(game_id: str) -> bool:
    """Whether the game's screens name a folder of lessons (the menu's Learn button)."""
    try:
        return screens(game_id).lessons is not None
    except LookupError:
        return False


def entry(declared: rules.GameDeclaration) -> GameEntry:
    shown = screens(declared.id)
    return GameEntry(declared.id, declared.title, declared.players_text, shown.emblem, shown.new_game, shown.resume)


def _scenes() -> dict[str, str]:
    found = {
        "menu": "scenes.menu:MenuScene",
        "showcase": "scenes.showcase:ShowcaseScene",
        "credits": "scenes.credits:CreditsScene",
        "online": "scenes.online.hub:PlayOnlineScene",
    }
    for declared in rules.declarations():
        if declared.menu and declared.screens is not None:
            found.update(screens(declared.id).scenes)
    for declared in rules.declarations():
        if declared.menu and declared.learn is not None:
            found[f"{declared.id}.reference"] = f"scenes.learn.reference:{declared.id.capitalize()}Reference"
    return found


def _games() -> list[GameEntry]:
    """The shipped games' entries: a game a test declares is added by `playable_games` while it is declared, so
    it must not be kept here (built during such a test, this list held it twice and kept it afterwards)."""
    return [entry(d) for d in rules.SHIPPED.values() if d.menu and d.screens is not None]


# Read on first use, not at import: a game's scenes package imports this module for GameScreens, so building
# them here at import time would import that package half-made (`import scenes.krom.board` first failed so).
# SCENES: name -> "module:Class". A class may define `for_automation(app, seed)`; boards use it to start a
# default game from the seed, already past setup.
# GAMES: the shipped games on the menu, in order (tests may replace the list; a game a test declares is added).
_LAZY = {"SCENES": _scenes, "GAMES": _games}
SCENES: dict[str, str]
GAMES: list[GameEntry]


def __getattr__(name: str) -> Any:
    make = _LAZY.get(name)
    if make is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = make()
    globals()[name] = value
    return value


def _table(name: str) -> Any:
    return globals()[name] if name in globals() else __getattr__(name)


def playable_games() -> list[GameEntry]:
    present = set(rules.available())
    listed = [*_table("GAMES"), *(entry(d) for d in rules.extras() if d.menu and d.screens is not None)]
    return [g for g in listed if g.game_id in present]


def resolve(target: str):
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def make_scene(name: str, app: App, seed: int = 0) -> Scene:
    """Build a scene by name; KeyError for an unknown name."""
    cls = resolve(_table("SCENES")[name])
    factory = getattr(cls, "for_automation", None)
    return factory(app, seed) if factory is not None else cls(app)
