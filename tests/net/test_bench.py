"""`python -m net.bench`: it runs a few tables over the loopback, prints its figures and stops by itself."""

import pstats
import subprocess
import sys

import pytest

from tests.net.harness import ROOT


@pytest.mark.slow
def test_the_bench_plays_a_few_tables_prints_its_figures_and_stops(tmp_path):
    profile = tmp_path / "server.prof"
    done = subprocess.run([sys.executable, "-m", "net.bench", "--tables", "2", "--seconds", "1", "--think", "0.05",
                           "--core", "-1", "--profile", str(profile)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    figures = dict(line.strip().split(": ", 1) for line in done.stdout.splitlines() if ": " in line)
    assert figures["connections"] == "6" and int(figures["actions"]) > 0 and figures["refused"] == "0"
    assert float(figures["p99_ms"]) >= float(figures["p50_ms"]) > 0
    assert float(figures["server_cpu_per_action_ms"]) >= float(figures["of_which_kernel_ms"]) >= 0
    # the server's own count of its loop's stalls came back (net/stalls.py)
    assert int(figures["server_stalls_over_20ms"]) >= 0 and float(figures["stalled_ms"]) >= 0
    assert "gc_passes_by_generation" in figures and "stalled_waiting_core_ms" in figures
    assert float(figures["kb_per_idle_table"]) < 2000 and "bench_clients_cpu_share" in figures  # RSS of 2 tables: noise
    # the server wrote its profile when the bench stopped it: the table server's handler ran in it
    stats = pstats.Stats(str(profile))
    assert any(name == "on_act" for (_, _, name) in stats.stats)


def test_the_stall_count_splits_a_stall_into_running_and_waiting(tmp_path):
    """A loop kept busy 60 ms is one stall, run by the process itself (not waiting for a core), written atomically."""
    import asyncio
    import json
    import time

    from net.stalls import Stalls

    async def main():
        stalls = Stalls()
        watch = asyncio.get_running_loop().create_task(stalls.watch())
        await asyncio.sleep(0.05)
        stalls.reset()
        end = time.perf_counter() + 0.06
        while time.perf_counter() < end:  # the loop's own work: no wake-up for 60 ms
            pass
        await asyncio.sleep(0.05)
        watch.cancel()
        stalls.close()
        stalls.write(tmp_path / "stalls.json")

    asyncio.run(main())
    got = json.loads((tmp_path / "stalls.json").read_text())
    assert got["stalls"] >= 1 and got["longest_ms"] >= 40
    assert got["ran_ms"] + got["waited_for_core_ms"] >= 0.5 * got["stalled_ms"], "the stall is accounted for"
    assert not list(tmp_path.glob("*.part"))
