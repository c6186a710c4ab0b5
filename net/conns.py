"""One connection as the table server sees it (`Conn`: its table, seats and frame budget) and `push`, the
one way a frame leaves the server."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import broadcast

if TYPE_CHECKING:
    from net.tables import Table

log = logging.getLogger("tabletrio.server")

RATE = 100.0  # frames a second a connection may send on average (a person sends a few; a bot at full speed, dozens)
BURST = 200.0  # and at once
MAX_BAD = 20  # malformed frames before a connection is closed
MAX_BUFFERED = 16 * 1024 * 1024  # bytes of frames a connection may leave unread before it is cut


def push(sockets: list, frame: str) -> None:
    """Send one frame to these connections now, without waiting (websockets' `broadcast`: one encoding, no
    task switch). A connection whose unread frames pass MAX_BUFFERED (its program stopped reading) is cut
    rather than kept growing in the server's memory: its seat shows away, and its player may rejoin."""
    broadcast(sockets, frame)
    for ws in sockets:
        transport = ws.transport
        if transport is not None and transport.get_write_buffer_size() > MAX_BUFFERED:
            log.warning("a connection left %d bytes unread: cut", transport.get_write_buffer_size())
            transport.abort()


class Conn:
    """One websocket connection: the table it sits at, the seats it holds, its frame budget."""

    __slots__ = ("ws", "greeted", "table", "seats", "host", "bad", "allowance", "stamp")

    def __init__(self, ws: Any, now: float):
        self.ws = ws
        self.greeted = False
        self.table: Table | None = None
        self.seats: set[int] = set()
        self.host = False
        self.bad = 0
        self.allowance = BURST
        self.stamp = now

    def spend(self, now: float) -> bool:
        """Take one frame from the budget (a token bucket); False when the connection floods."""
        self.allowance = min(BURST, self.allowance + (now - self.stamp) * RATE)
        self.stamp = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True
