"""Gestures: what a player's click means, as the rules read it.

A board never writes an action itself. It asks its game's `queries` what a gesture means
("walk this fighter to this cell", "aim this spell here", "fill this basket") and gets a
`Gesture`: the legal actions to play, in order, or the rules' own reason why the gesture maps
to none. `BoardScene.perform(gesture)` plays the one or shows the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Iterable

from game.core.actions import Action


@dataclass(frozen=True)
class Gesture:
    """The actions a gesture plays (in order), or, when there are none, why not."""

    actions: tuple[Action, ...] = ()
    reason: str | None = None

    def __post_init__(self) -> None:
        if not self.actions and not (self.reason and self.reason.strip()):
            raise ValueError("a gesture with no action must say why")

    @property
    def ok(self) -> bool:
        return bool(self.actions)

    @classmethod
    def of(cls, *actions: Action) -> Gesture:
        return cls(tuple(actions))

    @classmethod
    def refused(cls, reason: str) -> Gesture:
        return cls((), reason)


def find(legal: Iterable[Action], kind: str, *args: Any) -> Action | None:
    """The legal action of this kind whose arguments start with `args` (None when there is none)."""
    n = len(args)
    for action in legal:
        if action.kind == kind and tuple(action.args[:n]) == args:
            return action
    return None


def choose(legal: Iterable[Action], kind: str, *args: Any, reason: str) -> Gesture:
    """A one-action gesture: the legal action of this kind and arguments, or `reason` when there is none."""
    action = find(legal, kind, *args)
    return Gesture.of(action) if action is not None else Gesture.refused(reason)
