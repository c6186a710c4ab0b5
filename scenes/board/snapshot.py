"""The snapshot: what a board shows between two moves, built once per settle and read by everything on screen.

After each action's animations, an undo, a replay step or a change of viewer, the kit builds one
`Snapshot` from the match: the viewer's view, the decision, the legal actions the viewer may take
now and the game's own query results (the board's `query_rules` hook). Boards draw, hover and fill
their hotspots from it alone, never from the unredacted state, and never ask the rules per frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.decision import Decision


@dataclass
class Snapshot:
    number: int  # actions played so far
    viewer: int | None  # whose secrets the screen shows (None: only what the whole table sees)
    view: Any  # rules.view(state, viewer)
    decision: Decision | None  # who decides what now (None once the game is over)
    human: bool  # the deciding seat is a human at this table
    mine: bool  # the screen's player may act now: clicks can become actions
    legal: tuple = ()  # the legal actions when `mine`, else nothing
    outcome: Any = None
    replay: bool = False
    queries: Any = None  # the board's own query results, from `BoardScene.query_rules`
    names: tuple[str, ...] = field(default_factory=tuple)

    @property
    def over(self) -> bool:
        return self.decision is None

    @property
    def seat(self) -> int | None:
        """The seat that decides now."""
        return None if self.decision is None else self.decision.seat

    @property
    def kind(self) -> str | None:
        return None if self.decision is None else self.decision.kind

    def can(self, action) -> bool:
        """Whether this action is one the screen's player may take now."""
        return action in self.legal


def deciding(match) -> Decision | None:
    """Who decides what now, and whether it is private (what the hand-off needs before any view is shown)."""
    return None if match.over else match.decision()


def moved(match, snap: Snapshot) -> bool:
    """Whether who decides what differs from the snapshot (online, news may change it without events)."""
    return deciding(match) != snap.decision


def quick_legal(match) -> tuple:
    """The legal actions of the seat a hand-off screen waits for, handed only to a board's `quick_answer`
    hook, which must offer an answer legal whatever that seat holds (so offering it shows nothing)."""
    return () if match.over else tuple(match.legal_actions())


def take(match, seats, viewer: int | None, *, replay: bool = False) -> Snapshot:
    """Build the snapshot of `match` for `viewer` at a table of `seats`."""
    names = tuple(s.name for s in seats)
    view = match.view(viewer)
    if match.over:
        return Snapshot(len(match.actions), viewer, view, None, False, False, (), match.outcome(), replay, None, names)
    decision = match.decision()
    seat = decision.seat
    human = seat is not None and seats[seat].human
    if getattr(match, "online", False):  # a table on a server (net.client.RemoteMatch): only its seats held here
        human = human and seat in match.seats
        if human:
            match.viewer = seat  # the remote match answers and acts for the seat deciding at this screen
    # The player at the screen may act when the deciding seat is human and may be shown: it is the
    # viewer, or the decision shows nothing private (public moves are made with nobody's secrets on screen).
    mine = human and not replay and (viewer == seat or (viewer is None and not decision.private))
    legal = tuple(match.legal_actions()) if mine else ()
    return Snapshot(len(match.actions), viewer, view, decision, human, mine, legal, None, replay, None, names)
