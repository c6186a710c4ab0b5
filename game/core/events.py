"""The base of every event the rules return from `apply`, in resolution order, for scenes to animate and log."""

from __future__ import annotations

from typing import Any

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class Event:
    """A small typed record of something that happened. Subclasses are frozen dataclasses too."""

    @property
    def kind(self) -> str:
        return type(self).__name__

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            d[f.name] = _plain(getattr(self, f.name))
        return d

    def __str__(self) -> str:
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))
        return f"{self.kind}({args})"


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


# -- the shapes every game shares -------------------------------------------------------------
# One animation handler in the board kit serves all three boards for these. `piece` is the
# game's own id of what is shown on the board (a Krosmaster fighter index, a Krom seat, a
# Khrysos card index); each game documents it beside its events.


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """Dice were rolled for `piece` (-1: no piece, e.g. a table roll) with these faces, in order."""

    piece: int
    purpose: str  # the game's word: "combat", "dodge", "hunt", "mountain", "energy", ...
    faces: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """`piece` moved along `path`, which starts at the cell (or place) it left and ends where it stopped."""

    piece: int
    path: tuple[Any, ...]
    cause: str = "walk"  # "walk", "slide", "shove", "teleport", "swap", "push", ...


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """`piece` lost `amount` hit points (injuries, endurance); `left` is what it has left after."""

    piece: int
    amount: int
    left: int
    source: str = ""


@dataclass(frozen=True, slots=True)
class Healed(Event):
    """`piece` got `amount` hit points back; `left` is what it has after."""

    piece: int
    amount: int
    left: int


@dataclass(frozen=True, slots=True)
class KnockedOut(Event):
    """`piece` is out: "ko" (Krosmaster), "stunned" (Krom), "retired" (Khrysos)."""

    piece: int
    how: str = "ko"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game has ended: `winners` (empty for no winner) and the reason in words."""

    winners: tuple[int, ...]
    reason: str


SHARED_EVENTS = (DiceRolled, Moved, Damaged, Healed, KnockedOut, GameOver)
