"""The result of a finished game."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who won and why. An empty `winners` tuple is a game with no winner (a tie)."""

    winners: tuple[int, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_dict(self) -> dict:
        return {"winners": list(self.winners), "reason": self.reason}

    @classmethod
    def from_dict(cls, d: dict) -> "Outcome":
        return cls(tuple(d["winners"]), d["reason"])
