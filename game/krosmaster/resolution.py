"""Resolving what fighters do: movement and what cells do, spells, Favors and bonuses, combat rolls, decisions."""

from __future__ import annotations

from game.core import COMBAT_DIE
from game.krosmaster import events as E
from game.krosmaster.grid import BIT, DIST, XY, clear_sight, direction, index, step
from game.krosmaster.facts import (
    ABILITIES, BONUSES, FACES, SPELLS, blockers, dodge_dice, favor_in, glyph_count, is_free, passive, power_of,
)
from game.krosmaster.content import CONTENT, Ability
from game.krosmaster.flow import check_end, end_activation
from game.krosmaster.state import Fighter, Pending, State

def _move(s: State, args: tuple, ev: list) -> None:
    fid, x, y = args
    f = s.fighters[fid]
    if not _dodge(s, fid, ev):
        return
    s.mp -= 1
    to = index(x, y)
    _enter(s, fid, to, direction(f.cell, to), "walk", ev)
    _after_action(s, ev)


def _dodge(s: State, fid: int, ev: list) -> bool:
    """The dodge roll of the active fighter leaving a tackle zone, if it needs one.

    False when it is caught (its MP are lost) or tackled (its MP and AP are lost): it stays.
    """
    dice = dodge_dice(s, s.fighters[fid])
    if not dice:
        return True
    faces = tuple(s.rng.roll(COMBAT_DIE) for _ in range(dice))
    ev.append(E.DiceRolled(fid, "dodge", faces))
    results = [FACES[face].dodge for face in faces]
    result = "tackled" if "tackled" in results else "free" if all(r == "free" for r in results) else "caught"
    ev.append(E.DodgeRolled(fid, faces, result))
    if result == "free":
        return True
    s.mp = 0
    if result == "tackled":
        s.ap = 0
    return False


def _enter(s: State, fid: int, to: int, d: tuple[int, int] | None, cause: str, ev: list) -> None:
    """Move a fighter one cell (a step, a shove, a slide) and apply what the cell does to it."""
    f = _put(s, fid, to, cause, ev)
    if _arrive(s, fid, to, ev) and d is not None and s.terrain[to] == "ice" and power_of(f, "no_slip") is None:
        nxt = step(to, d)
        if nxt >= 0 and is_free(s, nxt):
            _enter(s, fid, nxt, d, "slide", ev)


def _arrive(s: State, fid: int, cell: int, ev: list) -> bool:
    """Fog clears, Fire burns, a Krosmaster captures a Glyph cell. False if the fighter was KO'd."""
    f = s.fighters[fid]
    t = s.terrain[cell]
    if t == "fog":
        s.own_terrain()[cell] = ""
        s._geo = None
        ev.append(E.TerrainRemoved("fog", XY[cell], "entered"))
    elif t == "fire" and not passive(s, f.owner, "fireproof"):
        _injure(s, fid, CONTENT.terrain["fire"].injuries, "fire", ev)
        if s.fighters[fid].out:
            check_end(s, ev)
            return False
    if not f.minion:
        gi = s.board.glyph_index.get(cell)
        if gi is not None:
            _capture(s, fid, gi, cell, ev)
    return True


def _capture(s: State, fid: int, gi: int, cell: int, ev: list) -> None:
    """A Krosmaster arrived on a Glyph cell: it becomes its team's, and the team takes the Dofus if it
    lacks it, even when the cell was its own already (RULES_NOTES.md, Movement, Glyphs, Dofus)."""
    seat = s.fighters[fid].owner
    before = s.glyphs[gi]
    had = glyph_count(s, seat)
    if before != seat:
        s.own_glyphs()[gi] = seat
        ev.append(E.GlyphCaptured(XY[cell], seat, fid, before >= 0))
    if s.dofus != seat and s.turn != 1:
        s.dofus = seat
        ev.append(E.DofusTaken(seat))
    gain = passive(s, seat, "capture_mp", glyphs=had) if before != seat else 0
    if gain:
        _mark(s, fid, "mp", gain, ev)


