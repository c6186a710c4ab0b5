"""A player's own Action phase: the place's actions (Cave services, Forest hike, Savanna hunt, Mountain climb and reward), realizing Evolutions, playing a Bonus card, ending."""

from __future__ import annotations

from game.core import D6, Action
from game.core.actions import interned
from game.core.grammar import counted, listing
from game.krom.basics import (
    CAVE_ITEMS,
    CAVE_LABELS,
    HP_MAX,
    SLOTS,
    _check_win,
    _draw,
    _gain,
    _gain_bundle,
    _ints,
    _no_args,
    _pay,
    _word,
    mountain_combination,
    place_name,
    points,
)
from game.krom.bonus import _begin_play, _gain_problem, bonus_problem
from game.krom.content import CAVE, EVOLUTIONS, FOREST, HUNTING, MOUNTAIN, PICKING, RULES, SAVANNA, reward_label
from game.krom.events import (
    ActionPhaseEnded,
    Bought,
    DeckShuffled,
    DiceRolled,
    EvolutionRealized,
    EvolutionRevealed,
    Hunted,
    HuntingRevealed,
    MountainScored,
    PickingDrawn,
    Rested,
)
from game.krom.state import State, Turn
from game.krom.words import bundle_text


def _cand_climb(s: State, seat: int) -> list[Action]:
    t = s.turn
    out = [interned("free" if i in t.kept else "keep", i) for i in range(len(t.dice))]
    return out + [_REROLL, _STOP]


def _legal_climb(s: State, seat: int) -> list[Action]:
    """The candidates of `_cand_climb` that `_check_climb` accepts (tests compare the two): every die can be
    kept or freed, a reroll needs one left, a die not kept and its price; stopping is always possible."""
    t = s.turn
    dice, kept = t.dice, t.kept
    if len(dice) <= len(_KEEP_DIE):
        out = [_FREE_DIE[i] if i in kept else _KEEP_DIE[i] for i in range(len(dice))]
    else:
        out = _cand_climb(s, seat)[:-2]
    cost = reroll_cost(s)
    if cost is not None and len(kept) != len(dice) and s.players[seat].krom >= cost:
        out.append(_REROLL)
    out.append(_STOP)
    return out


_KEEP_DIE = tuple(interned("keep", i) for i in range(RULES.mountain_dice))
_FREE_DIE = tuple(interned("free", i) for i in range(RULES.mountain_dice))
_REROLL, _STOP = interned("reroll"), interned("stop")


def reroll_cost(state: State) -> int | None:
    """The price of the next Mountain reroll, or None when the four rerolls are used (or nobody climbs)."""
    t = state.turn
    if t is None or t.climb != "rolling" or t.rerolls >= len(RULES.reroll_costs):
        return None
    return RULES.reroll_costs[t.rerolls]


def _check_climb(s: State, seat: int, a: Action) -> str | None:
    t = s.turn
    if a.kind in ("keep", "free"):
        args = _ints(a, 1)
        if args is None or not 0 <= args[0] < len(t.dice):
            return f"there is no such die: the dice are numbered 0 to {len(t.dice) - 1}"
        kept = args[0] in t.kept
        if a.kind == "keep" and kept:
            return f"that {t.dice[args[0]]} is already kept"
        if a.kind == "free" and not kept:
            return f"that {t.dice[args[0]]} is not kept"
        return None
    if a.kind == "reroll":
        cost = reroll_cost(s)
        if cost is None:
            return "no reroll left: four at most"
        if len(t.kept) == len(t.dice):
            return "every die is kept: free one to reroll it"
        if s.players[seat].krom < cost:
            return f"not enough Krom: this reroll costs {cost}, you have {s.players[seat].krom}"
        return _no_args(a)
    if a.kind == "stop":
        return _no_args(a)
    return "you are climbing: keep dice, reroll the others, or stop to take your reward"


