"""What one seat may see of a state (`view`)."""

from __future__ import annotations

from dataclasses import replace

from game.core.rng import Rng
from game.krom.state import HIDDEN, State

_HIDDEN_RNG = Rng(0)


def _hide(cards: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(cards)


def view(state: State, seat: int | None) -> State:
    """The state as `seat` may see it (None = a spectator).

    Only what the table would see: the other seats' Bonus hands are HIDDEN cards (their
    size stays visible), the other seats' destination picks before the reveal are HIDDEN
    ("picked") or None ("not yet"), a Bonus card another seat is still aiming (choosing
    its target or resource) is not shown at all, since the card is still in their hand,
    the players who will be asked whether to counter are not listed (only the one
    answering now, who is to move), the order of every deck (sizes stay visible) and the
    random generator are hidden. HIDDEN is game.core.decision's marker.
    """
    v = state.clone()
    for i, p in enumerate(v.players):
        if i != seat:
            p.hand = _hide(p.hand)
    v.picks = tuple(pick if i == seat or pick is None else HIDDEN for i, pick in enumerate(v.picks))
    v.bonus_deck = _hide(v.bonus_deck)
    v.picking_deck = _hide(v.picking_deck)
    v.hunting_deck = _hide(v.hunting_deck)
    v.evolution_deck = _hide(v.evolution_deck)
    if v.play is not None and v.play.stage != "counter" and v.play.seat != seat:
        # the card is still in its player's hand while they choose its target or resource:
        # the table sees a player thinking in their Action phase
        v.play = None
    elif v.play is not None and v.play.stage == "counter":
        v.play = replace(v.play, asked=v.play.asked[:1])
    v.rng = _HIDDEN_RNG.copy()
    return v
