"""The rules of Krom: Evolution: setting up, the decision to take now, its legal actions, and applying one.

A round is a Movement phase (each seat in turn makes a hidden pick, then all picks are
revealed together) followed by the Action phases, place by place (Cave, Forest,
Savanna, Mountain); several fighters in one place fight first. Every choice in the
middle of a resolution is a pending decision; `stage(state)` names it and `decision(state)`
says who takes it, in a sentence, and whether it is private (see its docstring):

| decision | who decides                  | actions                                                  |
| -------- | ---------------------------- | -------------------------------------------------------- |
| move     | each seat in turn            | go cave / go forest / go savanna / go mountain           |
| combat   | each player fighting, in seat order, until all pass in a row (whatever their hand) | play CARD, pass |
| counter  | each other player, in seat order after the player of the card on top, whatever their hand (a counter card can be countered too) | counter, pass |
| target   | the player of a targeted Bonus | target SEAT, cancel                                     |
| choice   | the player of a "choice" Bonus | take wood / take stone / take bone, cancel              |
| steal    | the combat winner, per stunned loser | steal wood / stone / bone / krom / bonus, pass (take nothing) |
| main     | the player in their Action phase | rest, buy wood|stone|bone|bonus|hp (Cave); shuffle, pick (Forest); hunt SLOT EXTRA (Savanna); climb (Mountain); realize SLOT; play CARD; end |
| climb    | the climber                  | keep DIE, free DIE, reroll, stop                         |
| reward   | the climber                  | reward stone / reward bonus (full house, four of a kind) |

Slots (Hunting and Evolution cards face up) and dice are numbered from 0; CARD is a
Bonus card id (game.krom.content.BONUS); SEAT is a seat number.
"""


from __future__ import annotations

from typing import Callable

from game.core import Action, IllegalAction, Outcome, Rng
from game.core.decision import Decision
from game.core.errors import SetupError
from game.krom.basics import (
    CAVE_ITEMS,
    HP_MAX,
    SLOTS,
    STEALABLE,
    _name,
    mountain_combination,
    place_name,
    points,
    target_points,
)
from game.krom.bonus import bonus_problem, target_problem
from game.krom.content import (
    BONUS,
    CAVE,
    CHARACTERS,
    EVOLUTIONS,
    FOREST,
    HUNTING,
    MOUNTAIN,
    PICKING,
    RULES,
    SAVANNA,
    TOTAL_TOKENS,
    reward_label,
)
from game.krom.decisions import (
    Check,
    Handler,
    _cand_choice,
    _cand_combat,
    _cand_counter,
    _cand_move,
    _cand_steal,
    _cand_target,
    _check_choice,
    _check_combat,
    _check_counter,
    _check_move,
    _check_steal,
    _check_target,
    _do_choice,
    _do_combat,
    _do_counter,
    _do_move,
    _do_steal,
    _do_target,
)
from game.krom.events import BonusDrawn, BonusPlayed, DestinationsRevealed, EvolutionRevealed, HuntingRevealed, PickingDrawn
from game.krom.flow import _advance, fight_ranking, steal_options
from game.krom.phase import (
    _cand_climb,
    _cand_main,
    _cand_reward,
    _check_climb,
    _check_main,
    _check_reward,
    _do_climb,
    _do_main,
    _do_reward,
    cave_price,
    evolution_problem,
    next_pick_cost,
    reroll_cost,
    reward_options,
)
from game.krom.state import Player, Setup, State

__all__ = [
    "CAVE_ITEMS",
    "HP_MAX",
    "SLOTS",
    "STEALABLE",
    "apply",
    "bonus_problem",
    "cave_price",
    "decision",
    "stage",
    "evolution_problem",
    "fight_ranking",
    "legal_actions",
    "mountain_combination",
    "new_game",
    "next_pick_cost",
    "outcome",
    "place_name",
    "points",
    "reroll_cost",
    "reveals",
    "reward_label",
    "reward_options",
    "steal_options",
    "target_points",
    "target_problem",
    "why_illegal",
]


# -- setting up ----------------------------------------------------------------------------


