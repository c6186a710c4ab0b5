"""What a seat may see of a state (`view`): the same module in every game of the collection."""

from __future__ import annotations

from game.core.decision import HIDDEN
from game.core.rng import Rng
from game.khrysos.state import State


def view(state: State, seat: int | None) -> State:
    """What `seat` may see (None: a spectator): other seats' hands, the undealt deck's order and the Rng are hidden."""
    v = state.copy()
    v.hands = tuple(h if s == seat else (HIDDEN,) * len(h) for s, h in enumerate(state.hands))
    v.deck = (HIDDEN,) * len(state.deck)
    v.rng = Rng(0)
    return v
