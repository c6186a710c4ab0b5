"""The events `apply` returns, in resolution order, and `describe(event, state)` for the game log.

A fighter or seat of -1 (DINO) is the Kromosaurus. Card ids refer to game.krom.content;
a card id of HIDDEN (-1, game.core.decision) is a card the viewer may not see (see `redact`).

The shapes every game shares (game.core.events) are used as they are, subclassed only to
give them a log line and a few defaulted fields: `DiceRolled`, `Moved`, `Damaged`,
`Healed`, `KnockedOut`, `GameOver`. In them `piece` is a seat (the Krom standee of that
player) or -1 for the Kromosaurus; a `Moved` path is (place left, place reached), places
numbered 0 Cave, 1 Forest, 2 Savanna, 3 Mountain.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable, Sequence

from game.core import events as shared
from game.core.decision import HIDDEN
from game.core.events import Event
from game.core.grammar import capital, counted, listing, sentence, tidy
from game.krom.content import BONUS, EVOLUTIONS, HUNTING, PICKING, RULES, heaviest_wins
from game.krom.words import amount_words as _amount, combination_name, place_name as _place, player_name, token_name

Namer = Callable[[int], str]
_PURPOSE = {"combat": "for the combat", "combat card": "for a combat card", "hunt": "for the hunt", "mountain": "on the Mountain"}


def _bonus_name(card: int) -> str:
    return "a Bonus card" if card == HIDDEN else BONUS[card].name


# -- the shared shapes ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiceRolled(shared.DiceRolled):
    """Dice thrown for `piece` for `purpose` ("combat", "combat card", "hunt", "mountain")."""

    bonus: int = 0  # added to the faces (the Kromosaurus' +2)

    def text(self, name: Namer) -> str:
        extra = f" +{self.bonus}" if self.bonus else ""
        purpose = _PURPOSE.get(self.purpose, f"for {self.purpose}")
        return f"{name(self.piece)} rolls {purpose}: {listing(map(str, self.faces))}{extra}."


@dataclass(frozen=True, slots=True)
class Moved(shared.Moved):
    """A Krom standee walked from one place to another after the destinations were revealed."""

    def text(self, name: Namer) -> str:
        return f"{name(self.piece)} walks from the {_place(self.path[0])} to the {_place(self.path[-1])}."


@dataclass(frozen=True, slots=True)
class Damaged(shared.Damaged):
    """Hit points lost; `source` is "combat", "cold" (the Glacial board) or "bonus" (a Bonus card)."""

    def text(self, name: Namer) -> str:
        if self.source == "cold":
            return f"{name(self.piece)} shivers in the cold and loses {_amount('hp', self.amount)} ({self.left} left)."
        if self.amount == 0:  # a Bonus card played on a stunned player
            return f"{name(self.piece)} has no hit point left to lose."
        return f"{name(self.piece)} loses {_amount('hp', self.amount)} ({self.left} left)."


@dataclass(frozen=True, slots=True)
class Healed(shared.Healed):
    """Hit points gained; `cause` is "" (a reward, a rest, a purchase), "fire" (the Glacial Cave) or "recovered" (back on their feet)."""

    cause: str = ""

    def text(self, name: Namer) -> str:
        if self.cause == "recovered":
            return f"{name(self.piece)} is back on their feet with {_amount('hp', self.left)}."
        if self.cause == "fire":
            return f"{name(self.piece)} warms up by the fire and gains {_amount('hp', self.amount)} ({self.left} in all)."
        if self.amount == 0:
            return f"{name(self.piece)} already has all their hit points."
        return f"{name(self.piece)} gains {_amount('hp', self.amount)} ({self.left} in all)."


@dataclass(frozen=True, slots=True)
class KnockedOut(shared.KnockedOut):
    """A player dropped to 0 hit points: stunned, they lose this round's Action phase."""

    how: str = "stunned"

    def text(self, name: Namer) -> str:
        return f"{name(self.piece)} is stunned and loses this round's Action phase."


@dataclass(frozen=True, slots=True)
class GameOver(shared.GameOver):
    """`winners` is the one seat that reached the target; `points` its Evolution points."""

    points: int = 0

    def text(self, name: Namer) -> str:
        return f"{name(self.winners[0])} reaches {counted(self.points, 'Evolution point')} and becomes the new chief!"


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int

    def text(self, name: Namer) -> str:
        return f"Round {self.round} begins: everyone picks a destination."


@dataclass(frozen=True, slots=True)
class DestinationPicked(Event):
    """A seat laid its Destination card face down (the place stays secret)."""

    seat: int

    def text(self, name: Namer) -> str:
        return f"{name(self.seat)} picked a destination."


@dataclass(frozen=True, slots=True)
class DestinationsRevealed(Event):
    places: tuple[int, ...]  # per seat

    def text(self, name: Namer) -> str:
        return "Destinations revealed: " + listing(f"{name(s)} to the {_place(p)}" for s, p in enumerate(self.places)) + "."


