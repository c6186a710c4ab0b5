"""One exception per failure kind, so callers can tell an illegal move from a bad file.

Messages about files are capped (`shorten`): a file may be megabytes, a message is read by a player.
"""

from game.core.serial import shorten


class IllegalAction(ValueError):
    """An action the rules refuse; `reason` is a sentence a player can read. The state is unchanged."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class ContentError(ValueError):
    """A data file (cards, characters, tiles, maps) is malformed; names the file, the entry and the field."""

    def __init__(self, file: str, entry: str | None, field: str | None, problem: str):
        where = file
        if entry is not None:
            where += f", entry {entry!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(shorten(f"{where}: {problem}"))
        self.file = file
        self.entry = entry
        self.field = field
        self.problem = problem


class SaveError(ValueError):
    """A save file cannot be loaded: truncated, malformed, foreign, too new, or replaying an illegal action."""

    def __init__(self, message: str):
        super().__init__(shorten(message))


class SetupError(ValueError):
    """Game options that cannot start a game (wrong player count, unknown character, bad map); the message says which."""
