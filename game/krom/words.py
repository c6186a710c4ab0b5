"""How Krom: Evolution's texts name things: players, places, tokens, Mountain combinations, actions.

Players: every text function of the game takes `names` (seat index -> the name the table
gave; None keeps each player's Krom, e.g. "Alma"); the Kromosaurus is always itself.
Krom names places, not squares: "the Cave", "the Forest", "the Savanna", "the Mountain".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.actions import Action
from game.core.grammar import counted, indefinite, listing, possessive, seat_name
from game.krom.content import BONUS, CHARACTER_BY_ID, EVOLUTIONS, HUNTING, PICKING, PLACES, RULES, mountain_combination, reward_label
from game.krom.state import DINO

Names = Sequence[str] | None

_TOKENS = {"krom": "Krom", "wood": "Wood", "stone": "Stone", "bone": "Bone"}
_COMBINATIONS = {
    "pair": "a pair", "two_pairs": "two pairs", "three": "three of a kind", "full_house": "a full house",
    "four": "four of a kind", "five": "five of a kind", "straight": "a straight", "": "no combination",
}


def player_name(state, seat: int, names: Names = None) -> str:
    """What the texts call a seat: the table's name for it, else its Krom ("Alma"); the Kromosaurus for DINO."""
    if seat == DINO:
        return RULES.dino_name
    default = f"Player {seat + 1}"
    if state is not None and 0 <= seat < len(state.players):
        default = CHARACTER_BY_ID[state.players[seat].character].name
    return seat_name(seat, names, default)


def place_name(place: int) -> str:
    """A place as the board names it: "Cave", "Forest", "Savanna", "Mountain" (say "the Cave")."""
    return PLACES[place].capitalize()


def token_name(kind: str) -> str:
    """A token kind as printed: "Krom", "Wood", "Stone", "Bone"; "Bonus card", "hit point" for the others."""
    return _TOKENS.get(kind) or {"bonus": "Bonus card", "hp": "hit point"}.get(kind) or kind.capitalize()


def amount_words(kind: str, n: int) -> str:
    """An amount of a token, card or hit points, the one Krom formatter every text uses (rules, lessons,
    board): "1 Wood", "3 Krom", "1 Bonus card", "2 hit points", "1 Wood, Stone or Bone" (a choice)."""
    if kind == "choice":
        return f"{n} {listing([token_name(r) for r in ('wood', 'stone', 'bone')], 'or')}"
    return counted(n, token_name(kind))


def bundle_text(bundle) -> str:
    """A reward or a cost in a sentence: "2 Krom and 1 Stone" ("" when empty)."""
    return listing(amount_words(k, n) for k, n in bundle)


def bundle_words(bundle) -> str:
    """A reward or a cost on a label or a card: "2 Krom + 1 Stone" ("nothing" when empty)."""
    return " + ".join(amount_words(k, n) for k, n in bundle) or "nothing"


def combination_name(combination: str) -> str:
    """A Mountain combination as a player says it: "a full house", "two pairs", "no combination"."""
    return _COMBINATIONS.get(combination, combination.replace("_", " "))


def points_words(points: int, target: int) -> str:
    """A player's Evolution points beside the target, as a player says it: "7 of 10 points", "10 of 10 points",
    and past the target (the round's last Evolutions can take a winner there) "11 points (the target is 10)"."""
    if points > target:
        return f"{counted(points, 'point')} (the target is {target})"
    return f"{points} of {counted(target, 'point')}"


def score_words(state, seat: int) -> str:
    """Where a player's Evolution points come from, for the end screen: "from 3 Evolutions and the Kromosaurus
    trophy", "from 1 Evolution", "no Evolution yet"."""
    p = state.players[seat]
    parts = [counted(len(p.evolutions), "Evolution")] if p.evolutions else []
    if state.trophy == seat:
        parts.append("the Kromosaurus trophy")
    return "from " + " and ".join(parts) if parts else "no Evolution yet"


def end_reason(state, seat: int, points: int, names: Names = None) -> str:
    """Why the game ended, as a sentence: "Alma reached 9 Evolution points first."."""
    return f"{player_name(state, seat, names)} reached {counted(points, 'Evolution point')} first."


# -- actions --------------------------------------------------------------------------------------


