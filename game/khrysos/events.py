"""The events of Khrysos Hunters, in resolution order, each with a `text` for the game log.

Hunters are named by card number (`hunter`), seats by index; squares are (x, y).
`describe(event, state, names)` gives the log line: hunters by name, players by the table's
`names` (or "Player N"), squares as the board's edges show them (`words.square_name`, from
the state's map). Each event class writes its own line in `text(w)`, `w` a `Words`.

The shapes every game shares (`game.core.events`) are subclassed here only to add the log
line and a few defaulted facts, keeping their class names: `DiceRolled`, `Moved`,
`Damaged`, `Healed`, `KnockedOut` (a hunter retired or withdrew) and `GameOver`. Their
`piece` is the hunter's card number (1-18), which is also what the board shows: one
standee per hunter in play. A seat is never a piece.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence

from game.core import events as core
from game.core.events import Event
from game.core.grammar import capital, column_label, counted, listing, possessive, row_label, sentence, tidy
from game.khrysos import words as W

Cell = tuple[int, int]


class Words:
    """How one log line names things: players by `names`, squares on `board` (None: counted from
    the builder grid's corner, when no state is at hand)."""

    def __init__(self, board=None, names: Sequence[str] | None = None):
        self.board, self.names = board, names

    def player(self, seat: int) -> str:
        return W.player_name(seat, self.names)

    def square(self, cell: Cell) -> str:
        if self.board is None:
            return column_label(cell[0]) + row_label(cell[1])
        return W.square_name(self.board, cell)

    def place(self, cell: Cell) -> str:
        return self.square(cell) if self.board is None else W.place_name(self.board, cell)


_name = W.hunter_name


@dataclass(frozen=True, slots=True)
class DiceRolled(core.DiceRolled):
    """One die was rolled for hunter `piece` by `seat`: `purpose` is 'energy' (the white die
    of a turn) or 'zone' (where a replacement hunter starts); `faces` holds the one face."""

    seat: int = 0

    @property
    def face(self) -> int:
        return self.faces[0]

    def text(self, w: Words) -> str:
        if self.purpose == "zone":
            return f"{w.player(self.seat)} rolls {self.face}: {_name(self.piece)} starts on Treasure Zone {self.face}."
        return f"{_name(self.piece)} rolls {self.face}: {counted(self.face, 'point of energy')}."


@dataclass(frozen=True, slots=True)
class OpeningRolled(Event):
    """The rolls before the first turn (Quick Start 4-5): `dice[seat]` holds each player's dice (two
    each with two players), `rolloffs` each round of dice among players still tied for the highest
    (pairs (seat, face)), `first` the player who goes first, and `zones` the starting zone of each
    scoring card in turn order (the zone of its die: a player's first die for their first card)."""

    dice: tuple[tuple[int, ...], ...]
    rolloffs: tuple[tuple[tuple[int, int], ...], ...]
    first: int
    zones: tuple[int, ...]
    seat: int = -1  # the log line is nobody's in particular

    def text(self, w: Words) -> str:
        def faces(f) -> str:
            return " and ".join(str(x) for x in f)

        def players(seats) -> str:
            return listing(w.player(s) for s in seats)

        rolls = ", ".join(f"{w.player(s)} {'rolls ' if s == 0 else ''}{faces(d)}" for s, d in enumerate(self.dice))
        ranks = {s: sorted(d, reverse=True) for s, d in enumerate(self.dice)}
        best = max(ranks.values())
        tied = [s for s in ranks if ranks[s] == best]
        first = w.player(self.first)
        if self.rolloffs:
            everyone = len(tied) == len(self.dice)
            why = ("all tie" if everyone and len(tied) > 2 else "they tie" if everyone else f"{players(tied)} tie")
            for k, rolloff in enumerate(self.rolloffs):
                again = ", ".join(f"{w.player(s)} {face}" for s, face in rolloff)
                if k == 0:
                    why += f" and roll again ({again})"
                else:
                    why += f"; {players([s for s, _ in rolloff])} tie again ({again})"
            why += f"; {first} goes first"
        elif len(self.dice[0]) > 1 and sum(1 for r in ranks.values() if r[0] == best[0]) > 1:
            why = f"the best dice both show {best[0]} and {possessive(first)} other die is higher, so {first} goes first"
        else:
            why = f"{first} rolled highest and goes first"
        if len(self.dice[0]) > 1:
            where = "each player's first die places their first hunter, the other die their second"
        else:
            where = "each hunter starts on the Treasure Zone of its player's die"
        if self.rolloffs:
            where += " (the roll-off decides only who goes first)"
        return f"{rolls}: {why}; {where}."


@dataclass(frozen=True, slots=True)
class HunterPlayed(Event):
    seat: int
    hunter: int
    drawn: bool = False  # drawn at random from the undealt hunters
    reused: bool = False  # a retired hunter back in play

    def text(self, w: Words) -> str:
        how = " (drawn from the undealt hunters)" if self.drawn else " (back from retirement)" if self.reused else ""
        return f"{w.player(self.seat)} plays {_name(self.hunter)}{how}."


@dataclass(frozen=True, slots=True)
class HunterPlaced(Event):
    hunter: int
    square: Cell

    def text(self, w: Words) -> str:
        return f"{_name(self.hunter)} takes position on {w.place(self.square)}."


@dataclass(frozen=True, slots=True)
class TreasurePlaced(Event):
    squares: tuple[Cell, ...]

    def text(self, w: Words) -> str:
        if not self.squares:
            return "No new treasure appears."
        return f"Treasure appears on {listing(w.square(c) for c in self.squares)}."


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    hunter: int

    def text(self, w: Words) -> str:
        return f"{possessive(_name(self.hunter))} turn ({w.player(self.seat)})."


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int
    hunter: int
    energy_left: int

    def text(self, w: Words) -> str:
        left = f", leaving {counted(self.energy_left, 'point of energy')} unspent" if self.energy_left else ""
        if not self.hunter:  # its hunter retired during the turn
            return f"{possessive(w.player(self.seat))} turn ends{left}."
        return f"{_name(self.hunter)} ends the turn{left}."


@dataclass(frozen=True, slots=True)
class Moved(core.Moved):
    """Hunter `piece` moved along `path` (the square it left, then the squares entered);
    `cause` is 'walk', 'action' (an action's Move), 'trample', 'pushed' (moved by an action
    of another hunter) or 'swap'."""

    def text(self, w: Words) -> str:
        verb = {"walk": "moves", "action": "moves", "trample": "tramples", "pushed": "is moved", "swap": "swaps"}.get(self.cause, "moves")
        return f"{_name(self.piece)} {verb} from {w.square(self.path[0])} to {w.square(self.path[-1])}."


@dataclass(frozen=True, slots=True)
class TreasureCollected(Event):
    hunter: int
    seat: int
    square: Cell
    total: int

    def text(self, w: Words) -> str:
        return f"{_name(self.hunter)} collects a treasure on {w.square(self.square)} ({self.total} in all)."


@dataclass(frozen=True, slots=True)
class ActionStarted(Event):
    hunter: int
    number: int
    name: str
    cost: int
    symbols: str  # as it resolves, with Upgrade and Boosts: "Trample 3 [Damage 2]"

    def text(self, w: Words) -> str:
        """The symbols read in words, as the card's tip reads them: "Elia Rose spends 2 energy on Theft and
        hits 1 hunter within Range 1, who has 1 treasure stolen." (a sentence more after each Hit)."""
        who = _name(self.hunter)
        clauses = W.symbols_words(self.symbols, who)
        line = f"{who} spends {self.cost} energy on {self.name}" + (f" and {clauses[0]}." if clauses else ".")
        return " ".join([line] + [f"Then {who} {clause}." for clause in clauses[1:]])


@dataclass(frozen=True, slots=True)
class BoostSpent(Event):
    hunter: int
    symbol: str
    amount: int

    def text(self, w: Words) -> str:
        return f"{_name(self.hunter)} spends a Boost: {self.symbol.capitalize()} +{self.amount}."


@dataclass(frozen=True, slots=True)
class BoostGained(Event):
    hunter: int
    symbol: str
    amount: int

    def text(self, w: Words) -> str:
        return f"{_name(self.hunter)} gains a Boost marker: {self.symbol.capitalize()} +{self.amount}."


@dataclass(frozen=True, slots=True)
class Targeted(Event):
    hunter: int
    target: int
    how: str  # 'hit', 'blast', 'burst' or 'trample'

    def text(self, w: Words) -> str:
        if self.how in ("blast", "burst"):
            return f"{_name(self.hunter)} catches {_name(self.target)} in the {self.how}."
        verb = {"hit": "hits", "trample": "tramples"}[self.how]
        return f"{_name(self.hunter)} {verb} {_name(self.target)}."


@dataclass(frozen=True, slots=True)
class Unanswered(Event):
    """A Hit or a Burst of `hunter`'s action found nobody: nothing else of that step happens (RULES_NOTES T7).
    `why`: 'range' (nobody within `reach`), 'treasure' (those within it hold no treasure for the box's lone Steal)
    or 'burst' (nobody within `reach` rings to catch)."""

    hunter: int
    why: str
    reach: int

    def text(self, w: Words) -> str:
        who = _name(self.hunter)
        if self.why == "burst":
            return f"{possessive(who)} burst catches nobody: no other hunter is within {counted(self.reach, 'square')}."
        if self.why == "treasure":
            return f"{who} hits nobody: no hunter within reach holds treasure to steal."
        where = "on its square" if self.reach == 0 else f"within Range {self.reach}"
        return f"{who} hits nobody: no other hunter is {where}."


@dataclass(frozen=True, slots=True)
class Damaged(core.Damaged):
    """Hunter `piece` took `amount` damage; `left` is its endurance after."""

    def text(self, w: Words) -> str:
        return f"{_name(self.piece)} takes {self.amount} damage (endurance {self.left})."


@dataclass(frozen=True, slots=True)
class GuardSpent(Event):
    hunter: int
    blocked: int

    def text(self, w: Words) -> str:
        return f"{_name(self.hunter)} spends {counted(self.blocked, 'Guard marker')} to block {self.blocked} damage."


@dataclass(frozen=True, slots=True)
class GuardGained(Event):
    hunter: int
    count: int
    total: int

    def text(self, w: Words) -> str:
        return f"{_name(self.hunter)} gains {counted(self.count, 'Guard marker')} ({self.total} in all)."


@dataclass(frozen=True, slots=True)
class Healed(core.Healed):
    """Hunter `piece` got `amount` endurance back; `left` is its endurance after."""

    def text(self, w: Words) -> str:
        if not self.amount:
            return f"{_name(self.piece)} is already at full endurance ({self.left})."
        return f"{_name(self.piece)} gets {self.amount} endurance back (endurance {self.left})."


@dataclass(frozen=True, slots=True)
class Stolen(Event):
    thief: int
    victim: int
    amount: int

    def text(self, w: Words) -> str:
        if not self.amount:
            return f"{_name(self.victim)} has no treasure for {_name(self.thief)} to steal."
        return f"{_name(self.thief)} steals {counted(self.amount, 'treasure')} from {_name(self.victim)}."


@dataclass(frozen=True, slots=True)
class Swapped(Event):
    hunter: int
    target: int
    square: Cell  # where the acting hunter ends
    target_square: Cell

    def text(self, w: Words) -> str:
        return f"{_name(self.hunter)} swaps places with {_name(self.target)}."


@dataclass(frozen=True, slots=True)
class Trapped(Event):
    hunter: int

    def text(self, w: Words) -> str:
        return f"{_name(self.hunter)} is trapped: no energy on movement until the end of its next turn."


@dataclass(frozen=True, slots=True)
class Stunned(Event):
    hunter: int

    def text(self, w: Words) -> str:
        return f"{_name(self.hunter)} is stunned: no actions until the end of its next turn."


@dataclass(frozen=True, slots=True)
class MarkersExpired(Event):
    hunter: int
    guard: int
    boosts: int
    trap: bool
    stun: bool

    def text(self, w: Words) -> str:
        parts = []
        if self.guard:
            parts.append(counted(self.guard, "Guard marker"))
        if self.boosts:
            parts.append(counted(self.boosts, "Boost marker"))
        if self.trap:
            parts.append("the Trap marker")
        if self.stun:
            parts.append("the Stun marker")
        return f"{_name(self.hunter)} loses {listing(parts) or 'no marker'}."


@dataclass(frozen=True, slots=True)
class KnockedOut(core.KnockedOut):
    """Hunter `piece` left the match (`how`: 'retired' at 0 endurance, or 'withdrew'): `lost`
    treasure left its card, `gained` of it went to the card of hunter `by` (0 when it withdrew;
    the hunter itself when its own Blast retired it)."""

    seat: int = 0
    by: int = 0
    lost: int = 0
    gained: int = 0

    def text(self, w: Words) -> str:
        if self.by == 0:
            return f"{_name(self.piece)} withdraws and loses {counted(self.lost, 'treasure')}."
        if self.gained:
            return f"{_name(self.piece)} retires; {_name(self.by)} takes {counted(self.gained, 'treasure')}."
        return f"{_name(self.piece)} retires and loses {counted(self.lost, 'treasure')}."


@dataclass(frozen=True, slots=True)
class GameOver(core.GameOver):
    """`winners` holds the one seat whose card reached 12 treasure, with `hunter` on that card."""

    hunter: int = 0
    treasure: int = 0

    def text(self, w: Words) -> str:
        return f"{w.player(self.winners[0])} wins with {counted(self.treasure, 'treasure')} ({_name(self.hunter)})."


def describe(event: Event, state=None, names: Sequence[str] | None = None) -> str:
    """The log line of an event, a sentence: players by the table's `names` (None: "Player N"),
    squares as the board's edges show them on the state's map (without a state, counted from the
    builder grid's corner)."""
    text = getattr(event, "text", None)
    if not callable(text):
        return sentence(str(event))
    return tidy(capital(text(Words(getattr(state, "board", None), names))))
