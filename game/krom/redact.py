"""What a seat may see of an event (`redact`): the same module in every game of the collection."""

from __future__ import annotations

from dataclasses import replace

from game.core import Event
from game.core.decision import HIDDEN
from game.krom.events import BonusDrawn, Stole


def redact(event: Event, seat: int | None) -> Event:
    """The event as `seat` may see it (None = a spectator): other seats' drawn or stolen Bonus cards read HIDDEN (game.core.decision).

    Nothing else a Krom event carries is secret: a destination pick never names its place, a
    played or countered card is shown to the table.
    """
    if isinstance(event, BonusDrawn) and event.seat != seat:
        return replace(event, card=HIDDEN)
    if isinstance(event, Stole) and event.item == "bonus" and seat not in (event.thief, event.victim):
        return replace(event, card=HIDDEN)
    return event
