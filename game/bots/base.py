"""The bot protocol and the pieces every level shares: a game's bot kit, values and reasons.

A bot sees only `view(state, seat)`: never another seat's hidden cards, a deck's order or
the RNG. To look ahead it samples full states consistent with that view
(`GameKit.determinize`, one per game in game/bots/<game>.py) and gives each sample a
generator of its own, drawn from the bot's `rng`; so a bot's choice depends only on the
view, the legal actions and its own seeded `rng`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol
from collections.abc import Callable

from game.core.actions import Action
from game.core.rng import Rng


class Bot(Protocol):
    """A computer player. `choose` returns a legal action and a one-line reason a player can read."""

    name: str

    def choose(self, view_state: Any, seat: int, legal_actions: list[Action], rng: Rng) -> tuple[Action, str]: ...


@dataclass(frozen=True)
class GameKit:
    """What the bots need of one game besides its rule module (see game/bots/<game>.py).

    - `determinize(view, seat, rng)`: a full state consistent with what `seat` sees, hidden
      cards dealt and decks shuffled at random, with a fresh generator drawn from `rng`;
    - `features(state, seat)`: named numbers describing how well `seat` stands (more is better);
    - `weights`: each feature's weight in the seat's score;
    - `phrases`: the reason shown when an action improves a feature most;
    - `scale`: score difference worth a factor e (about 73/27 in a 2-player game) in win chances;
    - `policy(state, actions, rng)`: a fast sensible policy for playouts and the Easy level;
    - `midway(state)`: True while an action is still resolving (a target, a Boost, a reaction
      to choose): a one-move look plays on to the end of it before judging;
    - `prune(state, legal)`: the actions worth a one-move look (never empty): it drops those
      whose worth a one-move look cannot see, such as taking back a choice or setting dice
      aside when no reroll is possible, which it would otherwise pick and undo forever;
    - `playout_depth`: how many policy steps the Hard search plays before judging a position;
    - `turn(state)`: optional, a key that changes when a new turn begins. When given, the Hard
      search plans the rest of the current turn only and judges the positions where it ends:
      it never compares a position taken in its own turn with one taken in a rival's, which an
      evaluation without a sense of whose turn is coming cannot weigh fairly.
    - `scores(state)`: optional, every seat's `score` at once, as `score` computes them (a fast
      path for the search; a test compares the two);
    - `stretch(state)`: optional, a key that stays the same while one seat plays on alone (its
      turn, with nobody else asked anything): two decisions of a Hard bot in the same stretch,
      the second after the first's action, keep the first's search tree below that action.
    - `urgent(view, legal)`: optional, the game's tactics before any search: `(action, reason)` when
      something must be done now (a knockout there to take), else None. Normal and Hard play it;
    - `veto(view, legal, action)`: optional, asked of the action Normal or Hard chose: a replacement
      `(action, reason)` when that choice throws the game away (ending a move where a knockout
      awaits while a safe cell is in reach), else None.
    - `plan(kit, view, seat, legal, rng)`: optional, Normal's choice where the game knows better than a
      one-move look (Khrysos: the rest of the turn played out, its end judged with the tactics), else
      None and the one-move look decides.
    - `deep_plan(kit, view, seat, legal, rng, memory=dict)`: optional, the same for Hard (Khrysos: the best plans
      met by the rivals' replies on several rolls), else None and the tree search decides.
    - `hard`: optional, the kit Hard plays with instead of this one (Krosmaster: an evaluation that also weighs the
      damage in the enemy's reach), so Normal's evaluation, Hard's yardstick, stays as it is.
    - `timed_plan`: True when `deep_plan` also takes `stop` (a callable, True once the bot's time for the
      decision is spent): it widens its search until then. Hard passes it when it has a clock; without one
      it passes `iterations` (its fixed budget), which bounds the plan's work in proportion.
    - `counted_plan`: True when `deep_plan` takes `iterations` but not `stop` (Krom: a fixed number of rounds
      played out); Hard passes it when it has no clock, and nothing when it has one.
    """

    rules: Any
    determinize: Callable[[Any, int, Rng], Any]
    features: Callable[[Any, int], dict[str, float]]
    weights: dict[str, float]
    phrases: dict[str, str]
    scale: float
    policy: Callable[[Any, list[Action], Rng], Action]
    midway: Callable[[Any], bool] = lambda state: False
    prune: Callable[[Any, list[Action]], list[Action]] = lambda state, legal: legal
    playout_depth: int = 20  # steps of quick policy after a new search node, before judging
    turn: Callable[[Any], Any] | None = None  # a key that changes when a new turn begins (the Hard search's horizon)
    scores: Callable[[Any], list[float]] | None = None  # every seat's score at once (fast path of `score`)
    stretch: Callable[[Any], Any] | None = None  # a key kept while one seat plays on alone (Hard reuses its tree)
    urgent: Callable[[Any, list[Action]], tuple[Action, str] | None] | None = None  # a tactic to play at once
    veto: Callable[[Any, list[Action], Action], tuple[Action, str] | None] | None = None  # a blunder's replacement
    plan: Callable[..., tuple[Action, str] | None] | None = None  # Normal's own planner: plan(kit, view, seat, legal, rng)
    deep_plan: Callable[..., tuple[Action, str] | None] | None = None  # Hard's: deep_plan(kit, view, seat, legal, rng, memory=a dict the bot keeps)
    hard: GameKit | None = None  # the kit Hard plays with when its evaluation differs from Normal's (else this one)
    timed_plan: bool = False  # deep_plan also takes stop= (True once the bot's time is spent) and searches until then
    counted_plan: bool = False  # deep_plan takes iterations= (Hard's fixed budget, with no clock) but not stop=

    def score(self, state: Any, seat: int) -> float:
        f = self.features(state, seat)
        w = self.weights
        return sum(w[k] * v for k, v in f.items())

    def values(self, state: Any) -> list[float]:
        """Each seat's estimated chance of winning from `state` (exact once the game is over)."""
        n = state.num_players
        result = self.rules.outcome(state)
        if result is not None:
            if not result.winners:
                return [1.0 / n] * n
            share = 1.0 / len(result.winners)
            return [share if i in result.winners else 0.0 for i in range(n)]
        fast = self.scores
        raw = fast(state) if fast is not None else [self.score(state, i) for i in range(n)]
        scale = self.scale
        scores = [r / scale for r in raw]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def words(self, state: Any, action: Action) -> str:
        """The action as a player would say it (the rules' `action_text`, with the game's default
        names of the players), never its text form."""
        text = getattr(self.rules, "action_text", None)
        return text(state, action) if text is not None else str(action)

    def reason(self, before: Any, after: Any, seat: int, action: Action, chance: float | None = None) -> str:
        """Why `action` helps, in one line that starts with the action in words (`words`): the
        feature it improves most (or the game ending)."""
        tail = f" (win chance about {round(100 * chance)}%)" if chance is not None else ""
        said = self.words(before, action)
        result = self.rules.outcome(after)
        if result is not None:
            if seat in result.winners:
                return f"{said}: it wins the game{tail}."
            return f"{said}: the best of a bad lot{tail}."
        n = after.num_players
        gains: dict[str, float] = {}
        for i in range(n):
            f0, f1 = self.features(before, i), self.features(after, i)
            sign = 1.0 if i == seat else -1.0 / (n - 1)
            for k, w in self.weights.items():
                gains[k] = gains.get(k, 0.0) + sign * w * (f1.get(k, 0.0) - f0.get(k, 0.0))
        best, gain = None, 1e-9
        for k, g in gains.items():
            if g > gain:
                best, gain = k, g
        if best is None:
            return f"{said}: nothing better to do now{tail}."
        return f"{said}: {self.phrases.get(best, best)}{tail}."


def reseeded(state: Any, rng: Rng) -> Any:
    """`state` with a fresh generator drawn from the bot's `rng` (the view's own is a dummy)."""
    state.rng = Rng(rng.next64())
    return state


def seat_of(state: Any) -> int | None:
    return state.to_move
