"""The rules' fast paths give exactly what the plain checks give (the wording of the rules is in target_problem).

`facts.targets` filters candidate cells with bitmasks before line of sight; here it is compared,
on positions from random games, with the plain definition: the candidates for which
`target_problem` finds nothing.
"""

import pytest

import game.krosmaster as K
from game.core import Rng
from game.krosmaster.grid import CELLS, DIST, ring
from game.krosmaster.facts import BONUSES, ability_range, active_bonuses, target_problem, targets
from game.krosmaster.content import CONTENT


def plain_targets(s, f, ab):
    here = f.cell
    if ab.target == "self":
        return [here]
    if ab.target in ("fighter", "enemy", "ally_krosmaster"):
        low, high = ability_range(s, f, ab)
        cands = sorted(o.cell for o in s.fighters if o.cell >= 0 and low <= DIST[here][o.cell] <= high)
    elif ab.anywhere:
        cands = range(CELLS)
    else:
        low, high = ability_range(s, f, ab)
        cands = ring(here, low, high)
    return [c for c in cands if target_problem(s, f, ab, c) is None]


def positions(seeds):
    for seed in seeds:
        s = K.new_game(K.random_setup(Rng(seed * 31 + 7)), seed)
        rng = Rng(seed)
        while s.to_move is not None:
            if s.phase == "act":
                yield s
            legal = K.legal_actions(s)
            s, _ = K.apply(s, legal[rng.below(len(legal))] if seed % 2 else K.playout_choice(s, legal, rng))


def abilities(s, f):
    out = list(CONTENT.character(f.kind).spells)
    out += [CONTENT.favors[fav].ability for fav in (K.favor_in(s, "left"), K.favor_in(s, "right")) if fav]
    out += [b.ability for b in active_bonuses(s)]
    out += [b.ability for b in BONUSES.values() if b.ability]  # bonuses not in play too: every aim kind
    return out


@pytest.mark.parametrize("chunk", range(4))
def test_targets_are_the_cells_target_problem_accepts(chunk):
    checked = 0
    for s in positions(range(12 * chunk, 12 * chunk + 12)):
        for f in s.fighters:
            if f.cell < 0:
                continue
            for ab in abilities(s, f):
                assert targets(s, f, ab) == plain_targets(s, f, ab), (f.id, ab.key, s.to_dict())
                checked += 1
    assert checked > 1000



@pytest.mark.parametrize("chunk", range(2))
def test_usable_is_availability_problem_finding_nothing(chunk):
    """`facts.usable`, the yes/no that legal_actions asks of every ability, agrees with the reason-giving check."""
    from game.krosmaster.facts import availability_problem, usable

    seen = {True: 0, False: 0}
    for s in positions(range(100 + 12 * chunk, 112 + 12 * chunk)):
        for f in s.fighters:
            if f.cell < 0:
                continue
            for ab in abilities(s, f):
                for slot in ("", "left", "right") if ab.source == "favor" else ("",):
                    ok = usable(s, f, ab, slot)
                    assert ok == (availability_problem(s, f, ab, slot) is None), (f.id, ab.key, slot, s.to_dict())
                    seen[ok] += 1
    assert seen[True] > 500 and seen[False] > 500, seen
