"""Effects in Khrysos Hunters: what an action does to the state, symbol by symbol.

An action started with energy resolves its steps left to right (`_run`): Move and Trample square by
square, Hit target by target, Burst and Blast on everyone caught, and each target's box (Damage, Heal,
Guard, Steal, Swap, Trap, Stun, Boosts, a Move in the box) in turn, pausing where a player must decide
(Boosts, a Hit's target, a square, Guard). Entering a square collects its treasure, 12 treasure wins,
and a hunter at 0 endurance (or withdrawn) retires. The handlers of those actions are in `HANDLERS`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from game.core.actions import Action
from game.khrysos import events as E
from game.khrysos.content import HUNTERS, MAX_ENDURANCE, WIN_TREASURE, plan_of, symbols_text, tokens_of
from game.khrysos.facts import BOOST_PHASE, NOT_BEGUN, current_step, end_reason, hit_targets, usable_boosts, within_range
from game.khrysos.flow import AT, ENDURANCE, TREASURE, begin_turn, finish_turn, set_card, set_field
from game.khrysos.state import ACTIVE, OVER, Res, State

Cell = tuple[int, int]


def _do_withdraw(s: State, action: Action, ev: list) -> None:
    _retire(s, s.turn, None, ev)
    begin_turn(s, ev)


def _do_move(s: State, action: Action, ev: list) -> None:
    s.energy -= 1
    _enter(s, s.turn, cast(Cell, (action.args[0], action.args[1])), "walk", ev)  # a legal "move x y"
    if s.phase == ACTIVE and s.energy == 0:
        finish_turn(s, ev)


def _do_act(s: State, action: Action, ev: list) -> None:
    number = cast(int, action.args[0])  # a legal "act": the action's number
    card = s.cards[s.turn]
    hunter = HUNTERS[card.hunter]
    act = hunter.actions[number - 1]
    s.energy -= number
    s.used |= 1 << number
    upgraded = act.upgrade is not None and card.treasure >= act.upgrade.at
    s.res = Res(number, upgraded)
    if usable_boosts(s, s.res):
        return  # the Boost choice comes first
    _start_plan(s, ev)


def _start_plan(s: State, ev: list) -> None:
    r = s.res
    assert r is not None, "an action is resolving"
    card = s.cards[s.turn]
    act = HUNTERS[card.hunter].actions[r.number - 1]
    ev.append(E.ActionStarted(card.hunter, r.number, act.name, r.number, _symbols(card.hunter, r.number, r.upgraded, r.raises)))
    s.res = r._replace(pc=0, left=NOT_BEGUN)
    _run(s, ev)


@lru_cache(maxsize=4096)
def _symbols(hunter: int, number: int, upgraded: bool, raises: tuple) -> str:
    """The text of an action's symbols as it resolves (kept: the same few texts again and again)."""
    return symbols_text(tokens_of(hunter, number, upgraded, raises))


def _do_boost(s: State, action: Action, ev: list) -> None:
    sym, amount = cast(tuple[str, int], action.args)  # a legal "boost": a symbol and an amount
    r = s.res
    assert r is not None, "a Boost raises the action resolving"
    i = s.turn
    card = s.cards[i]
    # Spend the marker that would expire first.
    k = min((u, j) for j, (bs, ba, u) in enumerate(card.boosts) if bs == sym and ba == amount)[1]
    set_card(s, i, card._replace(boosts=card.boosts[:k] + card.boosts[k + 1 :]))
    s.res = r._replace(raises=r.raises + ((sym, amount),))
    ev.append(E.BoostSpent(card.hunter, sym, amount))
    if not usable_boosts(s, s.res):
        _start_plan(s, ev)


def _do_done(s: State, action: Action, ev: list) -> None:
    r = s.res
    assert r is not None, "an action is resolving"
    if r.push:
        s.res = _next_effect(s, r._replace(push=0))
    elif r.pc == BOOST_PHASE:
        _start_plan(s, ev)
        return
    else:
        s.res = _next_step(r)
    _run(s, ev)


