"""Stating a Khrysos Hunters position and its dice in a test, instead of hunting for a seed.

    from game.khrysos.testing import hunter, position, with_rolls, play

    state = position(
        [hunter("Elia Rose", seat=0, at=(4, 2)), hunter("Bento Rush", seat=1, at=(6, 2), treasure=3),
         hunter("Vex Orion", seat=0, at=(1, 7)), hunter("Mara Quill", seat=1, at=(7, 7))],
        map="alpha_room", loot=[(5, 2)], energy=6)        # Elia Rose's turn, 6 energy to spend
    state, events = play(state, "act 3", "step 5 2", "done")

- `position` lists the scoring cards in turn order (two per player with two players, one
  otherwise); the first card's hunter is to play unless `turn` names another. With
  `energy=None` the turn has not begun: the next action is `roll` (script it with
  `with_rolls`). Hands default to empty, every other hunter is in the undealt deck.
- Markers given by `hunter(...)` last until the end of that card's next turn (for the card
  whose turn is in progress: until the end of this turn).
- `with_rolls(state, [6, 3])` makes the next die rolls come out 6 then 3.
"""

from __future__ import annotations

from typing import NamedTuple
from collections.abc import Iterable

from game.core.actions import Action, apply_all
from game.core.rng import Rng
from game.khrysos.content import BY_NAME, HUNTER_NUMBERS, MAX_ENDURANCE
from game.khrysos.maps import MapSpec, build_board, sample_map
from game.khrysos.events import describe
from game.khrysos.rules import apply
from game.khrysos.state import ACTIVE, REPLACE, START, Card, State

Cell = tuple[int, int]


class HunterSpec(NamedTuple):
    """One scoring card of a stated position (`name` None: the card waits for a replacement)."""

    name: str | None
    seat: int
    at: Cell | None
    endurance: int
    treasure: int
    guard: int
    boosts: tuple[tuple[str, int], ...]
    trap: bool
    stun: bool


def hunter(
    name: str | None,
    seat: int,
    at: Cell | None = None,
    *,
    endurance: int = MAX_ENDURANCE,
    treasure: int = 0,
    guard: int = 0,
    boosts: Iterable[tuple[str, int]] = (),
    trap: bool = False,
    stun: bool = False,
) -> HunterSpec:
    """A card of `seat` with hunter `name` (None: empty, waiting for a replacement) on square `at`."""
    if name is not None and name not in BY_NAME:
        raise LookupError(f"no hunter is called {name!r}")
    if name is not None and at is None:
        raise ValueError(f"{name} needs a square (at=(x, y))")
    return HunterSpec(name, seat, at, endurance, treasure, guard, tuple(boosts), trap, stun)


def number_of(name: str) -> int:
    """The card number of a hunter name."""
    return BY_NAME[name]


def position(
    cards: list[HunterSpec],
    *,
    map: str | MapSpec = "alpha_room",
    players: int | None = None,
    turn: str | int = 0,
    energy: int | None = None,
    used: Iterable[int] = (),
    loot: Iterable[Cell] = (),
    hands: dict[int, list[str]] | None = None,
    retired: dict[int, list[str]] | None = None,
    seed: int = 0,
) -> State:
    """A state with these cards (in turn order); see the module docstring."""
    players = players if players is not None else len({c.seat for c in cards})
    per = 2 if players == 2 else 1
    if len(cards) != players * per:
        raise ValueError(f"{players} players need {players * per} cards, got {len(cards)}")
    spec = map if isinstance(map, MapSpec) else sample_map(map)
    board = build_board(spec)
    index = turn if isinstance(turn, int) else next(i for i, c in enumerate(cards) if c.name == turn)
    in_progress = energy is not None
    built = []
    for i, c in enumerate(cards):
        turns = 1
        until = turns if (in_progress and i == index) else turns + 1
        if c.at is not None and c.at not in board.floor:
            raise ValueError(f"{c.name}: square {c.at} is not a floor square of {spec.name}")
        built.append(
            Card(
                c.seat,
                BY_NAME[c.name] if c.name else 0,
                c.at if c.name else None,
                c.endurance if c.name else 0,
                c.treasure,
                turns,
                (until,) * c.guard,
                tuple((sym, amount, until) for sym, amount in c.boosts),
                until if c.trap else 0,
                until if c.stun else 0,
            )
        )
    hand_cards = tuple(tuple(sorted(BY_NAME[n] for n in (hands or {}).get(seat, []))) for seat in range(players))
    retired_cards = tuple(tuple(BY_NAME[n] for n in (retired or {}).get(seat, [])) for seat in range(players))
    taken = {c.hunter for c in built if c.hunter} | {h for hand in hand_cards for h in hand} | {h for r in retired_cards for h in r}
    mask = 0
    for n in used:
        mask |= 1 << n
    active = built[index]
    if in_progress:
        phase = ACTIVE
    elif active.hunter:
        phase = START
    else:
        phase = REPLACE
    return State(
        num_players=players,
        map_id="" if isinstance(map, MapSpec) else map,
        spec=spec,
        board=board,
        phase=phase,
        started=True,
        turn=index,
        cards=tuple(built),
        hands=hand_cards,
        retired=retired_cards,
        deck=tuple(h for h in HUNTER_NUMBERS if h not in taken),
        loot=frozenset(loot),
        energy=energy or 0,
        used=mask,
        res=None,
        choices=(),
        zone_rolls=(1,) * len(built),
        first_rolls=tuple((1,) * per for _ in range(players)),
        rng=Rng(seed),
        winner=None,
        to_move=active.seat,
    )


def with_rolls(state: State, faces: Iterable[int]) -> State:
    """A copy of `state` whose next die rolls come out as `faces`, in order."""
    new = state.copy()
    new.rng = state.rng.scripted(faces)
    return new


def play(state: State, *actions: str | Action) -> tuple[State, list]:
    """Apply actions (text forms or Actions) in order; returns the final state and all events."""
    return apply_all(apply, state, *actions)


def card(state: State, name: str) -> Card:
    """The scoring card of the hunter called `name` (in play)."""
    i = state.card_of(BY_NAME[name])
    if i is None:
        raise LookupError(f"{name} is not in play")
    return state.cards[i]


def texts(events: list, state: State | None = None) -> list[str]:
    """The log lines of events (squares named on `state`'s map when given)."""
    return [describe(e, state) for e in events]

