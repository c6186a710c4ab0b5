"""The few places where the Krom board meets the rules' API, kept small so an API change is a quick switch.

`RULES` is what the board's Match plays with: game.krom itself once its `decision` returns a
`game.core.decision.Decision`; until then a thin proxy that wraps the old string decision
into one (prompt and privacy from the table below). Every other attribute is game.krom's.
"""

from __future__ import annotations

from typing import Any

import game.krom as krom
from game.core.decision import Decision
from game.krom.content import CHARACTER_BY_ID

# Which decisions show a seat's secrets (its Bonus hand, its Destination pick): the kit hands off before them.
PRIVATE = {"move", "main", "combat", "counter", "target", "choice", "climb", "reward"}


def _name(state, seat: int) -> str:
    if seat is None or seat < 0:
        return krom.RULES.dino_name
    return CHARACTER_BY_ID[state.players[seat].character].name


def _prompt(state, kind: str) -> str:
    seat = state.to_move
    who = _name(state, seat) if seat is not None else ""
    return {
        "over": "The game is over.",
        "move": f"{who}: choose your destination in secret.",
        "main": f"{who}: your Action phase.",
        "combat": f"{who}: play a combat card or pass.",
        "counter": f"{who}: counter the Bonus card, or let it happen.",
        "target": f"{who}: choose the target of your Bonus card.",
        "choice": f"{who}: choose Wood, Stone or Bone.",
        "steal": f"{who}: choose what to steal.",
        "climb": f"{who}: keep dice, reroll, or stop climbing.",
        "reward": f"{who}: choose your Mountain reward.",
    }.get(kind, f"{who}: decide.")


class _Proxy:
    """game.krom with `decision` returning a Decision (only while the rules still return a string)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(krom, name)

    def decision(self, state) -> Decision:
        d = krom.decision(state)
        if isinstance(d, Decision):
            return d
        return Decision(d, state.to_move, _prompt(state, d), d in PRIVATE)


RULES: Any = krom if isinstance(krom.decision(krom.new_game(krom.Setup(2), 0)), Decision) else _Proxy()


def kind(state) -> str:
    """The kind of the pending decision ("move", "main", "combat", ...)."""
    d = krom.decision(state)
    return d.kind if isinstance(d, Decision) else d


def piece(event) -> int | None:
    """Who an event is about: the shared shapes say `piece`, Krom's older events `seat`."""
    for field in ("piece", "seat"):
        value = getattr(event, field, None)
        if isinstance(value, int):
            return value
    return None


def amount_left(event) -> tuple[int, int]:
    """(amount, hit points left) of a Damaged/Healed or the older Hurt/Frozen event."""
    amount = getattr(event, "amount", None)
    if amount is None:
        amount = abs(getattr(event, "change", 0))
    left = getattr(event, "left", None)
    if left is None:
        left = getattr(event, "hp", 0)
    return amount, left
