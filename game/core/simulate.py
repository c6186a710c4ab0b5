"""Random full games for any rule module, checking the design's invariants at every step.

Used by each game's random-simulation test (and by `python -m game.bench`). At every
step of a checked playout:
- the game is over exactly when `to_move` is None and `outcome` is set, and then there
  are no legal actions; otherwise there is at least one;
- the module's own invariants hold (`check_invariants`);
- the state round-trips through `to_dict`/`State.from_dict`;
- every legal action's text form parses back to the same action;
- `apply` never changes its input state;
- a few non-legal actions (legal ones with changed arguments or kinds) are refused
  with `IllegalAction`, leaving the state unchanged;
- `view` works for every seat.
At the end, replaying the action list from the seed reproduces the final state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.actions import Action
from game.core.api import choose
from game.core.errors import IllegalAction
from game.core.outcome import Outcome
from game.core.rng import Rng


class SimulationFailure(AssertionError):
    """A broken invariant found in a random game; the message says how to reproduce it."""


@dataclass
class Playout:
    setup: Any
    seed: int
    state: Any
    actions: list[Action] = field(default_factory=list)
    outcome: Outcome | None = None


def play(module: Any, setup: Any, seed: int, policy_seed: int, *, max_steps: int = 200_000) -> Playout:
    """Play one random game fast, without checks (for benchmarks)."""
    state = module.new_game(setup, seed)
    rng = Rng(policy_seed)
    actions: list[Action] = []
    for _ in range(max_steps):
        legal = module.legal_actions(state)
        if not legal:
            break
        action = choose(module, state, legal, rng)
        state, _ = module.apply(state, action)
        actions.append(action)
    return Playout(setup, seed, state, actions, module.outcome(state))


def checked_playout(
    module: Any,
    setup: Any,
    seed: int,
    policy_seed: int,
    *,
    max_steps: int = 100_000,
    full_check_every: int = 1,
    illegal_probes: int = 3,
) -> Playout:
    """Play one random game, checking everything listed in the module docstring.

    `full_check_every` spaces out the costly checks (round trip, input not mutated,
    views, illegal probes) to every n-th step; the invariants and the over/legal
    consistency are checked at every step regardless.
    """
    where = f"{module.GAME_ID} setup={setup.to_dict()} seed={seed} policy_seed={policy_seed}"
    state = module.new_game(setup, seed)
    rng = Rng(policy_seed)
    probe_rng = Rng(policy_seed ^ 0x5EED)
    actions: list[Action] = []

    def fail(step: int, problem: str) -> SimulationFailure:
        return SimulationFailure(f"{where} step={step} after {[str(a) for a in actions[-5:]]}: {problem}")

    for step in range(max_steps + 1):
        legal = module.legal_actions(state)
        result = module.outcome(state)
        over = state.to_move is None
        if over != (result is not None):
            raise fail(step, f"to_move={state.to_move} but outcome={result}")
        if over != (not legal):
            raise fail(step, f"to_move={state.to_move} but {len(legal)} legal actions")
        try:
            module.check_invariants(state)
        except AssertionError as e:
            raise fail(step, f"invariant broken: {e}") from None
        full = step % full_check_every == 0 or over
        if full:
            _check_full(module, state, legal, probe_rng, illegal_probes, lambda p: fail(step, p))
        if over:
            break
        action = choose(module, state, legal, rng)
        before = state.to_dict() if full else None
        previous = state
        state, events = module.apply(state, action)
        if before is not None and previous.to_dict() != before:
            raise fail(step, f"apply({action}) changed its input state")
        if not isinstance(events, list):
            raise fail(step, f"apply returned {type(events).__name__} events, not a list")
        actions.append(action)
    else:
        raise fail(max_steps, f"the game did not end within {max_steps} steps")

    replayed = module.new_game(setup, seed)
    for i, a in enumerate(actions):
        try:
            replayed, _ = module.apply(replayed, a)
        except IllegalAction as e:
            raise fail(i, f"replaying the actions from the seed refuses {a}: {e.reason}") from None
    if replayed.to_dict() != state.to_dict():
        raise fail(len(actions), "replaying the actions from the seed gives a different state")
    return Playout(setup, seed, state, actions, module.outcome(state))


def _check_full(module: Any, state: Any, legal: list[Action], rng: Rng, probes: int,
                fail: Callable[[str], Exception]) -> None:
    snapshot = state.to_dict()
    again = module.State.from_dict(snapshot)
    if again.to_dict() != snapshot:
        raise fail("state does not round-trip through to_dict/from_dict")
    for a in legal:
        if Action.parse(str(a)) != a:
            raise fail(f"action text {str(a)!r} does not parse back to {a!r}")
    for a in legal[: min(len(legal), 3)]:
        module.apply(state, a)
        if state.to_dict() != snapshot:
            raise fail(f"apply({a}) changed its input state")
    for seat in _seats(state):
        module.view(state, seat)
    legal_set = set(legal)
    for bad in _illegal_candidates(legal, rng, probes):
        if bad in legal_set:
            continue
        try:
            module.apply(state, bad)
        except IllegalAction as e:
            if not e.reason:
                raise fail(f"{bad} was refused without a reason") from None
        else:
            raise fail(f"non-legal action {bad} was accepted")
        if state.to_dict() != snapshot:
            raise fail(f"refusing {bad} changed the state")


def _seats(state: Any) -> range:
    return range(state.num_players)


def _illegal_candidates(legal: list[Action], rng: Rng, count: int) -> list[Action]:
    """Actions near the legal ones: an argument nudged, a kind swapped, or an unknown kind."""
    out = [Action("no-such-action", ())]
    if not legal:
        return out
    kinds = sorted({a.kind for a in legal})
    for _ in range(count):
        base = legal[rng.below(len(legal))]
        choice = rng.below(3)
        if choice == 0 and base.args:
            i = rng.below(len(base.args))
            arg = base.args[i]
            new = arg + rng.choice((-3, -1, 1, 2, 7)) if isinstance(arg, int) else arg + "x"
            out.append(Action(base.kind, base.args[:i] + (new,) + base.args[i + 1 :]))
        elif choice == 1:
            out.append(Action(rng.choice(kinds), base.args + (rng.below(9),)))
        else:
            out.append(Action(base.kind, base.args[:-1]))
    return out
