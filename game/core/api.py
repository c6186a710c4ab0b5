"""The shape every rule module has (`game.krosmaster`, `game.krom`, `game.khrysos`).

A rule module is a plain Python module exposing the names below; `check_module` verifies
them. See ../shared/DESIGN.md, "Rule module API".
"""

from __future__ import annotations

from typing import Any, Protocol
from collections.abc import Sequence

from game.core.actions import Action
from game.core.decision import Decision
from game.core.events import Event
from game.core.outcome import Outcome
from game.core.rng import Rng


class GameState(Protocol):
    """What generic code needs of a state: whose move it is, and plain-data round trips."""

    to_move: int | None  # the seat that must act now, None once the game is over
    num_players: int  # seats are 0 .. num_players - 1

    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState: ...


class RulesModule(Protocol):
    GAME_ID: str  # "krosmaster", "krom", "khrysos": the key in saves and the registry
    TITLE: str  # shown to players
    VERSION: int  # version of the state/action format; saves record it
    Setup: Any  # dataclass of options with to_dict() and classmethod from_dict()
    State: Any  # the state class, with to_move, to_dict() and classmethod from_dict()

    def new_game(self, setup: Any, seed: int) -> GameState: ...
    def legal_actions(self, state: GameState) -> list[Action]: ...
    def apply(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]: ...
    def outcome(self, state: GameState, names: Sequence[str] | None = None) -> Outcome | None: ...  # reason: a sentence
    def view(self, state: GameState, seat: int | None) -> GameState: ...
    def check_invariants(self, state: GameState) -> None: ...  # raises AssertionError naming the broken invariant
    def random_setup(self, rng: Rng) -> Any: ...  # any legal combination of options, for simulations
    def bench_setup(self) -> Any: ...  # the setup `python -m game.bench` measures
    def demo_state(self, seed: int) -> GameState: ...  # a default game in progress, for `--scene GAME.board`
    def describe(self, event: Event, state: GameState | None = None, names: Sequence[str] | None = None) -> str: ...  # the game-log line of an event
    # The rules-to-screen seam (DESIGN.md): every board and bot asks these three questions.
    def decision(self, state: GameState, names: Sequence[str] | None = None) -> Decision: ...  # who decides what now; .seat == state.to_move
    def why_illegal(self, state: GameState, action: Action, names: Sequence[str] | None = None) -> str | None: ...  # None when legal, else the reason, a sentence
    def redact(self, event: Event, seat: int | None) -> Event: ...  # the event as that seat may see it (HIDDEN for secrets)

    # Optional: progress(state, names=None) -> str, a few words on how far the game is ("Turn 3 of 10"),
    # shown in the saves list and the menu's Continue entry.
    # Optional: action_text(state, action, names=None) -> str, an action as a player says it
    # ("Move Golda Purse to C7"), for suggestions and undo lines (all three games have it).
    # Every text function takes `names`: seat index -> the name the table gave that seat (None
    # keeps the game's own words for the seats); texts are built with game.core.grammar and
    # name squares as the board's edges show them (each game's `square_name`).
    # Optional: reveals(before, action, after, events) -> bool, True when the action showed
    # something hidden without using the RNG (a card drawn from a deck shuffled earlier); the
    # Match treats it as an undo barrier, like any action that used the RNG.

    # Optional: playout_choice(state, actions, rng) -> Action, a random policy biased
    # so that random games finish in reasonable time (default: uniform choice).


REQUIRED = (
    "GAME_ID",
    "TITLE",
    "VERSION",
    "Setup",
    "State",
    "new_game",
    "legal_actions",
    "apply",
    "outcome",
    "view",
    "check_invariants",
    "random_setup",
    "bench_setup",
    "demo_state",
    "describe",
    "decision",
    "why_illegal",
    "redact",
)


def check_module(module: Any) -> None:
    """Raise TypeError naming the first missing part of the rule-module API."""
    for name in REQUIRED:
        if not hasattr(module, name):
            raise TypeError(f"{module.__name__} lacks {name!r} of the rule-module API")


def choose(module: Any, state: GameState, actions: list[Action], rng: Rng) -> Action:
    """The random policy used by simulations and benchmarks."""
    pick = getattr(module, "playout_choice", None)
    if pick is not None:
        picked: Action = pick(state, actions, rng)
        return picked
    return actions[rng.below(len(actions))]
