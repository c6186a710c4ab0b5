"""The rules of Khrysos Hunters: GAME_ID, TITLE, new_game, legal_actions, apply, why_illegal, outcome, check_invariants.

`decision` (who decides what now), `progress` and `reveals` are in `decision`, built on `facts`; the refusal reasons are in
`refusals`, `redact` in `redact`, `view` in `view`, `action_text` in `words` (the same modules in
every game of the collection); they build on `state` and `content` only, so this module imports
them without a cycle. `apply` hands each action to its handler: in `flow` (turns and phases) or in
`resolution` (effects).

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

from collections.abc import Sequence

from game.core.actions import Action, interned, is_one_of
from game.core.decision import HIDDEN
from game.core.dice import D6
from game.core.errors import IllegalAction
from game.core.grammar import sentence
from game.core.outcome import Outcome
from game.core.rng import Rng
from game.khrysos import events as E
from game.khrysos import flow, resolution
from game.khrysos.content import HUNTER_NUMBERS, MAX_ENDURANCE, WIN_TREASURE
from game.khrysos.facts import BOOST_PHASE, current_step, end_reason, hit_targets, play_options, usable_boosts
from game.khrysos.maps import build_board
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
    out: list[Action] = []
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
        return tuple(_act("guard", k) for k in range(min(len(target.guard), r.guard) + 1))
    if r.push:
        out: list[Action] = []
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


# The handler of each action kind: turns and phases move on in `flow`, effects resolve in `resolution`.
_HANDLERS = {**flow.HANDLERS, **resolution.HANDLERS}


# -- outcome, views, invariants ---------------------------------------------------------------


def outcome(state: State, names: Sequence[str] | None = None) -> Outcome | None:
    """Who won and why (None while the game goes on); the reason names the winner by the table's `names`."""
    if state.winner is None:
        return None
    return Outcome((state.winner,), end_reason(state.winner, names, cards=state.hunters_per_player))


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


