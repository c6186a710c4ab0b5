"""A tiny rule module with every part the board kit uses: a grid, dice, a secret pick, and a race to a corner.

Each round every seat first picks a secret number 1-3 (a private decision), then each seat
in turn moves its piece up to two steps and ends its turn; it may also roll a die that
decides nothing (so that an action can reveal something random). The first piece on
(4, 4) wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core import D6, HIDDEN, Action, Decision, IllegalAction, Outcome, Rng
from game.core.events import DiceRolled, Event, GameOver, Moved

GAME_ID = "fake"
TITLE = "Fake Race"
VERSION = 1
SIZE = 5


@dataclass(frozen=True)
class Setup:
    players: int = 2

    def to_dict(self) -> dict:
        return {"players": self.players}

    @classmethod
    def from_dict(cls, d: dict) -> Setup:
        return cls(d["players"])


@dataclass(frozen=True)
class State:
    num_players: int
    at: tuple  # seat -> (x, y)
    picks: tuple  # seat -> secret number or None
    phase: str  # "pick" or "move"
    to_move: int | None
    rng: Rng
    winner: int | None = None
    steps: int = 0  # steps taken this turn

    def to_dict(self) -> dict:
        return {"num_players": self.num_players, "at": [list(c) for c in self.at], "picks": list(self.picks),
                "phase": self.phase, "to_move": self.to_move, "rng": self.rng.to_dict(), "winner": self.winner,
                "steps": self.steps}

    @classmethod
    def from_dict(cls, d: dict) -> State:
        return cls(d["num_players"], tuple(tuple(c) for c in d["at"]), tuple(d["picks"]), d["phase"], d["to_move"],
                   Rng.from_dict(d["rng"]), d["winner"], d["steps"])


@dataclass(frozen=True, slots=True)
class Picked(Event):
    seat: int
    number: int


def new_game(setup: Setup, seed: int) -> State:
    return State(setup.players, tuple((0, i) for i in range(setup.players)), (None,) * setup.players, "pick", 0,
                 Rng(seed))


def legal_actions(state: State) -> list[Action]:
    if state.to_move is None:
        return []
    if state.phase == "pick":
        return [Action("pick", (n,)) for n in (1, 2, 3)]
    x, y = state.at[state.to_move]
    out = []
    if state.steps < 2:
        for c in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)):
            if 0 <= c[0] < SIZE and 0 <= c[1] < SIZE and c not in state.at:
                out.append(Action("move", c))
    return out + [Action("roll"), Action("end")]


def why_illegal(state: State, action) -> str | None:
    if not isinstance(action, Action):
        return "that is not an action"
    if state.to_move is None:
        return "The game is over."
    if action in legal_actions(state):
        return None
    if state.phase == "pick":
        return "Pick a number from 1 to 3."
    if action.kind == "move" and state.steps >= 2:
        return "You have taken both steps: end your turn."
    return "Move one step to a free neighbouring cell."


def apply(state: State, action: Action) -> tuple[State, list]:
    reason = why_illegal(state, action)
    if reason:
        raise IllegalAction(reason)
    seat = state.to_move
    if action.kind == "pick":
        picks = state.picks[:seat] + (action.args[0],) + state.picks[seat + 1:]
        nxt = seat + 1
        if nxt == state.num_players:
            return replace(state, picks=picks, phase="move", to_move=0), [Picked(seat, action.args[0])]
        return replace(state, picks=picks, to_move=nxt), [Picked(seat, action.args[0])]
    if action.kind == "roll":
        rng = state.rng.copy()
        return replace(state, rng=rng), [DiceRolled(seat, "show", (rng.roll(D6),))]
    if action.kind == "move":
        cell = tuple(action.args)
        at = state.at[:seat] + (cell,) + state.at[seat + 1:]
        events: list = [Moved(seat, (state.at[seat], cell))]
        if cell == (SIZE - 1, SIZE - 1):
            events.append(GameOver((seat,), "reached the corner"))
            return replace(state, at=at, to_move=None, winner=seat), events
        return replace(state, at=at, steps=state.steps + 1), events
    nxt = seat + 1
    if nxt == state.num_players:
        return replace(state, phase="pick", picks=(None,) * state.num_players, to_move=0, steps=0), []
    return replace(state, to_move=nxt, steps=0), []


def decision(state: State) -> Decision:
    if state.to_move is None:
        return Decision("over", None, f"Player {state.winner + 1} has won.")
    seat = state.to_move
    if state.phase == "pick":
        return Decision("pick", seat, f"Player {seat + 1}: pick a secret number.", private=True)
    return Decision("move", seat, f"Player {seat + 1}: move up to {2 - state.steps} more steps, or end your turn.")


def redact(event: Event, seat: int | None) -> Event:
    if isinstance(event, Picked) and event.seat != seat:
        return replace(event, number=HIDDEN)
    return event


def describe(event: Event, state: State | None = None) -> str:
    if isinstance(event, Picked):
        return f"Player {event.seat + 1} picks " + ("a number." if event.number == HIDDEN else f"{event.number}.")
    if isinstance(event, Moved):
        return f"Player {event.piece + 1} moves."
    return ""


def outcome(state: State) -> Outcome | None:
    return None if state.winner is None else Outcome((state.winner,), "reached the corner")


def view(state: State, seat: int | None) -> State:
    picks = tuple(p if i == seat or p is None else HIDDEN for i, p in enumerate(state.picks))
    return replace(state, picks=picks, rng=Rng(0))


def check_invariants(state: State) -> None:
    assert len(set(state.at)) == len(state.at)


def random_setup(rng: Rng) -> Setup:
    return Setup(rng.randint(2, 3))


def bench_setup() -> Setup:
    return Setup()


def demo_state(seed: int = 1) -> State:
    return new_game(Setup(), seed)
