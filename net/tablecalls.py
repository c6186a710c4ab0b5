"""What a screen asks of its table besides moves: undo requests and answers, chat, the start, a handover,
leaving and ending (a part of `net.remote.RemoteMatch`, kept apart so each file stays readable).

Each request has a `begin_` form that returns a `Pending` at once (a screen looks at it each frame) and a
blocking form for tests and tools, which raises NetError with the server's reason. While the connection
is down, every request is refused at once: "Reconnecting to the table…".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.actions import Action
from game.core.errors import IllegalAction
from net.connection import AsyncClient, NetError
from net.pending import RECONNECTING, Pending

if TYPE_CHECKING:
    from net.client import TableClient

HIDDEN_ACTION = Action("hidden")


class TableCalls:
    """The online requests of `RemoteMatch` (mixed into it: it uses the match's connection and seats)."""

    client: TableClient
    conn: AsyncClient
    code: str
    viewer: int | None
    undo_request: dict | None
    _why_no_start: str | None
    connected: bool

    if TYPE_CHECKING:  # RemoteMatch's own
        @property
        def over(self) -> bool: ...
        @property
        def actions(self) -> list[Action]: ...
        def decision(self) -> Any: ...

    def _begin(self, message: dict) -> Pending:
        if not self.conn.connected:
            return Pending.failed(RECONNECTING)
        return self.client.submit(self.conn.request({**message, "code": self.code}))

    def _ask(self, message: dict) -> dict:
        return self.client._wait(self._begin(message))

    # -- undo, a request the other players answer ---------------------------------------------------
    def why_no_undo(self) -> str | None:
        if self.viewer is None:
            return "Spectators only watch."
        if self.over:
            return "The game is over."
        if self.undo_request is not None:
            return "An undo is already being asked."
        if self.decision().seat != self.viewer:
            return "Only the player whose turn it is may ask to undo."
        if not any(a is not HIDDEN_ACTION for a in self.actions[-1:]):
            return "The last action was another player's."
        return None

    def begin_undo(self) -> Pending:
        """Ask the other players to accept taking back the viewer's last action."""
        return self._begin({"t": "undo", "seat": self.viewer})

    def request_undo(self) -> None:
        """`begin_undo`, waited for (NetError: refused, with why)."""
        self.client._wait(self.begin_undo())

    def undo(self) -> None:
        """Match's name for `request_undo`: IllegalAction with the server's reason when it cannot be asked."""
        try:
            self.request_undo()
        except NetError as e:
            raise IllegalAction(e.reason) from None

    def can_redo(self) -> bool:
        return False

    def redo(self) -> list:
        raise IllegalAction("Online, an undone action is not redone: play it again.")

    def begin_answer(self, accept: bool, seat: int | None = None) -> Pending:
        seat = self.viewer if seat is None else seat
        return self._begin({"t": "answer", "seat": seat, "accept": bool(accept)})

    def answer_undo(self, accept: bool, seat: int | None = None) -> None:
        self.client._wait(self.begin_answer(accept, seat))

    # -- chat -----------------------------------------------------------------------------------------
    def begin_chat(self, text: str) -> Pending:
        if self.viewer is None:
            return Pending.failed("Spectators only watch.")
        return self._begin({"t": "chat", "seat": self.viewer, "text": text[:1000]})

    def send_chat(self, text: str) -> None:
        self.client._wait(self.begin_chat(text))

    # -- the table: start, handover, leave, end ----------------------------------------------------
    def why_no_start(self) -> str | None:
        """None when this screen may start the game now (the host, every remote seat taken); else the server's reason
        (a table that waits for a player, a screen that is not the host's, a game already started)."""
        if not self.connected:
            return RECONNECTING
        return self._why_no_start

    def begin_start(self, fill: str | None = None) -> Pending:
        """The host starts the game. `fill`: a computer level that plays every seat still open (a player who joins
        later takes it over); without it an open seat refuses the start."""
        return self._begin({"t": "start", **({} if fill is None else {"fill": fill})})

    def start(self, fill: str | None = None) -> None:
        self.client._wait(self.begin_start(fill))

    def begin_handover(self, seat: int, level: str) -> Pending:
        """The host hands an away seat to the computer (its player takes it back by rejoining)."""
        return self._begin({"t": "handover", "seat": seat, "level": level})

    def handover(self, seat: int, level: str) -> None:
        self.client._wait(self.begin_handover(seat, level))

    def begin_leave(self) -> Pending:
        """Leave the table for good: a remote seat opens again for another player."""
        self.conn.resume = None
        return self._begin({"t": "leave"})

    def leave(self) -> None:
        self.client._wait(self.begin_leave())

    def begin_end(self) -> Pending:
        """The host ends the table for everyone."""
        self.conn.resume = None
        return self._begin({"t": "end"})

    def end(self) -> None:
        self.client._wait(self.begin_end())
