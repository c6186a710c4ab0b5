"""Krosmaster: Blast tactics for the Normal and Hard bots, from the rules' own queries (game/krosmaster/tactics.py):

- `prune`: never an action that damages or slows one of our own fighters (ending the activation always serves
  instead: a spell, a damaging Favor, a minus marker or an Iop's Wrath that would hit an ally is dropped), nor one that
  spends points for nothing (`wasted`: a heal where nobody is hurt, Fire far from every enemy);
- `urgent`: a knockout that is there is taken: the fighter being played walks to the cell from which
  its AP left knock an enemy Krosmaster out most surely, then strikes; in the choice of a fighter, the
  one that can do it is played first;
- `veto`: a fighter does not end its activation, nor is a turn passed, where a knockout awaits it in
  the opponent's next turn while a safer cell is in its walk.
"""

from __future__ import annotations

from typing import Any, cast

from game.core.actions import Action
from game.krosmaster.content import CONTENT
from game.krosmaster.facts import BONUSES, favor_in
from game.krosmaster.grid import DIST, index
from game.krosmaster.queries import dodge_die_odds, reachable_cells
from game.krosmaster.tactics import (
    attacks,
    hp_left,
    knockout_chance,
    safe_cells,
    strike_from,
)
from game.krosmaster.words import action_text, fighter_name

TAKE = 0.5  # a knockout at least this likely is taken at once
SAFER = 0.05  # a cell this much less likely to see a knockout is worth the walk


def _ability(s: Any, a: Action):
    if a.kind == "cast":
        return CONTENT.character(s.fighters[a.args[0]].kind).spell(cast(str, a.args[1]))
    if a.kind == "favor":
        fav = favor_in(s, cast(str, a.args[1]))
        return CONTENT.favors[fav].ability if fav else None
    if a.kind == "challenge":
        bonus = BONUSES.get(cast(str, a.args[1]))
        return bonus.ability if bonus is not None else None
    return None


def hurts_own(s: Any, a: Action) -> bool:
    """Whether `a` deals damage to a fighter of the seat that takes it, or puts a minus AP or MP marker on one
    (Quagmire on our own Bravo: seen in a real-window game)."""
    ab = _ability(s, a)
    if ab is None:
        return False
    seat = s.fighters[a.args[0]].owner
    slows = any(e.kind in ("ap", "mp") and e.amount < 0 and e.on == "target" for e in ab.effects)
    if ab.damage > 0 or slows or any(e.kind == "injure" for e in ab.effects):
        who = s.grid[index(cast(int, a.args[2]), cast(int, a.args[3]))]
        if who >= 0 and s.fighters[who].owner == seat and who != a.args[0]:
            return True
    for e in ab.effects:
        if e.kind == "blast":
            user = s.fighters[a.args[0]]
            low, high = e.reach
            if any(o.owner == seat and not o.out and o.cell >= 0 and o.id != user.id
                   and low <= DIST[user.cell][o.cell] <= high for o in s.fighters):
                return True
    return False


def wasted(s: Any, a: Action) -> bool:
    """Whether `a` spends points for nothing: a heal on a Krosmaster with no injury marker (Bandages with
    nobody hurt), or Fire set on a cell with no enemy next to it (a Burning Arrow at an empty back row)."""
    ab = _ability(s, a)
    if ab is None or ab.damage > 0 or not ab.effects:
        return False
    cell = index(cast(int, a.args[2]), cast(int, a.args[3]))
    kinds = {e.kind for e in ab.effects}
    if kinds == {"heal"}:
        for e in ab.effects:
            who = cast(int, a.args[0]) if e.on == "caster" else s.grid[cell]
            if who >= 0 and s.fighters[who].injuries > 0:
                return False
        return True
    if kinds == {"terrain"} and all(e.terrain == "fire" for e in ab.effects):
        seat = s.fighters[a.args[0]].owner
        return not any(e.owner != seat and not e.out and e.cell >= 0 and DIST[cell][e.cell] <= 1 for e in s.fighters)
    return False


def prune(s: Any, legal: list[Action]) -> list[Action]:
    kept = [a for a in legal if a.kind not in ("cast", "favor", "challenge") or not (hurts_own(s, a) or wasted(s, a))]
    return kept or legal


