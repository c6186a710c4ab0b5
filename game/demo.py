"""The showcase table's rules: not a game, a small pure rule module that drives every board-kit widget.

Two standees stand on a 6 x 5 grid with three trees. The table (one seat) can roll a tray
of dice, walk the selected standee along the shortest path (6 steps at most, around trees
and the other standee), and attack Gobball with the combat die: 2 injuries, one more on a
critical, one less on a shield; at 6 injuries he is knocked out, and the next attack stands
him up again first. It never ends. It follows the rule-module API so the showcase runs on
the same Match and BoardScene as the real boards.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import cast

from game.core import COMBAT_DIE, D6, Action, Decision, IllegalAction, Outcome, Rng, grid
from game.core.events import Damaged, DiceRolled, Event, KnockedOut, Moved
from game.core.gesture import Gesture, choose

GAME_ID = "demo"
TITLE = "Showcase table"
VERSION = 1
COLS, ROWS = 6, 5
TREES = frozenset({(2, 1), (2, 2), (4, 3)})
PIECES = ("Martine Gale", "Gobball")  # piece 0 (blue) and 1 (pink)
HP = 6
REACH = 6


@dataclass(frozen=True)
class Setup:
    def to_dict(self) -> dict:
        return {}

    @classmethod
    def from_dict(cls, d: dict) -> Setup:
        return cls()


@dataclass(frozen=True)
class State:
    at: tuple  # piece -> cell
    selected: int
    injuries: int  # Gobball's
    rng: Rng
    num_players: int = 1
    to_move: int | None = 0

    def to_dict(self) -> dict:
        return {"at": [list(c) for c in self.at], "selected": self.selected, "injuries": self.injuries,
                "rng": self.rng.to_dict()}

    @classmethod
    def from_dict(cls, d: dict) -> State:
        return cls(tuple(tuple(c) for c in d["at"]), d["selected"], d["injuries"], Rng.from_dict(d["rng"]))


@dataclass(frozen=True, slots=True)
class Selected(Event):
    piece: int


@dataclass(frozen=True, slots=True)
class StoodUp(Event):
    piece: int


def new_game(setup: Setup, seed: int) -> State:
    return State(((0, 3), (5, 0)), 0, 2, Rng(seed))


def reachable(state: State) -> dict:
    """Cell -> Reach (cost and path) for the selected standee."""
    me = state.selected
    blocked = TREES | {c for i, c in enumerate(state.at) if i != me}
    return grid.reachable(state.at[me], REACH, lambda c: grid.neighbours4(c, COLS, ROWS),
                          lambda a, b: None if b in blocked else 1)


def legal_actions(state: State) -> list[Action]:
    walks = [Action("walk", c) for c in sorted(reachable(state)) if c != state.at[state.selected]]
    return [Action("roll"), Action("attack"), *(Action("select", (i,)) for i in range(2) if i != state.selected), *walks]


def why_illegal(state: State, action) -> str | None:
    if not isinstance(action, Action):
        return "That is not an action."
    if action in legal_actions(state):
        return None
    if action.kind == "walk":
        return f"Out of reach: {REACH} steps at most, around trees and the other standee."
    return f"{action} is not something the table can do."


def apply(state: State, action: Action) -> tuple[State, list]:
    reason = why_illegal(state, action)
    if reason:
        raise IllegalAction(reason)
    rng = state.rng.copy()
    if action.kind == "roll":
        faces = (rng.roll(D6), rng.roll(D6), rng.roll(COMBAT_DIE), rng.roll(D6))
        return replace(state, rng=rng), [DiceRolled(-1, "tray", faces)]
    if action.kind == "select":
        piece = cast(int, action.args[0])
        return replace(state, selected=piece), [Selected(piece)]
    if action.kind == "walk":
        cell = tuple(action.args)
        path = (state.at[state.selected], *reachable(state)[cell].path)
        at = tuple(cell if i == state.selected else c for i, c in enumerate(state.at))
        return replace(state, at=at), [Moved(state.selected, path)]
    events: list = []
    injuries = state.injuries
    if injuries >= HP:
        injuries = 0
        events.append(StoodUp(1))
    face = rng.roll(COMBAT_DIE)
    damage = 2 + (1 if face in ("critical", "critical_joker") else -1 if face == "shield" else 0)
    injuries = min(HP, injuries + damage)
    events += [DiceRolled(1, "combat", (face,)), Damaged(1, damage, HP - injuries, "combat")]
    if injuries >= HP:
        events.append(KnockedOut(1))
    return replace(state, rng=rng, injuries=injuries), events


# -- gestures: what a click on the showcase means, as legal actions (the scene writes none) ----------


def roll(legal) -> Gesture:
    return choose(legal, "roll", reason="The dice cannot be rolled now.")


def attack(legal) -> Gesture:
    return choose(legal, "attack", reason="Nobody can attack now.")


def select(state: State, legal, piece: int) -> Gesture:
    if piece == state.selected:
        return Gesture.refused(f"{PIECES[piece]} is already selected.")
    return choose(legal, "select", piece, reason=f"{PIECES[piece]} cannot be selected now.")


def walk(state: State, legal, cell) -> Gesture:
    """Walk the selected standee to `cell`: the walk action, or why it cannot go there."""
    if cell in TREES:
        return Gesture.refused("A tree stands there: nobody can walk onto it.")
    if cell == state.at[state.selected]:
        return Gesture.refused(f"{PIECES[state.selected]} already stands here.")
    if cell in state.at:
        return Gesture.refused(f"{PIECES[state.at.index(cell)]} stands there.")
    return choose(legal, "walk", *cell, reason=why_illegal(state, Action("walk", tuple(cell))) or "Out of reach.")


def decision(state: State) -> Decision:
    return Decision("table", 0, "Click a lit cell to walk, a standee to select it, or a button below.")


def redact(event: Event, seat: int | None) -> Event:
    return event


def describe(event: Event, state: State | None = None) -> str:
    if isinstance(event, DiceRolled):
        faces = ", ".join(str(f).replace("_", " ") for f in event.faces)
        return f"Rolled {faces}." if event.purpose == "tray" else f"The combat die shows {faces}."
    if isinstance(event, Moved):
        return f"{PIECES[event.piece]} moves {len(event.path) - 1} cells."
    if isinstance(event, Damaged):
        return f"{PIECES[event.piece]} takes {event.amount} {'injury' if event.amount == 1 else 'injuries'}."
    if isinstance(event, KnockedOut):
        return f"{PIECES[event.piece]} is knocked out!"
    if isinstance(event, StoodUp):
        return f"{PIECES[event.piece]} stands up again."
    if isinstance(event, Selected):
        return f"{PIECES[event.piece]} is selected."
    return ""


def outcome(state: State) -> Outcome | None:
    return None


def view(state: State, seat: int | None) -> State:
    return state


def check_invariants(state: State) -> None:
    assert 0 <= state.injuries <= HP, "injuries out of range"
    assert state.at[0] != state.at[1] and not (set(state.at) & TREES), "standees overlap or stand on a tree"


def random_setup(rng: Rng) -> Setup:
    return Setup()


def bench_setup() -> Setup:
    return Setup()


def demo_state(seed: int = 1) -> State:
    return new_game(Setup(), seed)
