"""The server command's running part: where its data lives, and serving until told to stop (SIGINT, SIGTERM)."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
from pathlib import Path
from typing import Any

from net.server import TableServer
from net.store import Store


def default_data_dir() -> Path:
    override = os.environ.get("TABLETRIO_DATA_DIR")
    if override:
        return Path(override) / "server"
    import platformdirs

    return Path(platformdirs.user_data_dir("tabletrio", appauthor=False)) / "server"


async def run(host: str, port: int, data: Path, announce: bool = False, ready: Any = None) -> None:
    """Serve until SIGINT or SIGTERM; prints 'listening on HOST:PORT' (the port chosen when 0) once ready."""
    server = TableServer(Store.in_folder(data))
    # The rules' content, the bots and the libraries are loaded now and live as long as the process: moved out
    # of the collector's sight, they are not walked again by every full collection (which paused a loaded
    # server for hundreds of milliseconds).
    gc.collect()
    gc.freeze()
    ws_server = await server.serve(host, port)
    chosen = ws_server.sockets[0].getsockname()[1]
    print(f"listening on {host}:{chosen}", flush=True)
    stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(sig, lambda: stop.done() or stop.set_result(None))
    lan = None
    if announce:
        from net.lan import Announcer

        lan = Announcer(chosen)
        await asyncio.get_running_loop().run_in_executor(None, lan.start)
    try:
        await stop
    finally:
        if lan is not None:
            lan.stop()
        ws_server.close()
        await ws_server.wait_closed()
        server.close()
