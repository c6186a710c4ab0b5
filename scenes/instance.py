"""One copy of the program writes the user data folder at a time (issue 34: two copies, and the last move written
won, so a move made in the other window vanished from the save).

The first copy holds `running.lock` in the user data folder: an operating-system lock on the open file (flock, or
msvcrt's lock on Windows), so a copy that was killed or crashed leaves no lock behind (the system lets it go with
the process: a stale file is simply taken over), and the file says which process holds it. A second copy learns
which process has it, and either asks it to come to the front (a signal the first copy listens for, where the
system has one) or opens read-only: then `read_only()` gives the reason every writer of the data folder refuses
with, so nothing is ever overwritten silently.
"""

from __future__ import annotations

import json
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

from scenes.settings import data_dir

LOCK_NAME = "running.lock"
FRONT_SIGNAL = getattr(signal, "SIGUSR1", None)  # None on Windows: no way to ask the other window

_read_only: str | None = None
_front_asked = False


@dataclass(frozen=True)
class Holder:
    """The copy that holds the lock: its process id and when it started (local time, as the lock file says)."""

    pid: int
    started: str


class InstanceLock:
    """The lock this copy holds until `release` (or until the process ends, whatever way it ends)."""

    def __init__(self, path: Path, fd: int):
        self.path, self._fd = path, fd

    def release(self) -> None:
        if self._fd < 0:
            return
        try:
            os.ftruncate(self._fd, 0)
        except OSError:
            pass
        _unlock(self._fd)
        os.close(self._fd)
        self._fd = -1


def lock_path() -> Path:
    return data_dir() / LOCK_NAME


def acquire(path: Path | None = None) -> tuple[InstanceLock | None, Holder | None]:
    """Take the lock: (the lock, None), or (None, the copy holding it). A folder where no lock can be made at all
    gives (None, None): nothing to share it with is known, so the caller goes on (its writes will say what fails)."""
    path = path or lock_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return None, None
    if not _lock(fd):
        os.close(fd)
        return None, holder(path)
    record = json.dumps({"pid": os.getpid(), "started": time.strftime("%H:%M")}).encode()
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, record, 0) if hasattr(os, "pwrite") else os.write(fd, record)
    except OSError:
        pass  # the lock holds; only the note of who holds it is missing
    return InstanceLock(path, fd), None


def holder(path: Path | None = None) -> Holder:
    """Who holds the lock, as its file says (pid 0 when the file cannot be read: a copy is open, which one is unknown)."""
    try:
        data = json.loads((path or lock_path()).read_text(encoding="utf-8"))
        return Holder(int(data["pid"]), str(data.get("started", "?")))
    except (OSError, ValueError, KeyError, TypeError):
        return Holder(0, "?")


def _lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(fd: int) -> None:
    try:
        import fcntl
    except ImportError:
        import msvcrt

        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            pass
        return
    fcntl.flock(fd, fcntl.LOCK_UN)


# -- the second copy -----------------------------------------------------------------------------------------


def why_no_front(other: Holder) -> str | None:
    """Why the other copy cannot be asked to come to the front from here (None: it can)."""
    if FRONT_SIGNAL is None:
        return "This system gives no way to ask the other window: switch to it yourself."
    if other.pid <= 0:
        return "The lock file does not say which process holds it: switch to the other window yourself."
    return None


def ask_front(other: Holder) -> str | None:
    """Ask the other copy to come to the front; None when asked, else why it could not be."""
    reason = why_no_front(other)
    if reason is not None:
        return reason
    try:
        os.kill(other.pid, FRONT_SIGNAL)  # type: ignore[arg-type]
    except OSError as e:
        return f"The other copy (process {other.pid}) could not be reached: {e.strerror or e}."
    return None


def set_read_only(reason: str | None) -> None:
    """This copy opens read-only (`reason` says why, in words), or writes again (None)."""
    global _read_only
    _read_only = reason


def read_only() -> str | None:
    """Why this copy writes nothing to the data folder (None: it may write)."""
    return _read_only


# -- the first copy ------------------------------------------------------------------------------------------


def listen_for_front() -> None:
    """Hear another copy's request to come to the front (the app's loop looks at `front_asked`)."""
    if FRONT_SIGNAL is None:
        return
    try:
        signal.signal(FRONT_SIGNAL, _on_front)
    except ValueError:  # not the main thread
        pass


def _on_front(signum, frame) -> None:
    global _front_asked
    _front_asked = True


def front_asked() -> bool:
    """Whether another copy asked this one to come to the front since the last look (the request is used up)."""
    global _front_asked
    asked, _front_asked = _front_asked, False
    return asked
