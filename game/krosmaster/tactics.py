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
- `exposure(state, seat)`: how likely `seat` is to lose a Krosmaster before it can move it again.

A hit's damage follows the combat roll (`resolution.combat_damage`, every face of the die equally
likely, a joker turned to hurt most under Dice Sides); flat damage (Iop's Wrath, Rain of Arrows) has
no roll. What the answers leave out, to stay one quick call: the Favor the opponent will reveal
next turn (only the two showing count, each slot once per attacker), a Spin Again, Fire or a shove,
and dodge rolls on the attacker's way (its walk is counted as if it were never caught). Hits of
different attackers are added as if each spent its whole turn on the one target.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from game.core import COMBAT_DIE
from game.krosmaster.content import CONTENT, Ability
from game.krosmaster.facts import (
    BONUSES,
    FACES,
    ability_range,
    active_bonuses,
    blockers,
    favor_in,
    glyph_count,
    occupied,
    power_of,
)
from game.krosmaster.grid import (
    BIT,
    DIST,
    NEIGHBOURS,
    XY,
    clear_sight,
    direction,
    index,
    ring,
    step,
)
from game.krosmaster.layouts import OBSTACLE_MASK
from game.krosmaster.resolution import combat_damage
from game.krosmaster.state import Fighter, State

Cell = tuple[int, int]
_MOST = 24  # damage counted at the most (far above any Krosmaster's HP)


class Hit(NamedTuple):
    """One blow a fighter can land on a cell: what it uses and the chance of each damage amount."""

    attacker: int  # fighter id
    ability: str  # its key: "spell:feline_claw", "favor:lucky_punch", "bonus:iops_wrath"
    odds: tuple[tuple[int, float], ...]  # (damage, chance), chances adding up to 1

    @property
    def sure(self) -> int:
        """The damage on a blank face: no luck either way."""
        return _blank(self.odds)

    @property
    def most(self) -> int:
        return max(d for d, _ in self.odds)

    @property
    def mean(self) -> float:
        return sum(d * p for d, p in self.odds)


class Threat(NamedTuple):
    """What one or more attackers can do to a cell in an activation or a turn."""

    hits: tuple[Hit, ...]
    sure: int  # damage with no luck either way (every die blank)
    most: int  # damage with every die at its best
    tail: tuple[float, ...]  # tail[k]: the chance of at least k damage (tail[0] = 1), up to `most`

    def chance(self, hp_left: int) -> float:
        """The chance of dealing at least `hp_left` damage (of a knockout, for that many HP left)."""
        if hp_left <= 0:
            return 1.0
        return self.tail[hp_left] if hp_left < len(self.tail) else 0.0

    @property
    def attackers(self) -> tuple[int, ...]:
        return tuple(sorted({h.attacker for h in self.hits}))


def hp_left(state: State, fighter_id: int) -> int:
    f = state.fighters[fighter_id]
    return CONTENT.character(f.kind).hp - f.injuries


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
    raw = _attack_cells(state, f, fresh, frozenset(ignore), want, f.owner ^ 1 if target_seat is None else target_seat)
    return {XY[c]: _threat(hits) for c, hits in raw.items()}


def threats(state: State, seat: int, *, ignore: Iterable[int] = ()) -> dict[Cell, Threat]:
    """What the opponent of `seat` can do to each cell in its next turn, all its fighters together (each
    with its full AP and MP), `ignore`d fighters off the board. Cells nothing reaches are left out."""
    return {XY[c]: _threat(h) for c, h in _side_threats(state, seat, frozenset(ignore)).items()}


def knockout_chance(state: State, fighter_id: int, cell: Cell | None = None) -> float:
    """The chance that the opponent's next turn knocks `fighter_id` out if it stops on `cell` (default:
    where it stands). The fighter is taken off its present cell for the question."""
    f = state.fighters[fighter_id]
    c = f.cell if cell is None else index(*cell)
    if c < 0 or f.out:
        return 0.0
    hits = _side_threats(state, f.owner, frozenset((fighter_id,))).get(c)
    return 0.0 if hits is None else _threat(hits).chance(hp_left(state, fighter_id))


def safe_cells(state: State, fighter_id: int) -> dict[Cell, float]:
    """Each cell the fighter can still reach this activation (its own cell included), with the chance
    of being knocked out there in the opponent's next turn."""
    f = state.fighters[fighter_id]
    if f.cell < 0 or f.out:
        return {}
    mp = state.mp if fighter_id == state.active else _fresh_points(state, f)[1]
    side = _side_threats(state, f.owner, frozenset((fighter_id,)))
    left = hp_left(state, fighter_id)
    out = {}
    for c in _walk(state, f, mp, frozenset((fighter_id,))):
        hits = side.get(c)
        out[XY[c]] = 0.0 if hits is None else _threat(hits).chance(left)
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
            got = _attack_cells(state, f, fresh, frozenset(), {e.cell}, e.owner)
            hits += got.get(e.cell, ())
        if not hits:
            continue
        t = _threat(hits)
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
    mover = state.to_move
    if mover is None:
        return 0.0
    mine = [f for f in state.fighters if f.owner == seat and not f.minion and not f.out and f.cell >= 0]
    if not mine:
        return 0.0
    worst = 0.0
    if mover == seat:
        gone = frozenset(f.id for f in state.fighters if f.owner == seat)
        side = _side_threats(state, seat, gone)
        for f in mine:
            left = hp_left(state, f.id)
            if f.played and f.id != state.active:
                spots: list[int] = [f.cell]
            else:
                spots = _walk(state, f, state.mp if f.id == state.active else _fresh_points(state, f)[1], gone)
            best = 1.0
            for c in spots:
                hits = side.get(c)
                chance = 0.0 if hits is None else _threat(hits).chance(left)
                if chance < best:
                    best = chance
                    if chance == 0.0:
                        break
            worst = max(worst, best)
        return worst
    cells = {f.cell for f in mine}
    per_cell: dict[int, list[Hit]] = {}
    for a in state.fighters:
        if a.owner != mover or a.out or a.cell < 0 or (a.played and a.id != state.active):
            continue
        for c, hits in _attack_cells(state, a, a.id != state.active, frozenset(), cells, seat).items():
            per_cell.setdefault(c, []).extend(hits)
    for f in mine:
        hits = per_cell.get(f.cell)
        if hits:
            worst = max(worst, _threat(hits).chance(hp_left(state, f.id)))
    return worst


def strike_from(state: State, target: int, cell: Cell) -> float:
    """The chance that the fighter being played, standing on `cell` with the AP it has left (no more
    walking), knocks `target` out."""
    f = state.fighters[state.active]
    e = state.fighters[target]
    got = _attack_cells(state, f, False, frozenset(), {e.cell}, e.owner, spots=[index(*cell)])
    hits = got.get(e.cell)
    return 0.0 if not hits else _threat(hits).chance(hp_left(state, target))


# -- the work --------------------------------------------------------------------------------------

_CACHE: dict = {}  # attack maps by everything they depend on (positions, points, Favors, Glyph counts)
_CACHE_SIZE = 4096


def _remember(cache: dict, key, make):
    """`cache[key]`, made by `make()` the first time (a full cache is emptied first: memory stays bounded)."""
    got = cache.get(key)
    if got is None:
        if len(cache) >= _CACHE_SIZE:
            cache.clear()
        got = cache[key] = make()
    return got


def _fresh_points(s: State, f: Fighter) -> tuple[int, int]:
    from game.krosmaster.facts import passive

    c = CONTENT.character(f.kind)
    ap = max(0, c.ap + f.ap_mark)
    mp = max(0, c.mp + f.mp_mark + passive(s, f.owner, "minion_mp" if f.minion else "krosmaster_mp"))
    return ap, mp


_WALKS: dict[tuple, list[int]] = {}


def _walk(s: State, f: Fighter, mp: int, gone: frozenset) -> list[int]:
    """The cells `f` can walk to with `mp` (its own cell first), Ice slides included, never caught."""
    return _remember(_WALKS, (f.id, f.kind, f.cell, mp, gone, _world_key(s, gone)), lambda: _walk_now(s, f, mp, gone))


def _walk_now(s: State, f: Fighter, mp: int, gone: frozenset) -> list[int]:
    closed = OBSTACLE_MASK[s.setup.layout] | occupied(s)
    for g in gone:
        c = s.fighters[g].cell
        if c >= 0:
            closed &= ~BIT[c]
    closed &= ~BIT[f.cell]
    slips = power_of(f, "no_slip") is None
    terrain = s.terrain
    seen = {f.cell}
    order = [f.cell]
    frontier = [f.cell]
    for _ in range(mp):
        nxt = []
        for c in frontier:
            for n in NEIGHBOURS[c]:
                if closed & BIT[n]:
                    continue
                end = n
                if slips and terrain[n] == "ice":
                    d = direction(c, n)
                    while terrain[end] == "ice":
                        beyond = step(end, d)
                        if beyond < 0 or closed & BIT[beyond]:
                            break
                        end = beyond
                if end not in seen:
                    seen.add(end)
                    order.append(end)
                    nxt.append(end)
        frontier = nxt
    return order


def _abilities(s: State, f: Fighter, fresh: bool) -> tuple[list[tuple[Ability, int, str]], int]:
    """The damaging abilities `f` may use in the activation, each with how many times and its slot,
    and the AP it has for them."""
    if fresh:
        ap = _fresh_points(s, f)[0]
        used: tuple = ()
        slots_used: tuple = ()
    else:
        ap, used, slots_used = s.ap, s.used, s.used_slots
    out = []
    for ab in CONTENT.character(f.kind).spells:
        if ab.damage <= 0 or (ab.once_per_turn and ab.key in used):
            continue
        out.append((ab, 1 if ab.once_per_turn or ab.new_target else ap, ""))
    if not f.minion:
        for slot in ("left", "right"):
            fav = favor_in(s, slot)
            if fav and slot not in slots_used:
                ab = CONTENT.favors[fav].ability
                if ab.damage > 0:
                    out.append((ab, 1, slot))
        if s.challenges:
            have = glyph_count(s, f.owner)
            for b in active_bonuses(s):
                ab = b.ability
                if have >= BONUSES[b.id].glyphs and ab.key not in used and any(e.kind in ("blast", "volley") for e in ab.effects):
                    out.append((ab, 1, ""))
    return out, ap


_ODDS: dict[tuple, tuple[tuple[int, float], ...]] = {}


def _odds(s: State, f: Fighter, ab: Ability, defender: Fighter) -> tuple[tuple[int, float], ...]:
    key = (ab.key, f.minion, f.owner, defender.minion, defender.owner, s.setup.die_jokers, s.challenges,
           s.glyphs.count(0), s.glyphs.count(1)) if s.challenges else (ab.key, f.owner == defender.owner, s.setup.die_jokers)
    return _remember(_ODDS, key, lambda: _count_odds(s, f, ab, defender))


def _count_odds(s: State, f: Fighter, ab: Ability, defender: Fighter) -> tuple[tuple[int, float], ...]:
    for e in ab.effects:
        if e.kind in ("blast", "volley"):
            return ((e.amount, 1.0),)
    enemy = defender.owner != f.owner
    jokers = s.setup.die_jokers
    share = 1.0 / len(COMBAT_DIE.faces)
    odds: dict[int, float] = {}
    for face in COMBAT_DIE.faces:
        turns = FACES[face].jokers if jokers and FACES[face].jokers else (face,)
        amounts = [combat_damage(s, f, defender, ab, t) for t in turns]
        d = max(amounts) if enemy else min(amounts)
        odds[d] = odds.get(d, 0.0) + share
    return tuple(sorted(odds.items()))


def _blank(odds: tuple[tuple[int, float], ...]) -> int:
    """The damage of the middle face (the blank one: base damage), read as the median of the odds."""
    acc = 0.0
    for d, p in odds:
        acc += p
        if acc >= 0.5 - 1e-9:
            return d
    return odds[-1][0]


def _defender(s: State, seat: int) -> Fighter:
    for o in s.fighters:
        if o.owner == seat and not o.minion:
            return o
    return s.fighters[0]


def _attack_cells(s: State, f: Fighter, fresh: bool, gone: frozenset, want: set | None, target_seat: int,
                  spots: list[int] | None = None) -> dict[int, tuple[Hit, ...]]:
    """The hits `f` can land on each cell (of `want`, or all), walking from its cell or standing on one of `spots`."""
    key = (_fighter_key(s, f, fresh), gone, target_seat, _world_key(s, gone),
           None if want is None else frozenset(want), None if spots is None else tuple(spots))
    got = _CACHE.get(key)
    if got is not None:
        return got
    abilities, ap = _abilities(s, f, fresh)
    result: dict[int, tuple[Hit, ...]] = {}
    if (abilities and ap > 0) or any(ab.source == "favor" and s.dofus == f.owner for ab, _, _ in abilities):
        if spots is None:
            spots = _walk(s, f, _fresh_points(s, f)[1] if fresh else s.mp, gone)
        block = blockers(s) & ~BIT[f.cell]
        for g in gone:
            c = s.fighters[g].cell
            if c >= 0:
                block &= ~BIT[c]
        obstacles = OBSTACLE_MASK[s.setup.layout]
        defender = _defender(s, target_seat)
        per_cell: dict[int, list[tuple[float, Hit, int, bool]]] = {}
        for ab, times, _slot in abilities:
            covered = _reach_mask(s, f, ab, spots, block, want)
            covered &= ~obstacles
            if not covered:
                continue
            odds = _odds(s, f, ab, defender)
            hit = Hit(f.id, ab.key, odds)
            free = ab.source == "favor" and s.dofus == f.owner
            for c in _cells_of(covered):
                if want is not None and c not in want:
                    continue
                per_cell.setdefault(c, []).append((hit.mean, hit, times, free))
        for c, options in per_cell.items():
            options.sort(key=lambda o: -o[0])
            budget = ap
            chosen: list[Hit] = []
            for _, hit, times, free in options:
                if free:
                    chosen.append(hit)
                    continue
                n = min(times, budget)
                chosen += [hit] * n
                budget -= n
            if chosen:
                result[c] = tuple(chosen)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[key] = result
    return result


def _fighter_key(s: State, f: Fighter, fresh: bool) -> tuple:
    """What an attack map depends on in the fighter itself (and its points left when not fresh)."""
    mine = (f.id, f.kind, f.cell, f.ap_mark, f.mp_mark, f.memo, fresh)
    return mine if fresh else mine + (s.ap, s.mp, s.used, s.used_slots)


_DAMAGING_FAVORS = frozenset(k for k, f in CONTENT.favors.items() if f.ability.damage > 0)
_WORLD: dict[tuple, tuple[State, tuple]] = {}  # (id(state), gone) -> (state, its world key): states never change once built


def _world_key(s: State, gone: frozenset = frozenset()) -> tuple:
    """What an attack map depends on around the fighter: positions (but those of the `gone` fighters),
    terrain, Glyphs, the Dofus, Favors."""
    got = _WORLD.get((id(s), gone))
    if got is not None and got[0] is s:
        return got[1]
    block, occ = blockers(s), occupied(s)
    for g in gone:
        c = s.fighters[g].cell
        if c >= 0:
            block &= ~BIT[c]
            occ &= ~BIT[c]
    terrain = s.terrain
    ice = 0
    if "ice" in terrain:  # Ice changes walks; Fog is in the blockers; Fire is left out (see the docstring)
        for c, t in enumerate(terrain):
            if t == "ice":
                ice |= BIT[c]
    favors = tuple(f for f in (favor_in(s, "left"), favor_in(s, "right")) if f in _DAMAGING_FAVORS)
    # Glyph cells matter only by their counts (ranges, Divine Challenges); the Dofus only for a damaging Favor
    key = (block, occ, s.setup, ice, s.glyphs.count(0), s.glyphs.count(1), favors, s.dofus if favors else -1,
           s.challenges)
    if len(_WORLD) >= 512:
        _WORLD.clear()
    _WORLD[(id(s), gone)] = (s, key)
    return key


def _reach_mask(s: State, f: Fighter, ab: Ability, spots: list[int], block: int, want: set | None) -> int:
    """The cells `ab` reaches from any of `spots` (range, straight line, line of sight)."""
    volley = any(e.kind == "volley" for e in ab.effects)
    blast = any(e.kind == "blast" for e in ab.effects)
    if volley or blast:
        e = next(e for e in ab.effects if e.kind in ("blast", "volley"))
        low, high = e.reach
        need_sight = volley
    else:
        low, high = ability_range(s, f, ab)
        need_sight = ab.sight
    line = ab.line
    covered = 0
    for p in spots:
        row = DIST[p]
        if want is not None:
            cands: Iterable[int] = [c for c in want if low <= row[c] <= high]
        else:
            cands = ring(p, low, high)
        for c in cands:
            bit = BIT[c]
            if covered & bit:
                continue
            if line and direction(p, c) is None:
                continue
            if need_sight and not clear_sight(p, c, block):
                continue
            covered |= bit
    return covered


def _cells_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_THREATS: dict[tuple[Hit, ...], Threat] = {}


def _threat(hits: Iterable[Hit]) -> Threat:
    """The hits added up (remembered: many cells and positions share the same hits)."""
    hits = tuple(hits)
    return _remember(_THREATS, hits, lambda: _add_up(hits))


def _add_up(hits: tuple[Hit, ...]) -> Threat:
    dist = [1.0]
    sure = most = 0
    for h in hits:
        sure += h.sure
        most += h.most
        new = [0.0] * min(_MOST + 1, len(dist) + h.most)
        for total, p in enumerate(dist):
            if p:
                for d, q in h.odds:
                    new[min(_MOST, total + d)] += p * q
        dist = new
    tail = []
    acc = 0.0
    for p in reversed(dist):
        acc += p
        tail.append(min(1.0, acc))
    tail.reverse()
    return Threat(hits, sure, min(most, _MOST), tuple(tail))


_SIDE: dict = {}


def _side_threats(s: State, seat: int, gone: frozenset) -> dict[int, tuple[Hit, ...]]:
    """Every cell the opponent of `seat` can damage in its next turn, with the hits of all its fighters."""
    foes = [f for f in s.fighters if f.owner != seat and not f.out and f.cell >= 0]
    key = (seat, gone, tuple(_fighter_key(s, f, True) for f in foes), _world_key(s, gone))
    got = _SIDE.get(key)
    if got is not None:
        return got
    per_cell: dict[int, list[Hit]] = {}
    for f in foes:
        for c, hits in _attack_cells(s, f, True, gone, None, seat).items():
            per_cell.setdefault(c, []).extend(hits)
    got = {c: tuple(h) for c, h in per_cell.items()}
    if len(_SIDE) >= _CACHE_SIZE // 4:
        _SIDE.clear()
    _SIDE[key] = got
    return got


__all__ = ["Hit", "Knockout", "Threat", "attacks", "exposure", "hp_left", "knockout_chance", "knockouts", "safe_cells",
           "strike_from", "threats"]
