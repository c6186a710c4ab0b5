"""Questions a board scene asks the rules: what is being decided, where a hunter can go,
whom an action can reach, which actions are usable now. The overlay is the rules' own answer.
"""

from __future__ import annotations

from typing import NamedTuple
from collections.abc import Sequence

from game.core.actions import Action
from game.core.gesture import Gesture
from game.core.grammar import counted, seat_name, sentence
from game.core.grid import Reach, reachable
from game.khrysos.content import HUNTERS, MAX_ENDURANCE, WIN_TREASURE, Step, plan_of, symbols_text, tokens_of
from game.khrysos.decision import decision  # noqa: F401 -- re-exported: the board asks it beside the queries below
from game.khrysos.facts import Pending, pending
from game.khrysos.facts import current_step, hit_targets, hunter_name, play_options, player_name, steals_only, usable_boosts
from game.khrysos.refusals import refusal
from game.khrysos.rules import legal_actions, push_movers
from game.khrysos.state import ACTIVE, DEPLOY, REPLACE, START, Card, State
from game.khrysos.squares import column_name, columns, row_name, rows
from game.khrysos.words import _box_words, action_text, action_words, place_name, upgrade_words  # noqa: F401 -- action_text and
# action_words re-exported: they were asked here before words.py held them

Cell = tuple[int, int]
_name = hunter_name


# -- hunters on the map ------------------------------------------------------------------------


def hunters_in_play(state: State) -> list[tuple[int, int, Cell]]:
    """(hunter, seat, square) of every hunter on the map, in turn order."""
    return [(c.hunter, c.seat, c.at) for c in state.cards if c.at is not None]


def hunters_at(state: State, square: Cell) -> list[int]:
    """The hunters standing on a square (several may share one)."""
    return [c.hunter for c in state.cards if c.at == square]


def card_of_hunter(state: State, hunter: int) -> Card:
    """The scoring card of a hunter in play; LookupError otherwise."""
    i = state.card_of(hunter)
    if i is None:
        raise LookupError(f"{_name(hunter)} is not in play")
    return state.cards[i]


# -- moving -----------------------------------------------------------------------------------


def reachable_squares(state: State, hunter: int, budget: int | None = None) -> dict[Cell, Reach]:
    """Every square the hunter can walk to for at most `budget` squares (default: the energy it
    may spend on movement now, 0 when trapped), with the cost and the squares of the cheapest path."""
    card = card_of_hunter(state, hunter)
    if budget is None:
        budget = movement_budget(state, hunter)
    steps = state.board.steps
    return reachable(card.at, budget, steps.__getitem__, lambda a, b: 1)


def movement_budget(state: State, hunter: int) -> int:
    """How many squares the hunter may move right now: energy (untrapped active hunter, no
    action resolving), the squares left of an action's Move or Trample, or of a box Move."""
    s = state
    if s.phase != ACTIVE:
        return 0
    i = s.card_of(hunter)
    r = s.res
    if r is None:
        return s.energy if i == s.turn and not s.cards[i].trap else 0
    if r.guard:
        return 0
    if r.push:
        return r.push if i in push_movers(s, r) else 0
    if r.pc >= 0 and i == s.turn and current_step(s).kind in ("move", "trample"):
        return r.left
    return 0


def path_actions(state: State, hunter: int, square: Cell) -> list[Action]:
    """The actions walking the hunter to `square` along the cheapest path ('move X Y' with energy,
    'step X Y' within an action); [] when it cannot get there now."""
    reach = reachable_squares(state, hunter).get(square)
    if reach is None or not reach.path:
        return []
    return _path(state, hunter, reach)


def _path(state: State, hunter: int, reach: Reach) -> list[Action]:
    if state.res is None:
        return [Action("move", (c[0], c[1])) for c in reach.path]
    if state.res.push:
        return [Action("shift", (hunter, c[0], c[1])) for c in reach.path]
    return [Action("step", (c[0], c[1])) for c in reach.path]


