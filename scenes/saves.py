"""Autosave: after every action a board writes its game here, atomically, so nothing is lost on a crash."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core import SaveError
from game.core.match import Match
from game.core.save import Save, read_save, write_save
from scenes.settings import data_dir


def autosave_path(game_id: str) -> Path:
    return data_dir() / "autosave" / f"{game_id}.json"


def has_autosave(game_id: str) -> bool:
    return autosave_path(game_id).is_file()


def write_autosave(save: Save) -> str | None:
    """Write the autosave; returns a message for the player if it failed (e.g. the disk is full)."""
    try:
        write_save(autosave_path(save.game), save)
    except OSError as e:
        return f"The game could not be saved: {e.strerror or e}. Free some disk space; play continues."
    return None


def load_autosave(game_id: str, resolve: Any = None) -> Match:
    """Replay the autosave of a game into a Match; raises SaveError with a player-readable message."""
    return Match.from_save(read_save(autosave_path(game_id)), resolve)


def discard_autosave(game_id: str) -> None:
    try:
        autosave_path(game_id).unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        raise SaveError(f"the old save could not be removed: {e.strerror or e}") from None
