"""Questions the board UI asks the rules: where a fighter can go, what a spell or Favor can reach.

Every answer speaks `(x, y)` cells, so an overlay can be painted straight from it:
- `reachable_cells`: cells a fighter can walk to with its MP, with the steps to send
  ("move F X Y" for each), the path including Ice slides, and the dodge rolls on the way;
- `spell_targets`, `favor_targets`, `challenge_targets`: the cells in range split into
  targetable (green), blocked by line of sight (red) and in range but not a legal target
  (with the reason), plus whether the ability can be used at all right now;
- `damage_odds`, `dodge_odds`, `dodge_die_odds`, `tacklers`: exact chances (Fractions, from the die's faces) of
  each damage amount of a combat roll and of each dodge result, before the roll is made;
- gestures (`walk`, `aim`, `arm`, `place`, `play_fighter`, `end`, `pick`, `put_favor`, `remove_tile`,
  `options`): what a click on the board means, as legal actions (a `Gesture`) or the rules' reason;
- previews (`walk_preview`, `aim_preview`, `points_left`): what a gesture would cost, risk and deal.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from game.core import COMBAT_DIE
from game.core.actions import Action
from game.core.gesture import Gesture, choose, find

from game.krosmaster.grid import BIT, CELLS, NEIGHBOURS, XY, clear_sight, direction, index, ring, step

from game.krosmaster.layouts import OBSTACLE_MASK
from game.krosmaster.content import CONTENT, Ability
from game.krosmaster.facts import (
    ABILITIES, BONUSES, FACES, ability_range, availability_problem, blockers, dodge_dice, favor_in, glyph_count, kind_problem,
    passive, target_problem,
)
from game.krosmaster.resolution import combat_damage
from game.krosmaster.state import State

Cell = tuple[int, int]


class Reach(NamedTuple):
    """How a fighter reaches a cell by walking."""

    cost: int  # MP spent
    steps: tuple[Cell, ...]  # the cells to send as "move F X Y", in order
    path: tuple[Cell, ...]  # every cell passed, Ice slides included, start excluded
    dodges: tuple[int, ...]  # dice of each dodge roll on the way (one entry per roll), empty when none
    burns: int  # injuries from Fire tiles on the way


class Targets(NamedTuple):
    """Where an ability can be aimed, for green/red overlays."""

    targetable: tuple[Cell, ...]  # legal targets now (if `usable`)
    blocked: tuple[Cell, ...]  # in range, but the line of sight is blocked
    invalid: dict[Cell, str]  # in range and in sight, but not a legal target: why
    usable: bool  # the fighter can use the ability now (AP, once per turn, thresholds ...)
    reason: str  # why not, when not usable


def movement_points(state: State, fighter_id: int) -> int:
    """MP the fighter has now (when being played) or will have when played."""
    f = state.fighters[fighter_id]
    if fighter_id == state.active:
        return state.mp
    c = CONTENT.character(f.kind)
    return max(0, c.mp + f.mp_mark + passive(state, f.owner, "minion_mp" if f.minion else "krosmaster_mp"))


def action_points(state: State, fighter_id: int) -> int:
    f = state.fighters[fighter_id]
    if fighter_id == state.active:
        return state.ap
    return max(0, CONTENT.character(f.kind).ap + f.ap_mark)


def reachable_cells(state: State, fighter_id: int) -> dict[Cell, Reach]:
    """Every cell the fighter can walk to with its MP, by a cheapest path (start excluded).

    Cheapest paths are found breadth first, neighbours in the order up, right, down, left.
    A dodge roll that fails stops the walk; `dodges` says which rolls the path needs.
    """
    f = state.fighters[fighter_id]
    if f.cell < 0 or f.out:
        return {}
    budget = movement_points(state, fighter_id)
    obstacles = OBSTACLE_MASK[state.setup.layout]
    slips = CONTENT.character(f.kind).power("no_slip") is None
    burn = 0 if passive(state, f.owner, "fireproof") else CONTENT.terrain["fire"].injuries

    def free(c: int) -> bool:
        who = state.grid[c]
        return (who < 0 or who == fighter_id) and not obstacles & BIT[c]

    start = f.cell
    best: dict[int, Reach] = {start: Reach(0, (), (), (), 0)}
    frontier = [start]
    for cost in range(1, budget + 1):
        nxt_frontier = []
        for c in frontier:
            here = best[c]
            dice = dodge_dice(state, f, c)
            for n in NEIGHBOURS[c]:
                if not free(n):
                    continue
                path = [n]
                end = n
                d = direction(c, n)
                while slips and state.terrain[end] == "ice":
                    beyond = step(end, d)
                    if beyond < 0 or not free(beyond):
                        break
                    end = beyond
                    path.append(end)
                if end in best:
                    continue
                burns = here.burns + burn * sum(1 for p in path if state.terrain[p] == "fire")
                best[end] = Reach(
                    cost, here.steps + (XY[n],), here.path + tuple(XY[p] for p in path),
                    here.dodges + ((dice,) if dice else ()), burns,
                )
                nxt_frontier.append(end)
        frontier = nxt_frontier
    del best[start]
    return {XY[c]: r for c, r in best.items()}


def tackle_zone(state: State, fighter_id: int) -> tuple[Cell, ...]:
    """The cells where this Krosmaster makes enemies roll to leave (none for Minions or without the rule)."""
    f = state.fighters[fighter_id]
    if not state.setup.tackle or f.minion or f.out or f.cell < 0:
        return ()
    return tuple(XY[c] for c in NEIGHBOURS[f.cell])


def _classify(state: State, fighter_id: int, ab: Ability, slot: str = "") -> Targets:
    f = state.fighters[fighter_id]
    if f.cell < 0 or f.out:
        return Targets((), (), {}, False, "that fighter is not on the board")
    if ab.target == "self":
        cells: tuple[int, ...] | range = (f.cell,)
    elif ab.anywhere:
        cells = range(CELLS)
    else:
        low, high = ability_range(state, f, ab)
        cells = ring(f.cell, low, high)
    block = blockers(state)
    good, blocked, invalid = [], [], {}
    for c in cells:
        problem = target_problem(state, f, ab, c, check_sight=False)
        if ab.sight and not clear_sight(f.cell, c, block):
            blocked.append(XY[c])
        elif problem:
            invalid[XY[c]] = problem
        else:
            good.append(XY[c])
    if state.phase != "act" or fighter_id != state.active:
        reason = "that fighter is not being played"
    else:
        reason = availability_problem(state, f, ab, slot) or ""
    return Targets(tuple(good), tuple(blocked), invalid, not reason, reason)


def spell_targets(state: State, fighter_id: int, spell_id: str) -> Targets:
    """The cells in range of one of the fighter's spells, split into targetable / blocked / invalid."""
    f = state.fighters[fighter_id]
    ab = CONTENT.character(f.kind).spell(spell_id)
    if ab is None:
        raise KeyError(f"{CONTENT.character(f.kind).name} has no spell {spell_id!r}")
    return _classify(state, fighter_id, ab)