def trample_squares(state: State, hunter: int | None = None) -> list[Cell]:
    """The squares the Trample or Move now resolving can enter next ([] when none is
    resolving); for a Move in a box, those of `hunter` (default: the target)."""
    p = pending(state)
    if p.kind not in ("trample", "move", "push"):
        return []
    if p.kind != "push":
        return [(a.args[0], a.args[1]) for a in legal_actions(state) if a.kind == "step"]
    who = p.target if hunter is None else hunter
    return [(a.args[1], a.args[2]) for a in legal_actions(state) if a.kind == "shift" and a.args[0] == who]


# -- reaching ---------------------------------------------------------------------------------


def range_between(state: State, a: Cell, b: Cell) -> int | None:
    """How many rings apart two squares are for Range, Burst and Blast (None: unreachable)."""
    return state.board.reach_distances(a).get(b)


def burst_area(state: State, hunter: int, radius: int) -> list[Cell]:
    """The squares a Burst of `radius` by this hunter covers (its own square included)."""
    return state.board.within(card_of_hunter(state, hunter).at, radius)


def blast_area(state: State, target_square: Cell, radius: int) -> list[Cell]:
    """The squares a Blast of `radius` centred on the target's square covers."""
    return state.board.within(target_square, radius)


def effective_steps(state: State, hunter: int, number: int) -> tuple[Step, ...]:
    """The steps of an action as it would resolve now (Upgrade applied per the card's treasure)."""
    card = card_of_hunter(state, hunter)
    act = HUNTERS[hunter].action(number)
    upgraded = act.upgrade is not None and card.treasure >= act.upgrade.at
    return plan_of(hunter, number, upgraded)


def effective_text(state: State, hunter: int, number: int) -> str:
    """The symbols of an action as it would resolve now: 'Trample 4 [Damage 2]' once upgraded."""
    card = card_of_hunter(state, hunter)
    act = HUNTERS[hunter].action(number)
    return symbols_text(tokens_of(hunter, number, act.upgrade is not None and card.treasure >= act.upgrade.at))


def action_targets(state: State, hunter: int, number: int) -> list[int]:
    """The hunters action `number` of this hunter would target from where it stands now:
    for a Hit, every hunter in Range; for a Burst, every hunter caught; for a Trample, the
    hunters on its starting square. Self symbols target nobody ([])."""
    card = card_of_hunter(state, hunter)
    dist = state.board.reach_distances(card.at)
    for step in effective_steps(state, hunter, number):
        if step.kind in ("hit", "burst"):
            reach = step.range if step.kind == "hit" else step.value
            rich = step.kind == "hit" and steals_only(step)  # no Hit with Steal alone at a hunter without treasure
            return [
                c.hunter
                for c in state.cards
                if c.hunter != hunter and c.at is not None and dist.get(c.at, 99) <= reach and (c.treasure or not rich)
            ]
        if step.kind == "trample":
            return [c.hunter for c in state.cards if c.hunter != hunter and c.at == card.at]
    return []


def current_targets(state: State) -> list[int]:
    """During a Hit decision, the hunters that may be chosen now."""
    if pending(state).kind != "hit":
        return []
    return [state.cards[i].hunter for i in hit_targets(state, current_step(state))]


class ActionStatus(NamedTuple):
    """One action of the active hunter: whether it can be started now, and why not."""

    number: int
    name: str
    cost: int
    symbols: str  # as it would resolve now
    upgraded: bool
    usable: bool
    reason: str  # why it is not usable ("" when usable)
    targets: tuple[int, ...]  # who it would reach from here (see action_targets)


