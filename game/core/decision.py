"""What every board asks the rules: who decides what now, and whether that seat is about to see a secret.

`decision(state) -> Decision` is part of every rule module (see `game.core.api`). A board
shows `prompt` in its status line; `private` tells it to put up the hot-seat hand-off
screen before the seat looks (a secret pick, a hand of cards).
"""

from __future__ import annotations

from dataclasses import dataclass

# The one marker for a card, pick or hand entry that a seat may not see, in every game's
# `view` and `redact`: card ids are non-negative integers, so -1 is never a real card.
HIDDEN = -1


def is_hidden(value: object) -> bool:
    return bool(value == HIDDEN)


@dataclass(frozen=True, slots=True)
class Decision:
    """The decision pending in a state.

    `kind`: a short word the board switches on (each game documents its own kinds; "over"
    once the game has ended); `seat`: who decides (None once over; always `state.to_move`);
    `prompt`: one sentence a player can read, naming what to do; `private`: the seat is
    about to see or choose something secret, so another player must not be looking.
    """

    kind: str
    seat: int | None
    prompt: str
    private: bool = False