def _put(s: State, fid: int, to: int, cause: str, ev: list) -> Fighter:
    """Take a fighter from its cell and set it on `to` (no cell effects yet)."""
    f = s.edit(fid)
    frm = f.cell
    grid = s.own_grid()
    grid[frm] = -1
    grid[to] = fid
    f.cell = to
    g = s._geo
    if g is not None:  # the fighter's old cell was free of trees and Fog; its new one is now blocked
        keep = ~BIT[frm]
        cells = list(g[2])
        cells[cells.index(frm)] = to
        cells.sort()
        s._geo = ((g[0] & keep) | BIT[to], (g[1] & keep) | BIT[to], tuple(cells))
    ev.append(E.Moved(fid, (XY[frm], XY[to]), cause))
    return f


def _jump(s: State, fid: int, to: int, ev: list) -> None:
    """A jump onto a free cell, terrain tiles included. Only a jump from an adjacent cell slips on Ice
    (Cold Wave: "moves onto an Ice tile from an adjacent" cell); a longer jump lands and stays."""
    frm = s.fighters[fid].cell
    d = direction(frm, to) if DIST[frm][to] == 1 else None
    _enter(s, fid, to, d, "teleport", ev)


def _swap(s: State, a: int, b: int, ev: list) -> None:
    fa, fb = s.edit(a), s.edit(b)
    ca, cb = fa.cell, fb.cell
    fa.cell, fb.cell = cb, ca
    grid = s.own_grid()
    grid[ca], grid[cb] = b, a
    ev.append(E.Moved(a, (XY[ca], XY[cb]), "swap"))
    ev.append(E.Moved(b, (XY[cb], XY[ca]), "swap"))
    if _arrive(s, a, cb, ev) and s.phase != "over":
        _arrive(s, b, ca, ev)


def _shove(s: State, user: int, target: int, amount: int, ev: list) -> None:
    t = s.fighters[target]
    if power_of(t, "unshovable") is not None:
        ev.append(E.ShoveResisted(target))
        return
    d = direction(s.fighters[user].cell, t.cell)
    assert d is not None, "a shove goes along a line from its user"
    for _ in range(amount):
        nxt = step(s.fighters[target].cell, d)
        if nxt < 0 or not is_free(s, nxt):
            return
        _enter(s, target, nxt, d, "shove", ev)
        if s.phase == "over" or s.fighters[target].out:
            return


def _injure(s: State, fid: int, amount: int, source: str, ev: list) -> None:
    f = s.edit(fid)
    f.injuries += amount
    hp = CONTENT.character(f.kind).hp
    ev.append(E.Damaged(fid, amount, max(0, hp - f.injuries), source, f.injuries))
    if f.injuries >= hp:
        f.out = True
        ev.append(E.KnockedOut(fid))
        if f.minion:
            s.own_grid()[f.cell] = -1
            f.cell = -1
            s._geo = None


def _mark(s: State, fid: int, stat: str, amount: int, ev: list) -> None:
    f = s.edit(fid)
    if stat == "ap":
        f.ap_mark += amount
        if fid == s.active:
            s.ap = max(0, s.ap + amount)
    else:
        f.mp_mark += amount
        if fid == s.active:
            s.mp = max(0, s.mp + amount)
    ev.append(E.MarkerPlaced(fid, stat, amount))


def _heal(s: State, fid: int, amount: int, ev: list) -> None:
    f = s.edit(fid)
    healed = min(amount, f.injuries)
    f.injuries -= healed
    ev.append(E.Healed(fid, healed, CONTENT.character(f.kind).hp - f.injuries, f.injuries))


def _cast(s: State, args: tuple, ev: list) -> None:
    fid, spell, x, y = args
    ab = SPELLS[spell]
    s.ap -= 1
    s.used = s.used + (ab.key,)
    ev.append(E.SpellCast(fid, spell, (x, y)))
    _resolve(s, fid, ab, index(x, y), ev)


