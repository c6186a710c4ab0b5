"""What the board shows: the facts a board draws, from the state it has (a seat's `view` as well as the
full state: a board only ever has the view of the player at the screen).

Rewards and exact odds (a hunt, a combat, a Mountain reroll), prices, each seat's standing and status,
a fight's scores and its tie rule, the climb, the hike, the services of the Cave; `table` gathers them
for a board. A click turned into actions is `gestures`', the texts before a click are `previews`'.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, cache
from itertools import combinations_with_replacement
from math import factorial

from game.core.decision import HIDDEN
from game.krom.content import (
    CHARACTER_BY_ID,
    EVOLUTIONS,
    FOREST,
    HUNTING,
    RULES,
    HuntingCard,
    heaviest_wins,
    mountain_combination,
    reward_label,
)
from game.krom.decision import stage
from game.krom.facts import (
    CAVE_ITEMS,
    HP_MAX,
    fight_ranking,
    fighters_at,
    next_pick_cost,
    points,
    reroll_cost,
    target_points,
)
from game.krom.rules import place_name
from game.krom.state import DINO, State
from game.krom.words import amount_words

__all__ = [
    "Climb",
    "Fight",
    "Hike",
    "SeatFacts",
    "Service",
    "Table",
    "action_order",
    "affordable_anywhere",
    "basket_cost",
    "cave_services",
    "climb",
    "combat_odds",
    "combat_standing",
    "combination_value",
    "fight",
    "fight_odds",
    "fighter_name",
    "fighter_weight",
    "hike",
    "hunt_chances",
    "hunt_cost",
    "hunt_odds",
    "mountain_reward",
    "reroll_improves",
    "seat_facts",
    "seat_status",
    "table",
    "win_chances",
]

_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


# -- words for amounts and names -----------------------------------------------------------------


def fighter_name(state: State, fighter: int) -> str:
    """The name of a seat's Krom (its character), or the Kromosaurus for -1."""
    if fighter == DINO:
        return RULES.dino_name
    return CHARACTER_BY_ID[state.players[fighter].character].name


def fighter_weight(state: State, fighter: int) -> int:
    """A fighter's weight in kg, which settles ties (the Kromosaurus is heavier than every Krom)."""
    if fighter == DINO:
        return RULES.dino_weight
    return CHARACTER_BY_ID[state.players[fighter].character].weight


# -- the Mountain ----------------------------------------------------------------------------------


def mountain_reward(dice) -> tuple[str, list[tuple[str, tuple]]]:
    """The combination five dice show and what it pays: ("full_house", [("stone", ((krom, 2), (stone, 2))), ("bonus", ...)]).

    One option means no choice; no combination is ("", []).
    """
    combo = mountain_combination(tuple(dice))
    options = RULES.mountain_rewards.get(combo, ())
    return combo, [(reward_label(b, options), b) for b in options]


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


def _throws(faces: tuple[int, ...]) -> int:
    """In how many orders the rerolled dice can show the faces `faces` (a sorted multiset): n! / (k1! k2! ...)."""
    ways = factorial(len(faces))
    for count in Counter(faces).values():
        ways //= factorial(count)
    return ways


@lru_cache(maxsize=4096)
def _reroll_improves(kept: tuple[int, ...], rerolled: int, value: Fraction) -> Fraction:
    # Every throw of the rerolled dice counted once, grouped by the faces it shows (252 groups for five dice instead
    # of 7776 throws: a combination depends on the faces only), each combination's worth reckoned once: the same
    # exact chance, about 30 times quicker (a first climb's look took about 0.1 s of CPU, at every board refresh).
    better = 0
    worth: dict[str, Fraction] = {}
    for faces in combinations_with_replacement(range(1, 7), rerolled):
        combination = mountain_combination(kept + faces)
        if combination not in worth:
            worth[combination] = combination_value(combination)
        if worth[combination] > value:
            better += _throws(faces)
    return Fraction(better, 6**rerolled)


def reroll_improves(dice, kept) -> Fraction:
    """The exact chance that rerolling every die not in `kept` (die numbers) ends on a combination worth more than now."""
    dice = tuple(dice)
    kept_faces = tuple(sorted(dice[i] for i in set(kept)))
    rerolled = len(dice) - len(kept_faces)
    return _reroll_improves(kept_faces, rerolled, combination_value(mountain_combination(dice)))


