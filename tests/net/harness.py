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


async def until(condition, seconds: float = 5.0, step: float = 0.002) -> None:
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
