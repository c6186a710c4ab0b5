"""A click on the Khrysos Hunters board turned into actions, through the rules.

Each function here turns something a player clicks (a square, a hunter, an action button, a button of
the decision bar) into the legal actions it plays, taken from `legal` (the actions the screen's player
may take now), or says, in the rules' own words, why it plays none (`Gesture`). A board writes no
action, no reason and no rule number of its own.
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.gesture import Gesture
from game.core.grammar import counted, sentence
from game.khrysos.content import HUNTERS
from game.khrysos.facts import Pending, current_step, hunter_name, pending
from game.khrysos.queries import actions_along, action_statuses, card_of_hunter, movement_budget, reachable_squares
from game.khrysos.refusals import refusal
from game.khrysos.rules import legal_actions
from game.khrysos.state import State

Cell = tuple[int, int]
_name = hunter_name


MOVING = ("turn", "trample", "move", "push")


def _refused(reason: str) -> Gesture:
    return Gesture.refused(sentence(reason))


def _legal_or_reason(state: State, legal, action: Action) -> Gesture:
    """The action itself when it is legal for the screen's player, else the rules' reason."""
    if action in legal:
        return Gesture.of(action)
    if action in legal_actions(state):
        return _refused("it is not your decision")
    return _refused(refusal(state, action))


def not_now(state: State) -> str:
    """Why nothing on the map can be clicked for the decision pending (a sentence)."""
    p = pending(state)
    return sentence({
        "play": "choose a hunter to play first (the buttons above the card)",
        "roll": "roll the white die first: click it, or the Roll button",
        "guard": f"first choose how many Guard markers {_name(p.hunter)} spends",
        "boost": "first choose the Boosts to spend, or No more Boosts",
        "over": "the game is over",
    }.get(p.kind, "not now"))


def movers(state: State) -> tuple[int, ...]:
    """The hunters a click on a square may move now: the acting hunter (a walk, a Move, a
    Trample), or, for a Move in a box, the target and the acting hunter (target first)."""
    p = pending(state)
    if p.kind == "push":
        return tuple(dict.fromkeys((p.target, p.hunter)))
    if p.kind in MOVING:
        return (p.hunter,)
    return ()


def chosen_mover(state: State, mover: int | None) -> int:
    options = movers(state)
    return mover if mover in options else options[0]


def go_to(state: State, legal, square: Cell, mover: int | None = None) -> Gesture:
    """A click on a square: walk (or Move, Trample, shift `mover`) there along the cheapest path,
    start the new hunter there, or hit the hunter standing there, as the decision pending asks."""
    p = pending(state)
    who = chosen_mover(state, mover) if p.kind in MOVING else None
    return go_with_reach(state, legal, p, square, who, reachable_squares(state, who) if who is not None else {})


def go_with_reach(state: State, legal, p: Pending, square: Cell, who: int | None, reach: dict) -> Gesture:
    """`go_to` with the mover and its reach already asked (`board_squares` asks them once for every square)."""
    if p.kind == "place":
        return place_on(state, legal, square)
    if p.kind == "hit":
        on = [c.hunter for c in state.cards if c.at == square and c.hunter]
        if not on:
            where = "off the map" if square not in state.board.floor else "nobody stands there"
            return _refused(f"{where}: {_name(p.hunter)} hits a hunter within Range {current_step(state).range}")
        gestures = [aim_at(state, legal, h) for h in on]
        return next((g for g in gestures if g.ok), gestures[0])
    if p.kind not in MOVING:
        return Gesture.refused(not_now(state))
    assert who is not None, "a walk, Trample or Move has its mover (see go_to)"
    at = card_of_hunter(state, who).at
    assert at is not None, "the mover stands on the map"
    if square == at:
        return _refused(f"{_name(who)} already stands here")
    if square not in state.board.floor:
        return _refused("that square is not on the map")
    budget = movement_budget(state, who)
    if budget == 0:
        if p.kind == "turn":
            return _refused(refusal(state, Action("move", square)))
        return _refused(f"{_name(who)} has no squares left to move")
    r = reach.get(square)
    if r is None:
        far = state.board.walk_distances(at).get(square)
        if far is None:
            return _refused("no way leads there: solid lines close it off")
        return _refused(f"that square is {counted(far, 'square')} away; {_name(who)} can move only {budget} now")
    actions = actions_along(state, who, r)
    first = _legal_or_reason(state, legal, actions[0])
    return Gesture(tuple(actions)) if first.ok else first


def place_on(state: State, legal, square: Cell) -> Gesture:
    """During a 'place' decision: start the new hunter on this zone square, or why not."""
    p = pending(state)
    if p.kind != "place":
        return Gesture.refused(not_now(state))
    action = Action("place", square)
    if action in legal:
        return Gesture.of(action)
    if square in state.choices:
        return _refused("it is not your decision")
    zone = state.board.zones.get(state.choices[0]) if state.choices else None
    return _refused(f"{_name(p.hunter)} starts on one of the lit squares of Treasure Zone {zone}")


def aim_at(state: State, legal, hunter: int) -> Gesture:
    """During a Hit: hit this hunter once, or the rules' reason why it cannot be hit."""
    if pending(state).kind != "hit":
        return Gesture.refused(not_now(state))
    return _legal_or_reason(state, legal, Action("target", (hunter,)))


