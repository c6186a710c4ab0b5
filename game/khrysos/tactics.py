"""What a careful Khrysos Hunters player looks at: which rival hunters can reach and Hit whom in their
next turn, with what chance and damage, who could be retired, and who is about to win.

- `strikes(state, seat)`: for each rival hunter and each of `seat`'s hunters it can reach next turn,
  the chance (over the white die of that turn) that it can walk and buy an action whose Hit, Burst or
  Trample reaches the hunter, and the most damage one such action deals;
- `retire_chance(state, hunter)`: the chance that some rival's next turn can take the hunter's last
  endurance (its Guard markers counted);
- `near_win(state, margin)`: the hunters whose card is `margin` treasure or less from the 12 that win;
- `strike_map(state, hunter)`: for each roll, the squares a hunter can strike and the most damage;
- `steal_map(state, hunter)`: for each roll, the squares where a hunter can Steal and the most treasure one
  action takes there;
- `rival_hits(state, seat)` and `rival_hits_at(state, seat, square)`: the stable call the board's danger
  overlay and Suggest use: which rival hunters can reach and Hit a square in their next turn (one
  `SquareThreat` per rival: the chance over its roll, the most damage, the action numbers).

Counted: the energy rolled (1 to 6, each 1 in 6), the walk bought with the energy an action leaves
(none when trapped, no action when stunned), each action's Range, Burst radius or Trample length as
its Upgrades stand now, and a Hit of Steal alone aimed only at a hunter with treasure. Left out, to stay one quick
call: Boost markers, a Blast's area around the target, an action's own Move before its Hit, and two
actions in one turn (the best single action for each roll is counted). A Trample is counted by Range rings, like a Hit of Range
equal to its squares.
"""

from __future__ import annotations

from typing import NamedTuple

from game.khrysos.content import WIN_TREASURE
from game.khrysos.facts import steals_only
from game.khrysos.queries import effective_steps, reachable_squares
from game.khrysos.state import State

Cell = tuple[int, int]
FACES = 6  # the white die


class Strike(NamedTuple):
    attacker: int  # hunter number
    target: int  # hunter number
    chance: float  # of being able to strike it in the attacker's next turn
    damage: int  # the most damage one such action deals
    actions: tuple[int, ...]  # the action numbers that can do it on some roll


def _targeting(state: State, hunter: int):
    """(number, step) of each step of `hunter`'s actions that targets other hunters (Hit, Burst, Trample)."""
    for number in range(1, 7):
        for step in effective_steps(state, hunter, number):
            if step.kind in ("hit", "burst", "trample"):
                yield number, step


def _damaging(state: State, hunter: int) -> list[tuple[int, str, int, int, bool]]:
    """(number, kind, reach, damage, needs treasure) of each action of `hunter` that targets other hunters and
    deals damage or steals; a Hit whose box is Steal alone needs a target with treasure (RULES_NOTES S3)."""
    out = []
    for number, step in _targeting(state, hunter):
        per = sum(v for name, v in step.box if name == "damage")
        if not per and not any(name == "steal" for name, _ in step.box):
            continue
        rich = step.kind == "hit" and steals_only(step)
        if step.kind == "hit":
            out.append((number, "hit", step.range, per * step.value, rich))
        elif step.kind == "burst":
            out.append((number, "burst", step.value, per, rich))
        else:
            out.append((number, "trample", step.value, per, rich))
    return out


def _rings_from(state: State, square: Cell) -> dict[Cell, int]:
    return state.board.reach_distances(square)


def _armed_rivals(state: State, seat: int):
    """(card, its damaging actions) of each hunter of another seat on the map that can act and strike."""
    for rival in state.cards:
        if rival.seat == seat or rival.at is None or rival.stun:
            continue
        actions = _damaging(state, rival.hunter)
        if actions:
            yield rival, actions


