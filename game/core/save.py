"""Saves: `{format, format_version, game, version, setup, seed, actions}`, loaded by replaying the actions.

An optional `table` object carries what only the screen needs (each seat's name, colour and
whether the computer plays it); the rules never read it.

Replaying through the rules' own `apply` both rebuilds the exact state and validates
the file: a save that was edited into an illegal sequence is refused with the number of
the first bad action. Every problem is a `SaveError` whose message a player can read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

from game.core.actions import Action
from game.core.errors import IllegalAction, SaveError
from game.core.serial import BadJSON, atomic_write_text, dumps, excerpt, load_json, shorten

FORMAT = "tabletrio-save"
FORMAT_VERSION = 1


@dataclass
class Save:
    """Everything needed to rebuild a game: which game, its options, its seed and the actions played."""

    game: str
    version: int
    setup: dict[str, Any]
    seed: int
    actions: list[str] = field(default_factory=list)
    table: dict[str, Any] = field(default_factory=dict)
    start: dict[str, Any] | None = None  # a game begun from a given position (a lesson): that state's plain data

    def to_dict(self) -> dict[str, Any]:
        extra: dict[str, Any] = {"table": self.table} if self.table else {}
        if self.start is not None:
            extra["start"] = self.start
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "version": self.version,
            "setup": self.setup,
            "seed": self.seed,
            "actions": list(self.actions),
            **extra,
        }

    def to_text(self) -> str:
        return dumps(self.to_dict(), pretty=True)


def new_save(module: Any, setup: Any, seed: int, actions: list[Action] | tuple[Action, ...] = ()) -> Save:
    return Save(module.GAME_ID, module.VERSION, setup.to_dict(), seed, [str(a) for a in actions])


def write_save(path: str | os.PathLike[str], save: Save) -> None:
    """Write atomically (temp file, fsync, rename); an OSError such as a full disk leaves the old save intact."""
    atomic_write_text(path, save.to_text())


def read_save(path: str | os.PathLike[str]) -> Save:
    """Read and check the structure of a save file (without replaying it)."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        raise SaveError(f"{os.fspath(path)}: no such file") from None
    except OSError as e:
        raise SaveError(f"{os.fspath(path)}: cannot be read ({e.strerror or e})") from None
    return parse_save(raw)


def parse_save(text: str | bytes) -> Save:
    """Check the structure of save text (or the bytes of a save file) and return it as a `Save`."""
    try:
        data = load_json(text)
    except BadJSON as e:
        if e.truncated:
            raise SaveError("the save file is truncated: it ends in the middle of the data") from None
        if e.reason == "it is not UTF-8 text":
            raise SaveError("this is not a Tabletop Trio save file (it is not text)") from None
        if e.reason == "it is empty":
            raise SaveError("the save file is empty") from None
        raise SaveError(f"the save file is damaged: {e.reason}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not a Tabletop Trio save file")
    fv = data.get("format_version")
    if not isinstance(fv, int) or isinstance(fv, bool):
        raise SaveError("the save file has no valid 'format_version'")
    if fv < 1:
        raise SaveError(f"the save file's 'format_version' must be 1 or more, not {fv}")
    if fv > FORMAT_VERSION:
        raise SaveError(f"the save was written by a newer Tabletop Trio (save format {fv}; this program reads {FORMAT_VERSION})")
    checks = {"game": str, "version": int, "setup": dict, "seed": int, "actions": list}
    for name, kind in checks.items():
        if name not in data:
            raise SaveError(f"the save file lacks the field {name!r}")
        value = data[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise SaveError(f"the save file's field {name!r} should be {_a(kind)}, not {type(value).__name__}")
    for i, a in enumerate(data["actions"], 1):
        if not isinstance(a, str) or not a.strip():
            raise SaveError(f"action {i} of the save file is not an action text: {excerpt(a)}")
    table = data.get("table", {})
    if not isinstance(table, dict):
        raise SaveError(f"the save file's field 'table' should be an object, not {type(table).__name__}")
    start = data.get("start")
    if start is not None and not isinstance(start, dict):
        raise SaveError(f"the save file's field 'start' should be an object, not {type(start).__name__}")
    return Save(data["game"], data["version"], data["setup"], data["seed"], list(data["actions"]), table, start)


def start_state(module: Any, setup: Any, save: Save) -> Any:
    """The state a saved game began from: a new game from its seed, or the position it records (`start`)."""
    try:
        if save.start is None:
            return module.new_game(setup, save.seed)
        state = module.State.from_dict(save.start)
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as e:
        what = "set up" if save.start is None else "started from its recorded position"
        raise SaveError(f"the save's game cannot be {what}: {_said(e)}") from None
    check = getattr(module, "check_invariants", None)
    if check is not None:
        try:
            check(state)
        except AssertionError as e:
            raise SaveError(f"the save's starting position breaks a rule: {_said(e)}") from None
    return state


def replay(save: Save, resolve: Callable[[str], Any] | None = None) -> tuple[Any, Any, Any]:
    """Rebuild a saved game: returns (rule module, setup, state after every saved action)."""
    if resolve is None:
        from game import registry

        resolve = registry.load
    try:
        module = resolve(save.game)
    except LookupError:
        raise SaveError(f"the save is for a game this program does not know: {excerpt(save.game)}") from None
    if save.version != module.VERSION:
        raise SaveError(
            f"the save is for version {save.version} of the {module.TITLE} rules; this program plays version {module.VERSION}"
        )
    try:
        setup = module.Setup.from_dict(save.setup)
    except (ValueError, KeyError, TypeError, RecursionError) as e:
        raise SaveError(f"the save's game options are invalid: {_said(e)}") from None
    state = start_state(module, setup, save)
    total = len(save.actions)
    for i, text in enumerate(save.actions, 1):
        try:
            state, _ = module.apply(state, Action.parse(text))
        except ValueError as e:
            raise action_error(i, total, text, e) from None
    return module, setup, state


def action_error(number: int, total: int, text: str, error: ValueError) -> SaveError:
    """The SaveError for saved action `number` (from 1) of `total` that the rules refused or could not parse."""
    if isinstance(error, IllegalAction):
        return SaveError(f"action {number} of {total} ({excerpt(text)}) cannot be replayed: {_said(error.reason)}")
    return SaveError(f"action {number} of {total} ({excerpt(text)}) is not an action: {_said(error)}")


_OPENINGS = {"There", "The", "This", "That", "These", "Those", "It", "Its", "You", "Your", "No", "Not", "A", "An",
             "Only", "Nothing", "Nobody", "Every", "Each"}


def _said(error: object) -> str:
    """An error's own words, cut short (it may quote a whole custom map), as they read after a colon: a sentence
    that opens on a common word goes on in lower case ("…cannot be replayed: there is no action 'pick'"); one
    that opens on a name (a card, a fighter) keeps its capital."""
    text = shorten(str(error), 200)
    first = text.split(" ", 1)[0]
    return text[0].lower() + text[1:] if first in _OPENINGS else text


def load_game(path: str | os.PathLike[str], resolve: Callable[[str], Any] | None = None) -> tuple[Save, Any, Any, Any]:
    """Read and replay a save file: (save, module, setup, state)."""
    save = read_save(path)
    module, setup, state = replay(save, resolve)
    return save, module, setup, state


def _a(kind: type) -> str:
    return {str: "text", int: "an integer", dict: "an object", list: "a list"}[kind]
