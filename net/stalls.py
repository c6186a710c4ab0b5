"""The server's own account of its event loop's stalls, for the bench: whose fault is a slow update?

A seat's update is late when the server's loop did not turn for a while. That happens for two reasons
the bench's latency cannot tell apart: the server had work to do (a full garbage collection, a burst
of frames), or the process was waiting for a core the machine gave to other processes. `Stalls`
wakes every few milliseconds; when a wake-up comes more than STALL seconds late, it reads from
Linux's /proc/self/schedstat how much of that time the process ran and how much it waited in the
run queue, and it times the garbage collector's passes. `tabletrio-server --stalls FILE` keeps one:
SIGUSR1 starts a new count (the bench sends it when the play begins), SIGUSR2 writes the count to
FILE (when the play ends) as JSON, atomically.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import time
from pathlib import Path
from typing import Any

STEP = 0.01  # seconds between wake-ups (about 0.5% of a core)
STALL = 0.020  # a wake-up later than this is a stall


def _sched() -> tuple[float, float] | None:
    """(seconds run on a core, seconds waited in the run queue) of this process so far; None off Linux."""
    try:
        with open("/proc/self/schedstat") as f:
            ran, waited = f.read().split()[:2]
        return int(ran) / 1e9, int(waited) / 1e9
    except (OSError, ValueError):
        return None


class Stalls:
    """Stalls of the running loop since the last `reset`, split into running and waiting for a core."""

    def __init__(self) -> None:
        self.reset()
        self._gc_began = 0.0
        gc.callbacks.append(self._gc)

    def reset(self) -> None:
        self.began = time.perf_counter()
        self.count = 0
        self.total = self.ran = self.waited = 0.0
        self.longest = self.longest_ran = 0.0
        self.gc_passes = [0, 0, 0]
        self.gc_longest = [0.0, 0.0, 0.0]

    def _gc(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_began = time.perf_counter()
            return
        generation = info.get("generation", 0)
        self.gc_passes[generation] += 1
        self.gc_longest[generation] = max(self.gc_longest[generation], time.perf_counter() - self._gc_began)

    async def watch(self) -> None:
        last, before = time.perf_counter(), _sched()
        while True:
            await asyncio.sleep(STEP)
            now, after = time.perf_counter(), _sched()
            late = now - last - STEP
            if late > STALL:
                self.count += 1
                self.total += late
                self.longest = max(self.longest, late)
                if before is not None and after is not None:
                    self.ran += after[0] - before[0]
                    self.waited += after[1] - before[1]
                    self.longest_ran = max(self.longest_ran, after[0] - before[0])
            last, before = now, after

    def summary(self) -> dict[str, Any]:
        ms = lambda s: round(1000 * s, 1)  # noqa: E731 - a unit, read four times below
        return {"seconds": round(time.perf_counter() - self.began, 1), "stalls": self.count, "stalled_ms": ms(self.total),
                "ran_ms": ms(self.ran), "waited_for_core_ms": ms(self.waited), "longest_ms": ms(self.longest),
                "longest_ran_ms": ms(self.longest_ran), "gc_passes": list(self.gc_passes),
                "gc_longest_ms": [ms(s) for s in self.gc_longest]}

    def close(self) -> None:
        """Stop timing the garbage collector's passes."""
        if self._gc in gc.callbacks:
            gc.callbacks.remove(self._gc)

    def write(self, path: Path) -> None:
        part = path.with_name(path.name + ".part")
        part.write_text(json.dumps(self.summary()))
        os.replace(part, path)
