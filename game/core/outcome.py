"""The result of a finished game."""

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who won and why. An empty `winners` tuple is a game with no winner (a tie)."""

    winners: tuple[int, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Outcome":
        return cls(tuple(d["winners"]), d["reason"])
