"""What a seat may see of an event (`redact`): the same module in every game of the collection."""

from __future__ import annotations

from game.core import Event


def redact(event: Event, seat: int | None) -> Event:
    """The event as `seat` (None: a spectator) may see it.

    Every Krosmaster event is public: picks, placements, dice, revealed Favors are shown to
    the whole table, and no event tells the order of the face-down Favor pile. So the event
    comes back unchanged; the function exists so that the log treats the three games alike.
    """
    return event