@dataclass(frozen=True, slots=True)
class KromosaurusMoved(Event):
    place: int

    def text(self, name: Namer) -> str:
        return f"The Kromosaurus stomps to the {_place(self.place)}."


@dataclass(frozen=True, slots=True)
class CombatStarted(Event):
    place: int
    fighters: tuple[int, ...]

    def text(self, name: Namer) -> str:
        return f"Combat in the {_place(self.place)}: " + " vs ".join(name(f) for f in self.fighters) + "."


@dataclass(frozen=True, slots=True)
class CombatScoreRaised(Event):
    seat: int
    amount: int
    score: int

    def text(self, name: Namer) -> str:
        return f"{name(self.seat)} adds {self.amount}: combat score {self.score}."


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int

    def text(self, name: Namer) -> str:
        return f"{name(self.seat)} passes."


@dataclass(frozen=True, slots=True)
class CombatWon(Event):
    place: int
    ranking: tuple[int, ...]  # fighters, winner first
    scores: tuple[int, ...]  # aligned with ranking

    def text(self, name: Namer) -> str:
        order = ", then ".join(f"{name(f)} ({s})" for f, s in zip(self.ranking, self.scores))
        tie = ""
        if len(set(self.scores)) < len(self.scores):  # the weights ordered equal scores: say which way
            tie = f" Equal scores go to the {'heavier' if heaviest_wins(self.place) else 'lighter'} Krom here."
        return f"{name(self.ranking[0])} wins the combat in the {_place(self.place)}. Order: {order}.{tie}"


@dataclass(frozen=True, slots=True)
class KromosaurusDefeated(Event):
    seat: int

    def text(self, name: Namer) -> str:
        return f"{name(self.seat)} brings the Kromosaurus down and keeps its trophy (+1 point)!"


@dataclass(frozen=True, slots=True)
class TrophyTaken(Event):
    seat: int
    victim: int

    def text(self, name: Namer) -> str:
        return f"{name(self.seat)} takes the Kromosaurus trophy from {name(self.victim)}."


@dataclass(frozen=True, slots=True)
class Stole(Event):
    """`item` is a token kind or "bonus"; `card` is the Bonus card stolen (hidden from other seats)."""

    thief: int
    victim: int
    item: str
    amount: int
    card: int = HIDDEN

    def text(self, name: Namer) -> str:
        if self.item != "bonus" and self.amount == 0:
            return f"{name(self.victim)} has no {token_name(self.item)} for {name(self.thief)} to steal."
        what = _bonus_name(self.card) if self.item == "bonus" else _amount(self.item, self.amount)
        return f"{name(self.thief)} steals {what} from {name(self.victim)}."


@dataclass(frozen=True, slots=True)
class NothingToSteal(Event):
    thief: int
    victim: int

    def text(self, name: Namer) -> str:
        return f"{name(self.victim)} has nothing {name(self.thief)} could steal."


@dataclass(frozen=True, slots=True)
class StealDeclined(Event):
    """The combat winner chose to take nothing from a player they stunned."""

    thief: int
    victim: int

    def text(self, name: Namer) -> str:
        return f"{name(self.thief)} takes nothing from {name(self.victim)}."


@dataclass(frozen=True, slots=True)
class ActionPhaseStarted(Event):
    seat: int
    place: int

    def text(self, name: Namer) -> str:
        return f"{name(self.seat)} plays their Action phase in the {_place(self.place)}."


@dataclass(frozen=True, slots=True)
class Gained(Event):
    """`seat` got `amount` of `item` (a token kind; hit points are `Healed`) — possibly less than promised when the supply ran short."""

    seat: int
    item: str
    amount: int

    def text(self, name: Namer) -> str:
        if self.amount:
            return f"{name(self.seat)} gains {_amount(self.item, self.amount)}."
        return f"The supply has no {token_name(self.item)} left for {name(self.seat)}."


@dataclass(frozen=True, slots=True)
class Paid(Event):
    seat: int
    item: str
    amount: int

    def text(self, name: Namer) -> str:
        return f"{name(self.seat)} pays {_amount(self.item, self.amount)}."


@dataclass(frozen=True, slots=True)
class Lost(Event):
    """Tokens taken away by a Bonus card; they return to the supply (hit points are `Damaged`)."""

    seat: int
    item: str
    amount: int

    def text(self, name: Namer) -> str:
        if self.amount == 0:
            return f"{name(self.seat)} has no {token_name(self.item)} to lose."
        return f"{name(self.seat)} loses {_amount(self.item, self.amount)}."


@dataclass(frozen=True, slots=True)
class Transferred(Event):
    giver: int
    taker: int
    item: str
    amount: int

    def text(self, name: Namer) -> str:
        if self.amount == 0:
            return f"{name(self.giver)} has no {token_name(self.item)} to hand to {name(self.taker)}."
        return f"{name(self.giver)} hands {_amount(self.item, self.amount)} to {name(self.taker)}."


