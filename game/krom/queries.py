"""Questions the board asks the rules: what a click means, what is worth knowing now, and why not.

Everything here is pure and works on a seat's `view` as well as on the full state (a board
only ever has the view of the player at the screen). Three kinds of answers:

- facts: rewards, exact odds, prices, each seat's standing and status, a fight's scores and its
  tie rule, the climb, the hike, the services of the Cave (`table` gathers them for a board);
- gestures: `go`, `play_bonus`, `realize`, `hunt`, `toggle_die`, `fill_basket` and `options` turn
  a click into actions taken from the legal ones (`game.core.gesture.Gesture`), or give the
  rules' own reason why it maps to none;
- reasons: `bonus_reasons`, `evolution_problems`, `prey_problem`, `basket_problem`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, cache
from itertools import product
from collections.abc import Sequence

from game.core.actions import Action
from game.core.decision import HIDDEN
from game.core.gesture import Gesture
from game.krom.content import (
    BONUS,
    CAVE,
    CHARACTER_BY_ID,
    EVOLUTIONS,
    FOREST,
    HUNTING,
    MOUNTAIN,
    PLACES,
    RESOURCES,
    RULES,
    HuntingCard,
    heaviest_wins,
)
from game.krom.bonus import swap_short
from game.krom.flow import fighters_at
from game.krom.rules import (
    CAVE_ITEMS,
    HP_MAX,
    SLOTS,
    bonus_problem,
    evolution_problem,
    fight_ranking,
    mountain_combination,
    next_pick_cost,
    place_name,
    points,
    reroll_cost,
    reward_label,
    stage,
    target_points,
    target_problem,
    why_illegal,
)
from game.krom.state import DINO, State
from game.core.grammar import colon, counted
from game.krom.words import amount_words, bundle_words, combination_name

__all__ = [
    "Choice",
    "Climb",
    "Fight",
    "Hike",
    "HuntOption",
    "SeatFacts",
    "Service",
    "Table",
    "action_order",
    "affordable_anywhere",
    "affordable_evolutions",
    "basket_cost",
    "basket_problem",
    "bonus_reasons",
    "cave_services",
    "climb",
    "combat_odds",
    "combat_standing",
    "combination_value",
    "evolution_problems",
    "fight",
    "fight_odds",
    "fighter_name",
    "fighter_weight",
    "fill_basket",
    "go",
    "hike",
    "hunt",
    "hunt_chances",
    "hunt_cost",
    "hunt_odds",
    "hunt_options",
    "idle_pass",
    "mountain_reward",
    "next_pick_cost",
    "option_words",
    "options",
    "pass_for_form",
    "play_bonus",
    "playable_bonuses",
    "prey_problem",
    "realize",
    "reroll_cost",
    "reroll_improves",
    "seat_facts",
    "seat_status",
    "table",
    "tie_words",
    "ties_words",
    "toggle_die",
    "win_chances",
]

NOT_YOURS = "it is not your decision now"
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


def _who(state: State, seat: int, names: Sequence[str] | None) -> str:
    """A seat as a button names it: "Ann (Alma)" with the table's names, else (or where the seat is named after its
    Krom) the Krom's name."""
    krom = fighter_name(state, seat)
    if names is not None and 0 <= seat < len(names) and names[seat] and names[seat] != krom:
        return f"{names[seat]} ({krom})"
    return krom


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
    if isinstance(card, int):
        card = HUNTING[card]
    return _at_least(card.dice + extra_dice, card.value)


def hunt_chances(card: HuntingCard | int) -> tuple[Fraction, ...]:
    """The exact chance to catch a prey with 0, 1 and 2 bought dice, in that order."""
    return tuple(hunt_odds(card, extra) for extra in range(len(RULES.extra_dice_costs)))


def hunt_cost(extra_dice: int) -> int:
    """Krom price of 0, 1 or 2 extra hunting dice."""
    return RULES.extra_dice_costs[extra_dice]


@dataclass(frozen=True)
class HuntOption:
    """One way to hunt a prey: with `extra` bought dice (`dice` in all) for `cost` Krom, with these odds."""

    slot: int
    extra: int
    dice: int
    cost: int
    odds: Fraction
    gesture: Gesture


def hunt(state: State, legal, slot: int, extra: int) -> Gesture:
    """Hunt the prey in `slot` with `extra` bought dice, or why not."""
    return _take(state, legal, Action("hunt", (slot, extra)))


def hunt_options(state: State, legal, slot: int) -> tuple[HuntOption, ...]:
    """The ways to hunt the prey in `slot` (0, 1 or 2 bought dice), each with its price, odds and gesture."""
    if not 0 <= slot < SLOTS or state.hunting_row[slot] < 0:
        return ()
    c = HUNTING[state.hunting_row[slot]]
    return tuple(HuntOption(slot, extra, c.dice + extra, hunt_cost(extra), hunt_odds(c, extra), hunt(state, legal, slot, extra))
                 for extra in range(len(RULES.extra_dice_costs)))