def _do_climb(s: State, seat: int, a: Action, ev: list) -> None:
    t = s.turn
    if a.kind == "keep":
        s.turn = t.but(kept=tuple(sorted(t.kept + (a.args[0],))))
    elif a.kind == "free":
        s.turn = t.but(kept=tuple(i for i in t.kept if i != a.args[0]))
    elif a.kind == "reroll":
        _pay(s, seat, "krom", RULES.reroll_costs[t.rerolls], ev)
        s.turn = t.but(dice=_roll_mountain(s, seat, t.dice, t.kept, ev), rerolls=t.rerolls + 1)
    else:
        combo = mountain_combination(t.dice)
        ev.append(MountainScored(seat, t.dice, combo))
        options = RULES.mountain_rewards.get(combo, ())
        if len(options) > 1:
            s.turn = t.but(climb="reward")
            return
        if options:
            _gain_bundle(s, seat, options[0], ev)
        s.turn = t.but(climb="done")


def _roll_mountain(s: State, seat: int, dice: tuple[int, ...], kept: tuple[int, ...], ev: list) -> tuple[int, ...]:
    new = tuple(d if i in kept else s.rng.roll(D6) for i, d in enumerate(dice))
    ev.append(DiceRolled(seat, "mountain", new))
    return new


def reward_options(state: State) -> list[tuple[str, tuple]]:
    """While choosing a Mountain reward: (label, reward) pairs, e.g. ("stone", (("krom", 2), ("stone", 2)))."""
    options = RULES.mountain_rewards[mountain_combination(state.turn.dice)]
    return [(reward_label(b, options), b) for b in options]


def _cand_reward(s: State, seat: int) -> list[Action]:
    return [interned("reward", label) for label, _ in reward_options(s)]


def _check_reward(s: State, seat: int, a: Action) -> str | None:
    labels = [label for label, _ in reward_options(s)]
    if a.kind != "reward" or _word(a, labels) is None:
        return "choose your Mountain reward: " + listing([bundle_text(b) for _, b in reward_options(s)], "or")
    return None


def _do_reward(s: State, seat: int, a: Action, ev: list) -> None:
    bundle = dict(reward_options(s))[a.args[0]]
    _gain_bundle(s, seat, bundle, ev)
    s.turn = s.turn.but(climb="done")


# -- the Action phase's own actions ----------------------------------------------------------------


def next_pick_cost(state: State) -> int | None:
    """The price of the next Picking card in the current hike, or None when four were drawn (or nobody is in the Forest)."""
    t = state.turn
    if t is None or t.place != FOREST or t.picks >= len(RULES.pick_costs):
        return None
    return RULES.pick_costs[t.picks]


def cave_price(item: str) -> int:
    """Krom price of one Cave service: a resource, a Bonus card, or 3 hit points ("hp")."""
    if item == "bonus":
        return RULES.bonus_price
    if item == "hp":
        return RULES.hp_price
    return RULES.resource_price


def evolution_problem(s: State, seat: int, slot: int) -> str | None:
    """Why `seat` cannot realize the Evolution in `slot` now (in their Action phase), or None."""
    if not isinstance(slot, int) or not 0 <= slot < SLOTS or s.evolution_row[slot] < 0:
        return "there is no Evolution card there"
    card = EVOLUTIONS[s.evolution_row[slot]]
    here = s.players[seat].place
    if card.place is not None and card.place != here:
        return f"{card.name} can only be realized in the {place_name(card.place)}; you are in the {place_name(here)}"
    p = s.players[seat]
    for kind, amount in card.cost:
        if getattr(p, kind) < amount:
            return f"not enough {kind.capitalize()}: {card.name} costs {amount}, you have {getattr(p, kind)}"
    return None


def _in_place(t: Turn, place: int, what: str) -> str | None:
    if t.place != place:
        return f"{what} only in the {place_name(place)}; you are in the {place_name(t.place)}"
    return None


def _check_rest(s, seat, a, t, p) -> str | None:
    return (
        _in_place(t, CAVE, "you can rest")
        or ("you already rested this Action phase" if t.cave == "rest" else None)
        or ("you provided services this Action phase: resting is the other choice" if t.cave == "services" else None)
        or _no_args(a)
    )