def action_statuses(state: State) -> list[ActionStatus]:
    """The six actions of the hunter whose turn it is, each with its cost and usability now."""
    s = state
    card = s.cards[s.turn]
    if not card.hunter or card.at is None:
        return []
    hunter = HUNTERS[card.hunter]
    out = []
    for act in hunter.actions:
        upgraded = act.upgrade is not None and card.treasure >= act.upgrade.at
        reason = ""
        if s.phase != ACTIVE:
            reason = "roll the die first" if s.phase == START else "not this hunter's turn"
        elif s.res is not None:
            reason = "an action is resolving"
        elif card.stun:
            reason = f"{hunter.name} is stunned"
        elif s.used >> act.number & 1:
            reason = "already used this turn"
        elif act.cost > s.energy:
            reason = f"costs {act.cost}, {s.energy} energy left"
        out.append(
            ActionStatus(
                act.number,
                act.name,
                act.cost,
                symbols_text(tokens_of(card.hunter, act.number, upgraded)),
                upgraded,
                not reason,
                reason,
                tuple(action_targets(s, card.hunter, act.number)),
            )
        )
    return out


def boost_options(state: State) -> list[tuple[str, int]]:
    """During a Boost decision, the (symbol, amount) markers that can raise the action."""
    if pending(state).kind != "boost":
        return []
    return usable_boosts(state, state.res)


def playable_hunters(state: State) -> list[int]:
    """During a 'play' decision, the hunters that may be played."""
    if state.phase not in (DEPLOY, REPLACE):
        return []
    return list(play_options(state))


# -- gestures: what a click on the board means ----------------------------------------------------
#
# Each function below turns something a player clicks (a square, a hunter, an action button, a
# button of the decision bar) into the legal actions it plays, taken from `legal` (the actions
# the screen's player may take now), or says, in the rules' own words, why it plays none. The
# texts around them (what a click would do, what stands on a square) are the rules' too, so a
# board writes no action, no reason and no rule number of its own.

Names = Sequence[str] | None
MOVING = ("turn", "trample", "move", "push")


def player_text(seat: int, names: Names = None) -> str:
    """What the texts call a seat: the name the table gave it, or "Player N"."""
    return seat_name(seat, names, player_name(seat))


def _lost(n: int, word: str) -> str:
    """"the 1 square left is lost", "the 3 squares left are lost"."""
    return f"the {counted(n, word)} left {'is' if n == 1 else 'are'} lost"


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


def _mover(state: State, mover: int | None) -> int:
    options = movers(state)
    return mover if mover in options else options[0]


def go_to(state: State, legal, square: Cell, mover: int | None = None) -> Gesture:
    """A click on a square: walk (or Move, Trample, shift `mover`) there along the cheapest path,
    start the new hunter there, or hit the hunter standing there, as the decision pending asks."""
    p = pending(state)
    who = _mover(state, mover) if p.kind in MOVING else None
    return _go(state, legal, p, square, who, reachable_squares(state, who) if who is not None else {})


def _go(state: State, legal, p: Pending, square: Cell, who: int | None, reach: dict) -> Gesture:
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
    at = card_of_hunter(state, who).at
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
    actions = _path(state, who, r)
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


# -- what the board shows beside its gestures ----------------------------------------------------


class SquareInfo(NamedTuple):
    """A square of the map as the board shows it now: its name, what a click does (or why it does
    nothing), what stands there, and the squares a preview lights while the mouse is on it."""

    name: str
    gesture: Gesture
    does: str  # what a click does, a sentence ("" when the gesture is refused)
    about: tuple[str, ...]  # what stands on it: hunters, zone and treasure, pillar, stairs, solid lines
    path: tuple[Cell, ...] = ()  # the squares a click walks through
    area: tuple[Cell, ...] = ()  # a Blast's squares around the hunter hit here


def _walls_of(state: State, square: Cell) -> list[str]:
    words = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}
    sides = [side for (dx, dy), side in words.items()
             if ((square, (square[0] + dx, square[1] + dy)) if square < (square[0] + dx, square[1] + dy)
                 else ((square[0] + dx, square[1] + dy), square)) in state.board.walls]
    return sides


