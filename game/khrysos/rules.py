"""The rules of Khrysos Hunters: GAME_ID, TITLE, new_game, legal_actions, apply, why_illegal, outcome, check_invariants.

`decision` (who decides what now), `progress` and `reveals` are in `decision`, built on `facts`; the refusal reasons are in
`refusals`, `redact` in `redact`, `view` in `view`, `action_text` in `words` (the same modules in
every game of the collection); they build on `state` and `content` only, so this module imports
them without a cycle.

Actions (text forms), by what is being decided (`state.phase`, and `state.res` while an
action resolves):

- deploy / replace: `play N` -- put hunter N (card number) on the card whose turn it is
- place: `place X Y` -- pick the zone square when a rolled zone number has several squares
- start: `roll` -- roll the white die for energy; `withdraw` -- retire a hunter at 1 endurance
- active: `move X Y` -- spend 1 energy to step to a neighbouring square; `act N` -- spend N
  energy on action N; `end` -- end the turn (it also ends by itself at 0 energy)
- choosing Boosts for the action just started: `boost S A` -- spend a Boost marker
  (symbol S, +A); `done` -- resolve the action
- a Move symbol or Trample of the acting hunter: `step X Y` -- one square; `done` -- stop early
- a Move in a box (the current player splits the squares between the acting hunter and the
  target): `shift N X Y` -- move hunter N one square; `done` -- stop early
- a Hit: `target N` -- hit hunter N; `done` -- make no more hits
- Damage to a hunter holding Guard markers (its owner decides): `guard K` -- spend K markers
"""

from __future__ import annotations

from typing import Sequence

from game.core.actions import Action, interned, is_one_of
from game.core.grammar import sentence
from game.core.decision import HIDDEN
from game.core.dice import D6
from game.core.errors import IllegalAction
from game.core.outcome import Outcome
from game.core.rng import Rng
from game.khrysos import events as E
from game.khrysos.content import HUNTER_NUMBERS, HUNTERS, MAX_ENDURANCE, WIN_TREASURE, plan_of, symbols_text, tokens_of
from game.khrysos.maps import build_board
from game.khrysos.facts import (BOOST_PHASE, NOT_BEGUN, current_step, end_reason, hit_targets, play_options,
                                  usable_boosts, within_range)
from game.khrysos.refusals import malformed, refusal
from game.khrysos.state import ACTIVE, DEPLOY, HAND_SIZE, OVER, PLACE, REPLACE, START, Card, Res, Setup, State

Cell = tuple[int, int]

GAME_ID = "khrysos"
TITLE = "Khrysos Hunters"

_act = interned


END = Action("end")
DONE = Action("done")
ROLL = Action("roll")
WITHDRAW = Action("withdraw")


# -- setting up -----------------------------------------------------------------------------


def new_game(setup: Setup, seed: int) -> State:
    """Deal the hunters, roll for first player and starting zones; the first player then plays a hunter."""
    return start_game(setup, Rng(seed))


def start_game(setup: Setup, rng: Rng) -> State:
    """`new_game` with a given generator: tests script the setup dice with `Rng(seed).scripted([...])`
    (each player's dice in seat order, then any roll-off dice; the deal is a shuffle, never scripted)."""
    spec = setup.map_spec()
    board = build_board(spec)
    rng = rng.copy()
    n = setup.players
    per = setup.hunters_per_player
    deck = rng.shuffled(HUNTER_NUMBERS)
    size = HAND_SIZE[n]
    hands = tuple(tuple(sorted(deck[i * size : (i + 1) * size])) for i in range(n))
    deck = deck[n * size :]
    rolls = [[rng.roll(D6) for _ in range(per)] for _ in range(n)]
    first_rolls = [list(r) for r in rolls]
    tied = list(range(n))
    ranks = {seat: sorted(rolls[seat], reverse=True) for seat in tied}
    best = max(ranks.values())
    tied = [seat for seat in tied if ranks[seat] == best]
    while len(tied) > 1:  # roll off among the tied players; their starting zones stay
        offs = {seat: rng.roll(D6) for seat in tied}
        for seat, face in offs.items():
            first_rolls[seat].append(face)
        top = max(offs.values())
        tied = [seat for seat in tied if offs[seat] == top]
    first = tied[0]
    order = [(first + i) % n for i in range(n)]
    cards = tuple(Card(seat) for k in range(per) for seat in order)
    zone_rolls = tuple(rolls[seat][k] for k in range(per) for seat in order)
    return State(
        num_players=n,
        map_id="" if setup.custom_map is not None else setup.map,
        spec=spec,
        board=board,
        phase=DEPLOY,
        started=False,
        turn=0,
        cards=cards,
        hands=hands,
        retired=tuple(() for _ in range(n)),
        deck=tuple(deck),
        loot=frozenset(),
        energy=0,
        used=0,
        res=None,
        choices=(),
        zone_rolls=zone_rolls,
        first_rolls=tuple(tuple(r) for r in first_rolls),
        rng=rng,
        winner=None,
        to_move=first,
    )


