"""Coming to a table and leaving it: the server's answers to create, join, rejoin, spectate, tables, start, leave
and end (a part of `net.server.TableServer`, kept apart so each file stays readable).

A table is loaded from the store on first use (`table`), its match rebuilt by replaying its actions in a
thread of its own.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from game import bots
from game.core.errors import SaveError
from net import wire
from net.protocol import NAME_LIMIT, clean_text, encode, seat_specs
from net.conns import push
from net.store import SeatRow
from net.tables import Refused, Table, open_table

if TYPE_CHECKING:
    import concurrent.futures

    from net.conns import Conn
    from net.store import Store
    from net.tables import Secrets

CHAT_KEPT = 50


class Lobby:
    """The table server's handlers for seating (mixed into `TableServer`, whose state and helpers they use)."""

    store: Store
    secrets: Secrets
    rules: dict[str, Any]
    tables: dict[str, Table]
    loader: concurrent.futures.ThreadPoolExecutor
    _loading: dict[str, asyncio.Future[Table]]

    if TYPE_CHECKING:  # TableServer's own
        def _attach(self, conn: Conn, table: Table, seats: set[int], host: bool) -> None: ...
        def _detach(self, conn: Conn) -> None: ...
        def _seated(self, conn: Conn, code: str, seat: int | None = None) -> Table: ...
        async def _send(self, conn: Conn, message: dict) -> None: ...
        async def _ok(self, conn: Conn, msg: dict) -> None: ...
        async def _after_change(self, table: Table, *, info: bool = False, events: list | tuple = (),
                                updates: bool = False) -> None: ...

    async def table(self, code: str) -> Table:
        """A table by its code, loaded from the store on first use. Its match is rebuilt by replaying its actions in
        a thread of its own (`loader`), so a restart's burst of rejoins does not stop the loop for each replay; the
        rejoins of one table share its one replay."""
        code = code.strip().upper()
        table = self.tables.get(code)
        if table is not None:
            return table
        loading = self._loading.get(code)
        if loading is None:
            row = self.store.load(code)
            if row is None:
                raise Refused(f"There is no table {clean_text(code, 12)!r} on this server.")
            if row.status == "ended":
                raise Refused("This table has ended.")
            module = self.rules.get(row.game)
            if module is None or row.version != module.VERSION:
                raise Refused("This table was made for other rules than this server plays.")
            loading = self._loading[code] = asyncio.get_running_loop().run_in_executor(self.loader, Table.from_row, row, self.store)
            loading.add_done_callback(lambda done: self._loaded(code, done))
        try:
            table = await asyncio.shield(loading)
        except SaveError as e:
            raise Refused(f"This table cannot be restored: {e}") from None
        return self.tables.get(code, table)

    def _loaded(self, code: str, done: asyncio.Future) -> None:
        self._loading.pop(code, None)
        if not done.cancelled() and done.exception() is None:
            self.tables.setdefault(code, done.result())

    async def on_tables(self, conn: Conn, msg: dict) -> None:
        """The tables a newcomer may join (the Join screen lists them under the server found on the network): each
        waiting for its start or playing; an open seat may be played by the computer meanwhile (`computer`)."""
        found = [{"code": code, "game": game, "status": status,
                  "seats": [{"name": name, "open": free, "computer": level} for name, free, level in seats]}
                 for code, game, status, seats in self.store.open_tables()]
        await self._send(conn, {"t": "tables", "re": msg.get("id"), "tables": found})

    async def on_create(self, conn: Conn, msg: dict) -> None:
        module = self.rules.get(msg["game"])
        if module is None:
            raise Refused(f"This server does not know the game {clean_text(msg['game'], 32)!r}.")
        seats = seat_specs(msg["seats"]) if isinstance(msg["seats"], list) else []
        for spec in seats:
            if spec["kind"] == "computer" and spec["level"] not in bots.LEVELS:
                raise Refused(f"There is no computer level {clean_text(spec['level'], 16)!r} (known: {', '.join(bots.LEVELS)}).")
        try:
            setup = module.Setup.from_dict(msg["setup"])
            table, tokens = self.open(module, setup, seats, waiting=msg.get("wait", True))
        except (ValueError, KeyError, TypeError) as e:
            raise Refused(f"These game options cannot be played: {clean_text(str(e), 200)}") from None
        self._attach(conn, table, set(tokens), host=True)
        await self._send(conn, {"t": "created", "re": msg.get("id"), "code": table.code, "host": True, "host_token": table.host_token,
                                "tokens": {str(k): v for k, v in tokens.items()}, "seats": sorted(tokens),
                                **self._joined_extra(conn, table)})
        await self._after_change(table, info=True)

    def open(self, module: Any, setup: Any, seats: list[dict], start: Any = None, waiting: bool = True) -> tuple[Table, dict]:
        """Open a table (the create message's work; tests call it to begin from a given position):
        (table, {seat: token} of the host's seats)."""
        table, tokens = open_table(self.store, self.secrets, module, setup, seats, start, waiting)
        self.tables[table.code] = table
        return table, tokens

    async def on_join(self, conn: Conn, msg: dict) -> None:
        table = await self.table(msg["code"])
        wanted = msg.get("seat")
        open_seats = [i for i, s in enumerate(table.seats) if s.kind == "remote" and s.token is None]
        if wanted is not None and wanted not in open_seats:
            raise Refused("That seat is not open." if wanted < len(table.seats) else "This table has no such seat.")
        if not open_seats:
            raise Refused("No seat is open at this table; you may watch it.")
        seat = open_seats[0] if wanted is None else wanted
        old = table.seats[seat]
        name = clean_text(msg.get("name", ""), NAME_LIMIT) or old.name
        token = self.secrets.token()
        table.set_seat(seat, SeatRow("remote", name, None, token))
        self._attach(conn, table, {seat}, host=False)
        await self._send(conn, {"t": "joined", "re": msg.get("id"), "code": table.code, "seats": [seat],
                                "tokens": {str(seat): token}, "host": False, **self._joined_extra(conn, table)})
        await self._after_change(table, info=True)

    async def on_rejoin(self, conn: Conn, msg: dict) -> None:
        table = await self.table(msg["code"])
        seats = table.seat_of_token(msg["token"])
        if seats is None:
            raise Refused("That token opens no seat of this table.")
        host = table.is_host_token(msg["token"])
        for seat in seats:
            for other in table.holders(seat):
                if other is not conn:
                    other.seats.discard(seat)  # the same player come back on a new connection
        self._attach(conn, table, set(seats), host=host)
        await self._send(conn, {"t": "joined", "re": msg.get("id"), "code": table.code, "seats": sorted(seats),
                                "host": host, **self._joined_extra(conn, table)})
        await self._after_change(table, info=True)

    async def on_spectate(self, conn: Conn, msg: dict) -> None:
        table = await self.table(msg["code"])
        self._attach(conn, table, set(), host=False)
        await self._send(conn, {"t": "joined", "re": msg.get("id"), "code": table.code, "seats": [], "host": False,
                                **self._joined_extra(conn, table)})
        await self._send(conn, table.info(False))

    def _joined_extra(self, conn: Conn, table: Table) -> dict:
        """What a seat coming to the table needs: its view now and the history of every action, redacted for it."""
        views: list[int | None] = [*sorted(conn.seats)] or [None]  # a spectator sees what nobody's seat sees
        return {"game": table.match.rules.GAME_ID, "setup": table.match.setup.to_dict(),
                "feeds": [{"seat": s, "update": wire.update(table.match, s), "history": wire.history(table.match, s)}
                          for s in views],
                "chat": [{"seat": s, "name": nm, "text": tx} for s, nm, tx in table.chat[-CHAT_KEPT:]],
                "record": table.record() if table.match.over else None,
                "status": table.status, "start": table.why_no_start(conn.host)}

    async def on_start(self, conn: Conn, msg: dict) -> None:
        """The host starts the game: everyone hears the table is playing, each seat gets its first update, and the
        computer seats begin (see `Table.start` for an open seat and `fill`)."""
        table = self._seated(conn, msg["code"])
        fill = msg.get("fill")
        if fill is not None and fill not in bots.LEVELS:
            raise Refused(f"There is no computer level {clean_text(fill, 16)!r} (known: {', '.join(bots.LEVELS)}).")
        table.start(conn.host, fill)
        await self._ok(conn, msg)
        await self._after_change(table, info=True, updates=True)

    async def on_leave(self, conn: Conn, msg: dict) -> None:
        table = self._seated(conn, msg["code"])
        for seat in sorted(conn.seats):
            s = table.seats[seat]
            if s.kind == "remote":
                table.set_seat(seat, SeatRow("remote", s.name, s.level, None))  # open again: another player may join
        await self._send(conn, {"t": "left", "re": msg.get("id"), "code": table.code})
        self._detach(conn)
        conn.seats = set()

    async def on_end(self, conn: Conn, msg: dict) -> None:
        table = self._seated(conn, msg["code"])
        if not conn.host:
            raise Refused("Only the table's host may end it.")
        table.status = "ended"
        table.store.set_status(table.code, "ended")
        push([c.ws for c in table.conns], encode({"t": "ended", "code": table.code, "re": msg.get("id"),
                                                       "reason": "The host ended the table."}))
        for c in list(table.conns):
            c.table, c.seats = None, set()
        table.conns.clear()
        self.tables.pop(table.code, None)
