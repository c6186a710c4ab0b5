"""Krom: Evolution's Hard at the destination pick: each place played through the whole round.

The pick decides a Krom round: where we fight, what we gather, whom we meet. A tree over the
round's many small decisions judged half-way (a position in the middle of the places' turns)
sees little of it, so Hard plays each destination on to the start of the next Movement phase
(or the end of the game) on `samples` sampled positions and takes the best average judgement
there, every seat judged at the same point of the round.

- The round's end is judged as Normal judges a position, but with the Wood, Stone and Bone beyond
  what one Evolution in view asks for (`wanted`) worth only `SURPLUS` of a wanted one
  (`round_values`): Normal's evaluation counts every resource alike, so a Hard that judged with it
  hunted a ninth Bone round after round while every card asked for Stone, and lost an arena game
  to Random 11 to 5 (Hard vs Random, seed 1, the 15th game).

- The sampled positions deal the hidden cards as the search does (`determinize`: never a look at
  a hidden card). The picks of the seats that chose before us are hidden: each is guessed as a
  Normal would pick from what everyone sees (`normal_pick`) on most samples, and as the search's
  own weighted guess on the others, so a rival that plays otherwise still weighs in.
- The seats that pick after us pick the same way; every other decision of the round, ours
  included, is taken by `rollout_choice`: the game's tactics (`urgent`: a win that is there),
  else the best one-move look by the evaluation for the seat deciding (Normal's judgement on a
  single sample), with the quick policy for the card windows and aiming.
- Each destination meets the same samples and the same dice (common random numbers), so the
  comparison is not drowned by luck.

Hard's own Action-phase choices (`MAIN`) are planned the same way, each option played through the
round, `MAIN_ROLLOUTS` rounds in all (at least `MAIN_LEAST` per option). Measured with the arena
(`hard,normal,normal,normal`, 12 games, seed 100): the pick alone 6/12, with the Action phase 7/12,
and Hard's median decision took 274 ms of CPU instead of 385 ms.
"""

from __future__ import annotations

import math
from typing import Any

from game.core.actions import Action
from game.core.rng import Rng
from game.krom import EVOLUTIONS, RESOURCES
from game.krom.decision import stage

SAMPLES = 40  # sampled positions per decision (each option meets every one): about 0.3 CPU s, Hard's budget is 0.5
MAIN = True  # the Action phase's choices planned the same way (else the tree search decides them)
MAIN_ROLLOUTS = 120  # played-out rounds per Action-phase choice, all options together
MAIN_LEAST = 8  # sampled positions per option at least
FULL = 150  # a fixed `iterations` this large (the tactics suite's Hard) or more gives the whole plan; fewer scale it down
GUESS = 4  # one sample in GUESS guesses a hidden pick by the search's weighted guess instead of Normal's choice
SURPLUS = 0.25  # a Wood, Stone or Bone beyond what any Evolution in view asks is worth this share of one it asks for
LEAST_NEED = 2  # of each of Wood, Stone and Bone, at least this many count as wanted (the row changes)
GREEDY_STAGES = ("main", "climb", "reward", "steal")
AIM_STAGES = ("target", "choice")


def normal_pick(kit: Any, s: Any, seat: int, legal: list[Action]) -> Action:
    """The destination a Normal bot picks for `seat` (to move in `s`): the win that is there, else the
    place its evaluation likes best (only the `plan` feature differs between destinations)."""
    found = kit.urgent(s, legal) if kit.urgent is not None else None
    if found is not None:
        return found[0]
    return _greedy(kit, s, seat, legal)


def _greedy(kit: Any, s: Any, seat: int, options: list[Action]) -> Action:
    """The option after which the evaluation likes `seat`'s position best (the first of equals)."""
    rules = kit.rules
    best, best_v = options[0], -1e18
    for a in options:
        v = kit.score(rules.apply(s, a)[0], seat)
        if v > best_v:
            best, best_v = a, v
    return best


def rollout_choice(kit: Any, s: Any, legal: list[Action], rng: Rng, guess: bool = False) -> Action:
    """A quick stand-in for a Normal bot in a played-out round (see the module docstring)."""
    if len(legal) == 1:
        return legal[0]
    d = stage(s)
    if d == "move":
        if guess:
            return kit.policy(s, legal, rng)
        return normal_pick(kit, s, s.to_move, legal)
    if d in AIM_STAGES:
        seat = s.to_move
        return max(legal, key=lambda a: kit.values(kit.rules.apply(s, a)[0])[seat])
    if d not in GREEDY_STAGES:
        return kit.policy(s, legal, rng)
    if kit.urgent is not None:
        found = kit.urgent(s, legal)
        if found is not None:
            return found[0]
    options = [a for a in kit.prune(s, legal) if a.kind != "play"] or legal
    return _greedy(kit, s, s.to_move, options)


