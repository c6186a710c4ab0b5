"""Setups for simulations and the benchmark, the random playout policy, and a demo position for scenes."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, cast

from game.core.actions import Action
from game.core.rng import Rng
from game.khrysos.content import HUNTERS, MAX_ENDURANCE, plan_of
from game.khrysos.maps import SAMPLE_MAPS
from game.khrysos.facts import BOOST_PHASE, steals_only
from game.khrysos.rules import apply, board_memo, legal_actions, new_game
from game.khrysos.state import ACTIVE, OVER, START, Setup, State


def random_setup(rng: Rng) -> Setup:
    """Any legal combination of options: 2 to 4 players on any sample map."""
    return Setup(players=rng.randint(2, 4), map=rng.choice(SAMPLE_MAPS))


def bench_setup() -> Setup:
    """What `python -m game.bench khrysos` measures: 2 players on Alpha Room."""
    return Setup(players=2, map="alpha_room")


def _loot_known(state: State) -> dict:
    """The fewest walking steps to a treasure marker found so far from each square, kept per board and loot."""
    memo = board_memo(state.board)
    by_loot = memo.get("nearest loot")
    if by_loot is None:
        by_loot = memo["nearest loot"] = {}
    loot = state.loot
    known = by_loot.get(loot)
    if known is None:
        if len(by_loot) > 256:
            by_loot.clear()
        known = by_loot[loot] = {}
    return known


def _nearest_in(state: State, known: dict, square: tuple[int, int]) -> int:
    """Fewest walking steps from `square` to a treasure marker (99: none reachable), `known` the memo of `_loot_known`."""
    best = known.get(square)
    if best is None:
        board = state.board
        best = 99
        for z in state.loot:
            d = board.walk_distances(z).get(square, 99)
            if d < best:
                best = d
        known[square] = best
    return best


def _nearest_loot(state: State, square: tuple[int, int]) -> int:
    """Fewest walking steps from `square` to a treasure marker (99: none reachable)."""
    return _nearest_in(state, _loot_known(state), square)


def _toward_loot(state: State, steps: list[Action], rng: Rng) -> tuple[Action, int] | None:
    """The step that gets closest to a treasure (ties broken at random) and its distance to the
    treasure, or None if there is no treasure or no step."""
    if not state.loot or not steps:
        return None
    known = _loot_known(state)
    get = known.get
    best = 100  # every distance is at most 99
    choices: list[Action] = []
    for a in steps:
        args: tuple[Any, ...] = a.args  # a legal "move", "step" or "shift": its last two are a square
        square = (args[-2], args[-1])
        d = get(square)
        if d is None:
            d = _nearest_in(state, known, square)
        if d < best:
            best = d
            choices = [a]
        elif d == best:
            choices.append(a)
    return choices[rng.below(len(choices))], best


def _useful(state: State, number: int, foes: list[tuple[int, int]]) -> bool:
    """Whether action `number` of the active hunter would do something from where it stands;
    `foes` holds (Range distance, treasure) of every rival hunter on the map."""
    me = state.cards[state.turn]
    act = HUNTERS[me.hunter].actions[number - 1]
    upgraded = act.upgrade is not None and me.treasure >= act.upgrade.at
    always, heals, hits = _uses(me.hunter, number, upgraded)
    if always or (heals and me.endurance < MAX_ENDURANCE):
        return True
    for reach, rich in hits:
        for d, treasure in foes:
            if d <= reach and (treasure or not rich):
                return True
    return False


@lru_cache(maxsize=4096)
def _uses(hunter: int, number: int, upgraded: bool) -> tuple[bool, bool, tuple[tuple[int, bool], ...]]:
    """What an action's steps can do: (something always useful: a Move, a Trample, Guard or a Boost;
    a Heal; the (reach, steals alone) of each Hit and Burst)."""
    always = heals = False
    hits = []
    for step in plan_of(hunter, number, upgraded):
        kind = step.kind
        if kind in ("move", "trample", "guard") or kind.startswith("boost_"):
            always = True
        elif kind == "heal":
            heals = True
        elif kind in ("hit", "burst"):
            hits.append((step.range if kind == "hit" else step.value, kind == "hit" and steals_only(step)))
    return always, heals, tuple(hits)


def _rivals(state: State) -> list[tuple[int, int]]:
    """(Range distance from the active hunter, treasure) of every rival hunter on the map."""
    me = state.cards[state.turn]
    assert me.at is not None, "the active hunter is on the map"
    dist = state.board.reach_distances(me.at)
    return [(dist.get(c.at, 99), c.treasure) for c in state.cards if c.at is not None and c is not me and c.seat != me.seat]


def playout_choice(state: State, actions: list[Action], rng: Rng) -> Action:
    """A random policy that heads for treasure, hits opponents and spends its markers, so random
    games end in reasonable time. Chooses only among `actions`."""
    if len(actions) == 1:
        return actions[0]
    phase = state.phase
    if phase == START:
        for a in actions:
            if a.kind == "withdraw" and rng.below(2) == 0:
                return a
        return actions[0]
    if phase != ACTIVE:
        return actions[rng.below(len(actions))]
    r = state.res
    me = state.cards[state.turn]
    assert me.at is not None, "the active hunter is on the map"
    if r is None:
        moves = [a for a in actions if a.kind == "move"]
        offered = [a for a in actions if a.kind == "act"]
        if offered:
            foes = _rivals(state)
            # whether any is useful first: the whole list is needed only when an action is picked
            first = next((k for k, a in enumerate(offered) if _useful(state, cast(int, a.args[0]), foes)), None)
            if first is not None and (not moves or rng.below(100) < 30):
                acts = [offered[first]] + [a for a in offered[first + 1 :] if _useful(state, cast(int, a.args[0]), foes)]
                return acts[rng.below(len(acts))]
        pick = _toward_loot(state, moves, rng)
        if pick is not None and pick[1] < _nearest_loot(state, me.at):
            return pick[0]
        if moves and rng.below(3):
            return moves[rng.below(len(moves))]
        return actions[rng.below(len(actions))]
    if r.guard:
        return actions[-1]  # spend as many Guard markers as possible
    if r.pc == BOOST_PHASE:
        return actions[0]  # spend a Boost
    targets = [a for a in actions if a.kind == "target"]
    if targets:
        # a legal "target" names a hunter in play
        at_rivals = [a for a in targets if state.cards[cast(int, state.card_of(cast(int, a.args[0])))].seat != me.seat]
        pool = at_rivals or targets
        return pool[rng.below(len(pool))] if at_rivals or rng.below(2) else actions[-1]
    if r.push:  # a Move in a box: walk the acting hunter toward treasure, or move anyone at random
        shifts = [a for a in actions if a.kind == "shift"]
        mine = [a for a in shifts if a.args[0] == me.hunter]
        pick = _toward_loot(state, mine, rng)
        if pick is not None and pick[1] < _nearest_loot(state, me.at):
            return pick[0]
        return shifts[rng.below(len(shifts))] if shifts and rng.below(4) else actions[-1]
    steps = [a for a in actions if a.kind == "step"]
    pick = _toward_loot(state, steps, rng)
    if pick is not None:
        return pick[0]
    if steps and rng.below(4):
        return steps[rng.below(len(steps))]
    return actions[-1]  # done


def demo_state(seed: int = 0) -> State:
    """A game on the default setup played by the random policy past deployment and a few turns,
    stopped while a hunter is spending energy, for `--scene khrysos.board --seed N`."""
    state = new_game(Setup(), seed)
    rng = Rng(seed ^ 0xDE30)
    turns = 0
    for _ in range(2000):
        if state.phase == ACTIVE and state.res is None and turns >= 3:
            return state
        legal = legal_actions(state)
        if not legal:
            break
        action = playout_choice(state, legal, rng)
        if action.kind == "roll":
            turns += 1
        state, _ = apply(state, action)
        if state.phase == OVER:  # never within three turns, but stay safe
            break
    return state
