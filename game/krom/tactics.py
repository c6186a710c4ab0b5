"""What a careful Krom player looks at: what each place could score for a seat this round, and each
place's fighters' likely results.

- `best_realization(state, seat, place)`: the Evolutions of the face-up row the seat can pay for
  together with the tokens it holds now, in `place` (an Evolution with a place symbol only there; the
  others anywhere), scoring the most Evolution points: (points, slots in the order to realize them);
- `outlook(state, seat)`: for each place, an `Outlook`: those points, whether they reach the points
  that win, and the seat's chance to win the combat there against the fighters standing there now
  (the Kromosaurus included; 1 when nobody else is there);
- `likely_scores(state, place)`: each fighter standing in a place -> its exact chance to win the
  combat there, before the roll (the rules' `combat_odds`; {} when nobody would fight);
- `finishers(state)`: each seat that could win this round with what it holds, and where.

Left out, to stay one quick call: what a place's reward would add before realizing (a Picking card, a
prey, a Mountain roll), the card drawn into a slot once its Evolution is realized, Bonus cards.
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from game.krom.content import EVOLUTIONS, PLACES
from game.krom.facts import points, target_points
from game.krom.queries import combat_odds
from game.krom.state import State

TOKENS = ("krom", "wood", "stone", "bone")


class Outlook(NamedTuple):
    place: int
    points: int  # Evolution points the seat can realize there with what it holds now
    slots: tuple[int, ...]  # the row's slots to realize, in order
    wins: bool  # those points reach the points that win the game
    fight: float  # the seat's chance to win the combat there against those standing there now


def best_realization(state: State, seat: int, place: int) -> tuple[int, tuple[int, ...]]:
    """The most Evolution points the seat can realize together in `place` from the face-up row, with
    the tokens it holds now, and the slots (most points first); (0, ()) when none is payable."""
    p = state.players[seat]
    have = {k: getattr(p, k) for k in TOKENS}
    cards = [(slot, EVOLUTIONS[c]) for slot, c in enumerate(state.evolution_row)
             if c >= 0 and (EVOLUTIONS[c].place is None or EVOLUTIONS[c].place == place)]
    best: tuple[int, tuple[int, ...]] = (0, ())
    for size in range(1, len(cards) + 1):
        for group in combinations(cards, size):
            need: dict[str, int] = {}
            for _slot, card in group:
                for k, n in card.cost:
                    need[k] = need.get(k, 0) + n
            if any(have.get(k, 0) < n for k, n in need.items()):
                continue
            got = sum(card.points for _slot, card in group)
            if got > best[0]:
                order = sorted(group, key=lambda g: (-g[1].points, g[0]))
                best = (got, tuple(slot for slot, _card in order))
    return best


def outlook(state: State, seat: int) -> dict[int, Outlook]:
    """Each place (an index of `PLACES`) -> what it offers `seat` this round (see the module docstring)."""
    left = target_points(state.setup) - points(state, seat)
    out = {}
    for place in range(len(PLACES)):
        got, slots = best_realization(state, seat, place)
        odds = combat_odds(_standing_there(state, seat, place), place)
        out[place] = Outlook(place, got, slots, got >= left, float(odds.get(seat, 1)))
    return out


def likely_scores(state: State, place: int) -> dict[int, float]:
    """Each fighter standing in `place` (seats; -1 the Kromosaurus) -> its chance to win the combat there
    before the roll; {} when nobody would fight."""
    return {f: float(c) for f, c in combat_odds(state, place).items()}


def finishers(state: State) -> list[tuple[int, int]]:
    """(seat, place) for each seat and place where what the seat holds now realizes the win."""
    return [(seat, place) for seat in range(len(state.players))
            for place, o in outlook(state, seat).items() if o.wins]


def _standing_there(state: State, seat: int, place: int) -> State:
    """`state` with `seat` standing in `place` (to ask the combat odds there)."""
    if state.players[seat].place == place:
        return state
    moved = state.clone()
    moved.players[seat].place = place
    return moved


__all__ = ["Outlook", "best_realization", "finishers", "likely_scores", "outlook"]