def play_round(kit: Any, s: Any, rng: Rng, guess: bool, steps: int = 400) -> Any:
    """`s` played on by `rollout_choice` to the next round's Movement phase (or the game's end)."""
    rules = kit.rules
    start = s.round
    while steps > 0 and s.to_move is not None and not (s.phase == "move" and s.round > start):
        legal = rules.legal_actions(s)
        s, _ = rules.apply(s, rollout_choice(kit, s, legal, rng, guess))
        steps -= 1
    return s


def pick_destination(kit: Any, view: Any, seat: int, legal: list[Action], rng: Rng, samples: int = SAMPLES
                     ) -> tuple[Action, list[float]]:
    """The option with the best average judgement at the next round's start, and each option's average."""
    rules = kit.rules
    legal = kit.prune(view, legal)
    totals = [0.0] * len(legal)
    picking = stage(view) == "move"
    for k in range(samples):
        guess = k % GUESS == GUESS - 1
        s = kit.determinize(view, seat, rng)
        if picking and not guess:
            s = _normal_picks(kit, view, s, seat)
        seed = rng.next64()
        for i, a in enumerate(legal):
            end = play_round(kit, rules.apply(s, a)[0], Rng(seed), guess)
            totals[i] += round_values(kit, end)[seat]
    best_i = max(range(len(legal)), key=lambda i: (totals[i], -i))
    return legal[best_i], [t / samples for t in totals]


def wanted(s: Any) -> dict[str, int]:
    """How many of each of Wood, Stone and Bone the Evolutions in view ask for at most (one card's
    cost), and never fewer than `LEAST_NEED`."""
    want = dict.fromkeys(RESOURCES, LEAST_NEED)
    for card_id in s.evolution_row:
        if card_id >= 0:
            for kind, n in EVOLUTIONS[card_id].cost:
                if kind in want:
                    want[kind] = max(want[kind], n)
    return want


def round_score(kit: Any, s: Any, seat: int, want: dict[str, int]) -> float:
    """Normal's score of `seat`, but a resource beyond what one Evolution in view asks for counts only
    `SURPLUS` of a wanted one: a ninth Bone pays for nothing while every card asks for Stone."""
    p = s.players[seat]
    unused = sum(max(0, getattr(p, k) - want[k]) for k in RESOURCES)
    return kit.score(s, seat) - (1.0 - SURPLUS) * kit.weights["resources"] * unused


def round_values(kit: Any, s: Any) -> list[float]:
    """Each seat's win chance at the end of a played-out round, as the kit's `values` judges it but
    with `round_score` (Hard's judgement; Normal keeps the kit's)."""
    if kit.rules.outcome(s) is not None:
        return kit.values(s)
    want = wanted(s)
    scores = [round_score(kit, s, i, want) / kit.scale for i in range(s.num_players)]
    top = max(scores)
    exps = [math.exp(v - top) for v in scores]
    total = sum(exps)
    return [e / total for e in exps]


def _normal_picks(kit: Any, view: Any, s: Any, seat: int) -> Any:
    """`s` with the hidden picks made before ours replaced by what a Normal would have picked (the picks
    do not change what the others saw when they chose, so the view tells it)."""
    picks = list(s.picks)
    changed = False
    for i, pick in enumerate(view.picks):
        if i != seat and pick is not None and pick < 0:
            asked = view.clone()
            asked.to_move = i
            asked.picks = tuple(None for _ in view.picks)
            legal = kit.rules.legal_actions(asked)
            picks[i] = kit.rules.apply(asked, normal_pick(kit, asked, i, legal))[0].picks[i]
            changed = True
    if not changed:
        return s
    s.picks = tuple(picks)
    return s


def deep_plan(kit: Any, view: Any, seat: int, legal: list[Action], rng: Rng, memory: dict | None = None,
              iterations: int | None = None) -> tuple[Action, str] | None:
    """Hard's destination pick and, when `MAIN` is on, its Action-phase choices (the kit's `deep_plan`
    hook); None elsewhere (the tree search decides). A fixed `iterations` (the bot's budget when it has no
    clock) below `FULL` cuts the rounds played out in proportion, so a quick test's Hard is quick; from `FULL`
    up, and with a clock (no `iterations`), the plan is the whole one."""
    d = stage(view)
    samples, rollouts, least = SAMPLES, MAIN_ROLLOUTS, MAIN_LEAST
    if iterations is not None and iterations < FULL:
        samples = max(1, samples * iterations // FULL)
        rollouts = max(1, rollouts * iterations // FULL)
        least = max(1, least * iterations // FULL)
    if d == "move" and all(a.kind == "go" for a in legal):
        action, means = pick_destination(kit, view, seat, legal, rng, samples)
    elif MAIN and d == "main":
        options = kit.prune(view, legal)
        action, means = pick_destination(kit, view, seat, options, rng, max(least, rollouts // len(options)))
    else:
        return None
    chance = max(means)
    return action, f"{kit.words(view, action)}: the round played out from there looks best (win chance about {round(100 * chance)}%)."
