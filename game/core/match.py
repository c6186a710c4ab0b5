"""A game being played: the rule module, its setup and seed, the current state and every action so far.

`Match` is the one object a board scene, a bot arena or a save file needs. It is pure: no
clock, no files, no randomness of its own (the RNG lives in the state). Undo is built on it:
`undo_floor()` is the number of actions that may never be taken back, because the last of
them revealed something random or hidden, or was taken by a seat other than the one now
deciding.

Each step keeps the events its action produced, so a resumed game, an undo and a replay never
play the rules again to learn what happened (`history`, `events_of`, `truncated`).
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, cast

from game.core.actions import Action
from game.core.decision import Decision
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.grammar import counted
from game.core.outcome import Outcome
from game.core.save import Save, action_error, new_save, replay


@dataclass
class _Step:
    action: Action
    seat: int | None  # who took it
    barrier: bool  # it revealed something random or hidden: it can never be undone
    before: Any  # the state it was taken from
    events: tuple[Event, ...] = ()  # what apply returned for it, in order


@dataclass
class Match:
    """A game in progress. Build it with `Match.new` or `Match.from_save`, never by hand."""

    rules: Any
    setup: Any
    seed: int
    state: Any
    table: dict[str, Any] = field(default_factory=dict)  # what only the screen needs (seat names, bots): kept in saves
    start: Any = None  # the position the game began from when it is not a new game of its seed (a lesson)
    _steps: list[_Step] = field(default_factory=list)
    _redo: list[Action] = field(default_factory=list)

    # -- building ------------------------------------------------------------------------
    @classmethod
    def new(cls, rules: Any, setup: Any, seed: int) -> Match:
        return cls(rules, setup, seed, rules.new_game(setup, seed))

    @classmethod
    def from_position(cls, rules: Any, setup: Any, state: Any, seed: int = 0) -> Match:
        """A game that begins from a given position (a lesson's scene, with its scripted dice): its saves
        record that position, so it can be resumed and replayed like any other."""
        return cls(rules, setup, seed, state, start=state)

    @classmethod
    def from_save(cls, save: Save, resolve: Any = None) -> Match:
        """Replay a save through the rules; SaveError (with the number of the first bad action) when it does not replay."""
        rules, setup, first = replay(Save(save.game, save.version, save.setup, save.seed, [], {}, save.start), resolve)
        match = cls(rules, setup, save.seed, first, start=first if save.start is not None else None)
        match.table = dict(save.table)
        total = len(save.actions)
        for i, text in enumerate(save.actions, 1):
            try:
                match.play(Action.parse(text))
            except ValueError as e:  # IllegalAction included
                raise action_error(i, total, text, e) from None
        match._redo.clear()
        return match

    # -- playing -------------------------------------------------------------------------
    @property
    def actions(self) -> list[Action]:
        return [s.action for s in self._steps]

    @property
    def played(self) -> int:
        """How many actions were played: `len(actions)` without building the list (a table server asks it
        several times an action, in games of hundreds of actions)."""
        return len(self._steps)

    def legal_actions(self) -> list[Action]:
        return cast(list[Action], self.rules.legal_actions(self.state))

    def decision(self) -> Decision:
        """Who decides what now; its prompt names players as the table named them."""
        fn = self.rules.decision
        if _takes_names(fn) and self.names is not None:
            return cast(Decision, fn(self.state, names=self.names))
        return cast(Decision, fn(self.state))

    def outcome(self) -> Outcome | None:
        """Who won; its reason names players as the table named them (when the rules take `names=`)."""
        fn = self.rules.outcome
        if _takes_names(fn) and self.names is not None:
            return cast(Outcome | None, fn(self.state, names=self.names))
        return cast(Outcome | None, fn(self.state))

    @property
    def over(self) -> bool:
        return self.state.to_move is None

    @property
    def players(self) -> int:
        """How many seats the game has."""
        return cast(int, self.state.num_players)

    def progress(self) -> str:
        """A few words on how far the game is (the rules' `progress`, on what the whole table sees)."""
        if getattr(self.rules, "progress", None) is None:
            return counted(len(self._steps), "move")
        return self.text("progress", self.view(None))

    def random_action(self, rng: Any) -> Action:
        """A random legal action for the seat to move, by the rules' quick playout policy when they have one
        (automation and benchmarks play games this way)."""
        legal = self.legal_actions()
        policy = getattr(self.rules, "playout_choice", None)
        return cast(Action, policy(self.state, legal, rng)) if policy is not None else legal[rng.below(len(legal))]

    def view(self, seat: int | None) -> Any:
        return self.rules.view(self.state, seat)

    @property
    def names(self) -> tuple[str, ...] | None:
        """The players' names as the table gave them (seat order), for the rules' texts; None if unnamed."""
        seats = self.table.get("seats")
        if not isinstance(seats, list) or not seats:
            return None
        names = [s.get("name") if isinstance(s, dict) else None for s in seats]
        if not all(isinstance(n, str) and n for n in names):
            return None
        return tuple(cast(list[str], names))

    def text(self, function: str, *args: Any) -> str:
        """A text of the rules (`describe`, `action_text`, `progress`...) with the table's names when the
        rules take them (a `names=` keyword); the text as the rules write it otherwise."""
        fn = getattr(self.rules, function)
        if _takes_names(fn) and self.names is not None:
            return cast(str, fn(*args, names=self.names))
        return cast(str, fn(*args))

    def why_illegal(self, action: Action | str) -> str | None:
        """The rules' reason for refusing `action` now (None when legal), players named as the table named them."""
        fn = self.rules.why_illegal
        if _takes_names(fn) and self.names is not None:
            return cast(str | None, fn(self.state, _action(action), names=self.names))
        return cast(str | None, fn(self.state, _action(action)))

    def play(self, action: Action | str) -> list[Event]:
        """Apply one action for the seat to move; IllegalAction (state unchanged) when the rules refuse it."""
        action = _action(action)
        before = self.state
        seat = before.to_move
        private = self._private(before)
        after, events = self.rules.apply(before, action)
        barrier = _rng_moved(before, after) or _reveals(self.rules, private, before, action, after, events)
        self._steps.append(_Step(action, seat, barrier, before, tuple(events)))
        self.state = after
        if self._redo and self._redo[-1] == action:
            self._redo.pop()
        else:
            self._redo.clear()
        return cast(list[Event], events)

    def _private(self, state: Any) -> bool:
        if state.to_move is None:
            return False
        try:
            return bool(self.rules.decision(state).private)
        except AttributeError:
            return False

    # -- undo and redo -------------------------------------------------------------------
    def undo_floor(self) -> int:
        """How many actions can never be undone now: up to and including the last reveal or other seat's action."""
        seat = self.state.to_move
        for i in range(len(self._steps) - 1, -1, -1):
            step = self._steps[i]
            if step.barrier or step.seat != seat:
                return i + 1
        return 0

    def why_no_undo(self) -> str | None:
        """None when `undo` would take back an action; otherwise the reason, in words."""
        if not self._steps:
            return "Nothing has been played yet."
        if self.over:
            return "The game is over."
        floor = self.undo_floor()
        if floor < len(self._steps):
            if self._steps[-1].before is None:
                return "That action is too far back to be taken back."
            return None
        last = self._steps[-1]
        if last.seat != self.state.to_move:
            return "The last action was another player's."
        return "The last action revealed something (a die, a card or a secret pick): it cannot be taken back."

    def undo(self) -> Action:
        """Take back the last action (see `why_no_undo`); it can be redone until a new action is played."""
        reason = self.why_no_undo()
        if reason is not None:
            raise IllegalAction(reason)
        step = self._steps.pop()
        self.state = step.before
        self._redo.append(step.action)
        return step.action

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> list[Event]:
        if not self._redo:
            raise IllegalAction("There is nothing to redo.")
        return self.play(self._redo[-1])

    # -- saving --------------------------------------------------------------------------
    def save(self) -> Save:
        save = new_save(self.rules, self.setup, self.seed, self.actions)
        save.table = dict(self.table)
        if self.start is not None:
            save.start = self.start.to_dict()
        return save

    def state_after(self, n: int) -> Any:
        """The state after the first n actions (0 = the start), for replays; LookupError once `forget_states` let it go."""
        if n >= len(self._steps):
            return self.state
        before = self._steps[n].before
        if before is None:
            raise LookupError(f"the state after {n} actions is no longer kept")
        return before

    def forget_states(self, upto: int) -> None:
        """Let go of the states the first `upto` actions were taken from (their events stay): a table server keeps
        thousands of games and needs only the few states an undo may go back to. Undo stops at a forgotten state."""
        i = min(upto, len(self._steps)) - 1
        while i >= 0 and self._steps[i].before is not None:  # from the newest back to the ones already forgotten
            self._steps[i].before = None
            i -= 1

    def events_of(self, n: int) -> tuple[Event, ...]:
        """The events of the n-th action (1 = the first)."""
        return self._steps[n - 1].events

    def history(self, upto: int | None = None) -> list[tuple[int, Any]]:
        """(action number, event) of every action so far (or of the first `upto`), in order."""
        steps = self._steps if upto is None else self._steps[:upto]
        return [(i, e) for i, step in enumerate(steps, 1) for e in step.events]

    def truncated(self, n: int) -> Match:
        """The same game as it stood after its first n actions, without playing the rules again
        (a replay's Back); nothing to redo."""
        n = max(0, min(n, len(self._steps)))
        return Match(self.rules, self.setup, self.seed, self.state_after(n), self.table, self.start, self._steps[:n], [])


_NAMES: dict[Any, bool] = {}


def _takes_names(fn: Any) -> bool:
    """Whether a rules text function accepts the table's names (`names=`)."""
    known = _NAMES.get(fn)
    if known is None:
        try:
            known = "names" in inspect.signature(fn).parameters
        except (TypeError, ValueError):
            known = False
        _NAMES[fn] = known
    return known


def _action(action: Action | str) -> Action:
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        try:
            return Action.parse(action)
        except ValueError as e:
            raise IllegalAction(str(e)) from None
    raise IllegalAction(f"not an action: {type(action).__name__}")


def _rng_moved(before: Any, after: Any) -> bool:
    a, b = getattr(before, "rng", None), getattr(after, "rng", None)
    if a is None or b is None:
        return False
    return bool(a.to_dict() != b.to_dict())


def _reveals(rules: Any, private: bool, before: Any, action: Action, after: Any, events: list[Event]) -> bool:
    """The rules' own `reveals` when they have one; else any action taken in a private decision counts."""
    hook = getattr(rules, "reveals", None)
    if hook is None:
        return private
    return bool(hook(before, action, after, events))
