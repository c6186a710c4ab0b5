"""`RemoteMatch`: a table on a server seen from one screen, with the face of `game.core.match.Match`.

The contract (what the app's lobby and boards may use) is written once, in `net.client`'s docstring;
`net.client.TableClient` opens a `RemoteMatch`, whose messages arrive in a queue filled by the
client's network thread and taken in by `poll()` on the caller's thread.
"""

from __future__ import annotations

import contextlib
import copy
import queue
import time
from typing import TYPE_CHECKING, Any

from game import registry
from game.core.actions import Action
from game.core.decision import Decision
from game.core.errors import IllegalAction
from game.core.match import _takes_names
from game.core.save import Save
from net import wire
from net.connection import AsyncClient, NetError
from net.pending import RECONNECTING, Pending
from net.tablecalls import HIDDEN_ACTION, TableCalls
from net.wire import Feed

if TYPE_CHECKING:
    from net.client import TableClient


__all__ = ["HIDDEN_ACTION", "RemoteMatch"]


class RemoteMatch(TableCalls):
    """A table on a server, with the face of `game.core.match.Match` for the seats this screen holds
    (see `net.client`'s docstring). Everything but `play` and the online requests reads what the server
    already sent; call `poll()` every frame."""

    online = True

    def __init__(self, client: TableClient, conn: AsyncClient, inbox: queue.Queue, answer: dict):
        self.client, self.conn, self._inbox = client, conn, inbox
        self.rules = registry.load(answer["game"])
        self.setup = self.rules.Setup.from_dict(answer["setup"])
        self.code: str = answer["code"]
        self.host: bool = answer.get("host") is True
        self.host_token: str | None = answer.get("host_token")
        self.tokens: dict[int, str] = {int(k): v for k, v in (answer.get("tokens") or {}).items()}
        self.seats: tuple[int, ...] = tuple(answer.get("seats") or ())
        self.viewer: int | None = self.seats[0] if self.seats else None
        self.table: dict = {"seats": []}
        self.seat_info: list[dict] = []
        self.status = "playing"  # "waiting" (for the host's start), "playing", "over", "ended": from the server
        self._why_no_start: str | None = None
        self.chat: list[dict] = list(answer.get("chat") or [])
        self.undo_request: dict | None = None
        self.undo_answer: dict | None = None  # the last undo's outcome: {"by": seat, "accepted": bool}
        self.record: dict | None = None
        self.ended: str | None = None
        self.revision = 0
        self.connected = True
        self._feeds: dict[int | None, Feed] = {}
        self._mine: dict[int, Action] = {}  # action number -> the action this screen played
        self._pending: list = []  # events for the next poll()
        self._sent: list[tuple[int, Action, Pending]] = []  # begin_play's actions not yet answered
        self._joined(answer, first=True)

    # -- taking in what the server sent ------------------------------------------------------------
    def _event(self, data: dict) -> Any:
        return wire.event_from(self.rules, data)

    def _joined(self, answer: dict, first: bool = False) -> None:
        if answer.get("status"):
            self.status, self._why_no_start = answer["status"], answer.get("start")
        if answer.get("record"):
            self.record = answer["record"]
        for feed_data in answer.get("feeds") or []:
            seat = feed_data["seat"]
            old = self._feeds.get(seat)
            feed = Feed(seat)
            for _, events in feed_data["history"]:
                feed.events.append(tuple(self._event(e) for e in events))
            self._apply_update(feed, feed_data["update"])
            if old is not None and seat == self.viewer and not first:
                if feed.n >= old.n and feed.events[: old.n] == old.events:
                    for evs in feed.events[old.n:]:
                        self._pending.extend(evs)  # what happened while this screen was away
                feed.views = {k: v for k, v in old.views.items() if k <= feed.n}
            self._feeds[seat] = feed
        self.revision += 1

    def _apply_update(self, feed: Feed, msg: dict) -> None:
        feed.n = msg["n"]
        feed.view = self.rules.State.from_dict(msg["view"])
        feed.views[feed.n] = feed.view
        feed.decision = wire.decision_from(msg["decision"])
        feed.legal = wire.actions_from(msg["legal"])
        feed.outcome = wire.outcome_from(msg["outcome"])
        for k in [k for k in self._mine if k > feed.n]:
            del self._mine[k]

    def _take(self, msg: dict, played: int | None = None) -> list:
        """Take in one message; the viewer's events of action `played` are returned rather than kept for poll()."""
        kind = msg.get("t")
        self.revision += 1
        if kind == "update":
            feed = self._feeds.get(msg["seat"])
            if feed is None:
                return []
            events = tuple(self._event(e) for e in msg["events"])
            if msg["n"] < feed.n or (msg["n"] == feed.n and events == ()):
                del feed.events[msg["n"]:]  # an undo
                feed.views = {k: v for k, v in feed.views.items() if k <= msg["n"]}
            elif msg["n"] == feed.n + 1:
                feed.events.append(events)
            self._apply_update(feed, msg)
            if msg["seat"] == self.viewer and msg["n"] == feed.n:
                if played is not None and msg["n"] == played:
                    return list(events)
                self._pending.extend(events)
        elif kind in ("joined", "created"):
            self._joined(msg)
        elif kind == "table":
            self._table(msg)
        elif kind == "chat":
            self.chat.append({"seat": msg["seat"], "name": msg["name"], "text": msg["text"]})
            del self.chat[:-50]
        elif kind == "undo_asked":
            self.undo_request = {"by": msg["by"], "waiting": msg["waiting"]}
        elif kind == "undo_result":
            self.undo_request = None
            self.undo_answer = {"by": msg.get("by"), "accepted": msg.get("accepted") is True}
        elif kind == "record":
            self.record = msg
        elif kind == "ended":
            self.ended = msg.get("reason") or "The table has ended."
        elif kind == "_disconnected":
            self.connected = False
        elif kind == "_connected":
            self.connected = True
        return []

    def _table(self, msg: dict) -> None:
        self.seat_info, self.status, self._why_no_start = msg["seats"], msg["status"], msg.get("start")
        self.table["seats"] = wire.table_seats(self.table.get("seats") or [], self.seat_info)

    def _drain(self, played: int | None = None) -> list:
        mine: list = []
        while True:
            try:
                msg = self._inbox.get_nowait()
            except queue.Empty:
                return mine
            mine.extend(self._take(msg, played))

    @property
    def has_news(self) -> bool:
        """Something came from the server since the last poll() (cheap: a screen idle until then may sleep)."""
        return not self._inbox.empty() or bool(self._pending)

    def poll(self) -> list:
        """Take in what the server sent; the viewer's events of actions this screen did not play with `play`
        (other seats', computer seats', its own sent by `begin_play`), in order."""
        self._drain()
        self._settle_sent()
        events, self._pending = self._pending, []
        return events

    def wait(self, timeout: float = 1.0) -> bool:
        """Block until the server sends something (taken in as `poll` takes it; its events wait for the next
        `poll`) or `timeout` seconds pass: True when something came. For tools and tests without a frame loop."""
        try:
            self._pending.extend(self._take(self._inbox.get(timeout=max(0.0, timeout))))
        except queue.Empty:
            return False
        return True

    # -- the face of Match --------------------------------------------------------------------------
    @property
    def _feed(self) -> Feed:
        return self._feeds.get(self.viewer) or next(iter(self._feeds.values()))

    @property
    def state(self) -> Any:
        return self._feed.view

    def view(self, seat: int | None) -> Any:
        feed = self._feeds.get(seat)
        if feed is None and seat is None and len(self.seats) > 1:
            # Hot-seat at the host's screen between two of its seats: only what the whole table sees.
            return self.rules.view(self._feed.view, None)
        return (feed or self._feed).view

    @property
    def seed(self) -> int:
        return int(self.record["seed"]) if self.record else 0

    @property
    def actions(self) -> list[Action]:
        if self.record:
            return [Action.parse(t) for t in self.record["actions"]]
        return [self._mine.get(i, HIDDEN_ACTION) for i in range(1, self._feed.n + 1)]

    @property
    def played(self) -> int:
        """How many actions the table has played (as far as this screen heard)."""
        return self._feed.n

    @property
    def players(self) -> int:
        return self.state.num_players

    @property
    def over(self) -> bool:
        return self._feed.outcome is not None or self._feed.decision is None

    @property
    def names(self) -> tuple[str, ...] | None:
        names = tuple(s.get("name") for s in self.table.get("seats") or [])
        return names if names and all(isinstance(n, str) and n for n in names) else None

    def text(self, function: str, *args: Any) -> str:
        fn = getattr(self.rules, function)
        if _takes_names(fn) and self.names is not None:
            return fn(*args, names=self.names)
        return fn(*args)

    def decision(self) -> Decision:
        d = self._feed.decision
        return d if d is not None else Decision("over", None, self._feed.outcome.reason if self._feed.outcome else "")

    def outcome(self) -> Any:
        return self._feed.outcome

    def progress(self) -> str:
        if getattr(self.rules, "progress", None) is None:
            return f"{self._feed.n} moves"
        return self.text("progress", self.state)

    def legal_actions(self) -> list[Action]:
        feed = self._feed
        if feed.decision is None or feed.decision.seat != self.viewer or self.viewer is None:
            return []
        return list(feed.legal)

    def why_illegal(self, action: Action | str) -> str | None:
        action = action if isinstance(action, Action) else Action.parse(action)
        if action in self.legal_actions():
            return None
        if self.viewer is None:
            return "Spectators only watch."
        if self.over:
            return "The game is over."
        if self._feed.decision is None or self._feed.decision.seat != self.viewer:
            return "It is not your turn."
        try:
            return self.text("why_illegal", self.state, action) or "That is not possible now."
        except Exception:  # noqa: BLE001 - the rules asked about a view: a hidden card may puzzle them
            return "That is not possible now."

    def begin_play(self, action: Action | str) -> Pending:
        """Send the viewer's action without waiting: a Pending whose result is the action's number. Its events come
        through `poll()`, in order with everyone else's; when refused, `error` is the rules' (or the server's)
        reason. One move at a time: another sent before the answer is refused at once."""
        action = action if isinstance(action, Action) else Action.parse(action)
        self._drain()
        if self.viewer is None:
            return Pending.failed("Spectators only watch.")
        if not self.conn.connected:
            return Pending.failed(RECONNECTING)
        self._settle_sent()
        if self._sent:
            return Pending.failed("Your last move is still on its way to the table.")
        played = self._feed.n + 1
        message = {"t": "act", "code": self.code, "seat": self.viewer, "action": str(action), "n": played - 1}

        async def act() -> int:
            return int((await self.conn.request(message))["n"])

        pending = self.client.submit(act())
        self._mine[played] = action  # as sent; forgotten in poll() if refused
        self._sent.append((played, action, pending))
        return pending

    def _settle_sent(self) -> None:
        """Forget the actions a refused `begin_play` sent (their number is another action's)."""
        for played, action, pending in [s for s in self._sent if s[2].done]:
            self._sent.remove((played, action, pending))
            if pending.error is not None and self._mine.get(played) is action and self._feed.n < played:
                del self._mine[played]

    def play(self, action: Action | str) -> list:
        """Send the viewer's action and wait for the server: its events for the viewer, or IllegalAction."""
        action = action if isinstance(action, Action) else Action.parse(action)
        self._drain()
        feed = self._feed
        if self.viewer is None:
            raise IllegalAction("Spectators only watch.")
        if not self.conn.connected:
            raise IllegalAction(RECONNECTING)
        try:
            done = self.client.call(self.conn.request({"t": "act", "code": self.code, "seat": self.viewer,
                                                       "action": str(action), "n": feed.n}))
        except NetError as e:
            raise IllegalAction(e.reason) from None
        played = feed.n + 1
        self._mine[played] = action
        events = self._drain(played=played)
        # A screen holding several seats hears each seat's update on its own: wait (briefly) until every seat
        # it holds has heard of this action, so a hand-off to another of them never shows a stale position.
        deadline = time.monotonic() + 2.0
        while any(f.n < done.get("n", 0) for s, f in self._feeds.items() if s is not None) \
                and time.monotonic() < deadline:
            with contextlib.suppress(queue.Empty):
                events.extend(self._take(self._inbox.get(timeout=0.02), played))
        return events

    # -- history and replays -------------------------------------------------------------------------
    def events_of(self, n: int) -> tuple:
        return self._feed.events[n - 1]

    def history(self, upto: int | None = None) -> list[tuple[int, Any]]:
        events = self._feed.events if upto is None else self._feed.events[:upto]
        return [(i, e) for i, evs in enumerate(events, 1) for e in evs]

    def state_after(self, n: int) -> Any:
        feed = self._feed
        known = [k for k in feed.views if k <= n]
        return feed.views[max(known)] if known else feed.view

    def truncated(self, n: int) -> RemoteMatch:
        """This screen's game as it stood after n actions (for a replay's Back): not connected, nothing to send."""
        copy_ = copy.copy(self)
        feed = copy.copy(self._feed)
        feed.n, feed.view, feed.events = n, self.state_after(n), feed.events[:n]
        feed.decision = feed.decision if n == self._feed.n else None
        copy_._feeds = {self.viewer: feed}
        return copy_

    def save(self) -> Save:
        record = self.record
        save = Save(self.rules.GAME_ID, self.rules.VERSION, self.setup.to_dict(), self.seed,
                    list(record["actions"]) if record else [], dict(self.table))
        save.table["online"] = {"host": self.client.host, "port": self.client.port, "code": self.code,
                                "seats": list(self.seats), "tokens": {str(k): v for k, v in self.tokens.items()}}
        if self.host_token:
            save.table["online"]["host_token"] = self.host_token
        return save

    # -- the table's news ----------------------------------------------------------------------------
    @property
    def status_text(self) -> str:
        if self.ended:
            return self.ended
        if not self.connected:
            return RECONNECTING
        away = [s["name"] for s in self.seat_info if s.get("away") and not s.get("computer")]
        return "Waiting for " + ", ".join(away) + " (away)." if away else ""

    def close(self) -> Pending:
        """Close this connection (at once: the closing goes on in the network thread)."""
        self.conn.resume = None
        return self.client.submit(self.conn.close(), timeout=3)