def _check_buy(s, seat, a, t, p) -> str | None:
    problem = _in_place(t, CAVE, "you can provide services")
    if problem:
        return problem
    if t.cave == "rest":
        return "you rested this Action phase: services are the other choice"
    item = _word(a, CAVE_ITEMS)
    if item is None:
        return "buy Wood, Stone, Bone, a Bonus card or hit points"
    price = cave_price(item)
    if p.krom < price:
        return f"not enough Krom: {CAVE_LABELS[item]} {price}, you have {p.krom}"
    if item == "hp":
        return f"you already have all {HP_MAX} hit points" if p.hp >= HP_MAX else None
    return _gain_problem(s, seat, item)


def _check_shuffle(s, seat, a, t, p) -> str | None:
    return (
        _in_place(t, FOREST, "the Picking deck is shuffled")
        or ("you can only shuffle before drawing your first Picking card" if t.picks else None)
        or ("you already shuffled the Picking deck" if t.shuffled else None)
        or _no_args(a)
    )


def _check_pick(s, seat, a, t, p) -> str | None:
    problem = _in_place(t, FOREST, "you can draw Picking cards")
    if problem:
        return problem
    cost = next_pick_cost(s)
    if cost is None:
        return f"you drew {counted(len(RULES.pick_costs), 'Picking card')}: the hike is over"
    if p.krom < cost:
        return f"not enough Krom: the next Picking card costs {cost}, you have {p.krom}"
    return _no_args(a)


def _check_hunt(s, seat, a, t, p) -> str | None:
    problem = _in_place(t, SAVANNA, "you can hunt")
    if problem:
        return problem
    if t.hunted:
        return "you already hunted: one hunt per Action phase"
    args = _ints(a, 2)
    if args is None:
        return "write 'hunt SLOT EXTRA': the card's slot (0-3) and 0, 1 or 2 extra dice"
    slot, extra = args
    if not 0 <= slot < SLOTS or s.hunting_row[slot] < 0:
        return "there is no Hunting card there"
    if not 0 <= extra < len(RULES.extra_dice_costs):
        return f"you can buy 0 to {len(RULES.extra_dice_costs) - 1} extra dice, not {extra}"
    cost = RULES.extra_dice_costs[extra]
    if p.krom < cost:
        return f"not enough Krom: {counted(extra, 'extra die')} {'costs' if extra == 1 else 'cost'} {cost}, you have {p.krom}"
    return None


def _check_climb_start(s, seat, a, t, p) -> str | None:
    return _in_place(t, MOUNTAIN, "you can climb") or ("you already climbed this Action phase" if t.climb else None) or _no_args(a)


def _check_realize(s, seat, a, t, p) -> str | None:
    args = _ints(a, 1)
    if args is None:
        return "write 'realize SLOT' with the Evolution's slot (0-3)"
    return evolution_problem(s, seat, args[0])


def _check_play(s, seat, a, t, p) -> str | None:
    args = _ints(a, 1)
    if args is None:
        return "write 'play CARD' with the card's number"
    return bonus_problem(s, seat, args[0], False)


def place_duty(s: State, t: Turn) -> str | None:
    """What a player in this place must still do before ending the Action phase, or None.

    The rulebook tells what a player there does: in the Forest they begin the hike with the
    first (free) Picking card, in the Savanna they go hunting, in the Mountain they roll the
    five dice once (RULES_NOTES). The Cave's two choices include services for nothing."""
    if t.place == FOREST and t.picks == 0 and (s.picking_deck or s.picking_discard):
        return "a player in the Forest begins their hike with the first Picking card (it is free): draw it first"
    if t.place == SAVANNA and not t.hunted and any(c >= 0 for c in s.hunting_row):
        return "a player in the Savanna goes hunting: choose a prey first (a hunt with no extra dice is free)"
    if t.place == MOUNTAIN and not t.climb:
        return f"a player in the Mountain rolls the {RULES.mountain_dice} dice once: climb first (the first roll is free)"
    return None


