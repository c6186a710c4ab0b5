"""Why an action is refused now (`refusal`, `malformed`): the reasons `rules.why_illegal` gives.

Every game of the collection keeps its refusal reasons in a module of this name. A Krom decision's
reasons are its check (`decisions` for the windows outside a player's Action phase, `phase` for the
Action phase, the climb and the Mountain reward, `bonus` for the Bonus cards): `CHECKS` pairs each
decision kind with its candidate actions and that check, and `rules` plays what they accept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.core import Action
from game.krom.decision import stage
from game.krom.decisions import (
    Check,
    _cand_choice,
    _cand_combat,
    _cand_counter,
    _cand_move,
    _cand_steal,
    _cand_target,
    _check_choice,
    _check_combat,
    _check_counter,
    _check_move,
    _check_steal,
    _check_target,
)
from game.krom.phase import _cand_climb, _cand_main, _cand_reward, _check_climb, _check_main, _check_reward
from game.krom.state import State
from game.krom.words import action_text

CHECKS: dict[str, tuple[Callable[[State, int], list[Action]], Check]] = {
    "move": (_cand_move, _check_move),
    "combat": (_cand_combat, _check_combat),
    "counter": (_cand_counter, _check_counter),
    "target": (_cand_target, _check_target),
    "choice": (_cand_choice, _check_choice),
    "steal": (_cand_steal, _check_steal),
    "climb": (_cand_climb, _check_climb),
    "reward": (_cand_reward, _check_reward),
    "main": (_cand_main, _check_main),
}


def refusal(state: State, action: Action, names: Sequence[str] | None = None) -> str | None:
    """Why the well-formed `action` is refused now (not yet a sentence), or None when it is legal."""
    kind = stage(state)
    if kind == "over":
        return "The game is over"
    candidates, check = CHECKS[kind]
    seat = state.to_move
    reason = check(state, seat, action)
    if reason is None and action not in candidates(state, seat):
        reason = f"{action_text(state, action, names)} is not possible now"
    return reason


def malformed(action) -> str | None:
    """Why `action` is not even an action (None, text, a list, an Action holding junk), or None."""
    if not isinstance(action, Action):
        return f"not an action: a {type(action).__name__} was given"
    if not isinstance(action.kind, str) or not action.kind:
        return "not an action: its kind must be a word"
    if not isinstance(action.args, tuple):
        return f"'{action.kind}' is malformed: its arguments must be a tuple, not a {type(action.args).__name__}"
    for x in action.args:
        if isinstance(x, bool) or not isinstance(x, int | str):
            return f"'{action.kind}' is malformed: an argument must be a number or a word, not {type(x).__name__}"
    return None
