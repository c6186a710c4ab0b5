"""Events returned by `apply`, in resolution order, and `describe` to turn one into a log line.

Cells are `(x, y)`; fighters are ids (see `State.fighters`). Pass the state to `describe`
to get fighter names instead of ids, and `names` for the table's names of the players.

The shapes every game shares come from `game.core.events`: `DiceRolled`, `Moved`, `Damaged`,
`Healed`, `KnockedOut`, `GameOver`. In Krosmaster their `piece` is a fighter id (the index in
`State.fighters`: Krosmasters 0-3, Minions from 4 in the order summoned); `Moved.path` holds
`(x, y)` cells from the one left to the one reached (one event per step: a walk onto Ice and
its slide are two events); `DiceRolled.faces` are combat-die faces (`game.core.dice`);
`Damaged.left` / `Healed.left` are the hit points left (HP minus injuries), and the Krosmaster
subclasses add `injuries`, the injury markers on the fighter after the event.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence

from game.core import Event
from game.core import events as shared
from game.core.events import DiceRolled, KnockedOut, Moved
from game.core.grammar import capital, counted, indefinite, sentence, tidy
from game.krosmaster import words as W
from game.krosmaster.words import COLOUR, face_words  # noqa: F401 -- re-exported: older callers name them here

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class KrosmasterPicked(Event):
    seat: int
    krosmaster: str


@dataclass(frozen=True, slots=True)
class GlyphTossed(Event):
    first: int  # the seat whose colour came up: the first player


@dataclass(frozen=True, slots=True)
class Placed(Event):
    fighter: int
    cell: Cell


@dataclass(frozen=True, slots=True)
class DofusTaken(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class FavorRevealed(Event):
    favor: str


@dataclass(frozen=True, slots=True)
class FavorPlaced(Event):
    favor: str
    slot: str  # "left" or "right"
    covered: str  # the Favor it covers, "" when the slot was empty


@dataclass(frozen=True, slots=True)
class FighterActivated(Event):
    fighter: int
    ap: int
    mp: int


@dataclass(frozen=True, slots=True)
class ActivationEnded(Event):
    fighter: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class DodgeRolled(Event):
    fighter: int
    faces: tuple[str, ...]
    result: str  # "free", "caught" (MP lost) or "tackled" (MP and AP lost)


@dataclass(frozen=True, slots=True)
class ShoveResisted(Event):
    fighter: int


@dataclass(frozen=True, slots=True)
class SpellCast(Event):
    fighter: int
    spell: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class FavorUsed(Event):
    fighter: int
    favor: str
    slot: str
    cell: Cell
    free: bool  # used without paying AP (Dofus holder)


@dataclass(frozen=True, slots=True)
class BonusUsed(Event):
    fighter: int
    challenge: str
    bonus: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class MarkerPlaced(Event):
    fighter: int
    stat: str  # "ap" or "mp"
    amount: int


@dataclass(frozen=True, slots=True)
class Summoned(Event):
    fighter: int
    minion: str
    seat: int
    cell: Cell


@dataclass(frozen=True, slots=True)
class TerrainPlaced(Event):
    terrain: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class TerrainRemoved(Event):
    terrain: str
    cell: Cell
    reason: str  # "limit" (room for a new tile) or "entered" (Fog cleared)


@dataclass(frozen=True, slots=True)
class JokerTurned(Event):
    fighter: int
    face: str


@dataclass(frozen=True, slots=True)
class Rerolled(Event):
    fighter: int
    power: str


@dataclass(frozen=True, slots=True)
class GlyphCaptured(Event):
    cell: Cell
    seat: int
    fighter: int
    flipped: bool  # it was the opponent's


@dataclass(frozen=True, slots=True)
class GameOver(shared.GameOver):
    """`reason` in the colours' words; `lost`: the seats that lost half of their Krosmasters (the
    game ended by knock-outs), `glyphs`: blue's and pink's Glyph cells at the end."""

    lost: tuple = ()
    glyphs: tuple = ()


@dataclass(frozen=True, slots=True)
class Damaged(shared.Damaged):
    """`left`: hit points left; `source`: "combat", "fire", "blast", "volley" or "effect"."""

    injuries: int = 0  # injury markers on the fighter after


@dataclass(frozen=True, slots=True)
class Healed(shared.Healed):
    injuries: int = 0  # injury markers left on the fighter


def describe(event: Event, state=None, names: Sequence[str] | None = None) -> str:
    """The game-log line of an event, a sentence a player can read.

    With `state`, fighters are named ("Blue Golda Purse"); `names` (seat index -> the name the
    table gave, None for the colours) names the players and the sides of fighters. Cells are
    named as the board's edges show them ("C7", see `words.square_name`).
    """
    return tidy(_line(event, state, names))


def _line(event: Event, state, names: Sequence[str] | None) -> str:
    n = lambda fid: W.fighter_name(state, fid, names)  # noqa: E731
    p = lambda seat: W.player_name(seat, names)  # noqa: E731
    sq = W.square_name
    e = event
    match e:
        case KrosmasterPicked():
            return f"{p(e.seat)} picks {W.item_name('krosmaster', e.krosmaster)}."
        case GlyphTossed():
            return f"The Glyph toss comes up {COLOUR[e.first].lower()}: {p(e.first)} plays first."
        case Placed():
            return f"{n(e.fighter)} takes position on {sq(e.cell)}."
        case DofusTaken():
            return f"{p(e.seat)} takes the Dofus."
        case TurnStarted():
            return f"Turn {e.turn}: {p(e.seat)} to play."
        case FavorRevealed():
            return f"Krosmic Favor revealed: {W.item_name('favor', e.favor)}."
        case FavorPlaced():
            cover = f", covering {W.item_name('favor', e.covered)}" if e.covered else ""
            return f"{W.item_name('favor', e.favor)} goes to the {e.slot} slot{cover}."
        case FighterActivated():
            return f"{capital(n(e.fighter))} acts with {e.ap} AP and {e.mp} MP."
        case ActivationEnded():
            return f"{capital(n(e.fighter))} is done."
        case TurnEnded():
            return f"{p(e.seat)} ends turn {e.turn}."
        case DodgeRolled():
            outcome = {"free": "slips away", "caught": "is caught and loses its MP", "tackled": "is tackled and loses its MP and AP"}
            return f"{capital(n(e.fighter))} tries to dodge ({W.face_words(e.faces)}) and {outcome[e.result]}."
        case Moved():
            verb = {"walk": "moves", "slide": "slides on the ice", "shove": "is shoved", "teleport": "jumps",
                    "swap": "swaps places"}
            return f"{capital(n(e.piece))} {verb.get(e.cause, 'moves')} to {sq(e.path[-1])}."
        case ShoveResisted():
            return f"{capital(n(e.fighter))} cannot be shoved."
        case SpellCast():
            return f"{capital(n(e.fighter))} casts {W.spell_name(e.spell)} at {sq(e.cell)}."
        case FavorUsed():
            free = " for free (Dofus)" if e.free else ""
            return f"{capital(n(e.fighter))} uses {W.item_name('favor', e.favor)}{free} at {sq(e.cell)}."
        case BonusUsed():
            return f"{capital(n(e.fighter))} calls on {W.bonus_name(e.challenge, e.bonus)} at {sq(e.cell)}."
        case MarkerPlaced():
            return f"{capital(n(e.fighter))} gets {indefinite(f'{e.amount:+d} {e.stat.upper()} marker')}."
        case Summoned():
            return f"{p(e.seat)} summons {indefinite(W.item_name('minion', e.minion))} on {sq(e.cell)}."
        case TerrainPlaced():
            return f"{capital(indefinite(W.terrain_name(e.terrain) + ' tile'))} is placed on {sq(e.cell)}."
        case TerrainRemoved():
            why = "clears" if e.reason == "entered" else "is removed to make room"
            return f"The {W.terrain_name(e.terrain)} tile on {sq(e.cell)} {why}."
        case DiceRolled():
            return f"{capital(n(e.piece))} rolls for {e.purpose}: {W.face_words(e.faces)}."
        case JokerTurned():
            return f"{capital(n(e.fighter))} turns the joker to {W.face_words((e.face,))}."
        case Rerolled():
            return f"{capital(n(e.fighter))} rolls again."
        case Damaged():
            if e.left <= 0:  # its injury markers may outnumber its HP: the count would read oddly
                return f"{capital(n(e.piece))} takes {e.amount} damage (no HP left)."
            return f"{capital(n(e.piece))} takes {e.amount} damage ({counted(e.injuries, 'injury')}, {e.left} HP left)."
        case Healed():
            if not e.amount:
                return f"{capital(n(e.piece))} has no injury to heal."
            left = f"{counted(e.injuries, 'injury')} left" if e.injuries else "no injury left"
            return f"{capital(n(e.piece))} is healed of {counted(e.amount, 'injury')} ({left})."
        case KnockedOut():
            return f"{capital(n(e.piece))} is knocked out!"
        case GlyphCaptured():
            how = "flips" if e.flipped else "captures"
            return f"{capital(n(e.fighter))} {how} the Glyph cell on {sq(e.cell)} for {p(e.seat)}."
        case GameOver():
            reason = W.end_reason(e.winners, e.lost, e.glyphs, names) if e.glyphs else sentence(e.reason)
            if not e.winners:
                return f"Game over, no winner. {reason}"
            return f"{p(e.winners[0])} wins. {reason}"
    return sentence(str(e))
