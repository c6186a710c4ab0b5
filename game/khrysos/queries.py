"""What the Khrysos Hunters board shows, asked of the rules: the hunters on the map, where a hunter can
go and by which path, whom an action can reach and which squares it covers, which actions, Boosts and
hunters are usable now, the names on the map's edges. The overlay is the rules' own answer. What a click
plays is `gestures`'; the texts shown before a click are `previews`'.
"""

from __future__ import annotations

from typing import NamedTuple, cast

from game.core.actions import Action
from game.core.grid import Reach, reachable
from game.khrysos.content import HUNTERS, WIN_TREASURE, Step, plan_of, symbols_text, tokens_of
from game.khrysos.facts import current_step, hit_targets, hunter_name, pending, play_options, steals_only, usable_boosts
from game.khrysos.rules import legal_actions, push_movers
from game.khrysos.squares import column_name, columns, row_name, rows
from game.khrysos.state import ACTIVE, DEPLOY, REPLACE, START, Card, State

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
    assert card.at is not None, "a hunter that walks stands on the map"
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
    return actions_along(state, hunter, reach)


def actions_along(state: State, hunter: int, reach: Reach) -> list[Action]:
    """The actions walking `hunter` along a path of `reachable_squares` (move, shift or step, as the decision asks)."""
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
        return [cast(Cell, a.args[:2]) for a in legal_actions(state) if a.kind == "step"]  # "step x y"
    who = p.target if hunter is None else hunter
    return [cast(Cell, a.args[1:3]) for a in legal_actions(state) if a.kind == "shift" and a.args[0] == who]  # "shift h x y"


# -- reaching ---------------------------------------------------------------------------------


def range_between(state: State, a: Cell, b: Cell) -> int | None:
    """How many rings apart two squares are for Range, Burst and Blast (None: unreachable)."""
    return state.board.reach_distances(a).get(b)


def burst_area(state: State, hunter: int, radius: int) -> list[Cell]:
    """The squares a Burst of `radius` by this hunter covers (its own square included)."""
    here = card_of_hunter(state, hunter).at
    assert here is not None, "a hunter that bursts stands on the map"
    return state.board.within(here, radius)


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
    assert card.at is not None, "a hunter that acts stands on the map"
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


# -- the scoring track and the action icons -----------------------------------------------------


def win_treasure() -> int:
    """The treasure that wins (the scoring track's last number)."""
    return WIN_TREASURE


def hit_reach(state: State) -> list[Cell]:
    """During a Hit: the squares within its Range from the acting hunter (solid lines do not stop Range)."""
    if pending(state).kind != "hit":
        return []
    here = state.cards[state.turn].at
    assert here is not None, "the acting hunter stands on the map"
    return state.board.within(here, current_step(state).range)


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
