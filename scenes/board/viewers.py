"""Who is looking: a change of viewer wipes the table, a hand-off's quick answer, and when a viewer's secrets may show.

The part of BoardScene behind the hot-seat rule: the screen shows one seat's secrets only after that
seat's player took the mouse, and nothing of the previous player survives the change.
"""

from __future__ import annotations

from scenes.board.snapshot import quick_legal
from scenes.widgets.handoff import HandOffScene, QuickAnswer


class Viewers:
    """The part of BoardScene that changes the viewer (see the module docstring)."""

    def _quick(self, decision) -> QuickAnswer | None:
        """The board's quick answer for a hand-off screen (a pass any seat may give without looking), if any."""
        answer = self.quick_answer(decision, quick_legal(self.match))
        if answer is None:
            return None
        label, tip, gesture = answer
        return QuickAnswer(label, tip, lambda: self.perform(gesture))

    def _set_viewer(self, seat: int | None, mouse: tuple[int, int] | None = None) -> None:
        """A new viewer; `mouse`: where the mouse is now (the hand-off screen saw it last), so nothing hovers
        where the previous player left it."""
        changed = seat != self.viewer
        self.viewer = seat
        if changed:
            self.wipe()
            self.spots.mouse = mouse  # None until the mouse moves, never where the previous player left it
            self.rebuild_log()
        self._snapshot()
        if changed and mouse is not None:
            self.on_hover(mouse)

    def public_turn(self, decision) -> bool:
        """Whether `decision` must be watched in the table's public view while two or more humans share the
        screen (any of them may be looking, so nobody's secrets show): a computer seat (or, online, a player at
        another computer) decides, or the game is over (decision None; no rulebook has the hands shown at the end)."""
        if self.replay is not None or sum(self.here(i) for i in range(len(self.seats))) < 2:  # online: at this screen
            return False
        return decision is None or (decision.seat is not None and not self.here(decision.seat))

    def leave_screen(self, pending: int) -> None:
        """The viewer leaves as their action starts to animate, a computer's turn following: from now on the
        table's public view (the log for everyone's eyes, but the `pending` newest events, which log as they
        animate; nothing of theirs hovered or selected). The snapshot waits for the settle: the animations
        start from the position before the action."""
        self.viewer = None
        self.wipe()
        self.spots.mouse = None
        self.rebuild_log(pending)

    def secrets_shown(self) -> bool:
        """Whether the viewer's secrets (a hand, a pick) may be drawn now: there is a viewer, and no animation
        is leading the table to another seat's decision (while it plays, everyone at the screen watches it; with
        one human at this screen, online at this computer, nobody else does: their own hand stays in view)."""
        if self.viewer is None:
            return False
        if not self._leading or sum(self.here(i) for i in range(len(self.seats))) < 2:
            return True
        return self.upcoming is not None and self.upcoming.seat == self.viewer

    def wipe(self) -> None:
        """A change of viewer: nothing of the previous player survives (hover, tips, flashes, suggestions,
        selections, dialogs above the board)."""
        self.flash_text, self.flash_left = None, 0.0
        self.suggested = None
        self._suggesting = None
        self.spots.forget()
        if self._ui is not None:
            self._ui.set_focus_set(None)
        stack = self.app.stack
        if self in stack.scenes:
            for scene in stack.scenes[stack.scenes.index(self) + 1:]:
                if not isinstance(scene, HandOffScene):
                    stack.pop(scene)
        self.forget()

