"""Player settings (volume, mute, animation speed, fullscreen), kept in the user config directory."""

from __future__ import annotations

import errno
import json
import math
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from game.core.serial import BadJSON, atomic_write_text, excerpt, load_json, shorten, temp_files

APP_NAME = "tabletrio"

# Animation speed names and their time multipliers; "instant" skips animations.
SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": math.inf}
SPEED_LABELS: dict[str, str] = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}


def config_dir() -> Path:
    """Where settings live: $TABLETRIO_CONFIG_DIR, else the platform's user config directory."""
    override = os.environ.get("TABLETRIO_CONFIG_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """Where saves live: $TABLETRIO_DATA_DIR, else the platform's user data directory (never the install)."""
    override = os.environ.get("TABLETRIO_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def write_problem(e: OSError, what: str, path: Path | str | None = None) -> str:
    """Why `what` ("The game", "Settings"...) could not be written, where, and what to do, in words: a folder
    the player may not write is not a full disk."""
    where = e.filename or path or "?"
    if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"{what} could not be saved: permission denied on {where} (that folder is read-only for you)."
    if e.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return f"{what} could not be saved ({e.strerror or 'the disk is full'}: {where}). Free some disk space."
    return f"{what} could not be saved: {e.strerror or e} ({where})."


@dataclass
class Settings:
    master_volume: float = 0.8  # 0.0 .. 1.0
    muted: bool = False
    animation_speed: str = "normal"  # a key of SPEEDS
    fullscreen: bool = False

    @property
    def speed(self) -> float:
        return SPEEDS[self.animation_speed]

    @property
    def effective_volume(self) -> float:
        return 0.0 if self.muted else self.master_volume


def remove_stale_temp_files(min_age: float = 10.0) -> int:
    """Remove what writes killed half-way left behind (older than `min_age` seconds, so a write
    in progress in another window is left alone) in the config and data folders; returns how many."""
    removed = 0
    now = time.time()
    for folder in (config_dir(), data_dir()):
        for path in temp_files(folder):
            try:
                if now - path.stat().st_mtime >= min_age:
                    path.unlink()
                    removed += 1
            except OSError:
                pass
    return removed


def _path() -> Path:
    return config_dir() / "settings.json"


def broken_path() -> Path:
    """Where a settings file that could not be read is kept, for the player (or a bug report)."""
    path = _path()
    return path.with_name(path.name + ".broken")


class SettingsError(ValueError):
    """The settings file is not what this program writes; the message says why, briefly."""


def parse_settings(raw: str | bytes) -> Settings:
    """Settings from the text (or bytes) of a settings file; SettingsError for anything this program would not write.

    Unknown fields are ignored (a newer version may add some); a known field of the wrong kind
    (a list where the volume belongs, a speed that does not exist) makes the whole file bad.
    """
    try:
        data = load_json(raw)
    except BadJSON as e:
        raise SettingsError(e.reason) from None
    if not isinstance(data, dict):
        raise SettingsError(f"it holds {_kind(data)}, not the settings")
    s = Settings()
    if "master_volume" in data:
        volume = data["master_volume"]
        if isinstance(volume, bool) or not isinstance(volume, int | float) or not math.isfinite(volume):
            raise SettingsError(f"the volume is {excerpt(volume)}, not a number")
        s.master_volume = min(1.0, max(0.0, float(volume)))
    for name in ("muted", "fullscreen"):
        if name in data:
            if not isinstance(data[name], bool):
                raise SettingsError(f"{name!r} is {excerpt(data[name])}, not true or false")
            setattr(s, name, data[name])
    if "animation_speed" in data:
        if not isinstance(data["animation_speed"], str) or data["animation_speed"] not in SPEEDS:
            raise SettingsError(f"the animation speed is {excerpt(data['animation_speed'])}, not one of {', '.join(SPEEDS)}")
        s.animation_speed = data["animation_speed"]
    return s


def _kind(value: object) -> str:
    return {list: "a list", str: "a text", int: "a number", float: "a number", bool: "true or false"}.get(type(value), "nothing")


def load_settings(*, repair: bool = True) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults; the second value is a message to show once if the file was bad.

    With `repair`, a bad file is moved aside to `settings.json.broken` and the defaults are
    written at once, so the next start is clean (no message again). Never raises.
    """
    path = _path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Settings(), None
    except OSError as e:
        return Settings(), f"The settings could not be read ({e.strerror or e}); the defaults are used."
    try:
        return parse_settings(raw), None
    except SettingsError as e:
        reason = str(e)
    if not repair:
        return Settings(), f"The settings file is damaged ({reason}); the defaults are used."
    kept = broken_path()
    try:
        os.replace(path, kept)
        aside = f" The damaged file was kept as {kept.name}."
    except OSError:
        aside = ""
    problem = save_settings(Settings())
    rewritten = " and the settings file was rewritten" if problem is None else ""
    return Settings(), shorten(f"The settings file was damaged ({reason}), so the defaults are used{rewritten}.{aside}")


def save_settings(settings: Settings) -> str | None:
    """Write the settings atomically; returns a message for the player if that failed (e.g. a full disk)."""
    try:
        atomic_write_text(_path(), json.dumps(asdict(settings), indent=2) + "\n")
    except OSError as e:
        return write_problem(e, "Settings", _path())
    return None
