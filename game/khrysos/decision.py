"""Who decides what now (`decision`), how far the game is (`progress`) and whether an action revealed
something hidden (`reveals`): the rule-module API's answers about the game in progress.

Every game of the collection keeps its `decision` in a module of this name, its refusal reasons in
`refusals`, `redact` in `redact`, `view` in `view` and `action_text` in `words`. The kinds and the
facts a board shows beside them are `facts`' (see its docstring: `pending`); this module only words them.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.actions import Action
from game.core.decision import Decision
from game.core.grammar import counted, listing
from game.khrysos import events as E
from game.khrysos.content import HUNTERS
from game.khrysos.facts import current_step, end_reason, hunter_name, pending, player_name
from game.khrysos.squares import square_name
from game.khrysos.state import State


def decision(state: State, names: Sequence[str] | None = None) -> Decision:
    """Who decides what now, as one sentence naming the player by the table's `names` (or
    "Player N"); see the module docstring for the kinds."""
    s = state
    p = pending(s)
    if p.kind == "over":
        winner = s.winner
        assert winner is not None, "a game over has its winner"
        who = player_name(winner, names)
        return Decision("over", None, f"Game over, {who} wins. {end_reason(winner, names, cards=s.hunters_per_player)}", False)
    seat = p.seat
    assert seat is not None, "a seat decides in every other kind"
    who = player_name(seat, names)
    name = hunter_name(p.hunter)
    if p.kind == "play":
        private = bool(s.hands[seat])
        source = "from your hand" if private else "from your retired hunters"
        return Decision("play", p.seat, f"{who}: choose a hunter to play {source}", private)
    if p.kind == "place":
        squares = listing([square_name(s, c) for c in s.choices], "or")
        prompt = f"{who}: choose the Treasure Zone square where {name} starts ({squares})"
    elif p.kind == "roll":
        extra = ", or withdraw it" if s.cards[s.turn].endurance == 1 else ""
        prompt = f"{who}: roll the white die for {name}{extra}"
    elif p.kind == "turn":
        prompt = f"{who}: {name} has {counted(p.amount, 'energy point')} to spend on moving and actions"
    elif p.kind == "guard":
        prompt = f"{who}: {name} takes {p.amount} damage; spend how many Guard markers?"
    elif p.kind == "push":
        target = hunter_name(p.target)
        both = target if p.target == p.hunter else f"{name} and/or {target}"
        prompt = f"{who}: move {both} ({counted(p.amount, 'square')} left), or stop"
    elif p.kind == "boost":
        res = s.res
        assert res is not None, "a boost is asked while an action resolves"
        prompt = f"{who}: spend Boost markers on {HUNTERS[p.hunter].action(res.number).name}?"
    elif p.kind == "hit":
        prompt = f"{who}: choose whom {name} hits within Range {current_step(s).range} ({counted(p.amount, 'hit')} left), or stop"
    elif p.kind == "trample":
        prompt = f"{who}: choose where {name} tramples ({counted(p.amount, 'square')} left), or stop"
    else:
        prompt = f"{who}: choose where {name} moves ({counted(p.amount, 'square')} left), or stop"
    return Decision(p.kind, p.seat, prompt, False)


def reveals(before: State, action: Action, after: State, events: list) -> bool:
    """Whether the action showed something hidden without the dice generator: a hunter played
    from a hidden hand or drawn from the undealt hunters (Match makes it an undo barrier)."""
    return any(isinstance(e, E.HunterPlayed) for e in events)


def progress(state: State, names: Sequence[str] | None = None) -> str:
    """How far the game is, in a few words (saves and the menu's Continue list it): each player's
    treasure, in seat order (it names no player, so `names` changes nothing). With two players, both
    Scoring cards of each, highest first: they count apart (RULES_NOTES X1)."""
    if state.hunters_per_player == 2:
        scores = " – ".join("&".join(map(str, state.treasures_of(seat))) for seat in range(state.num_players))
        return f"Cards {scores} (one at 12 wins)"
    scores = "–".join(str(state.treasure_of(seat)) for seat in range(state.num_players))
    return f"Treasure {scores} (12 wins)"
