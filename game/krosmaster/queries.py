"""What the board shows: where a fighter can go, what a spell or Favor can reach, the odds, what a cell holds.

Every answer speaks `(x, y)` cells, so an overlay can be painted straight from it:
- `reachable_cells`: cells a fighter can walk to with its MP, with the steps to send
  ("move F X Y" for each), the path including Ice slides, and the dodge rolls on the way;
- `spell_targets`, `favor_targets`, `challenge_targets` (`ability_targets` by an ability reference):
  the cells in range split into targetable (green), blocked by line of sight (red) and in range but
  not a legal target (with the reason), plus whether the ability can be used at all right now;
- `damage_odds`, `dodge_odds`, `dodge_die_odds`, `tacklers`, `tackle_zone`: exact chances (Fractions,
  from the die's faces) of each damage amount of a combat roll and of each dodge result, before the
  roll is made, and the cells that make a fighter roll to leave;
- `movement_points`, `action_points`, `points_left`, `use_cost`, `glyph_counts`, `unlocked_bonuses`,
  `line_of_sight`, `cell_facts`: the numbers and facts a card, a counter or a tip shows.
The board's clicks are read in `gestures`, the texts it shows before a click in `previews`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple, cast

from game.core import COMBAT_DIE
from game.krosmaster.content import CONTENT, Ability
from game.krosmaster.facts import (
    BONUSES, FACES, ability_range, availability_problem, blockers, dodge_dice, favor_in, glyph_count, passive,
    target_problem,
)
from game.krosmaster.grid import BIT, CELLS, NEIGHBOURS, XY, clear_sight, direction, index, ring, step
from game.krosmaster.layouts import OBSTACLE_MASK
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
                d = cast("tuple[int, int]", direction(c, n))  # a neighbour is always in line
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


# An *ability* is what a fighter aims at a cell: ("spell", spell id), ("favor", "left" | "right") or
# ("bonus", bonus id).
AbilityRef = tuple[str, str]


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
    layout = state.board
    gi = layout.glyph_index.get(c)
    start = 0 if c in layout.starts[0] else 1 if c in layout.starts[1] else -1
    return CellFacts(state.grid[c], layout.kind(c), state.terrain[c], state.glyphs[gi] if gi is not None else -1, start)