def square_about(state: State, square: Cell, names: Names = None) -> tuple[str, ...]:
    """What stands on a square, in sentences: the hunters there, its zone and treasure, a pillar,
    stairs, solid lines on its sides."""
    board = state.board
    lines = []
    for c in state.cards:
        if c.at == square and c.hunter:
            lines.append(f"{_name(c.hunter)} ({player_text(c.seat, names)}): endurance {c.endurance} of "
                         f"{MAX_ENDURANCE}, {c.treasure} treasure.")
    zone = board.zones.get(square)
    if zone is not None:
        held = " It holds a treasure." if square in state.loot else ""
        lines.append(f"A treasure appears here on a roll of {zone}.{held}")
    if square in board.pillars:
        lines.append("Pillar: nobody moves or reaches diagonally past it.")
    if square in board.stairs:
        lines.append("Stairs: no diagonal steps onto, off or across them.")
    sides = _walls_of(state, square)
    if sides:
        where = " and ".join(sides) if len(sides) <= 2 else ", ".join(sides[:-1]) + " and " + sides[-1]
        lines.append(f"A solid line on its {where} side{'s' if len(sides) > 1 else ''}: nobody moves through it "
                     "(Range, Burst and Blast reach across).")
    return tuple(lines)


def _walk_words(state: State, p: Pending, who: int, reach) -> str:
    path = reach.path
    loot = sum(1 for c in path if c in state.loot)
    found = f", picking up {loot} treasure" if loot else ""
    if p.kind == "turn":
        return f"Walk {_name(who)} here: {counted(len(path), 'square')}, {reach.cost} energy{found}."
    left = p.amount
    if p.kind == "trample":
        hit = set(state.res.hit) if state.res is not None else set()
        me = state.turn
        passed = [state.cards[i].hunter for i, c in enumerate(state.cards)
                  if i != me and i not in hit and c.at in path]
        hits = f", trampling {', '.join(_name(h) for h in dict.fromkeys(passed))}" if passed else ""
        return f"Trample here: {_of_left(len(path), left)}{hits}{found}."
    return f"Move {_name(who)} here: {_of_left(len(path), left)}{found}."


def _of_left(n: int, left: int) -> str:
    """How much of what a Move or a Trample has left a way takes: "1 square of the 2 left", "3 squares, all
    that is left"."""
    return counted(n, "square") + (", all that is left" if n >= left else f" of the {left} left")


def board_squares(state: State, legal, mover: int | None = None, names: Names = None) -> dict[Cell, SquareInfo]:
    """Every square of the map as the board shows it for the decision pending (see `SquareInfo`);
    `mover`: for a Move in a box, which of `movers` a click moves (default: the first)."""
    p = pending(state)
    board = state.board
    out: dict[Cell, SquareInfo] = {}
    who = _mover(state, mover) if p.kind in MOVING else None
    reach = reachable_squares(state, who) if who is not None else {}
    step = current_step(state) if p.kind == "hit" else None
    for square in sorted(board.floor, key=lambda c: (c[1], c[0])):
        gesture = _go(state, legal, p, square, who, reach)
        does, path, area = "", (), ()
        if gesture.ok:
            if who is not None:
                r = reach[square]
                does, path = _walk_words(state, p, who, r), r.path
            elif p.kind == "place":
                does = f"{_name(p.hunter)} starts here."
            elif p.kind == "hit":
                target = gesture.actions[0].args[0]
                area = tuple(blast_area(state, square, step.blast)) if step.blast >= 0 else ()
                caught = [c.hunter for c in state.cards if c.at in area and c.hunter not in (target,)]
                blast = f" The Blast also catches {', '.join(_name(h) for h in caught)}." if caught else ""
                does = f"Hit {_name(target)} ({counted(p.amount, 'hit')} left).{blast}"
        out[square] = SquareInfo(place_name(board, square), gesture, does, square_about(state, square, names), path, area)
    return out


