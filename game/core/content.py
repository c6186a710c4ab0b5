"""Reading and validating the packaged data files of a game (cards, characters, tiles, maps).

Every problem raises `ContentError` naming the file, the entry and the field, e.g.
`characters.toml, entry 'Martine Gale', field 'hp': expected an integer >= 1, got 0`.
"""

from __future__ import annotations

import importlib.resources
import tomllib
from typing import Any
from collections.abc import Iterable

from game.core.errors import ContentError
from game.core.serial import BadJSON, load_json

_MISSING = object()


def read_text(package: str, name: str) -> str:
    """The text of the data file `name` packaged inside `package` (the only files the rules read).

    Loaders take text, so tests can feed them damaged copies; a missing file is a ContentError.
    """
    try:
        return (importlib.resources.files(package) / name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError) as e:
        raise ContentError(name, None, None, f"cannot be read ({e})") from None


def read_data(package: str, name: str) -> Any:
    """Parse the TOML or JSON file `name` packaged inside `package` (e.g. "game.krom.data")."""
    return parse_text(name, read_text(package, name))


def parse_text(name: str, text: str) -> Any:
    """Parse text as TOML or JSON according to the file name's suffix."""
    try:
        if name.endswith(".toml"):
            return tomllib.loads(text)
        if name.endswith(".json"):
            return load_json(text)
    except tomllib.TOMLDecodeError as e:
        raise ContentError(name, None, None, f"is not valid TOML: {e}") from None
    except BadJSON as e:
        raise ContentError(name, None, None, f"is not valid JSON: {e.reason}") from None
    raise ContentError(name, None, None, "has an unknown suffix (expected .toml or .json)")


_TYPE_NAMES = {int: "an integer", str: "a string", bool: "true or false", float: "a number", list: "a list", dict: "a table"}


class EntryReader:
    """Reads the fields of one entry of a data file, checking types and ranges.

    >>> r = EntryReader("minions.toml", "Fleeflee", {"hp": 2, "ap": 1})
    >>> r.get("hp", int, min=1), r.get("ap", int), r.get("mp", int, default=3)
    (2, 1, 3)
    >>> r.done()  # fails if the entry has a field nobody read (a typo)
    """

    def __init__(self, file: str, entry: str, data: Any):
        self.file = file
        self.entry = entry
        if not isinstance(data, dict):
            raise ContentError(file, entry, None, f"expected a table of fields, got {type(data).__name__}")
        self.data = data
        self._seen: set[str] = set()

    def fail(self, field: str | None, problem: str) -> ContentError:
        return ContentError(self.file, self.entry, field, problem)

    def get(
        self,
        field: str,
        kind: type | tuple[type, ...],
        default: Any = _MISSING,
        *,
        min: float | None = None,
        max: float | None = None,
        choices: Iterable[Any] | None = None,
    ) -> Any:
        """The value of `field`, checked; `default` when absent (absent without a default is an error)."""
        self._seen.add(field)
        if field not in self.data:
            if default is _MISSING:
                raise self.fail(field, "is missing")
            return default
        value = self.data[field]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        ok = any(isinstance(value, k) and not (k in (int, float) and isinstance(value, bool)) for k in kinds)
        if int in kinds and float not in kinds and isinstance(value, float):
            ok = False
        if not ok:
            wanted = " or ".join(_TYPE_NAMES.get(k, k.__name__) for k in kinds)
            raise self.fail(field, f"expected {wanted}, got {value!r}")
        if min is not None and value < min:
            raise self.fail(field, f"must be at least {min}, got {value!r}")
        if max is not None and value > max:
            raise self.fail(field, f"must be at most {max}, got {value!r}")
        if choices is not None:
            options = list(choices)
            if value not in options:
                raise self.fail(field, f"must be one of {', '.join(map(repr, options))}; got {value!r}")
        return value

    def sub(self, field: str, value: Any) -> EntryReader:
        """A reader for a nested table, reported as `entry.field`."""
        return EntryReader(self.file, f"{self.entry}.{field}", value)

    def done(self) -> None:
        """Fail on any field that was never read (usually a typo in the data file)."""
        unknown = sorted(set(self.data) - self._seen)
        if unknown:
            raise self.fail(unknown[0], "is not a known field")