def favor_targets(state: State, fighter_id: int, slot: str) -> Targets:
    """Where the fighter could aim the Favor showing in `slot` ("left" or "right")."""
    fav = favor_in(state, slot)
    if not fav:
        return Targets((), (), {}, False, f"there is no Favor in the {slot} slot")
    return _classify(state, fighter_id, CONTENT.favors[fav].ability, slot)


def challenge_targets(state: State, fighter_id: int, bonus_id: str) -> Targets:
    """Where the fighter could aim an active Divine Challenge bonus."""
    bonus = BONUSES[bonus_id]
    if bonus.ability is None:
        return Targets((), (), {}, False, f"{bonus.name} is passive")
    return _classify(state, fighter_id, bonus.ability)


def glyph_counts(state: State) -> tuple[int, int]:
    """Glyph cells controlled by blue (seat 0) and pink (seat 1)."""
    return glyph_count(state, 0), glyph_count(state, 1)


def unlocked_bonuses(state: State, seat: int) -> list[str]:
    """Ids of the Divine Challenge bonuses `seat` has unlocked with its Glyph cells."""
    have = glyph_count(state, seat)
    return [b.id for ch in state.challenges for b in CONTENT.challenges[ch].bonuses if have >= b.glyphs]


def line_of_sight(state: State, frm: Cell, to: Cell) -> bool:
    """Whether the line between two cells is clear of trees, fighters and Fog."""
    return clear_sight(index(*frm), index(*to), blockers(state))


