"""The texts the Khrysos Hunters board shows before a click: what a click on each square, action button
or decision button would do (or why it does nothing), what stands on a square, and the tips of the
energy, endurance, markers and scoring cards. Each is built beside the gesture the click plays, so the
text and the click never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, cast

from game.core.gesture import Gesture
from game.core.grammar import counted, seat_name
from game.khrysos.content import HUNTERS, MAX_ENDURANCE, WIN_TREASURE
from game.khrysos.facts import Pending, current_step, hit_targets, hunter_name, pending, player_name, usable_boosts
from game.khrysos.gestures import (MOVING, aim_at, chosen_mover, end_turn, go_with_reach, movers, play_hunter, roll,
                                   spend_boost, spend_guard, stop, use_action, withdraw)
from game.khrysos.queries import action_targets, blast_area, burst_area, card_of_hunter, effective_steps, reachable_squares
from game.khrysos.state import ACTIVE, State
from game.khrysos.words import _box_words, action_words, place_name, upgrade_words

Cell = tuple[int, int]
Names = Sequence[str] | None
_name = hunter_name


def player_text(seat: int, names: Names = None) -> str:
    """What the texts call a seat: the name the table gave it, or "Player N"."""
    return seat_name(seat, names, player_name(seat))


def _lost(n: int, word: str) -> str:
    """"the 1 square left is lost", "the 3 squares left are lost"."""
    return f"the {counted(n, word)} left {'is' if n == 1 else 'are'} lost"


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
    who = chosen_mover(state, mover) if p.kind in MOVING else None
    reach = reachable_squares(state, who) if who is not None else {}
    step = current_step(state) if p.kind == "hit" else None
    for square in sorted(board.floor, key=lambda c: (c[1], c[0])):
        gesture = go_with_reach(state, legal, p, square, who, reach)
        does = ""
        path: tuple[Cell, ...] = ()
        area: tuple[Cell, ...] = ()
        if gesture.ok:
            if who is not None:
                r = reach[square]
                does, path = _walk_words(state, p, who, r), r.path
            elif p.kind == "place":
                does = f"{_name(p.hunter)} starts here."
            elif p.kind == "hit":
                target = cast(int, gesture.actions[0].args[0])  # a legal "target": a hunter's number
                assert step is not None, "a Hit is resolving"
                area = tuple(blast_area(state, square, step.blast)) if step.blast >= 0 else ()
                caught = [c.hunter for c in state.cards if c.at in area and c.hunter not in (target,)]
                blast = f" The Blast also catches {', '.join(_name(h) for h in caught)}." if caught else ""
                does = f"Hit {_name(target)} ({counted(p.amount, 'hit')} left).{blast}"
        out[square] = SquareInfo(place_name(board, square), gesture, does, square_about(state, square, names), path, area)
    return out


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
            assert card is not None and card.at is not None, "on the map"
            at = card.at
            for st in effective_steps(state, hunter, act.number):
                if st.kind == "hit":
                    reach = tuple(state.board.within(at, st.range))
                elif st.kind == "burst":
                    area = tuple(burst_area(state, hunter, st.value))
                elif st.kind == "trample":
                    area = tuple(c for c in reachable_squares(state, hunter, st.value) if c != at)
            hit = action_targets(state, hunter, act.number)
            targets = tuple(cast(Cell, card_of_hunter(state, t).at) for t in hit)  # each one stands on the map
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
        source = [h for h in state.retired[seat] if h in HUNTERS] if retired and seat is not None else hand
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
            chosen = chosen_mover(state, mover)
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