def strikes(state: State, seat: int) -> list[Strike]:
    """What each rival hunter on the map can do to each of `seat`'s hunters in its next turn."""
    mine = [c for c in state.cards if c.seat == seat and c.at is not None]
    out = []
    for rival, actions in _armed_rivals(state, seat):
        walks: dict[int, list[Cell]] = {}
        for target in mine:
            rolls = 0
            most = 0
            used: set[int] = set()
            for energy in range(1, FACES + 1):
                best = 0
                ok = False
                for number, _kind, reach, damage, rich in actions:
                    if number > energy or (rich and not target.treasure):
                        continue
                    budget = 0 if rival.trap else energy - number
                    squares = walks.get(budget)
                    if squares is None:
                        squares = walks[budget] = [rival.at, *reachable_squares(state, rival.hunter, budget)]
                    if target.at is not None and any(_rings_from(state, q).get(target.at, 99) <= reach for q in squares):
                        ok = True
                        used.add(number)
                        best = max(best, damage)
                if ok:
                    rolls += 1
                    most = max(most, best)
            if rolls:
                out.append(Strike(rival.hunter, target.hunter, rolls / FACES, most, tuple(sorted(used))))
    return out


def retire_chance(state: State, hunter: int) -> float:
    """The chance that a rival's next turn can retire `hunter` (damage at least its endurance plus its
    Guard markers), rivals taken as independent die rolls."""
    i = state.card_of(hunter)
    if i is None:
        return 0.0
    card = state.cards[i]
    need = card.endurance + len(card.guard)
    safe = 1.0
    for rival in state.cards:
        if rival.seat == card.seat or rival.at is None or rival.stun:
            continue
        actions = _damaging(state, rival.hunter)
        rolls = 0
        for energy in range(1, FACES + 1):
            budget_of: dict[int, list] = {}
            for number, _kind, reach, damage, _rich in actions:
                if number > energy or damage < need:
                    continue
                budget = 0 if rival.trap else energy - number
                squares = budget_of.get(budget)
                if squares is None:
                    squares = budget_of[budget] = [rival.at, *reachable_squares(state, rival.hunter, budget)]
                if card.at is not None and any(_rings_from(state, q).get(card.at, 99) <= reach for q in squares):
                    rolls += 1
                    break
        safe *= 1 - rolls / FACES
    return 1 - safe


def near_win(state: State, margin: int = 1) -> list[tuple[int, int, int]]:
    """(seat, hunter, treasure) of each card `margin` treasure or less from winning, most treasure first."""
    found = [(c.seat, c.hunter, c.treasure) for c in state.cards if c.hunter and WIN_TREASURE - c.treasure <= margin]
    return sorted(found, key=lambda t: (-t[2], t[0]))


class SquareThreat(NamedTuple):
    attacker: int  # the rival hunter's number
    chance: float  # of being able to strike the square in its next turn (over its white die)
    damage: int  # the most damage one such action deals there (0: it could only Steal)
    actions: tuple[int, ...]  # the action numbers that can do it on some roll


def strike_map(state: State, hunter: int) -> tuple[dict[Cell, int], ...]:
    """For each roll of the white die (1 to 6), the squares `hunter` can strike in that turn (walking
    with the energy an action leaves, then one Hit, Burst or Trample whose Range reaches the square)
    and the most damage one such action deals there (0: it could only Steal). Empty for a hunter
    off the map, stunned, or with no such action. Counted and left out as in `strikes`."""
    return tuple({c: d for c, (d, _n) in now.items()} for now in _strike_rolls(state, hunter))


def _covered(state: State, card, walks: dict[int, list[Cell]], energy: int, number: int, reach: int) -> set[Cell]:
    """The squares action `number` of `card`'s hunter, of this Range (Burst radius, Trample length), reaches on a
    roll of `energy`: from any square the energy it leaves walks to (none when trapped). `walks` keeps the walks."""
    if number > energy:
        return set()
    budget = 0 if card.trap else energy - number
    squares = walks.get(budget)
    if squares is None:
        squares = walks[budget] = [card.at, *reachable_squares(state, card.hunter, budget)]
    return {c for q in squares for c, d in _rings_from(state, q).items() if d <= reach}


