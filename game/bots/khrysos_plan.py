"""Khrysos Hunters' Normal plans the rest of its turn, then judges where the turn leaves it.

A turn is several decisions (walk a square, buy an action, aim it, spend a Boost), and the one-move
look of game/bots/levels.py judged each one alone: it walked back and forth with nothing to reach,
spent energy on an action that left its hunter where a rival could retire it, and never weighed that
a rival will move next. Here each option at a decision is played on to the end of the turn (the
seat's further choices taken greedily by the quick evaluation of game/bots/khrysos.py), and the
position the turn ends in is judged with the rules' tactics (game/khrysos/tactics.py) added:

- the chance that a rival's next turn retires each hunter (its card then loses up to 2 treasure,
  and a rival who did it gains them: a swing of twice that in a race to 12), and the damage rivals
  can deal it (endurance is worth something of its own);
- the same of the rivals' hunters against ours, weighed less (they move before we do again);
- a card one or two treasure from winning with treasure in its hunter's reach next turn.

Within the turn no die is rolled (the energy is known), so one sampled state serves every option.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.core.actions import Action
from game.core.rng import Rng
from game.khrysos import WIN_TREASURE
from game.khrysos.tactics import FACES, steal_map, strike_map
from game.khrysos.queries import reachable_squares
from game.khrysos.state import ACTIVE, State

END = Action("end")
MAX_STEPS = 14  # decisions of the turn played on greedily after an option, at most

TURN_WEIGHTS = {
    "retire": 1.0,  # times the treasure the retired card loses (and the rival gains), times the chance
    "retire_flat": 0.6,  # a retirement's cost beyond the treasure (a fresh hunter starts on a random zone)
    "hurt": 0.25,  # the damage rivals can deal next turn, times its chance, per point of endurance
    "threat": 0.5,  # what our hunters threaten against the rivals' (they move first: weighed down)
    "race": 0.8,  # a card within 2 treasure of winning, with treasure in its hunter's reach next turn
}
# Hard's judgement adds the treasure rivals can Steal next turn (a swing of twice that in a race to 12); Normal's
# has none of it, so Normal, the yardstick, is unchanged
HARD_WEIGHTS = {**TURN_WEIGHTS, "steal": 1.0}


def _turn_key(s: State) -> tuple:
    return (s.turn, s.cards[s.turn].turns, s.phase == ACTIVE)


_MAPS: dict = {}  # (query, board, the rival card's hunter, square, markers, treasure) -> tactics.strike_map or steal_map


def _strike_map(s: State, card, query: Callable[[State, int], tuple[dict, ...]] = strike_map) -> tuple[dict, ...]:
    """The rules' `strike_map` (or `steal_map`) of a rival card, remembered: the rivals stand still through our turn."""
    key = (query, s.board, card.hunter, card.at, card.trap, card.stun, card.treasure)
    got = _MAPS.get(key)
    if got is None:
        if len(_MAPS) >= 4096:
            _MAPS.clear()
        got = _MAPS[key] = query(s, card.hunter)
    return got


def _theft(s: State, seat: int) -> float:
    """The treasure rivals' next turns can be expected to Steal from `seat`'s hunters (each hunter's loss: the
    most one action takes, capped at its card's treasure, times the chance some rival can take it)."""
    maps = [_strike_map(s, c, steal_map) for c in s.cards if c.seat != seat and c.at is not None and not c.stun]
    lost = 0.0
    for c in s.cards:
        if c.seat != seat or c.at is None or not c.treasure:
            continue
        safe, most = 1.0, 0
        for m in maps:
            rolls = 0
            for now in m:
                got = now.get(c.at)
                if got:
                    rolls += 1
                    most = max(most, got)
            safe *= 1 - rolls / FACES
        lost += (1 - safe) * min(most, c.treasure)
    return lost


def _risk(s: State, seat: int, w: dict[str, float]) -> float:
    """What the rivals' next turns are likely to cost `seat`'s hunters, in score points: the chance
    each is retired (its damage reaching its endurance and Guard), rivals rolling independently, and
    the damage they can deal it on average."""
    maps = [_strike_map(s, c) for c in s.cards if c.seat != seat and c.at is not None and not c.stun]
    if not maps:
        return 0.0
    cost = 0.0
    for c in s.cards:
        if c.seat != seat or c.at is None:
            continue
        need = c.endurance + len(c.guard)
        safe = 1.0
        hurt = 0.0
        for m in maps:
            rolls = 0
            for now in m:
                d = now.get(c.at)
                if d is not None:
                    hurt += d
                    rolls += d >= need
            safe *= 1 - rolls / FACES
        cost += (1 - safe) * (w["retire"] * 2 * min(2, c.treasure) + w["retire_flat"]) + w["hurt"] * hurt / FACES
    return cost


