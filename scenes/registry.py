"""Scene names for automation (`--scene NAME`) and the games the main menu offers."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from game import registry as rules

# The app and scenes are only passed through here (never imported: scenes.app imports this module).
App = Scene = Any

# Name -> "module:Class". A class may define `for_automation(app, seed)`; boards use it to
# start a default game from the seed, already past setup.
SCENES: dict[str, str] = {
    "menu": "scenes.menu:MenuScene",
    "showcase": "scenes.showcase:ShowcaseScene",
    "credits": "scenes.credits:CreditsScene",
    "krosmaster.orientation": "scenes.krosmaster.orientation:OrientationScene",
    "krosmaster.setup": "scenes.krosmaster.setup:KrosmasterSetup",
    "krosmaster.board": "scenes.krosmaster.board:KrosmasterBoard",
    "krom.setup": "scenes.krom.setup:KromSetupScene",
    "krom.board": "scenes.krom.board:KromBoard",
    "krom.table": "scenes.krom.board:KromTable",
    "khrysos.setup": "scenes.khrysos.setup:KhrysosSetup",
    "khrysos.board": "scenes.khrysos.board:KhrysosBoard",
    "khrysos.builder": "scenes.khrysos.builder:BuilderScene",
    "krosmaster.reference": "scenes.learn.reference:KrosmasterReference",
    "krom.reference": "scenes.learn.reference:KromReference",
    "khrysos.reference": "scenes.learn.reference:KhrysosReference",
}


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

# Each game's board adds its entry here when it lands.
GAMES: list[GameEntry] = [
    GameEntry("krosmaster", "Krosmaster: Blast", "2 players", "ui/emblem_krosmaster",
              "scenes.krosmaster.setup:KrosmasterSetup", "scenes.krosmaster.board:resume"),
    GameEntry("krom", "Krom: Evolution", "2-6 players", "ui/emblem_krom", "scenes.krom.setup:KromSetupScene",
              "scenes.krom.board:resume"),
    GameEntry("khrysos", "Khrysos Hunters", "2-4 players", "ui/emblem_khrysos", "scenes.khrysos.setup:KhrysosSetup",
              "scenes.khrysos.board:resume"),
]


def playable_games() -> list[GameEntry]:
    present = set(rules.available())
    return [g for g in GAMES if g.game_id in present]


def resolve(target: str):
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def make_scene(name: str, app: App, seed: int = 0) -> Scene:
    """Build a scene by name; KeyError for an unknown name."""
    cls = resolve(SCENES[name])
    factory = getattr(cls, "for_automation", None)
    return factory(app, seed) if factory is not None else cls(app)