def new_game(setup: Setup, seed: int) -> State:
    """Shuffle the decks, lay out 4 Hunting and 4 Evolution cards, give everyone 7 hit points, 5 Krom and 1 Bonus, all in the Cave."""
    if not isinstance(setup, Setup):
        raise SetupError(f"new_game needs a Krom: Evolution Setup, got {type(setup).__name__}")
    rng = Rng(seed)
    n = setup.players
    characters = setup.characters or tuple(rng.shuffled([c.id for c in CHARACTERS])[:n])
    bonus = tuple(rng.shuffled(range(len(BONUS))))
    picking = tuple(rng.shuffled(range(len(PICKING))))
    hunting = tuple(rng.shuffled(range(len(HUNTING))))
    evolution = tuple(rng.shuffled(range(len(EVOLUTIONS))))
    supply = dict(TOTAL_TOKENS)
    supply["krom"] -= RULES.start_krom * n
    players = []
    for i, c in enumerate(characters):
        hand = bonus[i * RULES.start_bonus : (i + 1) * RULES.start_bonus]
        players.append(Player(c, CAVE, HP_MAX, krom=RULES.start_krom, hand=tuple(sorted(hand))))
    dealt = RULES.start_bonus * n
    return State(
        setup=setup,
        round=1,
        phase="move",
        to_move=0,
        players=tuple(players),
        supply=supply,
        bonus_deck=bonus[dealt:],
        bonus_discard=(),
        picking_deck=picking,
        picking_discard=(),
        hunting_deck=hunting[SLOTS:],
        hunting_discard=(),
        hunting_row=hunting[:SLOTS],
        evolution_deck=evolution[SLOTS:],
        evolution_row=evolution[:SLOTS],
        dino_hp=RULES.dino_hp if setup.kromosaurus else 0,
        dino_place=-1,
        trophy=None,
        picks=(None,) * n,
        place=-1,
        order=(),
        steals=(),
        combat=None,
        turn=None,
        play=None,
        winner=None,
        rng=rng,
    )


# -- the decision to take now ---------------------------------------------------------------


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
    climb = state.turn.climb
    if climb == "rolling":
        return "climb"
    if climb == "reward":
        return "reward"
    return "main"


def decision(state: State) -> Decision:
    """Who decides what now, in a sentence naming them by their character.

    Kinds (the `stage`): "move" (a secret destination pick: private), "combat" (play a
    combat card or pass: private, the hand is shown), "counter" (counter the card just
    played or pass: private), "target" and "choice" (aim the Bonus card being played:
    private), "main" (the Action phase, with the Bonus hand: private), "steal" (the combat
    winner picks what to take from a stunned player, or nothing), "climb" (keep and reroll
    Mountain dice), "reward" (pick a Mountain reward), "over" (seat None).
    """
    kind = stage(state)
    if kind == "over":
        result = outcome(state)
        return Decision("over", None, (result.reason + ".") if result else "The game is over.", False)
    seat = state.to_move
    prompt, private = _PROMPTS[kind](state, seat)
    return Decision(kind, seat, f"{_name(state, seat)}: {prompt}", private)


def _prompt_move(s: State, seat: int) -> tuple[str, bool]:
    return f"choose your destination in secret (you must leave the {place_name(s.players[seat].place)})", True


def _prompt_combat(s: State, seat: int) -> tuple[str, bool]:
    return f"play a combat card or pass (your score is {s.combat.score_of(seat)})", True


def _prompt_counter(s: State, seat: int) -> tuple[str, bool]:
    play = s.play
    who, card = play.counters[-1] if play.counters else (play.seat, play.card)
    return f"{_name(s, who)} plays {BONUS[card].name}: counter it with a counter card, or pass", True


def _prompt_target(s: State, seat: int) -> tuple[str, bool]:
    return f"choose the player {BONUS[s.play.card].name} targets, or cancel", True


def _prompt_choice(s: State, seat: int) -> tuple[str, bool]:
    return f"choose the resource {BONUS[s.play.card].name} gives (Wood, Stone or Bone), or cancel", True


def _prompt_steal(s: State, seat: int) -> tuple[str, bool]:
    victim = _name(s, s.steals[0][1])
    return f"you stunned {victim}: steal one Wood, Stone or Bone, half their Krom or a random Bonus card, or take nothing", False


def _prompt_climb(s: State, seat: int) -> tuple[str, bool]:
    cost = reroll_cost(s)
    if cost is None:
        return "no reroll left: stop to take your Mountain reward", False
    return f"keep the dice you like and reroll the others for {cost} Krom, or stop and take your reward", False