@dataclass(frozen=True)
class Climb:
    """A Mountain climb as the table sees it: the dice, the combination and what it pays, the rerolls."""

    seat: int
    dice: tuple[int, ...]
    kept: tuple[int, ...]  # die numbers kept out of the next reroll
    combination: str  # "" for none; combination_name gives its words
    rewards: tuple[tuple[str, tuple], ...]  # (label, reward); several are a choice
    rerolls_used: int
    rerolls_most: int
    reroll_cost: int | None  # None: no reroll left (or the climb is over)
    improves: Fraction | None  # the chance a reroll of the free dice improves the reward (None: nothing to reroll)
    rolling: bool  # still keeping and rerolling (not yet stopped)

    @property
    def free(self) -> int:
        """How many dice a reroll would throw."""
        return len(self.dice) - len(self.kept)


def climb(state: State) -> Climb | None:
    """The climb of the player in the Mountain once their dice are rolled, else None."""
    t = state.turn
    if t is None or not t.dice:
        return None
    combo, rewards = mountain_reward(t.dice)
    free = len(t.dice) - len(t.kept)
    rolling = t.climb == "rolling"
    return Climb(t.seat, tuple(t.dice), tuple(t.kept), combo, tuple(rewards), t.rerolls, len(RULES.reroll_costs),
                 reroll_cost(state), reroll_improves(t.dice, t.kept) if free and rolling else None, rolling)


# -- the Savanna -----------------------------------------------------------------------------------


@cache
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
    hunted = HUNTING[card] if isinstance(card, int) else card
    return _at_least(hunted.dice + extra_dice, hunted.value)


def hunt_chances(card: HuntingCard | int) -> tuple[Fraction, ...]:
    """The exact chance to catch a prey with 0, 1 and 2 bought dice, in that order."""
    return tuple(hunt_odds(card, extra) for extra in range(len(RULES.extra_dice_costs)))


def hunt_cost(extra_dice: int) -> int:
    """Krom price of 0, 1 or 2 extra hunting dice."""
    return RULES.extra_dice_costs[extra_dice]


# -- the Forest ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hike:
    """A Forest hike: Picking cards drawn so far, the most a hike draws, the next card's price, the deck."""

    drawn: int
    most: int
    next_cost: int | None  # None: the hike is over
    deck: int
    discard: int
    can_shuffle: bool


def hike(state: State) -> Hike | None:
    """The hike of the player in their Action phase in the Forest, else None."""
    t = state.turn
    if t is None or t.place != FOREST:
        return None
    return Hike(t.picks, len(RULES.pick_costs), next_pick_cost(state), len(state.picking_deck),
                len(state.picking_discard), t.picks == 0 and not t.shuffled)


# -- the Cave --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Service:
    """One service of the Cave: what it gives (`amount` of `item`) for `price` Krom."""

    item: str  # wood, stone, bone, bonus or hp
    label: str  # its name on a price list
    amount: int
    price: int


def cave_services() -> tuple[Service, ...]:
    """The Cave's price list, in the order a board lists it."""
    out = []
    for item in CAVE_ITEMS:
        amount = RULES.hp_per_purchase if item == "hp" else 1
        label = amount_words(item, amount) if item == "hp" else ("Bonus card" if item == "bonus" else item.capitalize())
        price = RULES.bonus_price if item == "bonus" else RULES.hp_price if item == "hp" else RULES.resource_price
        out.append(Service(item, label, amount, price))
    return tuple(out)


def basket_cost(basket: dict[str, int]) -> int:
    """What a basket of services costs in Krom."""
    prices = {s.item: s.price for s in cave_services()}
    return sum(prices[item] * n for item, n in basket.items())


# -- Evolutions --------------------------------------------------------------------


def affordable_anywhere(state: State, seat: int) -> list[int]:
    """Slots of the Evolutions `seat` can pay for, wherever they would have to stand (for planning a move)."""
    p = state.players[seat]
    out = []
    for slot, card_id in enumerate(state.evolution_row):
        if card_id >= 0 and all(getattr(p, k) >= n for k, n in EVOLUTIONS[card_id].cost):
            out.append(slot)
    return out


# -- combat ----------------------------------------------------------------------------------------


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
            out.extend(i for i, p in enumerate(state.players) if p.place == place and not p.stunned)
    return out


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


def _die_bonus(fighter: int) -> int:
    return RULES.dino_die_bonus if fighter == DINO else 0


def combat_odds(state: State, place: int) -> dict[int, Fraction]:
    """Before the roll: each fighter in `place` (seats, -1 the Kromosaurus) -> its exact chance to win there; {} when nobody would fight."""
    fighters = fighters_at(state, place)
    if len(fighters) < 2:
        return {}
    pairs = [(fighter_weight(state, f), _die_bonus(f)) for f in fighters]
    return dict(zip(fighters, win_chances(pairs, heaviest_wins(place))))


def fight_odds(state: State, place: int, fighters) -> tuple[Fraction, ...]:
    """Before the roll: the exact chance of each of `fighters` (seats, -1 the Kromosaurus) to win a combat in `place`."""
    pairs = [(fighter_weight(state, f), _die_bonus(f)) for f in fighters]
    return tuple(win_chances(pairs, heaviest_wins(place)))


