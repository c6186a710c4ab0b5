"""What a seat may see of an event (`redact`): the same module in every game of the collection."""

from __future__ import annotations

from game.core.events import Event


def redact(event: Event, seat: int | None) -> Event:
    """The event as `seat` may see it: every Khrysos event is public, so it comes back as it is.

    The game's only secrets are the hands and the order of the undealt hunters (hidden in
    `view` with `game.core.decision.HIDDEN`); no event names a card in a hand or the deck's
    order: a hunter is named only once it is played face up or drawn into play.
    """
    return event
