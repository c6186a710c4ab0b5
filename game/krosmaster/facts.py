"""The small facts under the rules: Glyph counts, passive bonuses, ranges, line of sight, valid targets,
who may use what, how many dodge dice a fighter rolls, which Favor shows in a slot, which team has
lost half of its Krosmasters.

Shared by `legal_actions`, `apply`, the refusal reasons, the decision and the board's queries, so
all of them give the same answer.
"""

from __future__ import annotations

from itertools import compress, filterfalse

from game.core.grammar import counted
from game.krosmaster.grid import BIT, CELLS, DIST, NEIGHBOURS, clear_sight, direction, ring
from game.krosmaster.layouts import OBSTACLE_MASK, TREE_MASK
from game.krosmaster.content import CONTENT, Ability, Bonus
from game.krosmaster.state import Fighter, State

SPELLS: dict[str, Ability] = {
    s.id: s for c in list(CONTENT.krosmasters.values()) + list(CONTENT.minions.values()) for s in c.spells
}
BONUSES: dict[str, Bonus] = {b.id: b for ch in CONTENT.challenges.values() for b in ch.bonuses}
ABILITIES: dict[str, Ability] = {a.key: a for a in SPELLS.values()}
ABILITIES.update({f.ability.key: f.ability for f in CONTENT.favors.values()})
ABILITIES.update({b.ability.key: b.ability for b in BONUSES.values() if b.ability})
FACES = CONTENT.faces
# Passive bonuses per challenge: (kind, glyphs needed, amount)
_PASSIVES = {ch.id: tuple((b.passive, b.glyphs, b.amount) for b in ch.bonuses if b.passive) for ch in CONTENT.challenges.values()}


def glyph_count(s: State, seat: int) -> int:
    return s.glyphs.count(seat)


def passive(s: State, seat: int, kind: str, glyphs: int | None = None) -> int:
    """The total of the passive bonuses of `kind` that `seat` has unlocked (1 per flag bonus)."""
    if not s.challenges:
        return 0
    have = glyph_count(s, seat) if glyphs is None else glyphs
    total = 0
    for ch in s.challenges:
        for k, need, amount in _PASSIVES[ch]:
            if k == kind and have >= need:
                total += amount or 1
    return total


def power_of(f: Fighter, kind: str):
    return CONTENT.character(f.kind).power(kind)


_RANGE_POWER = {c.id: c.power("range") for c in list(CONTENT.krosmasters.values()) + list(CONTENT.minions.values())}


def ability_range(s: State, f: Fighter, ab: Ability) -> tuple[int, int]:
    """The range of `ab` for fighter `f` now, with range bonuses (Krosmaster spells reaching 2+ only)."""
    low, high = ab.low, ab.high
    if ab.source == "spell" and not f.minion and high >= 2:
        if s.challenges:
            high += passive(s, f.owner, "spell_range")
        p = _RANGE_POWER[f.kind]
        if p is not None and s.glyphs.count(f.owner) >= p.glyphs:
            high += p.amount
    return low, high


def geometry(s: State) -> tuple[int, int, tuple[int, ...]]:
    """`(blockers, occupied, fighter cells)` of the position, computed once per state (apply resets it
    whenever a fighter, a tree or a Fog tile changes cells): the bitmask of the cells that block line
    of sight (trees, fighters and Fog), the bitmask of the cells a fighter stands on, and those cells
    in row-major order. The grid always matches the fighters' cells."""
    g = s._geo
    if g is None:
        occ = 0
        for f in s.fighters:
            if f.cell >= 0:
                occ |= BIT[f.cell]
        block = TREE_MASK[s.setup.layout] | occ
        terrain = s.terrain
        if "fog" in terrain:
            for i, t in enumerate(terrain):
                if t == "fog":
                    block |= BIT[i]
        g = s._geo = (block, occ, tuple(sorted(f.cell for f in s.fighters if f.cell >= 0)))
    return g


def blockers(s: State) -> int:
    """Bitmask of the cells that block line of sight: trees, fighters and Fog."""
    return (s._geo or geometry(s))[0]


def occupied(s: State) -> int:
    """Bitmask of the cells a fighter stands on."""
    return (s._geo or geometry(s))[1]