def _check_end(s, seat, a, t, p) -> str | None:
    return place_duty(s, t) or _no_args(a)


MAIN_CHECKS = {
    "rest": _check_rest,
    "buy": _check_buy,
    "shuffle": _check_shuffle,
    "pick": _check_pick,
    "hunt": _check_hunt,
    "climb": _check_climb_start,
    "realize": _check_realize,
    "play": _check_play,
    "end": _check_end,
}


_MAIN_BY_PLACE = {
    CAVE: (interned("rest"), *(interned("buy", i) for i in CAVE_ITEMS)),
    FOREST: (interned("shuffle"), interned("pick")),
    SAVANNA: tuple(interned("hunt", slot, extra) for slot in range(SLOTS) for extra in range(len(RULES.extra_dice_costs))),
}
_CLIMB_START = (interned("climb"),)
_REST, _BUY = _MAIN_BY_PLACE[CAVE][0], _MAIN_BY_PLACE[CAVE][1:]
_SHUFFLE, _PICK = _MAIN_BY_PLACE[FOREST]
_REALIZE = tuple(interned("realize", slot) for slot in range(SLOTS))
_END = interned("end")


def _cand_main(s: State, seat: int) -> list[Action]:
    out = list(_MAIN_BY_PLACE.get(s.turn.place, _CLIMB_START))
    out += _REALIZE
    out += [interned("play", c) for c in s.players[seat].hand]
    out.append(_END)
    return out


def _legal_main(s: State, seat: int) -> list[Action]:
    """The candidates of `_cand_main` that `_check_main` accepts, in their order, decided without building
    the refusals' sentences (legal_actions asks this in every Action phase; tests compare the two)."""
    t = s.turn
    p = s.players[seat]
    place, krom = t.place, p.krom
    out = []
    if place == CAVE:
        if not t.cave:
            out.append(_REST)
        if t.cave != "rest":
            for a in _BUY:
                item = a.args[0]
                if krom < cave_price(item):
                    continue
                if item == "hp":
                    if p.hp < HP_MAX:
                        out.append(a)
                elif item == "bonus":
                    if s.bonus_deck or s.bonus_discard:
                        out.append(a)
                elif s.supply[item]:
                    out.append(a)
    elif place == FOREST:
        if not t.picks and not t.shuffled:
            out.append(_SHUFFLE)
        if t.picks < len(RULES.pick_costs) and krom >= RULES.pick_costs[t.picks]:
            out.append(_PICK)
    elif place == SAVANNA:
        if not t.hunted:
            row, costs = s.hunting_row, RULES.extra_dice_costs
            for a in _MAIN_BY_PLACE[SAVANNA]:
                slot, extra = a.args
                if row[slot] >= 0 and krom >= costs[extra]:
                    out.append(a)
    elif place == MOUNTAIN and not t.climb:
        out.append(_CLIMB_START[0])
    row = s.evolution_row
    here = p.place
    for slot, a in enumerate(_REALIZE):
        card = row[slot]
        if card < 0:
            continue
        card = EVOLUTIONS[card]
        if card.place is not None and card.place != here:
            continue
        for kind, amount in card.cost:
            if getattr(p, kind) < amount:
                break
        else:
            out.append(a)
    for c in p.hand:
        if bonus_problem(s, seat, c, False) is None:
            out.append(interned("play", c))
    if place_duty(s, t) is None:
        out.append(_END)
    return out


def _check_main(s: State, seat: int, a: Action) -> str | None:
    check = MAIN_CHECKS.get(a.kind)
    if check is None:
        kinds = dict.fromkeys(c.kind for c in _cand_main(s, seat))
        words = {"rest": "rest", "buy": "provide services", "shuffle": "shuffle the Picking deck", "pick": "draw Picking cards",
                 "hunt": "hunt", "climb": "climb", "realize": "realize an Evolution", "play": "play a Bonus card",
                 "end": "end your Action phase"}
        return f"it is your Action phase in the {place_name(s.turn.place)}: you may " + listing([words.get(k, k) for k in kinds], "or")
    return check(s, seat, a, s.turn, s.players[seat])


