"""Loopback helpers for the net tests: a server in this process (port 0) or in a subprocess with pygame blocked,
clients that record every frame, and bounded waits."""

from __future__ import annotations

import asyncio
import itertools
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.core.errors import IllegalAction
from net.client import TableClient
from net.connection import AsyncClient
from net.server import TableServer
from net.store import Store
from net.tables import Secrets

ROOT = Path(__file__).resolve().parents[2]
BLOCKED = "import sys; sys.modules['pygame'] = None; sys.modules['scenes'] = None; from net.server import main; sys.exit(main(sys.argv[1:]))"


def fixed_secrets(seed: int = 4_611_686_018_427_388_039) -> Secrets:
    """Codes, tokens and a seed that repeat from one server to the next, so two tables can be compared byte for byte."""
    codes = (f"T{i:05d}" for i in itertools.count(1))
    tokens = (f"tok-{i:04d}-secret-token" for i in itertools.count(1))
    return Secrets(code=lambda: next(codes), token=lambda: next(tokens), seed=lambda: seed)


async def start(folder: Path, secrets: Secrets | None = None, **options) -> tuple[TableServer, object, int]:
    server = TableServer(Store.in_folder(folder), secrets=secrets, **options)
    ws = await server.serve("127.0.0.1", 0)
    return server, ws, ws.sockets[0].getsockname()[1]


async def stop(server: TableServer, ws) -> None:
    ws.close()
    await asyncio.wait_for(ws.wait_closed(), 5)
    server.close()


class Recorder:
    """A client that keeps every frame it receives (`frames`) and every message (`messages`)."""

    def __init__(self, port: int, reconnect: bool = False):
        self.messages: list[dict] = []
        self.client = AsyncClient("127.0.0.1", port, self.messages.append, reconnect=reconnect)
        self.client.frames = []

    async def open(self) -> Recorder:
        await self.client.open()
        return self

    def last(self, kind: str, **fields) -> dict | None:
        for m in reversed(self.messages):
            if m.get("t") == kind and all(m.get(k) == v for k, v in fields.items()):
                return m
        return None


async def until(condition, seconds: float = 30.0, step: float = 0.002) -> None:
    """Wait until `condition()` holds; AssertionError after `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(step)


def server_process(folder: Path, port: int = 0) -> tuple[subprocess.Popen, int]:
    """`tabletrio-server` in a subprocess with pygame (and scenes/) blocked from import; (process, port)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", BLOCKED, "--host", "127.0.0.1", "--port", str(port), "--data", str(folder)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if not line.startswith("listening on"):
        proc.kill()
        raise AssertionError("the server did not start: " + line + proc.stderr.read()[-2000:])
    return proc, int(line.rsplit(":", 1)[1])


@pytest.fixture
def threaded_server(tmp_path):
    """A server in this process on a loop of its own thread (for the blocking TableClient): (server, port)."""
    loop = asyncio.new_event_loop()
    server, ws, port = loop.run_until_complete(start(tmp_path))
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield server, port
    asyncio.run_coroutine_threadsafe(stop(server, ws), loop).result(10)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


@pytest.fixture
def table_client(threaded_server):
    """A blocking TableClient on the threaded server, closed after the test: (server, client)."""
    server, port = threaded_server
    client = TableClient("127.0.0.1", port)
    yield server, client
    client.close()


# -- screens driven by random legal actions (blocking RemoteMatch objects) -------------------------------------

def drive(matches, rng, actions: int, seconds: float = 60.0, acked: list | None = None, stop=None) -> int:
    """Play random legal actions from these screens until `actions` were acknowledged, every screen's game is
    over, `stop()` holds, or `seconds` passed (a bound for a broken server, never the expected way out).
    Between moves it waits for the server's next message rather than for a time, so a loaded machine only makes
    it slower. Each acknowledged action is noted in `acked` as (n, text); returns how many were."""
    deadline = time.monotonic() + seconds
    done = 0
    while done < actions and time.monotonic() < deadline:
        moved = False
        for m in matches:
            m.poll()
            legal = m.legal_actions()
            if legal and not m.over and m.connected and done < actions:
                action = legal[rng.below(len(legal))]
                n = len(m.actions)
                try:
                    m.play(action)
                except IllegalAction:
                    continue  # the server was out of reach: this screen looks again once back
                if acked is not None:
                    acked.append((n + 1, str(action)))
                done += 1
                moved = True
        if all(m.over for m in matches) or (stop is not None and stop()):
            break
        if not moved:
            matches[0].wait(min(0.2, max(0.0, deadline - time.monotonic())))  # every seat hears of every action
    return done


def settled(matches, seconds: float = 30.0) -> None:
    """Wait until every screen has heard of the same number of actions and a human screen decides (or the game
    is over): the computer seats have nothing left to play. AssertionError after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        for m in matches:
            m.poll()
        counts = {len(m.actions) for m in matches}
        if len(counts) == 1 and all(m.connected for m in matches) and (
                any(m.legal_actions() for m in matches) or all(m.over for m in matches)):
            return
        assert time.monotonic() < deadline, f"the screens did not settle: {counts} actions"
        matches[0].wait(0.2)
