"""The four levels: Random, Easy, Normal and Hard (see game/bots/__init__.py)."""

from __future__ import annotations

import gc
from typing import Any, cast
from collections.abc import Callable

from game.bots.base import GameKit
from game.bots.search import Search
from game.core.actions import Action
from game.core.rng import Rng


class RandomBot:
    """Any legal action, uniformly."""

    name = "random"

    def __init__(self, kit: GameKit):
        self.kit = kit

    def choose(self, view_state: Any, seat: int, legal: list[Action], rng: Rng) -> tuple[Action, str]:
        return legal[rng.below(len(legal))], "Picked at random."


class _Memory:
    """The last views a bot decided on and what it did: a one-move look that comes back to the
    same view (a choice taken and undone, dice kept and freed) must try something else."""

    def __init__(self, size: int = 12):
        self.size = size
        self.seen: list[tuple[Any, Action]] = []

    def fresh(self, view: Any, legal: list[Action]) -> list[Action]:
        done = {a for v, a in self.seen if v == view}
        return [a for a in legal if a not in done] or legal

    def remember(self, view: Any, action: Action) -> None:
        self.seen.append((view, action))
        del self.seen[: -self.size]


class EasyBot:
    """Sensible but careless: often the game's quick policy, else a greedy one-move look at a
    single sampled position with noise on its judgement."""

    name = "easy"

    def __init__(self, kit: GameKit, noise: float = 0.2, greedy: float = 0.6):
        self.kit = kit
        self.noise = noise  # scale of the noise on a position's value (a win chance): 0.2 gives a deviation near 0.035
        self.greedy = greedy  # chance of looking one move ahead instead of following the policy
        self.memory = _Memory()

    def choose(self, view_state: Any, seat: int, legal: list[Action], rng: Rng) -> tuple[Action, str]:
        if len(legal) == 1:
            return legal[0], f"{self.kit.words(view_state, legal[0])}: the only choice."
        kit = self.kit
        state = kit.determinize(view_state, seat, rng)
        if rng.below(1000) >= 1000 * self.greedy:
            action = kit.policy(state, legal, rng)
            after, _ = kit.rules.apply(state, action)
            return action, kit.reason(state, after, seat, action)
        best, best_score, best_after = legal[0], -1e18, None
        looker = Look(kit, seat, rng)
        for a in kit.prune(view_state, self.memory.fresh(view_state, legal)):
            after = looker.after(state, a)
            score = kit.values(after)[seat] + self.noise * _gauss(rng)
            if score > best_score:
                best, best_score, best_after = a, score, after
        self.memory.remember(view_state, best)
        return best, kit.reason(state, best_after, seat, best)


class NormalBot:
    """One move ahead: every legal action is tried on a few sampled states (hidden cards dealt,
    dice rolled by the rules themselves, so chance is weighed by the rules' own odds) and
    judged by the game's evaluation; the best average wins. The game's tactics come first when
    its kit has them: an `urgent` move (a knockout there to take) is played without looking
    further, and a `veto` replaces a choice that throws the game away."""

    name = "normal"

    def __init__(self, kit: GameKit, samples: int = 4, max_work: int = 300):
        self.kit = kit
        self.samples = samples  # sampled states at most
        self.max_work = max_work  # positions judged per decision (after the first sample), to keep decisions fast
        self.memory = _Memory()

    def choose(self, view_state: Any, seat: int, legal: list[Action], rng: Rng) -> tuple[Action, str]:
        kit = self.kit
        if len(legal) == 1:
            return legal[0], f"{self.kit.words(view_state, legal[0])}: the only choice."
        if kit.urgent is not None:
            found = kit.urgent(view_state, legal)
            if found is not None:
                self.memory.remember(view_state, found[0])
                return found
        if kit.plan is not None:
            found = kit.plan(kit, view_state, seat, legal, rng)
            if found is not None:
                self.memory.remember(view_state, found[0])
                return found
        options = kit.prune(view_state, self.memory.fresh(view_state, legal))
        totals = [0.0] * len(options)
        looker = Look(kit, seat, rng)
        first = None
        k = 0
        while k < self.samples:
            # every action meets the same sample and the same dice (apply never changes its input)
            state = kit.determinize(view_state, seat, rng)
            first = first or state
            for i, a in enumerate(options):
                totals[i] += looker.value(state, a)
            k += 1
            if looker.work * (k + 1) / k > self.max_work:
                break
        best_i = max(range(len(options)), key=lambda i: (totals[i], -i))
        best = options[best_i]
        if kit.veto is not None:
            found = kit.veto(view_state, legal, best)
            if found is not None:
                self.memory.remember(view_state, found[0])
                return found
        self.memory.remember(view_state, best)
        return best, kit.reason(first, looker.after(first, best), seat, best, totals[best_i] / k)


