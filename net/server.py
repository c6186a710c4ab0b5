"""The table server: asyncio + websockets, many tables, each the only holder of its match's full state.

`tabletrio-server --port P [--data DIR]` runs it (`main`); `TableServer` is the same server for
tests and the app ("Host a table" starts it in its own process). Frames are checked by
`net.protocol`, tables kept by `net.tables` in the SQLite store of `net.store`; each connection
is sent only what its seats may see (`net.wire`). Computer seats are played here, by game.bots,
in a worker thread with a time budget so the event loop keeps serving the other tables.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import time
from typing import Any

import websockets
from websockets.asyncio.server import ServerConnection, broadcast, serve

from game import bots, registry
from game.core.errors import SaveError
from game.core.rng import Rng
from net import PROGRAM_VERSION, wire
from net.protocol import MAX_FRAME, NAME_LIMIT, PROTOCOL, ProtocolError, clean_text, encode, parse, seat_specs
from net.store import SeatRow, Store
from net.tables import Refused, Secrets, Table, open_table

log = logging.getLogger("tabletrio.server")

RATE = 100.0  # frames a second a connection may send on average (a person sends a few; a bot at full speed, dozens)
BURST = 200.0  # and at once
MAX_BAD = 20  # malformed frames before a connection is closed
CHAT_KEPT = 50


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


class TableServer:
    """Every table of one server process, and its connections."""

    def __init__(self, store: Store, *, secrets: Secrets | None = None, bot_seconds: float = 0.5,
                 clock: Any = time.monotonic):
        self.store = store
        self.secrets = secrets or Secrets()
        self.bot_seconds = bot_seconds
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.conns: set[Conn] = set()
        self.stats = {"frames": 0, "malformed": 0, "flooded": 0, "actions": 0, "refused": 0}
        self.executor = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self.loader = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="load")
        self._loading: dict[str, asyncio.Future] = {}
        self._tasks: set[asyncio.Task] = set()
        self.rules = {gid: registry.load(gid) for gid in registry.available()}

    # -- serving --------------------------------------------------------------------------------
    async def serve(self, host: str = "127.0.0.1", port: int = 0):
        """Start listening; returns the websockets server (its `sockets` give the port chosen)."""
        return await serve(self.handler, host, port, max_size=MAX_FRAME, max_queue=8,
                           ping_interval=20, ping_timeout=20, close_timeout=2, compression=None)

    async def handler(self, ws: ServerConnection) -> None:
        conn = Conn(ws, self.clock())
        self.conns.add(conn)
        try:
            async for frame in ws:
                self.stats["frames"] += 1
                if not conn.spend(self.clock()):
                    self.stats["flooded"] += 1
                    await self._send(conn, {"t": "error", "reason": f"Too many messages (more than {RATE:.0f} a second): "
                                            "this connection is closed."})
                    await ws.close(1008, "flooding")
                    break
                await self.on_frame(conn, frame)
        except websockets.ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            self._detach(conn)

    async def on_frame(self, conn: Conn, frame: str | bytes) -> None:
        try:
            msg = parse(frame)
        except ProtocolError as e:
            conn.bad += 1
            self.stats["malformed"] += 1
            await self._send(conn, {"t": "error", "reason": e.reason, "count": conn.bad})
            if conn.bad >= MAX_BAD:
                await conn.ws.close(1008, "too many malformed frames")
            return
        kind = msg["t"]
        if not conn.greeted and kind not in ("hello", "ping"):
            await self._send(conn, {"t": "refused", "re": msg.get("id"), "reason": "Say hello first."})
            return
        try:
            await getattr(self, "on_" + kind)(conn, msg)
        except Refused as e:
            self.stats["refused"] += 1
            await self._send(conn, {"t": "refused", "re": msg.get("id"), "reason": e.reason})

    async def _ok(self, conn: Conn, msg: dict) -> None:
        await self._send(conn, {"t": "ok", "re": msg.get("id")})

    async def _send(self, conn: Conn, message: dict) -> None:
        push([conn.ws], encode(message))

    # -- hello ----------------------------------------------------------------------------------
    async def on_ping(self, conn: Conn, msg: dict) -> None:
        await self._send(conn, {"t": "pong", "re": msg.get("id")})

    async def on_tables(self, conn: Conn, msg: dict) -> None:
        """The tables a newcomer may join (the Join screen lists them under the server found on the network)."""
        found = [{"code": code, "game": game, "seats": [{"name": name, "open": free} for name, free in seats]}
                 for code, game, seats in self.store.open_tables()]
        await self._send(conn, {"t": "tables", "re": msg.get("id"), "tables": found})

    async def on_hello(self, conn: Conn, msg: dict) -> None:
        reason = self.mismatch(msg)
        if reason is not None:
            await self._send(conn, {"t": "refused", "re": msg.get("id"), "reason": reason})
            await conn.ws.close(1000, "versions differ")
            return
        conn.greeted = True
        await self._send(conn, {"t": "welcome", "re": msg.get("id"), "program": PROGRAM_VERSION, "protocol": PROTOCOL,
                                "rules": {g: m.VERSION for g, m in self.rules.items()}})

    def mismatch(self, msg: dict) -> str | None:
        """Why a client of this program and these rules cannot play here (None: it can)."""
        if msg["protocol"] != PROTOCOL:
            return f"This server speaks table protocol {PROTOCOL}; your program speaks {msg['protocol']}. Update the older one."
        if msg["program"] != PROGRAM_VERSION:
            return (f"This server runs Tabletop Trio {PROGRAM_VERSION}; you run {clean_text(msg['program'], 32)}. "
                    "Both must run the same version.")
        theirs = msg["rules"]
        for gid, module in self.rules.items():
            if theirs.get(gid) != module.VERSION:
                said = theirs.get(gid)
                have = "does not have them" if said is None else f"plays version {clean_text(str(said), 12)}"
                return f"This server plays version {module.VERSION} of the {module.TITLE} rules; your program {have}."
        return None

    # -- tables ---------------------------------------------------------------------------------
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
            table, tokens = self.open(module, setup, seats)
        except (ValueError, KeyError, TypeError) as e:
            raise Refused(f"These game options cannot be played: {clean_text(str(e), 200)}") from None
        self._attach(conn, table, set(tokens), host=True)
        await self._send(conn, {"t": "created", "re": msg.get("id"), "code": table.code, "host": True, "host_token": table.host_token,
                                "tokens": {str(k): v for k, v in tokens.items()}, "seats": sorted(tokens),
                                **self._joined_extra(conn, table)})
        await self._after_change(table, info=True)

    def open(self, module: Any, setup: Any, seats: list[dict], start: Any = None) -> tuple[Table, dict]:
        """Open a table (the create message's work; tests call it to begin from a given position):
        (table, {seat: token} of the host's seats)."""
        table, tokens = open_table(self.store, self.secrets, module, setup, seats, start)
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
        views = sorted(conn.seats) or [None]
        return {"game": table.match.rules.GAME_ID, "setup": table.match.setup.to_dict(),
                "feeds": [{"seat": s, "update": wire.update(table.match, s), "history": wire.history(table.match, s)}
                          for s in views],
                "chat": [{"seat": s, "name": nm, "text": tx} for s, nm, tx in table.chat[-CHAT_KEPT:]],
                "record": table.record() if table.match.over else None}

    def _attach(self, conn: Conn, table: Table, seats: set[int], host: bool) -> None:
        if conn.table is not None and conn.table is not table:
            self._detach(conn)
        conn.table, conn.seats, conn.host = table, seats, host
        table.conns.add(conn)

    def _detach(self, conn: Conn) -> None:
        table, conn.table = conn.table, None
        if table is None:
            return
        table.conns.discard(conn)
        if table.status == "ended":
            return
        if not table.conns and not table.thinking:
            self.tables.pop(table.code, None)  # idle: its rows are on disk, loaded again on the next join
            return
        self._spawn(self._after_change(table, info=True))

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _after_change(self, table: Table, *, info: bool = False, events: list | tuple = (), updates: bool = False) -> None:
        """Tell the table what changed (its seats; its state with the events that made it), then let a computer play."""
        if info:
            for conn in list(table.conns):
                await self._send(conn, table.info(conn.host))
        if updates:
            self.send_updates(table, events)
        self._maybe_computer(table)

    def send_updates(self, table: Table, events: list | tuple = (), answer: tuple | None = None) -> None:
        """Each connection's update, built once per seat and sent to everyone holding that seat. When the game is
        over, its record goes first: a screen that sees the game over already holds what it needs to save it.
        `answer` (connection, seat, request id): the acting seat's update, carrying `re`, is the answer to its act."""
        if table.match.over and table.status == "over":
            push([c.ws for c in table.conns], encode(table.record()))
        by_seat: dict[int | None, list] = {}
        for conn in table.conns:
            for seat in (sorted(conn.seats) or [None]):
                by_seat.setdefault(seat, []).append(conn.ws)
        updates = wire.Updates(table.match, events)
        actor, acted, ident = answer if answer is not None else (None, None, None)
        for seat, sockets in by_seat.items():
            message = updates.update(seat)
            if seat == acted and actor is not None:
                others = [ws for ws in sockets if ws is not actor.ws]
                if others:
                    push(others, encode(message))
                sockets, message = [actor.ws], {**message, "re": ident}
            push(sockets, encode(message))

    # -- playing --------------------------------------------------------------------------------
    def _seated(self, conn: Conn, code: str, seat: int | None = None) -> Table:
        table = conn.table
        if table is None or table.code != code.strip().upper():
            raise Refused("You are not at that table.")
        if seat is not None and seat not in conn.seats:
            raise Refused("You do not hold that seat." if conn.seats else "Spectators only watch.")
        return table

    async def on_act(self, conn: Conn, msg: dict) -> None:
        table = self._seated(conn, msg["code"], msg["seat"])
        table.check_turn(msg["seat"], msg["action"], msg["n"])
        events = table.play(msg["seat"], msg["action"])  # committed to the store before anyone hears of it
        self.stats["actions"] += 1
        self.send_updates(table, events, answer=(conn, msg["seat"], msg.get("id")))
        self._maybe_computer(table)

    def _maybe_computer(self, table: Table) -> None:
        if table.thinking or table.status != "playing" or table.undo is not None:
            return
        seat = table.match.state.to_move
        if seat is None or table.computer_plays(seat) is None:
            return
        table.thinking = True
        self._spawn(self._computer_turn(table, seat))

    async def _computer_turn(self, table: Table, seat: int) -> None:
        try:
            match, level = table.match, table.computer_plays(seat)
            n = match.played
            bot = table.bots.get(seat)
            if bot is None:
                options = {"seconds": self.bot_seconds, "clock": time.monotonic} if level == "hard" else {}
                bot = table.bots[seat] = bots.make_bot(level, match.rules.GAME_ID, **options)
            view, legal = match.view(seat), match.legal_actions()
            rng = Rng((match.seed * 1_000_003 + n * 7919 + seat) & ((1 << 62) - 1))
            loop = asyncio.get_running_loop()
            try:
                action, _ = await asyncio.wait_for(loop.run_in_executor(self.executor, bot.choose, view, seat, legal, rng),
                                                   timeout=max(2.0, 4 * self.bot_seconds))
            except Exception:  # a bot that is too slow or fails: the table goes on with a legal action
                log.exception("computer seat %s of %s failed; playing a random legal action", seat, table.code)
                action = legal[rng.below(len(legal))]
            if table.status != "playing" or match.played != n or table.match is not match or table.computer_plays(seat) is None:
                return
            events = table.play(seat, str(action))
            self.stats["actions"] += 1
            self.send_updates(table, events)
        finally:
            table.thinking = False
        if not table.conns:
            self.tables.pop(table.code, None)
        self._maybe_computer(table)

    async def on_undo(self, conn: Conn, msg: dict) -> None:
        table = self._seated(conn, msg["code"], msg["seat"])
        waiting = table.ask_undo(msg["seat"])
        if not waiting:
            table.do_undo()
            push([c.ws for c in table.conns], encode({"t": "undo_result", "code": table.code, "accepted": True,
                                                           "by": msg["seat"]}))
            self.send_updates(table)
        else:
            push([c.ws for c in table.conns], encode({"t": "undo_asked", "code": table.code, "by": msg["seat"],
                                                           "waiting": sorted(waiting)}))
        await self._ok(conn, msg)
        self._maybe_computer(table)

    async def on_answer(self, conn: Conn, msg: dict) -> None:
        table = self._seated(conn, msg["code"], msg["seat"])
        by = None if table.undo is None else table.undo["by"]
        done = table.answer_undo(msg["seat"], msg["accept"])
        await self._ok(conn, msg)
        if done is None:
            return
        push([c.ws for c in table.conns], encode({"t": "undo_result", "code": table.code, "accepted": done,
                                                       "by": by, "answered": msg["seat"]}))
        if done:
            self.send_updates(table)
        self._maybe_computer(table)

    async def on_handover(self, conn: Conn, msg: dict) -> None:
        table = self._seated(conn, msg["code"])
        seat, level = msg["seat"], msg["level"]
        if not conn.host:
            raise Refused("Only the table's host may hand a seat to the computer.")
        if not 0 <= seat < len(table.seats) or table.seats[seat].kind == "computer":
            raise Refused("That seat is not a player's.")
        if not table.away(seat):
            raise Refused("That player is at the table: only an away seat can be handed to the computer.")
        if level not in bots.LEVELS:
            raise Refused(f"There is no computer level {clean_text(level, 16)!r}.")
        old = table.seats[seat]
        table.set_seat(seat, SeatRow(old.kind, old.name, level, old.token))
        await self._ok(conn, msg)
        await self._after_change(table, info=True)

    async def on_chat(self, conn: Conn, msg: dict) -> None:
        table = self._seated(conn, msg["code"], msg["seat"])
        text = clean_text(msg["text"], 200)
        if not text:
            raise Refused("An empty chat line is not sent.")
        name = table.seats[msg["seat"]].name or f"Player {msg['seat'] + 1}"
        table.store.add_chat(table.code, msg["seat"], name, text)
        table.chat = (table.chat + [(msg["seat"], name, text)])[-CHAT_KEPT:]
        push([c.ws for c in table.conns], encode({"t": "chat", "code": table.code, "seat": msg["seat"],
                                                       "name": name, "text": text}))
        await self._ok(conn, msg)

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

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.loader.shutdown(wait=False, cancel_futures=True)
        self.store.close()


# -- the command ------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    """`tabletrio-server` (its options and running part are in net.command: this file holds the server itself)."""
    from net.command import main as command

    return command(argv)


if __name__ == "__main__":
    raise SystemExit(main())
