"""JSON helpers: one safe loader for every file a player can hand the program, canonical dumps,
and atomic file writes. (Each game writes its own `to_dict`/`from_dict`, by hand.)"""

from __future__ import annotations

import contextlib
import json
import os
import re
import reprlib
import tempfile
from pathlib import Path
from typing import Any


# -- reading JSON a player may have edited, truncated or replaced ----------------------------

MAX_DEPTH = 64  # no file of the program nests deeper than about 6 levels
MAX_DIGITS = 40  # seeds and every other number fit in 20 digits
MESSAGE_LIMIT = 300  # characters of an error message shown to a player
_SURROGATE = re.compile("[\ud800-\udfff]")


class BadJSON(ValueError):
    """Text that is not sane JSON; `reason` is a short clause ("it ends in the middle of the data").

    Loaders turn it into their own error (SaveError, MapError, ContentError, a settings reset),
    so nothing but the project's error types ever leaves them.
    """

    def __init__(self, reason: str, *, truncated: bool = False):
        super().__init__(reason)
        self.reason = reason
        self.truncated = truncated


def load_json(text: str | bytes) -> Any:
    """Parse JSON text (or UTF-8 bytes, a byte-order mark allowed) that came from outside the program.

    Refused with `BadJSON`: bytes that are not UTF-8, empty or truncated text, invalid JSON,
    nesting deeper than MAX_DEPTH, numbers of more than MAX_DIGITS digits, and strings holding
    a lone surrogate (they could never be written back as UTF-8). No other exception escapes,
    whatever the input. NaN and Infinity are read as Python's json writes them: a caller that
    wants a finite number checks it.
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise BadJSON("it is not UTF-8 text") from None
    elif text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise BadJSON("it is empty")
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float)
    except json.JSONDecodeError as e:
        if e.pos >= len(text.rstrip()) or e.msg.startswith("Unterminated string"):
            raise BadJSON("it ends in the middle of the data", truncated=True) from None
        raise BadJSON(f"{e.msg} at line {e.lineno}, column {e.colno}") from None
    except RecursionError:
        raise BadJSON(f"it nests more than {MAX_DEPTH} levels deep") from None
    _check_tree(data)
    return data


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise BadJSON(f"it holds a number of more than {MAX_DIGITS} digits")
    return int(digits)


def _parse_float(digits: str) -> float:
    if len(digits) > 2 * MAX_DIGITS:
        raise BadJSON(f"it holds a number of more than {MAX_DIGITS} digits")
    return float(digits)


def has_lone_surrogate(text: str) -> bool:
    """True when `text` holds half of a surrogate pair: it can be shown nowhere and never written as UTF-8."""
    return _SURROGATE.search(text) is not None


def _check_tree(data: Any) -> None:
    """Depth and lone surrogates, without recursion (the tree may be deep)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if has_lone_surrogate(value):
                raise BadJSON(f"the text {excerpt(value)} holds an invalid character (a lone surrogate)")
        elif isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise BadJSON(f"it nests more than {MAX_DEPTH} levels deep")
            items = value.items() if isinstance(value, dict) else ((None, v) for v in value)
            for key, item in items:
                if key is not None:
                    stack.append((key, depth))
                stack.append((item, depth + 1))


def excerpt(value: Any, limit: int = 40) -> str:
    """A short repr of `value` (at most `limit` characters): how error messages quote file content."""
    text = _REPR.repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _ShortRepr(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 3 * MAX_DIGITS:  # repr of a 4,301-digit int raises ValueError
            return f"<a number of about {int(x.bit_length() * 0.30103)} digits>"
        return super().repr_int(x, level)


def _make_repr() -> reprlib.Repr:
    r = _ShortRepr()  # bounded at every level, so a huge or deep value costs nothing to quote
    r.maxlevel, r.maxdict, r.maxlist, r.maxtuple = 3, 4, 6, 6
    r.maxstring = r.maxother = r.maxlong = 60
    return r


_REPR = _make_repr()


def shorten(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message cut to at most `limit` characters (a player reads it; a file may be megabytes)."""
    return message if len(message) <= limit else message[: limit - 3] + "..."


def dumps(data: Any, *, pretty: bool = False) -> str:
    """Canonical JSON text: sorted keys, so equal data gives equal text."""
    if pretty:
        return json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def atomic_write_text(path: str | os.PathLike[str], text: str, mode: int | None = None) -> None:
    """Write `text` to `path` so that a crash or a full disk never leaves a half-written file.

    The text goes to a temporary file beside the target, is flushed and fsynced, then
    renamed over the target (an atomic step), and the directory is fsynced. On any error
    the temporary file is removed and the old file, if any, is untouched; the OSError
    (for example ENOSPC) propagates for the caller to report. The file is readable by its
    owner only unless `mode` gives its permissions (0o644: a file meant to be shared).
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=_TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            if mode is not None:
                os.fchmod(f.fileno(), mode)
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    _fsync_dir(target.parent)


_TEMP_SUFFIX = ".tmp"
_TEMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")  # what mkstemp makes of the prefix and suffix above


def temp_files(directory: str | os.PathLike[str]) -> list[Path]:
    """The temporary files `atomic_write_text` made under `directory` (any depth).

    A process killed in the middle of a write leaves its temporary file behind; the program
    removes the old ones on its next start (it decides how old, the rules never read the clock).
    """
    root = Path(directory)
    try:
        return sorted(p for p in root.rglob(".*.tmp") if _TEMP_NAME.match(p.name) and p.is_file())
    except OSError:
        return []


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
