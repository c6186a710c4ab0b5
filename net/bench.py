"""The table server under load: `python -m net.bench --tables T --seconds S`.

It starts `tabletrio-server` in a subprocess (pinned to one core when it can be, data in a temporary
folder), opens T tables of a game (default: Krom, 3 seats: the host's and two remote players', so
3 connections a table), lets every table sit idle to measure the server's memory per idle table,
then has bot clients play random legal actions (each seat thinks `--think` seconds on average,
exponentially distributed) for S seconds, and prints: actions per second, p50/p99/max latency from
an action sent to its update received by every seat of the table, the server's CPU per action
(from /proc), its memory per idle table and per playing table, and the server's own count of its
loop's stalls during the play (net/stalls.py: how long the loop did not turn, how much of that the
process ran and how much it waited for a core the machine gave to others, the garbage collector's
passes). Loopback only; it stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

from net.connection import hello
from net.protocol import MAX_SERVER_FRAME, encode

SERVER = os.environ.get("TABLETRIO_BENCH_SERVER") or (
    "import sys; sys.modules['pygame'] = None; from net.server import main; sys.exit(main(sys.argv[1:]))")


def _rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def _cpu_seconds(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds of a process so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


_UPDATE = re.compile(r'"legal":(\[[^\]]*\]),"n":(\d+),"outcome":.*?"seat":(null|\d+),"t":"update"')


def _quick_update(frame: str) -> dict | None:
    """The few fields of an update a bot client needs, read without decoding the view (sorted keys make the top
    level's order fixed): the clients must cost less than the server they measure."""
    if '"t":"update"' not in frame:
        return None
    m = _UPDATE.search(frame)
    if m is None:
        return None
    seat = None if m.group(3) == "null" else int(m.group(3))
    return {"t": "update", "legal": json.loads(m.group(1)), "n": int(m.group(2)), "seat": seat}


class Table:
    def __init__(self, seats: int):
        self.seats = seats
        self.sent: dict[int, float] = {}  # action number -> when it was sent
        self.arrived: dict[int, int] = {}
        self.code = ""


class Bench:
    def __init__(self, port: int, think: float, rng: random.Random):
        self.url = f"ws://127.0.0.1:{port}"
        self.think, self.rng = think, rng
        self.playing = False
        self.latencies: list[float] = []
        self.actions = 0
        self.refused = 0
        self.tasks: set[asyncio.Task] = set()

    async def seat(self, table: Table, first: dict | None, ws) -> None:
        """One seat's connection: reads its frames, acts when it decides."""
        pending: asyncio.Task | None = None
        myself = None
        frames = ws.__aiter__()
        while True:
            if first is not None:
                msg, first = first, None
            else:
                try:
                    frame = await frames.__anext__()
                except StopAsyncIteration:
                    return
                msg = _quick_update(frame) or json.loads(frame)
            t = msg.get("t")
            if t in ("created", "joined"):
                myself = msg["seats"][0] if msg["seats"] else None
                msg, t = msg["feeds"][0]["update"], "update"  # where the table stands when this seat sits
            if t == "refused":
                self.refused += 1
                continue
            if t != "update":
                continue
            n = msg["n"]
            if n in table.sent:
                table.arrived[n] = table.arrived.get(n, 0) + 1
                if table.arrived[n] == table.seats:
                    self.latencies.append(time.monotonic() - table.sent.pop(n))
                    del table.arrived[n]
            if msg["legal"] and msg["seat"] == myself and (pending is None or pending.done()):
                pending = asyncio.get_running_loop().create_task(self.act(ws, table, myself, n, msg["legal"]))

    async def act(self, ws, table: Table, seat: int, n: int, legal: list) -> None:
        while not self.playing:
            await asyncio.sleep(0.2)
        await asyncio.sleep(self.rng.expovariate(1 / self.think) if self.think > 0 else 0)
        if not self.playing:
            return
        table.sent[n + 1] = time.monotonic()
        self.actions += 1
        # with an id, as the app's client sends it: the server answers with the seat's update carrying it
        await ws.send(encode({"t": "act", "code": table.code, "seat": seat, "n": n, "action": self.rng.choice(legal),
                              "id": n + 1}))

    async def connection(self):
        ws = await connect(self.url, max_size=MAX_SERVER_FRAME, compression=None, open_timeout=30, ping_interval=None)
        await ws.send(encode({**hello(), "id": 0}))
        assert json.loads(await ws.recv())["t"] == "welcome"
        return ws

    async def open_table(self, game: str, setup: dict, players: int) -> Table:
        table = Table(players)
        host = await self.connection()
        seats = [{"kind": "host" if i == 0 else "remote", "name": f"P{i + 1}"} for i in range(players)]
        await host.send(encode({"t": "create", "wait": False, "game": game, "setup": setup, "seats": seats, "id": 1}))
        while True:
            msg = json.loads(await host.recv())
            if msg["t"] == "created":
                break
        table.code = msg["code"]
        self._spawn(self.seat(table, msg, host))
        for _ in range(players - 1):
            ws = await self.connection()
            await ws.send(encode({"t": "join", "code": table.code, "id": 2}))
            while True:
                msg = json.loads(await ws.recv())
                if msg["t"] == "joined":
                    break
            self._spawn(self.seat(table, msg, ws))
        return table

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


def _stalls(path: Path) -> dict:
    """The server's own count of its loop's stalls during the play (net/stalls.py): whose time they were."""
    for _ in range(50):
        if path.exists():
            break
        time.sleep(0.1)
    try:
        got = json.loads(path.read_text())
    except (OSError, ValueError):
        return {"server_stalls": "not written"}
    return {"server_stalls_over_20ms": got["stalls"], "stalled_ms": got["stalled_ms"],
            "stalled_waiting_core_ms": got["waited_for_core_ms"], "stalled_running_ms": got["ran_ms"],
            "longest_stall_ms": got["longest_ms"], "longest_stall_running_ms": got["longest_ran_ms"],
            "gc_passes_by_generation": got["gc_passes"], "gc_longest_ms_by_gen": got["gc_longest_ms"]}


def _percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def measure(port: int, pid: int, args) -> dict:
    from game import registry

    rules = registry.load(args.game)
    setup = rules.bench_setup().to_dict()
    if "players" in setup:
        setup["players"] = args.players
    players = rules.Setup.from_dict(setup)
    players = rules.new_game(players, 1).num_players
    bench = Bench(port, args.think, random.Random(args.seed))
    await asyncio.sleep(0.5)
    base = _rss_kb(pid)
    began = time.monotonic()
    tables = []
    for _ in range(args.tables):
        tables.append(await bench.open_table(args.game, setup, players))
    opened = time.monotonic() - began
    # the bot clients' own full collections (1,500 connections' objects) would pause them and be counted as the
    # server's latency: what they hold now lives until the end, out of the collector's sight
    gc.collect()
    gc.freeze()
    gc.set_threshold(gc.get_threshold()[0], gc.get_threshold()[1], 2**30)
    await asyncio.sleep(2.0)  # idle: every table open, every seat connected, nobody playing
    idle = _rss_kb(pid)
    cpu0, t0, mine0 = _cpu_seconds(pid), time.monotonic(), time.process_time()
    os.kill(pid, signal.SIGUSR1)  # the server's stall count starts with the play
    bench.playing = True
    await asyncio.sleep(args.seconds)
    bench.playing = False
    os.kill(pid, signal.SIGUSR2)  # and is written now
    elapsed = time.monotonic() - t0
    user, system = (b - a for a, b in zip(cpu0, _cpu_seconds(pid), strict=True))
    mine = time.process_time() - mine0
    cpu = user + system
    await asyncio.sleep(1.0)
    played = _rss_kb(pid)
    lat = bench.latencies
    for task in list(bench.tasks):
        task.cancel()
    return {
        "game": args.game, "tables": args.tables, "connections": args.tables * players, "seconds": round(elapsed, 1),
        "think_s": args.think, "open_s": round(opened, 1),
        "actions": len(lat), "actions_per_s": round(len(lat) / elapsed, 1),
        "p50_ms": round(1000 * _percentile(lat, 50), 1), "p99_ms": round(1000 * _percentile(lat, 99), 1),
        "max_ms": round(1000 * max(lat), 1) if lat else None,
        "server_cpu_per_action_ms": round(1000 * cpu / max(1, len(lat)), 2),
        "of_which_kernel_ms": round(1000 * system / max(1, len(lat)), 2),  # the sockets' system calls
        "server_cpu_share": round(cpu / elapsed, 2),
        "bench_clients_cpu_share": round(mine / elapsed, 2),  # near 1.0: the clients, not the server, set the pace
        "kb_per_idle_table": round((idle - base) / args.tables, 1),
        "kb_per_table_after_play": round((played - base) / args.tables, 1),
        "refused": bench.refused,
        **_stalls(args.stalls_file),
        "load_average": open("/proc/loadavg").read().split()[0],  # the machine's other work (shared cores)
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m net.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a seat thinks before acting")
    parser.add_argument("--game", default="krom")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--core", type=int, default=0, help="the core the server is pinned to (-1: not pinned)")
    parser.add_argument("--full-collection-every", type=float, default=None, metavar="SECONDS",
                        help="the server's seconds between full garbage collections (default: the server's own, 600)")
    parser.add_argument("--profile", default=None, help="the server writes a cProfile of its run to this file")
    args = parser.parse_args(argv)
    args.seconds = max(1.0, min(args.seconds, 600.0))
    with tempfile.TemporaryDirectory(prefix="tabletrio-bench-") as folder:
        env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
        args.stalls_file = Path(folder) / "stalls.json"
        proc = subprocess.Popen([sys.executable, "-c", SERVER, "--host", "127.0.0.1", "--port", "0", "--data", folder,
                                 "--stalls", str(args.stalls_file)]
                                + (["--profile", str(Path(args.profile).resolve())] if args.profile else [])
                                + (["--full-collection-every", str(args.full_collection_every)]
                                   if args.full_collection_every else []),
                                stdout=subprocess.PIPE, text=True, env=env)
        try:
            if args.core >= 0 and hasattr(os, "sched_setaffinity"):
                os.sched_setaffinity(proc.pid, {args.core})
                others = set(os.sched_getaffinity(0)) - {args.core}
                if others:  # the bot clients on the other cores: what is measured is the server, not them
                    os.sched_setaffinity(0, others)
            assert proc.stdout is not None, "opened with stdout=PIPE"
            port = int(proc.stdout.readline().rsplit(":", 1)[1])
            result = asyncio.run(asyncio.wait_for(measure(port, proc.pid, args), args.seconds + 600))
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    for key, value in result.items():
        print(f"{key:>26}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
