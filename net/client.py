"""The client side of remote play: `AsyncClient` (asyncio), `TableClient` (a thread for the app) and `RemoteMatch`.

The contract the app's lobby and boards build on
------------------------------------------------

"Host a table": `net.command.ServerProcess(data_dir)` starts `tabletrio-server` in a process of its
own (`.port`, `.running`, `.stop()`); the host then connects to it like anyone else.

`TableClient(host, port, timeout=10)` starts a background thread with its own asyncio loop and
does nothing on the network yet; each call below opens its own connection (`ws://host:port`).
It never imports pygame.

**A screen never waits for the network.** Every call has a `begin_` form that returns a
`Pending` at once (`net.pending`): look at it each frame; once `done`, `error` is None and
`result()` the value, or `error` is a sentence a player can read (refused by the server, out of
reach, "The table server did not answer in time."). Every Pending ends by itself within its
timeout (`timeout`; a connection attempt gives up after 5 s). The forms without `begin_` wait
for the same Pending and raise `NetError` with that sentence: for tests and tools.

- `client.begin_create(...)`, `begin_join(...)`, `begin_rejoin(...)`, `begin_spectate(...)`: a
  Pending whose result is the `RemoteMatch`; `begin_tables()`: of the list.
- On a `RemoteMatch`: `begin_play(action)` (result: the action's number; its events arrive through
  `poll()`, like another seat's; refused: `error` is the rules' reason), `begin_start(fill)`,
  `begin_undo()`, `begin_answer(accept, seat=None)`, `begin_chat(text)`, `begin_handover(seat,
  level)`, `begin_leave()`, `begin_end()`; `close()` returns at once. While the connection is
  down, `play`/`begin_play` and every request are refused at once: "Reconnecting to the table…".

- `client.create(game, setup_dict, seats, wait=True) -> RemoteMatch`: open a table. `seats` is one
  dict per seat: `{"kind": "remote"|"host"|"computer", "name": str, "level": "random"|"easy"|"normal"|
  "hard"}` (level only for "computer"). The returned match holds every "host" seat (hot-seat at the
  host's screen) and is the table's host: `match.code` is the short code to share (6 letters/digits),
  `match.tokens` {seat: token} and `match.host_token` are the secrets to keep in user data.
  The table waits for the host's start (the lobby's Start): `match.status` is
  "waiting", nothing is played and no computer seat moves until `match.start(fill=None)`;
  `match.why_no_start()` is None when this screen may start, else the server's reason (not the
  host; a remote seat still open: "Waiting for someone to take Blue's seat."). `start(fill=level)`
  lets the computer play every seat still open (a player who joins later takes it over). At the
  start `status` becomes "playing" (then "over", or "ended"), every seat gets its first update and
  the computer seats begin. `wait=False` opens a table that plays at once, for tools and tests that
  have no lobby.
- `client.join(code, seat=None, name="") -> RemoteMatch`: take an open remote seat (the first
  one when `seat` is None); `match.tokens` holds the new seat's token.
- `client.rejoin(code, token) -> RemoteMatch`: come back to a seat (or to the host's seats, with
  the host token) at any time, e.g. after the program was closed.
- `client.spectate(code) -> RemoteMatch`: watch; `match.seats` is empty, the view is a spectator's.
- `client.tables() -> list[dict]`: this server's tables with an open seat, for the Join screen
  ([{"code", "game", "status" ("waiting" or "playing"), "seats": [{"name", "open", "computer" (the
  level playing an open seat meanwhile, or None)}]}]). `net.lan.Finder` lists the servers announced
  on the local network (`Found`: name, address, port, program, `compatible`).
- `client.close()` (at the program's end: it waits up to a few seconds for the goodbyes).

The connection reconnects by itself after a drop (backoff 0.1 s doubling to 5 s) and rejoins
every table with its tokens; an action sent just before the drop is neither lost nor applied
twice (each action carries the number of actions it was chosen after, and the server refuses a
stale one).

`RemoteMatch` has the face of `game.core.match.Match` that the board kit reads, for the seats
this screen holds (`seats`, a tuple; `viewer` is the one shown, settable among them; None for a
spectator):

- `rules`, `setup` (the Setup object), `players`, `over`, `names`, `table` ({"seats": [{"name",
  "bot"?}...]} as `scenes.board.seats` reads it), `progress()`, `text(function, *args)`.
- `state` / `view(seat)`: the last view the server sent for `seat` (a held seat; any other seat or
  None gives the viewer's view: this screen sees nothing more). Never the full state.
- `decision()`: as the viewer's view tells it; `legal_actions()`: the legal actions of the viewer
  when it decides, else []; `outcome()`; `why_illegal(action)`.
- `played`: the number of actions played (Match's `played`, `len(actions)` without the list).
- `actions`: a list as long as the number of actions played. The viewer's own actions are real;
  the others are `Action("hidden")` until the game is over and the server sends the record.
- `play(action) -> list[Event]`: sends the action text for the viewer and waits for the server
  (a round trip): returns that action's events redacted for the viewer, or raises
  `IllegalAction` with the rules' reason (or why the server could not be reached).
- `poll() -> list[Event]`: call it every frame while no animation plays. It takes in everything
  the server sent since the last call (other seats' and computer seats' actions, an accepted
  undo, a reconnect) and returns the viewer's redacted events of actions not played by `play`,
  in order, for the board to animate; `revision` grows by one each time anything changed (state,
  seats, away flags, chat, an undo request), so a board resyncs its snapshot when it moves.
  `wait(timeout=1.0) -> bool` blocks until the server sends something (for tools and tests that
  have no frame loop: they wait for the next message instead of sleeping).
- `history()`, `events_of(n)`: (action number, event) of every action, redacted for the viewer.
  `state_after(n)`, `truncated(n)`: the viewer's view after n actions, for replays.
- `save() -> Save`: game, rules version and setup as any save, with `table["online"] =
  {"host", "port", "code", "seats", "tokens"}` to come back to the table; seed and actions are
  the real ones only once the game is over (the server's `record`, sent before the update that
  ends the game: a screen that sees `over` can save at once), so a finished online game is
  saved and replayed like any other.
- Undo is a request: `why_no_undo()` (None when the viewer may ask), `request_undo()`;
  `undo_request` is {"by": seat} while another seat asks, answered with `answer_undo(accept)`;
  an accepted undo arrives through `poll()` (the view goes back, `revision` moves).
  `undo()`, `redo()`, `can_redo()` keep Match's names: `undo()` sends the request and returns
  None, `can_redo()` is False.
- Online only: `code`, `host` (this screen is the host), `seat_info` (per seat: name, kind,
  level, open, away), `connected` and `status_text` ("Reconnecting…"), `chat` (list of
  {"seat", "name", "text"}), `send_chat(text)`, `handover(seat, level)` (host: an away seat to a
  computer), `leave()`, `end()` (host), `close()`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from net.connection import AsyncClient, NetError
from net.pending import LATE, Pending
from net.remote import RemoteMatch

__all__ = ["AsyncClient", "NetError", "Pending", "RemoteMatch", "TableClient"]

log = logging.getLogger("tabletrio.client")

class TableClient:
    """The app's side: an asyncio loop in a daemon thread, and calls that open a `RemoteMatch` (one connection
    each): `begin_*` return a `Pending` at once, the others block until it is done. See the module docstring."""

    def __init__(self, host: str, port: int, timeout: float = 10.0):
        self.host, self.port, self.timeout = host, port, timeout
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="tabletrio-net", daemon=True)
        self.thread.start()
        self.matches: list[RemoteMatch] = []
        self.closed = False

    def submit(self, coro: Coroutine[Any, Any, Any], timeout: float | None = None) -> Pending:
        """Run `coro` on the network thread, bounded by `timeout` seconds (the client's by default): a Pending."""
        limit = self.timeout if timeout is None else timeout

        async def bounded() -> Any:
            try:
                return await asyncio.wait_for(coro, limit)
            except TimeoutError:
                raise NetError(LATE) from None
            except NetError:
                raise
            except Exception as e:  # whatever else went wrong reaches the player as a sentence
                log.exception("a request to the table server failed")
                raise NetError(f"The table server's answer could not be read ({type(e).__name__}).") from None

        if self.closed:
            coro.close()
            return Pending.failed("This connection to the table server was closed.")
        return Pending(asyncio.run_coroutine_threadsafe(bounded(), self.loop))

    def call(self, coro: Coroutine[Any, Any, Any], timeout: float | None = None) -> Any:
        """Run `coro` on the network thread and wait for it (tests, tools): its value, or NetError."""
        pending = self.submit(coro, timeout)
        if not pending.wait((self.timeout if timeout is None else timeout) + 2.0):
            raise NetError(LATE)
        return pending.result()

    def _wait(self, pending: Pending) -> Any:
        pending.wait(self.timeout + 2.0)
        if not pending.done:
            raise NetError(LATE)
        return pending.result()

    def _open(self, request: dict, resume: Callable[[dict], dict]) -> Pending:
        inbox: queue.Queue = queue.Queue()
        conn = AsyncClient(self.host, self.port, inbox.put)

        async def go() -> RemoteMatch:
            try:
                await conn.open()
                answer = await conn.request(request)
                conn.resume = resume(answer)
                match = RemoteMatch(self, conn, inbox, answer)
            except BaseException:  # refused, unreachable, given up: no connection is left behind
                await asyncio.shield(conn.close())
                raise
            self.matches.append(match)
            return match

        return self.submit(go())

    def begin_tables(self, timeout: float = 5.0) -> Pending:
        """The tables of this server with an open seat: [{code, game, status, seats: [{name, open, computer}]}] (a
        short-lived connection), as a Pending."""
        conn = AsyncClient(self.host, self.port, reconnect=False)

        async def go() -> list[dict]:
            try:
                await conn.open()
                return (await conn.request({"t": "tables"}, timeout))["tables"]
            finally:
                await asyncio.shield(conn.close())

        return self.submit(go(), timeout + 5)

    def begin_create(self, game: str, setup: dict, seats: list[dict], wait: bool = True) -> Pending:
        return self._open({"t": "create", "game": game, "setup": setup, "seats": seats, "wait": wait},
                          lambda a: {"t": "rejoin", "code": a["code"], "token": a["host_token"]})

    def begin_join(self, code: str, seat: int | None = None, name: str = "") -> Pending:
        return self._open({"t": "join", "code": code, "seat": seat, "name": name},
                          lambda a: {"t": "rejoin", "code": a["code"], "token": next(iter(a["tokens"].values()))})

    def begin_rejoin(self, code: str, token: str) -> Pending:
        return self._open({"t": "rejoin", "code": code, "token": token},
                          lambda a: {"t": "rejoin", "code": a["code"], "token": token})

    def begin_spectate(self, code: str) -> Pending:
        return self._open({"t": "spectate", "code": code}, lambda a: {"t": "spectate", "code": a["code"]})

    # the same, waited for (tests and tools; a screen uses the begin_ forms)
    def tables(self, timeout: float = 5.0) -> list[dict]:
        return self._wait(self.begin_tables(timeout))

    def create(self, game: str, setup: dict, seats: list[dict], wait: bool = True) -> RemoteMatch:
        return self._wait(self.begin_create(game, setup, seats, wait))

    def join(self, code: str, seat: int | None = None, name: str = "") -> RemoteMatch:
        return self._wait(self.begin_join(code, seat, name))

    def rejoin(self, code: str, token: str) -> RemoteMatch:
        return self._wait(self.begin_rejoin(code, token))

    def spectate(self, code: str) -> RemoteMatch:
        return self._wait(self.begin_spectate(code))

    def close(self) -> None:
        """Close every connection and stop the network thread (blocks up to a few seconds: at the program's end)."""
        if self.closed:
            return  # closed already
        for match in self.matches:
            with contextlib.suppress(NetError, RuntimeError):
                self.call(match.conn.close(), timeout=3)

        async def cancel_the_rest() -> None:  # a reconnect still waiting for its next try ends with the loop
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()

        with contextlib.suppress(NetError, RuntimeError):
            self.call(cancel_the_rest(), timeout=3)
        self.closed = True
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=3)
