"""Khrysos Hunters for the bots: sampling hidden hands and the deck, and judging a position.

Hidden from a seat: the other seats' hands (their sizes show) and the undealt deck (its
size shows). A sample deals the hunters nobody can see (not in play, not in the seat's
own hand, not retired) at random into those hands and the deck.
"""

from __future__ import annotations

from typing import Any

from game import khrysos as rules
from game.bots.base import GameKit, reseeded
from game.bots.khrysos_deep import deep_plan
from game.bots.khrysos_plan import plan
from game.core.rng import Rng
from game.khrysos import HUNTER_NUMBERS, WIN_TREASURE
from game.khrysos.facts import current_step
from game.khrysos.queries import effective_steps, path_actions, reachable_squares
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

HARMFUL = frozenset(("damage", "steal", "trap", "stun"))


def _harms(step) -> bool:
    return any(name in HARMFUL for name, _ in step.box)


def prune(s: State, legal: list) -> list:
    """Never Hit one of our own hunters with a box that harms (Damage, Steal, Trap, Stun), nor start a
    Burst that catches one: `done` or another action always serves instead (a Heal or Guard on an ally
    stays)."""
    if s.phase != ACTIVE:
        return legal
    me = s.cards[s.turn]
    kept = []
    for a in legal:
        if a.kind == "target" and s.res is not None:
            i = s.card_of(a.args[0])
            if i is not None and s.cards[i].seat == me.seat and _harms(current_step(s)):
                continue
        elif a.kind == "act" and s.res is None and me.at is not None:
            rings = s.board.reach_distances(me.at)
            caught = False
            for step in effective_steps(s, me.hunter, a.args[0]):
                if step.kind == "burst" and _harms(step):
                    caught = any(c.seat == me.seat and c.hunter != me.hunter and c.at is not None
                                 and rings.get(c.at, 99) <= step.value for c in s.cards)
            if caught:
                continue
        kept.append(a)
    return kept or legal


def urgent(s: State, legal: list) -> tuple[Any, str] | None:
    """Take a win that is there: when walking onto the treasure within the energy's reach brings the
    acting hunter's card to 12, walk there (the cheapest path, collecting on the way)."""
    if s.phase != ACTIVE or s.res is not None or not s.loot:
        return None
    me = s.cards[s.turn]
    if me.at is None or me.seat != s.to_move or me.treasure + len(s.loot) < WIN_TREASURE:
        return None
    best = None
    for square, reach in reachable_squares(s, me.hunter).items():
        got = sum(1 for c in set(reach.path) if c in s.loot)
        if me.treasure + got >= WIN_TREASURE and (best is None or reach.cost < best[1].cost):
            best = (square, reach)
    if best is None:
        return None
    steps = path_actions(s, me.hunter, best[0])
    if not steps or steps[0] not in legal:
        return None
    return steps[0], f"{rules.action_text(s, steps[0])}: the treasure there makes {WIN_TREASURE} and wins the game."


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
    prune=prune,
    urgent=urgent,
    playout_depth=0,
    turn=turn,
    scores=scores,
    stretch=lambda state: (turn(state), state.to_move),
    plan=plan,
    deep_plan=deep_plan,
    timed_plan=True,
)