def is_free(s: State, cell: int) -> bool:
    """No tree, bush or fighter: a fighter may step there."""
    return s.grid[cell] < 0 and not OBSTACLE_MASK[s.setup.layout] & BIT[cell]


def summon_problem(s: State, seat: int, minion: str, limit: int) -> str | None:
    mine = total = 0
    for f in s.fighters:
        if f.kind == minion and not f.out:
            total += 1
            mine += f.owner == seat
    m = CONTENT.minions[minion]
    if mine >= limit:
        return f"at most {counted(limit, m.name)} per player on the board"
    if total >= m.tokens:
        return f"all {counted(m.tokens, m.name + ' token')} are in play" if m.tokens != 1 else f"the only {m.name} token is in play"
    return None


def summon_room(s: State, seat: int, minion: str, limit: int) -> bool:
    """`summon_problem(...) is None` without building its sentence: `seat` may put one more `minion` on the board."""
    mine = total = 0
    for f in s.fighters:
        if f.kind == minion and not f.out:
            total += 1
            if f.owner == seat:
                mine += 1
    return mine < limit and total < _TOKENS[minion]


_TOKENS = {k: m.tokens for k, m in CONTENT.minions.items()}


def target_problem(s: State, f: Fighter, ab: Ability, cell: int, check_sight: bool = True) -> str | None:
    """Why `f` cannot aim `ab` at `cell` (range, straight line, line of sight, target), or None if it can."""
    here = f.cell
    if ab.target == "self":
        return None if cell == here else f"{ab.name} is used on the user's own cell"
    if not ab.anywhere:
        low, high = ability_range(s, f, ab)
        d = DIST[here][cell]
        if not low <= d <= high:
            reach = f"{low}" if low == high else f"{low}-{high}"
            return f"out of range: the target is {counted(d, 'cell')} away, {ab.name} reaches {reach}"
        if ab.line and direction(here, cell) is None:
            return f"{ab.name} must be aimed along a row or a column"
    if check_sight and ab.sight and not clear_sight(here, cell, blockers(s)):
        return "no line of sight to that cell"
    return kind_problem(s, f, ab, cell)


def kind_problem(s: State, f: Fighter, ab: Ability, cell: int) -> str | None:
    """Whether the cell holds what `ab` needs (a fighter, an enemy, an empty cell, ...)."""
    t = ab.target
    who = s.grid[cell]
    if t in ("fighter", "enemy", "ally_krosmaster"):
        if who < 0:
            return "there is no fighter on that cell"
        other = s.fighters[who]
        if t == "enemy" and other.owner == f.owner:
            return f"{ab.name} targets an enemy fighter"
        if t == "ally_krosmaster" and (other.owner != f.owner or other.minion):
            return f"{ab.name} targets an allied Krosmaster"
        if ab.new_target:
            for spell, last in f.memo:
                if spell == ab.id and last == who:
                    return f"{ab.name} must target another fighter than last time"
        return None
    if who >= 0:
        return "that cell is occupied by a fighter"
    if OBSTACLE_MASK[s.setup.layout] & BIT[cell]:
        return "that cell holds a tree or a bush"
    if t == "terrain":  # a terrain tile cell is still a free cell: summons and jumps may land there
        if s.terrain[cell]:
            return "that cell already holds a terrain tile"
        if cell in s.board.glyph_index:
            return "terrain tiles cannot go on Glyph cells"
    for e in ab.effects:
        if e.kind == "summon":
            return summon_problem(s, f.owner, e.minion, e.limit)
    return None


_AIMED_AT_FIGHTERS = ("fighter", "enemy", "ally_krosmaster")
# Per cell: the bitmask of the other cells on its row or column (where a straight-line ability may aim).
ALIGNED: tuple[int, ...] = tuple(
    sum(BIT[c] for c in range(CELLS) if c != a and direction(a, c) is not None) for a in range(CELLS)
)
_ALIGNED_CELLS: tuple[frozenset[int], ...] = tuple(frozenset(c for c in range(CELLS) if ALIGNED[a] & BIT[c]) for a in range(CELLS))