class HardBot:
    """Information-set Monte Carlo tree search (see game/bots/search.py) within a budget:
    `iterations` (deterministic) and/or `seconds` measured with `clock` (the caller's clock:
    nothing under game/ reads one itself).

    It stops early once the most visited action is so far ahead that the iterations left could
    not let another overtake it (with `iterations` alone, the same choice as a search run to the
    end). When the kit has a `stretch` key, the next decision of the same stretch of play (its
    own turn, nobody else asked) starts from the subtree below the action it chose."""

    name = "hard"
    CHECK_EVERY = 16  # iterations between two looks at whether one action is out of reach

    def __init__(self, kit: GameKit, iterations: int | None = None, seconds: float | None = 0.5,
                 clock: Callable[[], float] | None = None, depth: int | None = None, explore: float = 0.5,
                 reuse: bool = True, early_stop: bool = True):
        if clock is None:
            seconds = None
        if iterations is None and seconds is None:
            iterations = 200
        self.kit = kit.hard or kit  # the game's own evaluation for Hard, when it has one
        self.iterations = iterations
        self.seconds = seconds
        self.clock = clock
        self.depth = depth
        self.explore = explore
        self.reuse = reuse and kit.stretch is not None
        self.early_stop = early_stop
        self.last: dict = {}  # the last search: iterations run and whether the clock stopped it
        self._kept: tuple[Any, ...] | None = None  # (seat, stretch key, view as data, root, action chosen): the tree to reuse
        self._plans: dict = {}  # the kit's deep_plan keeps what it learnt in a turn for its next decision there

    def _stretch(self, state: Any) -> Any:
        return cast(Callable[[Any], Any], self.kit.stretch)(state)  # there is one whenever `reuse` is set

    def _kept_root(self, view_state: Any, seat: int, legal: list[Action]):
        """The subtree below the action chosen last, when this view follows it in the same stretch."""
        kept, self._kept = self._kept, None
        if not self.reuse or kept is None:
            return None, None
        key, data = self._stretch(view_state), view_state.to_dict()
        k_seat, k_key, k_data, root, action = kept
        if k_seat != seat or k_key != key or k_data == data:
            return None, (key, data)
        child = root.children.get(action)
        if child is None or not child.expanded:
            return None, (key, data)
        # the kept node must stand where this decision does: its children are these options
        if not all(a in child.children for a in self.kit.prune(view_state, legal)):
            return None, (key, data)
        return child, (key, data)

    def choose(self, view_state: Any, seat: int, legal: list[Action], rng: Rng) -> tuple[Action, str]:
        if len(legal) == 1:
            self.last = {"iterations": 0, "timed_out": False}
            return legal[0], f"{self.kit.words(view_state, legal[0])}: the only choice."
        if self.kit.urgent is not None:
            found = self.kit.urgent(view_state, legal)
            if found is not None:
                self.last = {"iterations": 0, "timed_out": False, "early": False, "reused": False, "tactic": True}
                self._kept = None
                return found
        if self.kit.deep_plan is not None:
            bound: dict[str, Any] = {}
            if self.kit.timed_plan and self.seconds is not None:
                tick = cast(Callable[[], float], self.clock)
                until = tick() + self.seconds
                bound["stop"] = lambda: tick() >= until
            elif self.kit.timed_plan or (self.kit.counted_plan and self.seconds is None):
                bound["iterations"] = self.iterations  # no clock: the fixed budget bounds the plan's work too
            found = self.kit.deep_plan(self.kit, view_state, seat, legal, rng, memory=self._plans, **bound)
            if found is not None:
                self.last = {"iterations": 0, "timed_out": False, "early": False, "reused": False, "plan": True}
                self._kept = None
                return found
        root, here = self._kept_root(view_state, seat, legal)
        search = Search(self.kit, view_state, seat, rng, explore=self.explore, depth=self.depth, root=root)
        clock = cast(Callable[[], float], self.clock)  # there is one whenever `seconds` is set
        start = 0.0 if self.seconds is None else clock()
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        timed_out = early = False
        check = self.CHECK_EVERY
        collecting = gc.isenabled()
        gc.disable()  # the tree holds no cycles: collections would only walk it again and again
        try:
            while self.iterations is None or done < self.iterations:
                if deadline is not None and clock() >= deadline:
                    timed_out = True
                    break
                search.iterate()
                done += 1
                if self.early_stop and done % check == 0 and done >= 4 * check:
                    left: float | None = None if self.iterations is None else self.iterations - done
                    if deadline is not None:
                        now = clock()
                        by_clock = (deadline - now) * done / max(now - start, 1e-9)
                        left = by_clock if left is None else min(left, by_clock)
                    if left is not None and left > 0 and search.margin(legal) > left:
                        early = True
                        break
        finally:
            if collecting:
                gc.enable()
        self.last = {"iterations": done, "timed_out": timed_out, "early": early, "reused": root is not None}
        action, chance = search.best(legal)
        if self.kit.veto is not None:
            found = self.kit.veto(view_state, legal, action)
            if found is not None:
                self._kept = None
                return found
        if self.reuse:
            if here is None:
                here = (self._stretch(view_state), view_state.to_dict())
            self._kept = (seat, here[0], here[1], search.root, action)
        state = self.kit.determinize(view_state, seat, rng)
        after, _ = self.kit.rules.apply(state, action)
        return action, self.kit.reason(state, after, seat, action, chance)


