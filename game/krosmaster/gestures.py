"""The board's gestures: a click or a drag turned into actions, through the rules.

Every function takes the state a board shows (a view) and the legal actions of the player at the
screen (`legal`, empty when it is not their decision) and answers with a `Gesture`: the actions to
play in order, or why the gesture maps to none (the rules' reason). `walk` a fighter to a cell,
`arm` an ability and `aim` it at a cell, `place` a Krosmaster, `play_fighter`, the End button
(`end`), `pick` in the draft, `put_favor` in a slot, `remove_tile`, and the `options` that answer a
question in the middle of a roll. An ability is named by an `AbilityRef` (see `queries`).
"""

from __future__ import annotations

from typing import NamedTuple

from game.core.actions import Action
from game.core.gesture import Gesture, choose, find
from game.krosmaster.content import CONTENT
from game.krosmaster.facts import ABILITIES, BONUSES, FACES, favor_in, kind_problem, target_problem
from game.krosmaster.grid import index
from game.krosmaster.queries import AbilityRef, Cell, Reach, ability_of, ability_targets, reachable_cells
from game.krosmaster.resolution import combat_damage
from game.krosmaster.state import State

_VERBS = {"spell": "cast", "favor": "favor", "bonus": "challenge"}
_NOT_YOURS = "it is not your decision now"


def _name(state: State, fid: int) -> str:
    return CONTENT.character(state.fighters[fid].kind).name


def _legal_uses(legal, fighter_id: int, ability: AbilityRef) -> list[Action]:
    verb = _VERBS[ability[0]]
    return [a for a in legal if a.kind == verb and a.args[0] == fighter_id and a.args[1] == ability[1]]


def arm(state: State, legal, fighter_id: int, ability: AbilityRef) -> str | None:
    """Why the player cannot select (arm) this ability to aim it now, or None when it has a legal target.

    Arming plays nothing: the next click on a lit cell does (`aim`). The reason is the rules' own:
    the fighter is not being played, a Minion and a Favor, no AP, once per turn, a Glyph threshold,
    or no target (said as out of sight when every cell that could be a target is hidden)."""
    f = state.fighters[fighter_id]
    what, key = ability
    if what == "bonus" and key in BONUSES and BONUSES[key].ability is None:
        return f"{BONUSES[key].name} is passive: it works by itself"
    if what == "favor" and not favor_in(state, key):
        return f"there is no Favor in the {key} slot"
    if _legal_uses(legal, fighter_id, ability):
        return None
    if f.out:
        return f"{_name(state, fighter_id)} is knocked out"
    if not legal:
        return _NOT_YOURS
    if state.phase != "act":
        if what == "spell":
            return f"play {_name(state, fighter_id)} first: only the fighter being played casts spells"
        return "play a Krosmaster first: the fighter being played uses it"
    if fighter_id != state.active:
        return f"only the fighter being played ({_name(state, state.active)}) can act now"
    t = ability_targets(state, fighter_id, ability)
    if not t.usable:
        return t.reason
    ab = ability_of(state, fighter_id, ability)
    assert ab is not None, "a usable ability is in play"
    if any(kind_problem(state, f, ab, index(*c)) is None for c in t.blocked):
        return "the targets in range are out of sight: something blocks the line of sight"
    return "no target in range now"


def aim(state: State, legal, fighter_id: int, ability: AbilityRef, cell: Cell) -> Gesture:
    """Aim an armed ability at a cell: the cast/favor/challenge action, or why that cell cannot be its target."""
    verb = _VERBS[ability[0]]
    act = find(legal, verb, fighter_id, ability[1], cell[0], cell[1])
    if act is not None:
        return Gesture.of(act)
    reason = arm(state, legal, fighter_id, ability)
    if reason:
        return Gesture.refused(reason)
    ab = ability_of(state, fighter_id, ability)
    assert ab is not None, "an armed ability is in play"
    f = state.fighters[fighter_id]
    problem = target_problem(state, f, ab, index(*cell))
    return Gesture.refused(problem or f"{ab.name} cannot be aimed there now")


def walk(state: State, legal, cell: Cell, reach: dict[Cell, Reach] | None = None) -> Gesture:
    """Walk the fighter being played to `cell` by its cheapest path: one "move" per step, in order.

    The first step is a legal action; the later ones are played while the rules accept them (a failed
    dodge roll ends the walk). Refused with the reason when the cell cannot be reached. `reach`: the
    fighter's `reachable_cells`, when the caller has them already."""
    if state.phase != "act" or not legal:
        return Gesture.refused(_NOT_YOURS if not legal else "walking is for the fighter being played")
    fid = state.active
    f = state.fighters[fid]
    here = f.xy
    if tuple(cell) == here:
        return Gesture.refused(f"{_name(state, fid)} stands here")
    way = (reachable_cells(state, fid) if reach is None else reach).get((cell[0], cell[1]))
    if way is not None:
        first = find(legal, "move", fid, *way.steps[0])
        if first is not None:
            return Gesture.of(first, *(Action("move", (fid, x, y)) for x, y in way.steps[1:]))
    c = index(*cell)
    who = state.grid[c]
    if who >= 0:
        other = state.fighters[who]
        if other.owner == f.owner and not other.played and not other.out:
            return Gesture.refused(f"end {_name(state, fid)}'s activation first (the End button), then play "
                                   f"{_name(state, who)}")
        return Gesture.refused(f"{_name(state, who)} stands on that cell")
    kind = state.board.kind(c)
    if kind in ("tree", "bush"):
        return Gesture.refused(f"a {kind} stands there: no fighter can stop on it")
    if state.mp < 1:
        return Gesture.refused(f"{_name(state, fid)} has no Movement Points left")
    return Gesture.refused(f"out of reach: {_name(state, fid)} has {state.mp} MP left, and every way there takes more "
                           "or is blocked")


