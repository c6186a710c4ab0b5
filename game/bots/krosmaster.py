"""Krosmaster: Blast for the bots: sampling the hidden Favor pile, and judging a position.

The only hidden things in a Krosmaster view are the Favor pile's order and contents (with
Superior Favors, 10 of a larger set) and the RNG: a sample deals the pile from the Favors
not yet seen.
"""

from __future__ import annotations

import dataclasses

from game import krosmaster as rules
from game.bots.base import GameKit, reseeded
from game.bots.krosmaster_tactics import prune, urgent, veto
from game.core.rng import Rng
from game.krosmaster import DIST
from game.krosmaster.content import CONTENT
from game.krosmaster.state import State
from game.krosmaster.tactics import exposure, exposure_and_harm


def _favor_set(setup) -> list[str]:
    """Every Favor that may be in the pile with these options (as `new_game` builds it)."""
    return [f.id for f in CONTENT.favors.values() if not f.superior or setup.superior_favors]


def determinize(view: State, seat: int, rng: Rng) -> State:
    s = view.copy()
    seen = set(view.left) | set(view.right) | ({view.revealed} if view.revealed else set())
    unseen = [f for f in _favor_set(view.setup) if f not in seen]
    rng.shuffle(unseen)
    s.pile = tuple(unseen[: len(view.pile)])
    return reseeded(s, rng)


def features(s: State, seat: int) -> dict[str, float]:
    return _features(s, seat, False)


def hard_features(s: State, seat: int) -> dict[str, float]:
    """`features`, and the harm in reach (see `HARD_WEIGHTS`)."""
    return _features(s, seat, True)


def _features(s: State, seat: int, harm: bool) -> dict[str, float]:
    mine = [f for f in s.fighters if f.owner == seat and not f.out]
    heroes = [f for f in mine if not f.minion]
    left = [CONTENT.character(f.kind).hp - f.injuries for f in heroes]
    foes = [f for f in s.fighters if f.owner != seat and not f.out and not f.minion and f.cell >= 0]
    glyph_cells = s.board.glyphs
    free_glyphs = [c for c, o in zip(glyph_cells, s.glyphs) if o != seat]
    approach = 0.0
    pressure = 0.0
    for f in heroes:
        if f.cell < 0:
            continue
        row = DIST[f.cell]
        if free_glyphs:
            approach -= min(row[c] for c in free_glyphs)
        if foes:
            pressure -= min(row[o.cell] for o in foes)
    progress = 1.0 - len(s.pile) / CONTENT.favor_turns  # 0 at the start, 1 on the last turn
    tempo = 0.0
    if s.active >= 0 and s.to_move == seat and s.fighters[s.active].owner == seat:
        tempo = s.ap + 0.3 * s.mp
    peril, hurt = exposure_and_harm(s, seat) if harm else (exposure(s, seat), 0.0)
    out = {
        "weakest": float(min(left)) if left else 0.0,
        "health": float(sum(left)),
        "glyphs": s.glyphs.count(seat) * (0.5 + progress),
        "minions": float(len(mine) - len(heroes)),
        "approach": approach,
        "pressure": pressure,
        "tempo": tempo,
        "peril": -peril,
    }
    if harm:
        out["harm"] = -hurt
    return out


def scores(s: State) -> list[float]:
    """Both seats' `KIT.score`, computed together in one pass (the same sums in the same order)."""
    return _scores(s, WEIGHTS, False)


def hard_scores(s: State) -> list[float]:
    """Both seats' `HARD_KIT.score`, as `scores`."""
    return _scores(s, HARD_WEIGHTS, True)


def _scores(s: State, w: dict[str, float], harm: bool) -> list[float]:
    progress = 1.0 - len(s.pile) / CONTENT.favor_turns
    glyph_cells = s.board.glyphs
    active = s.fighters[s.active] if s.active >= 0 else None
    out = []
    for seat in (0, 1):
        left = []
        minions = 0
        heroes_on = []
        foes = []
        for f in s.fighters:
            if f.out:
                continue
            if f.owner == seat:
                if f.minion:
                    minions += 1
                else:
                    left.append(CONTENT.character(f.kind).hp - f.injuries)
                    if f.cell >= 0:
                        heroes_on.append(f.cell)
            elif not f.minion and f.cell >= 0:
                foes.append(f.cell)
        free_glyphs = [c for c, o in zip(glyph_cells, s.glyphs) if o != seat]
        approach = 0.0
        pressure = 0.0
        for cell in heroes_on:
            row = DIST[cell]
            if free_glyphs:
                approach -= min(row[c] for c in free_glyphs)
            if foes:
                pressure -= min(row[o] for o in foes)
        tempo = 0.0
        if active is not None and s.to_move == seat and active.owner == seat:
            tempo = s.ap + 0.3 * s.mp
        total: float = 0
        total += w["weakest"] * (float(min(left)) if left else 0.0)
        total += w["health"] * float(sum(left))
        total += w["glyphs"] * (s.glyphs.count(seat) * (0.5 + progress))
        total += w["minions"] * float(minions)
        total += w["approach"] * approach
        total += w["pressure"] * pressure
        total += w["tempo"] * tempo
        if harm:
            peril, hurt = exposure_and_harm(s, seat)
            total += w["peril"] * -peril
            total += w["harm"] * -hurt
        else:
            total += w["peril"] * -exposure(s, seat)
        out.append(total)
    return out


WEIGHTS = {
    "weakest": 1.0,
    "health": 0.4,
    "glyphs": 1.5,
    "minions": 0.6,
    "approach": 0.12,
    "pressure": 0.04,
    "tempo": 0.25,
    "peril": 10.0,  # a knockout ends the game: its chance weighs about as much as the game (see tactics.exposure)
}

HARD_WEIGHTS = {
    **WEIGHTS,
    # the damage the opponent can be expected to deal to one of our Krosmasters before it moves again: a
    # fighter parked where a ranged enemy chips it every turn loses the game slowly, with no knockout in sight
    "harm": 0.5,
}

PHRASES = {
    "weakest": "it protects our most wounded Krosmaster or hurts theirs",
    "health": "it shifts the balance of hit points our way",
    "glyphs": "it wins Glyph cells, which decide the game when the Favors run out",
    "minions": "it puts a Minion to work for us",
    "approach": "it heads for a Glyph cell we do not hold",
    "pressure": "it closes in on an enemy Krosmaster",
    "tempo": "it keeps action points for later in this activation",
    "peril": "it keeps our Krosmasters out of a knockout's reach (or brings theirs into it)",
    "harm": "it keeps our Krosmasters out of the enemy's reach (or brings theirs into ours)",
}

KIT = GameKit(
    rules=rules,
    determinize=determinize,
    features=features,
    weights=WEIGHTS,
    phrases=PHRASES,
    scale=3.0,
    policy=rules.playout_choice,
    midway=lambda state: state.phase == "decide",
    prune=prune,
    urgent=urgent,
    veto=veto,
    playout_depth=0,
    scores=scores,
    stretch=lambda state: (state.turn, state.to_move),  # in a turn only its player decides (jokers, tiles too)
)

# Hard judges with the harm in reach as well; Normal keeps KIT's evaluation (it is the yardstick Hard is measured by)
KIT = dataclasses.replace(KIT, hard=dataclasses.replace(KIT, features=hard_features, weights=HARD_WEIGHTS, scores=hard_scores))
