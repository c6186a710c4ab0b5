"""A table on the server: its match, its seats and who sits at them, and the rules it keeps.

No networking here: `net.server` turns frames into calls on a `Table` and sends what they return.
A `Table` is the only holder of its match's full state; every change goes through `play`,
`undo_to` or a seat change, each written to the store before it returns.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.errors import IllegalAction
from game.core.match import Match
from game.core.save import Save
from net.store import SeatRow, Store, TableRow

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, no 1/I: a code read aloud or copied by hand
CODE_LENGTH = 6
# Why nothing is played at a table that is not "playing"
NOT_PLAYING = {"waiting": "The game has not started: the host starts it from the lobby.", "over": "The game is over.",
               "ended": "This table has ended."}


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_seed() -> int:
    return secrets.randbits(62)


@dataclass
class Secrets:
    """Where codes, tokens and seeds come from: the system's secure generator; tests give their own to
    compare two tables byte for byte."""

    code: Callable[[], str] = new_code
    token: Callable[[], str] = new_token
    seed: Callable[[], int] = new_seed


class Refused(Exception):
    """A request the server turns down; `reason` is the sentence the client shows."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass
class Table:
    code: str
    match: Match
    seats: list[SeatRow]
    host_token: str
    status: str  # "waiting" (for the host's start), "playing", "over", "ended"
    store: Store
    conns: set = field(default_factory=set)  # the connections watching it (net.server.Conn)
    chat: list = field(default_factory=list)  # the last chat lines: (seat, name, text)
    undo: dict | None = None  # {"by": seat, "n": actions, "waiting": set of seats} while an undo is asked
    bots: dict = field(default_factory=dict)  # seat -> its Bot (computer seats, away seats handed to one)
    thinking: bool = False  # a computer seat is choosing

    # -- building -------------------------------------------------------------------------------
    @classmethod
    def from_row(cls, row: TableRow, store: Store) -> Table:
        """A stored table, its match rebuilt by replaying its actions (SaveError when it no longer replays)."""
        save = Save(row.game, row.version, row.setup, row.seed, list(row.actions), {}, row.start)
        match = Match.from_save(save)
        table = cls(row.code, match, row.seats, row.host_token, row.status, store, chat=list(row.chat))
        table.name_seats()
        return table

    def name_seats(self) -> None:
        """The rules' texts name players as the table does."""
        self.match.table["seats"] = [{"name": s.name or f"Player {i + 1}"} for i, s in enumerate(self.seats)]

    # -- who sits where --------------------------------------------------------------------------
    def holders(self, seat: int) -> list:
        return [c for c in self.conns if seat in c.seats]

    def away(self, seat: int) -> bool:
        """A human seat nobody holds now (open, or its player disconnected)."""
        s = self.seats[seat]
        return s.kind != "computer" and not self.holders(seat)

    def computer_plays(self, seat: int) -> str | None:
        """The level of the computer playing `seat` now (a computer seat, or an away seat handed to one)."""
        s = self.seats[seat]
        if s.kind == "computer":
            return s.level
        if s.level is not None and self.away(seat):
            return s.level
        return None

    def info(self, host: bool) -> dict:
        """The `table` message: what everyone may know of the table (never a token)."""
        return {
            "t": "table", "code": self.code, "game": self.match.rules.GAME_ID, "version": self.match.rules.VERSION,
            "setup": self.match.setup.to_dict(), "status": self.status, "n": self.match.played, "host": host,
            "start": self.why_no_start(host),
            "seats": [{"name": s.name or f"Player {i + 1}", "kind": s.kind, "level": s.level,
                       "open": s.kind == "remote" and s.token is None, "away": self.away(i),
                       "computer": self.computer_plays(i)} for i, s in enumerate(self.seats)],
        }

    def set_seat(self, seat: int, row: SeatRow) -> None:
        self.store.set_seat(self.code, seat, row)
        self.seats[seat] = row
        self.bots.pop(seat, None)
        self.name_seats()

    def is_host_token(self, token: str) -> bool:
        return secrets.compare_digest(token, self.host_token)

    def seat_of_token(self, token: str) -> list[int] | None:
        """The seats a token opens: the host's token opens the host's seats; None for an unknown token."""
        if self.is_host_token(token):
            return [i for i, s in enumerate(self.seats) if s.kind == "host"]
        for i, s in enumerate(self.seats):
            if s.token is not None and secrets.compare_digest(token, s.token):
                return [i]
        return None

    # -- starting --------------------------------------------------------------------------------
    def open_seats(self) -> list[int]:
        """Remote seats nobody has taken and no computer plays: the seats a start waits for."""
        return [i for i, s in enumerate(self.seats) if s.kind == "remote" and s.token is None and s.level is None]

    def why_no_start(self, host: bool) -> str | None:
        """Why the host cannot start the game now without filling a seat (None: they can); the `start` field of the
        `table` message, so a lobby greys its Start button with the server's own reason."""
        if self.status != "waiting":
            return NOT_PLAYING.get(self.status, "The game has started.")
        if not host:
            return "Only the host starts the game."
        waiting = [self.seats[i].name or f"Player {i + 1}" for i in self.open_seats()]
        if waiting:
            if len(waiting) == 1:
                return f"Waiting for someone to take {waiting[0]}'s seat."
            return f"Waiting for players to take the seats of {_listed(waiting)}."
        return None

    def start(self, host: bool, fill: str | None) -> None:
        """The host starts the game. A remote seat still open is refused, unless `fill` names a computer level: the
        computer then plays each open seat, which stays open (a player who joins later takes it over, as after a
        handover)."""
        reason = self.why_no_start(host)
        if reason is not None and not (fill is not None and host and self.status == "waiting"):
            raise Refused(reason)
        for i in self.open_seats():
            s = self.seats[i]
            self.set_seat(i, SeatRow(s.kind, s.name, fill, None))
        self.store.set_status(self.code, "playing")
        self.status = "playing"

    # -- playing ---------------------------------------------------------------------------------
    def check_turn(self, seat: int, text: str, n: int) -> None:
        """Refused unless `text` is a legal action of `seat` now, chosen after the table's last action."""
        match = self.match
        if self.status != "playing":
            raise Refused(NOT_PLAYING[self.status])
        if n != match.played:
            raise Refused(f"That action was chosen after {n} actions; the table has played {match.played}: "
                          "it is not played again.")
        if match.state.to_move != seat:
            raise Refused("It is not your turn.")
        reason = match.why_illegal(text)
        if reason is not None:
            raise Refused(reason)

    def play(self, seat: int, text: str) -> list:
        """Apply a checked action and commit it; the events it made (full: redact per seat before sending)."""
        match = self.match
        n = match.played
        try:
            events = match.play(text)
        except IllegalAction as e:
            raise Refused(e.reason) from None
        try:
            self.store.add_action(self.code, n + 1, seat, str(match.actions[-1]))
            if match.over:
                self.store.set_status(self.code, "over")
        except Exception:
            self.match = match.truncated(n)  # not on disk: it never happened
            raise
        if match.over:
            self.status = "over"
        # only the states an undo may still go back to are kept (those after the undo floor, which never moves
        # back): fewer objects for the collector to walk and less memory per table
        match.forget_states(match.undo_floor())
        self.undo = None  # an undo asked before this action is moot
        return events

    def ask_undo(self, seat: int) -> set[int]:
        """Start an undo request by `seat`: the seats whose players must accept it (empty: undo now)."""
        if self.status != "playing":
            raise Refused(NOT_PLAYING[self.status])
        if self.undo is not None:
            raise Refused("An undo is already being asked.")
        if self.match.state.to_move != seat:
            raise Refused("Only the player whose turn it is may ask to undo.")
        reason = self.match.why_no_undo()
        if reason is not None:
            raise Refused(reason)
        waiting = {i for i in range(len(self.seats)) if i != seat and self.computer_plays(i) is None}
        self.undo = {"by": seat, "n": self.match.played, "waiting": waiting}
        return waiting

    def answer_undo(self, seat: int, accept: bool) -> bool | None:
        """A seat's answer: True once everyone accepted (the undo is done), False when declined, None while waiting."""
        ask = self.undo
        if ask is None or seat not in ask["waiting"]:
            raise Refused("No undo is waiting for your answer.")
        if not accept:
            self.undo = None
            return False
        ask["waiting"].discard(seat)
        if ask["waiting"]:
            return None
        self.do_undo()
        return True

    def do_undo(self) -> None:
        self.undo = None
        self.match.undo()
        self.store.drop_actions_after(self.code, self.match.played)

    def record(self) -> dict:
        """Once the game is over: its seed and every action, so each player's program can save and replay it."""
        assert self.match.over, "the record is only given once the game is over"
        return {"t": "record", "code": self.code, "seed": self.match.seed, "actions": [str(a) for a in self.match.actions]}


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def open_table(store: Store, source: Secrets, rules: Any, setup: Any, seats: list[dict], start: Any = None,
               waiting: bool = True) -> tuple[Table, dict]:
    """A new table of `rules` with `setup` (a Setup) and `seats` (checked specs); (table, {seat: token} of host seats).
    It waits for the host's start (`waiting`), or plays at once (tools and tests with no lobby).

    `start`: a position to begin from instead of a new game (tests use it to build two tables that differ in
    one secret)."""
    seed = source.seed()
    match = Match.new(rules, setup, seed) if start is None else Match.from_position(rules, setup, start, seed)
    if match.players != len(seats):
        raise Refused(f"This game has {match.players} seats; the table lists {len(seats)}.")
    code = source.code()
    while store.exists(code):
        code = source.code()
    rows = []
    tokens = {}
    for i, spec in enumerate(seats):
        token = source.token() if spec["kind"] == "host" else None
        if token is not None:
            tokens[i] = token
        rows.append(SeatRow(spec["kind"], spec["name"], spec["level"], token))
    host_token = source.token()
    status = "waiting" if waiting else "playing"
    row = TableRow(code, rules.GAME_ID, rules.VERSION, setup.to_dict(), seed,
                   None if start is None else start.to_dict(), status, host_token, rows)
    store.create(row)
    table = Table(code, match, rows, host_token, status, store)
    table.name_seats()
    return table, tokens
