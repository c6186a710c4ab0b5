"""The work under Krosmaster's tactics: where a fighter can walk (Ice slides included, never caught),
which cells each of its damaging abilities reaches from there, the odds of each hit, and the hits added
up into the chance of dealing at least so much damage. `tactics` asks its questions of these; the
answers are remembered by everything they depend on (positions, points, Favors, Glyph counts), in
bounded caches, since the bots ask the same things of many near-identical states.

- `walk(state, fighter, mp, gone)`: the cells a fighter can walk to;
- `attack_cells(state, fighter, fresh, gone, want, target_seat)`: the hits it can land on each cell;
- `side_threats(state, seat, gone)`: the hits of all the opponent's fighters on each cell next turn;
- `threat_of(hits)`: hits added up (`Threat`: sure, most, and the chance of at least k damage).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, cast

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
    clear_sight,
    direction,
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


def fresh_points(s: State, f: Fighter) -> tuple[int, int]:
    from game.krosmaster.facts import passive

    c = CONTENT.character(f.kind)
    ap = max(0, c.ap + f.ap_mark)
    mp = max(0, c.mp + f.mp_mark + passive(s, f.owner, "minion_mp" if f.minion else "krosmaster_mp"))
    return ap, mp


_WALKS: dict[tuple, list[int]] = {}


def walk(s: State, f: Fighter, mp: int, gone: frozenset) -> list[int]:
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
                    d = cast("tuple[int, int]", direction(c, n))  # a neighbour is always in line
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
        ap = fresh_points(s, f)[0]
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
                ab = cast(Ability, b.ability)  # active bonuses are those with an ability
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


def attack_cells(s: State, f: Fighter, fresh: bool, gone: frozenset, want: set | None, target_seat: int,
                  spots: list[int] | None = None, ap_spent: int = 0) -> dict[int, tuple[Hit, ...]]:
    """The hits `f` can land on each cell (of `want`, or all), walking from its cell or standing on one of `spots`;
    `ap_spent`: AP gone before the blows (a Favor that moved it; negative: AP it gained)."""
    key = (_fighter_key(s, f, fresh), gone, target_seat, _world_key(s, gone),
           None if want is None else frozenset(want), None if spots is None else tuple(spots), ap_spent)
    got = _CACHE.get(key)
    if got is not None:
        return got
    abilities, ap = _abilities(s, f, fresh)
    ap = max(0, ap - ap_spent)
    result: dict[int, tuple[Hit, ...]] = {}
    if (abilities and ap > 0) or any(ab.source == "favor" and s.dofus == f.owner for ab, _, _ in abilities):
        if spots is None:
            spots = walk(s, f, fresh_points(s, f)[1] if fresh else s.mp, gone)
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


def threat_of(hits: Iterable[Hit]) -> Threat:
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


def side_threats(s: State, seat: int, gone: frozenset) -> dict[int, tuple[Hit, ...]]:
    """Every cell the opponent of `seat` can damage in its next turn, with the hits of all its fighters."""
    foes = [f for f in s.fighters if f.owner != seat and not f.out and f.cell >= 0]
    key = (seat, gone, tuple(_fighter_key(s, f, True) for f in foes), _world_key(s, gone))
    got = _SIDE.get(key)
    if got is not None:
        return got
    per_cell: dict[int, list[Hit]] = {}
    for f in foes:
        for c, hits in attack_cells(s, f, True, gone, None, seat).items():
            per_cell.setdefault(c, []).extend(hits)
    got = {c: tuple(h) for c, h in per_cell.items()}
    if len(_SIDE) >= _CACHE_SIZE // 4:
        _SIDE.clear()
    _SIDE[key] = got
    return got


__all__ = ["Cell", "Hit", "Threat", "attack_cells", "fresh_points", "hp_left", "side_threats", "threat_of", "walk"]
