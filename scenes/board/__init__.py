"""The board kit: what every game's board is built on (BoardScene, BoardView, the setup helper)."""

from scenes.board.scene import BoardScene, GameOverScene, Seat
from scenes.board.view import LAYER_STYLES, BoardView

__all__ = ["BoardScene", "BoardView", "GameOverScene", "LAYER_STYLES", "Seat"]