def opening_events(state: State) -> list:
    """The rolls made before the first turn, as events for the log and the board (new_game rolls them
    inside the state: each player's dice, the roll-off among tied players, the starting zones).
    Computed from `state.first_rolls` and `state.zone_rolls` of any state of the game; [] for a
    position stated without them (`game.khrysos.testing.position`), whose rolls explain nothing."""
    per = state.hunters_per_player
    n = state.num_players
    if len(state.first_rolls) != n or any(len(r) < per for r in state.first_rolls):
        return []
    dice = tuple(tuple(r[:per]) for r in state.first_rolls)
    ranks = {seat: sorted(dice[seat], reverse=True) for seat in range(n)}
    best = max(ranks.values())
    tied = [seat for seat in range(n) if ranks[seat] == best]
    rolloffs = []
    k = per
    while len(tied) > 1:
        if any(len(state.first_rolls[seat]) <= k for seat in tied):
            return []  # the roll-off that decided the order is not recorded
        offs = tuple((seat, state.first_rolls[seat][k]) for seat in tied)
        rolloffs.append(offs)
        top = max(face for _, face in offs)
        tied = [seat for seat, face in offs if face == top]
        k += 1
    if tied != [state.cards[0].seat]:
        return []
    return [E.OpeningRolled(dice, tuple(rolloffs), state.cards[0].seat, tuple(state.zone_rolls))]


# -- legal actions ----------------------------------------------------------------------------


def legal_actions(state: State) -> list[Action]:
    """Every action the seat `state.to_move` may take now (a fresh list)."""
    legal = state._legal
    if legal is None:
        legal = state._legal = _legal(state)
    return list(legal)


def _legal(s: State) -> tuple[Action, ...]:
    phase = s.phase
    if phase == OVER:
        return ()
    if phase == ACTIVE:
        r = s.res
        if r is None:
            return _free_actions(s)
        return _decision_actions(s, r)
    if phase == START:
        if s.cards[s.turn].endurance == 1:
            return (ROLL, WITHDRAW)
        return (ROLL,)
    if phase in (DEPLOY, REPLACE):
        return tuple(_act("play", h) for h in play_options(s))
    if phase == PLACE:
        return tuple(_act("place", c[0], c[1]) for c in s.choices)
    return ()


_BOARD_MEMO: dict = {}  # board -> what is worked out once per board and kept (boards compare by identity)


def board_memo(board) -> dict:
    """A dict kept for `board` while it is in use (at most 64 boards are remembered)."""
    memo = _BOARD_MEMO.get(board)
    if memo is None:
        if len(_BOARD_MEMO) >= 64:
            _BOARD_MEMO.clear()
        memo = _BOARD_MEMO[board] = {}
    return memo


def _steps_as(board, kind: str, at, *head) -> tuple[Action, ...]:
    """`kind *head X Y` for every square one walking step from `at`, in the board's order (kept per board)."""
    memo = board_memo(board)
    key = (kind, at, head)
    got = memo.get(key)
    if got is None:
        got = memo[key] = tuple(_act(kind, *head, x, y) for x, y in board.steps[at])
    return got


def _free_actions(s: State) -> tuple[Action, ...]:
    c = s.cards[s.turn]
    out = []
    if not c.trap:
        out += _steps_as(s.board, "move", c.at)
    if not c.stun:
        key = (min(6, s.energy), s.used)
        acts = _ACTS.get(key)
        if acts is None:
            used = s.used
            acts = _ACTS[key] = tuple(_act("act", n) for n in range(1, key[0] + 1) if not used >> n & 1)
        out += acts
    out.append(END)
    return tuple(out)


_ACTS: dict[tuple[int, int], tuple[Action, ...]] = {}  # (energy up to 6, used bits) -> the "act N" actions open


