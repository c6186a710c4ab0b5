"""The four levels: Random, Easy, Normal and Hard (see game/bots/__init__.py)."""

from __future__ import annotations

from typing import Any, Callable

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
    judged by the game's evaluation; the best average wins."""

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
        self.memory.remember(view_state, best)
        return best, kit.reason(first, looker.after(first, best), seat, best, totals[best_i] / k)


class HardBot:
    """Information-set Monte Carlo tree search (see game/bots/search.py) within a budget:
    `iterations` (deterministic) and/or `seconds` measured with `clock` (the caller's clock:
    nothing under game/ reads one itself)."""

    name = "hard"

    def __init__(self, kit: GameKit, iterations: int | None = None, seconds: float | None = 0.5,
                 clock: Callable[[], float] | None = None, depth: int | None = None, explore: float = 0.5):
        if clock is None:
            seconds = None
        if iterations is None and seconds is None:
            iterations = 200
        self.kit = kit
        self.iterations = iterations
        self.seconds = seconds
        self.clock = clock
        self.depth = depth
        self.explore = explore
        self.last: dict = {}  # the last search: iterations run and whether the clock stopped it

    def choose(self, view_state: Any, seat: int, legal: list[Action], rng: Rng) -> tuple[Action, str]:
        if len(legal) == 1:
            self.last = {"iterations": 0, "timed_out": False}
            return legal[0], f"{self.kit.words(view_state, legal[0])}: the only choice."
        search = Search(self.kit, view_state, seat, rng, explore=self.explore, depth=self.depth)
        deadline = None if self.seconds is None else self.clock() + self.seconds
        done = 0
        timed_out = False
        while self.iterations is None or done < self.iterations:
            if deadline is not None and self.clock() >= deadline:
                timed_out = True
                break
            search.iterate()
            done += 1
        self.last = {"iterations": done, "timed_out": timed_out}
        action, chance = search.best(legal)
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
