"""Setups for simulations and the benchmark, the random playout policy, and a game in progress for demos."""

from __future__ import annotations

from collections import Counter
from itertools import groupby
from operator import attrgetter
from typing import cast

from game.core.actions import Action
from game.core.rng import Rng
from game.krom.content import CAVE, CHARACTERS, EVOLUTIONS, FOREST, MOUNTAIN, RESOURCES, SAVANNA, mountain_combination
from game.krom.decision import stage
from game.krom.queries import hunt_odds
from game.krom.rules import apply, legal_actions, new_game
from game.krom.state import Setup, State

_KIND = attrgetter("kind")
GOOD_HANDS = ("full_house", "four", "five", "straight")


def random_setup(rng: Rng) -> Setup:
    """Any legal combination of options: 2-6 players, each variant on or off, characters random or fixed."""
    players = rng.randint(2, 6)
    characters = None
    if rng.below(2):
        characters = tuple(rng.shuffled([c.id for c in CHARACTERS])[:players])
    return Setup(players, characters, bool(rng.below(2)), bool(rng.below(2)), bool(rng.below(2)))


def bench_setup() -> Setup:
    """What `python -m game.bench krom` measures: 4 players, glacial board and Kromosaurus on, normal length."""
    return Setup(players=4, glacial=True, kromosaurus=True)


def playout_choice(state: State, actions: list[Action], rng: Rng) -> Action:
    """A random policy that still plays the game: realizes Evolutions when it can, uses its place, then ends its phase.

    It only ever returns one of `actions`.
    """
    kinds: dict[str, list[Action]] = {}
    for kind, run in groupby(actions, _KIND):  # legal lists hold each kind in one run
        bucket = kinds.get(kind)
        if bucket is None:
            kinds[kind] = list(run)
        else:
            bucket += run

    def pick(options: list[Action]) -> Action:
        return options[rng.below(len(options))]

    if rng.below(12) == 0:  # now and then anything legal, so simulations reach every action
        return pick(actions)
    d = stage(state)
    if d == "main":
        return _main_choice(state, kinds, rng, pick)
    if d == "climb":
        return _climb_choice(state, kinds, rng)
    if d == "combat" and "play" in kinds and rng.below(2):
        return pick(kinds["play"])
    if d == "counter" and "counter" in kinds and rng.below(3) == 0:
        return kinds["counter"][0]
    if d in ("combat", "counter"):
        return kinds["pass"][0]
    serious = [a for a in actions if a.kind != "cancel"]
    return pick(serious or actions)


def _main_choice(state: State, kinds: dict[str, list[Action]], rng: Rng, pick) -> Action:
    if "realize" in kinds:

        def worth(a: Action) -> tuple[int, int]:
            slot = cast(int, a.args[0])  # "realize SLOT"
            return EVOLUTIONS[state.evolution_row[slot]].points, -slot

        return max(kinds["realize"], key=worth)
    if "play" in kinds and rng.below(3) == 0:
        return pick(kinds["play"])
    t = state.turn
    assert t is not None, "an Action phase is under way"
    if t.place == CAVE:
        if "rest" in kinds and (t.cave == "" and rng.below(3)):
            return kinds["rest"][0]
        wanted = [a for a in kinds.get("buy", []) if a.args[0] in RESOURCES]
        if wanted and rng.below(2):
            return pick(wanted)
    elif t.place == FOREST and "pick" in kinds and (t.picks == 0 or rng.below(2)):
        return kinds["pick"][0]
    elif t.place == SAVANNA and "hunt" in kinds:

        def prospect(a: Action) -> tuple[float, int]:
            slot, extra = cast(tuple[int, int], a.args)  # "hunt SLOT EXTRA"
            return _odds(state.hunting_row[slot], extra) - extra * 0.15, rng.below(4)

        return max(kinds["hunt"], key=prospect)
    elif t.place == MOUNTAIN and "climb" in kinds:
        return kinds["climb"][0]
    return kinds["end"][0]


_ODDS: dict[tuple[int, int], float] = {}


def _odds(card: int, extra: int) -> float:
    """`hunt_odds` as a float, kept (a Fraction less a float is that float less it: the same number)."""
    key = (card, extra)
    odds = _ODDS.get(key)
    if odds is None:
        odds = _ODDS[key] = float(hunt_odds(card, extra))
    return odds


def _climb_choice(state: State, kinds: dict[str, list[Action]], rng: Rng) -> Action:
    assert state.turn is not None, "a climb is part of an Action phase"
    dice = state.turn.dice
    best = max(Counter(dice).items(), key=lambda kv: (kv[1], kv[0]))[0]
    for a in kinds.get("keep", []):
        if dice[cast(int, a.args[0])] == best:  # "keep DIE"
            return a
    for a in kinds.get("free", []):
        if dice[cast(int, a.args[0])] != best:  # "free DIE"
            return a
    if "reroll" in kinds and mountain_combination(dice) not in GOOD_HANDS and rng.below(3):
        return kinds["reroll"][0]
    return kinds["stop"][0]


def demo_state(seed: int) -> State:
    """A game from the default setup, played by the random policy into round 3's first Action phase."""
    state = new_game(Setup(), seed)
    rng = Rng(seed)
    while not (state.round >= 3 and stage(state) == "main"):
        actions = legal_actions(state)
        if not actions:
            break
        state, _ = apply(state, playout_choice(state, actions, rng))
    return state
