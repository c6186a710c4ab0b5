"""The texts a board shows before a click: why a Bonus card, an Evolution, a prey or one more Cave service
cannot be chosen now, in the rules' words (`bonus_reasons`, `playable_bonuses`, `evolution_problems` and
`affordable_evolutions`, `prey_problem`, `basket_problem`), the tie rule of a place (`tie_words`,
`ties_words`) and what each option of a new game does (`option_words`).
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.decision import HIDDEN
from game.krom.bonus import bonus_problem
from game.krom.content import BONUS, RESOURCES, RULES, heaviest_wins
from game.krom.decision import stage
from game.krom.facts import HP_MAX, SLOTS
from game.krom.words import place_name
from game.krom.queries import basket_cost, cave_services
from game.krom.refusals import evolution_problem
from game.krom.rules import why_illegal
from game.krom.state import State
from game.krom.words import amount_words

__all__ = [
    "affordable_evolutions",
    "basket_problem",
    "bonus_reasons",
    "evolution_problems",
    "option_words",
    "playable_bonuses",
    "prey_problem",
    "tie_words",
    "ties_words",
]


def evolution_problems(state: State, seat: int | None = None) -> list[str | None]:
    """For each face-up Evolution slot: None if `seat` (default: the seat to move) can realize it here and now, else why not.

    Outside that seat's own Action phase every slot reads why.
    """
    seat = state.to_move if seat is None else seat
    if seat is None or stage(state) != "main" or state.turn is None or state.turn.seat != seat:
        return ["Evolutions are realized only in your own Action phase"] * SLOTS
    return [evolution_problem(state, seat, slot) for slot in range(SLOTS)]


def affordable_evolutions(state: State, seat: int | None = None) -> list[int]:
    """Slots of the Evolutions `seat` could realize right now, in the place they stand."""
    return [slot for slot, problem in enumerate(evolution_problems(state, seat)) if problem is None]


def _when(card_id: int) -> str:
    """When a Bonus card is played, in words, for a card that cannot be played at this moment."""
    card = BONUS[card_id]
    if card.timing == "combat":
        return f"{card.name} is a combat card: play it after the dice of a combat you fight in"
    if card.timing == "counter":
        return f"{card.name} is a counter card: play it when another player plays a Bonus card"
    if card.place is not None:
        return f"{card.name} is played in your own Action phase, in the {place_name(card.place)}"
    return f"{card.name} is played in your own Action phase"


def _busy_reason(state: State, seat: int, d: str) -> str | None:
    """Why no Bonus card can be played now although it is `seat`'s own Action phase (something is under way)."""
    if d in ("target", "choice") and state.play is not None and state.play.seat == seat:
        aimed = BONUS[state.play.card].name
        what = "its target" if d == "target" else "what it gives"
        return f"finish playing {aimed} first: choose {what}, or cancel"
    if d == "climb":
        return "not in the middle of a climb: stop first, then play it"
    if d == "reward":
        return "choose your Mountain reward first"
    return None


def bonus_reasons(state: State, seat: int | None) -> dict[int, str | None]:
    """Each Bonus card in `seat`'s hand -> None if it can be played now, else why not, in the rules' words.

    Outside a moment when a card may be played, each card says when it is played (a combat
    card after a combat's dice, a counter card on another player's Bonus card, the others in
    one's own Action phase, in their place); in one's own Action phase while a card is aimed,
    a climb goes on or a reward is chosen, it says what to finish first.
    """
    if seat is None:
        return {}
    hand = [c for c in state.players[seat].hand if c != HIDDEN]
    d = stage(state)
    # (the stage says which of the combat, the play and the turn is under way: the checks for None only tell mypy)
    if d == "combat" and state.combat is not None and state.combat.asked == seat:
        return {c: bonus_problem(state, seat, c, True) for c in hand}
    if d == "counter" and state.play is not None and state.play.asked[0] == seat:
        play = state.play
        card = BONUS[play.counters[-1][1] if play.counters else play.card].name
        return {c: None if BONUS[c].timing == "counter" else f"{BONUS[c].name} is not a counter card: only a counter card cancels {card}"
                for c in hand}
    if d == "main" and state.turn is not None and state.turn.seat == seat:
        return {c: bonus_problem(state, seat, c, False) for c in hand}
    own_turn = state.turn is not None and state.turn.seat == seat
    busy = _busy_reason(state, seat, d) if own_turn else None
    return {c: busy if busy is not None and BONUS[c].timing not in ("combat", "counter") else _when(c) for c in hand}


def playable_bonuses(state: State, seat: int | None = None) -> dict[int, str | None]:
    """Each Bonus card in `seat`'s hand (default: the seat to move) -> None if playable now, else why not."""
    return bonus_reasons(state, state.to_move if seat is None else seat)


def prey_problem(state: State, seat: int | None, slot: int) -> str | None:
    """Why `seat` cannot choose the prey in `slot` now (None when a hunt of it can be chosen)."""
    if seat is None or stage(state) != "main" or state.turn is None or state.turn.seat != seat:
        return "you hunt in your own Action phase, in the Savanna"
    return why_illegal(state, Action("hunt", (slot, 0)))


def basket_problem(state: State, seat: int | None, basket: dict[str, int], item: str) -> str | None:
    """Why one more `item` cannot go into `seat`'s basket of Cave services now, or None."""
    if seat is None or stage(state) != "main" or state.turn is None or state.turn.seat != seat:
        return "services are provided in your own Action phase, in the Cave"
    first = why_illegal(state, Action("buy", (item,)))
    if first is not None and not basket.get(item):
        return first
    p = state.players[seat]
    service = next(s for s in cave_services() if s.item == item)
    left = p.krom - basket_cost(basket)
    if left < service.price:
        return f"not enough Krom: {service.label} costs {service.price}, you have {left} left after the basket"
    n = basket.get(item, 0)
    if item == "hp" and p.hp + n * service.amount >= HP_MAX:
        return f"your hit points would already be at {HP_MAX}"
    if item in RESOURCES and state.supply[item] <= n:
        return f"the supply has no more {item.capitalize()}"
    if item == "bonus" and len(state.bonus_deck) + len(state.bonus_discard) <= n:
        return "no more Bonus card is left to draw"
    return None


def tie_words(place: int) -> str:
    """The tie rule of a place in words: "the heaviest wins ties in the Cave"."""
    return f"the {'heaviest' if heaviest_wins(place) else 'lightest'} wins ties in the {place_name(place)}"


def option_words() -> dict[str, str]:
    """What each option of a new game does, with the rules' numbers: glacial, kromosaurus, longer."""
    cold, fire = -RULES.glacial_outside, RULES.glacial_cave
    places = ", ".join(place_name(p) for p in RULES.dino_places[:-1]) + f" and {place_name(RULES.dino_places[-1])}"
    return {
        "glacial": f"Outside the Cave every Action phase costs {amount_words('hp', cold)}; the Cave gives {fire}.",
        "kromosaurus": f"A beast roams the {places} and fights everyone it meets.",
        "longer": f"{RULES.longer} more Evolution points are needed to win.",
    }


def ties_words() -> str:
    """Who wins a tie in a combat, place by place, as one sentence."""
    heavy = [place_name(p) for p in range(4) if heaviest_wins(p)]
    light = [place_name(p) for p in range(4) if not heaviest_wins(p)]
    return f"Light Krom win ties in the {' and '.join(light)}, heavy ones in the {' and '.join(heavy)}."
