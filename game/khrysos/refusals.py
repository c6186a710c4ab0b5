"""Why an action is refused: a sentence a player can read, the most specific reason first.

Builds only on `facts` (not on `rules`), so `rules.apply` can import it without a cycle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from game.core.actions import Action
from game.core.grammar import counted, sentence
from game.khrysos.content import HUNTERS
from game.khrysos.decision import decision
from game.khrysos.facts import current_step, hunter_name, pending, steals_only, usable_boosts
from game.khrysos.state import OVER, State
from game.khrysos.words import square_name, squares_text

# Which decisions each action kind answers.
_ANSWERS = {
    "play": ("play",),
    "place": ("place",),
    "roll": ("roll",),
    "withdraw": ("roll",),
    "move": ("turn",),
    "act": ("turn",),
    "end": ("turn",),
    "boost": ("boost",),
    "done": ("boost", "hit", "move", "trample", "push"),
    "step": ("move", "trample"),
    "shift": ("push",),
    "target": ("hit",),
    "guard": ("guard",),
}
_ARITY = {
    "play": 1,
    "place": 2,
    "roll": 0,
    "withdraw": 0,
    "move": 2,
    "act": 1,
    "end": 0,
    "boost": 2,
    "done": 0,
    "step": 2,
    "shift": 3,
    "target": 1,
    "guard": 1,
}
_FORM = {
    "play": "play N (a hunter's number)",
    "place": "place X Y",
    "move": "move X Y",
    "act": "act N (an action number 1-6)",
    "boost": "boost SYMBOL AMOUNT",
    "step": "step X Y",
    "shift": "shift N X Y (N: the number of the hunter to move)",
    "target": "target N (a hunter's number)",
    "guard": "guard N",
}


_name = hunter_name
ACTION_KINDS = frozenset(_ANSWERS)  # the handlers of flow and resolution answer exactly these kinds


def malformed(action: object) -> str | None:
    """Why `action` is not even a well-formed Action (None when it is one)."""
    if not isinstance(action, Action):
        return f"not an action of Khrysos Hunters: {type(action).__name__}"
    kind, args = action.kind, action.args
    if not isinstance(kind, str) or not isinstance(args, tuple) or not all(isinstance(a, int | str) for a in args):
        return "not an action of Khrysos Hunters: an action is a word followed by numbers or words"
    return None


def refusal(state: State, action: Action, names: Sequence[str] | None = None) -> str:
    """The reason a well-formed `action` that is not legal in `state` is refused, as one or two
    sentences (a player is named by the table's `names`)."""
    s = state
    kind, args = action.kind, action.args
    if kind not in ACTION_KINDS:
        return f"There is no action {kind!r} in Khrysos Hunters."
    if s.phase == OVER:
        return "The game is over."
    d = decision(s, names)
    if len(args) != _ARITY[kind] or (kind != "boost" and not all(isinstance(a, int) and not isinstance(a, bool) for a in args)):
        return sentence(f"write it as: {_FORM.get(kind, kind)}")
    if pending(s).kind not in _ANSWERS[kind]:
        return f"That does not answer the question now. {sentence(d.prompt)}"
    specific = _SPECIFIC.get(kind)
    reason = specific(s, action) if specific else None
    return sentence(reason) if reason else f"That is not possible now. {sentence(d.prompt)}"


def _play(s: State, action: Action) -> str | None:
    hunter = action.args[0]
    seat = s.cards[s.turn].seat
    if hunter not in HUNTERS:
        return f"there is no hunter number {hunter}"
    if s.hands[seat]:
        return f"{_name(hunter)} is not in your hand"
    return f"{_name(hunter)} is not one of your retired hunters"


def _place(s: State, action: Action) -> str | None:
    return f"choose one of the zone squares offered: {squares_text(s, s.choices, 'or')}"


def _move(s: State, action: Action) -> str | None:
    card = s.cards[s.turn]
    if card.trap:
        return f"{_name(card.hunter)} is trapped: it cannot spend energy on movement (actions may still move it)"
    return _blocker(s, card.at, (action.args[0], action.args[1]))


def _act(s: State, action: Action) -> str | None:
    card = s.cards[s.turn]
    n = cast(int, action.args[0])  # the shape check in `refusal`: a whole number
    if not 1 <= n <= 6:
        return "actions are numbered 1 to 6"
    if card.stun:
        return f"{_name(card.hunter)} is stunned: it cannot use actions this turn"
    act = HUNTERS[card.hunter].action(n)
    if s.used >> n & 1:
        return f"{act.name} was already used this turn"
    if n > s.energy:
        return f"not enough energy: {act.name} costs {n}, {s.energy} left"
    return None


def _step(s: State, action: Action) -> str | None:
    return _blocker(s, s.cards[s.turn].at, (action.args[0], action.args[1]))


def _shift(s: State, action: Action) -> str | None:
    hunter, x, y = cast(tuple[int, int, int], action.args)  # the shape check in `refusal`: whole numbers
    p = pending(s)
    movers = dict.fromkeys((p.hunter, p.target))
    if hunter not in movers:
        return "only " + " or ".join(_name(h) for h in movers) + " may be moved now"
    return _blocker(s, s.cards[cast(int, s.card_of(hunter))].at, (x, y))  # a mover is in play


def _target(s: State, action: Action) -> str | None:
    hunter = cast(int, action.args[0])  # the shape check in `refusal`: a whole number
    me = s.cards[s.turn]
    if hunter == me.hunter:
        return "a hunter cannot target itself"
    i = s.card_of(hunter)
    there = s.cards[i].at if i is not None else None
    if i is None or there is None:
        return f"{_name(hunter)} is not on the map" if hunter in HUNTERS else f"there is no hunter number {hunter}"
    step = current_step(s)
    r = s.res
    assert r is not None and me.at is not None, "a Hit is resolving: its hunter stands on the map"
    act = HUNTERS[me.hunter].action(r.number)
    distance = s.board.reach_distances(me.at).get(there)
    if distance is None:
        return f"out of reach: pillars cut {_name(hunter)} off from {_name(me.hunter)}"
    if distance > step.range:
        return f"out of range: {_name(hunter)} is {counted(distance, 'square')} away, {act.name} reaches {step.range}"
    if steals_only(step) and not s.cards[i].treasure:
        return f"you cannot steal from {_name(hunter)}: it has no treasure"
    return None


def _guard(s: State, action: Action) -> str | None:
    r = s.res
    assert r is not None, "a Guard decision comes while an action resolves"
    held = len(s.cards[r.queue[0]].guard)
    top = min(held, r.guard)
    return f"spend from 0 to {counted(top, 'Guard marker')} (held {held}, damage {r.guard})"


def _boost(s: State, action: Action) -> str | None:
    sym, amount = action.args
    options = usable_boosts(s, s.res)
    card = s.cards[s.turn]
    if not any(b[0] == sym and b[1] == amount for b in card.boosts):
        return f"{_name(card.hunter)} holds no Boost marker {str(sym).capitalize()} +{amount}"
    if not any(o[0] == sym for o in options):
        return f"a Boost only raises a symbol the action already has, and it has no {str(sym).capitalize()}"
    return None


def _withdraw(s: State, action: Action) -> str | None:
    card = s.cards[s.turn]
    return f"only a hunter down to 1 endurance may withdraw; {_name(card.hunter)} has {card.endurance}"


_SPECIFIC = {
    "withdraw": _withdraw,
    "play": _play,
    "place": _place,
    "move": _move,
    "act": _act,
    "step": _step,
    "shift": _shift,
    "target": _target,
    "guard": _guard,
    "boost": _boost,
}


def _blocker(s: State, a, b) -> str | None:
    """Why a walking step from square `a` to `b` is impossible (the board's reason, the squares
    named as on its edges), or None."""
    reason = s.board.step_blocker(a, b)
    if reason is None:
        return None
    if b not in s.board.floor:
        return "that square is not on the map"
    d = (b[0] - a[0], b[1] - a[1])
    if a != b and max(abs(d[0]), abs(d[1])) != 1:
        return f"{square_name(s, b)} is not next to {square_name(s, a)}: move one square at a time"
    return reason
