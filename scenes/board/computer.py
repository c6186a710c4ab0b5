"""Computer players and the Suggest button: game.bots choose from a seat's own view, in a thread, while frames go on."""

from __future__ import annotations

import threading
import time
from typing import Any

from game.core.rng import Rng

HARD_SECONDS = 0.8  # the Hard player's thinking budget on screen (CPU seconds of its own clock)


def make_bot(level: str, rules) -> Any:
    """The computer player of a seat: game.bots' bot of that level; a random one where the game has no bots."""
    from game import bots

    options = {"seconds": HARD_SECONDS, "clock": time.perf_counter} if level == "hard" else {}
    try:
        return bots.make_bot(level, rules.GAME_ID, **options)
    except LookupError:  # no bots for this game (the showcase's demo rules): a random player
        return bots.RandomBot(None)


def has_bots(rules) -> bool:
    """Whether game.bots has computer players for this game (the Suggest button needs them)."""
    from game import bots

    try:
        bots.kit(rules.GAME_ID)
    except LookupError:
        return False
    return True


class Thinking:
    """A bot choosing from one seat's view in a thread: `answer` is (action, reason) once done, None before."""

    def __init__(self, bot, view, seat: int, legal: list, rng: Rng, at: int, viewer: int | None):
        self.at = at  # how many actions the game had when asked: a stale answer is dropped
        self.viewer = viewer  # who asked (Suggest): an answer for a viewer who has left is dropped
        self._result: list = []
        self._thread = threading.Thread(target=lambda: self._result.append(bot.choose(view, seat, legal, rng)),
                                        daemon=True)
        self._thread.start()

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    @property
    def answer(self):
        return self._result[0] if self._result else None


def think(match, seat: int, bot, rng: Rng, viewer: int | None = None) -> Thinking:
    """Start `bot` choosing for `seat` from that seat's own view of `match`."""
    return Thinking(bot, match.view(seat), seat, match.legal_actions(), rng, len(match.actions), viewer)
