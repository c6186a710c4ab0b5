"""Test-wide setup: no screen, no sound card, and no pygame banner; private config and data folders.

Also what keeps the suite fast (issue 30):
- each test is timed (setup, call and teardown together, on the clock and in CPU seconds); under CI (CI=true) the summary names every test
  over 5 s that is not marked `slow`, and every test marked `slow` that took under 0.5 s;
- the tests known to be long (`tests/durations.json`, their CPU seconds; then the `slow` mark) run first, and
  xdist hands tests out one at a time, so the workers finish together instead of one waiting on a long last
  test; `--record-durations` updates the table from the run (CPU seconds barely move on a busy machine);
- a Hypothesis profile for CI: no deadline (a loaded machine is not a slow test), derandomized, and at most
  100 examples where a test does not say otherwise.
"""

from __future__ import annotations

import json
import os
import resource
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

CI = os.environ.get("CI", "").lower() in ("true", "1")
SLOW_LIMIT = 5.0  # seconds: an unmarked test over this is named in a CI run's summary
FAST_LIMIT = 0.5  # seconds: a test marked slow under this is named too
DURATIONS = Path(__file__).with_name("durations.json")
RECORD_FROM = 0.3  # CPU seconds: shorter tests are left out of the table (they keep their place in the order)

settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
if CI:
    settings.load_profile("ci")


@pytest.fixture
def dirs(tmp_path, monkeypatch):
    """Private config and data folders (settings, saves, crash log) for one test."""
    config, data = tmp_path / "config", tmp_path / "data"
    monkeypatch.setenv("TABLETRIO_CONFIG_DIR", str(config))
    monkeypatch.setenv("TABLETRIO_DATA_DIR", str(data))
    return config, data


@pytest.fixture
def fourth_game():
    """The tiny fourth game (tests/fourthgame.py, issue 30), declared for one test: on the menu, saved and
    replayed like the others, and gone from the registry afterwards. This is the one place outside its
    own file that names it (tests/scenes/test_fourth_game.py counts them)."""
    from game import registry
    from tests import fourthgame

    with registry.declared(fourthgame.GAME) as game:
        yield game


def pytest_addoption(parser):
    parser.addoption("--record-durations", action="store_true",
                     help=f"write the CPU seconds of each test that takes {RECORD_FROM} s or more to {DURATIONS.name} "
                          "(the order the suite runs in)")


def pytest_configure(config):
    # xdist's `load` scheduler hands out runs of consecutive tests: the long ones, first in the order, would
    # all go to the first worker. One at a time, each free worker takes the longest test left.
    if getattr(config.option, "maxschedchunk", 0) is None:
        config.option.maxschedchunk = 1


def recorded_durations() -> dict[str, float]:
    try:
        return json.loads(DURATIONS.read_text())
    except (OSError, ValueError):
        return {}


def pytest_collection_modifyitems(config, items):
    """The longest tests first: by the recorded table, then the unrecorded tests marked slow; stable otherwise."""
    known = recorded_durations()

    def length(item) -> float:
        if item.nodeid in known:
            return known[item.nodeid]
        return SLOW_LIMIT if item.get_closest_marker("slow") else 0.0

    items.sort(key=lambda item: -length(item))


_times: dict[str, float] = {}  # node id -> seconds (setup, call and teardown), in the controller
_cpu: dict[str, float] = {}  # node id -> CPU seconds of the test's own process (a busy machine barely moves it)
_marked_slow: set[str] = set()


def _in_worker() -> bool:
    return "PYTEST_XDIST_WORKER" in os.environ


def _cpu_seconds() -> float:
    """CPU seconds of this process and of the programs it started and waited for (the real-window tests')."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _cpu_timed(item):
    start = _cpu_seconds()
    try:
        return (yield)
    finally:  # the phase's report is made after this, with a copy of the item's properties
        item.user_properties.append(("cpu", _cpu_seconds() - start))


pytest_runtest_setup = pytest.hookimpl(wrapper=True)(_cpu_timed)
pytest_runtest_call = pytest.hookimpl(wrapper=True)(_cpu_timed)
pytest_runtest_teardown = pytest.hookimpl(wrapper=True)(_cpu_timed)


def pytest_runtest_logreport(report):
    if _in_worker():
        return  # a worker's reports are counted where they arrive, in the controller
    _times[report.nodeid] = _times.get(report.nodeid, 0.0) + report.duration
    if report.when == "teardown":
        _cpu[report.nodeid] = sum(v for k, v in report.user_properties if k == "cpu")
    if "slow" in report.keywords:
        _marked_slow.add(report.nodeid)


def pytest_sessionfinish(session):
    config = session.config
    if _in_worker() or not config.getoption("--record-durations"):
        return
    table = recorded_durations()
    for nodeid, seconds in _cpu.items():
        table.pop(nodeid, None)
        if seconds >= RECORD_FROM:
            table[nodeid] = round(seconds, 1)
    ordered = dict(sorted(table.items(), key=lambda kv: (-kv[1], kv[0])))
    DURATIONS.write_text(json.dumps(ordered, indent=1) + "\n")


def pytest_terminal_summary(terminalreporter, config):
    if _in_worker() or not CI:
        return
    terminalreporter.write_sep("-", f"{len(_times)} tests took {sum(_times.values()):.0f} s "
                                    f"({sum(_cpu.values()):.0f} s of CPU) in all")
    unmarked = sorted(((t, n) for n, t in _times.items() if t > SLOW_LIMIT and n not in _marked_slow), reverse=True)
    quick = sorted((t, n) for n, t in _times.items() if t < FAST_LIMIT and n in _marked_slow)
    if unmarked:
        terminalreporter.section(f"tests over {SLOW_LIMIT:g} s not marked slow", sep="-", yellow=True)
        for t, n in unmarked:
            terminalreporter.write_line(f"SLOW, NOT MARKED: {t:.1f} s ({_cpu.get(n, 0):.1f} s of CPU) {n} "
                                        "(mark it @pytest.mark.slow)", yellow=True)
    if quick:
        terminalreporter.section(f"tests marked slow under {FAST_LIMIT:g} s", sep="-", yellow=True)
        for t, n in quick:
            terminalreporter.write_line(f"MARKED SLOW, IS NOT: {t:.2f} s {n} (take the slow mark off)", yellow=True)