def _do_step(s: State, action: Action, ev: list) -> None:
    r = s.res
    assert r is not None, "a Move or Trample is resolving"
    square = cast(Cell, (action.args[0], action.args[1]))  # a legal "step x y"
    step = current_step(s)
    me = s.turn
    _enter(s, me, square, "trample" if step.kind == "trample" else "action", ev)
    if s.phase == OVER:
        return
    r = r._replace(left=r.left - 1)
    if step.kind == "trample":
        fresh = tuple(i for i, c in enumerate(s.cards) if i != me and c.at == square and i not in r.hit)
        if fresh:
            for i in fresh:
                ev.append(E.Targeted(s.cards[me].hunter, s.cards[i].hunter, "trample"))
            r = r._replace(hit=r.hit + fresh, queue=fresh, eff=0)
    s.res = r
    _run(s, ev)


def _do_shift(s: State, action: Action, ev: list) -> None:
    """One square of a Move in a box, for the acting hunter or the target, as the current player splits them."""
    hunter, x, y = cast(tuple[int, int, int], action.args)  # a legal "shift": a hunter in play and a square
    i = cast(int, s.card_of(hunter))
    _enter(s, i, (x, y), "action" if i == s.turn else "pushed", ev)
    if s.phase == OVER:
        return
    r = s.res
    assert r is not None, "a Move in a box is resolving"
    r = r._replace(push=r.push - 1)
    if r.push == 0:
        r = _next_effect(s, r)
    s.res = r
    _run(s, ev)


def _do_target(s: State, action: Action, ev: list) -> None:
    r = s.res
    assert r is not None, "a Hit is resolving"
    step = current_step(s)
    me = s.turn
    t = cast(int, s.card_of(cast(int, action.args[0])))  # a legal "target": a hunter in play
    ev.append(E.Targeted(s.cards[me].hunter, s.cards[t].hunter, "hit"))
    queue: tuple[int, ...] = (t,)
    if step.blast >= 0:
        # Blast counts from the target and, unlike Burst, spares nobody: the acting hunter
        # caught in its own Blast takes the box last (RULES_NOTES R4).
        dist = s.board.reach_distances(cast(Cell, s.cards[t].at))  # a target stands on the map
        caught = [i for i, c in enumerate(s.cards) if i != t and c.at is not None and dist.get(c.at, 99) <= step.blast]
        others = tuple(i for i in caught if i != me) + tuple(i for i in caught if i == me)
        for i in others:
            ev.append(E.Targeted(s.cards[me].hunter, s.cards[i].hunter, "blast"))
        queue += others
    s.res = r._replace(left=r.left - 1, queue=queue, eff=0)
    _run(s, ev)


def _do_guard(s: State, action: Action, ev: list) -> None:
    spend = cast(int, action.args[0])  # a legal "guard": how many markers
    r = s.res
    assert r is not None, "a Guard decision comes while an action resolves"
    t = r.queue[0]
    card = s.cards[t]
    if spend:
        set_card(s, t, card._replace(guard=tuple(sorted(card.guard))[spend:]))
        ev.append(E.GuardSpent(card.hunter, spend))
    damage = r.guard - spend
    s.res = _next_effect(s, r._replace(guard=0))
    if damage:
        _damage(s, t, damage, ev)
    _run(s, ev)


def _next_step(r: Res) -> Res:
    return r._replace(pc=r.pc + 1, left=NOT_BEGUN, hit=(), queue=(), eff=0)


def _next_effect(s: State, r: Res) -> Res:
    """Move on to the next box effect of the first queued target, or to the next target."""
    step = current_step(s)
    if r.eff + 1 < len(step.box):
        return r._replace(eff=r.eff + 1)
    return r._replace(queue=r.queue[1:], eff=0)