def _decision_actions(s: State, r: Res) -> tuple[Action, ...]:
    if r.guard:
        target = s.cards[r.queue[0]]
        return tuple(_act("guard", k) for k in range(0, min(len(target.guard), r.guard) + 1))
    if r.push:
        out = []
        for i in push_movers(s, r):
            c = s.cards[i]
            out += _steps_as(s.board, "shift", c.at, c.hunter)
        return tuple(out) + (DONE,)
    if r.pc == BOOST_PHASE:
        return tuple(_act("boost", sym, amount) for sym, amount in usable_boosts(s, r)) + (DONE,)
    step = current_step(s)
    if step.kind == "hit":
        return tuple(_act("target", s.cards[i].hunter) for i in hit_targets(s, step)) + (DONE,)
    # a Move symbol or a Trample of the acting hunter
    return _steps_as(s.board, "step", s.cards[s.turn].at) + (DONE,)


def push_movers(s: State, r: Res) -> tuple[int, ...]:
    """The cards a Move in a box may move now: the acting hunter and the target (once if they are the same)."""
    return tuple(i for i in dict.fromkeys((s.turn, r.queue[0])) if s.cards[i].at is not None)


def why_illegal(state: State, action: Action, names: Sequence[str] | None = None) -> str | None:
    """None when `action` is legal in `state`; otherwise why not, a sentence a player can read
    (squares named as on the board's edges, players by the table's `names`).

    Anything that is not a well-formed Action (None, text, a list, an Action whose
    arguments are a list or hold other things than ints and words) gets a reason too.
    """
    reason = malformed(action)
    if reason is not None:
        return sentence(reason)
    if action in legal_actions(state):
        return None
    return refusal(state, action, names)


# -- applying ---------------------------------------------------------------------------------


def apply(state: State, action: Action) -> tuple[State, list]:
    """The state after `action` and the events it caused; IllegalAction (state untouched) if not legal."""
    legal = state._legal
    if legal is None:
        legal = state._legal = _legal(state)
    if not is_one_of(action, legal) and action not in legal:
        raise IllegalAction(why_illegal(state, action) or "that action is not possible now")
    s = state.copy()
    ev: list = []
    _HANDLERS[action.kind](s, action, ev)
    return s, ev


def _set_card(s: State, i: int, card: Card) -> None:
    cards = list(s.cards)
    cards[i] = card
    s.cards = tuple(cards)


def _do_play(s: State, action: Action, ev: list) -> None:
    hunter = action.args[0]
    i = s.turn
    card = s.cards[i]
    seat = card.seat
    reused = not s.hands[seat]
    if reused:
        _remove_from(s, "retired", seat, hunter)
    else:
        _remove_from(s, "hands", seat, hunter)
    _put_in_play(s, i, hunter, ev, reused=reused)


def _remove_from(s: State, field: str, seat: int, hunter: int) -> None:
    piles = list(getattr(s, field))
    pile = list(piles[seat])
    pile.remove(hunter)
    piles[seat] = tuple(pile)
    setattr(s, field, tuple(piles))


def _put_in_play(s: State, i: int, hunter: int, ev: list, *, drawn: bool = False, reused: bool = False) -> None:
    card = s.cards[i]
    _set_card(s, i, card._replace(hunter=hunter, at=None, endurance=MAX_ENDURANCE, guard=(), boosts=(), trap=0, stun=0))
    ev.append(E.HunterPlayed(card.seat, hunter, drawn, reused))
    if s.started:
        rng = s.rng.copy()
        face = rng.roll(D6)
        s.rng = rng
        ev.append(E.DiceRolled(hunter, "zone", (face,), card.seat))
    else:
        face = s.zone_rolls[i]
    squares = s.board.zone_squares[face]
    if len(squares) > 1:
        s.phase = PLACE
        s.choices = squares
        s.to_move = card.seat
        return
    _place(s, squares[0], ev)


def _do_place(s: State, action: Action, ev: list) -> None:
    s.choices = ()
    _place(s, (action.args[0], action.args[1]), ev)


def _place(s: State, square: Cell, ev: list) -> None:
    """Put the hunter of the current card on its starting square, then go on with deployment or the turn."""
    i = s.turn
    card = s.cards[i]
    _set_card(s, i, card._replace(at=square))
    ev.append(E.HunterPlaced(card.hunter, square))
    if s.started:
        _begin(s, ev)
        return
    if i + 1 < len(s.cards):
        s.turn = i + 1
        s.phase = DEPLOY
        s.to_move = s.cards[i + 1].seat
        return
    # Every starting hunter is down: treasure on every unoccupied zone, then the first turn.
    occupied = {c.at for c in s.cards}
    new = tuple(z for z in s.board.zone_list if z not in occupied)
    s.loot = frozenset(new)
    ev.append(E.TreasurePlaced(new))
    s.started = True
    s.turn = 0
    _begin(s, ev)