def _prompt_reward(s: State, seat: int) -> tuple[str, bool]:
    labels = " or ".join(f"{label.capitalize()}" for label, _ in reward_options(s))
    return f"choose your Mountain reward: {labels}", False


_PLACE_ACTIONS = {
    CAVE: "rest or provide services",
    FOREST: "draw Picking cards",
    SAVANNA: "hunt a prey",
    MOUNTAIN: "climb the cliff",
}


def _prompt_main(s: State, seat: int) -> tuple[str, bool]:
    place = s.turn.place
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


def outcome(state: State) -> Outcome | None:
    if state.winner is None:
        return None
    return Outcome((state.winner,), f"{_name(state, state.winner)} reached {points(state, state.winner)} Evolution points first")



DECISIONS: dict[str, tuple[Callable[[State, int], list[Action]], Check, Handler]] = {
    "move": (_cand_move, _check_move, _do_move),
    "combat": (_cand_combat, _check_combat, _do_combat),
    "counter": (_cand_counter, _check_counter, _do_counter),
    "target": (_cand_target, _check_target, _do_target),
    "choice": (_cand_choice, _check_choice, _do_choice),
    "steal": (_cand_steal, _check_steal, _do_steal),
    "climb": (_cand_climb, _check_climb, _do_climb),
    "reward": (_cand_reward, _check_reward, _do_reward),
    "main": (_cand_main, _check_main, _do_main),
}


def legal_actions(state: State) -> list[Action]:
    """Every action the seat to move may take now (a fresh list; worked out once per state)."""
    legal = state._legal
    if legal is None:
        legal = state._legal = _legal(state)
    return list(legal)


def _legal(state: State) -> list[Action]:
    d = stage(state)
    if d == "over":
        return []
    candidates, check, _ = DECISIONS[d]
    seat = state.to_move
    return [a for a in candidates(state, seat) if check(state, seat, a) is None]


def why_illegal(state: State, action: Action) -> str | None:
    """The reason `action` is refused now, or None when it is legal; never raises, whatever `action` is."""
    malformed = _malformed(action)
    if malformed is not None:
        return malformed
    d = stage(state)
    if d == "over":
        return "the game is over"
    candidates, check, _ = DECISIONS[d]
    seat = state.to_move
    reason = check(state, seat, action)
    if reason is None and action not in candidates(state, seat):
        reason = f"'{action}' is not possible now"
    return reason


def _malformed(action) -> str | None:
    """Why `action` is not even an action (None, text, a list, an Action holding junk), or None."""
    if not isinstance(action, Action):
        return f"not an action: a {type(action).__name__} was given"
    if not isinstance(action.kind, str) or not action.kind:
        return "not an action: its kind must be a word"
    if not isinstance(action.args, tuple):
        return f"'{action.kind}' is malformed: its arguments must be a tuple, not a {type(action.args).__name__}"
    for x in action.args:
        if isinstance(x, bool) or not isinstance(x, int | str):
            return f"'{action.kind}' is malformed: an argument must be a number or a word, not {type(x).__name__}"
    return None


def apply(state: State, action: Action) -> tuple[State, list]:
    """Play `action` for the seat to move: (new state, events). Raises IllegalAction, leaving `state` untouched."""
    legal = state._legal
    if legal is None:
        legal = state._legal = _legal(state)
    for a in legal:  # most callers pass one of the legal actions themselves (they are shared objects)
        if a is action:
            break
    else:
        reason = why_illegal(state, action)
        if reason is not None:
            raise IllegalAction(reason)
    s = state.clone()
    ev: list = []
    DECISIONS[stage(state)][2](s, state.to_move, action, ev)
    _advance(s, ev)
    return s, ev


def reveals(before: State, action: Action, after: State, events: list) -> bool:
    """True when `action` showed a card from a deck shuffled earlier (no RNG used now), a Bonus card from a hidden
    hand, or the secret picks: an undo barrier."""
    return any(isinstance(e, _REVEALING) for e in events)


_REVEALING = (BonusDrawn, BonusPlayed, DestinationsRevealed, EvolutionRevealed, HuntingRevealed, PickingDrawn)


def progress(state: State) -> str:
    """How far the game is, in a few words (saves and the menu's Continue list it)."""
    return "Game over" if state.phase == "over" else f"Round {state.round}"
