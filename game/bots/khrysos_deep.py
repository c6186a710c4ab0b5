"""Khrysos Hunters' Hard in its own active turn: its whole turn searched, the best ends met by the rival's
planned reply on every face of the rival's die.

Normal (game/bots/khrysos_plan.py) plays each option on to the end of its turn (the later choices greedy)
and judges the end with the tactics (`turn_values`). Within a turn no die is rolled, so Hard walks every
way its turn can go (`turn_ends`: depth first, a position met twice walked once, up to `SEARCH_LIMIT`
actions applied) and adds Normal's own plan of each option, so it never sees less than Normal. It takes
the `width` ends `turn_values` judges best and, for each, plays the next turn as the rival would play
it: the rival's die is taken at each of its six faces (one sampled game per face, every face weighed
alike), and on each the rival plans its turn as Normal does (every first option played on to its best
end, judged by `turn_values` from the rival's side). Where the rival's turn leaves the game, our next
card about to begin, the position is judged by `turn_values` from the rival's side (its hunters are the
ones about to be met); the average over the faces, mixed with a little of the judgement of our own end,
ranks the ends, and Hard plays the first action of a way to the best one. An end where the game is over
is judged as it stands (a win is worth 1). Hard's own judgements use `HARD_WEIGHTS`: Normal's and the treasure
rivals can Steal next turn (twice the expected haul, a swing in the race), which Normal does not weigh; the
rival's planned replies keep Normal's weights. Over Normal-vs-Normal games the Steal term made the judgement
between turns predict the winner better (log loss; figures in README, issue 33 arena rows).

Hard meets the 4 best ends with the replies and, while its clock allows (the bot hands it a `stop`),
the next best up to `WIDEST`, which is 4: widening helped nothing measurable. Against Normal on seed 21, 8
ends won 26 of 30 games where 4 won 22, but seeds 31-33 did not confirm it (79/120 = 65.8%; 105/150 = 70.0%
with seed 21, where the 4-end Hard had 86/120 = 71.7% on seeds 21-25) at twice the median CPU; 32 ends cost
twice that again and showed no gain in 6 games.

The work is bounded by `budget`: the rival's first options played on to their ends, all faces and
options together. When the budget runs out the rival's remaining choices are greedy (the quick
evaluation), and an option reached after that keeps its own judgement. The bot keeps the judgements
of the ends met in a turn (`memory`) for its next decision in the same turn, which weighs mostly the
same ends again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.bots.khrysos_plan import HARD_WEIGHTS, TURN_WEIGHTS, _greedy, _turn_key, best_end, turn_values
from game.core.actions import Action
from game.core.rng import Rng
from game.khrysos.state import ACTIVE, START, State
from game.khrysos.tactics import FACES

ROLL = Action("roll")
SEARCH_LIMIT = 6000  # actions applied at most to find the ways a turn can end (about 0.1 s)
WIDEST = 4  # ends met by the replies at most, while the clock allows (see the module docstring: 8 gained nothing)
FULL = 120  # a fixed `iterations` this large (the tactics suite's Hard) or more gives the whole plan; fewer scale it down
OWN = 0.25  # weight of the judgement of our own end beside the average over the rival's replies


def judge_for(kit: Any, seat: int, w: dict[str, float] = TURN_WEIGHTS):
    """`seat`'s judgement of a position between turns: Normal's `turn_values`, with two players taken from
    the side of the seat that just played (its hunters' risks are the ones the next turn meets)."""

    def judge(s: State) -> float:
        if s.to_move is not None and s.num_players == 2 and s.cards[s.turn].seat == seat:
            return 1 - turn_values(kit, s, 1 - seat, w)
        return turn_values(kit, s, seat, w)

    return judge


class _Work:
    def __init__(self, budget: int):
        self.left = budget


def _faces(kit: Any, end: State, seat: int, rng: Rng) -> list[State]:
    """The position after the rival's die at the start of its turn, one for each face that came up within
    a few draws (every face, nearly always); several sampled games where the turn begins otherwise."""
    rules = kit.rules
    if end.phase == START and end.to_move is not None and end.to_move != seat:
        found: dict[int, State] = {}
        tries = 0
        while len(found) < FACES and tries < 5 * FACES:
            t = end.copy()
            t.rng = Rng(rng.next64())
            t, _ = rules.apply(t, ROLL)
            found.setdefault(t.energy, t)
            tries += 1
        return [found[k] for k in sorted(found)]
    out = []
    for _ in range(FACES):
        t = end.copy()
        t.rng = Rng(rng.next64())
        out.append(t)
    return out


def rival_turn(kit: Any, s: State, seat: int, work: _Work, w: dict[str, float] = TURN_WEIGHTS, steps: int = 40) -> State:
    """`s` (our turn over) played on until one of `seat`'s cards is about to begin a turn (or the game
    ends): the rival plans each of its active decisions as Normal does, every other choice is greedy."""
    rules = kit.rules
    while steps > 0 and s.to_move is not None:
        who = s.to_move
        if who == seat and s.cards[s.turn].seat == seat and s.phase != ACTIVE:
            break
        steps -= 1
        legal = rules.legal_actions(s)
        if len(legal) == 1:
            s, _ = rules.apply(s, legal[0])
            continue
        if s.phase == ACTIVE and s.res is None and s.cards[s.turn].seat == who != seat and work.left > 0:
            best: tuple[float, State] | None = None
            here = _turn_key(s)
            for a in kit.prune(s, legal):
                work.left -= 1
                after = rules.apply(s, a)[0]
                v, end = best_end(kit, after, who, w)  # Normal's judgement of the option, as Normal makes it
                if best is None or v > best[0]:
                    best = (v, after if _turn_key(after) != here else end)  # `end` ends the turn at once
            assert best is not None
            if best[1] is not s:
                s = best[1]
                continue
        s, _ = rules.apply(s, _greedy(kit, s, who))
    return s


def _key(s: State) -> tuple:
    """What a seat can see of a position, as a key (the hands' and deck's sizes, not their hunters)."""
    return (s.phase, s.turn, s.to_move, s.cards, s.loot, s.energy, s.used, s.res, s.retired,
            tuple(len(h) for h in s.hands), len(s.deck))


def turn_ends(kit: Any, s: State, seat: int, limit: int = SEARCH_LIMIT) -> dict[tuple, tuple[State, Action]]:
    """The positions where `seat`'s current turn can end, each with the first action of a way there: every
    sequence of `seat`'s choices in the turn walked depth first, positions met twice (the same squares
    walked in another order) walked once, a rival's reaction taken by the rules' quick policy. At most
    `limit` actions are applied: a turn with many ways gives the ends found by then."""
    rules = kit.rules
    start = _turn_key(s)
    seen: set[tuple] = set()
    ends: dict[tuple, tuple[State, Action]] = {}
    stack: list[tuple[State, Action | None]] = [(s, None)]
    while stack and limit > 0:
        t, first = stack.pop()
        k = _key(t)
        if k in seen:
            continue
        seen.add(k)
        if t.to_move is None or _turn_key(t) != start:
            if first is not None:
                ends[k] = (t, first)
            continue
        legal = rules.legal_actions(t)
        if t.to_move != seat:
            a = legal[0] if len(legal) == 1 else kit.policy(t, legal, t.rng)
            stack.append((rules.apply(t, a)[0], first))
            limit -= 1
            continue
        for a in reversed(kit.prune(t, legal)):  # the first options are walked first
            stack.append((rules.apply(t, a)[0], first or a))
            limit -= 1
    return ends


def deep_plan(kit: Any, view: State, seat: int, legal: list[Action], rng: Rng, width: int = 4,
              budget: int = 600, w: dict[str, float] = HARD_WEIGHTS, memory: dict | None = None,
              limit: int = SEARCH_LIMIT, stop: Callable[[], bool] | None = None,
              widest: int = WIDEST, rival_w: dict[str, float] = TURN_WEIGHTS,
              iterations: int | None = None) -> tuple[Action, str] | None:
    """Hard's choice in its own active turn (see the module's docstring); None outside one. `memory`, kept
    by the bot from one decision to the next, holds the judgements of ends already met by the rival's
    replies in this turn (the next decision of the turn mostly weighs the same ends again). With `stop`
    (the bot's clock: True once its time is spent), the `width` best ends are met by the replies and then
    the next best, one by one, until `stop` says so or `widest` ends were met; the budget grows with them.
    `w` weighs Hard's own judgements (Normal's, with the treasure rivals can Steal); `rival_w` the rival's
    planned replies (Normal's own weights: the rival is taken to plan as Normal does). A fixed `iterations`
    (the bot's budget when it has no clock) below `FULL` cuts the walk's `limit` and the replies' `budget` in
    proportion, so a quick test's Hard is quick."""
    if view.phase != ACTIVE or view.cards[view.turn].seat != seat or view.to_move != seat:
        return None
    if memory is None:
        memory = {}
    if iterations is not None and iterations < FULL:
        limit = max(1, limit * iterations // FULL)
        budget = max(1, budget * iterations // FULL)
    turn = (seat, view.turn, view.cards[view.turn].turns)
    if memory.get("turn") != turn:
        memory.clear()
        memory["turn"] = turn
    s = kit.determinize(view, seat, rng)
    rules = kit.rules
    judge = judge_for(kit, seat, w)
    options = kit.prune(view, legal)
    order = {a: i for i, a in enumerate(options)}
    found = turn_ends(kit, s, seat, limit)
    for a in options:  # Normal's plan of each option, so Hard never sees less than Normal does
        after = rules.apply(s, a)[0]
        end = after if _turn_key(after) != _turn_key(s) else best_end(kit, after, seat, w)[1]
        found.setdefault(_key(end), (end, a))
    ends = [(turn_values(kit, end, seat, w), -order.get(a, len(order)), a, end) for end, a in found.values() if a in order]
    ends.sort(key=lambda e: (e[0], e[1]), reverse=True)
    work = _Work(budget)
    best: Any = None
    for n, (_v0, i, a, end) in enumerate(ends[:widest if stop is not None else width]):
        if n >= width:
            if stop is None or stop():
                break
            work.left += budget // width  # each end past `width` brings its share of the budget
        key = _key(end)
        value = memory.get(key)
        if value is None:
            own = judge(end)
            if end.to_move is None or work.left <= 0:
                value = own
            else:
                replies = [judge(rival_turn(kit, t, seat, work, rival_w)) for t in _faces(kit, end, seat, rng)]
                value = OWN * own + (1 - OWN) * sum(replies) / len(replies)
                memory[key] = value
        if best is None or (value, i) > (best[0], best[1]):
            best = (value, i, a, end)
    value, _, action, end = best
    return action, kit.reason(s, end, seat, action, value)


__all__ = ["deep_plan", "judge_for", "rival_turn", "turn_ends"]
