"""Tables in SQLite (the standard library's sqlite3, WAL mode, one file in the server's data folder).

Each table is a row (game, rules version, setup, seed, a start position for a game begun from one,
status, the host's token) with its seats, its actions and its chat. The server commits every
accepted action here before any seat hears of it, so a killed server restarts with every table
as it was: a table is rebuilt by replaying its actions through the rules.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path

FILE_NAME = "tables.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, version INTEGER NOT NULL, setup TEXT NOT NULL,
    seed INTEGER NOT NULL, start TEXT, status TEXT NOT NULL, host_token TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL,
    level TEXT, token TEXT, PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER, text TEXT NOT NULL, PRIMARY KEY (code, n));
CREATE TABLE IF NOT EXISTS chat (
    id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL, seat INTEGER, name TEXT NOT NULL, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS chat_code ON chat (code, id);
"""


@dataclass
class SeatRow:
    kind: str  # "remote", "host" or "computer"
    name: str
    level: str | None = None  # the computer's level (a computer seat, or a human seat handed to one)
    token: str | None = None  # None: an open remote seat


@dataclass
class TableRow:
    code: str
    game: str
    version: int
    setup: dict
    seed: int
    start: dict | None
    status: str  # "waiting" (for the host's start), "playing", "over" or "ended"
    host_token: str
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    chat: list[tuple[int | None, str, str]] = field(default_factory=list)


class Store:
    """The server's tables on disk. Every write is committed before the call returns.

    Checkpoints (copying the write-ahead log into the database file, which syncs the disk: 35-67 ms
    measured) run in a thread of their own with a connection of its own, every CHECKPOINT_EVERY
    seconds, never inside a commit: SQLite's automatic checkpoint ran in the commit that filled 1,000
    pages of log, on the server's event loop (the worst of 6,000 commits took 37 ms with it, 3.7 ms
    without)."""

    CHAT_KEPT = 50  # chat lines a table gives back when it is loaded
    CHECKPOINT_EVERY = 1.0

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode: a commit survives the process being killed (only a power cut can lose the last ones)
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA wal_autocheckpoint=0")  # the checkpoint thread does it
        self.db.execute("PRAGMA journal_size_limit=16777216")  # the log file, once checkpointed, shrinks to 16 MB
        self.db.executescript(_SCHEMA)
        self._closing = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoints, name="tables-checkpoint", daemon=True)
        self._checkpointer.start()

    def _checkpoints(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            while not self._closing.wait(self.CHECKPOINT_EVERY):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")  # never waits for the writer
                except sqlite3.Error:
                    continue  # busy or short of disk now: the log keeps every commit, the next turn tries again
        finally:
            db.close()

    @classmethod
    def in_folder(cls, folder: str | Path) -> Store:
        return cls(Path(folder) / FILE_NAME)

    def close(self) -> None:
        self._closing.set()
        self._checkpointer.join(5)
        self.db.close()  # the last connection to close checkpoints what is left

    def _write(self, *statements: tuple[str, tuple]) -> None:
        with self.db:  # one transaction, committed on leaving
            self.db.execute("BEGIN")
            for sql, args in statements:
                self.db.execute(sql, args)

    # -- writing ----------------------------------------------------------------------------
    def create(self, row: TableRow) -> None:
        stmts: list[tuple[str, tuple]] = [("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                  (row.code, row.game, row.version, json.dumps(row.setup), row.seed,
                   None if row.start is None else json.dumps(row.start), row.status, row.host_token))]
        stmts += [("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)", (row.code, i, s.kind, s.name, s.level, s.token))
                  for i, s in enumerate(row.seats)]
        self._write(*stmts)

    def add_action(self, code: str, n: int, seat: int | None, text: str) -> None:
        """Record action number `n` (from 1); an IntegrityError if that number is already taken."""
        self._write(("INSERT INTO actions VALUES (?, ?, ?, ?)", (code, n, seat, text)))

    def drop_actions_after(self, code: str, n: int) -> None:
        """Forget every action after the first n (an accepted undo)."""
        self._write(("DELETE FROM actions WHERE code = ? AND n > ?", (code, n)))

    def set_seat(self, code: str, seat: int, s: SeatRow) -> None:
        self._write(("UPDATE seats SET kind = ?, name = ?, level = ?, token = ? WHERE code = ? AND seat = ?",
                     (s.kind, s.name, s.level, s.token, code, seat)))

    def set_status(self, code: str, status: str) -> None:
        self._write(("UPDATE tables SET status = ? WHERE code = ?", (status, code)))

    def add_chat(self, code: str, seat: int | None, name: str, text: str) -> None:
        self._write(("INSERT INTO chat (code, seat, name, text) VALUES (?, ?, ?, ?)", (code, seat, name, text)))

    # -- reading ----------------------------------------------------------------------------
    def exists(self, code: str) -> bool:
        return self.db.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone() is not None

    def load(self, code: str) -> TableRow | None:
        got = self.db.execute("SELECT code, game, version, setup, seed, start, status, host_token FROM tables WHERE code = ?",
                              (code,)).fetchone()
        if got is None:
            return None
        row = TableRow(got[0], got[1], got[2], json.loads(got[3]), got[4], None if got[5] is None else json.loads(got[5]),
                       got[6], got[7])
        row.seats = [SeatRow(k, nm, lv, tk) for k, nm, lv, tk in
                     self.db.execute("SELECT kind, name, level, token FROM seats WHERE code = ? ORDER BY seat", (code,))]
        row.actions = [t for (t,) in self.db.execute("SELECT text FROM actions WHERE code = ? ORDER BY n", (code,))]
        chat = self.db.execute("SELECT seat, name, text FROM chat WHERE code = ? ORDER BY id DESC LIMIT ?",
                               (code, self.CHAT_KEPT)).fetchall()
        row.chat = list(reversed(chat))
        return row

    def codes(self, status: str | None = None) -> list[str]:
        if status is None:
            return [c for (c,) in self.db.execute("SELECT code FROM tables ORDER BY code")]
        return [c for (c,) in self.db.execute("SELECT code FROM tables WHERE status = ? ORDER BY code", (status,))]

    def open_tables(self, limit: int = 50) -> list[tuple[str, str, str, list[tuple[str, bool, str | None]]]]:
        """(code, game, status, [(seat name, open, computer level playing it meanwhile)]) of the tables waiting or
        being played that have an open remote seat."""
        rows = self.db.execute(
            "SELECT code, game, status FROM tables WHERE status IN ('waiting', 'playing') AND code IN "
            "(SELECT code FROM seats WHERE kind = 'remote' AND token IS NULL) ORDER BY rowid DESC LIMIT ?", (limit,)).fetchall()
        out = []
        for code, game, status in rows:
            seats = [(name, kind == "remote" and token is None, level if kind == "remote" and token is None else None)
                     for name, kind, token, level in
                     self.db.execute("SELECT name, kind, token, level FROM seats WHERE code = ? ORDER BY seat", (code,))]
            out.append((code, game, status, seats))
        return out

    def action_count(self, code: str) -> int:
        return self.db.execute("SELECT COUNT(*) FROM actions WHERE code = ?", (code,)).fetchone()[0]
