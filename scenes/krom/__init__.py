"""Krom: Evolution on screen: the setup scene and the board (`krom.board`)."""

from scenes.registry import GameScreens

SCREENS = GameScreens(
    new_game="scenes.krom.setup:KromSetupScene",
    resume="scenes.krom.board:resume",
    emblem="ui/emblem_krom",
    scenes={
        "krom.setup": "scenes.krom.setup:KromSetupScene",
        "krom.board": "scenes.krom.board:KromBoard",
        "krom.table": "scenes.krom.board:KromTable",
    },
    lessons="scenes.learn:lessons/krom",
    diagrams="scenes.krom.diagrams:diagram",
)
