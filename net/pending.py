"""`Pending`: a request to the table server under way on the client's network thread, which a screen looks at
each frame instead of waiting for it (`net.client`'s `begin_*` calls and `RemoteMatch`'s)."""

from __future__ import annotations

import concurrent.futures
import contextlib
from typing import Any

from net.connection import NetError

LATE = "The table server did not answer in time."
RECONNECTING = "Reconnecting to the table…"


class Pending:
    """A request under way on the client's network thread. The caller never waits on it: it looks each frame
    whether it is `done`, then reads `error` (the reason, a sentence a player can read; None when it went
    well) or `result()`. It always ends by itself, within the timeout it was given."""

    def __init__(self, future: concurrent.futures.Future):
        self._future = future

    @classmethod
    def failed(cls, reason: str) -> Pending:
        """A request refused before it was sent (no connection, a spectator's move): done at once."""
        future: concurrent.futures.Future = concurrent.futures.Future()
        future.set_exception(NetError(reason))
        return cls(future)

    @property
    def done(self) -> bool:
        return self._future.done()

    @property
    def error(self) -> str | None:
        if not self._future.done():
            return None
        if self._future.cancelled():
            return "The request was given up."
        e = self._future.exception()
        return None if e is None else e.reason if isinstance(e, NetError) else "The table server's answer could not be read."

    def result(self) -> Any:
        """The value once done; NetError with the reason when it failed (RuntimeError while not done)."""
        if not self._future.done():
            raise RuntimeError("the request is still under way: look at `done` first")
        reason = self.error
        if reason is not None:
            raise NetError(reason)
        return self._future.result()

    def wait(self, timeout: float) -> bool:
        """Block until done or `timeout` seconds pass (tests and tools; never a screen): whether it is done."""
        with contextlib.suppress(concurrent.futures.TimeoutError, concurrent.futures.CancelledError, Exception):
            self._future.result(timeout)
        return self._future.done()
