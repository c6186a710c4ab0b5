"""What a seat may see of a state (`view`): the same module in every game of the collection."""

from __future__ import annotations

from game.core import HIDDEN, Rng
from game.krosmaster.state import State


def view(state: State, seat: int | None) -> State:
    """What `seat` (or a spectator, None) may see: the Favor pile's cards (HIDDEN) and the RNG are hidden."""
    v = state.copy()
    v.pile = (HIDDEN,) * len(state.pile)  # type: ignore[assignment]  # the view's pile: HIDDEN markers, not card ids
    v.rng = Rng(0)
    v._owned = None
    return v