def _open_cells(glyphs_too: bool) -> dict[str, tuple[int, ...]]:
    from game.krosmaster.layouts import BOARDS

    return {
        k: tuple(c for c in range(CELLS) if not OBSTACLE_MASK[k] & BIT[c] and not (glyphs_too and c in b.glyph_index))
        for k, b in BOARDS.items()
    }


_OPEN = _open_cells(False)  # per layout: the cells without a tree or a bush (an empty-cell target may be one)
_TILE_SPOTS = _open_cells(True)  # per layout: the cells without a tree, a bush or a Glyph (a terrain tile may go there)
# (layout, cell, low, high, in line, for a tile): the cells an ability aimed at a cell may reach, in row-major order
_REACH: dict[tuple[str, int, int, int, bool, bool], tuple[int, ...]] = {}


def _reach(layout: str, here: int, low: int, high: int, line: bool, tile: bool) -> tuple[int, ...]:
    """The cells at `low`..`high` from `here` (on its row or column if `line`) without a tree or a
    bush (nor a Glyph if `tile`), computed once per layout and shape."""
    key = (layout, here, low, high, line, tile)
    cells = _REACH.get(key)
    if cells is None:
        spots = set((_TILE_SPOTS if tile else _OPEN)[layout])
        aligned = _ALIGNED_CELLS[here]
        cells = _REACH[key] = tuple(c for c in ring(here, low, high) if c in spots and (not line or c in aligned))
    return cells


def targets(s: State, f: Fighter, ab: Ability, seen: dict[int, bool] | None = None) -> list[int]:
    """Every cell `f` may aim `ab` at now (ignoring AP and availability), in row-major order.

    Exactly the cells among the candidates (the fighters in range, or the cells of the ring of
    range or the whole board without a tree or a bush, cached per layout) for which
    `target_problem` finds nothing, with line of sight, the dearest check, last (tests compare
    the two on random positions). `seen`, when given, keeps the line-of-sight answers from
    `f`'s cell in this state between calls for several abilities.
    """
    here = f.cell
    t = ab.target
    if t == "self":
        return [here]
    sight = ab.sight
    geo = s._geo or geometry(s)
    block = geo[0]
    out = []
    if t in _AIMED_AT_FIGHTERS:
        low, high = ability_range(s, f, ab)
        aligned = _ALIGNED_CELLS[here] if ab.line and not ab.anywhere else None
        row = DIST[here]
        grid = s.grid
        fighters = s.fighters
        owner = f.owner
        memo = [last for spell, last in f.memo if spell == ab.id] if ab.new_target else ()
        for c in geo[2]:  # who stands there first, line of sight last
            if not low <= row[c] <= high or (aligned is not None and c not in aligned):
                continue
            who = grid[c]
            if t == "enemy":
                if fighters[who].owner == owner:
                    continue
            elif t == "ally_krosmaster":
                other = fighters[who]
                if other.owner != owner or other.minion:
                    continue
            if who in memo:
                continue
            if sight:
                ok = seen.get(c) if seen is not None else None
                if ok is None:
                    ok = clear_sight(here, c, block)
                    if seen is not None:
                        seen[c] = ok
                if not ok:
                    continue
            out.append(c)
        return out
    tile = t == "terrain"
    if ab.anywhere:
        cands = (_TILE_SPOTS if tile else _OPEN)[s.setup.layout]
    else:
        low, high = ability_range(s, f, ab)
        cands = _reach(s.setup.layout, here, low, high, ab.line, tile)
    taken = set(geo[2])  # the fighters' cells, and for a tile the cells holding one
    if tile:
        taken.update(compress(_CELL_INDEXES, s.terrain))
    cells = list(filterfalse(taken.__contains__, cands))  # scanned in C
    if not cells:
        return cells
    summons = _SUMMONS.get(ab.key)
    if summons is None:
        summons = tuple(e for e in ab.effects if e.kind == "summon")
    if summons and not summon_room(s, f.owner, summons[0].minion, summons[0].limit):
        return []
    if not sight:
        return cells
    for c in cells:
        ok = seen.get(c) if seen is not None else None
        if ok is None:
            ok = clear_sight(here, c, block)
            if seen is not None:
                seen[c] = ok
        if ok:
            out.append(c)
    return out


