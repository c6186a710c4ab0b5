"""Three Squares: a tiny fourth game, declared in this one file, that the tests add to the program (issue 30).

Two seats and three squares in a row, A, B and C. In turn each seat claims a free square; once all three are
claimed, the seat holding two of them wins. The file holds all of it: the rules (the rule-module API of
game/core/api.py, pure), its board on the board kit, and the two declarations the registry reads
(`GAME`, pure, and `SCREENS`, on screen). tests/conftest.py declares it while a test asks for it
(`fourth_game`); it is never shipped and never on the installed menu.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from game.core import Action, Decision, IllegalAction, Outcome, Rng
from game.core.events import Event
from game.core.gesture import Gesture, choose
from game.core.match import Match
from game.registry import GameDeclaration
from scenes import palette, ui
from scenes.board import BoardScene, BoardView
from scenes.board.furniture import new_seed
from scenes.registry import GameScreens

GAME_ID = "squares"
TITLE = "Three Squares"
VERSION = 1
SQUARES = 3
TO_WIN = 2
LETTERS = "ABC"

# -- the rules (pure: nothing until the board uses pygame or the scenes) ----------------------------------


@dataclass(frozen=True)
class Setup:
    """No options: always two seats and three squares."""

    def to_dict(self) -> dict:
        return {}

    @classmethod
    def from_dict(cls, d: dict) -> Setup:
        if d:
            raise ValueError("Three Squares has no options")
        return cls()


@dataclass(frozen=True)
class State:
    owners: tuple[int | None, ...]  # square -> the seat that claimed it
    to_move: int | None
    rng: Rng
    winner: int | None = None
    num_players: int = 2

    def to_dict(self) -> dict:
        return {"owners": list(self.owners), "to_move": self.to_move, "rng": self.rng.to_dict(), "winner": self.winner}

    @classmethod
    def from_dict(cls, d: dict) -> State:
        return cls(tuple(d["owners"]), d["to_move"], Rng.from_dict(d["rng"]), d["winner"])


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    seat: int
    square: int


def _name(seat: int, names: Sequence[str] | None) -> str:
    return names[seat] if names is not None and seat < len(names) else f"Player {seat + 1}"


def square_name(square: int, capital: bool = False) -> str:
    return f"{'S' if capital else 's'}quare {LETTERS[square]}"


def new_game(setup: Setup, seed: int) -> State:
    return State((None,) * SQUARES, 0, Rng(seed))


def legal_actions(state: State) -> list[Action]:
    if state.to_move is None:
        return []
    return [Action("claim", (i,)) for i, owner in enumerate(state.owners) if owner is None]


def why_illegal(state: State, action: Action, names: Sequence[str] | None = None) -> str | None:
    if state.to_move is None:
        return "The game is over."
    if action in legal_actions(state):
        return None
    if action.kind == "claim" and action.args and action.args[0] in range(SQUARES):
        owner = state.owners[action.args[0]]
        return f"{square_name(action.args[0], capital=True)} is {_name(owner, names)}'s already."
    return "Claim a free square."


def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    reason = why_illegal(state, action)
    if reason:
        raise IllegalAction(reason)
    seat, square = state.to_move, action.args[0]
    owners = state.owners[:square] + (seat,) + state.owners[square + 1:]
    events: list[Event] = [Claimed(seat, square)]
    if None not in owners:
        winner = max(range(state.num_players), key=owners.count)
        return replace(state, owners=owners, to_move=None, winner=winner), events
    return replace(state, owners=owners, to_move=1 - seat), events


def outcome(state: State, names: Sequence[str] | None = None) -> Outcome | None:
    if state.winner is None:
        return None
    return Outcome((state.winner,), f"{_name(state.winner, names)} holds {TO_WIN} of the {SQUARES} squares")


def decision(state: State, names: Sequence[str] | None = None) -> Decision:
    if state.to_move is None:
        return Decision("over", None, f"{_name(state.winner or 0, names)} has won.")
    return Decision("claim", state.to_move, f"{_name(state.to_move, names)}: claim a free square.")


def progress(state: State, names: Sequence[str] | None = None) -> str:
    return f"{SQUARES - state.owners.count(None)} of {SQUARES} squares claimed"


def action_text(state: State, action: Action, names: Sequence[str] | None = None) -> str:
    return f"Claim {square_name(action.args[0])}"


def describe(event: Event, state: State | None = None, names: Sequence[str] | None = None) -> str:
    if isinstance(event, Claimed):
        return f"{_name(event.seat, names)} claims {square_name(event.square)}."
    return ""


def redact(event: Event, seat: int | None) -> Event:
    return event  # nothing is secret


def view(state: State, seat: int | None) -> State:
    return replace(state, rng=Rng(0))


def check_invariants(state: State) -> None:
    assert len(state.owners) == SQUARES, "three squares"
    assert (state.winner is None) == (None in state.owners), "the game ends once every square is claimed"


def bench_setup() -> Setup:
    return Setup()


def random_setup(rng: Rng) -> Setup:
    return bench_setup()  # the only setup there is


def demo_state(seed: int = 1) -> State:
    return new_game(bench_setup(), seed)


def claim(legal: list[Action], square: int, owner_reason: str | None) -> Gesture:
    """A click on a square: claim it, or the rules' reason why not."""
    return choose(legal, "claim", square, reason=owner_reason or "It is not your turn.")


GAME = GameDeclaration(id=GAME_ID, title=TITLE, players=(2, 2), rules=__name__, screens=__name__, order=4)

# -- on screen: a board on the kit ----------------------------------------------------------------------

AREA = pygame.Rect(340, 260, 3 * 180, 180)


class SquaresBoard(BoardScene):
    undo_rect = pygame.Rect(20, 660, 200, 44)

    def build(self) -> None:
        self.grid = BoardView(SQUARES, 1, AREA)

    def sync(self) -> None:
        self.grid.clear_layers()
        self.grid.set_layer("reachable", [tuple(a.args) + (0,) for a in self.snap.legal])

    def hotspots(self) -> None:
        view, legal = self.snap.view, self.snap.legal
        for square in range(SQUARES):
            cell = (square, 0)
            reason = why_illegal(view, Action("claim", (square,)), self.snap.names) if self.snap.mine else None
            gesture = claim(legal, square, reason)
            owner = view.owners[square]
            tip = f"Claim {square_name(square)}" if owner is None else \
                f"{square_name(square, capital=True)}: {self.seats[owner].name}'s"
            self.spots.add(f"cell:{square},0", self.grid.cell_rect(cell), tip, enabled=gesture.ok,
                           reason=gesture.reason, click=lambda g=gesture: self.perform(g))

    def draw_board(self, surface: pygame.Surface) -> None:
        for square, owner in enumerate(self.shown.owners):
            r = self.grid.cell_rect((square, 0))
            pygame.draw.rect(surface, palette.PANEL, r.inflate(-6, -6), border_radius=8)
            if owner is not None:
                pygame.draw.circle(surface, self.seats[owner].colour, r.center, r.width // 3)
            ui.text(surface, LETTERS[square], (r.centerx, r.bottom + 8), 22, palette.TEXT, anchor="midtop")
        self.grid.draw_layers(surface)


def new_board(app) -> SquaresBoard:
    """The menu's New game: two players at the table, a fresh seed."""
    return SquaresBoard(app, Match.new(sys.modules[__name__], Setup(), new_seed()))


def resume(app, match: Match) -> SquaresBoard:
    return SquaresBoard(app, match)


SCREENS = GameScreens(new_game=f"{__name__}:new_board", resume=f"{__name__}:resume", emblem="ui/app_icon")