def _favor(s: State, args: tuple, ev: list) -> None:
    fid, slot, x, y = args
    fav = favor_in(s, slot)
    free = s.dofus == s.fighters[fid].owner
    if not free:
        s.ap -= 1
    s.used_slots = s.used_slots + (slot,)
    ev.append(E.FavorUsed(fid, fav, slot, (x, y), free))
    _resolve(s, fid, CONTENT.favors[fav].ability, index(x, y), ev)


def _challenge(s: State, args: tuple, ev: list) -> None:
    fid, bonus_id, x, y = args
    bonus = BONUSES[bonus_id]
    assert bonus.ability is not None, "a legal bonus has an ability to use"
    s.ap -= 1
    s.used = s.used + (bonus.ability.key,)
    ev.append(E.BonusUsed(fid, bonus.challenge, bonus_id, (x, y)))
    _resolve(s, fid, bonus.ability, index(x, y), ev)


def _resolve(s: State, fid: int, ab: Ability, cell: int, ev: list) -> None:
    """Effects first, then the combat roll."""
    user = s.fighters[fid]
    seat = user.owner
    target = s.grid[cell] if ab.aims_at_fighter else -1
    if ab.new_target:
        f = s.edit(fid)
        f.memo = tuple(m for m in f.memo if m[0] != ab.id) + ((ab.id, target),)
    if ab.source == "favor" and ab.moves_user and not _dodge(s, fid, ev):
        _after_action(s, ev)  # caught or tackled: the Favor is spent and the user stays
        return
    for e in ab.effects:
        if e.glyphs and glyph_count(s, seat) < e.glyphs:
            continue
        k = e.kind
        if k == "ap" or k == "mp":
            who = fid if e.on == "caster" else target
            if not s.fighters[who].out:
                _mark(s, who, k, e.amount, ev)
        elif k == "heal":
            _heal(s, fid if e.on == "caster" else target, e.amount, ev)
        elif k == "shove":
            _shove(s, fid, target, e.amount, ev)
        elif k == "summon":
            _summon(s, seat, e.minion, cell, ev)
        elif k == "terrain":
            _place_terrain(s, fid, e.terrain, cell, ev)
            return
        elif k == "teleport":
            _jump(s, fid, cell, ev)
        elif k == "swap":
            _swap(s, fid, target, ev)
        elif k == "injure":
            _injure(s, target, e.amount, "effect", ev)
            check_end(s, ev)
        elif k in ("blast", "volley"):
            _area(s, fid, e, ev)
        if s.phase == "over":
            return
    if ab.damage and target >= 0 and not s.fighters[target].out and not s.fighters[fid].out:
        _combat_roll(s, Pending("", user=fid, target=target, damage=ab.damage, ability=ab.key), ev)
        if s.pending is not None:
            return
    _after_action(s, ev)


def _area(s: State, fid: int, e, ev: list) -> None:
    user = s.fighters[fid]
    low, high = e.reach
    hit: list[int] = []
    for o in s.fighters:
        if o.cell < 0 or o.out or not low <= DIST[user.cell][o.cell] <= high:
            continue
        if e.kind == "volley" and (o.owner == user.owner or not clear_sight(user.cell, o.cell, blockers(s))):
            continue
        hit.append(o.id)
    for oid in hit:
        _injure(s, oid, e.amount, e.kind, ev)
    check_end(s, ev)


def _summon(s: State, seat: int, minion: str, cell: int, ev: list) -> None:
    """Put a Minion on a free cell; a terrain tile there does what arriving does (Fire burns, Fog clears).
    A summoned Minion does not come from an adjacent cell, so it never slips on Ice."""
    fid = len(s.fighters)
    s.add_fighter(Fighter(fid, minion, seat, cell))
    s.own_grid()[cell] = fid
    s._geo = None
    ev.append(E.Summoned(fid, minion, seat, XY[cell]))
    _arrive(s, fid, cell, ev)


def _place_terrain(s: State, fid: int, kind: str, cell: int, ev: list) -> None:
    if s.terrain.count(kind) >= CONTENT.terrain[kind].tiles:
        s.pending = Pending("remove", user=fid, terrain=kind, cell=cell)
        s.phase = "decide"
        return
    s.own_terrain()[cell] = kind
    s._geo = None
    ev.append(E.TerrainPlaced(kind, XY[cell]))
    _after_action(s, ev)


