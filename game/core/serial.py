"""JSON helpers: canonical dumps, atomic file writes, and dataclass <-> plain-data conversion."""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
import types
import typing
from pathlib import Path
from typing import Any


def dumps(data: Any, *, pretty: bool = False) -> str:
    """Canonical JSON text: sorted keys, so equal data gives equal text."""
    if pretty:
        return json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """Write `text` to `path` so that a crash or a full disk never leaves a half-written file.

    The text goes to a temporary file beside the target, is flushed and fsynced, then
    renamed over the target (an atomic step), and the directory is fsynced. On any error
    the temporary file is removed and the old file, if any, is untouched; the OSError
    (for example ENOSPC) propagates for the caller to report.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(target.parent)


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # not possible on every platform (Windows); the rename is still atomic
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- dataclasses <-> plain data ---------------------------------------------------------


def to_plain(value: Any) -> Any:
    """Turn dataclasses, tuples and dicts into JSON-ready lists, dicts and scalars."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    return value


def from_plain(cls: Any, data: Any, where: str = "value") -> Any:
    """Build an instance of the type `cls` from plain data, checking every field's type.

    Supports dataclasses (unknown or missing fields are errors, unless the field has a
    default), int, float, str, bool, None, `X | None`, `tuple[X, ...]`, `tuple[X, Y]`,
    `list[X]`, `dict[str, X]` and `typing.Literal`. Raises ValueError naming the path of
    the bad field, e.g. "setup.players: expected int, got 'two'".
    """
    origin = typing.get_origin(cls)
    args = typing.get_args(cls)
    if cls is Any:
        return data
    if dataclasses.is_dataclass(cls):
        if not isinstance(data, dict):
            raise ValueError(f"{where}: expected an object, got {_show(data)}")
        hints = typing.get_type_hints(cls)
        known = {f.name: f for f in dataclasses.fields(cls) if f.init}
        extra = sorted(set(data) - set(known))
        if extra:
            raise ValueError(f"{where}: unknown field {extra[0]!r}")
        kwargs = {}
        for name, f in known.items():
            if name in data:
                kwargs[name] = from_plain(hints[name], data[name], f"{where}.{name}")
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ValueError(f"{where}: missing field {name!r}")
        return cls(**kwargs)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        errors = []
        for option in args:
            if option is type(None):
                continue
            try:
                return from_plain(option, data, where)
            except ValueError as e:
                errors.append(str(e))
        raise ValueError(errors[0] if len(errors) == 1 else f"{where}: {_show(data)} fits none of {cls}")
    if origin is typing.Literal:
        if data not in args:
            raise ValueError(f"{where}: expected one of {list(args)}, got {_show(data)}")
        return data
    if origin in (tuple, list):
        if not isinstance(data, list | tuple):
            raise ValueError(f"{where}: expected a list, got {_show(data)}")
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(data):
                raise ValueError(f"{where}: expected {len(args)} items, got {len(data)}")
            return tuple(from_plain(t, v, f"{where}[{i}]") for i, (t, v) in enumerate(zip(args, data)))
        item = args[0] if args else Any
        items = [from_plain(item, v, f"{where}[{i}]") for i, v in enumerate(data)]
        return tuple(items) if origin is tuple else items
    if origin is dict:
        if not isinstance(data, dict):
            raise ValueError(f"{where}: expected an object, got {_show(data)}")
        key_t, val_t = args or (str, Any)
        return {from_plain(key_t, k, where): from_plain(val_t, v, f"{where}.{k}") for k, v in data.items()}
    if cls is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise ValueError(f"{where}: expected a number, got {_show(data)}")
        return float(data)
    if cls is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise ValueError(f"{where}: expected an integer, got {_show(data)}")
        return data
    if cls in (str, bool):
        if not isinstance(data, cls):
            raise ValueError(f"{where}: expected {cls.__name__}, got {_show(data)}")
        return data
    if cls is type(None):
        if data is not None:
            raise ValueError(f"{where}: expected null, got {_show(data)}")
        return None
    raise TypeError(f"{where}: from_plain does not support {cls!r}")


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
