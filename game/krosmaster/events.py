"""Events returned by `apply`, in resolution order, and `describe` to turn one into a log line.

Cells are `(x, y)`; fighters are ids (see `State.fighters`). Pass the state to `describe`
to get fighter names instead of ids.

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

from game.core import Event
from game.core import events as shared
from game.core.events import DiceRolled, GameOver, KnockedOut, Moved
from game.krosmaster.content import CONTENT

Cell = tuple[int, int]
COLOUR = ("Blue", "Pink")


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
class Damaged(shared.Damaged):
    """`left`: hit points left; `source`: "combat", "fire", "blast", "volley" or "effect"."""

    injuries: int = 0  # injury markers on the fighter after


@dataclass(frozen=True, slots=True)
class Healed(shared.Healed):
    injuries: int = 0  # injury markers left on the fighter


def _name(fid: int, state) -> str:
    if state is not None and 0 <= fid < len(state.fighters):
        f = state.fighters[fid]
        return f"{COLOUR[f.owner]} {CONTENT.character(f.kind).name}"
    return f"fighter {fid}"


def _item(kind: str, key: str) -> str:
    table = {"favor": CONTENT.favors, "krosmaster": CONTENT.krosmasters, "minion": CONTENT.minions}.get(kind)
    return table[key].name if table and key in table else key.replace("_", " ")


def describe(event: Event, state=None) -> str:
    """A readable English line for the game log."""
    n = lambda fid: _name(fid, state)  # noqa: E731
    e = event
    match e:
        case KrosmasterPicked():
            return f"{COLOUR[e.seat]} picks {_item('krosmaster', e.krosmaster)}."
        case GlyphTossed():
            return f"The Glyph toss comes up {COLOUR[e.first].lower()}: {COLOUR[e.first]} plays first."
        case Placed():
            return f"{n(e.fighter)} takes position at {e.cell}."
        case DofusTaken():
            return f"{COLOUR[e.seat]} takes the Dofus."
        case TurnStarted():
            return f"Turn {e.turn}: {COLOUR[e.seat]} to play."
        case FavorRevealed():
            return f"Krosmic Favor revealed: {_item('favor', e.favor)}."
        case FavorPlaced():
            cover = f", covering {_item('favor', e.covered)}" if e.covered else ""
            return f"{_item('favor', e.favor)} goes to the {e.slot} slot{cover}."
        case FighterActivated():
            return f"{n(e.fighter)} acts with {e.ap} AP and {e.mp} MP."
        case ActivationEnded():
            return f"{n(e.fighter)} is done."
        case TurnEnded():
            return f"{COLOUR[e.seat]} ends turn {e.turn}."
        case DodgeRolled():
            outcome = {"free": "slips away", "caught": "is caught and loses its MP", "tackled": "is tackled and loses its MP and AP"}
            return f"{n(e.fighter)} tries to dodge ({face_words(e.faces)}) and {outcome[e.result]}."
        case Moved():
            verb = {"walk": "moves", "slide": "slides on the ice", "shove": "is shoved", "teleport": "jumps", "swap": "swaps"}
            return f"{n(e.piece)} {verb.get(e.cause, 'moves')} to {e.path[-1]}."
        case ShoveResisted():
            return f"{n(e.fighter)} cannot be shoved."
        case SpellCast():
            return f"{n(e.fighter)} casts {_spell_name(e.spell)} at {e.cell}."
        case FavorUsed():
            free = " for free (Dofus)" if e.free else ""
            return f"{n(e.fighter)} uses {_item('favor', e.favor)}{free} at {e.cell}."
        case BonusUsed():
            return f"{n(e.fighter)} calls on {_bonus_name(e.challenge, e.bonus)} at {e.cell}."
        case MarkerPlaced():
            return f"{n(e.fighter)} gets a {e.amount:+d} {e.stat.upper()} marker."
        case Summoned():
            return f"{COLOUR[e.seat]} summons a {_item('minion', e.minion)} at {e.cell}."
        case TerrainPlaced():
            return f"A {CONTENT.terrain[e.terrain].name} tile is placed at {e.cell}."
        case TerrainRemoved():
            why = "clears" if e.reason == "entered" else "is removed to make room"
            return f"The {CONTENT.terrain[e.terrain].name} tile at {e.cell} {why}."
        case DiceRolled():
            return f"{n(e.piece)} rolls {face_words(e.faces)} ({e.purpose})."
        case JokerTurned():
            return f"{n(e.fighter)} turns the joker to {face_words((e.face,))}."
        case Rerolled():
            return f"{n(e.fighter)} rolls again."
        case Damaged():
            return f"{n(e.piece)} takes {e.amount} damage ({_injuries(e.injuries)}, {e.left} HP left)."
        case Healed():
            return f"{n(e.piece)} is healed of {e.amount} ({_injuries(e.injuries)} left)."
        case KnockedOut():
            return f"{n(e.piece)} is knocked out!"
        case GlyphCaptured():
            how = "flips" if e.flipped else "captures"
            return f"{n(e.fighter)} {how} the Glyph cell at {e.cell} for {COLOUR[e.seat]}."
        case GameOver():
            if not e.winners:
                return f"Game over, no winner: {e.reason}."
            return f"{COLOUR[e.winners[0]]} wins: {e.reason}."
    return str(e)


def face_words(faces) -> str:
    """Combat-die faces as a player reads them: "critical joker", not the internal "critical_joker"."""
    return ", ".join(str(f).replace("_", " ") for f in faces)


def _injuries(n: int) -> str:
    return f"{n} {'injury' if n == 1 else 'injuries'}"


def _spell_name(spell_id: str) -> str:
    for c in list(CONTENT.krosmasters.values()) + list(CONTENT.minions.values()):
        s = c.spell(spell_id)
        if s:
            return s.name
    return spell_id


def _bonus_name(challenge: str, bonus: str) -> str:
    ch = CONTENT.challenges.get(challenge)
    for b in ch.bonuses if ch else ():
        if b.id == bonus:
            return f"{b.name} ({ch.name})"
    return bonus