def place(state: State, legal, fighter_id: int, cell: Cell) -> Gesture:
    """Put a Krosmaster on a starting cell (the set-up)."""
    act = find(legal, "place", fighter_id, cell[0], cell[1])
    if act is not None:
        return Gesture.of(act)
    if not legal:
        return Gesture.refused(_NOT_YOURS)
    c = index(*cell)
    if state.phase != "place":
        return Gesture.refused("the Krosmasters are all on the board")
    if c not in state.board.starts[state.to_move]:
        return Gesture.refused("Krosmasters start on a starting cell of your own side (the coloured cells)")
    return Gesture.refused("that starting cell is taken")


def play_fighter(state: State, legal, fighter_id: int) -> Gesture:
    """Choose the next fighter to play (activate it), or why not."""
    act = find(legal, "activate", fighter_id)
    if act is not None:
        return Gesture.of(act)
    f = state.fighters[fighter_id]
    name = _name(state, fighter_id)
    if not legal:
        return Gesture.refused(_NOT_YOURS)
    if f.owner != state.to_move:
        return Gesture.refused(f"{name} is on the other team")
    if f.out:
        return Gesture.refused(f"{name} is knocked out")
    if state.phase == "act":
        if fighter_id == state.active:
            return Gesture.refused(f"{name} is being played now")
        return Gesture.refused(f"end {_name(state, state.active)}'s activation first (the End button)")
    if state.phase != "select":
        return Gesture.refused("fighters are played once the turn has begun")
    if f.played:
        return Gesture.refused(f"{name} has already been played this turn")
    if f.minion:
        return Gesture.refused("play your Krosmasters before your Minions")
    return Gesture.refused(f"{name} cannot be played now")


def end(state: State, legal) -> Gesture:
    """The End button: end the active fighter's activation, or end the turn when nobody is being played."""
    if state.phase == "act":
        return choose(legal, "end", state.active, reason=_NOT_YOURS)
    if state.phase == "select":
        return choose(legal, "pass", reason=_NOT_YOURS)
    return Gesture.refused({"draft": "pick your Krosmasters first", "place": "place your Krosmasters first",
                            "reveal": "put the revealed Favor in a slot first",
                            "decide": "answer the question about the roll or the tile first"}.get(state.phase,
                                                                                                    "the game is over"))


def pick(state: State, legal, krosmaster: str) -> Gesture:
    """The draft: take this Krosmaster for your team."""
    name = CONTENT.krosmasters[krosmaster].name if krosmaster in CONTENT.krosmasters else krosmaster
    return choose(legal, "pick", krosmaster, reason=_NOT_YOURS if not legal else f"{name} has already been picked")


def put_favor(state: State, legal, slot: str) -> Gesture:
    """Put the revealed Krosmic Favor in the left or the right slot."""
    if state.phase != "reveal":
        return Gesture.refused("no Favor waits for a slot now")
    return choose(legal, "slot", slot, reason=_NOT_YOURS)


def remove_tile(state: State, legal, cell: Cell) -> Gesture:
    """Choose which terrain tile leaves to make room for a new one of its kind."""
    act = find(legal, "remove", cell[0], cell[1])
    if act is not None:
        return Gesture.of(act)
    if not legal:
        return Gesture.refused(_NOT_YOURS)
    tile = CONTENT.terrain[state.pending.terrain].name if state.pending else "terrain"
    return Gesture.refused(f"choose one of the {tile} tiles on the board")


class Option(NamedTuple):
    """One answer to a question the rules ask in the middle of a roll: its action, a label and what it does."""

    action: Action
    label: str
    tip: str
    face: str  # the die face it shows ("" when none)


def options(state: State, legal) -> list[Option]:
    """The answers to the pending question (turn a joker, Spin Again), in the rules' order; empty when none.

    Each tip says what the face would deal, counted as the combat roll counts it (`combat_damage`)."""
    p = state.pending
    if p is None or p.kind not in ("face", "reroll"):
        return []
    user = _name(state, p.user)
    out = []
    for a in legal:
        if a.kind == "face":
            face = a.args[0]
            out.append(Option(a, FACES[face].name, f"Turn the die to {FACES[face].name}: {_face_effect(state, face)}",
                              face))
        elif a.kind == "reroll":
            out.append(Option(a, "Roll again", f"Spin Again: {user} rolls the combat die once more and must keep the "
                              "new face", ""))
        elif a.kind == "keep":
            shown = FACES[p.face].name
            out.append(Option(a, f"Keep {shown}", f"Keep the {shown}: {_face_effect(state, p.face)}", p.face))
    return out


def _face_effect(state: State, face: str) -> str:
    """What the pending combat roll deals with this face kept."""
    p = state.pending
    assert p is not None, "a combat roll is pending"
    user, target = state.fighters[p.user], state.fighters[p.target]
    ability = ABILITIES.get(p.ability)
    if ability is None:
        return FACES[face].name
    n = combat_damage(state, user, target, ability, face)
    return f"{_name(state, p.target)} takes {n} damage"
