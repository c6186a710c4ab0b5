"""Turns, rounds and phases: what comes next once an action is done.

Each decision's handler (`_do_move`, `_do_combat`, ... `_do_main`, which `rules.apply` calls through its
table) records the answer, calls the effect it brings (`resolution`, `bonus`) and moves the decision
along; `_advance` then moves the game on until someone must decide: the reveal, combats and their
steals, Action phases in place order, the end of a round."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from game.core import D6, Action
from game.krom.bonus import _begin_play, _commit_play, _settle, play_counter
from game.krom.content import BONUS, CAVE, MOUNTAIN, PLACES, RULES, mountain_combination
from game.krom.events import (
    ActionPhaseEnded,
    ActionPhaseStarted,
    Bought,
    CombatStarted,
    Damaged,
    DeckShuffled,
    DestinationPicked,
    DestinationsRevealed,
    DiceRolled,
    Healed,
    KromosaurusMoved,
    MountainScored,
    Moved,
    NothingToSteal,
    Passed,
    Rested,
    RoundStarted,
    StealDeclined,
    Stole,
)
from game.krom.facts import (
    DINO_PLACE_NAMES,
    HP_MAX,
    _window_next,
    cave_price,
    fighters_at,
    reward_options,
    steal_options,
)
from game.krom.resolution import (
    _add_card,
    _finish_combat,
    _gain,
    _gain_bundle,
    _hunt,
    _pay,
    _pick,
    _realize,
    _remove_card,
    _roll_mountain,
    _transfer,
)
from game.krom.state import DINO, Combat, State, Turn

# -- moving the game on until someone must decide ---------------------------------------------


def _advance(s: State, ev: list) -> None:
    while True:
        if s.winner is not None:
            s.phase, s.to_move = "over", None
            return
        if s.phase == "move":
            seat = next((i for i, pick in enumerate(s.picks) if pick is None), None)
            if seat is not None:
                s.to_move = seat
                return
            _reveal(s, ev)
            continue
        if s.play is not None:
            s.to_move = s.play.asked[0] if s.play.stage == "counter" else s.play.seat
            return
        if s.combat is not None:
            if s.combat.asked is not None:
                s.to_move = s.combat.asked
                return
            _finish_combat(s, ev)
            continue
        if s.steals:
            thief, victim = s.steals[0]
            if steal_options(s, victim):
                s.to_move = thief
                return
            ev.append(NothingToSteal(thief, victim))
            s.steals = s.steals[1:]
            continue
        if s.turn is not None:
            s.to_move = s.turn.seat
            return
        if s.order:
            seat, s.order = s.order[0], s.order[1:]
            _start_turn(s, seat, ev)
            continue
        if s.place < MOUNTAIN:
            s.place += 1
            _enter_place(s, ev)
            continue
        _end_round(s, ev)


def _reveal(s: State, ev: list) -> None:
    places = cast(tuple[int, ...], tuple(s.picks))  # revealed once every seat has picked
    ev.append(DestinationsRevealed(places))
    for seat, place in enumerate(places):
        p = s.own(seat)
        ev.append(Moved(seat, (p.place, place)))
        p.place = place
    if s.dino_hp > 0:
        s.dino_place = PLACES.index(s.rng.choice(DINO_PLACE_NAMES))
        ev.append(KromosaurusMoved(s.dino_place))
    s.picks = (None,) * len(s.players)
    s.phase, s.place, s.order = "places", -1, ()


def _enter_place(s: State, ev: list) -> None:
    fighters = fighters_at(s, s.place)
    if not fighters:
        return
    seats = [f for f in fighters if f != DINO]
    if len(fighters) == 1:
        s.order = (seats[0],)
        return
    ev.append(CombatStarted(s.place, tuple(fighters)))
    scores = []
    for f in fighters:
        face = s.rng.roll(D6)
        bonus = RULES.dino_die_bonus if f == DINO else 0
        scores.append(face + bonus)
        ev.append(DiceRolled(f, "combat", (face,), bonus))
    combat = Combat(s.place, tuple(fighters), tuple(scores))
    s.combat = combat.but(asked=_window_next(s, combat, None, 0))


def _start_turn(s: State, seat: int, ev: list) -> None:
    p = s.players[seat]
    ev.append(ActionPhaseStarted(seat, p.place))
    if s.setup.glacial:
        if p.place == CAVE:
            new_hp = min(HP_MAX, p.hp + RULES.glacial_cave)
        else:
            new_hp = max(min(p.hp, 1), p.hp + RULES.glacial_outside)
        if new_hp != p.hp:
            change = new_hp - p.hp
            ev.append(Healed(seat, change, new_hp, "fire") if change > 0 else Damaged(seat, -change, new_hp, "cold"))
            s.own(seat).hp = new_hp
    s.turn = Turn(seat, p.place)


def _end_round(s: State, ev: list) -> None:
    s.round += 1
    s.phase, s.place, s.order = "move", -1, ()
    s.picks = (None,) * len(s.players)
    ev.append(RoundStarted(s.round))
    for seat, p in enumerate(s.players):
        if p.stunned:
            ev.append(Healed(seat, HP_MAX - p.hp, HP_MAX, "recovered"))
            p = s.own(seat)
            p.stunned, p.hp = False, HP_MAX


Handler = Callable[[State, int, Action, list], None]


def _do_move(s: State, seat: int, a: Action, ev: list) -> None:
    picks = list(s.picks)
    picks[seat] = PLACES.index(a.args[0])
    s.picks = tuple(picks)
    ev.append(DestinationPicked(seat))


def _do_combat(s: State, seat: int, a: Action, ev: list) -> None:
    if a.kind == "pass":
        ev.append(Passed(seat))
        combat = s.combat
        assert combat is not None, "a combat is being fought"
        s.combat = combat.but(asked=_window_next(s, combat, seat, combat.passes + 1), passes=combat.passes + 1)
    else:
        _begin_play(s, seat, cast(int, a.args[0]), ev)  # "play CARD"


def _do_counter(s: State, seat: int, a: Action, ev: list) -> None:
    play = s.play
    assert play is not None, "a Bonus card is being played"
    if a.kind == "pass":
        ev.append(Passed(seat))
        s.play = play.but(asked=play.asked[1:])
        if not s.play.asked:
            _settle(s, ev)
        return
    play_counter(s, seat, ev)


def _do_target(s: State, seat: int, a: Action, ev: list) -> None:
    if a.kind == "cancel":
        s.play = None
        return
    assert s.play is not None, "a Bonus card is being played"
    play = s.play.but(target=a.args[0])
    if BONUS[play.card].needs_choice:
        s.play = play.but(stage="choice")
    else:
        _commit_play(s, play, ev)


def _do_choice(s: State, seat: int, a: Action, ev: list) -> None:
    if a.kind == "cancel":
        s.play = None
        return
    assert s.play is not None, "a Bonus card is being played"
    _commit_play(s, s.play.but(choice=a.args[0]), ev)


def _do_steal(s: State, seat: int, a: Action, ev: list) -> None:
    victim = s.steals[0][1]
    s.steals = s.steals[1:]
    if a.kind == "pass":
        ev.append(StealDeclined(seat, victim))
        return
    kind = cast(str, a.args[0])  # "steal KIND"
    v, w = s.own(victim), s.own(seat)
    if kind == "bonus":
        card = s.rng.choice(v.hand)
        v.hand = _remove_card(v.hand, card)
        w.hand = _add_card(w.hand, card)
        ev.append(Stole(seat, victim, "bonus", 1, card))
        return
    amount = (v.krom + 1) // 2 if kind == "krom" else 1
    ev.append(Stole(seat, victim, kind, _transfer(s, victim, seat, kind, amount)))


def _do_climb(s: State, seat: int, a: Action, ev: list) -> None:
    t = s.turn
    assert t is not None, "a climb is part of an Action phase"
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


def _do_reward(s: State, seat: int, a: Action, ev: list) -> None:
    bundle = dict(reward_options(s))[cast(str, a.args[0])]  # "reward LABEL"
    _gain_bundle(s, seat, bundle, ev)
    assert s.turn is not None, "a climb is part of an Action phase"
    s.turn = s.turn.but(climb="done")


def _do_main(s: State, seat: int, a: Action, ev: list) -> None:
    t = s.turn
    assert t is not None, "an Action phase is under way"
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
        item = cast(str, a.args[0])  # "buy ITEM"
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
        slot, extra = cast(tuple[int, int], a.args)  # "hunt SLOT EXTRA"
        _hunt(s, seat, t, slot, extra, ev)
    elif kind == "climb":
        dice = _roll_mountain(s, seat, (0,) * RULES.mountain_dice, (), ev)
        s.turn = t.but(climb="rolling", dice=dice, kept=(), rerolls=0)
    elif kind == "realize":
        _realize(s, seat, cast(int, a.args[0]), ev)  # "realize SLOT"
    else:  # play
        _begin_play(s, seat, cast(int, a.args[0]), ev)  # "play CARD"