def _begin(s: State, ev: list) -> None:
    """The card whose turn it is starts its turn: replace its hunter if needed, else wait for the roll."""
    card = s.cards[s.turn]
    s.to_move = card.seat
    s.energy = 0
    s.used = 0
    s.res = None
    if card.hunter:
        s.phase = START
        return
    s.phase = REPLACE
    if not s.hands[card.seat] and s.deck:
        drawn = s.deck[0]
        s.deck = s.deck[1:]
        _put_in_play(s, s.turn, drawn, ev, drawn=True)


def _do_withdraw(s: State, action: Action, ev: list) -> None:
    _retire(s, s.turn, None, ev)
    _begin(s, ev)


def _do_roll(s: State, action: Action, ev: list) -> None:
    i = s.turn
    card = s.cards[i]
    rng = s.rng.copy()
    face = rng.roll(D6)
    s.rng = rng
    ev.append(E.TurnStarted(card.seat, card.hunter))
    ev.append(E.DiceRolled(card.hunter, "energy", (face,), card.seat))
    loot = s.loot
    new = tuple(z for z in s.board.zone_squares[face] if z not in loot)
    if new:
        s.loot = loot | frozenset(new)
    ev.append(E.TreasurePlaced(new))
    _set_card(s, i, card._replace(turns=card.turns + 1))
    s.energy = face
    s.used = 0
    s.phase = ACTIVE


def _do_move(s: State, action: Action, ev: list) -> None:
    s.energy -= 1
    _enter(s, s.turn, (action.args[0], action.args[1]), "walk", ev)
    if s.phase == ACTIVE and s.energy == 0:
        _end_turn(s, ev)


def _do_end(s: State, action: Action, ev: list) -> None:
    _end_turn(s, ev)


def _do_act(s: State, action: Action, ev: list) -> None:
    number = action.args[0]
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
    card = s.cards[s.turn]
    act = HUNTERS[card.hunter].actions[r.number - 1]
    ev.append(E.ActionStarted(card.hunter, r.number, act.name, r.number, symbols_text(tokens_of(card.hunter, r.number, r.upgraded, r.raises))))
    s.res = r._replace(pc=0, left=NOT_BEGUN)
    _run(s, ev)


def _do_boost(s: State, action: Action, ev: list) -> None:
    sym, amount = action.args
    i = s.turn
    card = s.cards[i]
    # Spend the marker that would expire first.
    k = min((u, j) for j, (bs, ba, u) in enumerate(card.boosts) if bs == sym and ba == amount)[1]
    _set_card(s, i, card._replace(boosts=card.boosts[:k] + card.boosts[k + 1 :]))
    s.res = s.res._replace(raises=s.res.raises + ((sym, amount),))
    ev.append(E.BoostSpent(card.hunter, sym, amount))
    if not usable_boosts(s, s.res):
        _start_plan(s, ev)


def _do_done(s: State, action: Action, ev: list) -> None:
    r = s.res
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
    square = (action.args[0], action.args[1])
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
    hunter, x, y = action.args
    i = s.card_of(hunter)
    _enter(s, i, (x, y), "action" if i == s.turn else "pushed", ev)
    if s.phase == OVER:
        return
    r = s.res._replace(push=s.res.push - 1)
    if r.push == 0:
        r = _next_effect(s, r)
    s.res = r
    _run(s, ev)


def _do_target(s: State, action: Action, ev: list) -> None:
    r = s.res
    step = current_step(s)
    me = s.turn
    t = s.card_of(action.args[0])
    ev.append(E.Targeted(s.cards[me].hunter, s.cards[t].hunter, "hit"))
    queue = (t,)
    if step.blast >= 0:
        # Blast counts from the target and, unlike Burst, spares nobody: the acting hunter
        # caught in its own Blast takes the box last (RULES_NOTES R4).
        dist = s.board.reach_distances(s.cards[t].at)
        caught = [i for i, c in enumerate(s.cards) if i != t and c.at is not None and dist.get(c.at, 99) <= step.blast]
        others = tuple(i for i in caught if i != me) + tuple(i for i in caught if i == me)
        for i in others:
            ev.append(E.Targeted(s.cards[me].hunter, s.cards[i].hunter, "blast"))
        queue += others
    s.res = r._replace(left=r.left - 1, queue=queue, eff=0)
    _run(s, ev)