def prey_problem(state: State, seat: int | None, slot: int) -> str | None:
    """Why `seat` cannot choose the prey in `slot` now (None when a hunt of it can be chosen)."""
    if seat is None or stage(state) != "main" or state.turn.seat != seat:
        return "you hunt in your own Action phase, in the Savanna"
    return why_illegal(state, Action("hunt", (slot, 0)))


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


def basket_problem(state: State, seat: int | None, basket: dict[str, int], item: str) -> str | None:
    """Why one more `item` cannot go into `seat`'s basket of Cave services now, or None."""
    if seat is None or stage(state) != "main" or state.turn.seat != seat:
        return "services are provided in your own Action phase, in the Cave"
    first = why_illegal(state, Action("buy", (item,)))
    if first is not None and not basket.get(item):
        return first
    p = state.players[seat]
    service = next(s for s in cave_services() if s.item == item)
    left = p.krom - basket_cost(basket)
    if left < service.price:
        return f"not enough Krom: {service.label} costs {service.price}, you have {left} left after the basket"
    n = basket.get(item, 0)
    if item == "hp" and p.hp + n * service.amount >= HP_MAX:
        return f"your hit points would already be at {HP_MAX}"
    if item in RESOURCES and state.supply[item] <= n:
        return f"the supply has no more {item.capitalize()}"
    if item == "bonus" and len(state.bonus_deck) + len(state.bonus_discard) <= n:
        return "no more Bonus card is left to draw"
    return None


def fill_basket(state: State, legal, basket: dict[str, int]) -> Gesture:
    """Provide every service in `basket` (item -> how many), one purchase after another, or why not."""
    seat = state.to_move
    wanted = [(item, n) for item, n in basket.items() if n > 0]
    if not wanted:
        return Gesture.refused("add services with + first")
    actions: list[Action] = []
    so_far: dict[str, int] = {}
    for item, n in wanted:
        for _ in range(n):
            problem = basket_problem(state, seat, so_far, item)
            if problem is not None:
                return Gesture.refused(problem)
            so_far[item] = so_far.get(item, 0) + 1
            action = Action("buy", (item,))
            if action not in legal:
                return Gesture.refused(why_illegal(state, action) or NOT_YOURS)
            actions.append(action)
    return Gesture(tuple(actions))


# -- Evolutions and Bonus cards --------------------------------------------------------------------


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


def _when(card_id: int) -> str:
    """When a Bonus card is played, in words, for a card that cannot be played at this moment."""
    card = BONUS[card_id]
    if card.timing == "combat":
        return f"{card.name} is a combat card: play it after the dice of a combat you fight in"
    if card.timing == "counter":
        return f"{card.name} is a counter card: play it when another player plays a Bonus card"
    if card.place is not None:
        return f"{card.name} is played in your own Action phase, in the {place_name(card.place)}"
    return f"{card.name} is played in your own Action phase"


def _busy_reason(state: State, seat: int, d: str) -> str | None:
    """Why no Bonus card can be played now although it is `seat`'s own Action phase (something is under way)."""
    if d in ("target", "choice") and state.play is not None and state.play.seat == seat:
        aimed = BONUS[state.play.card].name
        what = "its target" if d == "target" else "what it gives"
        return f"finish playing {aimed} first: choose {what}, or cancel"
    if d == "climb":
        return "not in the middle of a climb: stop first, then play it"
    if d == "reward":
        return "choose your Mountain reward first"
    return None


def bonus_reasons(state: State, seat: int | None) -> dict[int, str | None]:
    """Each Bonus card in `seat`'s hand -> None if it can be played now, else why not, in the rules' words.

    Outside a moment when a card may be played, each card says when it is played (a combat
    card after a combat's dice, a counter card on another player's Bonus card, the others in
    one's own Action phase, in their place); in one's own Action phase while a card is aimed,
    a climb goes on or a reward is chosen, it says what to finish first.
    """
    if seat is None:
        return {}
    hand = [c for c in state.players[seat].hand if c != HIDDEN]
    d = stage(state)
    if d == "combat" and state.combat.asked == seat:
        return {c: bonus_problem(state, seat, c, True) for c in hand}
    if d == "counter" and state.play.asked[0] == seat:
        play = state.play
        card = BONUS[play.counters[-1][1] if play.counters else play.card].name
        return {c: None if BONUS[c].timing == "counter" else f"{BONUS[c].name} is not a counter card: only a counter card cancels {card}"
                for c in hand}
    if d == "main" and state.turn.seat == seat:
        return {c: bonus_problem(state, seat, c, False) for c in hand}
    own_turn = state.turn is not None and state.turn.seat == seat
    busy = _busy_reason(state, seat, d) if own_turn else None
    return {c: busy if busy is not None and BONUS[c].timing not in ("combat", "counter") else _when(c) for c in hand}


