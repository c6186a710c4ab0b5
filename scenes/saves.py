"""Saves on disk: the autosave a board writes after every action (so nothing is lost on a crash), and named saves."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core import SaveError
from game.core.grammar import counted
from game.core.match import Match
from game.core.save import Save, read_save, write_save
from scenes.ui import sentence
from scenes import instance
from scenes.settings import data_dir, write_problem


def autosave_path(game_id: str) -> Path:
    return data_dir() / "autosave" / f"{game_id}.json"


def has_autosave(game_id: str) -> bool:
    return autosave_path(game_id).is_file()


def write_autosave(save: Save) -> str | None:
    """Write the autosave; returns a message for the player if it was not written (a folder that cannot be
    written, a full disk, a read-only copy): what is wrong and where; play continues."""
    if instance.read_only():
        return f"Not saved: {instance.read_only()}."
    path = autosave_path(save.game)
    try:
        write_save(path, save)
    except OSError as e:
        return write_problem(e, "The game", path) + " Play continues, unsaved."
    return None


def load_autosave(game_id: str, resolve: Any = None) -> Match:
    """Replay the autosave of a game into a Match; raises SaveError with a player-readable message."""
    return Match.from_save(read_save(autosave_path(game_id)), resolve)


def discard_autosave(game_id: str) -> None:
    if instance.read_only():
        return  # the other copy's autosave stays
    try:
        autosave_path(game_id).unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        raise SaveError(f"the old save could not be removed: {e.strerror or e}") from None


# -- named saves ------------------------------------------------------------------------------


@dataclass
class SaveInfo:
    """One named save as the list shows it; `error` says why it cannot be loaded (the file stays listed)."""

    path: Path
    name: str
    game: str
    players: str
    progress: str
    saved: float  # seconds since the epoch (file time)
    error: str | None = None

    @property
    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved))


def saves_dir() -> Path:
    return data_dir() / "saves"


def slug(name: str, fallback: str = "save") -> str:
    """A file name (without extension) made from a name a player typed: letters, digits, _ and -."""
    text = re.sub(r"[^A-Za-z0-9 _-]+", "", name).strip().replace(" ", "_")[:48]
    return text or fallback


def save_path(name: str) -> Path:
    return saves_dir() / f"{slug(name)}.json"


def name_problem(name: str, what: str, longest: int) -> str | None:
    """None when `name` can name a file of the player's (a save, a map); otherwise what is wrong with it."""
    if not name.strip():
        return f"Give the {what} a name."
    if len(name) > longest:
        return f"A {what} name has at most {longest} characters."
    if not re.search(r"[A-Za-z0-9]", name):
        return f"A {what} name needs at least one letter or digit."
    return None


def check_name(name: str) -> str | None:
    """None when `name` can name a save; otherwise what is wrong with it."""
    return name_problem(name, "save", 48)


def write_named(name: str, save: Save) -> str | None:
    """Write a named save atomically; returns a message for the player if it failed."""
    problem = check_name(name)
    if problem:
        return problem
    if instance.read_only():
        return f"Not saved: {instance.read_only()}."
    save.table = dict(save.table, title=name.strip())
    path = save_path(name)
    try:
        write_save(path, save)
    except OSError as e:
        return write_problem(e, "The game", path) + " No earlier save was changed."
    return None


def list_saves() -> list[SaveInfo]:
    """Every named save, newest first. A damaged file is listed with its error, never a crash."""
    try:
        paths = sorted(saves_dir().glob("*.json"))
    except OSError:
        return []
    found = [read_info(path) for path in paths]
    found.sort(key=lambda s: s.saved, reverse=True)
    return found


def autosave_info(game_id: str) -> SaveInfo | None:
    path = autosave_path(game_id)
    return read_info(path) if path.is_file() else None


def read_info(path: Path) -> SaveInfo:
    """What the list shows of a save file, read without replaying it; a damaged file gets its error."""
    from game import registry as rules

    try:
        saved = path.stat().st_mtime
    except OSError:
        saved = 0.0
    try:
        save = read_save(path)  # the reader a load uses: the list and the load say the same of a damaged file
    except SaveError as e:
        return SaveInfo(path, path.stem, "?", "", "", saved, sentence(str(e)))
    table = save.table
    title, seats, progress = table.get("title"), table.get("seats"), table.get("progress")
    title = title if isinstance(title, str) else path.stem
    seats = seats if isinstance(seats, list) else []
    players = ", ".join(str(s.get("name"))[:24] for s in seats if isinstance(s, dict) and s.get("name"))
    progress = progress if isinstance(progress, str) else counted(len(save.actions), "move")
    try:
        game = rules.load(save.game).TITLE
    except LookupError:
        game = save.game
    return SaveInfo(path, title[:48], game, players, progress[:40], saved)


def load_named(path: Path) -> Match:
    """Replay a named save; SaveError says what is wrong with it."""
    return Match.from_save(read_save(path))


def delete_named(path: Path) -> str | None:
    if instance.read_only():
        return f"Not deleted: {instance.read_only()}."
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        return f"The save could not be deleted: {e.strerror or e}."
    return None