def _do_guard(s: State, action: Action, ev: list) -> None:
    spend = action.args[0]
    r = s.res
    t = r.queue[0]
    card = s.cards[t]
    if spend:
        _set_card(s, t, card._replace(guard=tuple(sorted(card.guard))[spend:]))
        ev.append(E.GuardSpent(card.hunter, spend))
    damage = r.guard - spend
    s.res = _next_effect(s, r._replace(guard=0))
    if damage:
        _damage(s, t, damage, ev)
    _run(s, ev)


_HANDLERS = {
    "play": _do_play,
    "place": _do_place,
    "withdraw": _do_withdraw,
    "roll": _do_roll,
    "move": _do_move,
    "end": _do_end,
    "act": _do_act,
    "boost": _do_boost,
    "done": _do_done,
    "step": _do_step,
    "shift": _do_shift,
    "target": _do_target,
    "guard": _do_guard,
}


# -- resolving an action ----------------------------------------------------------------------


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
            _end_turn(s, ev)
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
                _end_turn(s, ev)
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
    box's Steal, else 'range'."""
    return "treasure" if within_range(s, step) else "range"


def _effect(s: State, me: int, t: int, name: str, value: int, ev: list) -> None:
    """Apply one symbol (not a Move, which is a decision) to card t, on behalf of the acting card me."""
    card = s.cards[t]
    if name == "damage":
        _damage(s, t, value, ev)
    elif name == "heal":
        endurance = min(MAX_ENDURANCE, card.endurance + value)
        _set_card(s, t, card._replace(endurance=endurance))
        ev.append(E.Healed(card.hunter, endurance - card.endurance, endurance))
    elif name == "guard":
        guard = card.guard + (card.turns + 1,) * value
        _set_card(s, t, card._replace(guard=guard))
        ev.append(E.GuardGained(card.hunter, value, len(guard)))
    elif t == me and name in ("steal", "swap"):
        return  # caught in its own Blast: nothing to steal from or swap with itself
    elif name == "steal":
        amount = min(value, card.treasure)
        ev.append(E.Stolen(s.cards[me].hunter, card.hunter, amount))
        if amount:
            _set_card(s, t, card._replace(treasure=card.treasure - amount))
            _gain(s, me, amount, ev)
    elif name == "swap":
        mine, theirs = s.cards[me].at, card.at
        ev.append(E.Swapped(s.cards[me].hunter, card.hunter, theirs, mine))
        _enter(s, me, theirs, "swap", ev)
        if s.phase != OVER:
            _enter(s, t, mine, "swap", ev)
    elif name == "trap":
        _set_card(s, t, card._replace(trap=card.turns + 1))
        ev.append(E.Trapped(card.hunter))
    elif name == "stun":
        _set_card(s, t, card._replace(stun=card.turns + 1))
        ev.append(E.Stunned(card.hunter))
    elif name.startswith("boost_"):
        symbol = name[6:]
        _set_card(s, t, card._replace(boosts=card.boosts + ((symbol, value, card.turns + 1),)))
        ev.append(E.BoostGained(card.hunter, symbol, value))
    else:  # pragma: no cover - the data loader admits no other symbol
        raise AssertionError(f"unknown symbol {name}")


def _enter(s: State, i: int, square: Cell, how: str, ev: list) -> None:
    """Card i's hunter arrives on `square`; it collects a treasure lying there."""
    card = s.cards[i]
    _set_card(s, i, card._replace(at=square))
    ev.append(E.Moved(card.hunter, (card.at, square), how))
    if square in s.loot:
        s.loot = s.loot - {square}
        _gain(s, i, 1, ev, collected=square)


def _gain(s: State, i: int, amount: int, ev: list, collected: Cell | None = None) -> None:
    card = s.cards[i]
    total = card.treasure + amount
    _set_card(s, i, card._replace(treasure=total))
    if collected is not None:
        ev.append(E.TreasureCollected(card.hunter, card.seat, collected, total))
    if total >= WIN_TREASURE:
        s.winner = card.seat
        s.phase = OVER
        s.to_move = None
        s.res = None
        ev.append(E.GameOver((card.seat,), end_reason(card.seat, treasure=total), card.hunter, total))