def _do_main(s: State, seat: int, a: Action, ev: list) -> None:
    t = s.turn
    kind = a.kind
    if kind == "end":
        ev.append(ActionPhaseEnded(seat))
        s.turn = None
    elif kind == "rest":
        ev.append(Rested(seat))
        _gain(s, seat, "krom", RULES.rest_krom, ev)
        _gain(s, seat, "hp", RULES.rest_hp, ev)
        s.turn = t.but(cave="rest")
    elif kind == "buy":
        item = a.args[0]
        price = cave_price(item)
        s.own(seat).krom -= price
        s.supply["krom"] += price
        ev.append(Bought(seat, item, price))
        _gain(s, seat, item, RULES.hp_per_purchase if item == "hp" else 1, ev)
        s.turn = t.but(cave="services")
    elif kind == "shuffle":
        s.picking_deck = tuple(s.rng.shuffled(s.picking_deck + s.picking_discard))
        s.picking_discard = ()
        ev.append(DeckShuffled("picking"))
        s.turn = t.but(shuffled=True)
    elif kind == "pick":
        _pick(s, seat, t, ev)
    elif kind == "hunt":
        _hunt(s, seat, t, a.args[0], a.args[1], ev)
    elif kind == "climb":
        dice = _roll_mountain(s, seat, (0,) * RULES.mountain_dice, (), ev)
        s.turn = t.but(climb="rolling", dice=dice, kept=(), rerolls=0)
    elif kind == "realize":
        _realize(s, seat, a.args[0], ev)
    else:  # play
        _begin_play(s, seat, a.args[0], ev)


def _pick(s: State, seat: int, t: Turn, ev: list) -> None:
    cost = RULES.pick_costs[t.picks]
    if cost:
        _pay(s, seat, "krom", cost, ev)
    card = _draw(s, "picking", ev)
    ev.append(PickingDrawn(seat, card, cost))
    _gain_bundle(s, seat, PICKING[card].reward, ev)
    s.picking_discard = s.picking_discard + (card,)
    s.turn = t.but(picks=t.picks + 1)


def _hunt(s: State, seat: int, t: Turn, slot: int, extra: int, ev: list) -> None:
    cost = RULES.extra_dice_costs[extra]
    if cost:
        _pay(s, seat, "krom", cost, ev)
    card_id = s.hunting_row[slot]
    card = HUNTING[card_id]
    faces = tuple(s.rng.roll(D6) for _ in range(card.dice + extra))
    ev.append(DiceRolled(seat, "hunt", faces))
    total = sum(faces)
    caught = total >= card.value
    ev.append(Hunted(seat, slot, card_id, total, caught))
    s.turn = t.but(hunted=True)
    if not caught:
        return
    _gain_bundle(s, seat, card.reward, ev)
    s.hunting_discard = s.hunting_discard + (card_id,)
    new = _draw(s, "hunting", ev)
    row = list(s.hunting_row)
    row[slot] = -1 if new is None else new
    s.hunting_row = tuple(row)
    if new is not None:
        ev.append(HuntingRevealed(slot, new))


def _realize(s: State, seat: int, slot: int, ev: list) -> None:
    card_id = s.evolution_row[slot]
    card = EVOLUTIONS[card_id]
    for kind, amount in card.cost:
        _pay(s, seat, kind, amount, ev)
    p = s.own(seat)
    p.evolutions = p.evolutions + (card_id,)
    ev.append(EvolutionRealized(seat, card_id, points(s, seat)))
    row = list(s.evolution_row)
    if s.evolution_deck:
        row[slot], s.evolution_deck = s.evolution_deck[0], s.evolution_deck[1:]
        ev.append(EvolutionRevealed(slot, row[slot]))
    else:
        row[slot] = -1
    s.evolution_row = tuple(row)
    _check_win(s, seat, ev)
