"""The small facts under the rules of Khrysos Hunters: what is being decided (`pending`), the step
resolving, who a Hit may reach, which Boosts and hunters may be used, how texts name hunters and seats.
`rules`, `flow`, `resolution`, `refusals`, `decision` and the board's queries all build on them (this
module imports none of them, so there is no import cycle).

`decision(state)` (module `decision`) is the rule-module API's answer built on it;
`pending(state)` adds the facts a board needs beside it (the hunter concerned and the
moves, hits, squares or damage left).

Decision kinds (`Decision.kind`, `Pending.kind`):

- `play`: choose a hunter for the scoring card whose turn it is (a starting hunter, a
  replacement). Private while the choice is made from the player's secret hand; public when
  only retired hunters (known to all) are left to choose from.
- `place`: choose the Treasure Zone square the new hunter starts on (several squares share
  the rolled number).
- `roll`: start of a turn: roll the white die (or withdraw a hunter at 1 endurance).
- `turn`: spend energy: walk, start an action, or end the turn.
- `boost`: spend Boost markers on the action just started.
- `hit`: choose a target of a Hit.
- `move`: move the acting hunter for a Move symbol outside a box.
- `trample`: the acting hunter's Trample path, square by square.
- `push`: a Move inside a box: move the acting hunter and/or the target, splitting the squares.
- `guard`: the owner of a damaged hunter holding Guard markers chooses how many to spend
  (the seat deciding is that owner, not the active player).
- `over`: the game has ended (seat None).

Only `play` from a hand is private: hands are the game's only secret a seat chooses from.
"""

from __future__ import annotations

from typing import NamedTuple
from collections.abc import Sequence

from game.core.grammar import counted, seat_name
from game.khrysos.content import HUNTERS, WIN_TREASURE, Step, plan_of, symbol_set
from game.khrysos.state import DEPLOY, OVER, PLACE, REPLACE, START, State

BOOST_PHASE = -1
NOT_BEGUN = -1


class Pending(NamedTuple):
    """The decision pending, with the facts a board shows beside the prompt.

    `hunter`: the hunter concerned (the target for 'guard'; the acting hunter otherwise, 0
    for 'play' and 'over'); `amount`: energy ('turn'), hits ('hit'), squares ('move',
    'trample', 'push') or damage ('guard') left, else 0; `target`: for 'push', the target
    being moved (the acting hunter may be moved too), else 0.
    """

    kind: str
    seat: int | None
    hunter: int
    amount: int
    target: int = 0


def hunter_name(hunter: int) -> str:
    return HUNTERS[hunter].name if hunter in HUNTERS else f"hunter {hunter}"


def player_name(seat: int, names: Sequence[str] | None = None) -> str:
    """What the texts call a seat: the table's name for it (`names`), else "Player 1", "Player 2", ..."""
    return seat_name(seat, names, f"Player {seat + 1}")


def end_reason(winner: int, names: Sequence[str] | None = None, treasure: int = WIN_TREASURE, cards: int = 1) -> str:
    """Why the game ended, as a sentence: "Player 2 reached 12 treasures."; with `cards` 2 (two players, two
    Scoring cards each, counted apart: RULES_NOTES X1), "... on one of their two Scoring cards."."""
    where = " on one of their two Scoring cards" if cards == 2 else ""
    return f"{player_name(winner, names)} reached {counted(treasure, 'treasure')}{where}."


def current_step(s: State) -> Step:
    r = s.res
    assert r is not None, "an action is being resolved"
    c = s.cards[s.turn]
    return plan_of(c.hunter, r.number, r.upgraded, r.raises)[r.pc]


def steals_only(step: Step) -> bool:
    """The box of this step holds Steal and nothing else: a Hit with it cannot target a hunter without
    treasure, since all it would do is steal from them (RULES_NOTES S3). With other symbols beside the
    Steal, the Hit may target them: the other symbols land and the Steal takes nothing."""
    return bool(step.box) and all(name == "steal" for name, _ in step.box)


def within_range(s: State, step: Step) -> list[int]:
    """Cards whose hunter stands within the Range of `step` from the acting hunter (never itself), in card order."""
    me = s.turn
    here = s.cards[me].at
    assert here is not None, "the acting hunter stands on the map"
    dist = s.board.reach_distances(here)
    reach = step.range
    return [i for i, c in enumerate(s.cards) if i != me and c.at is not None and dist.get(c.at, 99) <= reach]


def hit_targets(s: State, step: Step) -> list[int]:
    """Cards whose hunter the acting hunter may Hit with `step`: within its Range, and, when its box holds
    Steal alone, holding treasure (RULES_NOTES S3)."""
    near = within_range(s, step)
    return [i for i in near if s.cards[i].treasure] if steals_only(step) else near


def usable_boosts(s: State, r) -> list[tuple[str, int]]:
    """Distinct (symbol, amount) Boost markers of the acting hunter that can raise a symbol of action `r.number`."""
    c = s.cards[s.turn]
    symbols = symbol_set(c.hunter, r.number, r.upgraded)
    return sorted({(sym, amount) for sym, amount, _ in c.boosts if sym in symbols})


def play_options(s: State) -> tuple[int, ...]:
    """The hunters the seat to move may play on the card whose turn it is: its hand, or, when
    hand and undealt hunters are both exhausted, its retired hunters."""
    seat = s.cards[s.turn].seat
    hand = s.hands[seat]
    if hand:
        return tuple(sorted(set(hand)))
    return tuple(sorted(set(s.retired[seat])))


def pending(state: State) -> Pending:
    """The decision pending in `state` and the hunter and amount it concerns."""
    s = state
    if s.phase == OVER:
        return Pending("over", None, 0, 0)
    card = s.cards[s.turn]
    seat = s.to_move
    if s.phase in (DEPLOY, REPLACE):
        return Pending("play", seat, 0, 0)
    if s.phase == PLACE:
        return Pending("place", seat, card.hunter, 0)
    if s.phase == START:
        return Pending("roll", seat, card.hunter, 0)
    r = s.res
    if r is None:
        return Pending("turn", seat, card.hunter, s.energy)
    if r.guard:
        return Pending("guard", seat, s.cards[r.queue[0]].hunter, r.guard)
    if r.push:
        return Pending("push", seat, card.hunter, r.push, s.cards[r.queue[0]].hunter)
    if r.pc == BOOST_PHASE:
        return Pending("boost", seat, card.hunter, 0)
    kind = current_step(s).kind
    return Pending(kind if kind in ("hit", "trample") else "move", seat, card.hunter, r.left)