def playable_bonuses(state: State, seat: int | None = None) -> dict[int, str | None]:
    """Each Bonus card in `seat`'s hand (default: the seat to move) -> None if playable now, else why not."""
    return bonus_reasons(state, state.to_move if seat is None else seat)


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


def tie_words(place: int) -> str:
    """The tie rule of a place in words: "the heaviest wins ties in the Cave"."""
    return f"the {'heaviest' if heaviest_wins(place) else 'lightest'} wins ties in the {place_name(place)}"


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


# -- gestures --------------------------------------------------------------------------------------


def _take(state: State, legal, action: Action, reason: str | None = None) -> Gesture:
    """The gesture playing `action` when it is legal now, else the given reason, the rules' or 'not yours'."""
    if action in legal:
        return Gesture.of(action)
    return Gesture.refused(reason or (why_illegal(state, action) if legal else None) or NOT_YOURS)


def go(state: State, legal, place: int) -> Gesture:
    """Lay the Destination card of `place` (0 Cave .. 3 Mountain) face down, or why not."""
    return _take(state, legal, Action("go", (PLACES[place],)))


def play_bonus(state: State, legal, seat: int | None, card: int) -> Gesture:
    """Play the Bonus card `card` of `seat`'s hand, or why not (see `bonus_reasons`)."""
    action = Action("play", (card,))
    if action in legal:
        return Gesture.of(action)
    return Gesture.refused(bonus_reasons(state, seat).get(card) or NOT_YOURS)


def realize(state: State, legal, seat: int | None, slot: int) -> Gesture:
    """Realize the Evolution face up in `slot`, or why not."""
    action = Action("realize", (slot,))
    if action in legal:
        return Gesture.of(action)
    problems = evolution_problems(state, seat) if seat is not None else []
    return Gesture.refused((problems[slot] if problems else None) or NOT_YOURS)


def toggle_die(state: State, legal, die: int) -> Gesture:
    """Keep Mountain die `die` out of the next reroll, or put it back in, or why not."""
    t = state.turn
    kept = t is not None and die in t.kept
    return _take(state, legal, Action("free" if kept else "keep", (die,)))


@dataclass(frozen=True)
class Choice:
    """One option of the decision at hand, as a button shows it: a stable key, a label, what it does, the gesture."""

    key: str
    label: str
    tip: str
    gesture: Gesture
    action: Action  # what it plays (a choice overlay asks the rules about it, legal or not)


def _choice(state, legal, key: str, label: str, tip: str, action: Action, reason: str | None = None) -> Choice:
    return Choice(key, label, tip, _take(state, legal, action, reason), action)


def _steal_label(state: State, victim: int, kind: str) -> str:
    if kind == "krom":
        return f"Half their Krom ({(state.players[victim].krom + 1) // 2})"
    if kind == "bonus":
        return "A random Bonus card"
    return amount_words(kind, 1)