def hunter_gesture(state: State, legal, hunter: int, mover: int | None = None) -> Gesture:
    """A click on a hunter standing on the map: hit it during a Hit; otherwise what a click on its square does."""
    if pending(state).kind == "hit":
        return aim_at(state, legal, hunter)
    card = card_of_hunter(state, hunter)
    return go_to(state, legal, card.at, mover)


class ActionOption(NamedTuple):
    """One of the six actions on the card shown: its button's label, what it does now and costs,
    the click's gesture, and the squares its preview lights from where the hunter stands."""

    number: int
    name: str
    label: str
    tip: tuple[str, ...]
    gesture: Gesture
    used: bool = False  # already used this turn
    upgrade: str = ""  # its Upgrade in words, unlocked or locked ("" when it has none)
    reach: tuple[Cell, ...] = ()  # squares within a Hit's Range
    area: tuple[Cell, ...] = ()  # a Burst's squares, or those a Trample can reach
    targets: tuple[Cell, ...] = ()  # squares of the hunters it would target from here


def action_options(state: State, legal, hunter: int) -> list[ActionOption]:
    """The six actions of `hunter` (in play or not) as the card panel shows them now."""
    if hunter not in HUNTERS:
        return []
    h = HUNTERS[hunter]
    i = state.card_of(hunter)
    card = state.cards[i] if i is not None else None
    on_map = card is not None and card.at is not None
    active = on_map and i == state.turn and state.phase == ACTIVE
    out = []
    for act in h.actions:
        upgraded = card is not None and act.upgrade is not None and card.treasure >= act.upgrade.at
        words = action_words(hunter, act.number, upgraded)
        tip = [f"{act.name}: {words[:1].lower()}{words[1:]}", f"Costs {act.number} energy."]
        upgrade = ""
        if act.upgrade is not None:
            state_word = "unlocked" if upgraded else "locked"
            upgrade = f"Upgrade ({state_word}): with {act.upgrade.at} treasure or more, {upgrade_words(act.upgrade)}."
            tip.append(upgrade)
        reach: tuple[Cell, ...] = ()
        area: tuple[Cell, ...] = ()
        targets: tuple[Cell, ...] = ()
        if on_map:
            at = card.at
            for st in effective_steps(state, hunter, act.number):
                if st.kind == "hit":
                    reach = tuple(state.board.within(at, st.range))
                elif st.kind == "burst":
                    area = tuple(burst_area(state, hunter, st.value))
                elif st.kind == "trample":
                    area = tuple(c for c in reachable_squares(state, hunter, st.value) if c != at)
            hit = action_targets(state, hunter, act.number)
            targets = tuple(card_of_hunter(state, t).at for t in hit)
            if any(st.kind in ("hit", "burst", "trample") for st in effective_steps(state, hunter, act.number)):
                tip.append("From here it reaches " + ", ".join(_name(t) for t in hit) + "." if hit
                           else "From here it reaches nobody.")
        used = active and bool(state.used >> act.number & 1)
        gesture = use_action(state, legal, hunter, act.number)
        out.append(ActionOption(act.number, act.name, f"{act.number} · {act.name}", tuple(tip), gesture, used, upgrade,
                                reach, area, targets))
    return out


class Choice(NamedTuple):
    """A button of the decision bar: `key` (stable, for the hotspot), its label, what it does, and
    the gesture a click plays; `mover` (not 0): a click chooses who a box Move moves instead."""

    key: str
    label: str
    tip: str
    gesture: Gesture | None
    hunter: int = 0  # the hunter it names (a hand's card: the card panel shows it on hover)
    mover: int = 0


