"""A board as the host of a lesson's coach (`scenes.learn.coach.Host`): what the coach asks of a board. A mixin of
`BoardScene` (the map builder answers the same questions in `scenes.khrysos.builderlesson`)."""

from __future__ import annotations

import pygame


class LessonHost:
    """The coach's questions, answered from the board's match, snapshot and seats."""

    # True: a lesson's panel takes the bottom of the log's place and the log shrinks above it, its newest lines
    # in sight, instead of a place over the board's panels (Krosmaster: a fighter's card, the newest log lines).
    LESSON_PANEL_IN_LOG = False
    LOG_ROOM = 70  # the least height left to the log above the panel (three lines)

    def coach_history(self) -> list:
        return self.match.actions

    def coach_learner_decides(self) -> bool:
        seat = self.snap.seat
        return seat is not None and self.seats[seat].human

    def coach_learner_turn(self) -> bool:
        return self.snap.mine or self.snap.over

    def coach_over(self) -> bool:
        return self.snap.over

    def coach_others_playing(self) -> bool:
        seat = self.snap.seat
        return seat is not None and not self.seats[seat].human and not self.snap.over

    def coach_quiet(self, overlay: bool) -> bool:
        return self.busy or (self.locked and not self.snap.over and not overlay)

    def coach_install(self, coach) -> None:
        if self.LESSON_PANEL_IN_LOG:
            coach.width = self.log_rect.width
        for seat, bot in list(self.bots.items()):
            self.bots[seat] = coach.bot(bot)
        if self._thinking is not None:  # the board's first settle set a computer thinking before the coach was in
            self._thinking = None
            self.bot_move()

    def coach_holds(self, condition: str) -> bool:
        raise LookupError(f"a game's board answers no lesson condition ({condition!r}): its steps name their moves")

    def coach_free(self, key: str) -> bool:
        return False

    def coach_name(self, key: str) -> str | None:
        """A hotspot as a lesson's refusal names it ("E7", "Arrowna"): a cell by the board's `cell_name`, anything
        else by the first words of its tip (None when it has no short name)."""
        if key.startswith("cell:") and hasattr(self, "cell_name"):
            x, y = key[5:].split(",")
            return self.cell_name((int(x), int(y)))
        spot = self.spots.get(key)
        if spot is None or callable(spot.tip):
            return None
        lines = spot.tip_lines()
        first = lines[0].split(":")[0].strip() if lines else ""
        return first if 0 < len(first) <= 40 else None

    def coach_same(self, key: str) -> list[str]:
        """Other hotspots whose click plays what a click on `key` plays (a hunter's die on a ringed square, the
        bar's button for a ringed hunter): a lesson accepts them as the natural click. Boards that know each
        hotspot's gesture answer (`spot_gestures`)."""
        gestures = getattr(self, "spot_gestures", None)
        if not gestures:
            return []
        wanted = gestures.get(key)
        if not wanted:
            return []
        return [k for k, actions in gestures.items() if k != key and actions[:len(wanted)] == wanted]

    def coach_keep_clear(self) -> list:
        return self.bar_rects()

    def coach_panel(self, height: int):
        if not self.LESSON_PANEL_IN_LOG:
            return None
        log = self.log_rect
        room = log.height - height - 8
        self._log_height(room if room >= self.LOG_ROOM else log.height)
        if room < self.LOG_ROOM:
            return None  # a note too long for the log's place: the coach finds another
        return pygame.Rect(log.left, log.bottom - height, log.width, height)

    def coach_detached(self) -> None:
        """The lesson is over on this board: the log takes its whole place again."""
        if self.LESSON_PANEL_IN_LOG:
            self._log_height(self.log_rect.height)

    def _log_height(self, height: int) -> None:
        box = self.log.box
        if box.rect.height != height:
            box.set_dimensions((self.log_rect.width, height))
            self.log._stale = True  # laid out again at its new size, then scrolled to the newest line
