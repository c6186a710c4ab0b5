"""A small seeded random generator that lives inside a game state.

Rule modules never use the global `random` module: every state carries an `Rng`,
so a game is fully determined by its setup, its seed and the actions played, and
a save can be replayed exactly. The generator is SplitMix64 (one 64-bit integer
of state), which makes copying and serializing it free.

Tests and lessons can *script* the next results: `rng.scripted([6, 3, 2])` returns a copy
whose next `randint`, `roll` or `choice` calls return those values, in order,
before the generator takes over again. A scripted list is an order for the next
shuffle: `rng.scripted([[2, 0, 1]])` makes the next three-item shuffle put the
third item first, then the first, then the second.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, cast
from collections.abc import Iterable, Sequence

if TYPE_CHECKING:
    from game.core.dice import Die

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_LIMITS: dict[int, int] = {}  # below(n): the rejection limit of each small n, computed once


class ScriptError(AssertionError):
    """A scripted result does not fit the draw that consumed it (a bug in a test)."""


class Rng:
    """Seeded, copyable, serializable pseudo-random generator (SplitMix64)."""

    __slots__ = ("state", "script")

    def __init__(self, seed: int = 0, script: Iterable[Any] = ()):
        self.state = _mix(int(seed) & _MASK)
        self.script = tuple(script)

    # -- construction and serialization ------------------------------------------------
    @classmethod
    def _raw(cls, state: int, script: tuple[Any, ...]) -> Rng:
        rng = cls.__new__(cls)
        rng.state = state
        rng.script = script
        return rng

    def copy(self) -> Rng:
        return Rng._raw(self.state, self.script)

    def scripted(self, values: Iterable[Any]) -> Rng:
        """A copy whose next scripted draws return `values` (after any already scripted)."""
        return Rng._raw(self.state, self.script + tuple(values))

    def to_dict(self) -> dict[str, Any]:
        return {"state": self.state, "script": list(self.script)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Rng:
        state = d["state"]
        if not isinstance(state, int) or not 0 <= state <= _MASK:
            raise ValueError(f"rng state must be an integer in 0..2**64-1, got {state!r}")
        return cls._raw(state, tuple(d.get("script", ())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state and other.script == self.script

    def __hash__(self) -> int:
        return hash((self.state, self.script))

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x}, script={list(self.script)!r})"

    # -- raw draws (never scripted) ------------------------------------------------------
    def next64(self) -> int:
        """The next raw 64-bit output."""
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), unbiased (rejection sampling)."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("below(n) needs n >= 1")
            limit = _MASK + 1 - ((_MASK + 1) % n)
            if n < 1 << 16:
                _LIMITS[n] = limit
        while True:  # next64() and _mix() written out: this is the hottest draw of every playout
            z = self.state = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % n

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle a list in place (Fisher-Yates), or put it in the next scripted order."""
        if self.script and isinstance(self.script[0], (list, tuple)):
            order = list(self._pop_script())
            if sorted(order) != list(range(len(items))):
                raise ScriptError(f"scripted order {order!r} is not an order of {len(items)} items")
            items[:] = [items[k] for k in order]
            return
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    # -- draws a test may script ---------------------------------------------------------
    def _pop_script(self) -> Any:
        value = self.script[0]
        self.script = self.script[1:]
        return value

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], or the next scripted value."""
        if self.script:
            value = self._pop_script()
            if not isinstance(value, int) or not low <= value <= high:
                raise ScriptError(f"scripted value {value!r} is not an integer in {low}..{high}")
            return value
        return low + self.below(high - low + 1)

    def roll(self, die: Die) -> Any:
        """Roll a die: one of its faces, or the next scripted value (which must be a face)."""
        if self.script:
            value = self._pop_script()
            if value not in die.faces:
                raise ScriptError(f"scripted value {value!r} is not a face of the {die.name} die")
            return value
        return die.faces[self.below(len(die.faces))]

    def choice(self, items: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence, or the next scripted value (which must be in it)."""
        if not items:
            raise ValueError("choice from an empty sequence")
        if self.script:
            value = self._pop_script()
            if value not in items:
                raise ScriptError(f"scripted value {value!r} is not among {list(items)!r}")
            return cast(T, value)
        return items[self.below(len(items))]


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)
