"""The tables this program sits at, kept in the user data: a restarted program goes back to its seat.

One small JSON file (`online/tables.json` in the app's data folder), written atomically. Each entry
holds what a rejoin needs (server address and port, table code, the seat tokens or the host's token)
and what the Play online scene shows ("Rejoin table ABCD: Krosmaster, as Ann"). A damaged file is
read as empty: the worst it costs is a table to join again by its code.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from game.core.serial import atomic_write_text
from scenes.settings import data_dir

KEPT = 8  # tables remembered at most (the newest)


@dataclass
class Entry:
    code: str
    host: str  # the server's address as this program reaches it
    port: int
    game: str  # the rules id
    name: str  # who this program sits as (the names of its seats)
    tokens: dict[str, str] = field(default_factory=dict)  # seat -> token
    host_token: str | None = None
    hosted: bool = False  # this program started the server (a rejoin starts it again when it is gone)
    when: float = 0.0

    @property
    def token(self) -> str | None:
        """The token a rejoin sends: the host's (it opens every seat at the host's screen), else the seat's."""
        return self.host_token or next(iter(self.tokens.values()), None)


def path() -> Path:
    return data_dir() / "online" / "tables.json"


def load() -> list[Entry]:
    """The remembered tables, newest first; anything unreadable is skipped."""
    try:
        data = json.loads(path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    found = []
    for item in data if isinstance(data, list) else []:
        try:
            entry = Entry(str(item["code"]), str(item["host"]), int(item["port"]), str(item["game"]),
                          str(item.get("name", ""))[:60], {str(k): str(v) for k, v in dict(item.get("tokens") or {}).items()},
                          item.get("host_token") if isinstance(item.get("host_token"), str) else None,
                          bool(item.get("hosted")), float(item.get("when", 0.0)))
        except (KeyError, TypeError, ValueError):
            continue
        if entry.token:
            found.append(entry)
    return sorted(found, key=lambda e: e.when, reverse=True)


def _write(entries: list[Entry]) -> str | None:
    try:
        atomic_write_text(path(), json.dumps([asdict(e) for e in entries[:KEPT]], indent=1))
    except OSError as e:
        return f"The table's seat could not be kept for a later rejoin: {e.strerror or e}."
    return None


def remember(entry: Entry) -> str | None:
    """Keep (or refresh) a table; a message when the file could not be written (play goes on)."""
    entry.when = time.time()
    return _write([entry] + [e for e in load() if e.code != entry.code])


def forget(code: str) -> str | None:
    return _write([e for e in load() if e.code != code])


def find(code: str) -> Entry | None:
    return next((e for e in load() if e.code == code), None)
