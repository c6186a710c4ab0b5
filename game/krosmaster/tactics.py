"""What a careful Krosmaster player looks at: where each enemy fighter can hurt next turn and how much,
and who can be knocked out now.

- `attacks(state, fighter_id)`: every cell the fighter can damage in one activation (walk with its MP,
  then its spells, damaging Favors and Divine Challenge bonuses, within range and line of sight, as
  many as its AP pay for) and the hits it would land there;
- `threats(state, seat)`: the same for all the fighters of `seat`'s opponent together, in their next
  turn: what `seat`'s fighters face where they stand or stop;
- `knockout_chance(state, fighter_id, cell)`: "can I be knocked out where I stop?" in one call: the
  chance that the opponent's next turn knocks the fighter out on that cell (0 when nothing reaches it);
- `safe_cells(state, fighter_id)`: the cells the fighter can still walk to, with that chance for each;
- `knockouts(state)`: the enemy Krosmasters the seat to move can knock out in the rest of its turn, and
  `strike_from(state, target, cell)`: the chance the fighter being played knocks one out from a cell;
- `exposure(state, seat)`: how likely `seat` is to lose a Krosmaster before it can move it again, and
  `exposure_and_harm(state, seat)` with it the damage the opponent can be expected to deal to one of them;
- `dangers(state, seat)` and `danger_at(state, seat, cell)`: the stable call the board's danger overlay
  and Suggest use: which enemy pieces can damage a cell in their next turn, and how much (one `Danger`
  per attacker: its fighter id, the damage with every die blank, at best, on average, and the
  abilities it would use).

The walks, reaches and odds underneath are `reach`'s.

A hit's damage follows the combat roll (`resolution.combat_damage`, every face of the die equally
likely, a joker turned to hurt most under Dice Sides); flat damage (Iop's Wrath, Rain of Arrows) has
no roll. What the answers leave out, to stay one quick call: the Favor the opponent will reveal
next turn (only the two showing count, each slot once per attacker), a Spin Again, Fire or a shove,
and dodge rolls on the attacker's way (its walk is counted as if it were never caught). Hits of
different attackers are added as if each spent its whole turn on the one target.

`dangers` and `danger_at` (what a player is warned of) also count the Favors showing that carry an
enemy Krosmaster further: Second Wind's MP, a Krosmic Leap or a Transposition at any point of its walk,
Krosmic Surge's AP, each paid for with an AP unless its side holds the Dofus, and one Favor carrying one
attacker only (each Favor once per turn per player). The bots' questions
(`threats`, `exposure`, `knockout_chance`...) do not count them yet.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from game.krosmaster.content import CONTENT, Ability
from game.krosmaster.facts import blockers, favor_in, occupied
from game.krosmaster.grid import BIT, DIST, XY, clear_sight, index, ring
from game.krosmaster.layouts import OBSTACLE_MASK
from game.krosmaster.reach import Cell, Hit, Threat, attack_cells, fresh_points, hp_left, side_threats, threat_of, walk
from game.krosmaster.state import Fighter, State


def attacks(state: State, fighter_id: int, *, fresh: bool = True, ignore: Iterable[int] = (),
            cells: Iterable[Cell] | None = None, target_seat: int | None = None) -> dict[Cell, Threat]:
    """Every cell `fighter_id` can damage in one activation, and how.

    `fresh`: with the AP and MP it will have when next played (its card and markers); otherwise, for
    the fighter being played, with what it has left (and the once-per-turn abilities it used).
    `ignore`: fighters taken off the board (they neither block its walk nor its line of sight).
    `cells`: only these cells (quicker); `target_seat`: whose fighters the hits are aimed at (the
    fighter's opponent by default; Thornskin and friendly fire depend on it).
    """
    f = state.fighters[fighter_id]
    if f.out or f.cell < 0:
        return {}
    want = None if cells is None else {index(*c) for c in cells}
    raw = attack_cells(state, f, fresh, frozenset(ignore), want, f.owner ^ 1 if target_seat is None else target_seat)
    return {XY[c]: threat_of(hits) for c, hits in raw.items()}


def threats(state: State, seat: int, *, ignore: Iterable[int] = ()) -> dict[Cell, Threat]:
    """What the opponent of `seat` can do to each cell in its next turn, all its fighters together (each
    with its full AP and MP), `ignore`d fighters off the board. Cells nothing reaches are left out."""
    return {XY[c]: threat_of(h) for c, h in side_threats(state, seat, frozenset(ignore)).items()}


def knockout_chance(state: State, fighter_id: int, cell: Cell | None = None) -> float:
    """The chance that the opponent's next turn knocks `fighter_id` out if it stops on `cell` (default:
    where it stands). The fighter is taken off its present cell for the question."""
    f = state.fighters[fighter_id]
    c = f.cell if cell is None else index(*cell)
    if c < 0 or f.out:
        return 0.0
    hits = side_threats(state, f.owner, frozenset((fighter_id,))).get(c)
    return 0.0 if hits is None else threat_of(hits).chance(hp_left(state, fighter_id))


def safe_cells(state: State, fighter_id: int) -> dict[Cell, float]:
    """Each cell the fighter can still reach this activation (its own cell included), with the chance
    of being knocked out there in the opponent's next turn."""
    f = state.fighters[fighter_id]
    if f.cell < 0 or f.out:
        return {}
    mp = state.mp if fighter_id == state.active else fresh_points(state, f)[1]
    side = side_threats(state, f.owner, frozenset((fighter_id,)))
    left = hp_left(state, fighter_id)
    out = {}
    for c in walk(state, f, mp, frozenset((fighter_id,))):
        hits = side.get(c)
        out[XY[c]] = 0.0 if hits is None else threat_of(hits).chance(left)
    return out


