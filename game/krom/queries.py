"""Questions the board scene asks the rules: rewards, odds, prices, what is affordable or playable here and now."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product

from game.krom.content import BONUS, CAVE, CHARACTER_BY_ID, EVOLUTIONS, HUNTING, RULES, SAVANNA, HuntingCard
from game.krom.flow import fighters_at
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
from game.krom.state import DINO, State

__all__ = [
    "action_order",
    "combat_odds",
    "combination_value",
    "hunt_chances",
    "reroll_improves",
    "win_chances",
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


def hunt_chances(card: HuntingCard | int) -> tuple[Fraction, ...]:
    """The exact chance to catch a prey with 0, 1 and 2 bought dice, in that order."""
    return tuple(hunt_odds(card, extra) for extra in range(len(RULES.extra_dice_costs)))


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


# -- exact odds for a board: the Mountain reroll and a combat before its roll ----------------------


def _token_value(kind: str) -> Fraction:
    """What one token or hit point is worth in Krom, at the Cave's prices."""
    if kind == "krom":
        return Fraction(1)
    if kind == "bonus":
        return Fraction(RULES.bonus_price)
    if kind == "hp":
        return Fraction(RULES.hp_price, RULES.hp_per_purchase)
    return Fraction(RULES.resource_price)


def combination_value(combination: str) -> Fraction:
    """The worth in Krom of a Mountain combination's best reward (Cave prices); 0 for no combination.

    It orders the combinations, so "improves" below means a reward worth more.
    """
    options = RULES.mountain_rewards.get(combination, ())
    return max((sum((_token_value(k) * n for k, n in bundle), Fraction(0)) for bundle in options), default=Fraction(0))


@lru_cache(maxsize=4096)
def _reroll_improves(kept: tuple[int, ...], rerolled: int, value: Fraction) -> Fraction:
    better = 0
    for faces in product(range(1, 7), repeat=rerolled):
        if combination_value(mountain_combination(kept + faces)) > value:
            better += 1
    return Fraction(better, 6**rerolled)


def reroll_improves(dice, kept) -> Fraction:
    """The exact chance that rerolling every die not in `kept` (die numbers) ends on a combination worth more than now."""
    dice = tuple(dice)
    kept_faces = tuple(sorted(dice[i] for i in set(kept)))
    rerolled = len(dice) - len(kept_faces)
    return _reroll_improves(kept_faces, rerolled, combination_value(mountain_combination(dice)))


def win_chances(fighters, heaviest_wins: bool) -> list[Fraction]:
    """Before the roll: each fighter's exact chance to win a combat.

    `fighters` lists (weight, die bonus) pairs, each rolling one die and adding its bonus;
    the highest score wins and a tie goes to the heaviest (`heaviest_wins`) or the lightest.
    Weights must differ, so every tie has an answer.
    """
    def beats(i: int, j: int) -> bool:  # i wins a tie against j
        return fighters[i][0] > fighters[j][0] if heaviest_wins else fighters[i][0] < fighters[j][0]

    chances = []
    for i, (_, bonus) in enumerate(fighters):
        total = Fraction(0)
        for face in range(1, 7):
            score = face + bonus
            p = Fraction(1, 6)
            for j, (_, other) in enumerate(fighters):
                if j != i:
                    losing = sum(1 for f in range(1, 7) if f + other < score or (f + other == score and beats(i, j)))
                    p *= Fraction(losing, 6)
            total += p
        chances.append(total)
    return chances


def combat_odds(state: State, place: int) -> dict[int, Fraction]:
    """Before the roll: each fighter in `place` (seats, -1 the Kromosaurus) -> its exact chance to win there; {} when nobody would fight."""
    fighters = fighters_at(state, place)
    if len(fighters) < 2:
        return {}

    def weight(f: int) -> int:
        return RULES.dino_weight if f == DINO else CHARACTER_BY_ID[state.players[f].character].weight

    pairs = [(weight(f), RULES.dino_die_bonus if f == DINO else 0) for f in fighters]
    return dict(zip(fighters, win_chances(pairs, place in (CAVE, SAVANNA))))
