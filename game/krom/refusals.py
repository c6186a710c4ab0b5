"""Why an action is refused now (`refusal`, `malformed`): the reasons `rules.why_illegal` gives.

Every game of the collection keeps its refusal reasons in a module of this name. Each Krom decision
lists its candidate actions and has a check giving the reason one is refused (the Movement pick, the
combat-card and counter windows, a Bonus card's target and resource, the steal, the climb, the Mountain
reward and the Action phase's actions; a Bonus card's own reasons are `bonus`'s): `CHECKS` pairs each
decision kind with its candidates and its check, `rules.legal_actions` keeps the candidates it accepts
and `rules.apply` refuses anything else with the check's reason (or a generic one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from game.core import Action
from game.core.actions import interned
from game.core.grammar import counted, listing
from game.krom.bonus import _gain_problem, bonus_problem, target_problem
from game.krom.content import BONUS, CAVE, EVOLUTIONS, FOREST, MOUNTAIN, PLACES, RESOURCES, RULES, SAVANNA
from game.krom.decision import stage
from game.krom.facts import (
    CAVE_ITEMS,
    CAVE_LABELS,
    HP_MAX,
    SLOTS,
    STEALABLE,
    _has,
    _holds,
    cave_price,
    next_pick_cost,
    reroll_cost,
    reward_options,
)
from game.krom.state import State, Turn
from game.krom.words import action_text, bundle_text, place_name


def _word(a: Action, choices) -> str | None:
    if len(a.args) == 1 and a.args[0] in choices:
        return cast(str, a.args[0])  # one of `choices`: words
    return None


def _ints(a: Action, count: int) -> tuple[int, ...] | None:
    args = a.args
    if len(args) != count:
        return None
    for x in args:
        if not isinstance(x, int):
            return None
    return cast(tuple[int, ...], args)  # each one checked above


def _no_args(a: Action) -> str | None:
    return None if not a.args else f"'{a.kind}' takes no argument"


Check = Callable[[State, int, Action], "str | None"]


def _cand_move(s: State, seat: int) -> list[Action]:
    return list(_GO)


_GO = tuple(interned("go", p) for p in PLACES)


def _check_move(s: State, seat: int, a: Action) -> str | None:
    if a.kind != "go":
        return "it is the Movement phase: pick a destination (the Cave, the Forest, the Savanna or the Mountain)"
    place = _word(a, PLACES)
    if place is None:
        return "go where? The Cave, the Forest, the Savanna or the Mountain"
    here = s.players[seat].place
    if PLACES.index(place) == here:
        return f"you are in the {place_name(here)} and must move: pick another destination"
    return None


def _cand_combat(s: State, seat: int) -> list[Action]:
    return [interned("play", c) for c in s.players[seat].hand] + [interned("pass")]


_PASS = interned("pass")


def _check_combat(s: State, seat: int, a: Action) -> str | None:
    if a.kind == "pass":
        return _no_args(a)
    if a.kind != "play":
        return "the dice are rolled: play a combat card or pass"
    args = _ints(a, 1)
    if args is None:
        return "write 'play CARD' with the card's number"
    return bonus_problem(s, seat, args[0], True)


def _cand_counter(s: State, seat: int) -> list[Action]:
    return [interned("counter"), interned("pass")]


_COUNTER = interned("counter")


def _check_counter(s: State, seat: int, a: Action) -> str | None:
    if a.kind == "counter" and not _holds(s.players[seat], "counter"):
        return "you hold no counter card: you can only pass"
    if a.kind in ("counter", "pass"):
        return _no_args(a)
    play = s.play
    assert play is not None, "a Bonus card is being played"
    card = BONUS[play.card]
    return f"{card.name} is being played: counter it or pass"


def _cand_target(s: State, seat: int) -> list[Action]:
    return [interned("target", t) for t in range(len(s.players)) if t != seat] + [interned("cancel")]


def _check_target(s: State, seat: int, a: Action) -> str | None:
    if a.kind == "cancel":
        return _no_args(a)
    play = s.play
    assert play is not None, "a Bonus card is being played"
    if a.kind != "target":
        return f"choose the target of {BONUS[play.card].name}, or cancel"
    args = _ints(a, 1)
    if args is None:
        return "write 'target SEAT' with a seat number"
    return target_problem(s, seat, BONUS[play.card], args[0])


def _cand_choice(s: State, seat: int) -> list[Action]:
    return [interned("take", r) for r in RESOURCES] + [interned("cancel")]


def _check_choice(s: State, seat: int, a: Action) -> str | None:
    if a.kind == "cancel":
        return _no_args(a)
    if a.kind != "take":
        play = s.play
        assert play is not None, "a Bonus card is being played"
        return f"choose what {BONUS[play.card].name} gives (Wood, Stone or Bone), or cancel"
    if _word(a, RESOURCES) is None:
        return "take Wood, Stone or Bone"
    return None  # from an empty supply the card gives nothing, but it may still be played


def _cand_steal(s: State, seat: int) -> list[Action]:
    return [interned("steal", k) for k in STEALABLE] + [interned("pass")]


def _check_steal(s: State, seat: int, a: Action) -> str | None:
    victim = s.steals[0][1]
    if a.kind == "pass":
        return _no_args(a)
    if a.kind != "steal":
        return "choose what to steal from the player you stunned, or take nothing"
    kind = _word(a, STEALABLE)
    if kind is None:
        return "steal Wood, Stone, Bone, Krom or a Bonus card"
    if not _has(s.players[victim], kind):
        what = "Bonus card" if kind == "bonus" else kind.capitalize()
        return f"they have no {what} to steal"
    return None


def _cand_climb(s: State, seat: int) -> list[Action]:
    t = s.turn
    assert t is not None, "a climb is part of an Action phase"
    out = [interned("free" if i in t.kept else "keep", i) for i in range(len(t.dice))]
    return out + [_REROLL, _STOP]


_KEEP_DIE = tuple(interned("keep", i) for i in range(RULES.mountain_dice))


_FREE_DIE = tuple(interned("free", i) for i in range(RULES.mountain_dice))


_REROLL, _STOP = interned("reroll"), interned("stop")


def _check_climb(s: State, seat: int, a: Action) -> str | None:
    t = s.turn
    assert t is not None, "a climb is part of an Action phase"
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


def _cand_reward(s: State, seat: int) -> list[Action]:
    return [interned("reward", label) for label, _ in reward_options(s)]


def _check_reward(s: State, seat: int, a: Action) -> str | None:
    labels = [label for label, _ in reward_options(s)]
    if a.kind != "reward" or _word(a, labels) is None:
        return "choose your Mountain reward: " + listing([bundle_text(b) for _, b in reward_options(s)], "or")
    return None


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
    assert s.turn is not None, "an Action phase is under way"
    out = list(_MAIN_BY_PLACE.get(s.turn.place, _CLIMB_START))
    out += _REALIZE
    out += [interned("play", c) for c in s.players[seat].hand]
    out.append(_END)
    return out


def _check_main(s: State, seat: int, a: Action) -> str | None:
    assert s.turn is not None, "an Action phase is under way"
    check = MAIN_CHECKS.get(a.kind)
    if check is None:
        kinds = dict.fromkeys(c.kind for c in _cand_main(s, seat))
        words = {"rest": "rest", "buy": "provide services", "shuffle": "shuffle the Picking deck", "pick": "draw Picking cards",
                 "hunt": "hunt", "climb": "climb", "realize": "realize an Evolution", "play": "play a Bonus card",
                 "end": "end your Action phase"}
        return f"it is your Action phase in the {place_name(s.turn.place)}: you may " + listing([words.get(k, k) for k in kinds], "or")
    return check(s, seat, a, s.turn, s.players[seat])


CHECKS: dict[str, tuple[Callable[[State, int], list[Action]], Check]] = {
    "move": (_cand_move, _check_move),
    "combat": (_cand_combat, _check_combat),
    "counter": (_cand_counter, _check_counter),
    "target": (_cand_target, _check_target),
    "choice": (_cand_choice, _check_choice),
    "steal": (_cand_steal, _check_steal),
    "climb": (_cand_climb, _check_climb),
    "reward": (_cand_reward, _check_reward),
    "main": (_cand_main, _check_main),
}


def refusal(state: State, action: Action, names: Sequence[str] | None = None) -> str | None:
    """Why the well-formed `action` is refused now (not yet a sentence), or None when it is legal."""
    kind = stage(state)
    if kind == "over":
        return "The game is over"
    candidates, check = CHECKS[kind]
    seat = state.to_move
    assert seat is not None, "a game in progress has a seat to move"
    reason = check(state, seat, action)
    if reason is None and action not in candidates(state, seat):
        reason = f"{action_text(state, action, names)} is not possible now"
    return reason


def malformed(action) -> str | None:
    """Why `action` is not even an action (None, text, a list, an Action holding junk), or None."""
    if not isinstance(action, Action):
        return f"not an action: a {type(action).__name__} was given"
    if not isinstance(action.kind, str) or not action.kind:
        return "not an action: its kind must be a word"
    if not isinstance(action.args, tuple):
        return f"'{action.kind}' is malformed: its arguments must be a tuple, not a {type(action.args).__name__}"
    for x in action.args:
        if isinstance(x, bool) or not isinstance(x, int | str):
            return f"'{action.kind}' is malformed: an argument must be a number or a word, not {type(x).__name__}"
    return None
