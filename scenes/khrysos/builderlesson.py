"""The map builder as a lesson's host (`scenes.learn.coach.Host`), and its turn handle. A mixin of `BuilderScene`.

While a lesson is on (`attach(coach)`), the coach's panel takes the place of the file buttons at
the top of the side panel (a lesson keeps no files), the checklist moves under it, every gesture
on the map is one edit the coach may veto, and a step's `until` is answered by the rules' map
validation (`game.khrysos.condition_holds`), never by the builder.
"""

from __future__ import annotations

import math

import pygame

import game.khrysos as K
from scenes import palette
from scenes.khrysos.builderview import SIDE, VIEW

LESSON_GAP = 10  # between the lesson's panel and the checklist under it
# The side panel's file buttons: a lesson keeps no files, so its panel takes their place.
FILE_BUTTONS = ("New", "Open", "Save", "Save as", "Rename", "Delete", "Import", "Export", "Copy code", "Paste code",
                "Random map", "Notes")


class BuilderLesson:
    """A lesson's coach on the builder (its state lives in `BuilderScene`)."""

    coach = None

    def attach(self, coach) -> None:
        """Put a lesson's coach on the builder (after on_enter): its panel, its ring, its refusals."""
        self.coach = coach
        coach.width = SIDE.width
        coach.play_on_words = ("Play this map", "Save this map among yours and set up a game on it (the lesson ends)")
        coach.over_reason = "The lesson is over: Play this map on its panel, or pick another lesson."
        self.name_entry.hide()
        self._file_buttons(False)
        coach.settled(self)
        self._sync_buttons()

    def detach(self) -> None:
        """The lesson is over here: its panel and buttons go, the builder is a builder again."""
        coach, self.coach = self.coach, None
        if coach is not None:
            coach.remove()
        self.name_entry.show()
        self._file_buttons(True)
        self._sync_buttons()

    def _file_buttons(self, shown: bool) -> None:
        """The side panel's file buttons: hidden while a lesson's panel takes their place."""
        for button, label in self.buttons.items():
            if label in FILE_BUTTONS:
                self.spots.known_widgets.discard(button)  # the hotspots neither show nor hide them meanwhile
                (button.show if shown else button.hide)()

    # -- the coach's questions (scenes.learn.coach.Host) --------------------------------------------
    def coach_history(self) -> list:
        return self.edits

    def coach_learner_decides(self) -> bool:
        return True  # nobody else edits the map

    def coach_learner_turn(self) -> bool:
        return True

    def coach_over(self) -> bool:
        return False

    def coach_others_playing(self) -> bool:
        return False

    def coach_quiet(self, overlay: bool) -> bool:
        return False

    def coach_install(self, coach) -> None:
        pass

    def coach_holds(self, condition: str) -> bool:
        return K.condition_holds(self.spec, condition)

    def coach_free(self, key: str) -> bool:
        return key.startswith(("tile:", "slot:", "turn:"))

    def coach_keep_clear(self) -> list:
        return []

    def coach_panel(self, height: int) -> pygame.Rect:
        return pygame.Rect(SIDE.left, SIDE.top, SIDE.width, height)

    def lesson_checklist_top(self) -> int | None:
        """Where the checklist starts while a lesson's panel sits above it (None without a lesson)."""
        if self.coach is None:
            return None
        return self.coach.panel.bottom + LESSON_GAP

    def _pointer_before(self) -> int:
        """Where a veto of the gesture beginning now sends the lesson's ring back."""
        coach = self.coach
        if coach is None:
            return 0
        start, coach.gesture_from = coach.gesture_from, None
        return start if start is not None else coach.pointer

    def _lesson_key(self, event) -> bool:
        """Keys while a lesson is on: the map's own (R, Delete, arrows, zoom) go on; undo, files and Esc are
        answered with a line and change nothing. True when the key was answered here."""
        from game.learn import NO_UNDO

        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key in (pygame.K_z, pygame.K_y):
            self.say(NO_UNDO, palette.BLOCKED)
            return True
        if ctrl and event.key == pygame.K_s:
            self.say("A lesson keeps no files: Play this map at its end saves the map.", palette.BLOCKED)
            return True
        if event.key == pygame.K_ESCAPE and self.drag is None:
            self.say("To leave the lesson, click Leave on its panel.", palette.BLOCKED)
            return True
        return False

    # -- the turn handle ----------------------------------------------------------------------------
    def turn_handle(self, slot) -> pygame.Rect:
        """The round turn handle in the top-right corner of the tile placed at `slot`."""
        r = self.slot_rect(slot)
        size = max(16, r.width // 3)
        return pygame.Rect(r.right - size - 2, r.top + 2, size, size)

    def draw_turn_handles(self, surface: pygame.Surface) -> None:
        """Each turn handle on screen: a gold disc with a clockwise arrow."""
        for spot in self.spots:
            if not spot.key.startswith("turn:") or not VIEW.contains(spot.rect):
                continue
            r = spot.rect
            live = self.spots.is_enabled(spot)
            pygame.draw.circle(surface, palette.SHADOW, r.center, r.width // 2 + 1)
            pygame.draw.circle(surface, palette.GOLD if live else palette.PANEL_LIGHT, r.center, r.width // 2)
            radius = max(4, r.width // 2 - 4)
            box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            box.center = r.center
            pygame.draw.arc(surface, palette.SHADOW, box, math.radians(-60), math.radians(200), 2)
            end = (r.centerx + radius * math.cos(math.radians(-60)), r.centery - radius * math.sin(math.radians(-60)))
            pygame.draw.polygon(surface, palette.SHADOW, [(end[0] - 4, end[1] - 3), (end[0] + 4, end[1] - 2),
                                                          (end[0] - 1, end[1] + 4)])
