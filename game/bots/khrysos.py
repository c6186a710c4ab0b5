"""Khrysos Hunters for the bots: sampling hidden hands and the deck, and judging a position.

Hidden from a seat: the other seats' hands (their sizes show) and the undealt deck (its
size shows). A sample deals the hunters nobody can see (not in play, not in the seat's
own hand, not retired) at random into those hands and the deck.
"""

from __future__ import annotations

from typing import Any

from game import khrysos as rules
from game.bots.base import GameKit, reseeded
from game.core.rng import Rng
from game.khrysos import HUNTER_NUMBERS, WIN_TREASURE
from game.khrysos.state import ACTIVE, State


def determinize(view: State, seat: int, rng: Rng) -> State:
    s = view.copy()
    known = {c.hunter for c in view.cards if c.hunter} | set(view.hands[seat])
    for r in view.retired:
        known |= set(r)
    unseen = [h for h in HUNTER_NUMBERS if h not in known]
    rng.shuffle(unseen)
    hands = []
    for i, hand in enumerate(view.hands):
        if i == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(unseen[: len(hand)])))
            unseen = unseen[len(hand) :]
    s.hands = tuple(hands)
    s.deck = tuple(unseen[: len(view.deck)])
    return reseeded(s, rng)


def features(s: State, seat: int) -> dict[str, float]:
    mine = [c for c in s.cards if c.seat == seat]
    treasures = sorted((c.treasure for c in mine), reverse=True)
    board = s.board
    loot = s.loot
    endurance = 0.0
    near = 0.0
    markers = 0.0
    for c in mine:
        if c.at is None:
            continue
        endurance += c.endurance
        markers += len(c.guard) + len(c.boosts)
        if loot:
            dist = board.walk_distances(c.at)
            near -= min(dist.get(z, 12) for z in loot)
    energy = 0.0
    if s.phase == ACTIVE and s.cards[s.turn].seat == seat:
        energy = float(s.energy)
    best = treasures[0] if treasures else 0
    return {
        "treasure": best + (0.08 * best * best if best < WIN_TREASURE else 0.0),  # the last treasures count more
        "spare": float(sum(treasures[1:])),
        "endurance": endurance,
        "loot": near,
        "markers": markers,
        "energy": energy,
        "hand": float(len(s.hands[seat])),
    }


_NEAR: dict[Any, dict[Any, int]] = {}  # (board, loot) -> square -> fewest steps from the square to a treasure (12 at most), as features counts


def scores(s: State) -> list[float]:
    """Every seat's `KIT.score`, computed in one pass over the cards (the same sums in the same order)."""
    n = s.num_players
    treasures: list[list[int]] = [[] for _ in range(n)]
    endurance = [0.0] * n
    near = [0.0] * n
    markers = [0.0] * n
    loot = s.loot
    known: dict[Any, int] = {}
    if loot:
        key = (s.board, loot)
        cached = _NEAR.get(key)
        if cached is not None:
            known = cached
        else:
            if len(_NEAR) >= 256:
                _NEAR.clear()
            known = _NEAR[key] = {}
    for c in s.cards:
        seat = c.seat
        treasures[seat].append(c.treasure)
        if c.at is None:
            continue
        endurance[seat] += c.endurance
        markers[seat] += len(c.guard) + len(c.boosts)
        if loot:
            d = known.get(c.at)
            if d is None:
                dist = s.board.walk_distances(c.at)
                d = known[c.at] = min(dist.get(z, 12) for z in loot)
            near[seat] -= d
    mover = s.cards[s.turn].seat if s.phase == ACTIVE else None
    w = WEIGHTS
    out = []
    for seat in range(n):
        mine = sorted(treasures[seat], reverse=True)
        best = mine[0] if mine else 0
        total: float = 0
        total += w["treasure"] * (best + (0.08 * best * best if best < WIN_TREASURE else 0.0))
        total += w["spare"] * float(sum(mine[1:]))
        total += w["endurance"] * endurance[seat]
        total += w["loot"] * near[seat]
        total += w["markers"] * markers[seat]
        total += w["energy"] * (float(s.energy) if mover == seat else 0.0)
        total += w["hand"] * float(len(s.hands[seat]))
        out.append(total)
    return out


WEIGHTS = {
    "treasure": 1.0,
    "spare": 0.3,
    "endurance": 0.35,
    "loot": 0.25,
    "markers": 0.25,
    "energy": 0.18,
    "hand": 0.2,
}

PHRASES = {
    "treasure": "it gains treasure toward 12 (or takes it from a rival)",
    "spare": "it builds up treasure on our other card",
    "endurance": "it shifts the balance of endurance our way",
    "loot": "it brings a hunter closer to treasure on the map",
    "markers": "it gains Guard or Boost markers",
    "energy": "it saves energy for a better use",
    "hand": "it keeps hunters in hand for replacements",
}

def turn(s: State) -> tuple[int, int]:
    """Which turn a position belongs to: the card to play and how many turns it has begun."""
    return s.turn, s.cards[s.turn].turns


KIT = GameKit(
    rules=rules,
    determinize=determinize,
    features=features,
    weights=WEIGHTS,
    phrases=PHRASES,
    scale=2.5,
    policy=rules.playout_choice,
    midway=lambda state: state.res is not None,
    playout_depth=0,
    turn=turn,
    scores=scores,
    stretch=lambda state: (turn(state), state.to_move),
)
