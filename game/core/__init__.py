"""The rules core shared by the three games: RNG, dice, grid geometry, actions, events, saves."""

from game.core.actions import Action
from game.core.dice import COMBAT_DIE, D6, Die
from game.core.decision import HIDDEN, Decision
from game.core.errors import ContentError, IllegalAction, SaveError, SetupError
from game.core.events import Event
from game.core.outcome import Outcome
from game.core.rng import Rng

__all__ = [
    "Action",
    "COMBAT_DIE",
    "ContentError",
    "D6",
    "Decision",
    "HIDDEN",
    "Die",
    "Event",
    "IllegalAction",
    "Outcome",
    "Rng",
    "SaveError",
    "SetupError",
]