def _ability(state: State, fighter_id: int, name: str) -> Ability:
    """The fighter's spell `name`, the Favor in slot `name` ("left"/"right"), or the Divine Challenge bonus `name`."""
    f = state.fighters[fighter_id]
    spell = CONTENT.character(f.kind).spell(name)
    if spell is not None:
        return spell
    if name in ("left", "right"):
        fav = favor_in(state, name)
        if fav:
            return CONTENT.favors[fav].ability
        raise KeyError(f"there is no Favor in the {name} slot")
    bonus = BONUSES.get(name)
    if bonus is not None and bonus.ability is not None:
        return bonus.ability
    raise KeyError(f"{CONTENT.character(f.kind).name} has no spell, Favor slot or active bonus {name!r}")


def damage_odds(state: State, fighter_id: int, ability: str, target: Cell) -> dict[int, Fraction]:
    """The exact chance of each damage amount the combat roll of `ability` would deal to the fighter on `target`.

    `ability` is one of the fighter's spells, a Favor slot ("left"/"right") or an active bonus.
    Each of the six faces of the combat die is equally likely; damage is counted as `combat_damage`
    does, with the position as it is now (passive bonuses included). With Dice Sides, a joker is
    counted as turned for the most damage against an enemy and the least against an ally (the
    roller's choice); a Spin Again, a later choice, is not counted. Empty when no combat roll follows.
    """
    user = state.fighters[fighter_id]
    ab = _ability(state, fighter_id, ability)
    who = state.grid[index(*target)]
    if not ab.damage or who < 0:
        return {}
    other = state.fighters[who]
    pick = max if other.owner != user.owner else min
    odds: dict[int, Fraction] = {}
    for face in COMBAT_DIE.faces:
        choices = FACES[face].jokers if state.setup.die_jokers and FACES[face].jokers else (face,)
        amount = pick(combat_damage(state, user, other, ab, f) for f in choices)
        odds[amount] = odds.get(amount, Fraction(0)) + Fraction(1, len(COMBAT_DIE.faces))
    return dict(sorted(odds.items()))


def tacklers(state: State, fighter_id: int, cell: Cell | None = None) -> tuple[Cell, ...]:
    """The cells of the enemy Krosmasters whose tackle zones the fighter must dodge to leave `cell` (default: where it stands)."""
    f = state.fighters[fighter_id]
    here = f.cell if cell is None else index(*cell)
    if here < 0 or not dodge_dice(state, f, here):
        return ()
    return tuple(
        XY[c] for c in NEIGHBOURS[here]
        if state.grid[c] >= 0 and (o := state.fighters[state.grid[c]]).owner != f.owner and not o.minion and not o.out
    )


def dodge_die_odds() -> dict[str, Fraction]:
    """The exact chances of one dodge die (the die rolled against one tackler): "free", "caught", "tackled"."""
    sides = len(COMBAT_DIE.faces)
    odds = {r: Fraction(sum(1 for face in COMBAT_DIE.faces if FACES[face].dodge == r), sides) for r in ("free", "tackled")}
    return {"free": odds["free"], "caught": 1 - odds["free"] - odds["tackled"], "tackled": odds["tackled"]}


def dodge_odds(state: State, fighter_id: int, cell: Cell | None = None) -> dict[str, Fraction]:
    """The exact chances of the dodge roll to leave `cell` (default: where it stands): "free", "caught", "tackled".

    One die per tackler (see `tacklers`); free only if every die shows a success face, tackled
    if any shows a shield-joker. No tackler (or no tackle rule): free for sure.
    """
    f = state.fighters[fighter_id]
    n = dodge_dice(state, f, f.cell if cell is None else index(*cell))
    per_die = dodge_die_odds()
    free = per_die["free"] ** n
    tackled = 1 - (1 - per_die["tackled"]) ** n
    return {"free": free, "caught": 1 - free - tackled, "tackled": tackled}


# -- gestures: what a click on the board means, as legal actions or the rules' reason ------------------
#
# Every function takes the state a board shows (a view) and the legal actions of the player at the
# screen (`legal`, empty when it is not their decision) and answers with a `Gesture`: the actions to
# play in order, or why the gesture maps to none. An *ability* is what a fighter aims at a cell:
# ("spell", spell id), ("favor", "left" | "right") or ("bonus", bonus id).

AbilityRef = tuple[str, str]
_VERBS = {"spell": "cast", "favor": "favor", "bonus": "challenge"}
_NOT_YOURS = "it is not your decision now"


