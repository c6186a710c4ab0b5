"""The lesson files shipped with the program (`scenes/learn/lessons/<game>/NN_name.toml`), each read and checked
by the rules' lesson reader (`game.learn`: the format, the checks, the dry run through the rules).

    catalogue("krom")              # every lesson of a game, in file order; a broken file listed with its error
    lesson("krom", "01_hunt")      # one lesson, LessonError when its file is broken
    next_lesson("krom", "01_hunt") # the next lesson that can be taken, or None
"""

from __future__ import annotations

import importlib.resources
from functools import cache

from game.core.errors import ContentError
from game.learn import Entry, Lesson, LessonError, parse_lesson, rules_of


def _folder(game_id: str):
    """The folder of a game's lesson files, as its screens declare it (`GameScreens.lessons`, "package:folder")."""
    from scenes import registry

    try:
        where = registry.screens(game_id).lessons
    except LookupError:
        where = None
    if where is None:
        return None
    package, _, folder = where.partition(":")
    found = importlib.resources.files(package)
    for part in folder.split("/"):
        found = found / part
    return found


def lesson_ids(game_id: str) -> list[str]:
    """The ids of a game's lesson files, in order (none when the game has no lessons yet)."""
    folder = _folder(game_id)
    if folder is None:
        return []
    try:
        names = [p.name for p in folder.iterdir() if p.name.endswith(".toml")]
    except (FileNotFoundError, NotADirectoryError):
        return []
    return sorted(n[: -len(".toml")] for n in names)


@cache
def catalogue(game_id: str) -> tuple[Entry, ...]:
    """Every lesson of a game, each loaded and checked; a broken file is listed with its error, never raised."""
    rules_of(game_id)
    entries = []
    for lesson_id in lesson_ids(game_id):
        try:
            text = (_folder(game_id) / f"{lesson_id}.toml").read_text(encoding="utf-8")
            entries.append(Entry(game_id, lesson_id, parse_lesson(game_id, lesson_id, text)))
        except (ContentError, OSError, UnicodeDecodeError) as e:
            entries.append(Entry(game_id, lesson_id, None, str(e)))
    return tuple(entries)


def lesson(game_id: str, lesson_id: str) -> Lesson:
    """One lesson of the catalogue; LessonError when its file is broken, LookupError when there is none."""
    for entry in catalogue(game_id):
        if entry.id == lesson_id:
            if entry.lesson is None:
                raise LessonError(f"lessons/{game_id}/{lesson_id}.toml", None, None, entry.error or "cannot be read")
            return entry.lesson
    raise LookupError(f"{game_id} has no lesson {lesson_id!r}")


def next_lesson(game_id: str, lesson_id: str) -> str | None:
    """The id of the lesson after this one that can be taken, or None."""
    ids = [e.id for e in catalogue(game_id) if e.lesson is not None]
    if lesson_id in ids and ids.index(lesson_id) + 1 < len(ids):
        return ids[ids.index(lesson_id) + 1]
    return None
