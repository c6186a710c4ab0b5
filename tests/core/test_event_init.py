"""Events are built by a quicker `__init__` than the dataclass one (game.core.events._quick_init);
it must take the same arguments, keep the same defaults and give the same frozen event."""

import dataclasses
import inspect

import pytest

import game.khrysos.events  # every game's events are Event subclasses
import game.krom.events
import game.krosmaster.events  # noqa: F401
from game.core.events import Event, Moved


def _all_events() -> list[type]:
    found, todo = [], [Event]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if "__slots__" in sub.__dict__:
                found.append(sub)
    return found


EVENTS = _all_events()


def test_every_game_has_events_with_the_quick_init():
    assert len(EVENTS) > 40
    quick = [c for c in EVENTS if c.__init__.__code__.co_filename == "<string>" and "_set0" in c.__init__.__code__.co_names]
    assert len(quick) > 40, [c.__name__ for c in EVENTS if c not in quick]


@pytest.mark.parametrize("cls", EVENTS, ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_quick_init_takes_what_the_dataclass_init_takes(cls):
    fields = dataclasses.fields(cls)
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields):
        assert p.default is (inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default)
    values = {f.name: (n, f"v{n}") for n, f in enumerate(fields)}  # distinct values, one per field
    by_position = cls(*values.values())
    by_name = cls(**values)
    assert by_position == by_name
    assert [getattr(by_name, f.name) for f in fields] == list(values.values())
    required = {f.name: v for f, v in zip(fields, values.values()) if f.default is dataclasses.MISSING}
    with_defaults = cls(**required)
    for f in fields:
        assert getattr(with_defaults, f.name) == required.get(f.name, f.default)
    if fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(by_name, fields[0].name, 1)


def test_an_event_built_quickly_reads_as_before():
    e = Moved(3, ((0, 0), (0, 1)))
    assert repr(e) == "Moved(piece=3, path=((0, 0), (0, 1)), cause='walk')"
    assert e.to_dict() == {"kind": "Moved", "piece": 3, "path": [[0, 0], [0, 1]], "cause": "walk"}
    assert hash(e) == hash(Moved(3, ((0, 0), (0, 1)), "walk"))
    with pytest.raises(TypeError):
        Moved(3)  # a missing argument is still refused
