"""Khrysos Hunters on screen: the setup, the board and the map builder."""

from scenes.registry import GameScreens

SCREENS = GameScreens(
    new_game="scenes.khrysos.setup:KhrysosSetup",
    resume="scenes.khrysos.board:resume",
    emblem="ui/emblem_khrysos",
    scenes={
        "khrysos.setup": "scenes.khrysos.setup:KhrysosSetup",
        "khrysos.board": "scenes.khrysos.board:KhrysosBoard",
        "khrysos.builder": "scenes.khrysos.builder:BuilderScene",
    },
    lessons="scenes.learn:lessons/khrysos",
    diagrams="scenes.khrysos.diagrams:diagram",
)
