"""What one seat is sent of a match, and how the client reads it back.

The one rule of the wire: a seat's frames are built from what that seat may see and nothing
else. `update` is made from `view(state, seat)`, `redact(event, seat)` for every event, the
decision as the seat's own view tells it (another seat's half-played secret card is not named in
its prompt), the legal actions only for the seat that decides, and the outcome once the game is
over. The seed, the RNG, deck orders and tokens never enter it: views hide the RNG and decks,
and nothing else is read from the state.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, fields
from typing import Any, cast

from game.core.actions import Action
from game.core.decision import Decision
from game.core.events import Event
from game.core.match import Match
from game.core.outcome import Outcome


def decision_for(match: Match, view: Any) -> Decision | None:
    """The decision as a seat's view tells it (None once the game is over)."""
    if match.over:
        return None
    return cast(Decision, match.text("decision", view))  # the rules' Decision (`text` passes it on), players named as the table named them


def update(match: Match, seat: int | None, events: list | tuple = (), *, view: Any = None) -> dict:
    """The `update` message for `seat` (None: a spectator) after the match's last action."""
    return Updates(match, events).update(seat, view)


class Updates:
    """The `update` messages of one moment of a match, one per seat: what every seat's message shares (the
    action count, the outcome, the legal actions, the events a seat sees as they are) is built once, what
    differs (the view, the decision as that view tells it, the redacted events) once per seat."""

    def __init__(self, match: Match, events: list | tuple = ()):
        self.match, self.events = match, events
        self.n = match.played
        outcome = match.outcome() if match.over else None
        self.outcome = None if outcome is None else outcome.to_dict()
        self._legal: list[str] | None = None
        self._plain: dict[int, dict] = {}  # id(event) -> its dict, for events a seat sees unchanged

    def _event(self, event: Any, seat: int | None) -> dict:
        seen = self.match.rules.redact(event, seat)
        if seen is not event:
            return seen.to_dict()
        known = self._plain.get(id(event))
        if known is None:
            known = self._plain[id(event)] = event.to_dict()
        return known

    def update(self, seat: int | None, view: Any = None) -> dict:
        match = self.match
        view = match.view(seat) if view is None else view
        decision = decision_for(match, view)
        mine = decision is not None and seat is not None and decision.seat == seat
        if mine and self._legal is None:
            self._legal = [str(a) for a in match.legal_actions()]
        return {
            "t": "update",
            "seat": seat,
            "n": self.n,
            "view": view.to_dict(),
            "decision": None if decision is None else {"kind": decision.kind, "seat": decision.seat,
                                                       "prompt": decision.prompt, "private": decision.private},
            "legal": self._legal if mine else [],
            "events": [self._event(e, seat) for e in self.events],
            "outcome": self.outcome,
        }


def table_seats(old: list, seat_info: list[dict]) -> list[dict]:
    """`Match.table["seats"]` as a screen of a remote table shows it (`scenes.board.seats` reads it): each seat's
    name from the table message and "bot" while a computer plays it; what the screen kept there stays."""
    seats = []
    for i, s in enumerate(seat_info):
        entry = dict(old[i]) if i < len(old) and isinstance(old[i], dict) else {}
        entry["name"] = s["name"]
        entry.pop("bot", None)
        if s.get("computer"):
            entry["bot"] = s["computer"]
        seats.append(entry)
    return seats


def history(match: Match, seat: int | None) -> list[list]:
    """[action number, [redacted event dicts]] of every action so far, for a seat joining or coming back."""
    redact = match.rules.redact
    return [[i, [redact(e, seat).to_dict() for e in match.events_of(i)]] for i in range(1, match.played + 1)]


# -- the client side ------------------------------------------------------------------------------

_EVENT_CLASSES: dict[str, dict[str, type]] = {}


def event_classes(rules: Any) -> dict[str, type]:
    """Event class name -> class, for a rule module (its `events` module and the shared shapes)."""
    known = _EVENT_CLASSES.get(rules.__name__)
    if known is None:
        from game.core import events as shared

        own = importlib.import_module(rules.__name__ + ".events")
        known = {}
        for module in (shared, own):
            for value in vars(module).values():
                if isinstance(value, type) and issubclass(value, Event) and value is not Event:
                    known[value.__name__] = value
        _EVENT_CLASSES[rules.__name__] = known
    return known


def event_from(rules: Any, data: dict) -> Event:
    """An event back from its `to_dict` form (lists become tuples, as the rules build them); ValueError if unknown."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ValueError("an event is an object with a kind")
    cls = event_classes(rules).get(data["kind"])
    if cls is None:
        raise ValueError(f"unknown event {data['kind']!r}")
    names = {f.name for f in fields(cls)}
    return cls(**{k: _tuples(v) for k, v in data.items() if k in names})


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def decision_from(data: dict | None) -> Decision | None:
    if data is None:
        return None
    return Decision(data["kind"], data["seat"], data["prompt"], bool(data.get("private")))


def outcome_from(data: dict | None) -> Outcome | None:
    return None if data is None else Outcome.from_dict(data)


def actions_from(texts: list) -> list[Action]:
    return [Action.parse(t) for t in texts]


@dataclass
class Feed:
    """What the server sent for one seat (None: a spectator): the latest update and every action's events."""

    seat: int | None
    n: int = 0
    view: Any = None
    decision: Decision | None = None
    legal: list[Action] = field(default_factory=list)
    outcome: Any = None
    events: list[tuple] = field(default_factory=list)  # events[i]: the events of action i + 1
    views: dict[int, Any] = field(default_factory=dict)  # action number -> the view after it (replays)