class Look:
    """A one-move look for `seat`: the state after an action, played on to the end of a
    resolution it begins (`kit.midway`: a target, a Boost, a reaction to choose) with the seat's
    own choices taken greedily and the others' by the game's quick policy, at most `budget`
    actions further; `work` counts the positions judged."""

    def __init__(self, kit: GameKit, seat: int, rng: Rng, budget: int = 6):
        self.kit, self.seat, self.rng, self.budget = kit, seat, rng, budget
        self.work = 0

    def judge(self, state: Any) -> float:
        self.work += 1
        return self.kit.values(state)[self.seat]

    def value(self, state: Any, action: Action) -> float:
        return self.judge(self.after(state, action))

    def after(self, state: Any, action: Action) -> Any:
        kit, rules, seat = self.kit, self.kit.rules, self.seat
        state, _ = rules.apply(state, action)
        budget = self.budget
        while budget > 0 and state.to_move is not None and kit.midway(state):
            legal = rules.legal_actions(state)
            budget -= 1
            if len(legal) == 1:
                a = legal[0]
            elif state.to_move == seat:
                a = max(kit.prune(state, legal), key=lambda x: self.judge(rules.apply(state, x)[0]))
            else:
                a = kit.policy(state, legal, self.rng)
            state, _ = rules.apply(state, a)
        return state


def _gauss(rng: Rng) -> float:
    """A roughly normal draw (sum of three uniforms), mean 0, deviation about 0.175."""
    return (sum(rng.below(1 << 20) for _ in range(3)) / (1 << 20) - 1.5) * 0.35
