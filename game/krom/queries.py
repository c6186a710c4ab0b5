"""Questions the board scene asks the rules: rewards, odds, prices, what is affordable or playable here and now."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from game.krom.content import BONUS, EVOLUTIONS, HUNTING, RULES, HuntingCard
from game.krom.rules import (
    SLOTS,
    bonus_problem,
    evolution_problem,
    fight_ranking,
    mountain_combination,
    next_pick_cost,
    reroll_cost,
    reward_label,
    stage,
)
from game.krom.state import State

__all__ = [
    "action_order",
    "affordable_evolutions",
    "combat_standing",
    "evolution_problems",
    "hunt_cost",
    "hunt_odds",
    "mountain_reward",
    "next_pick_cost",
    "playable_bonuses",
    "reroll_cost",
]


def mountain_reward(dice) -> tuple[str, list[tuple[str, tuple]]]:
    """The combination five dice show and what it pays: ("full_house", [("stone", ((krom, 2), (stone, 2))), ("bonus", ...)]).

    One option means no choice; no combination is ("", []).
    """
    combo = mountain_combination(tuple(dice))
    options = RULES.mountain_rewards.get(combo, ())
    return combo, [(reward_label(b, options), b) for b in options]


@lru_cache(maxsize=None)
def _at_least(dice: int, value: int) -> Fraction:
    ways = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, count in ways.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0) + count
        ways = nxt
    hits = sum(count for total, count in ways.items() if total >= value)
    return Fraction(hits, 6**dice)


def hunt_odds(card: HuntingCard | int, extra_dice: int = 0) -> Fraction:
    """The exact chance to catch a Hunting card (or card id) with its dice plus `extra_dice` bought ones."""
    if isinstance(card, int):
        card = HUNTING[card]
    return _at_least(card.dice + extra_dice, card.value)


def hunt_cost(extra_dice: int) -> int:
    """Krom price of 0, 1 or 2 extra hunting dice."""
    return RULES.extra_dice_costs[extra_dice]


def evolution_problems(state: State, seat: int | None = None) -> list[str | None]:
    """For each face-up Evolution slot: None if `seat` (default: the seat to move) can realize it here and now, else why not.

    Outside that seat's own Action phase every slot reads why.
    """
    seat = state.to_move if seat is None else seat
    if seat is None or stage(state) != "main" or state.turn.seat != seat:
        return ["Evolutions are realized only in your own Action phase"] * SLOTS
    return [evolution_problem(state, seat, slot) for slot in range(SLOTS)]


def affordable_evolutions(state: State, seat: int | None = None) -> list[int]:
    """Slots of the Evolutions `seat` could realize right now, in the place they stand."""
    return [slot for slot, problem in enumerate(evolution_problems(state, seat)) if problem is None]


def affordable_anywhere(state: State, seat: int) -> list[int]:
    """Slots of the Evolutions `seat` can pay for, wherever they would have to stand (for planning a move)."""
    p = state.players[seat]
    out = []
    for slot, card_id in enumerate(state.evolution_row):
        if card_id >= 0 and all(getattr(p, k) >= n for k, n in EVOLUTIONS[card_id].cost):
            out.append(slot)
    return out


def playable_bonuses(state: State, seat: int | None = None) -> dict[int, str | None]:
    """Each Bonus card in `seat`'s hand (default: the seat to move) -> None if playable now, else why not."""
    seat = state.to_move if seat is None else seat
    if seat is None:
        return {}
    hand = state.players[seat].hand
    d = stage(state)
    if d == "combat" and state.combat.asked == seat:
        return {c: bonus_problem(state, seat, c, True) for c in hand}
    if d == "counter" and state.play.asked[0] == seat:
        return {c: None if BONUS[c].timing == "counter" else "only a counter card answers a Bonus" for c in hand}
    if d == "main" and state.turn.seat == seat:
        return {c: bonus_problem(state, seat, c, False) for c in hand}
    return {c: "not now: wait for your Action phase, a combat you fight in, or another player's Bonus" for c in hand}


def combat_standing(state: State) -> list[tuple[int, int]]:
    """During a combat: (fighter, score) from first to last as things stand (-1 is the Kromosaurus)."""
    if state.combat is None:
        return []
    return [(f, state.combat.score_of(f)) for f in fight_ranking(state, state.combat)]


def action_order(state: State) -> list[int]:
    """Seats still to play their Action phase this round, in order (the current one first); later places not yet fought are in seat order."""
    out = []
    if state.turn is not None:
        out.append(state.turn.seat)
    out.extend(state.order)
    if state.combat is not None:
        out.extend(f for f in fight_ranking(state, state.combat) if f >= 0)
    if state.phase == "places":
        for place in range(state.place + 1, 4):
            out.extend(i for i, p in enumerate(state.players) if p.place == place)
    return out
