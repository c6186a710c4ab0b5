"""A tiny complete rule module (take 1-3 stones; whoever takes the last wins) used to test the core.

It shows the rule-module API in miniature: Setup and State dataclasses with to_dict/
from_dict, the RNG inside the state, a pending decision, IllegalAction with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core import D6, Action, Event, IllegalAction, Outcome, Rng

GAME_ID = "toy"
TITLE = "Toy Stones"
VERSION = 1


@dataclass(frozen=True)
class Setup:
    players: int = 2
    stones: int = 12

    def to_dict(self) -> dict:
        return {"players": self.players, "stones": self.stones}

    @classmethod
    def from_dict(cls, d: dict) -> Setup:
        if not isinstance(d.get("players"), int) or not 2 <= d["players"] <= 4:
            raise ValueError("players must be 2 to 4")
        return cls(d["players"], d.get("stones", 12))


@dataclass(frozen=True)
class State:
    num_players: int
    stones: int
    to_move: int | None
    rng: Rng
    winner: int | None = None
    # A pending decision: after a die shows 6 the mover chooses to take a bonus stone or not.
    bonus_pending: bool = False

    def to_dict(self) -> dict:
        return {
            "num_players": self.num_players,
            "stones": self.stones,
            "to_move": self.to_move,
            "rng": self.rng.to_dict(),
            "winner": self.winner,
            "bonus_pending": self.bonus_pending,
        }

    @classmethod
    def from_dict(cls, d: dict) -> State:
        return cls(d["num_players"], d["stones"], d["to_move"], Rng.from_dict(d["rng"]), d["winner"], d["bonus_pending"])


@dataclass(frozen=True, slots=True)
class Took(Event):
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    seat: int
    face: int


def new_game(setup: Setup, seed: int) -> State:
    rng = Rng(seed)
    first = rng.randint(0, setup.players - 1)
    return State(setup.players, setup.stones, first, rng)


def legal_actions(state: State) -> list[Action]:
    if state.to_move is None:
        return []
    if state.bonus_pending:
        return [Action("bonus", ("yes",)), Action("bonus", ("no",))]
    return [Action("take", (n,)) for n in (1, 2, 3) if n <= state.stones] + [Action("roll")]


def apply(state: State, action: Action) -> tuple[State, list]:
    if action not in legal_actions(state):
        if state.to_move is None:
            raise IllegalAction("the game is over")
        if action.kind == "take" and state.bonus_pending:
            raise IllegalAction("first decide whether to take the bonus stone")
        if action.kind == "take":
            raise IllegalAction(f"you can take 1 to {min(3, state.stones)} stones")
        raise IllegalAction(f"{action} is not possible now")
    seat = state.to_move
    if action.kind == "roll":
        rng = state.rng.copy()
        face = rng.roll(D6)
        events = [Rolled(seat, face)]
        if face == 6 and state.stones > 0:
            return replace(state, rng=rng, bonus_pending=True), events
        return replace(state, rng=rng, to_move=(seat + 1) % state.num_players), events
    count = 1 if action.kind == "bonus" and action.args[0] == "yes" else action.args[0] if action.kind == "take" else 0
    stones = state.stones - count
    events = [Took(seat, count)] if count else []
    if stones == 0:
        return replace(state, stones=0, to_move=None, winner=seat, bonus_pending=False), events
    return replace(state, stones=stones, to_move=(seat + 1) % state.num_players, bonus_pending=False), events


def outcome(state: State) -> Outcome | None:
    return None if state.winner is None else Outcome((state.winner,), "took the last stone")


def view(state: State, seat: int | None) -> State:
    return replace(state, rng=Rng(0))


def check_invariants(state: State) -> None:
    assert state.stones >= 0, "negative stones"
    assert (state.winner is None) == (state.to_move is not None), "winner and to_move disagree"


def random_setup(rng: Rng) -> Setup:
    return Setup(rng.randint(2, 4), rng.randint(5, 20))


def bench_setup() -> Setup:
    return Setup()
