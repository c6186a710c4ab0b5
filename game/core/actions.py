"""Actions: everything a player does, as a small value with a short text form.

An action is a kind and a tuple of arguments, each an int or a word without spaces:
`Action("move", (3, 4))` reads "move 3 4"; `Action.parse("move 3 4")` gives it back.
The text form is what saves, logs and tests use, like a chess move's "e2e4".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import repeat
from operator import is_
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    """One player decision: `kind` and its arguments (ints or words)."""

    kind: str
    args: tuple[int | str, ...] = ()

    @classmethod
    def of(cls, kind: str, *args: int | str) -> Action:
        return cls(kind, args)

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(str(a) for a in self.args)

    @property
    def text(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the text form back; raises ValueError for an empty or non-text input."""
        if not isinstance(text, str):
            raise ValueError(f"an action is written as text, not {type(text).__name__}")
        parts = text.split()
        if not parts:
            raise ValueError("an empty action")
        return cls(parts[0], tuple(_word(p) for p in parts[1:]))


def apply_all(apply: Callable[[Any, Action], tuple[Any, list[Any]]], state: Any,
              *actions: str | Action) -> tuple[Any, list[Any]]:
    """Apply actions (text forms or Actions) in order with a rule module's `apply`.

    Returns the final state and every event, in order. Tests use it to play a script.
    """
    events: list[Any] = []
    for a in actions:
        state, ev = apply(state, Action.parse(a) if isinstance(a, str) else a)
        events.extend(ev)
    return state, events


_INTERNED: dict[tuple[str, tuple[int | str, ...]], Action] = {}


def interned(kind: str, *args: int | str) -> Action:
    """A shared Action object for (kind, args): legal-action lists rebuild the same actions again and again."""
    key = (kind, args)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = Action(kind, args)
    return action


def is_one_of(action: object, legal: Iterable[Action]) -> bool:
    """True when `action` is one of the very objects in `legal`: the rules hand out shared (interned)
    actions and most callers pass one of them back, so `apply` finds it without comparing fields."""
    return any(map(is_, legal, repeat(action)))  # the scan runs in C: no generator frame per action


def _word(part: str) -> int | str:
    body = part[1:] if part[:1] == "-" else part
    if body.isdigit() and body.isascii():
        return int(part)
    return part