def _damage(s: State, t: int, amount: int, ev: list) -> None:
    card = s.cards[t]
    endurance = max(0, card.endurance - amount)
    _set_card(s, t, card._replace(endurance=endurance))
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
    _set_card(s, t, card._replace(hunter=0, at=None, endurance=0, treasure=card.treasure - moved, guard=(), boosts=(), trap=0, stun=0))
    retired = list(s.retired)
    retired[card.seat] = retired[card.seat] + (card.hunter,)
    s.retired = tuple(retired)
    ev.append(E.KnockedOut(card.hunter, "withdrew" if by is None else "retired", card.seat, by_hunter, moved, moved if thief else 0))
    if thief and moved:
        _gain(s, by, moved, ev)


def _end_turn(s: State, ev: list) -> None:
    i = s.turn
    card = s.cards[i]
    ev.append(E.TurnEnded(card.seat, card.hunter, s.energy))
    now = card.turns
    guard = tuple(g for g in card.guard if g > now)
    boosts = tuple(b for b in card.boosts if b[2] > now)
    trap = card.trap if card.trap > now else 0
    stun = card.stun if card.stun > now else 0
    if guard != card.guard or boosts != card.boosts or trap != card.trap or stun != card.stun:
        _set_card(s, i, card._replace(guard=guard, boosts=boosts, trap=trap, stun=stun))
        ev.append(E.MarkersExpired(card.hunter, len(card.guard) - len(guard), len(card.boosts) - len(boosts), trap != card.trap, stun != card.stun))
    s.turn = (i + 1) % len(s.cards)
    _begin(s, ev)


# -- outcome, views, invariants ---------------------------------------------------------------


def outcome(state: State, names: Sequence[str] | None = None) -> Outcome | None:
    """Who won and why (None while the game goes on); the reason names the winner by the table's `names`."""
    if state.winner is None:
        return None
    return Outcome((state.winner,), end_reason(state.winner, names))


def check_invariants(state: State) -> None:
    """Raise AssertionError naming the first broken invariant."""
    s = state
    board = s.board
    assert len(s.cards) == s.num_players * s.hunters_per_player, "card count: one card per hunter in play"
    assert 0 <= s.turn < len(s.cards), "turn index inside the cards"
    for c in s.cards:
        assert 0 <= c.endurance <= MAX_ENDURANCE, f"endurance 0-6: card of hunter {c.hunter} has {c.endurance}"
        assert c.treasure >= 0, f"treasure never negative: card of hunter {c.hunter} has {c.treasure}"
        if c.at is not None:
            assert c.at in board.floor, f"hunters only on floor squares: hunter {c.hunter} at {c.at}"
            assert c.hunter and c.endurance > 0, "a hunter on the map has endurance"
        elif c.hunter and s.started and s.phase not in (PLACE,):
            raise AssertionError(f"hunter {c.hunter} is in play but not on the map")
        if not c.hunter:
            assert c.at is None and not c.guard and not c.boosts, "an empty card holds no hunter and no markers"
    assert s.loot <= set(board.zones), "treasure only on Treasure Zones, at most one each"
    in_play = [c.hunter for c in s.cards if c.hunter]
    every = in_play + [h for hand in s.hands for h in hand] + [h for r in s.retired for h in r] + list(s.deck)
    real = [h for h in every if h != HIDDEN]
    assert len(real) == len(set(real)), "every hunter card is in exactly one place"
    if HIDDEN not in every:
        assert sorted(every) == sorted(HUNTER_NUMBERS), "no hunter card lost or duplicated"
    assert 0 <= s.energy <= 6, "energy 0-6"
    if s.phase == OVER:
        assert s.to_move is None and s.winner is not None, "a finished game has a winner and nobody to move"
        assert s.cards and max(c.treasure for c in s.cards) >= WIN_TREASURE, "the winner reached 12 treasure"
        return
    assert all(c.treasure < WIN_TREASURE for c in s.cards), "nobody has 12 treasure while the game goes on"
    assert s.to_move is not None and s.winner is None, "a game in progress has a seat to move"
    if s.phase == ACTIVE:
        active = s.cards[s.turn]
        assert active.at is not None, "the active hunter is on the map"
        r = s.res
        if r is None:
            assert s.energy > 0, "a turn with no energy left has ended"
        if r is not None and r.guard:
            assert s.to_move == s.cards[r.queue[0]].seat, "the owner of the damaged hunter decides on Guard"
        else:
            assert s.to_move == active.seat, "the active hunter's player is to move"
    else:
        assert s.res is None, "no action resolves outside a turn"
        assert s.to_move == s.cards[s.turn].seat, "the seat of the current card is to move"


