"""The board kit: what every game's board is built on (BoardScene, BoardView, hotspots, the snapshot, the setup helper)."""

from scenes.board.gameover import GameOverScene
from scenes.board.scene import BoardScene
from scenes.board.seats import Seat
from scenes.board.snapshot import Snapshot
from scenes.board.view import LAYER_STYLES, BoardView

__all__ = ["BoardScene", "BoardView", "GameOverScene", "LAYER_STYLES", "Seat", "Snapshot"]