def choices(state: State, legal, names: Names = None, mover: int | None = None) -> list[Choice]:
    """The buttons of the decision pending, each a gesture taken from `legal` (greyed ones say why).

    A hand is listed only when the view shows it (the seat deciding is the one looking). `mover`:
    for a Move in a box, the hunter the next squares move (see `movers`; default the first)."""
    p = pending(state)
    kind = p.kind
    out: list[Choice] = []
    if kind == "play":
        seat = p.seat
        hand = [h for h in state.hands[seat] if h in HUNTERS] if seat is not None else []
        retired = not state.hands[seat] if seat is not None else False
        source = [h for h in state.retired[seat] if h in HUNTERS] if retired else hand
        where = ""
        if not state.started:
            where = f" It starts on Treasure Zone {state.zone_rolls[state.turn]} (the opening roll)."
        for h in sorted(set(source)):
            how = " back from retirement" if retired else ""
            out.append(Choice(f"hand:{h}", HUNTERS[h].name, f"Play {_name(h)}, {HUNTERS[h].title}{how}.{where}",
                              play_hunter(state, legal, h), hunter=h))
    elif kind == "roll":
        out.append(Choice("roll", "Roll the die", f"Roll the white die: its number is {_name(p.hunter)}'s energy this turn, "
                          "and a treasure appears on every empty Treasure Zone of that number.", roll(state, legal)))
        out.append(Choice("withdraw", "Withdraw", f"Retire {_name(p.hunter)} now, before an opponent can: its card loses up "
                          "to 2 treasure and nobody takes them; then another hunter comes in.", withdraw(state, legal)))
    elif kind == "turn":
        out.append(Choice("end", "End turn", f"End {_name(p.hunter)}'s turn: {_lost(p.amount, 'energy point')}.",
                          end_turn(state, legal)))
    elif kind == "boost":
        for sym, amount in usable_boosts(state, state.res):
            out.append(Choice(f"boost:{sym}:{amount}", f"Boost {sym.capitalize()} +{amount}",
                              f"Spend a Boost marker: {sym.capitalize()} +{amount} on this action.",
                              spend_boost(state, legal, sym, amount)))
        out.append(Choice("boosts-done", "No more Boosts", "Resolve the action with the Boosts spent so far.", stop(state, legal)))
    elif kind == "hit":
        step = current_step(state)
        box = _box_words(step.box)
        steal = any(name == "steal" for name, _ in step.box)
        for i in hit_targets(state, step):
            h = state.cards[i].hunter
            empty = " It holds no treasure, so the Steal takes nothing." if steal and not state.cards[i].treasure else ""
            out.append(Choice(f"hit:{h}", f"Hit {_name(h)}", f"One hit on {_name(h)}, who {box}.{empty}",
                              aim_at(state, legal, h), hunter=h))
        out.append(Choice("stop", "Stop hitting", f"Make no more hits ({_lost(p.amount, 'hit')}).",
                          stop(state, legal)))
    elif kind == "guard":
        held = len(card_of_hunter(state, p.hunter).guard)
        for k in range(min(held, p.amount) + 1):
            out.append(Choice(f"guard:{k}", f"Spend {k} Guard",
                              f"Block {k} of the {p.amount} damage to {_name(p.hunter)} with Guard markers "
                              f"({held} held; they last until the end of its next turn).",
                              spend_guard(state, legal, k)))
    elif kind in ("trample", "move", "push"):
        if kind == "push":
            chosen = _mover(state, mover)
            for h in movers(state):
                if h == chosen:
                    out.append(Choice(f"mover:{h}", f"Moving {_name(h)}",
                                      f"The next squares move {_name(h)}: click where it goes.", None, hunter=h, mover=h))
                else:
                    out.append(Choice(f"mover:{h}", f"Move {_name(h)}",
                                      f"Let the next squares move {_name(h)} instead.", None, hunter=h, mover=h))
        out.append(Choice("stop", "Stop", f"Stop here: {_lost(p.amount, 'square')}.", stop(state, legal)))
    return out


def energy_text(state: State) -> str:
    """What the energy pips mean now."""
    return (f"Energy: {state.energy} left this turn. Each square walked costs 1; action N costs N; "
            "each action once a turn.")


