"""The table server this program hosts ("Host a table") and the connections it opened, for every online scene.

The server runs in a process of its own (`net.command.ServerProcess`) with its tables in the user data
(`server/` beside the saves), on port 8765 when it is free (so a friend's program finds it again after
this one restarts), announced on the local network. It lives as long as the program: `close_all()` at
the app's end stops it; a program killed outright leaves it serving, and a restarted program finds it
there when it rejoins. $TABLETRIO_SERVER_LISTEN sets the address it listens on (tests: 127.0.0.1, then
nothing is announced) and $TABLETRIO_SERVER_PORT its port.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import threading
from typing import Any

from net.client import NetError, RemoteMatch, TableClient
from scenes.online import memory
from scenes.settings import data_dir

DEFAULT_PORT = 8765
LOOPBACK = "127.0.0.1"

_server: Any = None  # net.command.ServerProcess
_starting: threading.Thread | None = None  # start_server_soon's thread while it runs
_start_error: str | None = None  # why the last start in the background failed
_clients: dict[tuple[str, int], TableClient] = {}


def listen_address() -> str:
    return os.environ.get("TABLETRIO_SERVER_LISTEN") or "0.0.0.0"


def wanted_port() -> int:
    try:
        return int(os.environ.get("TABLETRIO_SERVER_PORT") or DEFAULT_PORT)
    except ValueError:
        return DEFAULT_PORT


def hosting() -> int | None:
    """The port of the server this program runs, or None."""
    return _server.port if _server is not None and _server.running else None


def _start_quietly(port: int | None = None) -> None:
    global _start_error
    try:
        start_server(port, revived=True) if port is not None else start_server()
        _start_error = None
    except NetError as e:  # said when the host opens the table (server_ready)
        _start_error = e.reason


def start_server_soon(port: int | None = None) -> None:
    """Start the server in the background (the host picks the game's options meanwhile); start_server() waits for it."""
    global _starting
    if hosting() is None and (_starting is None or not _starting.is_alive()):
        _starting = threading.Thread(target=_start_quietly, args=(port,), daemon=True)
        _starting.start()


def server_ready(port: int | None = None):
    """Steps (scenes.online.connecting) that start this program's server in the background if it is not running
    and wait for it, a frame at a time: its port, or NetError saying why it could not start."""
    if hosting() is None:
        start_server_soon(port)
    while _starting is not None and _starting.is_alive():
        yield None
    if hosting() is None:
        raise NetError(f"The table server could not start: {_start_error or 'no port was free'}.")
    return hosting()


def revive() -> bool:
    """The server this program started has stopped (it crashed, or was killed): start it again on its port, in
    the background; its tables are on disk, and every client reconnects by itself. True when it does so."""
    global _server
    if _server is None or _server.running or (_starting is not None and _starting.is_alive()):
        return False
    port, _server = _server.port, None
    start_server_soon(port)
    return True


def start_server(port: int | None = None, revived: bool = False) -> int:
    """Start this program's table server (once); its port. NetError with the reason when it cannot start.
    `revived`: only on `port`, where the players' programs are reconnecting."""
    global _server
    if _starting is not None and _starting is not threading.current_thread():
        _starting.join(90)
    if hosting() is not None:
        return _server.port
    from net.command import ServerProcess

    listen = listen_address()
    folder = data_dir() / "server"
    tried = [port or wanted_port()] + ([] if revived else [0])  # the usual port, else any free one
    last = ""
    for p in tried:
        try:
            _server = ServerProcess(folder, port=p, host=listen, announce=listen == "0.0.0.0")
        except OSError as e:
            last = str(e)
            continue
        atexit.register(stop_server)
        return _server.port
    raise NetError(f"The table server could not start ({last or 'no port was free'}).")


def stop_server() -> None:
    global _server
    if _server is not None:
        with contextlib.suppress(OSError):
            _server.stop()
        _server = None


def client(host: str, port: int) -> TableClient:
    """One client (a thread and its loop) per server, opened on first use."""
    key = (host.strip(), int(port))
    found = _clients.get(key)
    if found is None:
        found = _clients[key] = TableClient(*key)
    return found


def close_all() -> None:
    """The program ends: close every connection and stop the hosted server."""
    for c in list(_clients.values()):
        with contextlib.suppress(Exception):
            c.close()
    _clients.clear()
    stop_server()


def remember(match: RemoteMatch, hosted: bool = False) -> str | None:
    """Keep this screen's seat tokens in the user data (a restarted program rejoins with them)."""
    if not match.tokens and not match.host_token:
        return None  # a spectator holds no seat
    names = ", ".join(s.get("name", "") for i, s in enumerate(match.table.get("seats") or []) if i in match.seats)
    entry = memory.Entry(match.code, match.client.host, match.client.port, match.rules.GAME_ID, names,
                         {str(k): v for k, v in match.tokens.items()}, match.host_token, hosted)
    old = memory.find(match.code)
    if old is not None:
        entry.hosted = entry.hosted or old.hosted
        entry.host_token = entry.host_token or old.host_token
        entry.tokens = entry.tokens or old.tokens
        entry.name = entry.name or old.name
    return memory.remember(entry)


def rejoin(entry: memory.Entry):
    """Steps (scenes.online.connecting) back to a remembered table: its RemoteMatch. A table this program hosted
    gets its server started again if it is gone."""
    try:
        return (yield client(entry.host, entry.port).begin_rejoin(entry.code, entry.token or ""))
    except NetError:
        if not entry.hosted or hosting() is not None:
            raise
    port = yield from server_ready(entry.port)
    match = yield client(LOOPBACK, port).begin_rejoin(entry.code, entry.token or "")
    remember(match, hosted=True)
    return match


def game_title(game_id: str) -> str:
    from game import registry

    try:
        return registry.load(game_id).TITLE
    except LookupError:
        return game_id
