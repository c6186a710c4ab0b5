"""The texts a board shows before a click: what a walk would cost and risk, what aiming an ability
at a cell would do, what the End button says.

`walk_preview` (the MP, the path, each dodge roll's odds, the Fire on the way), `aim_preview` (the
ability's effects, the combat roll's odds and expected damage, the Fire its pushes and summons
would meet), `end_label` and the Krosmic Favor slots' texts (`favor_slot_preview`, `empty_slot_words`,
`REVEALED_FAVOR_WORDS`); the numbers come from `queries`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from game.core.actions import Action
from game.krosmaster.content import Ability
from game.krosmaster.facts import dodge_dice, favor_in, glyph_count
from game.krosmaster.grid import index
from game.krosmaster.queries import (
    AbilityRef, Cell, ability_of, damage_odds, dodge_die_odds, dodge_odds, reachable_cells,
)
from game.krosmaster.state import State
from game.krosmaster.words import action_text, character_name, item_name


def end_label(state: State) -> str:
    """What the End button says: "End <fighter>" while one is being played, "End turn N" otherwise."""
    if state.phase in ("act", "decide") and state.active >= 0:
        return f"End {character_name(state.fighters[state.active].kind)}"
    return f"End turn {state.turn}"


REVEALED_FAVOR_WORDS = "Just revealed: put it in the left or the right slot."


def favor_slot_preview(state: State, slot: str) -> str:
    """What putting the Krosmic Favor just revealed in `slot` ("left" or "right") does, in words:
    "Put Blessing in the left slot, covering Curse."."""
    held = favor_in(state, slot)
    put = action_text(state, Action("slot", (slot,)))
    return put + (f", covering {item_name('favor', held)}." if held else ".")


def empty_slot_words(slot: str) -> str:
    """What an empty Krosmic Favor slot is waiting for."""
    return f"The {slot} Favor slot: empty until a turn puts a Favor here."


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
    r = reach.get((cell[0], cell[1]))
    if r is None:
        return None
    by_steps = {x.steps: c for c, x in reach.items()}
    start = f.xy
    assert start is not None, "the fighter being played stands on the board"
    left = [start] + [by_steps[r.steps[:i]] for i in range(1, len(r.steps))]
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
    assert ab is not None, "a preview is asked of an ability in play"
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
