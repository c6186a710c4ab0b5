"""Setups for simulations and the benchmark, the random playout policy, and a game in progress for demos.

`random_setup` draws any legal combination of options, `bench_setup` is the game the benchmark
measures, `playout_choice` is the random policy simulations play (it mostly acts and never aims at
its own side while it has something else to do), and `demo_state` is a game played by that policy
past the set-up, for previews and demos.
"""

from __future__ import annotations

from typing import cast

from game.core import Action, Rng
from game.krosmaster.grid import WIDTH
from game.krosmaster.layouts import LAYOUTS
from game.krosmaster.rules import apply, legal_actions, new_game
from game.krosmaster.state import Setup, State


def random_setup(rng: Rng) -> Setup:
    return Setup(
        layout=rng.choice(LAYOUTS),
        choose_krosmasters=rng.below(2) == 1,
        superior_favors=rng.below(2) == 1,
        die_jokers=rng.below(2) == 1,
        tackle=rng.below(2) == 1,
        challenges=rng.below(4),
    )


def bench_setup() -> Setup:
    """The benchmark's game: a typical advanced game (every advanced rule, one Divine Challenge)."""
    return Setup(superior_favors=True, die_jokers=True, tackle=True, challenges=1)


_WEIGHTS = {"cast": 6, "move": 4, "favor": 2, "challenge": 3, "end": 1, "activate": 1, "pass": 0.05}
_WEIGHED: dict[tuple[str, ...], tuple[tuple[float, ...], float]] = {}  # kinds present -> (their weights, the weights' sum)


def playout_choice(state: State, actions: list[Action], rng: Rng) -> Action:
    """A random policy that mostly acts: casts at enemies, moves, uses Favors; rarely passes.

    It never casts a spell at its own side unless nothing else is possible, so that random
    games are not decided by friendly fire. It picks a kind by weight among the kinds present
    (in the order they first appear), then one action of that kind.
    """
    buckets: dict[str, list[Action]] = {}
    seat = state.to_move
    grid, fighters = state.grid, state.fighters
    kind = ""
    bucket: list[Action] = []
    for a in actions:  # a plain loop, one pass (legal lists hold each kind in one run)
        k = a.kind
        if k == "cast":  # the cell's index, as grid.index computes it ("cast fid spell x y": x, y are ints)
            fid = grid[cast(int, a.args[3]) * WIDTH + cast(int, a.args[2])]
            if fid >= 0 and fighters[fid].owner == seat:
                continue
        if k != kind:
            kind = k
            got = buckets.get(k)
            if got is None:
                got = buckets[k] = []
            bucket = got
        bucket.append(a)
    if not buckets:
        return actions[rng.below(len(actions))]
    key = tuple(buckets)
    weighed = _WEIGHED.get(key)
    if weighed is None:
        listed = [_WEIGHTS.get(k, 1) for k in key]
        weighed = _WEIGHED[key] = (tuple(listed), sum(listed))
    weights, total = weighed
    roll = rng.below(1000) * total / 1000
    for k, w in zip(key, weights):  # noqa: B007 - the bucket picked is `k` after the loop
        roll -= w
        if roll < 0:
            break
    choice = buckets[k]
    return choice[rng.below(len(choice))]


def demo_state(seed: int = 1) -> State:
    """A game from the default setup played by the random policy past setup and a couple of turns."""
    s = new_game(Setup(), seed)
    rng = Rng(seed ^ 0xD0F05)
    while s.phase != "over" and s.turn < 4:
        s, _ = apply(s, playout_choice(s, legal_actions(s), rng))
    return s