class Knockout(NamedTuple):
    target: int  # the enemy Krosmaster
    chance: float  # of knocking it out in the rest of this turn, every attacker on it
    sure: bool  # done with no luck at all (every die blank)
    attackers: tuple[int, ...]


def knockouts(state: State) -> list[Knockout]:
    """The enemy Krosmasters the seat to move can knock out in the rest of its turn (the fighter being
    played with what it has left, the others not yet played with their full AP and MP), surest first."""
    seat = state.to_move
    if seat is None or state.phase not in ("select", "act", "decide", "reveal"):
        return []
    mine = [f for f in state.fighters if f.owner == seat and not f.out and f.cell >= 0
            and (f.id == state.active or not f.played)]
    found = []
    for e in state.fighters:
        if e.owner == seat or e.out or e.minion or e.cell < 0:
            continue
        hits: list[Hit] = []
        for f in mine:
            fresh = f.id != state.active
            got = attack_cells(state, f, fresh, frozenset(), {e.cell}, e.owner)
            hits += got.get(e.cell, ())
        if not hits:
            continue
        t = threat_of(hits)
        need = hp_left(state, e.id)
        chance = t.chance(need)
        if chance > 0:
            found.append(Knockout(e.id, chance, t.sure >= need, t.attackers))
    found.sort(key=lambda k: (-k.chance, k.target))
    return found


def exposure(state: State, seat: int) -> float:
    """How likely `seat` is to lose a Krosmaster before it can move it again: on its own turn, each of its
    Krosmasters on the safest cell it can still walk to (where it stands once played) against the
    opponent's next turn; on the opponent's turn, where they stand against what the opponent has left
    to play this turn. The largest chance of its Krosmasters (any knockout ends the game)."""
    return _peril(state, seat, False)[0]


def exposure_and_harm(state: State, seat: int) -> tuple[float, float]:
    """`exposure`, and the harm in reach: the most damage the opponent can be expected to deal to one of
    `seat`'s Krosmasters before it moves again (on the same cells as `exposure`, the one among the safest
    that is least hurt; the damage counted up to the HP it has left, since no more can be lost)."""
    return _peril(state, seat, True)


def _capped_mean(tail: tuple[float, ...], left: int) -> float:
    """The mean damage counted up to `left` (no more can be lost): the sum of the chances of at least 1..left."""
    return sum(tail[1:left + 1])


