"""The events of Khrysos Hunters, in resolution order, each with a `text` for the game log.

Hunters are named by card number (`hunter`), seats by index; squares are (x, y).
`describe(event)` gives the same text as `event.text`, with hunter names filled in.

The shapes every game shares (`game.core.events`) are subclassed here only to add the log
line and a few defaulted facts, keeping their class names: `DiceRolled`, `Moved`,
`Damaged`, `Healed`, `KnockedOut` (a hunter retired or withdrew) and `GameOver`. Their
`piece` is the hunter's card number (1-18), which is also what the board shows: one
standee per hunter in play. A seat is never a piece.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import events as core
from game.core.events import Event
from game.khrysos.hunters import HUNTERS

Cell = tuple[int, int]


def _name(hunter: int) -> str:
    h = HUNTERS.get(hunter)
    return h.name if h is not None else f"hunter {hunter}"


def _sq(c: Cell) -> str:
    return f"{c[0]},{c[1]}"


def _s(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True, slots=True)
class DiceRolled(core.DiceRolled):
    """One die was rolled for hunter `piece` by `seat`: `purpose` is 'energy' (the white die
    of a turn) or 'zone' (where a replacement hunter starts); `faces` holds the one face."""

    seat: int = 0

    @property
    def face(self) -> int:
        return self.faces[0]

    @property
    def text(self) -> str:
        if self.purpose == "zone":
            return f"Player {self.seat + 1} rolls {self.face}: {_name(self.piece)} starts on Treasure Zone {self.face}"
        return f"{_name(self.piece)} rolls {self.face}: {_s(self.face, 'point')} of energy"


def _players(seats) -> str:
    names = [f"Player {s + 1}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


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

    @property
    def text(self) -> str:
        def faces(f) -> str:
            return " and ".join(str(x) for x in f)

        rolls = ", ".join(f"Player {s + 1} {'rolls ' if s == 0 else ''}{faces(d)}" for s, d in enumerate(self.dice))
        ranks = {s: sorted(d, reverse=True) for s, d in enumerate(self.dice)}
        best = max(ranks.values())
        tied = [s for s in ranks if ranks[s] == best]
        first = f"Player {self.first + 1}"
        if self.rolloffs:
            everyone = len(tied) == len(self.dice)
            why = ("all tie" if everyone and len(tied) > 2 else "they tie" if everyone else f"{_players(tied)} tie")
            for k, rolloff in enumerate(self.rolloffs):
                again = ", ".join(f"Player {s + 1} {face}" for s, face in rolloff)
                if k == 0:
                    why += f" and roll again: {again}"
                else:
                    why += f"; {_players([s for s, _ in rolloff])} tie again: {again}"
            why += f"; {first} goes first"
        elif len(self.dice[0]) > 1 and sum(1 for r in ranks.values() if r[0] == best[0]) > 1:
            why = f"the best dice tie at {best[0]} and {first}'s other die is higher, so {first} goes first"
        else:
            why = f"{first} rolled highest and goes first"
        if len(self.dice[0]) > 1:
            where = "each player's first die places their first hunter, the other die their second"
        else:
            where = "each hunter starts on the Treasure Zone of its player's die"
        if self.rolloffs:
            where += " (the roll-off decides only who goes first)"
        return f"{rolls}: {why}; {where}"


@dataclass(frozen=True, slots=True)
class HunterPlayed(Event):
    seat: int
    hunter: int
    drawn: bool = False  # drawn at random from the undealt hunters
    reused: bool = False  # a retired hunter back in play

    @property
    def text(self) -> str:
        how = " (drawn from the undealt hunters)" if self.drawn else " (back from retirement)" if self.reused else ""
        return f"Player {self.seat + 1} plays {_name(self.hunter)}{how}"


@dataclass(frozen=True, slots=True)
class HunterPlaced(Event):
    hunter: int
    square: Cell

    @property
    def text(self) -> str:
        return f"{_name(self.hunter)} takes position on square {_sq(self.square)}"


@dataclass(frozen=True, slots=True)
class TreasurePlaced(Event):
    squares: tuple[Cell, ...]

    @property
    def text(self) -> str:
        if not self.squares:
            return "No new treasure appears"
        return "Treasure appears on " + ", ".join(f"square {_sq(c)}" for c in self.squares)


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    hunter: int

    @property
    def text(self) -> str:
        return f"{_name(self.hunter)}'s turn (Player {self.seat + 1})"


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int
    hunter: int
    energy_left: int

    @property
    def text(self) -> str:
        left = f", leaving {_s(self.energy_left, 'point')} unspent" if self.energy_left else ""
        if not self.hunter:  # its hunter retired during the turn
            return f"Player {self.seat + 1}'s turn ends{left}"
        return f"{_name(self.hunter)} ends the turn{left}"


@dataclass(frozen=True, slots=True)
class Moved(core.Moved):
    """Hunter `piece` moved along `path` (the square it left, then the squares entered);
    `cause` is 'walk', 'action' (an action's Move), 'trample', 'pushed' (moved by an action
    of another hunter) or 'swap'."""

    @property
    def text(self) -> str:
        verb = {"walk": "moves", "action": "moves", "trample": "tramples", "pushed": "is moved", "swap": "swaps"}.get(self.cause, "moves")
        return f"{_name(self.piece)} {verb} from {_sq(self.path[0])} to {_sq(self.path[-1])}"


@dataclass(frozen=True, slots=True)
class TreasureCollected(Event):
    hunter: int
    seat: int
    square: Cell
    total: int

    @property
    def text(self) -> str:
        return f"{_name(self.hunter)} collects a treasure on {_sq(self.square)} ({self.total} in all)"


@dataclass(frozen=True, slots=True)
class ActionStarted(Event):
    hunter: int
    number: int
    name: str
    cost: int
    symbols: str  # as it resolves, with Upgrade and Boosts: "Trample 3 [Damage 2]"

    @property
    def text(self) -> str:
        return f"{_name(self.hunter)} spends {self.cost} energy on {self.name}: {self.symbols}"


@dataclass(frozen=True, slots=True)
class BoostSpent(Event):
    hunter: int
    symbol: str
    amount: int

    @property
    def text(self) -> str:
        return f"{_name(self.hunter)} spends a Boost: {self.symbol.capitalize()} +{self.amount}"


@dataclass(frozen=True, slots=True)
class BoostGained(Event):
    hunter: int
    symbol: str
    amount: int

    @property
    def text(self) -> str:
        return f"{_name(self.hunter)} gains a Boost marker: {self.symbol.capitalize()} +{self.amount}"


@dataclass(frozen=True, slots=True)
class Targeted(Event):
    hunter: int
    target: int
    how: str  # 'hit', 'blast', 'burst' or 'trample'

    @property
    def text(self) -> str:
        verb = {"hit": "hits", "blast": "catches in the blast", "burst": "catches in the burst", "trample": "tramples"}[self.how]
        return f"{_name(self.hunter)} {verb} {_name(self.target)}"


@dataclass(frozen=True, slots=True)
class Damaged(core.Damaged):
    """Hunter `piece` took `amount` damage; `left` is its endurance after."""

    @property
    def text(self) -> str:
        return f"{_name(self.piece)} takes {self.amount} damage (endurance {self.left})"


@dataclass(frozen=True, slots=True)
class GuardSpent(Event):
    hunter: int
    blocked: int

    @property
    def text(self) -> str:
        return f"{_name(self.hunter)} spends {_s(self.blocked, 'Guard marker')} to block {self.blocked} damage"


@dataclass(frozen=True, slots=True)
class GuardGained(Event):
    hunter: int
    count: int
    total: int

    @property
    def text(self) -> str:
        return f"{_name(self.hunter)} gains {_s(self.count, 'Guard marker')} ({self.total} in all)"


@dataclass(frozen=True, slots=True)
class Healed(core.Healed):
    """Hunter `piece` got `amount` endurance back; `left` is its endurance after."""

    @property
    def text(self) -> str:
        return f"{_name(self.piece)} heals {self.amount} (endurance {self.left})"


@dataclass(frozen=True, slots=True)
class Stolen(Event):
    thief: int
    victim: int
    amount: int

    @property
    def text(self) -> str:
        if not self.amount:
            return f"{_name(self.victim)} has no treasure for {_name(self.thief)} to steal"
        return f"{_name(self.thief)} steals {_s(self.amount, 'treasure')} from {_name(self.victim)}"


@dataclass(frozen=True, slots=True)
class Swapped(Event):
    hunter: int
    target: int
    square: Cell  # where the acting hunter ends
    target_square: Cell

    @property
    def text(self) -> str:
        return f"{_name(self.hunter)} swaps places with {_name(self.target)}"


@dataclass(frozen=True, slots=True)
class Trapped(Event):
    hunter: int

    @property
    def text(self) -> str:
        return f"{_name(self.hunter)} is trapped: no energy on movement until the end of its next turn"


@dataclass(frozen=True, slots=True)
class Stunned(Event):
    hunter: int

    @property
    def text(self) -> str:
        return f"{_name(self.hunter)} is stunned: no actions until the end of its next turn"


@dataclass(frozen=True, slots=True)
class MarkersExpired(Event):
    hunter: int
    guard: int
    boosts: int
    trap: bool
    stun: bool

    @property
    def text(self) -> str:
        parts = []
        if self.guard:
            parts.append(_s(self.guard, "Guard marker"))
        if self.boosts:
            parts.append(_s(self.boosts, "Boost marker"))
        if self.trap:
            parts.append("Trap")
        if self.stun:
            parts.append("Stun")
        return f"{_name(self.hunter)} loses " + ", ".join(parts)


@dataclass(frozen=True, slots=True)
class KnockedOut(core.KnockedOut):
    """Hunter `piece` left the match (`how`: 'retired' at 0 endurance, or 'withdrew'): `lost`
    treasure left its card, `gained` of it went to the card of hunter `by` (0 when it withdrew;
    the hunter itself when its own Blast retired it)."""

    seat: int = 0
    by: int = 0
    lost: int = 0
    gained: int = 0

    @property
    def text(self) -> str:
        if self.by == 0:
            return f"{_name(self.piece)} withdraws and loses {_s(self.lost, 'treasure')}"
        if self.gained:
            return f"{_name(self.piece)} retires; {_name(self.by)} takes {_s(self.gained, 'treasure')}"
        return f"{_name(self.piece)} retires and loses {_s(self.lost, 'treasure')}"


@dataclass(frozen=True, slots=True)
class GameOver(core.GameOver):
    """`winners` holds the one seat whose card reached 12 treasure, with `hunter` on that card."""

    hunter: int = 0
    treasure: int = 0

    @property
    def text(self) -> str:
        return f"Player {self.winners[0] + 1} wins with {self.treasure} treasure ({_name(self.hunter)})"


def redact(event: Event, seat: int | None) -> Event:
    """The event as `seat` may see it: every Khrysos event is public, so it comes back as it is.

    The game's only secrets are the hands and the order of the undealt hunters (hidden in
    `view` with `game.core.decision.HIDDEN`); no event names a card in a hand or the deck's
    order: a hunter is named only once it is played face up or drawn into play.
    """
    return event


def describe(event: Event, state=None) -> str:
    """The log line of an event (`state` is accepted for the same signature as the other games; not needed here)."""
    text = getattr(event, "text", None)
    return text if isinstance(text, str) else str(event)