_CELL_INDEXES = range(CELLS)


def availability_problem(s: State, f: Fighter, ab: Ability, slot: str = "") -> str | None:
    """Why `f` cannot use `ab` at all right now (AP, once per turn, Glyph threshold, ...), or None."""
    seat = f.owner
    if ab.source == "favor":
        if f.minion:
            return "Minions cannot use Krosmic Favors"
        if slot in s.used_slots:
            return f"the {slot} Favor was already used this turn"
        if s.ap < 1 and s.dofus != seat:
            return "no Action Points left (a Favor costs 1 AP without the Dofus)"
    else:
        if ab.source == "bonus":
            if f.minion:
                return "Minions cannot use Divine Challenge bonuses"
            bonus = BONUSES[ab.id]
            have = glyph_count(s, seat)
            if have < bonus.glyphs:
                return f"{ab.name} needs {counted(bonus.glyphs, 'Glyph cell')}, you control {have}"
        if s.ap < 1:
            return "no Action Points left"
        if ab.key in s.used and (ab.once_per_turn or ab.source == "bonus"):
            return f"{ab.name} was already used this turn"
    for e in ab.effects:
        if e.kind == "summon":
            problem = summon_problem(s, seat, e.minion, e.limit)
            if problem:
                return problem
    return None


# Per ability key: its summon effects (the only effects that can make an ability unavailable).
_SUMMONS: dict[str, tuple] = {a.key: tuple(e for e in a.effects if e.kind == "summon") for a in ABILITIES.values()}


def usable(s: State, f: Fighter, ab: Ability, slot: str = "") -> bool:
    """`availability_problem(s, f, ab, slot) is None`, without building the reason: `legal_actions`
    asks it of every ability of the active fighter in every state (tests compare the two)."""
    seat = f.owner
    source = ab.source
    if source == "favor":
        if f.minion or slot in s.used_slots or (s.ap < 1 and s.dofus != seat):
            return False
    else:
        if source == "bonus" and (f.minion or s.glyphs.count(seat) < BONUSES[ab.id].glyphs):
            return False
        if s.ap < 1:
            return False
        if (ab.once_per_turn or source == "bonus") and ab.key in s.used:
            return False
    summons = _SUMMONS.get(ab.key)
    if summons is None:
        summons = tuple(e for e in ab.effects if e.kind == "summon")
    for e in summons:
        if not summon_room(s, seat, e.minion, e.limit):
            return False
    return True


def dodge_dice(s: State, f: Fighter, cell: int | None = None) -> int:
    """How many dice `f` must roll to leave `cell` (default: where it stands): one per adjacent enemy Krosmaster."""
    if not s.setup.tackle or power_of(f, "no_dodge") is not None:
        return 0
    here = f.cell if cell is None else cell
    n = 0
    for c in NEIGHBOURS[here]:
        o = s.grid[c]
        if o >= 0:
            other = s.fighters[o]
            if other.owner != f.owner and not other.minion and not other.out:
                n += 1
    return n


def favor_in(s: State, slot: str) -> str:
    stack = s.left if slot == "left" else s.right
    return stack[-1] if stack else ""


def active_bonuses(s: State) -> list[Bonus]:
    found = _ACTIVE.get(s.challenges)
    if found is None:
        found = _ACTIVE[s.challenges] = tuple(b for ch in s.challenges for b in CONTENT.challenges[ch].bonuses if b.ability)
    return list(found)


_ACTIVE: dict[tuple[str, ...], tuple[Bonus, ...]] = {}  # the active bonuses of each set of Divine Challenges in play


def lost_half(state) -> tuple[int, ...]:
    """The seats that have lost half of their Krosmasters (knocked out): the game ends at once."""
    lost = []
    for seat in (0, 1):
        team = [f for f in state.fighters if f.owner == seat and not f.minion]
        if team and 2 * sum(f.out for f in team) >= len(team):
            lost.append(seat)
    return tuple(lost)


def end_facts(state) -> tuple[tuple[int, ...], tuple[int, int]]:
    """(seats that lost half of their Krosmasters, Glyph cells of blue and pink) in `state`."""
    return lost_half(state), (glyph_count(state, 0), glyph_count(state, 1))