def _peril(state: State, seat: int, harm: bool) -> tuple[float, float]:
    mover = state.to_move
    if mover is None:
        return 0.0, 0.0
    mine = [f for f in state.fighters if f.owner == seat and not f.minion and not f.out and f.cell >= 0]
    if not mine:
        return 0.0, 0.0
    worst = 0.0
    most = 0.0
    if mover == seat:
        gone = frozenset(f.id for f in state.fighters if f.owner == seat)
        side = side_threats(state, seat, gone)
        for f in mine:
            left = hp_left(state, f.id)
            if f.played and f.id != state.active:
                spots: list[int] = [f.cell]
            else:
                spots = walk(state, f, state.mp if f.id == state.active else fresh_points(state, f)[1], gone)
            best: tuple[float, float] | None = None  # (knockout chance, harm) of the safest spot
            for c in spots:
                hits = side.get(c)
                if hits is None:
                    best = (0.0, 0.0)
                    break
                t = threat_of(hits)
                here = (t.chance(left), _capped_mean(t.tail, left) if harm else 0.0)
                if best is None or here < best:
                    best = here
                    if here[0] == 0.0 and not harm:
                        break
            if best is None:
                best = (1.0, 0.0)
            worst = max(worst, best[0])
            most = max(most, best[1])
        return worst, most
    cells = {f.cell for f in mine}
    per_cell: dict[int, list[Hit]] = {}
    for a in state.fighters:
        if a.owner != mover or a.out or a.cell < 0 or (a.played and a.id != state.active):
            continue
        for c, hits in attack_cells(state, a, a.id != state.active, frozenset(), cells, seat).items():
            per_cell.setdefault(c, []).extend(hits)
    for f in mine:
        cell_hits = per_cell.get(f.cell)
        if cell_hits:
            t = threat_of(cell_hits)
            left = hp_left(state, f.id)
            worst = max(worst, t.chance(left))
            if harm:
                most = max(most, _capped_mean(t.tail, left))
    return worst, most


def strike_from(state: State, target: int, cell: Cell) -> float:
    """The chance that the fighter being played, standing on `cell` with the AP it has left (no more
    walking), knocks `target` out."""
    f = state.fighters[state.active]
    e = state.fighters[target]
    got = attack_cells(state, f, False, frozenset(), {e.cell}, e.owner, spots=[index(*cell)])
    hits = got.get(e.cell)
    return 0.0 if not hits else threat_of(hits).chance(hp_left(state, target))


class Danger(NamedTuple):
    """What one enemy piece can do to a cell in its next turn."""

    attacker: int  # the enemy fighter's id
    sure: int  # damage with every die blank
    most: int  # damage with every die at its best
    mean: float  # damage on average
    abilities: tuple[str, ...]  # the abilities it would use there ("spell:feline_claw", "favor:lucky_punch")


def dangers(state: State, seat: int, *, ignore: Iterable[int] = ()) -> dict[Cell, tuple[Danger, ...]]:
    """Which enemy pieces can damage each cell in their next turn, and how much.

    For every cell that some fighter of `seat`'s opponent can damage in its next turn (walking with its
    full MP, then as many damaging spells, Favors and bonuses as its AP pay for, within range and line
    of sight), one `Danger` per such fighter, most damage first; cells nothing reaches are left out.
    `ignore`: fighters taken off the board for the question (e.g. the piece that would move there).
    What is left out is in this module's docstring."""
    gone = frozenset(ignore)
    per: dict[int, list[tuple[int, list[tuple[tuple[Hit, ...], str]]]]] = {}
    for f in state.fighters:
        if f.owner == seat or f.out or f.cell < 0:
            continue
        for c, options in _options(state, f, gone, None, seat).items():
            per.setdefault(c, []).append((f.id, options))
    return {XY[c]: _together(found) for c, found in per.items()}


def danger_at(state: State, seat: int, cell: Cell, *, ignore: Iterable[int] = ()) -> tuple[Danger, ...]:
    """Which enemy pieces can damage `cell` in their next turn, and how much (see `dangers`); () when none."""
    c = index(*cell)
    gone = frozenset(ignore)
    found = []
    for f in state.fighters:
        if f.owner == seat or f.out or f.cell < 0:
            continue
        options = _options(state, f, gone, {c}, seat).get(c)
        if options:
            found.append((f.id, options))
    return _together(found)


def _together(found: list[tuple[int, list[tuple[tuple[Hit, ...], str]]]]) -> tuple[Danger, ...]:
    """The attackers' blows on one cell, most damage first: each attacker takes the option (on foot, or carried
    by a Favor) that adds most, and one Favor carries one attacker only (each Favor once per turn per player)."""
    best: tuple[float, list[Danger]] = (-1.0, [])

    def pick(i: int, helpers: frozenset, total: float, chosen: list[Danger]) -> None:
        nonlocal best
        if i == len(found):
            if total > best[0] + 1e-9:
                best = (total, list(chosen))
            return
        fid, options = found[i]
        for hits, helper in options:
            if helper and helper in helpers:
                continue
            d = _danger(fid, hits, helper)
            pick(i + 1, helpers | {helper} if helper else helpers, total + d.mean, chosen + [d])
        if all(helper for _, helper in options):  # it cannot reach this cell without a Favor another one may use
            pick(i + 1, helpers, total, chosen)

    pick(0, frozenset(), 0.0, [])
    return tuple(sorted(best[1], key=lambda x: (-x.mean, x.attacker)))