@dataclass(frozen=True)
class Fight:
    """A combat being fought: who, their scores, their odds before the roll, the tie rule, who is asked."""

    place: int
    fighters: tuple[int, ...]  # seats in seat order, then -1 for the Kromosaurus
    scores: tuple[int, ...]  # aligned with fighters
    bonuses: tuple[int, ...]  # what is added to each fighter's die (the Kromosaurus' +2)
    weights: tuple[int, ...]
    odds: tuple[Fraction, ...]  # each fighter's chance to win, before the roll
    ranking: tuple[int, ...]  # fighters from first to last as things stand
    heaviest_wins: bool
    asked: int | None  # the seat asked to play a combat card or pass

    def score_of(self, fighter: int) -> int:
        return self.scores[self.fighters.index(fighter)]

    def face_of(self, fighter: int) -> int:
        """A die face standing for a fighter's score (its own roll when no card changed it)."""
        return max(1, min(6, self.score_of(fighter) - self.bonuses[self.fighters.index(fighter)]))

    def tied(self, fighter: int) -> bool:
        """Whether another fighter has the same score (the weights decide between them)."""
        return self.scores.count(self.score_of(fighter)) > 1


def fight(state: State) -> Fight | None:
    """The combat being fought (its card window open), else None."""
    c = state.combat
    if c is None:
        return None
    weights = tuple(fighter_weight(state, f) for f in c.fighters)
    bonuses = tuple(_die_bonus(f) for f in c.fighters)
    heavy = heaviest_wins(c.place)
    odds = fight_odds(state, c.place, c.fighters)
    return Fight(c.place, tuple(c.fighters), tuple(c.scores), bonuses, weights, odds,
                 tuple(fight_ranking(state, c)), heavy, c.asked)


# -- each seat -------------------------------------------------------------------------------------


def seat_status(state: State, seat: int) -> tuple[str, str]:
    """What a seat is doing this round, in a few words, and its tone ("bad", "good", "gold" or "dim")."""
    p = state.players[seat]
    if p.stunned:
        return "Stunned", "bad"
    if state.phase == "over":
        return ("Winner", "gold") if state.winner == seat else ("", "dim")
    if state.phase == "move":
        pick = state.picks[seat]
        if pick is None:
            return ("Choosing…" if state.to_move == seat else "To choose"), "dim"
        if pick == HIDDEN:
            return "Destination chosen", "good"
        return f"Going to the {place_name(pick)}", "gold"
    if state.turn is not None and state.turn.seat == seat:
        return "Playing now", "gold"
    if state.combat is not None and seat in state.combat.fighters:
        return "Fighting", "gold"
    order = action_order(state)
    if seat in order:
        n = order.index(seat) + 1
        return f"Plays {_ORDINALS.get(n, f'{n}th')}", "dim"
    return "Done this round", "dim"


@dataclass(frozen=True)
class SeatFacts:
    """One player's board: their Krom, points, hit points, hand size, realized Evolutions and status."""

    seat: int
    character: str
    weight: int
    points: int
    hp: int
    most_hp: int
    hand: int
    evolutions: tuple[tuple[str, int], ...]  # (name, points) in the order realized
    trophy: bool
    status: str
    tone: str
    deciding: bool  # the seat to move
    acting: bool  # the seat playing its Action phase


def seat_facts(state: State, seat: int) -> SeatFacts:
    """The facts of one player's board."""
    p = state.players[seat]
    status, tone = seat_status(state, seat)
    return SeatFacts(seat, fighter_name(state, seat), fighter_weight(state, seat), points(state, seat), p.hp, HP_MAX,
                     len(p.hand), tuple((EVOLUTIONS[e].name, EVOLUTIONS[e].points) for e in p.evolutions),
                     state.trophy == seat, status, tone, state.to_move == seat,
                     state.turn is not None and state.turn.seat == seat)


# -- everything a board shows at once --------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """What the whole table sees now, from one view: the decision's kind, each seat, the fight, the climb, the hike."""

    stage: str
    to_move: int | None
    target: int  # Evolution points to win
    seats: tuple[SeatFacts, ...]
    fight: Fight | None
    climb: Climb | None
    hike: Hike | None
    dino_hp: int
    dino_most_hp: int


def table(state: State) -> Table:
    """The facts of a view that do not depend on who may act (see `options` and the gestures for that)."""
    return Table(stage(state), state.to_move, target_points(state.setup),
                 tuple(seat_facts(state, i) for i in range(state.num_players)), fight(state), climb(state), hike(state),
                 state.dino_hp, RULES.dino_hp if state.setup.kromosaurus else 0)
