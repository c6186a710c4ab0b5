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
- The one-move look never peeks at chance (`FAIR`): a sampled position holds the dice and the deck
  order to come, and a look that applied each hunt to it chose the prey its dice were about to catch
  (on sixes the Mammoth with 3 dice, on threes the Mammoth with 5), so the Savanna, the Forest and the
  Mountain looked better than they are and the Cave, where nothing is left to chance, worse. A chance
  action is judged by its expected result instead (`fair_score`).
- Our own seat, at the Cave in a played-out round, buys the Wood, Stone or Bone that make an Evolution
  payable and realizes it (`CAVE_BUY`, `buy_points`): the one-move look rests there (3 Krom beat one
  Stone bought), so the Cave never showed what its services pay for, and a Hard with 15 Krom, 5 Wood and
  no Stone went hunting while the Wheel waited for 2 Stone (a 20-round game against Random).
  Both together, measured with the arena against Random (`hard,random`, 40 games a seed): 80/80 on seeds
  3 and 4 and 158/160 over seeds 1-4, where the Hard before won 73/80 and 151/160 of the same seeds
  (README's arena table).

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
from game.krom import EVOLUTIONS, HUNTING, PICKING, RESOURCES, best_realization, hunt_odds
from game.krom.decision import stage

SAMPLES = 40  # sampled positions per decision (each option meets every one): about 0.3 CPU s, Hard's budget is 0.5
MAIN = True  # the Action phase's choices planned the same way (else the tree search decides them)
MAIN_ROLLOUTS = 120  # played-out rounds per Action-phase choice, all options together
MAIN_LEAST = 8  # sampled positions per option at least
FULL = 150  # a fixed `iterations` this large (the tactics suite's Hard) or more gives the whole plan; fewer scale it down
GUESS = 4  # one sample in GUESS guesses a hidden pick by the search's weighted guess instead of Normal's choice
SURPLUS = 0.25  # a Wood, Stone or Bone beyond what any Evolution in view asks is worth this share of one it asks for
LEAST_NEED = 2  # of each of Wood, Stone and Bone, at least this many count as wanted (the row changes)
FAIR = True  # in a played-out round, chance actions are judged by their expected result (`fair_score`)
CAVE_BUY = True  # in a played-out round, a seat at the Cave buys the services that make an Evolution payable
GREEDY_STAGES = ("main", "climb", "reward", "steal")
AIM_STAGES = ("target", "choice")


def normal_pick(kit: Any, s: Any, seat: int, legal: list[Action]) -> Action:
    """The destination a Normal bot picks for `seat` (to move in `s`): the win that is there, else the
    place its evaluation likes best (only the `plan` feature differs between destinations)."""
    found = kit.urgent(s, legal) if kit.urgent is not None else None
    if found is not None:
        return found[0]
    return _greedy(kit, s, seat, legal)


def _greedy(kit: Any, s: Any, seat: int, options: list[Action], rng: Rng | None = None) -> Action:
    """The option after which the evaluation likes `seat`'s position best (the first of equals). With
    `rng`, an option whose result is chance (a hunt, a Picking card, the Mountain's dice) is judged by
    its expected result (`fair_score`), not by the one the position's own dice hold."""
    rules = kit.rules
    best, best_v = options[0], -1e18
    for a in options:
        if rng is not None and a.kind in CHANCE:
            v = fair_score(kit, s, seat, a, rng)
        else:
            v = kit.score(rules.apply(s, a)[0], seat)
        if v > best_v:
            best, best_v = a, v
    return best


CHANCE = ("hunt", "pick", "climb", "reroll")
DICE_SAMPLES = 4  # fresh rolls a Mountain roll is judged on


def fair_score(kit: Any, s: Any, seat: int, a: Action, rng: Rng) -> float:
    """`seat`'s expected score after the chance action `a`, never peeking at the dice or the deck order the
    sampled position holds: a hunt by its odds (caught with sixes, missed with ones), a Picking card over
    the cards the deck may hold, the Mountain's dice on `DICE_SAMPLES` fresh rolls."""
    rules = kit.rules
    if a.kind == "hunt":
        card = HUNTING[s.hunting_row[int(a.args[0])]]
        extra = int(a.args[1])
        odds = float(hunt_odds(card.id, extra))
        here = s.rng
        try:
            s.rng = Rng(0).scripted([6] * (card.dice + extra))
            caught = kit.score(rules.apply(s, a)[0], seat)
            if odds >= 1.0:
                return caught
            s.rng = Rng(0).scripted([1] * (card.dice + extra))
            missed = kit.score(rules.apply(s, a)[0], seat)
        finally:
            s.rng = here
        return odds * caught + (1.0 - odds) * missed
    if a.kind == "pick" and s.picking_deck:
        deck = s.picking_deck
        total = 0.0
        seen: dict[tuple, float] = {}
        for i, card in enumerate(deck):
            key = PICKING[card].reward
            if key not in seen:
                s.picking_deck = (card,) + deck[:i] + deck[i + 1:]
                try:
                    seen[key] = kit.score(rules.apply(s, a)[0], seat)
                finally:
                    s.picking_deck = deck
            total += seen[key]
        return total / len(deck)
    here = s.rng
    total = 0.0
    try:
        for _ in range(DICE_SAMPLES):
            s.rng = Rng(rng.next64())
            total += kit.score(rules.apply(s, a)[0], seat)
    finally:
        s.rng = here
    return total / DICE_SAMPLES


def buy_points(kit: Any, s: Any, legal: list[Action], seat: int, depth: int = 3) -> Action | None:
    """The Cave service that starts the fewest services (at most `depth`) after which `seat` can realize
    more Evolution points than now, the most points first; None when no services do."""
    place = s.players[seat].place
    base = best_realization(s, seat, place)[0]
    best: tuple[int, int, Action] | None = None  # (points, -services, first service)

    def walk(state: Any, first: Action | None, left: int, used: int) -> None:
        nonlocal best
        for a in kit.rules.legal_actions(state) if first is not None else legal:
            if a.kind != "buy" or a.args[0] not in RESOURCES:
                continue
            after = kit.rules.apply(state, a)[0]
            got = best_realization(after, seat, place)[0]
            start = first or a
            if got > base and (best is None or (got, -used - 1) > best[:2]):
                best = (got, -used - 1, start)
            if left > 1 and after.to_move == seat:
                walk(after, start, left - 1, used + 1)

    walk(s, None, depth, 0)
    return None if best is None else best[2]


def rollout_choice(kit: Any, s: Any, legal: list[Action], rng: Rng, guess: bool = False, me: int | None = None
                   ) -> Action:
    """A quick stand-in for a Normal bot in a played-out round (see the module docstring)."""
    if len(legal) == 1:
        return legal[0]
    d = stage(s)
    if CAVE_BUY and me is not None and d == "main" and s.to_move == me and any(a.kind == "buy" for a in legal):
        found = buy_points(kit, s, legal, me)
        if found is not None:
            return found
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
    return _greedy(kit, s, s.to_move, options, rng if FAIR else None)


def play_round(kit: Any, s: Any, rng: Rng, guess: bool, steps: int = 400, me: int | None = None) -> Any:
    """`s` played on by `rollout_choice` to the next round's Movement phase (or the game's end)."""
    rules = kit.rules
    start = s.round
    while steps > 0 and s.to_move is not None and not (s.phase == "move" and s.round > start):
        legal = rules.legal_actions(s)
        s, _ = rules.apply(s, rollout_choice(kit, s, legal, rng, guess, me))
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
            end = play_round(kit, rules.apply(s, a)[0], Rng(seed), guess, me=seat)
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
