"""The player's own Khrysos maps, kept as map files in the user data directory (written atomically).

Every check of a map is the rules' (`game.khrysos.maps.validate_map`, `map_warnings`); this
module only reads, lists, writes, renames, deletes, imports and exports files. A file that
cannot be read is listed with its error, never a crash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import game.khrysos as K
from game.core.serial import atomic_write_text
from game.khrysos import MapError, MapSpec
from scenes import instance, saves
from scenes.settings import data_dir

MAX_BYTES = 256_000


@dataclass
class MapEntry:
    """One map the player can open: a sample (path None) or a file of their own."""

    name: str
    path: Path | None
    spec: MapSpec | None  # None when the file cannot be read as a map at all
    problems: list[str] = field(default_factory=list)  # why it cannot be played ([] when it can)
    sample: str | None = None  # the sample map id

    @property
    def playable(self) -> bool:
        return self.spec is not None and not self.problems

    @property
    def error(self) -> str | None:
        return "; ".join(self.problems) if self.problems else None


def maps_dir() -> Path:
    return data_dir() / "khrysos_maps"


def slug(name: str) -> str:
    return saves.slug(name, "map")


def check_name(name: str) -> str | None:
    """None when `name` can name a map; otherwise what is wrong with it."""
    return saves.name_problem(name, "map", 40)


def samples() -> list[MapEntry]:
    return [MapEntry(name, None, K.sample_map(map_id), [], map_id) for map_id, name in K.list_sample_maps()]


def read_entry(path: Path) -> MapEntry:
    """A map file as the lists show it: its spec if it can be read, and every problem the rules see."""
    try:
        if path.stat().st_size > MAX_BYTES:
            return MapEntry(path.stem, path, None, [f"the file is too large to be a map ({path.stat().st_size} bytes)"])
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as e:
        return MapEntry(path.stem, path, None, [
            f"the file is not text (byte {e.start + 1} is no letter of any text): a map file is text, as the map "
            "builder's Export writes it, so this file is something else (a picture, a document, a damaged copy)"])
    except OSError as e:
        return MapEntry(path.stem, path, None, [f"the file cannot be read: {(e.strerror or str(e)).lower()}"])
    problems = K.validate_map(text)
    try:
        spec = K.map_from_dict(K.parse_map_text(text))
    except MapError:
        return MapEntry(path.stem, path, None, problems)
    return MapEntry(spec.name, path, spec, problems)


def own_maps() -> list[MapEntry]:
    """The player's map files, by name; damaged ones included with their problems."""
    try:
        paths = sorted(maps_dir().glob("*.json"))
    except OSError:
        return []
    entries = [read_entry(p) for p in paths]
    return sorted(entries, key=lambda e: e.name.casefold())


def all_maps() -> list[MapEntry]:
    return samples() + own_maps()


def path_for(name: str) -> Path:
    return maps_dir() / f"{slug(name)}.json"


def name_taken(name: str, but: Path | None = None) -> bool:
    """Another map (a sample or a file other than `but`) already has this name or file name."""
    folded = name.strip().casefold()
    if any(e.name.casefold() == folded for e in samples()):
        return True
    target = path_for(name)
    for e in own_maps():
        if e.path == but:
            continue
        if e.name.casefold() == folded or e.path == target:
            return True
    return False


def save(spec: MapSpec, old: Path | None = None) -> tuple[Path | None, str | None]:
    """Write a map (a draft may fail validation) as `<name>.json`; (path, None) or (None, message).
    Saving under a new name removes the old file only after the new one is written."""
    problem = check_name(spec.name)
    if problem:
        return None, problem
    if instance.read_only():
        return None, f"The map was not saved: {instance.read_only()}."
    path = path_for(spec.name)
    if path != old and name_taken(spec.name, but=old):
        return None, f"A map called {spec.name!r} already exists: choose another name."
    try:
        atomic_write_text(path, K.map_to_text(spec))
        if old is not None and old != path and old.exists():
            old.unlink()
    except OSError as e:
        return None, f"The map could not be saved: {e.strerror or e}."
    return path, None


def delete(path: Path) -> str | None:
    if instance.read_only():
        return f"The map was not deleted: {instance.read_only()}."
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        return f"The map could not be deleted: {e.strerror or e}."
    return None


def free_name(name: str) -> str:
    """`name`, or `name (2)`, `name (3)`... so nothing of the same name is overwritten."""
    if not name_taken(name):
        return name
    k = 2
    while name_taken(f"{name[:34]} ({k})"):
        k += 1
    return f"{name[:34]} ({k})"


def import_map(source: Path) -> tuple[MapEntry | None, str]:
    """Copy a map file from anywhere into the player's maps; a same-named map is never overwritten
    (the copy gets a new name). Returns (entry, message); entry None when the file is no map."""
    entry = read_entry(Path(source))
    if entry.spec is None:
        return None, "That file is not a Khrysos map: " + (entry.error or "it cannot be read")
    name = free_name(entry.spec.name)
    spec = entry.spec.named(name)
    path, problem = save(spec)
    if problem:
        return None, problem
    renamed = f" as {name!r} (a map called {entry.spec.name!r} already exists)" if name != entry.spec.name else ""
    note = "" if not entry.problems else f" It cannot be played yet: {entry.error}"  # problems: an error text
    assert path is not None, "saved without a problem"
    return read_entry(path), f"Imported {entry.spec.name!r}{renamed}.{note}"


SHARED_MODE = 0o644  # an exported map is for others: anyone may read it


def export_map(spec: MapSpec, target: Path) -> str | None:
    """Write a map to any file (for sharing, so readable by others), atomically; None or a message."""
    target = Path(target)
    if target.suffix.lower() != ".json":
        target = target.with_suffix(".json")
    try:
        atomic_write_text(target, K.map_to_text(spec), mode=SHARED_MODE)
    except OSError as e:
        return f"The map could not be exported: {e.strerror or e}."
    return None


def _folder_note() -> Path:
    return data_dir() / "khrysos_map_folder.txt"


def last_folder() -> Path:
    """The folder a map file was last imported from or exported to (the file picker opens there), else home."""
    try:
        folder = Path(_folder_note().read_text(encoding="utf-8").strip())
        if folder.is_absolute() and folder.is_dir():
            return folder
    except (OSError, UnicodeDecodeError, ValueError):
        pass
    return Path.home()


def remember_folder(path: Path) -> None:
    """Keep the folder of a map file just imported or exported, for the next pick (a failed write changes nothing)."""
    try:
        atomic_write_text(_folder_note(), str(Path(path).resolve().parent))
    except OSError:
        pass
