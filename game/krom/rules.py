"""The rules of Krom: Evolution: setting up, the decision to take now, its legal actions, and applying one.

A round is a Movement phase (each seat in turn makes a hidden pick, then all picks are
revealed together) followed by the Action phases, place by place (Cave, Forest,
Savanna, Mountain); several fighters in one place fight first. Every choice in the
middle of a resolution is a pending decision; `decision(state)` names it:

| decision | who decides                  | actions                                                  |
| -------- | ---------------------------- | -------------------------------------------------------- |
| move     | each seat in turn            | go cave / go forest / go savanna / go mountain           |
| combat   | each fighter with a combat card, in seat order, until all pass in a row | play CARD, pass |
| counter  | each other player holding a counter card, in seat order after the player | counter, pass |
| target   | the player of a targeted Bonus | target SEAT, cancel                                     |
| choice   | the player of a "choice" Bonus | take wood / take stone / take bone, cancel              |
| steal    | the combat winner, per stunned loser | steal wood / stone / bone / krom / bonus           |
| main     | the player in their Action phase | rest, buy wood|stone|bone|bonus|hp (Cave); shuffle, pick (Forest); hunt SLOT EXTRA (Savanna); climb (Mountain); realize SLOT; play CARD; end |
| climb    | the climber                  | keep DIE, free DIE, reroll, stop                         |
| reward   | the climber                  | reward stone / reward bonus (full house, four of a kind) |

Slots (Hunting and Evolution cards face up) and dice are numbered from 0; CARD is a
Bonus card id (game.krom.content.BONUS); SEAT is a seat number.
"""


from __future__ import annotations

from typing import Callable

from game.core import Action, IllegalAction, Outcome, Rng
from game.krom.basics import (
    CAVE_ITEMS,
    HP_MAX,
    SLOTS,
    STEALABLE,
    _name,
    mountain_combination,
    place_name,
    points,
    target_points,
)
from game.krom.bonus import bonus_problem, target_problem
from game.krom.content import BONUS, CAVE, CHARACTERS, EVOLUTIONS, HUNTING, PICKING, RULES, TOTAL_TOKENS, reward_label
from game.krom.decisions import (
    Check,
    Handler,
    _cand_choice,
    _cand_combat,
    _cand_counter,
    _cand_move,
    _cand_steal,
    _cand_target,
    _check_choice,
    _check_combat,
    _check_counter,
    _check_move,
    _check_steal,
    _check_target,
    _do_choice,
    _do_combat,
    _do_counter,
    _do_move,
    _do_steal,
    _do_target,
)
from game.krom.flow import _advance, fight_ranking, steal_options
from game.krom.phase import (
    _cand_climb,
    _cand_main,
    _cand_reward,
    _check_climb,
    _check_main,
    _check_reward,
    _do_climb,
    _do_main,
    _do_reward,
    cave_price,
    evolution_problem,
    next_pick_cost,
    reroll_cost,
    reward_options,
)
from game.krom.state import Player, Setup, State

__all__ = [
    "CAVE_ITEMS",
    "HP_MAX",
    "SLOTS",
    "STEALABLE",
    "apply",
    "bonus_problem",
    "cave_price",
    "decision",
    "evolution_problem",
    "fight_ranking",
    "legal_actions",
    "mountain_combination",
    "new_game",
    "next_pick_cost",
    "outcome",
    "place_name",
    "points",
    "reroll_cost",
    "reward_label",
    "reward_options",
    "steal_options",
    "target_points",
    "target_problem",
    "why_illegal",
]


# -- setting up ----------------------------------------------------------------------------