def _run(s: State, ev: list) -> None:
    """Resolve the current action until a decision is needed or it is over."""
    board = s.board
    me = s.turn
    while s.phase == ACTIVE:
        r = s.res
        if r is None or r.guard or r.push or r.pc == BOOST_PHASE:
            return
        actor = s.cards[me]
        s.to_move = actor.seat
        if actor.at is None:
            # Retired by its own Blast (always the last of the Blast's queue): the rest of
            # the action is void and the turn ends (RULES_NOTES R5).
            s.res = None
            finish_turn(s, ev)
            return
        plan = plan_of(actor.hunter, r.number, r.upgraded, r.raises)
        if r.queue:
            t = r.queue[0]
            if s.cards[t].at is None:  # retired while waiting: the rest of the box misses it
                s.res = r._replace(queue=r.queue[1:], eff=0)
                continue
            name, value = plan[r.pc].box[r.eff]
            if name == "damage" and s.cards[t].guard:
                s.res = r._replace(guard=value)
                s.to_move = s.cards[t].seat
                return
            if name == "move":  # the current player moves the target (every floor square has a way out)
                s.res = r._replace(push=value)
                return
            s.res = _next_effect(s, r)
            _effect(s, me, t, name, value, ev)
            continue
        if r.pc >= len(plan):
            s.res = None
            if s.energy == 0:
                finish_turn(s, ev)
            return
        step = plan[r.pc]
        kind = step.kind
        if kind == "move" or kind == "trample":
            if r.left == NOT_BEGUN:
                r = s.res = r._replace(left=step.value)
                if kind == "trample":
                    here = tuple(i for i, c in enumerate(s.cards) if i != me and c.at == actor.at)
                    for i in here:
                        ev.append(E.Targeted(actor.hunter, s.cards[i].hunter, "trample"))
                    s.res = r._replace(hit=here, queue=here, eff=0)
                    continue
            if r.left > 0:
                return
            s.res = _next_step(r)
        elif kind == "hit":
            begun = r.left != NOT_BEGUN
            if not begun:
                r = s.res = r._replace(left=step.value)
            if r.left > 0 and hit_targets(s, step):
                return
            if not begun:  # nobody to hit at all: the log says so (the action's line said what a Hit would do)
                ev.append(E.Unanswered(actor.hunter, _why_unanswered(s, step), step.range))
            s.res = _next_step(r)
        elif kind == "burst":
            if r.left == NOT_BEGUN:
                dist = board.reach_distances(actor.at)
                caught = tuple(i for i, c in enumerate(s.cards) if i != me and c.at is not None and dist.get(c.at, 99) <= step.value)
                for i in caught:
                    ev.append(E.Targeted(actor.hunter, s.cards[i].hunter, "burst"))
                if not caught:
                    ev.append(E.Unanswered(actor.hunter, "burst", step.value))
                s.res = r._replace(left=0, queue=caught, eff=0)
                continue
            s.res = _next_step(r)
        else:
            s.res = _next_step(r)
            _effect(s, me, me, kind, step.value, ev)


def _why_unanswered(s: State, step) -> str:
    """Why a Hit found nobody: 'treasure' when hunters stand within its Range but hold no treasure for its
    box's lone Steal, else 'range'."""
    return "treasure" if within_range(s, step) else "range"


