"""The server command (`tabletrio-server`): its options, its data folder, serving until SIGINT or SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
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


FULL_COLLECTION_EVERY = 600.0  # seconds between the server's full garbage collections


def quiet_collector() -> None:
    """The collector's policy for a long-running server.

    The rules' content, the bots and the libraries are loaded at start and live as long as the process:
    moved out of the collector's sight (`gc.freeze`), they are never walked again. What is left is the
    tables' states and the connections' machinery (about 200,000 objects at 500 tables of 3): a full
    collection walks all of them and paused the server 150-390 ms each time, every few seconds under
    load, which alone put the p99 latency past 50 ms. Young collections (generations 0 and 1) go on as
    before: they free the short-lived cycles; full collections no longer start by themselves but run on
    a timer (`full_collections`), a pause once every few minutes. Reference counting frees everything that
    is not a cycle at once; a server logged during a 20 s bench of 500 tables had no cycle left for a full
    collection (gc.collect() found 0 unreachable objects three times)."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 2**30)  # generation 2 only on the timer


async def full_collections(every: float) -> None:
    """A full collection every `every` seconds (the cycles the young collections let through)."""
    while True:
        await asyncio.sleep(every)
        gc.collect()


def _resolve(stop: asyncio.Future) -> None:
    """Resolve `stop` (a second signal finds it resolved already)."""
    if not stop.done():
        stop.set_result(None)


async def run(host: str, port: int, data: Path, announce: bool = False, ready: Any = None,
              full_every: float = FULL_COLLECTION_EVERY, stalls: Path | None = None) -> None:
    """Serve until SIGINT or SIGTERM; prints 'listening on HOST:PORT' (the port chosen when 0) once ready.
    `stalls`: keep a `net.stalls.Stalls` (SIGUSR1 starts its count, SIGUSR2 writes it to that file)."""
    server = TableServer(Store.in_folder(data))
    quiet_collector()
    loop = asyncio.get_running_loop()
    tasks = [loop.create_task(full_collections(full_every))]
    if stalls is not None:
        from net.stalls import Stalls

        watch = Stalls()
        tasks.append(loop.create_task(watch.watch()))
        loop.add_signal_handler(signal.SIGUSR1, watch.reset)
        loop.add_signal_handler(signal.SIGUSR2, watch.write, stalls)
    ws_server = await server.serve(host, port)
    chosen = ws_server.sockets[0].getsockname()[1]
    print(f"listening on {host}:{chosen}", flush=True)
    stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(sig, _resolve, stop)
    lan = None
    if announce:
        from net.lan import Announcer

        lan = Announcer(chosen)
        await asyncio.get_running_loop().run_in_executor(None, lan.start)
    try:
        await stop
    finally:
        for task in tasks:
            task.cancel()
        if lan is not None:
            lan.stop()
        ws_server.close()
        await ws_server.wait_closed()
        server.close()


class ServerProcess:
    """A table server in a process of its own, for the app's "Host a table": `ServerProcess(data).port` once started.

    `host` "0.0.0.0" lets friends on the network in (the default); tests pass "127.0.0.1". `stop()` ends it
    (SIGTERM, then SIGKILL after `grace` seconds). The process never imports pygame.
    """

    def __init__(self, data: Path, port: int = 0, host: str = "0.0.0.0", announce: bool = False, timeout: float = 30.0):
        import subprocess
        import sys

        args = [sys.executable, "-c", "import sys; sys.modules['pygame'] = None; from net.server import main; sys.exit(main(sys.argv[1:]))",
                "--host", host, "--port", str(port), "--data", str(data)] + (["--announce"] if announce else [])
        root = str(Path(__file__).resolve().parents[1])
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p))
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        line = self._first_line(timeout)
        if not line.startswith("listening on"):
            self.stop()
            raise OSError(f"the table server did not start: {line.strip() or 'it said nothing'}")
        self.port = int(line.rsplit(":", 1)[1])

    def _first_line(self, timeout: float) -> str:
        import threading

        got: list[str] = []
        out = self.process.stdout
        assert out is not None, "opened with stdout=PIPE"
        reader = threading.Thread(target=lambda: got.append(out.readline()), daemon=True)
        reader.start()
        reader.join(timeout)
        return got[0] if got else ""

    @property
    def running(self) -> bool:
        return self.process.poll() is None

    def stop(self, grace: float = 5.0) -> None:
        import subprocess

        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(grace)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(grace)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabletrio-server", description="The Tabletop Trio table server (remote play).")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    parser.add_argument("--port", type=int, default=8765, help="port (0: any free port, printed at start)")
    parser.add_argument("--data", type=Path, default=None, help="folder of the tables' database")
    parser.add_argument("--announce", action="store_true", help="announce the server on the local network (mDNS)")
    parser.add_argument("--full-collection-every", type=float, default=None, metavar="SECONDS",
                        help="seconds between full garbage collections (default 600; young ones run as usual)")
    parser.add_argument("--profile", type=Path, default=None, help="write a cProfile of the run to this file at exit")
    parser.add_argument("--stalls", type=Path, default=None, help="count the loop's stalls (SIGUSR1: start, SIGUSR2: "
                        "write them to this file; see net/stalls.py)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    data = args.data if args.data is not None else default_data_dir()
    profiler = None
    if args.profile is not None:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run(args.host, args.port, data, announce=args.announce,
                            full_every=args.full_collection_every or FULL_COLLECTION_EVERY, stalls=args.stalls))
    finally:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(args.profile)
    return 0

