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
    assert float(figures["kb_per_idle_table"]) < 2000 and "bench_clients_cpu_share" in figures  # RSS of 2 tables: noise
    # the server wrote its profile when the bench stopped it: the table server's handler ran in it
    stats = pstats.Stats(str(profile))
    assert any(name == "on_act" for (_, _, name) in stats.stats)
