"""Seats at the table as the screen shows them: a name, a colour, and who plays it (a human or a bot level)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from scenes import palette

BOT_LEVELS = ("random", "easy", "normal", "hard")


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a name, a colour, and who plays it."""

    name: str
    colour: tuple[int, int, int]
    bot: str | None = None  # None for a human, else the bot level ("easy", "normal", "hard")

    @property
    def human(self) -> bool:
        return self.bot is None

    def to_dict(self) -> dict:
        return {"name": self.name, "colour": list(self.colour), **({"bot": self.bot} if self.bot else {})}

    @classmethod
    def from_dict(cls, d, fallback: Seat) -> Seat:
        """A seat from a save's table; anything missing or malformed falls back (the table is only cosmetic)."""
        if not isinstance(d, dict):
            return fallback
        name = d.get("name")
        name = name if isinstance(name, str) and name.strip() else fallback.name
        colour = d.get("colour")
        rgb = fallback.colour
        if isinstance(colour, list) and len(colour) == 3 and all(isinstance(c, int) and 0 <= c <= 255 for c in colour):
            rgb = cast(tuple[int, int, int], tuple(colour))  # three whole numbers
        bot = d.get("bot") if d.get("bot") in BOT_LEVELS else None
        return cls(name[:24], rgb, bot)


def default_seats(n: int) -> list[Seat]:
    """Seats when neither the caller nor the save names them: Red, Blue, Green..."""
    return [Seat(palette.SEAT_NAMES[i % len(palette.SEAT_NAMES)], palette.SEATS[i % len(palette.SEATS)])
            for i in range(n)]


def seats_of(table: dict, n: int, defaults: list[Seat]) -> list[Seat]:
    """The seats a match's table records (a save's), each falling back to `defaults` where it is odd."""
    saved = table.get("seats")
    saved = saved if isinstance(saved, list) else []
    return [Seat.from_dict(saved[i] if i < len(saved) else None, defaults[i]) for i in range(n)]