def options(state: State, legal, names: Sequence[str] | None = None) -> tuple[Choice, ...]:
    """Every option of the decision at hand that a button offers (the cards, dice, prey and Cave basket
    have their own gestures), each with the gesture it plays or the rules' reason why not.

    Keys: rest, shuffle, pick, climb, end (an Action phase); reroll, stop (a climb); reward:LABEL;
    pass (the combat-card window); counter, pass (the counter window); target:SEAT, cancel;
    take:RESOURCE, cancel; steal:KIND, pass (take nothing). `names` calls the players as the table does.
    """
    d = stage(state)
    out: list[Choice] = []
    add = out.append
    if d == "main":
        t = state.turn
        if t.place == CAVE:
            add(_choice(state, legal, "rest", f"Rest: +{RULES.rest_krom} Krom, +{RULES.rest_hp} hit points",
                        "Rest in the Cave instead of providing services", Action("rest")))
        elif t.place == FOREST:
            if t.picks == 0:
                add(_choice(state, legal, "shuffle", "Reshuffle the Picking deck",
                            "Shuffle the discard pile back into the Picking deck before the first card", Action("shuffle")))
            cost = next_pick_cost(state)
            price = "the hike is over" if cost is None else "free" if cost == 0 else f"{cost} Krom"
            add(_choice(state, legal, "pick", f"Draw a Picking card ({price})",
                        "Draw the top Picking card and take its reward", Action("pick")))
        elif t.place == MOUNTAIN and not t.climb:
            add(_choice(state, legal, "climb", f"Climb: roll {RULES.mountain_dice} dice",
                        "Roll the five dice: their combination pays a reward", Action("climb")))
        add(_choice(state, legal, "end", "End my Action phase", "Hand on to the next player", Action("end")))
    elif d == "climb":
        c = climb(state)
        cost = c.reroll_cost
        label = "No reroll left" if cost is None else f"Reroll {counted(c.free, 'die')} ({cost} Krom)"
        add(_choice(state, legal, "reroll", label, "Reroll every die without a gold ring", Action("reroll")))
        add(_choice(state, legal, "stop", "Stop and take the reward",
                    f"Stop climbing with {combination_name(c.combination)}", Action("stop")))
    elif d == "reward":
        for label, bundle in mountain_reward(state.turn.dice)[1]:
            add(_choice(state, legal, f"reward:{label}", bundle_words(bundle), f"Take {bundle_words(bundle)}",
                        Action("reward", (label,))))
    elif d == "combat":
        add(_choice(state, legal, "pass", "Pass", "Play no combat card now", Action("pass")))
    elif d == "counter":
        play = state.play
        top = play.counters[-1][1] if play.counters else play.card
        seat = state.to_move
        mine = [c for c in state.players[seat].hand if c != HIDDEN and BONUS[c].timing == "counter"]
        label = f"Counter it with {BONUS[mine[0]].name}" if mine else "Counter it"
        add(_choice(state, legal, "counter", label, colon(f"Cancel {BONUS[top].name}", "both cards are discarded"),
                    Action("counter")))
        add(_choice(state, legal, "pass", "Pass: let it happen" if mine else "Pass", f"Do not counter {BONUS[top].name}",
                    Action("pass")))
    elif d == "target":
        card = BONUS[state.play.card]
        for t in range(state.num_players):
            if t != state.play.seat:
                tip = f"Play {card.name} on {_who(state, t, names)}"
                short = swap_short(state, state.play.seat, t, card) if card.effect == "swap" else None
                if short is not None:  # a swap is one exchange: with a side missing, nothing changes hands
                    tip = colon(tip, f"{_who(state, short[0], names)} cannot give {amount_words(short[1], short[2])}, "
                                     "so nothing would change hands")
                add(_choice(state, legal, f"target:{t}", _who(state, t, names), tip,
                            Action("target", (t,)), target_problem(state, state.play.seat, card, t)))
        add(_choice(state, legal, "cancel", "Cancel (keep the card)", "Take the card back into your hand", Action("cancel")))
    elif d == "choice":
        card = BONUS[state.play.card]
        for r in RESOURCES:
            add(_choice(state, legal, f"take:{r}", r.capitalize(), f"{card.name} gives {amount_words(r, card.amount)}",
                        Action("take", (r,))))
        add(_choice(state, legal, "cancel", "Cancel (keep the card)", "Take the card back into your hand", Action("cancel")))
    elif d == "steal":
        victim = state.steals[0][1]
        who = _who(state, victim, names)
        for kind in RESOURCES + ("krom", "bonus"):
            label = _steal_label(state, victim, kind)
            add(_choice(state, legal, f"steal:{kind}", label, f"Take {label[:1].lower() + label[1:]} from {who}",
                        Action("steal", (kind,))))
        add(_choice(state, legal, "pass", "Take nothing", f"Leave {who} alone", Action("pass")))
    return tuple(out)


def pass_for_form(kind: str | None, legal) -> Gesture | None:
    """In a combat-card or counter window, the pass any seat asked may give without looking at its hand
    (a pass is always legal there, so offering it shows nothing of the hand); None for other decisions."""
    if kind not in ("combat", "counter"):
        return None
    action = Action("pass")
    return Gesture.of(action) if action in legal else None


def idle_pass(state: State, legal) -> Gesture | None:
    """The pass of a seat asked in a combat-card or counter window that can do nothing else (no suitable
    card), else None."""
    if stage(state) in ("combat", "counter") and list(legal) == [Action("pass")]:
        return Gesture.of(Action("pass"))
    return None


# -- the options of a new game ---------------------------------------------------------------------


def option_words() -> dict[str, str]:
    """What each option of a new game does, with the rules' numbers: glacial, kromosaurus, longer."""
    cold, fire = -RULES.glacial_outside, RULES.glacial_cave
    places = ", ".join(place_name(p) for p in RULES.dino_places[:-1]) + f" and {place_name(RULES.dino_places[-1])}"
    return {
        "glacial": f"Outside the Cave every Action phase costs {amount_words('hp', cold)}; the Cave gives {fire}.",
        "kromosaurus": f"A beast roams the {places} and fights everyone it meets.",
        "longer": f"{RULES.longer} more Evolution points are needed to win.",
    }


def ties_words() -> str:
    """Who wins a tie in a combat, place by place, as one sentence."""
    heavy = [place_name(p) for p in range(4) if heaviest_wins(p)]
    light = [place_name(p) for p in range(4) if not heaviest_wins(p)]
    return f"Light Krom win ties in the {' and '.join(light)}, heavy ones in the {' and '.join(heavy)}."


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