def _race(s: State, seat: int) -> float:
    """A card of `seat` within 2 treasure of winning, with that much treasure within its hunter's
    reach on an average roll (3 squares): 1 for each."""
    got = 0.0
    if not s.loot:
        return 0.0
    for c in s.cards:
        if c.seat != seat or c.at is None or WIN_TREASURE - c.treasure > 2:
            continue
        near = reachable_squares(s, c.hunter, 3)
        if c.at in s.loot or any(q in s.loot for q in near):
            got += 1.0
    return got


def turn_values(kit: Any, s: State, seat: int, w: dict[str, float] = TURN_WEIGHTS) -> float:
    """How well `seat` stands where a turn ended: the quick evaluation (`kit.scores`) plus the tactics
    above, as a win chance for `seat` (the kit's softmax of the scores)."""
    if s.to_move is None:
        return kit.values(s)[seat]
    raw = kit.scores(s)
    n = s.num_players
    for i in range(n):
        mine = 1.0 if i == seat else w["threat"]
        raw[i] -= mine * _risk(s, i, w)
        if w.get("steal"):
            raw[i] -= mine * w["steal"] * 2 * _theft(s, i)
        raw[i] += w["race"] * _race(s, i)
    top = max(raw)
    exps = [math.exp((r - top) / kit.scale) for r in raw]
    return exps[seat] / sum(exps)


def best_end(kit: Any, s: State, seat: int, w: dict[str, float] = TURN_WEIGHTS, steps: int = MAX_STEPS,
             judge: Callable[[State], float] | None = None) -> tuple[float, State]:
    """Where the current turn ends best for `seat`, and how well (`turn_values`, or `judge` of the end when
    given): `s` played on with `seat`'s choices taken greedily by the quick evaluation (a rival's reaction,
    a Guard to spend, by the rules' quick policy), the turn ended at once at any point on the way where
    ending is allowed (the quick evaluation knows no danger: a greedy walk to treasure may end better a
    step or two short)."""
    rules = kit.rules
    if judge is None:
        def judge(end: State) -> float:
            return turn_values(kit, end, seat, w)
    key = _turn_key(s)
    best: tuple[float, State] | None = None
    while steps > 0 and s.to_move is not None and _turn_key(s) == key:
        legal = rules.legal_actions(s)
        steps -= 1
        if s.to_move == seat and END in legal:
            stop = rules.apply(s, END)[0]
            v = judge(stop)
            if best is None or v > best[0]:
                best = (v, stop)
        if len(legal) == 1:
            a = legal[0]
        elif s.to_move == seat:
            a = max(kit.prune(s, legal), key=lambda x: kit.values(rules.apply(s, x)[0])[seat])
        else:
            a = kit.policy(s, legal, s.rng)
        s, _ = rules.apply(s, a)
    v = judge(s)
    if best is None or v > best[0]:
        best = (v, s)
    return best


def plan(kit: Any, view: State, seat: int, legal: list[Action], rng: Rng,
         w: dict[str, float] = TURN_WEIGHTS) -> tuple[Action, str] | None:
    """Normal's choice in its own active turn: each option played to the end of the turn, the ends
    judged by `turn_values`; None outside an active turn (the one-move look decides there)."""
    if view.phase != ACTIVE or view.cards[view.turn].seat != seat or view.to_move != seat:
        return None
    s = kit.determinize(view, seat, rng)
    rules = kit.rules
    options = kit.prune(view, legal)
    best: Any = None
    for i, a in enumerate(options):
        v, end = best_end(kit, rules.apply(s, a)[0], seat, w)
        if best is None or v > best[0]:
            best = (v, i, a, end)
    assert best is not None
    v, _, action, end = best
    return action, kit.reason(s, end, seat, action, v)


def _greedy(kit: Any, s: State, who: int) -> Action:
    legal = kit.rules.legal_actions(s)
    if len(legal) == 1:
        return legal[0]
    return max(kit.prune(s, legal), key=lambda x: kit.values(kit.rules.apply(s, x)[0])[who])


__all__ = ["HARD_WEIGHTS", "TURN_WEIGHTS", "best_end", "plan", "turn_values"]
