"""Small helpers where the Krom board reads the rules' answers: the pending decision's kind, chances as percentages."""

from __future__ import annotations

import game.krom as krom


def kind(state) -> str:
    """The kind of the pending decision ("move", "main", "combat", ...)."""
    return krom.decision(state).kind


def pct(chance) -> str:
    """A chance (a Fraction from the rules) as a whole percentage, never rounding a possibility away to 0% or up to 100%."""
    value = float(chance)
    if 0 < value < 0.005:
        return "<1%"
    if 0.995 <= value < 1:
        return ">99%"
    return f"{value:.0%}"
