"""What a lesson tells a click it does not ask for (issue 34): not one line for every click ("follow the gold
ring"), but what differs, in the board's words: "Not E7 now. The lesson asks you to move Felix Dicebag to D6
(the gold ring)." The clicked thing is named by the host (`coach_name`), the move the step waits for by the
rules' words for it (`action_words`); a lesson author's own `hint` follows when the step has one."""

from __future__ import annotations

from typing import Any


def wanted(coach, host: Any) -> str | None:
    """The move the step waits for next, in words ("move Felix Dicebag to D6"), or None (a note, a free step)."""
    step = coach.step
    if step is None or step.narration or not step.do or step.kinds:
        return None
    done = len(coach.progress.mine)
    words = getattr(host, "action_words", None)
    if done >= len(step.do) or words is None:
        return None
    try:
        said = words(step.do[done])
    except (LookupError, TypeError, ValueError, AttributeError):
        return None
    return said[:1].lower() + said[1:] if said[:1].isupper() and not said[1:2].isupper() else said


def asks(coach, host: Any, default: str) -> str:
    """The sentence saying what the step wants (the lesson's own hint after it, if it has one)."""
    want = wanted(coach, host)
    if want is None:
        return default
    said = f"The lesson asks you to {want} (the gold ring)."
    hint = coach.step.hint if coach.step is not None else None
    return f"{said} {hint}" if hint and hint not in said else said


def spot_reason(coach, host: Any, key: str, default: str) -> str:
    """Why a hotspot the step does not ask for is greyed: which thing it is, and what the step wants."""
    if wanted(coach, host) is None:
        return default
    namer = getattr(host, "coach_name", None)
    name = namer(key) if namer is not None else None
    said = asks(coach, host, default)
    return f"Not {name} now. {said}" if name else said


def gesture_reason(coach, host: Any, actions, default: str) -> str:
    """Why a gesture that reached the board is vetoed: the move made against the move wanted."""
    want = wanted(coach, host)
    words = getattr(host, "action_words", None)
    if want is None or words is None or not actions:
        return default
    try:
        got = words(actions[0])
    except (LookupError, TypeError, ValueError, AttributeError):
        return default
    return f"That would {got[:1].lower() + got[1:]}. {asks(coach, host, default)}"