def _name(s: Any, fid: int) -> str:
    return fighter_name(s, fid)


def urgent(s: Any, legal: list[Action]) -> tuple[Action, str] | None:
    seat = s.to_move
    if seat is None:
        return None
    foes = [e for e in s.fighters if e.owner != seat and not e.out and not e.minion and e.cell >= 0]
    if s.phase == "act" and s.fighters[s.active].owner == seat:
        return _strike(s, legal, foes)
    if s.phase == "select":
        best = None
        for a in legal:
            if a.kind != "activate":
                continue
            for e in foes:
                t = attacks(s, cast(int, a.args[0]), cells=[e.xy]).get(e.xy)
                chance = t.chance(hp_left(s, e.id)) if t is not None else 0.0
                if chance >= TAKE and (best is None or chance > best[0]):
                    best = (chance, a, e)
        if best is not None:
            chance, a, e = best
            return a, (f"{action_text(s, a)}: {_name(s, cast(int, a.args[0]))} can knock out {_name(s, e.id)} this turn "
                       f"(about {round(100 * chance)}%).")
    return None


def _strike(s: Any, legal: list[Action], foes: list) -> tuple[Action, str] | None:
    f = s.fighters[s.active]
    if s.ap < 1 and not any(a.kind == "favor" for a in legal):
        return None
    free_die = float(dodge_die_odds()["free"])
    best = None  # (chance, -steps, cell, reach, foe)
    walk = None
    for e in foes:
        t = attacks(s, f.id, fresh=False, cells=[e.xy]).get(e.xy)
        if t is None or t.chance(hp_left(s, e.id)) < TAKE:
            continue
        if walk is None:
            walk = [(f.xy, None)] + [(c, r) for c, r in reachable_cells(s, f.id).items() if r.burns < hp_left(s, f.id)]
        for cell, r in walk:
            chance = strike_from(s, e.id, cell)
            if r is not None:
                for dice in r.dodges:
                    chance *= free_die ** dice
            key = (chance, -(0 if r is None else r.cost))
            if best is None or key > best[0]:
                best = (key, cell, r, e)
    if best is None or best[0][0] < TAKE:
        return None
    (chance, _), cell, r, e = best
    if r is None:
        hits = [a for a in legal if a.kind in ("cast", "favor", "challenge") and (a.args[2], a.args[3]) == e.xy
                and (ab := _ability(s, a)) is not None and ab.damage > 0]
        if not hits:
            return None
        a = max(hits, key=lambda a: (_ability(s, a).damage, a.kind == "cast"))
    else:
        a = Action("move", (f.id, *r.steps[0]))
        if a not in legal:
            return None
    return a, f"{action_text(s, a)}: it goes for the knockout of {_name(s, e.id)} (about {round(100 * chance)}%)."


def veto(s: Any, legal: list[Action], action: Action) -> tuple[Action, str] | None:
    seat = s.to_move
    if action.kind == "end" and s.phase == "act" and s.fighters[s.active].owner == seat and s.mp > 0:
        f = s.fighters[s.active]
        if f.minion:
            return None
        cells = safe_cells(s, f.id)
        here = cells.get(f.xy, 0.0)
        if here <= SAFER:
            return None
        reach = reachable_cells(s, f.id)
        options = [c for c in cells if c in reach and cells[c] < here - SAFER and not reach[c].dodges]
        if not options:
            return None
        target = min(options, key=lambda c: (cells[c], reach[c].cost))
        step = Action("move", (f.id, *reach[target].steps[0]))
        if step in legal:
            return step, (f"{action_text(s, step)}: {_name(s, f.id)} would be knocked out where it stands "
                          f"(about {round(100 * here)}%); it steps away.")
    if action.kind == "pass" and s.phase == "select":
        for a in legal:
            if a.kind != "activate":
                continue
            fid = cast(int, a.args[0])
            if s.fighters[fid].minion:
                continue
            here = knockout_chance(s, fid)
            if here > SAFER and min(safe_cells(s, fid).values(), default=here) < here - SAFER:
                return a, f"{action_text(s, a)}: {_name(s, fid)} stands where a knockout awaits; it moves away."
    return None