def use_action(state: State, legal, hunter: int, number: int) -> Gesture:
    """An action button of the card shown: start action `number` of `hunter`, or why not."""
    card = state.cards[state.turn] if state.cards else None
    p = pending(state)
    name = HUNTERS[hunter].action(number).name if hunter in HUNTERS else f"action {number}"
    if card is None or card.hunter != hunter or card.at is None:
        if p.kind == "play":
            return _refused("choose a hunter to play first")
        who = _name(card.hunter) if card is not None and card.hunter else "the hunter whose turn it is"
        return _refused(f"this is {_name(hunter)}'s card: only {who} can act now")
    status = next((s for s in action_statuses(state) if s.number == number), None)
    if status is None or not status.usable:
        reason = status.reason if status is not None else "not now"
        if reason == "an action is resolving":
            active = HUNTERS[hunter].action(state.res.number).name if state.res is not None else "the action"
            reason = f"{active} is still resolving: finish it first"
        elif reason.startswith("costs"):
            reason = f"{name} {reason}"
        return _refused(reason)
    return _legal_or_reason(state, legal, Action("act", (number,)))


def stop(state: State, legal) -> Gesture:
    """Stop: end a Move, Trample or Hit early, or spend no more Boosts ('done')."""
    if pending(state).kind not in ("trample", "move", "push", "hit", "boost"):
        return _refused("nothing to stop now")
    return _legal_or_reason(state, legal, Action("done"))


def end_turn(state: State, legal) -> Gesture:
    """End the turn now (unspent energy is lost)."""
    p = pending(state)
    if p.kind != "turn":
        return Gesture.refused(not_now(state) if p.kind != "roll" else sentence("the turn has not begun: roll first"))
    return _legal_or_reason(state, legal, Action("end"))


def roll(state: State, legal) -> Gesture:
    """Roll the white die for this turn's energy."""
    p = pending(state)
    if p.kind != "roll":
        reason = "the die is already rolled for this turn" if p.kind in MOVING + ("hit", "boost", "guard") else not_now(state)
        return _refused(reason)
    return _legal_or_reason(state, legal, Action("roll"))


def withdraw(state: State, legal) -> Gesture:
    """Retire the hunter before rolling (allowed at 1 endurance), or why not."""
    if pending(state).kind != "roll":
        return _refused("a hunter withdraws only at the start of its turn, before the roll")
    return _legal_or_reason(state, legal, Action("withdraw"))


def spend_guard(state: State, legal, count: int) -> Gesture:
    """Spend `count` Guard markers against the damage coming."""
    if pending(state).kind != "guard":
        return Gesture.refused(not_now(state))
    return _legal_or_reason(state, legal, Action("guard", (count,)))


def spend_boost(state: State, legal, symbol: str, amount: int) -> Gesture:
    """Spend a Boost marker (symbol, +amount) on the action just started."""
    if pending(state).kind != "boost":
        return Gesture.refused(not_now(state))
    return _legal_or_reason(state, legal, Action("boost", (symbol, amount)))


def play_hunter(state: State, legal, hunter: int) -> Gesture:
    """Play this hunter from the hand (or from the retired hunters) on the card whose turn it is."""
    if pending(state).kind != "play":
        return Gesture.refused(not_now(state))
    return _legal_or_reason(state, legal, Action("play", (hunter,)))


def hunter_gesture(state: State, legal, hunter: int, mover: int | None = None) -> Gesture:
    """A click on a hunter standing on the map: hit it during a Hit; otherwise what a click on its square does."""
    if pending(state).kind == "hit":
        return aim_at(state, legal, hunter)
    card = card_of_hunter(state, hunter)
    assert card.at is not None, "a hunter clicked on the map stands on it"
    return go_to(state, legal, card.at, mover)
