"""Player settings (volume, mute, animation speed, fullscreen), kept in the user config directory."""

from __future__ import annotations

import json
import math
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from game.core.serial import atomic_write_text

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


def _path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings, or the defaults; the second value is a warning to show if the file was bad."""
    path = _path()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as e:
        return Settings(), f"Settings could not be read ({e.strerror}); using the defaults."
    try:
        data = json.loads(raw)
        if not isinstance(data, dict):
            raise ValueError
    except ValueError:
        return Settings(), "The settings file was damaged; the defaults are used and it will be rewritten."
    s = Settings()
    volume = data.get("master_volume")
    if isinstance(volume, int | float) and not isinstance(volume, bool):
        s.master_volume = min(1.0, max(0.0, float(volume)))
    if isinstance(data.get("muted"), bool):
        s.muted = data["muted"]
    if data.get("animation_speed") in SPEEDS:
        s.animation_speed = data["animation_speed"]
    if isinstance(data.get("fullscreen"), bool):
        s.fullscreen = data["fullscreen"]
    return s, None


def save_settings(settings: Settings) -> str | None:
    """Write the settings atomically; returns a message for the player if that failed (e.g. a full disk)."""
    try:
        atomic_write_text(_path(), json.dumps(asdict(settings), indent=2) + "\n")
    except OSError as e:
        return f"Settings could not be saved: {e.strerror or e}."
    return None
