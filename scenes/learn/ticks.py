"""Which lessons a player has completed: `lessons.json` in the user data folder, written atomically.

    {"format": "tabletrio-lessons", "done": {"krosmaster": ["01_walk", "02_spell"], ...}}

A file this program did not write (damaged, edited) never stops a lesson: it is read as no ticks,
kept aside as `lessons.json.broken`, and the list says so once.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from game.core.serial import BadJSON, atomic_write_text, load_json
from scenes.settings import data_dir

FORMAT = "tabletrio-lessons"


def path() -> Path:
    return data_dir() / "lessons.json"


class Ticks:
    """The completed lessons of every game, as read from disk (`problem`: why the file could not be read)."""

    def __init__(self, done: dict[str, set[str]] | None = None, problem: str | None = None):
        self.done = done or {}
        self.problem = problem

    def has(self, game_id: str, lesson_id: str) -> bool:
        return lesson_id in self.done.get(game_id, set())

    def to_text(self) -> str:
        return json.dumps({"format": FORMAT, "done": {g: sorted(ids) for g, ids in sorted(self.done.items()) if ids}},
                          indent=2) + "\n"


def _parse(raw: bytes) -> dict[str, set[str]]:
    try:
        data = load_json(raw)
    except BadJSON as e:
        raise ValueError(e.reason) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("done"), dict):
        raise ValueError("it is not a list of lessons done")
    done: dict[str, set[str]] = {}
    for game_id, ids in data["done"].items():
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise ValueError(f"the lessons of {str(game_id)[:20]!r} are not a list of names")
        done[str(game_id)] = set(ids)
    return done


def load() -> Ticks:
    """The ticks on disk; never raises (a damaged file is moved aside and reads as no ticks)."""
    p = path()
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        return Ticks()
    except OSError as e:
        return Ticks(problem=f"Your lesson ticks could not be read ({e.strerror or e}).")
    try:
        return Ticks(_parse(raw))
    except ValueError as e:
        reason = str(e)
    try:
        os.replace(p, p.with_name(p.name + ".broken"))
        aside = " (the damaged file was kept as lessons.json.broken)"
    except OSError:
        aside = ""
    return Ticks(problem=f"Your lesson ticks were damaged ({reason}), so they start afresh{aside}.")


def mark_done(game_id: str, lesson_id: str) -> str | None:
    """Tick a lesson and write the file atomically; returns a message for the player if writing failed."""
    from scenes import instance
    from scenes.settings import write_problem

    if instance.read_only():
        return f"The lesson's tick is not kept: {instance.read_only()}."
    ticks = load()
    ticks.done.setdefault(game_id, set()).add(lesson_id)
    try:
        atomic_write_text(path(), ticks.to_text())
    except OSError as e:
        return write_problem(e, "The lesson's tick", path())
    return None