def _name(state: State, fid: int) -> str:
    return CONTENT.character(state.fighters[fid].kind).name


def ability_of(state: State, fighter_id: int, ability: AbilityRef) -> Ability | None:
    """The content of an ability reference (None when the slot is empty or the id unknown)."""
    what, key = ability
    if what == "spell":
        return CONTENT.character(state.fighters[fighter_id].kind).spell(key)
    if what == "favor":
        fav = favor_in(state, key)
        return CONTENT.favors[fav].ability if fav else None
    bonus = BONUSES.get(key)
    return bonus.ability if bonus is not None else None


def ability_targets(state: State, fighter_id: int, ability: AbilityRef) -> Targets:
    """`spell_targets`, `favor_targets` or `challenge_targets`, by the kind of the ability."""
    what, key = ability
    if what == "spell":
        return spell_targets(state, fighter_id, key)
    if what == "favor":
        return favor_targets(state, fighter_id, key)
    return challenge_targets(state, fighter_id, key)


def _legal_uses(legal, fighter_id: int, ability: AbilityRef) -> list[Action]:
    verb = _VERBS[ability[0]]
    return [a for a in legal if a.kind == verb and a.args[0] == fighter_id and a.args[1] == ability[1]]


def arm(state: State, legal, fighter_id: int, ability: AbilityRef) -> str | None:
    """Why the player cannot take up (arm) this ability to aim it now, or None when it has a legal target.

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
    way = (reachable_cells(state, fid) if reach is None else reach).get(tuple(cell))
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


def end_label(state: State) -> str:
    """What the End button says: "End <fighter>" while one is being played, "End turn N" otherwise."""
    if state.phase in ("act", "decide") and state.active >= 0:
        return f"End {_name(state, state.active)}"
    return f"End turn {state.turn}"


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
    user, target = state.fighters[p.user], state.fighters[p.target]
    ability = ABILITIES.get(p.ability)
    if ability is None:
        return FACES[face].name
    n = combat_damage(state, user, target, ability, face)
    return f"{_name(state, p.target)} takes {n} damage"


# -- previews: what a gesture would bring, before it is made ----------------------------------------


class Dodge(NamedTuple):
    """One dodge roll a walk makes: the cell it leaves, its dice and the chance of each result."""

    cell: Cell
    dice: int
    free: Fraction
    caught: Fraction
    tackled: Fraction


class WalkPreview(NamedTuple):
    """What walking the fighter being played to a cell costs and risks."""

    cost: int  # MP spent
    path: tuple[Cell, ...]  # every cell passed (Ice slides included), start excluded
    dodges: tuple[Dodge, ...]  # the dodge rolls on the way, in order
    per_die: Fraction  # the chance one die dodges one tackler
    burns: int  # injuries from Fire tiles on the way


def walk_preview(state: State, cell: Cell) -> WalkPreview | None:
    """The walk of the fighter being played to `cell` (None when it cannot get there)."""
    if state.phase != "act":
        return None
    fid = state.active
    f = state.fighters[fid]
    reach = reachable_cells(state, fid)
    r = reach.get(tuple(cell))
    if r is None:
        return None
    by_steps = {x.steps: c for c, x in reach.items()}
    left = [f.xy] + [by_steps[r.steps[:i]] for i in range(1, len(r.steps))]
    dodges = []
    for c in left:
        n = dodge_dice(state, f, index(*c))
        if n:
            o = dodge_odds(state, fid, c)
            dodges.append(Dodge(c, n, o["free"], o["caught"], o["tackled"]))
    return WalkPreview(r.cost, r.path, tuple(dodges), dodge_die_odds()["free"], r.burns)


class AimPreview(NamedTuple):
    """What aiming an ability at a cell would do, as far as it is known before any die is rolled."""

    name: str  # the ability's name
    target: int  # the fighter on the cell (-1: none)
    ally: bool  # that fighter is on the user's own team (and is not the user)
    text: str  # the ability's effects in words ("" when it only deals damage)
    odds: dict[int, Fraction]  # damage amount -> chance, of the combat roll (empty: no roll)
    expected: Fraction | None  # the expected damage (None: no roll)
    jokers: bool  # jokers are counted as the roller would turn them (Dice Sides)
    fire: tuple[tuple[int, int], ...]  # (fighter id, injuries) that Fire tiles deal when the effects move someone


def aim_preview(state: State, fighter_id: int, ability: AbilityRef, cell: Cell) -> AimPreview:
    """The preview of aiming `ability` at `cell` (the odds of `damage_odds`, the Fire a push or a summon meets)."""
    ab = ability_of(state, fighter_id, ability)
    c = index(*cell)
    who = state.grid[c] if ab.aims_at_fighter or ab.target == "self" else -1
    user = state.fighters[fighter_id]
    ally = who >= 0 and who != fighter_id and state.fighters[who].owner == user.owner
    text = ab.text if ab.effects or not ab.damage else ""
    odds = damage_odds(state, fighter_id, ability[1], cell) if who >= 0 else {}
    expected = sum((d * p for d, p in odds.items()), Fraction(0)) if odds else None
    return AimPreview(ab.name, who, ally, text, odds, expected, bool(odds) and state.setup.die_jokers,
                      _fire_from_effects(state, fighter_id, ab, c))


def _fire_from_effects(state: State, fighter_id: int, ab: Ability, cell: int) -> tuple[tuple[int, int], ...]:
    """Play the effects that move fighters (push, summon, jump, swap) on a copy and count the Fire injuries.

    None of them rolls a die, so the answer is exact; the copy is thrown away."""
    from game.krosmaster import events as E
    from game.krosmaster.resolution import _jump, _shove, _summon, _swap

    moving = [e for e in ab.effects if e.kind in ("shove", "summon", "teleport", "swap")
              and not (e.glyphs and glyph_count(state, state.fighters[fighter_id].owner) < e.glyphs)]
    if not moving:
        return ()
    s = state.copy()
    target = s.grid[cell] if ab.aims_at_fighter else -1
    ev: list = []
    for e in moving:
        if s.phase == "over":
            break
        if e.kind == "shove" and target >= 0:
            _shove(s, fighter_id, target, e.amount, ev)
        elif e.kind == "summon":
            _summon(s, s.fighters[fighter_id].owner, e.minion, cell, ev)
        elif e.kind == "teleport":
            _jump(s, fighter_id, cell, ev)
        elif e.kind == "swap" and target >= 0:
            _swap(s, fighter_id, target, ev)
    return tuple((e.piece, e.amount) for e in ev if isinstance(e, E.Damaged) and e.source == "fire")


def points_left(state: State, fighter_id: int) -> tuple[int, int]:
    """(AP, MP) a fighter's card shows now: what it has left while being played, nothing once played this
    turn (unspent points are lost when its activation ends), what it will have when played otherwise."""
    f = state.fighters[fighter_id]
    if fighter_id == state.active:
        return state.ap, state.mp
    if f.out or (f.played and f.owner == state.to_move):
        return 0, 0
    return action_points(state, fighter_id), movement_points(state, fighter_id)


USE_COST = 1  # AP a spell, a Krosmic Favor or an active Divine Challenge bonus costs (a Favor is free for the Dofus holder)


def use_cost(state: State, fighter_id: int, ability: AbilityRef) -> int:
    """The AP this fighter pays to use the ability now."""
    if ability[0] == "favor" and state.dofus == state.fighters[fighter_id].owner:
        return 0
    return USE_COST


def challenge_thresholds() -> tuple[int, ...]:
    """The Glyph cell counts at which Divine Challenge bonuses unlock, lowest first (for the setup's help)."""
    return tuple(sorted({b.glyphs for ch in CONTENT.challenges.values() for b in ch.bonuses}))


class CellFacts(NamedTuple):
    """What stands on a cell, as a tip describes it."""

    fighter: int  # the fighter on it (-1: none)
    kind: str  # the layout's cell: "tree", "bush", "glyph", "start" or "free"
    terrain: str  # a terrain tile on it ("ice", "fire", "fog") or ""
    glyph_owner: int  # a Glyph cell's controller (-1: nobody, or not a Glyph cell)
    start_of: int  # whose starting cell it is (-1: nobody's)


def cell_facts(state: State, cell: Cell) -> CellFacts:
    c = index(*cell)
    board = state.board
    gi = board.glyph_index.get(c)
    start = 0 if c in board.starts[0] else 1 if c in board.starts[1] else -1
    return CellFacts(state.grid[c], board.kind(c), state.terrain[c], state.glyphs[gi] if gi is not None else -1, start)
