"""How much of a long sweep one test run covers (issue 30: a suite that stays fast).

The every-position sweeps (click everything, hotspot walks, secrecy walks) and the random simulations
run every check on a sample by default: every k-th position, every k-th game. With
TABLETRIO_FULL_SWEEPS=1 in the environment they run on all of them, as before. A sample never drops a
check; it only checks fewer positions. Strides are chosen prime to the cycles of the sampled lists (the
player counts, maps and options the simulations cycle through), so a sample still meets every one.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

import pytest

T = TypeVar("T")
F = TypeVar("F", bound=Callable)

FULL = os.environ.get("TABLETRIO_FULL_SWEEPS") == "1"


def every(items: Iterable[T], k: int) -> list[T]:
    """Every k-th item from the first (all of them under TABLETRIO_FULL_SWEEPS=1)."""
    items = list(items)
    return items if FULL else items[::k]


def share(items: Sequence[T], part: int, parts: int) -> list[T]:
    """The `part`-th of `parts` interleaved shares of `items` (a parametrized chunk of a sample)."""
    return list(items[part::parts])


def slow_when_full(test: F) -> F:
    """Mark `test` slow only under TABLETRIO_FULL_SWEEPS=1: a chunk of a sample takes well under a second, the
    same chunk of everything several seconds (the conftest names a test marked slow that takes under 0.5 s)."""
    return pytest.mark.slow(test) if FULL else test
