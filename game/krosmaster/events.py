"""Events returned by `apply`, in resolution order, and `describe` to turn one into a log line.

Cells are `(x, y)`; fighters are ids (see `State.fighters`). Pass the state to `describe`
to get fighter names instead of ids.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import Event
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
class Moved(Event):
    fighter: int
    path: tuple[Cell, ...]  # from the cell it left to the cell it reached
    cause: str  # "walk", "slide" (Ice), "shove", "teleport", "swap"


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
class DiceRolled(Event):
    fighter: int
    purpose: str  # "combat" or "dodge"
    faces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class JokerTurned(Event):
    fighter: int
    face: str


@dataclass(frozen=True, slots=True)
class Rerolled(Event):
    fighter: int
    power: str


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    fighter: int
    amount: int
    injuries: int  # total injuries after
    source: str  # "combat", "fire", "blast", "volley", "effect"


@dataclass(frozen=True, slots=True)
class Healed(Event):
    fighter: int
    amount: int
    injuries: int


@dataclass(frozen=True, slots=True)
class KnockedOut(Event):
    fighter: int


@dataclass(frozen=True, slots=True)
class GlyphCaptured(Event):
    cell: Cell
    seat: int
    fighter: int
    flipped: bool  # it was the opponent's


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winners: tuple[int, ...]
    reason: str


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
            return f"{n(e.fighter)} tries to dodge ({', '.join(e.faces)}) and {outcome[e.result]}."
        case Moved():
            verb = {"walk": "moves", "slide": "slides on the ice", "shove": "is shoved", "teleport": "jumps", "swap": "swaps"}
            return f"{n(e.fighter)} {verb.get(e.cause, 'moves')} to {e.path[-1]}."
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
            return f"{n(e.fighter)} rolls {', '.join(e.faces)} ({e.purpose})."
        case JokerTurned():
            return f"{n(e.fighter)} turns the joker to {e.face}."
        case Rerolled():
            return f"{n(e.fighter)} rolls again."
        case Damaged():
            return f"{n(e.fighter)} takes {e.amount} damage ({e.injuries} injuries)."
        case Healed():
            return f"{n(e.fighter)} is healed of {e.amount} ({e.injuries} injuries left)."
        case KnockedOut():
            return f"{n(e.fighter)} is knocked out!"
        case GlyphCaptured():
            how = "flips" if e.flipped else "captures"
            return f"{n(e.fighter)} {how} the Glyph cell at {e.cell} for {COLOUR[e.seat]}."
        case GameOver():
            if not e.winners:
                return f"Game over, no winner: {e.reason}."
            return f"{COLOUR[e.winners[0]]} wins: {e.reason}."
    return str(e)


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