def action_text(state, action: Action, names: Names = None) -> str:
    """An action as a player would say it, for suggestions and undo lines: "Go to the Forest",
    "Buy 1 Wood for 2 Krom", "Hunt the Mammoth with 3 dice", "End Alma's Action phase".

    Players are named by the table's `names` (or their Krom). It names only what the deciding
    seat can see (its own hand, the cards face up). An action it does not know reads in its
    text form.
    """
    args: tuple[Any, ...] = action.args  # read as the kind says; an action that does not fit reads in its text form
    kind = action.kind
    seat = state.to_move
    me = player_name(state, seat, names) if seat is not None else "the player"
    try:
        if kind == "go":
            return f"Go to the {place_name(PLACES.index(args[0]))}"
        if kind == "play":
            return f"Play {BONUS[args[0]].name}"
        if kind == "pass":
            return _pass_text(state, names)
        if kind == "counter":
            play = state.play
            top = play.counters[-1][1] if play.counters else play.card
            mine = next((c for c in state.players[seat].hand if BONUS[c].timing == "counter"), None)
            card = f" with {BONUS[mine].name}" if mine is not None else ""
            return f"Counter {BONUS[top].name}{card}"
        if kind == "target":
            return f"Aim {BONUS[state.play.card].name} at {player_name(state, args[0], names)}"
        if kind == "cancel":
            return f"Take back {BONUS[state.play.card].name}"
        if kind == "take":
            return f"Take {token_name(args[0])} from {BONUS[state.play.card].name}"
        if kind == "steal":
            victim = player_name(state, state.steals[0][1], names)
            what = {"krom": f"half of {possessive(victim)} Krom", "bonus": f"a random Bonus card from {victim}"}.get(args[0])
            return f"Steal {what}" if what else f"Steal 1 {token_name(args[0])} from {victim}"
        if kind == "rest":
            return f"Rest in the Cave ({amount_words('krom', RULES.rest_krom)} and {amount_words('hp', RULES.rest_hp)})"
        if kind == "buy":
            item = args[0]
            price = {"bonus": RULES.bonus_price, "hp": RULES.hp_price}.get(item, RULES.resource_price)
            what = indefinite("Bonus card") if item == "bonus" else amount_words(item, RULES.hp_per_purchase if item == "hp" else 1)
            return f"Buy {what} for {amount_words('krom', price)}"
        if kind == "shuffle":
            return "Shuffle the Picking deck"
        if kind == "pick":
            t = state.turn
            cost = RULES.pick_costs[t.picks] if t is not None and t.picks < len(RULES.pick_costs) else 0
            return f"Draw a Picking card for {amount_words('krom', cost)}" if cost else "Draw a Picking card"
        if kind == "hunt":
            card = HUNTING[state.hunting_row[args[0]]]
            extra = args[1]
            bought = f", {counted(extra, 'extra die')} for {amount_words('krom', RULES.extra_dice_costs[extra])}" if extra else ""
            return f"Hunt the {card.name} with {counted(card.dice + extra, 'die')}{bought}"
        if kind == "climb":
            return "Climb the Mountain"
        if kind == "realize":
            return f"Realize {EVOLUTIONS[state.evolution_row[args[0]]].name}"
        if kind == "end":
            return f"End {possessive(me)} Action phase"
        if kind == "keep":
            return f"Keep {indefinite(str(state.turn.dice[args[0]]))}"
        if kind == "free":
            return f"Free the kept {state.turn.dice[args[0]]} to reroll it"
        if kind == "reroll":
            t = state.turn
            cost = RULES.reroll_costs[t.rerolls] if t.rerolls < len(RULES.reroll_costs) else 0
            free = len(t.dice) - len(t.kept)
            return f"Reroll {counted(free, 'die')} for {amount_words('krom', cost)}"
        if kind == "stop":
            return "Stop climbing and take the reward"
        if kind == "reward":
            options = RULES.mountain_rewards[mountain_combination(state.turn.dice)]
            bundle = next(b for b in options if reward_label(b, options) == args[0])
            return f"Take {bundle_text(bundle)}"
    except (IndexError, KeyError, AttributeError, TypeError, ValueError, StopIteration):
        pass
    return str(action)


def _pass_text(state, names: Names) -> str:
    play = state.play
    if play is not None and play.stage == "counter":
        top = play.counters[-1][1] if play.counters else play.card
        return f"Let {BONUS[top].name} take effect"
    if state.combat is not None:
        return "Pass: play no combat card"
    if state.steals:
        return f"Take nothing from {player_name(state, state.steals[0][1], names)}"
    return "Pass"


def proper_names() -> tuple[str, ...]:
    """Every name of the content a text may open with, kept as written after a colon (`grammar.after_colon`):
    the Krom characters, Bonus, Evolution, Hunting and Picking cards, the places and tokens, the Kromosaurus."""
    out = [c.name for c in CHARACTER_BY_ID.values()]
    out += [c.name for deck in (BONUS, EVOLUTIONS, HUNTING, PICKING) for c in deck]
    out += [place_name(p) for p in range(len(PLACES))] + list(_TOKENS.values()) + ["Bonus card", RULES.dino_name]
    return tuple(dict.fromkeys(out))


# -- what the places and the hunt ask, in words ------------------------------------------------------

_PLACE_WORDS = (
    "Rest for Krom and hit points, or pay Krom for resources, Bonus cards and hit points.",
    "Draw Picking cards for their rewards: the first one is free, the next ones cost Krom.",
    "Hunt one prey of the Hunting row with its dice, plus dice bought before the roll.",
    f"Roll {counted(RULES.mountain_dice, 'die')}, keep some, reroll the others for Krom: the combination pays.",
)
BUY_DICE_WORDS = "Buy dice before the roll, never after."


def place_words(place: int) -> str:
    """What a player does in a place, in one sentence (the Cave, the Forest, the Savanna, the Mountain)."""
    return _PLACE_WORDS[place]


def hunt_words(card) -> str:
    """What catches a prey (a Hunting card or its id), in words: "reach 9 with 3 dice"."""
    c = HUNTING[card] if isinstance(card, int) else card
    return f"reach {c.value} with {counted(c.dice, 'die')}"


def hunt_option_words(card, dice: int, extra: int, cost: int) -> str:
    """One way to hunt a prey (a `HuntOption`'s dice, bought dice and price), in words:
    "Hunt the Mammoth with 4 dice (1 bought for 2 Krom): a total of 9 or more catches it"."""
    c = HUNTING[card] if isinstance(card, int) else card
    bought = f" ({extra} bought for {cost} Krom)" if extra else ""
    return f"Hunt the {c.name} with {counted(dice, 'die')}{bought}: a total of {c.value} or more catches it"


__all__ = [
    "BUY_DICE_WORDS",
    "action_text",
    "amount_words",
    "bundle_words",
    "bundle_text",
    "combination_name",
    "end_reason",
    "hunt_option_words",
    "hunt_words",
    "place_words",
    "place_name",
    "player_name",
    "points_words",
    "proper_names",
    "token_name",
]
