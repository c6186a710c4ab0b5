"""Krosmaster: Blast on screen: the board-orientation picker, the setup and the board."""

from scenes.registry import GameScreens

SCREENS = GameScreens(
    new_game="scenes.krosmaster.setup:KrosmasterSetup",
    resume="scenes.krosmaster.board:resume",
    emblem="ui/emblem_krosmaster",
    scenes={
        "krosmaster.orientation": "scenes.krosmaster.orientation:OrientationScene",
        "krosmaster.setup": "scenes.krosmaster.setup:KrosmasterSetup",
        "krosmaster.board": "scenes.krosmaster.board:KrosmasterBoard",
    },
    lessons="scenes.learn:lessons/krosmaster",
    diagrams="scenes.krosmaster.diagrams:diagram",
)
