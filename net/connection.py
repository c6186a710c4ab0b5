"""One connection to a table server (`AsyncClient`, asyncio): requests and answers, pushes, reconnection.

The app does not use it directly: `net.client.TableClient` runs it in a thread and `RemoteMatch`
reads what it receives. Tests and the benchmark use it on their own loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from typing import Any

import websockets
from websockets.asyncio.client import connect

from game import registry
from net import PROGRAM_VERSION
from net.protocol import MAX_SERVER_FRAME, PROTOCOL, ProtocolError, decode, encode

log = logging.getLogger("tabletrio.client")

BACKOFF_FIRST, BACKOFF_MAX = 0.1, 5.0


class NetError(Exception):
    """The server refused a request, or cannot be reached; `reason` is a sentence a player can read."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def hello() -> dict:
    """The hello this program sends: its version, the protocol's and every game's rules version."""
    return {"t": "hello", "program": PROGRAM_VERSION, "protocol": PROTOCOL,
            "rules": {gid: registry.load(gid).VERSION for gid in registry.available()}}


class AsyncClient:
    """One connection to a table server, on the caller's asyncio loop.

    `request(message)` sends a message and waits for its answer (matched by `id`); a `refused`
    answer raises NetError with the server's reason (an act's answer is the seat's update, which goes to
    `on_message` as well, before the request returns). Every other frame goes to `on_message`
    (called on the loop). When the connection drops, `on_message({"t": "_disconnected"})`, then
    it reconnects with backoff, says hello again and sends `resume()` (what `remember` kept: a
    rejoin with the seat's token, or a spectate), whose answer goes to `on_message` as well,
    followed by `{"t": "_connected"}`. `close()` stops for good.
    """

    def __init__(self, host: str, port: int, on_message: Callable[[dict], None] | None = None, *, reconnect: bool = True):
        self.url = f"ws://{host}:{port}"
        self.host, self.port = host, port
        self.on_message = on_message or (lambda m: None)
        self.reconnect = reconnect
        self.ws: Any = None
        self.connected = False
        self.closed = False
        self.resume: dict | None = None  # what to send after a reconnect to sit again
        self._next_id = 0
        self._waiting: dict[int, asyncio.Future] = {}
        self._reader: asyncio.Task | None = None
        self.reconnects = 0
        self.frames: list | None = None  # when a list: every frame received, as sent (tests compare them byte for byte)

    async def open(self) -> dict:
        """Connect and say hello; the server's welcome (NetError when refused or unreachable)."""
        try:
            self.ws = await connect(self.url, max_size=MAX_SERVER_FRAME, open_timeout=5, close_timeout=2,
                                    compression=None, ping_interval=20, ping_timeout=20)
        except (TimeoutError, OSError, websockets.InvalidHandshake) as e:
            raise NetError(f"The table server at {self.host}:{self.port} cannot be reached ({e}).") from None
        self._reader = asyncio.get_running_loop().create_task(self._read(self.ws))
        welcome = await self.request(hello())
        self.connected = True
        return welcome

    async def request(self, message: dict, timeout: float = 10.0) -> dict:
        if self.ws is None:
            raise NetError("Not connected to the table server.")
        self._next_id += 1
        ident = self._next_id
        future = asyncio.get_running_loop().create_future()
        self._waiting[ident] = future
        try:
            await self.ws.send(encode({**message, "id": ident}))
            answer = await asyncio.wait_for(future, timeout)
        except websockets.ConnectionClosed:
            raise NetError("The connection to the table server was lost.") from None
        except TimeoutError:
            raise NetError("The table server did not answer in time.") from None
        finally:
            self._waiting.pop(ident, None)
        if answer.get("t") == "refused":
            raise NetError(answer.get("reason") or "The server refused.")
        return answer

    async def send(self, message: dict) -> None:
        """Send without waiting for an answer."""
        if self.ws is not None:
            with contextlib.suppress(websockets.ConnectionClosed):
                await self.ws.send(encode(message))

    async def _read(self, ws: Any) -> None:
        try:
            async for frame in ws:
                if self.frames is not None:
                    self.frames.append(frame)
                try:
                    msg = decode(frame)
                except ProtocolError as e:
                    log.warning("%s", e.reason)
                    continue
                re_id = msg.get("re")
                future = self._waiting.get(re_id) if re_id is not None else None
                if future is not None and not future.done():
                    if msg.get("t") == "update":
                        self.on_message(msg)  # the answer to an act is the seat's update: news like any other
                    future.set_result(msg)
                elif msg.get("t") == "refused" and msg.get("re") is not None:
                    continue  # the answer to a request that gave up waiting
                else:
                    self.on_message(msg)
        except websockets.ConnectionClosed:
            pass
        finally:
            if ws is self.ws:
                self._lost()

    def _lost(self) -> None:
        self.connected = False
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(NetError("The connection to the table server was lost."))
        if self.closed:
            return
        self.on_message({"t": "_disconnected"})
        if self.reconnect:
            asyncio.get_running_loop().create_task(self._reconnect())

    async def _reconnect(self) -> None:
        delay = BACKOFF_FIRST
        while not self.closed:
            await asyncio.sleep(delay * (0.75 + 0.5 * random.random()))
            delay = min(BACKOFF_MAX, delay * 2)
            try:
                await self.open()
                if self.resume is not None:
                    self.on_message(await self.request(self.resume))
            except NetError as e:
                log.info("reconnect failed: %s", e.reason)
                if self.ws is not None:
                    await self.ws.close()
                continue
            self.reconnects += 1
            self.on_message({"t": "_connected"})
            return

    async def close(self) -> None:
        self.closed = True
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(self._reader, 3)

    async def drop(self) -> None:
        """Cut the connection without a goodbye, as a network failure would (tests): it then reconnects."""
        if self.ws is not None:
            self.ws.transport.abort()
