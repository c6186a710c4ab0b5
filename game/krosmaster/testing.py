"""Stating a Krosmaster position and its dice in a few lines (for tests and for scenes' previews).

    s = build(
        [("felix_dicebag", 0, (3, 5)), ("golda_purse", 1, (3, 2))],   # kind, seat, (x, y)
        active=0,                        # fighter 0 is being played (its AP/MP from its card and markers)
        terrain={(4, 4): "ice"}, glyphs={(1, 2): 1},
    )
    s = with_rolls(s, ["critical"])      # the next die shows a critical
    s, events = run(s, "cast 0 catroulette 3 2")

Fighters get ids in the order given. A fighter entry may be a dict with any field of the
state schema (`{"kind": ..., "owner": ..., "cell": [x, y], "injuries": 3, "ap_mark": -1}`).
Favors already revealed are `left` and `right` (visible card last); the turn number is the
number of Favors drawn so far, and the pile holds the rest of the basic Favors.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Iterable

from game.core import Action
from game.core.actions import apply_all
from game.krosmaster.grid import index
from game.krosmaster.layouts import BOARDS, DEFAULT_LAYOUT
from game.krosmaster.content import CONTENT
from game.krosmaster.rules import apply, check_invariants, legal_actions
from game.krosmaster.state import VERSION, Setup, State


def build(
    fighters: Iterable[Any],
    *,
    setup: Setup | None = None,
    active: int | None = None,
    to_move: int = 0,
    first: int = 0,
    dofus: int = 1,
    terrain: dict[tuple[int, int], str] | None = None,
    glyphs: dict[tuple[int, int], int] | None = None,
    left: tuple[str, ...] = ("weakness",),
    right: tuple[str, ...] = ("gust",),
    challenges: tuple[str, ...] = (),
    played: Iterable[int] = (),
    seed: int = 7,
) -> State:
    """A position in the middle of a turn of `to_move` (select phase, or act phase with `active`)."""
    setup = setup or Setup(challenges=len(challenges))
    if setup.challenges != len(challenges):
        setup = Setup(**{**setup.to_dict(), "challenges": len(challenges)})
    rows = []
    for n, spec in enumerate(fighters):
        if isinstance(spec, dict):
            row = {"injuries": 0, "ap_mark": 0, "mp_mark": 0, "played": False, "memo": [], "out": False, **spec}
        else:
            kind, owner, cell = spec
            row = {"kind": kind, "owner": owner, "cell": list(cell), "injuries": 0, "ap_mark": 0, "mp_mark": 0,
                   "played": False, "memo": [], "out": False}
        row["id"] = n
        row["played"] = row["played"] or n in set(played)
        rows.append(row)
    shown = set(left) | set(right)
    pile = [f for f in CONTENT.favors if not CONTENT.favors[f].superior and f not in shown]
    turn = len(left) + len(right)
    d = {
        "version": VERSION,
        "setup": setup.to_dict(),
        "rng": {"state": seed, "script": []},
        "phase": "select",
        "to_move": to_move,
        "first": first,
        "turn": turn,
        "dofus": dofus,
        "pool": [],
        "picks": [[r["kind"] for r in rows if r["owner"] == 0][:2], [r["kind"] for r in rows if r["owner"] == 1][:2]],
        "pile": pile[: CONTENT.favor_turns - turn],
        "left": list(left),
        "right": list(right),
        "revealed": "",
        "used_slots": [],
        "challenges": list(challenges),
        "fighters": rows,
        "terrain": [[x, y, t] for (x, y), t in sorted((terrain or {}).items(), key=lambda kv: (kv[0][1], kv[0][0]))],
        "glyphs": [[x, y, o] for (x, y), o in sorted((glyphs or {}).items(), key=lambda kv: (kv[0][1], kv[0][0]))],
        "active": -1,
        "ap": 0,
        "mp": 0,
        "used": [],
        "pending": None,
        "result": None,
    }
    s = State.from_dict(d)
    if active is not None:
        s, _ = apply(s, Action("activate", (active,)))
    check_invariants(s)
    return s


def with_rolls(state: State, faces: Iterable[str]) -> State:
    """The same position whose next die rolls show `faces` (combat-die face names), in order."""
    s = state.copy()
    s.rng = state.rng.scripted(faces)
    s._owned = None
    return s


def run(state: State, *actions: str) -> tuple[State, list]:
    """Apply actions given in text form, in order; the final state and every event."""
    return apply_all(apply, state, *actions)


def place_all(state: State) -> tuple[State, list]:
    """Finish the setup: place every Krosmaster on the first free starting cell offered, one at a time."""
    events: list = []
    while state.phase == "place":
        state, ev = apply(state, legal_actions(state)[0])
        events += ev
    return state, events


def cell_of(layout: str, kind: str) -> list[tuple[int, int]]:
    """The cells of one kind ("tree", "bush", "glyph", "start", "free") on a layout, row-major."""
    board = BOARDS[layout or DEFAULT_LAYOUT]
    return [(x, y) for y in range(10) for x in range(8) if board.kind(index(x, y)) == kind]


def kinds(events: list) -> list[str]:
    """The event class names, in order (handy in assertions)."""
    return [type(e).__name__ for e in events]