def _combat_roll(s: State, ctx: Pending, ev: list) -> None:
    face = s.rng.roll(COMBAT_DIE)
    ev.append(E.DiceRolled(ctx.user, "combat", (face,)))
    if s.setup.die_jokers and FACES[face].jokers:
        s.pending = Pending("face", FACES[face].jokers, face, ctx.user, ctx.target, ctx.damage, ctx.ability)
        s.phase = "decide"
        return
    _after_face(s, ctx, face, ev)


def _after_face(s: State, ctx: Pending, face: str, ev: list) -> None:
    user = s.fighters[ctx.user]
    p = power_of(user, "reroll")
    if p is not None and ctx.user == s.active and glyph_count(s, user.owner) >= p.glyphs and f"power:{p.id}" not in s.used:
        s.pending = Pending("reroll", (), face, ctx.user, ctx.target, ctx.damage, ctx.ability)
        s.phase = "decide"
        return
    _hit(s, ctx, face, ev)


def combat_damage(s: State, user: Fighter, target: Fighter, ability: Ability, face: str) -> int:
    """Damage of a hit: base, + challenge bonuses, + the die (critical +1, shield -1), never below 0."""
    mod = FACES[face].combat
    if face == "blank" and not user.minion and passive(s, user.owner, "blank_is_critical"):
        mod = FACES["critical"].combat
    damage = ability.damage + mod
    if ability.source == "spell":
        if not user.minion:
            damage += passive(s, user.owner, "spell_damage")
        if not target.minion:
            damage += passive(s, target.owner, "spell_damage_taken")
    return max(0, damage)


def _hit(s: State, ctx: Pending, face: str, ev: list) -> None:
    s.pending = None
    if s.phase == "decide":
        s.phase = "act"
    target = s.fighters[ctx.target]
    damage = combat_damage(s, s.fighters[ctx.user], target, ABILITIES[ctx.ability], face)
    _injure(s, ctx.target, damage, "combat", ev)
    if not check_end(s, ev):
        _after_action(s, ev)


def _after_action(s: State, ev: list) -> None:
    """Back to the fighter's turn, unless it left the board (a KO'd Minion ends its activation)."""
    if s.phase == "over":
        return
    if s.pending is None and s.phase == "decide":
        s.phase = "act"
    if s.phase == "act" and s.fighters[s.active].out:
        end_activation(s, ev)


def _face(s: State, args: tuple, ev: list) -> None:
    p = s.pending
    assert p is not None, "a decision is pending"
    ev.append(E.JokerTurned(p.user, args[0]))
    s.pending = None
    s.phase = "act"
    _after_face(s, p, args[0], ev)


def _reroll(s: State, args: tuple, ev: list) -> None:
    p = s.pending
    assert p is not None, "a decision is pending"
    power = power_of(s.fighters[p.user], "reroll")
    assert power is not None, "Spin Again is offered only by a fighter that has it"
    s.used = s.used + (f"power:{power.id}",)
    s.pending = None
    s.phase = "act"
    ev.append(E.Rerolled(p.user, power.id))
    _combat_roll(s, p, ev)


def _keep(s: State, args: tuple, ev: list) -> None:
    p = s.pending
    assert p is not None, "a decision is pending"
    _hit(s, p, p.face, ev)


def _remove(s: State, args: tuple, ev: list) -> None:
    p = s.pending
    assert p is not None, "a decision is pending"
    old = index(args[0], args[1])
    s.own_terrain()[old] = ""
    ev.append(E.TerrainRemoved(p.terrain, XY[old], "limit"))
    s.pending = None
    s.phase = "act"
    _place_terrain(s, p.user, p.terrain, p.cell, ev)


HANDLERS = {
    "move": _move,
    "cast": _cast,
    "favor": _favor,
    "challenge": _challenge,
    "face": _face,
    "reroll": _reroll,
    "keep": _keep,
    "remove": _remove,
}