@dataclass(frozen=True, slots=True)
class NothingSwapped(Event):
    """A swap card met a side that cannot be given in full (`short` lacks `amount` `item`): a swap is one
    exchange, so nothing changes hands (RULES_NOTES, "A swap with a side missing")."""

    seat: int
    target: int
    short: int
    item: str
    amount: int

    def text(self, name: Namer) -> str:
        return (f"{name(self.short)} cannot give {_amount(self.item, self.amount)}, "
                f"so {name(self.seat)} and {name(self.target)} exchange nothing.")


@dataclass(frozen=True, slots=True)
class Rested(Event):
    seat: int

    def text(self, name: Namer) -> str:
        return f"{name(self.seat)} rests in the Cave."


@dataclass(frozen=True, slots=True)
class Bought(Event):
    seat: int
    item: str
    price: int

    def text(self, name: Namer) -> str:
        return f"{name(self.seat)} provides services for {_amount('krom', self.price)}: {_amount(self.item, RULES.hp_per_purchase if self.item == 'hp' else 1)}."


@dataclass(frozen=True, slots=True)
class BonusDrawn(Event):
    seat: int
    card: int  # hidden from other seats

    def text(self, name: Namer) -> str:
        return f"{name(self.seat)} draws {_bonus_name(self.card)}."


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    deck: str  # "bonus", "picking", "hunting"

    def text(self, name: Namer) -> str:
        return f"The {self.deck.capitalize()} discard pile is shuffled into a new deck."


@dataclass(frozen=True, slots=True)
class PickingDrawn(Event):
    seat: int
    card: int
    price: int

    def text(self, name: Namer) -> str:
        cost = f" for {_amount('krom', self.price)}" if self.price else ""
        return f"{name(self.seat)} draws the Picking card {PICKING[self.card].name}{cost}."


@dataclass(frozen=True, slots=True)
class Hunted(Event):
    seat: int
    slot: int
    card: int
    total: int
    caught: bool

    def text(self, name: Namer) -> str:
        card = HUNTING[self.card]
        verdict = "catches" if self.caught else "misses"
        return f"{name(self.seat)} {verdict} the {card.name} ({self.total} against {card.value})."


@dataclass(frozen=True, slots=True)
class HuntingRevealed(Event):
    slot: int
    card: int

    def text(self, name: Namer) -> str:
        return f"A new prey appears: {HUNTING[self.card].name}."


@dataclass(frozen=True, slots=True)
class MountainScored(Event):
    seat: int
    dice: tuple[int, ...]
    combination: str  # "" for no combination

    def text(self, name: Namer) -> str:
        return f"{name(self.seat)} stops climbing with {listing(map(str, self.dice))}: {combination_name(self.combination)}."


@dataclass(frozen=True, slots=True)
class EvolutionRealized(Event):
    seat: int
    card: int
    points: int  # the player's points after it

    def text(self, name: Namer) -> str:
        card = EVOLUTIONS[self.card]
        return f"{name(self.seat)} realizes {card.name} (+{card.points}): {counted(self.points, 'point')} in all."


@dataclass(frozen=True, slots=True)
class EvolutionRevealed(Event):
    slot: int
    card: int

    def text(self, name: Namer) -> str:
        return f"A new Evolution is revealed: {EVOLUTIONS[self.card].name}."


@dataclass(frozen=True, slots=True)
class BonusPlayed(Event):
    seat: int
    card: int
    target: int | None = None
    choice: str = ""

    def text(self, name: Namer) -> str:
        on = f" on {name(self.target)}" if self.target is not None else ""
        pick = f" ({self.choice.capitalize()})" if self.choice else ""
        return f"{name(self.seat)} plays {BONUS[self.card].name}{pick}{on}."


@dataclass(frozen=True, slots=True)
class BonusCountered(Event):
    seat: int
    card: int
    by: int
    counter: int

    def text(self, name: Namer) -> str:
        return f"{name(self.by)} counters {name(self.seat)}'s {BONUS[self.card].name} with {BONUS[self.counter].name}."


@dataclass(frozen=True, slots=True)
class ActionPhaseEnded(Event):
    seat: int

    def text(self, name: Namer) -> str:
        return f"{name(self.seat)} ends their Action phase."


def describe(event: Event, state=None, names: Sequence[str] | None = None) -> str:
    """The game-log line of an event, a sentence: players by the table's `names`, else (with a state)
    by their Krom, else "Player N"; the Kromosaurus by its name."""

    def name(seat: int) -> str:
        return player_name(state, seat, names)

    text = getattr(event, "text", None)
    if not callable(text):
        return sentence(str(event))
    return tidy(capital(text(name)))