def _danger(fid: int, hits: tuple[Hit, ...], helper: str) -> Danger:
    t = threat_of(hits)
    used = ((helper,) if helper else ()) + tuple(h.ability for h in hits)
    return Danger(fid, t.sure, t.most, sum(h.mean for h in hits), tuple(dict.fromkeys(used)))


def _options(s: State, f: Fighter, gone: frozenset, want: set | None,
             seat: int) -> dict[int, list[tuple[tuple[Hit, ...], str]]]:
    """What `f` can do to each cell next turn: its blows on foot ("") and, where a moving Favor showing now lends
    it more, its blows carried by that Favor (the Favor's key), best first."""
    foot = attack_cells(s, f, True, gone, want, seat)
    got: dict[int, list[tuple[tuple[Hit, ...], str]]] = {c: [(hits, "")] for c, hits in foot.items()}
    for spots, spent, helper in _assisted(s, f, gone):
        for c, hits in attack_cells(s, f, True, gone, want, seat, spots=spots, ap_spent=spent).items():
            if c not in foot or sum(h.mean for h in hits) > sum(h.mean for h in foot[c]):
                got.setdefault(c, []).append((hits, helper))
    for options in got.values():
        options.sort(key=lambda o: -sum(h.mean for h in o[0]))
    return got


def _assisted(s: State, f: Fighter, gone: frozenset) -> list[tuple[list[int], int, str]]:
    """Where enemy Krosmaster `f` can stand next turn with the help of a Favor showing now: each group of
    cells with the AP that help costs (1, or 0 for the Dofus holder; less when the Favor gives AP) and the
    Favor's key."""
    if f.minion:
        return []
    ap, mp = fresh_points(s, f)
    cost = 0 if s.dofus == f.owner else 1
    if ap < cost:
        return []
    out: list[tuple[list[int], int, str]] = []
    for slot in ("left", "right"):
        fav = favor_in(s, slot)
        if not fav:
            continue
        ab = CONTENT.favors[fav].ability
        for e in ab.effects:
            if e.on == "caster" and e.kind == "mp" and e.amount > 0:
                out.append((walk(s, f, mp + e.amount, gone), cost, ab.key))
            elif e.on == "caster" and e.kind == "ap" and e.amount > 0:
                out.append((walk(s, f, mp, gone), cost - e.amount, ab.key))
        if ab.moves_user:
            out.append((_jumps(s, f, ab, mp, gone), cost, ab.key))
    return out


def _jumps(s: State, f: Fighter, ab: Ability, mp: int, gone: frozenset) -> list[int]:
    """The cells `f` can end on by walking, using `ab` (a Krosmic Leap or a Transposition) on any cell of its
    walk, and walking on with the MP left."""
    occ = occupied(s)
    for g in gone:
        if s.fighters[g].cell >= 0:
            occ &= ~BIT[s.fighters[g].cell]
    free = ~(occ | OBSTACLE_MASK[s.setup.layout]) | BIT[f.cell]
    block = blockers(s) & ~BIT[f.cell]
    swaps = [o.cell for o in s.fighters if o.id != f.id and not o.out and o.cell >= 0 and o.id not in gone]
    swap = any(e.kind == "swap" for e in ab.effects)
    left: dict[int, int] = {}  # a cell it can start from after the Favor -> the most MP it has left there
    seen: set[int] = set()
    for used in range(mp + 1):
        for c in walk(s, f, used, gone):
            if c in seen:
                continue
            seen.add(c)
            if swap:
                ends = [o for o in swaps if ab.low <= DIST[c][o] <= ab.high and (not ab.sight or clear_sight(c, o, block))]
            else:
                ends = [o for o in ring(c, ab.low, ab.high) if free & BIT[o]]
            for o in ends:
                left[o] = max(left.get(o, -1), mp - used)
    cells: dict[int, None] = dict.fromkeys(walk(s, f, mp, gone))
    moved = gone | {f.id}
    for o, m in left.items():
        there = f.copy()
        there.cell = o
        cells.update(dict.fromkeys(walk(s, there, m, moved)))
    return list(cells)


__all__ = ["Danger", "Hit", "Knockout", "Threat", "attacks", "danger_at", "dangers", "exposure", "exposure_and_harm", "hp_left", "knockout_chance", "knockouts", "safe_cells",
           "strike_from", "threats"]
