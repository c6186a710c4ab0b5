"""Computer players and the Suggest button: game.bots choose from a seat's own view, in a thread, while frames go on."""

from __future__ import annotations

import threading
import time
from typing import Any

from game.core.rng import Rng
from scenes.board.suggestion import advise

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


class ComputerSeats:
    """The part of BoardScene that lets computer seats play and answers the Suggest button."""

    advice: tuple | None = None  # (action, what to do, why): Suggest's words for `suggested`

    def bot_move(self) -> None:
        """Let the bot of the seat to move choose from that seat's view, in a thread so frames go on."""
        seat = self.snap.seat
        bot = self.bots.get(seat) if seat is not None else None
        if bot is None or self._thinking is not None or self.match.over:
            return
        self._thinking = think(self.match, seat, bot, Rng(len(self.match.actions) * 7919 + self.match.seed))

    def _collect_bot_move(self) -> None:
        thinking, self._thinking = self._thinking, None
        if thinking.answer is not None and thinking.at == len(self.match.actions) and not self.match.over:
            self.act(thinking.answer[0])

    def suggest(self) -> None:
        """Ask the Hard computer player, from the deciding human's own view, what it would play."""
        seat = self.snap.seat
        if self.locked or seat is None or self._suggesting is not None:
            return
        bot = make_bot("hard", self.rules)
        self._suggesting = think(self.match, seat, bot, Rng(len(self.snap.legal) + 17), viewer=self.viewer)
        self.refresh_hotspots()

    def _collect_suggestion(self) -> None:
        thinking, self._suggesting = self._suggesting, None
        self.refresh_hotspots()
        if thinking.answer is not None and thinking.at == len(self.match.actions) and thinking.viewer == self.viewer:
            action, reason = thinking.answer
            self.suggested = action
            self.show_suggestion(action, reason)

    def show_suggestion(self, action, reason: str) -> None:
        """Show what the computer would play, as advice to the player (scenes/board/suggestion.py): a box where the
        board shows messages and gold rings on what to click; it is never played for the player."""
        self.advice = advise(self, action, reason)
        grid = getattr(self, "grid", None)
        cells = self.suggestion_cells(action)
        if grid is not None and cells:
            grid.set_layer("target", cells)

    def action_words(self, action) -> str:
        """An action in words: the rules' `action_text(state, action)` when they have one."""
        if getattr(self.rules, "action_text", None) is not None:
            return self.match.text("action_text", self.shown, action)
        return str(action)

    @property
    def suggestion_text(self) -> str | None:
        """The advice as one text ("Suggestion: End Arrowna's activation. Stay out of …."), None when none stands."""
        got = self.advice if self.suggested is not None else None
        if got is None or got[0] != self.suggested:
            return None
        return f"Suggestion: {got[1]}. {got[2]}"

    def suggestion_keys(self, action) -> list[str]:
        """The hotspots a player would click to play a suggested action (ringed in gold): by default its cells."""
        return [f"cell:{x},{y}" for x, y in self.suggestion_cells(action)]

    def gesture_keys(self, action) -> list[str]:
        """The hotspots a player clicks, in order, to play `action` as the board stands now (a driver's clicks,
        scenes/automation.py): the Suggest button's rings, and what a game adds after them."""
        return self.suggestion_keys(action)

    def suggestion_cells(self, action) -> list:
        """Cells to outline for a suggested action: by default the last two whole numbers of its text form."""
        grid = getattr(self, "grid", None)
        args = [a for a in action.args if isinstance(a, int)]
        if grid is None or len(args) < 2 or not grid.in_board((args[-2], args[-1])):
            return []
        return [(args[-2], args[-1])]
