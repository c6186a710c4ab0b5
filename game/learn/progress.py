"""Where a learner is in a lesson (pure): the step shown, the hotspot to click now, which moves the lesson vetoes,
the learner's moves counted step by step, and the computer seats' scripted moves.

    progress = Progress(lesson)
    progress.target()                         # "cell:3,4": the hotspot key to click now (None on a note)
    progress.refusal(actions, legal)          # why the lesson vetoes the learner's gesture (None: the rules judge it)
    progress.count(history, learner_decides)  # after every settle: the new moves, the learner's counted
    if progress.step_done(holds): ...         # the step's moves are played and its `until` holds

The coach on screen (`scenes.learn.coach`) holds one, asks its scene the questions above and draws the panel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from game.core.actions import Action
from game.learn.lesson import Lesson, Step

NO_UNDO = "A lesson goes forward only: leave it and start it again to try another way."


class Progress:
    """A lesson taken step by step (see the module docstring)."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.index = 0  # the step shown
        self.pointer = 0  # which of the step's `point` keys is the one to click now
        self.gesture_from: int | None = None  # the pointer when the gesture through the ring began (its host reads it)
        self.queue: list[Action] = list(lesson.steps[0].computer)
        self.mine: list[Action] = []  # the human's moves in this step
        self.seen = 0  # moves of the scene already counted
        self.learner_decided = False  # the learner decided at the last settle (so played what followed)
        self.history: list = []  # every move of the learner counted, in order, over the whole lesson
        self.finished = False
        self.said: str | None = None  # the last refusal, repeated in the panel until the next accepted click
        self.over_reason = "The lesson is over: play on from here, or pick another lesson."

    # -- where the lesson is ---------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        return None if self.finished else self.lesson.steps[self.index]

    def target(self) -> str | None:
        """The hotspot key to click now (None on narration, at the end, or past the step's last click)."""
        step = self.step
        if step is None or step.narration:
            return None
        return step.point[min(self.pointer, len(step.point) - 1)]

    def keys_now(self) -> list[str]:
        """Every hotspot key the lesson shows the player now (the ring's and the outlines')."""
        step = self.step
        if step is None:
            return []
        return [cast(str, self.target())] if not step.narration else list(step.look)  # a step to click has a target

    def reason(self) -> str:
        """What a click the lesson does not ask for is told now."""
        step = self.step
        return step.asks_for() if step is not None else self.over_reason

    # -- the learner's gestures ------------------------------------------------------------------
    def refusal(self, actions, legal=()) -> str | None:
        """Why the lesson vetoes this gesture of the learner now (None: the rules may judge it); `legal`: what the
        rules allow now, when the scene knows it."""
        step = self.step
        if actions and all(a.kind in self.lesson.auto for a in actions) and not self._asked_now(step, actions, legal):
            return None  # the board plays these for the player on its own (unless the step's own move is there to play)
        if step is None:
            return self.over_reason
        if step.narration:
            return step.asks_for()
        if step.kinds and all(a.kind in step.kinds for a in actions):
            return None  # a free step: the rules judge it
        if step.do:
            expected = step.do[len(self.mine):]
            if len(actions) <= len(expected) and tuple(actions) == tuple(expected[:len(actions)]):
                return None
        return step.asks_for()

    def _asked_now(self, step, actions, legal) -> bool:
        """The step's next move can be played now and `actions` are not it: a learner's 'Take nothing' where the
        step asks for the Wood would skip past what the lesson waits for."""
        expected: tuple[Any, ...] = step.do[len(self.mine):] if step is not None and step.do else ()
        return bool(expected) and expected[0] in legal and tuple(actions) != tuple(expected[:len(actions)])

    def clicked_target(self) -> None:
        """The hotspot the ring is on was clicked: ring the step's next one."""
        step = self.step
        self.gesture_from = self.pointer  # where a veto of the gesture begun here sends the ring back
        if step is not None and self.pointer < len(step.point) - 1:
            self.pointer += 1
        self.said = None

    def touched(self, key: str) -> None:
        """The host's own gesture went through the hotspot the ring is on (a drop on a slot): ring the next one."""
        step = self.step
        if step is not None and key == self.target() and self.pointer < len(step.point) - 1:
            self.pointer += 1

    def say(self, text: str) -> None:
        """Repeat a refusal in the panel (until the next accepted click or step)."""
        self.said = text

    # -- after every settle ----------------------------------------------------------------------
    def count(self, moves: list, learner_decides: bool) -> None:
        """Count the moves made since the last settle (the learner's, when the learner decided before them)."""
        new = moves[self.seen:]
        self.seen = len(moves)
        if self.learner_decided:
            mine = [a for a in new if a.kind not in self.lesson.auto]
            self.mine += mine
            self.history += mine
        self.learner_decided = learner_decides

    def step_done(self, holds: Callable[[str], bool]) -> bool:
        """The step's moves are played, its `until` holds (`holds` asks the rules) and the computers' scripted
        moves are done: the step may end once the scene waits for the learner."""
        step = self.step
        if step is None or step.narration:
            return False
        if step.until is not None:
            done = bool(self.mine) and holds(step.until)
        else:
            done = (len(self.mine) >= len(step.do)) if step.do else bool(self.mine)
        return done and not self.queue

    def waiting(self, others_playing: bool) -> str | None:
        """Why Next cannot be clicked yet (the computers are still playing their scripted moves)."""
        if self.queue or others_playing:
            return "Wait for the computer players' moves."
        return None

    def computer_move(self, legal: list) -> Action | None:
        """The next scripted computer move if it is legal now, else one of the default kinds, else None."""
        if self.queue and self.queue[0] in legal:
            return self.queue.pop(0)
        return next((a for a in legal if a.kind in self.lesson.computer_default), None)

    def advance(self) -> bool:
        """On to the next step, or the end of the lesson: True when the lesson has just been completed."""
        if self.finished:
            return False
        self.index += 1
        self.pointer = 0
        self.mine = []
        self.said = None
        if self.index >= len(self.lesson.steps):
            self.index = len(self.lesson.steps) - 1
            self.finished = True
            self.queue = []
            return True
        self.queue = list(self.lesson.steps[self.index].computer)
        return False


class LessonBot:
    """A computer seat in a lesson: the step's scripted moves first, then the default kinds, then its real level."""

    def __init__(self, progress: Progress, fallback: Any):
        self.progress = progress
        self.fallback = fallback

    def choose(self, view, seat: int, legal, rng):
        action = self.progress.computer_move(list(legal))
        if action is not None:
            return action, "The lesson's move."
        return self.fallback.choose(view, seat, legal, rng)