def _effect(s: State, me: int, t: int, name: str, value: int, ev: list) -> None:
    """Apply one symbol (not a Move, which is a decision) to card t, on behalf of the acting card me."""
    card = s.cards[t]
    if name == "damage":
        _damage(s, t, value, ev)
    elif name == "heal":
        endurance = min(MAX_ENDURANCE, card.endurance + value)
        set_card(s, t, card._replace(endurance=endurance))
        ev.append(E.Healed(card.hunter, endurance - card.endurance, endurance))
    elif name == "guard":
        guard = card.guard + (card.turns + 1,) * value
        set_card(s, t, card._replace(guard=guard))
        ev.append(E.GuardGained(card.hunter, value, len(guard)))
    elif t == me and name in ("steal", "swap"):
        return  # caught in its own Blast: nothing to steal from or swap with itself
    elif name == "steal":
        amount = min(value, card.treasure)
        ev.append(E.Stolen(s.cards[me].hunter, card.hunter, amount))
        if amount:
            set_card(s, t, card._replace(treasure=card.treasure - amount))
            _gain(s, me, amount, ev)
    elif name == "swap":
        mine, theirs = s.cards[me].at, card.at
        assert mine is not None and theirs is not None, "a Swap's two hunters stand on the map"
        ev.append(E.Swapped(s.cards[me].hunter, card.hunter, theirs, mine))
        _enter(s, me, theirs, "swap", ev)
        if s.phase != OVER:
            _enter(s, t, mine, "swap", ev)
    elif name == "trap":
        set_card(s, t, card._replace(trap=card.turns + 1))
        ev.append(E.Trapped(card.hunter))
    elif name == "stun":
        set_card(s, t, card._replace(stun=card.turns + 1))
        ev.append(E.Stunned(card.hunter))
    elif name.startswith("boost_"):
        symbol = name[6:]
        set_card(s, t, card._replace(boosts=card.boosts + ((symbol, value, card.turns + 1),)))
        ev.append(E.BoostGained(card.hunter, symbol, value))
    else:  # pragma: no cover - the data loader admits no other symbol
        raise AssertionError(f"unknown symbol {name}")


def _enter(s: State, i: int, square: Cell, how: str, ev: list) -> None:
    """Card i's hunter arrives on `square`; it collects a treasure lying there."""
    card = s.cards[i]
    set_field(s, i, AT, square)
    ev.append(E.Moved(card.hunter, (card.at, square), how))
    if square in s.loot:
        s.loot = s.loot - {square}
        _gain(s, i, 1, ev, collected=square)


def _gain(s: State, i: int, amount: int, ev: list, collected: Cell | None = None) -> None:
    card = s.cards[i]
    total = card.treasure + amount
    set_field(s, i, TREASURE, total)
    if collected is not None:
        ev.append(E.TreasureCollected(card.hunter, card.seat, collected, total))
    if total >= WIN_TREASURE:
        s.winner = card.seat
        s.phase = OVER
        s.to_move = None
        s.res = None
        ev.append(E.GameOver((card.seat,), end_reason(card.seat, treasure=total, cards=s.hunters_per_player), card.hunter, total))


def _damage(s: State, t: int, amount: int, ev: list) -> None:
    card = s.cards[t]
    endurance = max(0, card.endurance - amount)
    set_field(s, t, ENDURANCE, endurance)
    ev.append(E.Damaged(card.hunter, amount, endurance))
    if endurance == 0:
        _retire(s, t, s.turn, ev)


def _retire(s: State, t: int, by: int | None, ev: list) -> None:
    """Card t's hunter leaves the match. Retired by an opponent: that hunter's card takes up to
    2 treasure; by an ally, itself or withdrawing (`by` None): the card loses up to 2."""
    card = s.cards[t]
    moved = min(2, card.treasure)
    thief = by is not None and s.cards[by].seat != card.seat
    by_hunter = 0 if by is None else s.cards[by].hunter  # itself, when its own Blast retired it
    set_card(s, t, card._replace(hunter=0, at=None, endurance=0, treasure=card.treasure - moved, guard=(), boosts=(), trap=0, stun=0))
    retired = list(s.retired)
    retired[card.seat] = retired[card.seat] + (card.hunter,)
    s.retired = tuple(retired)
    ev.append(E.KnockedOut(card.hunter, "withdrew" if by is None else "retired", card.seat, by_hunter, moved, moved if thief else 0))
    if thief and moved and by is not None:  # a thief is a hunter (`by` not None)
        _gain(s, by, moved, ev)


HANDLERS = {
    "withdraw": _do_withdraw,
    "move": _do_move,
    "act": _do_act,
    "boost": _do_boost,
    "done": _do_done,
    "step": _do_step,
    "shift": _do_shift,
    "target": _do_target,
    "guard": _do_guard,
}