def _strike_rolls(state: State, hunter: int) -> list[dict[Cell, tuple[int, int]]]:
    """`strike_map` with, for each square, the bits of the action numbers that reach it."""
    i = state.card_of(hunter)
    card = None if i is None else state.cards[i]
    if card is None or card.at is None or card.stun:
        return [{} for _ in range(FACES)]
    actions = _damaging(state, hunter)
    walks: dict[int, list[Cell]] = {}
    out = []
    for energy in range(1, FACES + 1):
        now: dict[Cell, tuple[int, int]] = {}
        for number, _kind, reach, damage, _rich in actions:
            for c in _covered(state, card, walks, energy, number, reach):
                d0, bits = now.get(c, (0, 0))
                now[c] = (max(d0, damage), bits | 1 << number)
        out.append(now)
    return out


def _stealing(state: State, hunter: int) -> list[tuple[int, int, int]]:
    """(number, reach, treasure) of each action of `hunter` whose Hit, Burst or Trample box Steals: the most
    one action takes from one target (a Hit of several may aim at the same target again)."""
    out = []
    for number, step in _targeting(state, hunter):
        per = sum(v for name, v in step.box if name == "steal")
        if per:
            out.append((number, step.range if step.kind == "hit" else step.value, per * step.value if step.kind == "hit" else per))
    return out


def steal_map(state: State, hunter: int) -> tuple[dict[Cell, int], ...]:
    """For each roll of the white die (1 to 6), the squares where `hunter` can Steal in that turn (walking with
    the energy the action leaves, then one Hit, Burst or Trample with Steal whose Range reaches the square) and
    the most treasure one such action takes there. Counted and left out as in `strike_map`."""
    i = state.card_of(hunter)
    card = None if i is None else state.cards[i]
    if card is None or card.at is None or card.stun:
        return tuple({} for _ in range(FACES))
    actions = _stealing(state, hunter)
    walks: dict[int, list[Cell]] = {}
    out = []
    for energy in range(1, FACES + 1):
        now: dict[Cell, int] = {}
        for number, reach, amount in actions:
            for c in _covered(state, card, walks, energy, number, reach):
                now[c] = max(now.get(c, 0), amount)
        out.append(now)
    return tuple(out)


def rival_hits(state: State, seat: int) -> dict[Cell, tuple[SquareThreat, ...]]:
    """Which rival hunters can reach and Hit each square in their next turn.

    For every square some hunter of another seat can strike in its next turn (walking with the energy an
    action leaves, then one Hit, Burst or Trample whose Range reaches the square), one `SquareThreat` per
    such hunter, likeliest first; squares nothing reaches are left out. Counted and left out as in
    `strikes` (this module's docstring); a Hit of Steal alone counts with damage 0."""
    per: dict[Cell, list[SquareThreat]] = {}
    for rival, _actions in _armed_rivals(state, seat):
        rolls: dict[Cell, int] = {}
        most: dict[Cell, int] = {}
        used: dict[Cell, int] = {}
        for now in _strike_rolls(state, rival.hunter):
            for c, (damage, bits) in now.items():
                rolls[c] = rolls.get(c, 0) + 1
                most[c] = max(most.get(c, 0), damage)
                used[c] = used.get(c, 0) | bits
        for c, n in rolls.items():
            numbers = tuple(k for k in range(1, FACES + 1) if used[c] >> k & 1)
            per.setdefault(c, []).append(SquareThreat(rival.hunter, n / FACES, most[c], numbers))
    return {c: tuple(sorted(t, key=lambda x: (-x.chance, -x.damage, x.attacker))) for c, t in per.items()}


def rival_hits_at(state: State, seat: int, square: Cell) -> tuple[SquareThreat, ...]:
    """Which rival hunters can reach and Hit `square` in their next turn (see `rival_hits`); () when none."""
    return rival_hits(state, seat).get(square, ())


__all__ = ["SquareThreat", "Strike", "rival_hits", "rival_hits_at", "steal_map", "strike_map", "near_win", "retire_chance", "strikes"]
