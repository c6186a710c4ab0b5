"""The hooks a board fills in (and their defaults): its widgets, its query results, its hotspots, its art."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from collections.abc import Callable

import pygame

from game.core.events import DiceRolled
from game.core.match import Match
from scenes import ui
from scenes.board.furniture import new_seed
from scenes.board.seats import Seat, default_seats
from scenes.board.snapshot import Snapshot
from scenes.board.status import STATUS_HEIGHT
from scenes.widgets.tween import Anim

if TYPE_CHECKING:
    from scenes.stack import Scene


class BoardHooks:
    """What a board may override; everything else is the kit's."""

    def default_seats(self, n: int) -> list[Seat]:
        """Seats when neither the caller nor the save names them."""
        return default_seats(n)

    def build(self) -> None:
        """Create the board's widgets (called once, on entering the stack)."""

    def query_rules(self, snap: Snapshot) -> Any:
        """The game's query results this board needs for a snapshot (reach, targets, options), asked of the rules once."""
        return None

    def sync(self) -> None:
        """Set every widget from `self.snap`; called at every settle."""

    def hotspots(self) -> None:
        """Fill `self.spots` with the board's hotspots (after `sync`, and on `refresh_hotspots`)."""

    def quick_answer(self, decision, legal) -> tuple[str, str, Any] | None:
        """A quick answer the hand-off screen of a private `decision` may offer beside "I am …" (label, tip,
        gesture), e.g. a pass in a reaction window. It must not depend on the deciding seat's secrets: give
        only an answer that is legal whatever that seat holds. None: no quick answer (the default)."""
        return None

    def bot_pause(self) -> float:
        """How long a computer seat seems to think before its move (seconds at animation speed 1): `bot_delay`;
        a board may shorten it for quick answers (a pass in a reaction window), the same whatever the seat holds."""
        return self.bot_delay

    def forget(self) -> None:
        """A new viewer sits down: drop every selection, armed spell, preview or choice of the previous one."""

    def draw_board(self, surface: pygame.Surface) -> None:
        """Draw the board under the status line, the floaters and the pygame-gui widgets."""

    _backdrop: pygame.Surface | None = None

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """Draw what never changes during the game (drawn once, then blitted each frame): the table by default."""
        ui.draw_table(surface)

    def on_input(self, event: pygame.event.Event) -> bool:
        """A mouse or key event no hotspot took, while the board waits for a human; return True when used."""
        return False

    def on_hover(self, pos: tuple[int, int]) -> None:
        """The mouse moved (also while animating)."""

    def event_handlers(self) -> dict[str, Callable[[Any], Anim | None]]:
        """Animations for the game's own events, by event class name (the shared shapes have defaults below)."""
        return {}

    def progress(self) -> str:
        """A few words on how far the game is (saves list it): the rules' `progress` by default."""
        return self.match.progress()

    def opening_lines(self) -> list:
        """(line, colour) the log begins with, before any action's (a welcome, the teams dealt): kept when the log
        is rebuilt (an undo, a new viewer)."""
        return []

    def end_lines(self) -> list[str]:
        """Extra lines for the end screen (e.g. each player's points)."""
        return []

    def play_again(self) -> Scene | None:
        """A new game with the same options and players (a fresh seed); None: no Play again button."""
        return type(self)(self.app, Match.new(self.rules, self.match.setup, new_seed()), self.seats)

    @property
    def has_play_again(self) -> bool:
        return self.replay is None and not self.online  # online, the host opens a new table

    @property
    def banner_centre(self) -> tuple[int, int]:
        """Where banners show: the middle of the board (the window's middle by default)."""
        grid = getattr(self, "grid", None)
        if grid is not None:
            return grid.rect.center
        return (self.app.size[0] // 2, self.app.size[1] // 2)

    def flash_anchor(self) -> tuple[int, int]:
        """Where a flashed message hangs from (mid-top): under the status line by default; a board may move it
        off what its player must see (Krosmaster: over the log, not the board's top row)."""
        return (self.app.size[0] // 2, STATUS_HEIGHT + 8)

    def suggestion_anchor(self) -> tuple[int, int]:
        """Where the Suggest button's advice hangs from (mid-top): over the top of the game log, whose oldest
        lines it covers, never the board, a card or a button the advice names."""
        return (self.log_rect.centerx, self.log_rect.top + 4)

    def suggestion_width(self) -> int:
        """How wide the advice's lines may run: the log's width."""
        return self.log_rect.width - 32

    def flash_width(self) -> int:
        """How wide a flashed message's lines may run."""
        return self.app.size[0] - 140

    # Positions and widgets the shared animations use; a board overrides what it has.
    def standee_for(self, piece: int):
        return None

    def point_of(self, place) -> tuple[int, int] | None:
        """The pixel where a cell (or place) of a Moved path is."""
        return None

    def dice_for(self, event: DiceRolled) -> list:
        """DieViews to roll for a DiceRolled event (one per face)."""
        return []