def amount_text(state: State) -> str:
    """What is left of the step resolving, as the turn panel shows it ("2 hits left"), or ""."""
    p = pending(state)
    if p.kind == "hit":
        return f"{counted(p.amount, 'hit')} left"
    if p.kind == "guard":
        return f"{p.amount} damage coming"
    if p.kind in ("trample", "move", "push"):
        return f"{counted(p.amount, 'square')} left"
    return ""


def endurance_text(state: State, hunter: int) -> str:
    card = card_of_hunter(state, hunter)
    return f"Endurance {card.endurance} of {MAX_ENDURANCE}: the die shows it; at 0 the hunter retires."


def card_markers(state: State, hunter: int) -> list[tuple[str, int, str]]:
    """(marker kind, count, what it does) of the markers on a hunter's card: guard, boost, trap, stun."""
    card = card_of_hunter(state, hunter)
    out = []
    if card.guard:
        out.append(("guard", len(card.guard), f"{counted(len(card.guard), 'Guard marker')}: each blocks 1 damage (the "
                    "owner decides); they go at the end of this hunter's next turn."))
    if card.boosts:
        held = ", ".join(f"{sym.capitalize()} +{a}" for sym, a, _ in card.boosts)
        out.append(("boost", len(card.boosts), f"Boost markers ({held}): spend one to raise that symbol of an action; "
                    "they go at the end of this hunter's next turn."))
    if card.trap:
        out.append(("trap", 1, "Trapped: no energy may be spent on moving (actions that move still work)."))
    if card.stun:
        out.append(("stun", 1, "Stunned: no actions; moving and collecting treasure still work."))
    return out


def score_text(state: State, index: int, names: Names = None) -> str:
    """The tip of a scoring card's row: whose it is, its hunter and its treasure toward the win."""
    c = state.cards[index]
    who = _name(c.hunter) if c.hunter else ("a replacement is due" if state.started else "no hunter yet")
    player = player_text(c.seat, names)
    if state.hunters_per_player == 2:
        race = (f"{counted(c.treasure, 'treasure')}. {player}'s two cards count apart, never added: the first card to "
                f"reach {WIN_TREASURE} wins.")
    else:
        race = f"{c.treasure} treasure; {WIN_TREASURE} wins."
    return f"{player}'s scoring card ({who}): {race} The card panel shows this hunter while the mouse is here."


def win_treasure() -> int:
    """The treasure that wins (the scoring track's last number)."""
    return WIN_TREASURE


def hit_reach(state: State) -> list[Cell]:
    """During a Hit: the squares within its Range from the acting hunter (solid lines do not stop Range)."""
    if pending(state).kind != "hit":
        return []
    return state.board.within(state.cards[state.turn].at, current_step(state).range)


def action_symbols(hunter: int, number: int, upgraded: bool) -> list[tuple[str, int, bool]]:
    """(symbol, value, inside the box) of an action as it resolves, left to right, for drawing its icons."""
    out = []
    inside = False
    for name, value in tokens_of(hunter, number, upgraded):
        if name == "[":
            inside = True
        elif name == "]":
            inside = False
        else:
            out.append((name, value, inside))
    return out


def is_upgraded(state: State, hunter: int, number: int) -> bool:
    """Whether action `number` of a hunter in play has its Upgrade unlocked now (its card holds enough treasure)."""
    i = state.card_of(hunter)
    act = HUNTERS[hunter].action(number)
    return i is not None and act.upgrade is not None and state.cards[i].treasure >= act.upgrade.at


# -- names of squares on the map's edges (game.khrysos.squares names them; the board draws these) ----


def column_labels(board) -> dict[int, str]:
    """Column x -> its letters on the map's edges: "A" for the leftmost column holding a square."""
    return {x: column_name(board, x) for x in columns(board)}


def row_labels(board) -> dict[int, str]:
    """Row y -> its number on the map's edges: "1" for the top row holding a square."""
    return {y: row_name(board, y) for y in rows(board)}
