"""The base of every event the rules return from `apply`, in resolution order, for scenes to animate and log."""

from __future__ import annotations

from types import MemberDescriptorType
from typing import Any

from dataclasses import MISSING, dataclass, fields


@dataclass(frozen=True, slots=True)
class Event:
    """A small typed record of something that happened. Subclasses are frozen dataclasses too."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super(Event, cls).__init_subclass__(**kwargs)
        if "__dataclass_fields__" in cls.__dict__ and "__slots__" in cls.__dict__:  # what @dataclass(slots=True) built
            _quick_init(cls)

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


def _quick_init(cls: type) -> None:
    """Give a frozen slots dataclass event an `__init__` that sets each slot through its descriptor.

    The dataclass one calls `object.__setattr__(self, name, value)` per field (a frozen class
    refuses plain assignment), which costs about twice as much; `apply` builds events on every
    step of every game. Same parameters, defaults and result; classes with anything else
    (`init=False`, keyword-only fields, default factories, `__post_init__`) keep their own.
    """
    found = fields(cls)
    if hasattr(cls, "__post_init__") or any(not f.init or f.kw_only or f.default_factory is not MISSING for f in found):
        return
    space: dict[str, Any] = {}
    params, body = ["self"], []
    for n, f in enumerate(found):
        slot = next((k.__dict__[f.name] for k in cls.__mro__ if f.name in k.__dict__), None)
        if type(slot) is not MemberDescriptorType:
            return
        space[f"_set{n}"] = slot.__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            space[f"_default{n}"] = f.default
            params.append(f"{f.name}=_default{n}")
        body.append(f"_set{n}(self, {f.name})")
    exec(f"def __init__({', '.join(params)}):\n    {'; '.join(body) or 'pass'}\n", space)
    init = space["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[misc]


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
