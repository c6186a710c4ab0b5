"""The dry run: a lesson played through the rules when it is loaded (see `game.learn.lesson`).

Every scripted action must be legal when it comes, every computer decision must be scripted, the RNG
script must fit the draws and be used up; a map builder lesson's edits must be possible and each of its
conditions must wait for something. Every problem is a `LessonError` naming the file, the step and the field.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from game.core.errors import IllegalAction
from game.core.rng import ScriptError
from game.learn.lesson import Lesson, LessonError
from game.learn.starts import rules_of


def dry_run_builder(lesson: Lesson, spec) -> Lesson:
    """A map builder lesson played through the map's rules: every edit can be made when it comes, every
    condition waits for something (it does not hold before its step) and holds after the step's edits."""
    from game.khrysos import apply_edit, condition_holds

    file = lesson.file
    free = None
    for step in lesson.steps:
        if step.narration:
            continue
        where = f"step {step.number}"
        if free is not None and not step.kinds:
            raise LessonError(file, where, "do", f"comes after a step of free edits (step {free}): the learner's map "
                                                 "is not known there, so only free steps ('kinds' and 'until') follow")
        if step.until is not None and condition_holds(spec, step.until):
            raise LessonError(file, where, "until", f"{step.until!r} already holds before the step: it waits for nothing")
        for edit in step.do:
            try:
                spec = apply_edit(spec, cast(Any, edit))  # a builder lesson's steps do map edits, not actions
            except ValueError as e:
                raise LessonError(file, where, "do", f"{edit} cannot be made on the map here: {e}") from None
        if step.until is not None and not condition_holds(spec, step.until):
            raise LessonError(file, where, "until", f"{step.until!r} does not hold after the step's edits")
        if step.kinds:
            free = step.number
    if lesson.playable and not condition_holds(spec, "valid"):
        from game.khrysos.maps import validate_map

        raise LessonError(file, None, "playable", f"the lesson ends on a map that cannot be played ({validate_map(spec)[0]}),"
                                                  " so it cannot end on 'Play this map'")
    return replace(lesson, checked_to=len(lesson.steps))


def _said(e: BaseException) -> str:
    return e.reason if isinstance(e, IllegalAction) else str(e)


def dry_run(lesson: Lesson, state) -> Lesson:
    rules = rules_of(lesson.game)
    file = lesson.file

    def play(s, action, number: int, who: str):
        try:
            return rules.apply(s, action)[0]
        except IllegalAction as e:
            raise LessonError(file, f"step {number}", who, f"{action} is refused by the rules here: {_said(e)}") from None
        except ScriptError as e:
            raise LessonError(file, f"step {number}", "rng", f"the RNG script does not fit {action}: {e}") from None

    checked = 0
    for step in lesson.steps:
        todo = list(step.do)
        queue = list(step.computer)
        while state.to_move is not None:
            seat = state.to_move
            if not lesson.seats[seat].human:
                if queue:
                    state = play(state, queue.pop(0), step.number, "computer")
                    continue
                legal = rules.legal_actions(state)
                default = next((a for a in legal if a.kind in lesson.computer_default), None)
                if default is None:
                    kind = rules.decision(state).kind
                    raise LessonError(file, f"step {step.number}", "computer",
                                      f"{lesson.seats[seat].name} (computer) must decide ({kind}) here, "
                                      "but the lesson scripts no move for it")
                state = play(state, default, step.number, "computer")
                continue
            if todo:
                state = play(state, todo.pop(0), step.number, "do")
                continue
            legal = rules.legal_actions(state)
            if len(legal) == 1 and legal[0].kind in lesson.auto:  # the board plays it for the player
                state = play(state, legal[0], step.number, "auto")
                continue
            break
        if todo:
            raise LessonError(file, f"step {step.number}", "do",
                              f"the game is over before {todo[0]} (the step's remaining moves cannot be played)")
        if queue:
            raise LessonError(file, f"step {step.number}", "computer",
                              f"the computer moves {', '.join(map(str, queue))} are never due in this step")
        checked = step.number
        if step.kinds:  # the player chooses: the position after it is not known in advance
            if any(later.do for later in lesson.steps[step.number:]):
                raise LessonError(file, f"step {step.number + 1}", "do",
                                  "comes after a step of free choice ('kinds'): exact moves cannot follow it")
            break
    else:
        left = list(getattr(state.rng, "script", ()))
        if left:
            raise LessonError(file, None, "rng", f"{len(left)} scripted value(s) are left over at the end: {left[:6]}")
    return replace(lesson, checked_to=checked)
