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
from websockets.asyncio.server import ServerConnection, serve

from game import bots, registry
from game.core.rng import Rng
from net import PROGRAM_VERSION, wire
from net.protocol import MAX_FRAME, PROTOCOL, ProtocolError, clean_text, encode, parse
from net.conns import MAX_BAD, RATE, Conn, push
from net.lobby import CHAT_KEPT, Lobby
from net.store import SeatRow, Store
from net.tables import Refused, Secrets, Table

log = logging.getLogger("tabletrio.server")


class TableServer(Lobby):
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
        self._loading: dict[str, asyncio.Future[Table]] = {}
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

    # -- who sits where -------------------------------------------------------------------------
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
        if acted in by_seat:  # the answer goes last: a screen holding several seats has heard of it for each of them
            by_seat[acted] = by_seat.pop(acted)
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
            if level is None:  # the seat was taken back between `_maybe_computer` and this task's start
                return
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
