"""The kit's own controls on every board: Undo and Redo (within the rules' undo floor) and the Suggest button."""

from __future__ import annotations

import pygame

from scenes import palette
from scenes.board import status
from scenes.board.danger import DangerShading


class KitControls(DangerShading):
    """The part of BoardScene behind Undo, Redo and Suggest (the danger overlay's toggle too), and their hotspots."""

    def why_no_undo(self) -> str | None:
        if self.replay is not None:
            return "This is a replay."
        if self.coach is not None:
            reason = self.coach.why_no_undo(self)
            if reason:
                return reason
        seat = self.snap.seat
        if seat is not None and not self.seats[seat].human:
            return "The computer is playing."
        return self.match.why_no_undo()

    def undo(self) -> bool:
        if self.busy:
            self.timeline.skip()
        if self.online:
            return self.ask_undo()
        reason = self.why_no_undo()
        if reason is not None:
            self.flash(reason)
            return False
        # One gesture (a click that walked three cells) is taken back in one step, as far as the rules allow.
        start = self.gestures[-1] if self.gestures and self.gestures[-1] < len(self.match.actions) else None
        words = []
        while True:
            words.insert(0, self.action_words(self.match.undo()))
            if start is None or len(self.match.actions) <= start or self.match.why_no_undo() is not None:
                break
        if start is not None:
            self.gestures.pop()
        self.redo_steps.append(len(words))
        self.write_autosave()
        self.rebuild_log()
        self.after_undo()
        self.settle()
        seat = self.snap.seat
        who = self.seats[seat].name if seat is not None else "The table"
        self.log.add(f"{who} takes back: {self.mid_sentence(', then '.join(words))}.", palette.TEXT_DIM)
        return True

    def mid_sentence(self, text: str) -> str:
        """An action's words inside a sentence: no capital after a colon, unless it begins with a name."""
        if not text or any(text.startswith(name) for name in self.spots.names if name):
            return text
        return text[0].lower() + text[1:]

    def redo(self) -> bool:
        if self.busy or self.replay is not None or not self.match.can_redo():
            return False
        steps = self.redo_steps.pop() if self.redo_steps else 1
        start = len(self.match.actions)
        events = []
        for _ in range(steps):
            if not self.match.can_redo():
                break
            events += self.match.redo()
        if len(self.match.actions) - start > 1:
            self.gestures.append(start)
        self._played(events)
        return True

    def after_undo(self) -> None:
        """The state moved without events (an undo, a replay's jump): clear selections, previews and what the
        last move left on show."""

    def _kit_hotspots(self) -> None:
        spots = self.spots
        spots.add("status", pygame.Rect(0, 0, self.status_right(), status.STATUS_HEIGHT), lambda: status.tip(self),
                  always=True)
        if self.replay is not None:
            self.replay.hotspots(spots)
        if self.undo_button is not None:
            reason = self.why_no_undo()
            spots.add("button:undo", None, "Ask the other players to let you take back your last step (Ctrl+Z)"
                      if self.online else "Take back your last step (Ctrl+Z)", enabled=reason is None,
                      reason=reason, click=self.undo, widget=self.undo_button)
            redo = None if self.match.can_redo() else "Online, a step taken back is not put back: play it again." \
                if self.online else "Nothing to redo: redo puts back what Undo took, until you play something new."
            spots.add("button:redo", None, "Put back the step you took back (Ctrl+Y)", enabled=redo is None,
                      reason=redo, click=self.redo, widget=self.redo_button)
        if self.suggest_button is not None:
            thinking = self._suggesting is not None
            spots.add("button:suggest", None,
                      "What the Hard computer player would do from your seat (it is shown, never played for you)",
                      enabled=not thinking, reason="The computer is thinking about your move." if thinking else None,
                      click=self.suggest, widget=self.suggest_button, label="Thinking…" if thinking else "Suggest")
        self.online_hotspots()
        self.danger_hotspot()
        if self.rules_button is not None:
            section = self.reference_section()
            spots.add("button:rules", None, "The rules of this game, open where they explain what is on the board now",
                      click=lambda: self.app.open_reference(self.rules.GAME_ID, section), widget=self.rules_button,
                      always=True)

    @property
    def has_reference(self) -> bool:
        """Whether this game has a rules reference (game.learn) for the `?` button."""
        from game import learn

        return learn.has_reference(self.rules.GAME_ID)

    def reference_section(self) -> str | None:
        """The reference section that fits what is on screen: the board's `REFERENCE_SECTIONS` by decision kind."""
        sections = getattr(self, "REFERENCE_SECTIONS", {})
        return sections.get(self.snap.kind) if self.snap is not None else None