def new_game(setup: Setup, seed: int) -> State:
    """Shuffle the decks, lay out 4 Hunting and 4 Evolution cards, give everyone 7 hit points, 5 Krom and 1 Bonus, all in the Cave."""
    if not isinstance(setup, Setup):
        raise TypeError(f"new_game needs a krom Setup, got {type(setup).__name__}")
    rng = Rng(seed)
    n = setup.players
    characters = setup.characters or tuple(rng.shuffled([c.id for c in CHARACTERS])[:n])
    bonus = tuple(rng.shuffled(range(len(BONUS))))
    picking = tuple(rng.shuffled(range(len(PICKING))))
    hunting = tuple(rng.shuffled(range(len(HUNTING))))
    evolution = tuple(rng.shuffled(range(len(EVOLUTIONS))))
    supply = dict(TOTAL_TOKENS)
    supply["krom"] -= RULES.start_krom * n
    players = []
    for i, c in enumerate(characters):
        hand = bonus[i * RULES.start_bonus : (i + 1) * RULES.start_bonus]
        players.append(Player(c, CAVE, HP_MAX, krom=RULES.start_krom, hand=tuple(sorted(hand))))
    dealt = RULES.start_bonus * n
    return State(
        setup=setup,
        round=1,
        phase="move",
        to_move=0,
        players=tuple(players),
        supply=supply,
        bonus_deck=bonus[dealt:],
        bonus_discard=(),
        picking_deck=picking,
        picking_discard=(),
        hunting_deck=hunting[SLOTS:],
        hunting_discard=(),
        hunting_row=hunting[:SLOTS],
        evolution_deck=evolution[SLOTS:],
        evolution_row=evolution[:SLOTS],
        dino_hp=RULES.dino_hp if setup.kromosaurus else 0,
        dino_place=-1,
        trophy=None,
        picks=(None,) * n,
        place=-1,
        order=(),
        steals=(),
        combat=None,
        turn=None,
        play=None,
        winner=None,
        rng=rng,
    )


# -- the decision to take now ---------------------------------------------------------------


def decision(state: State) -> str:
    """Which decision is pending: over, move, combat, counter, target, choice, steal, climb, reward or main."""
    if state.phase == "over":
        return "over"
    if state.phase == "move":
        return "move"
    if state.play is not None:
        return state.play.stage
    if state.combat is not None:
        return "combat"
    if state.steals:
        return "steal"
    climb = state.turn.climb
    if climb == "rolling":
        return "climb"
    if climb == "reward":
        return "reward"
    return "main"


def outcome(state: State) -> Outcome | None:
    if state.winner is None:
        return None
    return Outcome((state.winner,), f"{_name(state, state.winner)} reached {points(state, state.winner)} Evolution points first")



DECISIONS: dict[str, tuple[Callable[[State, int], list[Action]], Check, Handler]] = {
    "move": (_cand_move, _check_move, _do_move),
    "combat": (_cand_combat, _check_combat, _do_combat),
    "counter": (_cand_counter, _check_counter, _do_counter),
    "target": (_cand_target, _check_target, _do_target),
    "choice": (_cand_choice, _check_choice, _do_choice),
    "steal": (_cand_steal, _check_steal, _do_steal),
    "climb": (_cand_climb, _check_climb, _do_climb),
    "reward": (_cand_reward, _check_reward, _do_reward),
    "main": (_cand_main, _check_main, _do_main),
}


def legal_actions(state: State) -> list[Action]:
    """Every action the seat to move may take now."""
    d = decision(state)
    if d == "over":
        return []
    candidates, check, _ = DECISIONS[d]
    seat = state.to_move
    return [a for a in candidates(state, seat) if check(state, seat, a) is None]


def why_illegal(state: State, action: Action) -> str | None:
    """The reason `action` is refused now, or None when it is legal."""
    d = decision(state)
    if d == "over":
        return "the game is over"
    if not isinstance(action, Action):
        return f"not an action: {action!r}"
    candidates, check, _ = DECISIONS[d]
    seat = state.to_move
    reason = check(state, seat, action)
    if reason is None and action not in candidates(state, seat):
        reason = f"'{action}' is not possible now"
    return reason


def apply(state: State, action: Action) -> tuple[State, list]:
    """Play `action` for the seat to move: (new state, events). Raises IllegalAction, leaving `state` untouched."""
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    s = state.clone()
    ev: list = []
    DECISIONS[decision(state)][2](s, state.to_move, action, ev)
    _advance(s, ev)
    return s, ev
