"""Who decides what now (`decision`), the kind of decision pending (`stage`), how far the game is
(`progress`) and whether an action revealed something hidden (`reveals`, an undo barrier).

Every game of the collection keeps its `decision` in a module of this name, its refusal reasons in
`refusals`, `redact` in `redact`, `view` in `view` and `action_text` in `words`. This module builds on
the state, `facts`, `content`, `events` and `words` only, so `rules` and `refusals`
can both import it without a cycle.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import Action
from game.core.decision import Decision
from game.core.grammar import colon, listing
from game.krom.content import BONUS, CAVE, FOREST, MOUNTAIN, SAVANNA
from game.krom.events import (
    BonusDrawn,
    BonusPlayed,
    DestinationsRevealed,
    EvolutionRevealed,
    HuntingRevealed,
    PickingDrawn,
)
from game.krom.facts import points, reroll_cost, reward_options
from game.krom.words import place_name
from game.krom.state import State
from game.krom.words import amount_words, bundle_text, end_reason, player_name


def stage(state: State) -> str:
    """The kind of the pending decision (see `decision`): over, move, combat, counter, target, choice, steal, climb, reward or main."""
    if state.phase == "over":
        return "over"
    if state.phase == "move":
        return "move"
    if state.play is not None:
        return state.play.stage
    if state.combat is not None:
        return "combat"
    if state.steals:
        return "steal"
    turn = state.turn
    assert turn is not None, "past the moves, a player's Action phase is under way"
    climb = turn.climb
    if climb == "rolling":
        return "climb"
    if climb == "reward":
        return "reward"
    return "main"


def decision(state: State, names: Sequence[str] | None = None) -> Decision:
    """Who decides what now, in a sentence naming them by the table's `names` (else by their Krom).

    Kinds (the `stage`): "move" (a secret destination pick: private), "combat" (play a
    combat card or pass: private, the hand is shown), "counter" (counter the card just
    played or pass: private), "target" and "choice" (aim the Bonus card being played:
    private), "main" (the Action phase, with the Bonus hand: private), "steal" (the combat
    winner picks what to take from a stunned player, or nothing), "climb" (keep and reroll
    Mountain dice), "reward" (pick a Mountain reward), "over" (seat None).
    """
    kind = stage(state)
    if kind == "over":
        winner = state.winner
        if winner is None:
            return Decision("over", None, "The game is over.", False)
        reason = end_reason(state, winner, points(state, winner), names)  # the reason `rules.outcome` gives
        return Decision("over", None, f"Game over, {player_name(state, winner, names)} wins. {reason}", False)
    seat = state.to_move
    assert seat is not None, "a game in progress has a seat to move"
    prompt, private = _PROMPTS[kind](state, seat, names)
    return Decision(kind, seat, f"{player_name(state, seat, names)}: {prompt}", private)


def _prompt_move(s: State, seat: int, names) -> tuple[str, bool]:
    return f"choose your destination in secret (you must leave the {place_name(s.players[seat].place)})", True


def _prompt_combat(s: State, seat: int, names) -> tuple[str, bool]:
    combat = s.combat
    assert combat is not None, "a combat is being fought"
    return f"play a combat card or pass (your score is {combat.score_of(seat)})", True


def _prompt_counter(s: State, seat: int, names) -> tuple[str, bool]:
    play = s.play
    assert play is not None, "a Bonus card is being played"
    who, card = play.counters[-1] if play.counters else (play.seat, play.card)
    return colon(f"{player_name(s, who, names)} plays {BONUS[card].name}", "counter it with a counter card, or pass"), True


def _prompt_target(s: State, seat: int, names) -> tuple[str, bool]:
    play = s.play
    assert play is not None, "a Bonus card is being played"
    return f"choose the player {BONUS[play.card].name} targets, or cancel", True


def _prompt_choice(s: State, seat: int, names) -> tuple[str, bool]:
    play = s.play
    assert play is not None, "a Bonus card is being played"
    return f"choose the resource {BONUS[play.card].name} gives (Wood, Stone or Bone), or cancel", True


def _prompt_steal(s: State, seat: int, names) -> tuple[str, bool]:
    victim = player_name(s, s.steals[0][1], names)
    return f"you stunned {victim}: steal one Wood, Stone or Bone, half their Krom or a random Bonus card, or take nothing", False


def _prompt_climb(s: State, seat: int, names) -> tuple[str, bool]:
    cost = reroll_cost(s)
    if cost is None:
        return "no reroll left: stop to take your Mountain reward", False
    return f"keep the dice you like and reroll the others for {amount_words('krom', cost)}, or stop and take your reward", False


def _prompt_reward(s: State, seat: int, names) -> tuple[str, bool]:
    labels = listing([bundle_text(bundle) for _, bundle in reward_options(s)], "or")
    return f"choose your Mountain reward: {labels}", False


_PLACE_ACTIONS = {
    CAVE: "rest or provide services",
    FOREST: "draw Picking cards",
    SAVANNA: "hunt a prey",
    MOUNTAIN: "climb the cliff",
}


def _prompt_main(s: State, seat: int, names) -> tuple[str, bool]:
    turn = s.turn
    assert turn is not None, "an Action phase is under way"
    place = turn.place
    return f"your Action phase in the {place_name(place)}: {_PLACE_ACTIONS[place]}, realize an Evolution, play a Bonus card or end", True


_PROMPTS = {
    "move": _prompt_move,
    "combat": _prompt_combat,
    "counter": _prompt_counter,
    "target": _prompt_target,
    "choice": _prompt_choice,
    "steal": _prompt_steal,
    "climb": _prompt_climb,
    "reward": _prompt_reward,
    "main": _prompt_main,
}


def reveals(before: State, action: Action, after: State, events: list) -> bool:
    """True when `action` showed a card from a deck shuffled earlier (no RNG used now), a Bonus card from a hidden
    hand, or the secret picks: an undo barrier."""
    return any(isinstance(e, _REVEALING) for e in events)


_REVEALING = (BonusDrawn, BonusPlayed, DestinationsRevealed, EvolutionRevealed, HuntingRevealed, PickingDrawn)


def progress(state: State, names: Sequence[str] | None = None) -> str:
    """How far the game is, in a few words (saves and the menu's Continue list it); it names no
    player, so `names` changes nothing."""
    return "Game over" if state.phase == "over" else f"Round {state.round}"
