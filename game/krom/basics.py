"""Shared pieces of the Krom rules: constants, names and points, moving tokens and cards between the supply, decks and players, and reading action arguments."""

from __future__ import annotations

from game.core import Action
from game.krom.content import EVOLUTIONS, PLACES, RESOURCES, RULES, mountain_combination  # noqa: F401 -- re-exported
from game.krom.events import BonusDrawn, DeckShuffled, Gained, GameOver, Healed, Paid
from game.krom.state import Player, Setup, State
from game.krom.words import end_reason, player_name


HP_MAX = RULES.start_hp
STEALABLE = RESOURCES + ("krom", "bonus")
CAVE_ITEMS = RESOURCES + ("bonus", "hp")
CAVE_LABELS = {
    "wood": "a Wood token costs",
    "stone": "a Stone token costs",
    "bone": "a Bone token costs",
    "bonus": "a Bonus card costs",
    "hp": f"{RULES.hp_per_purchase} hit points cost",
}
DINO_PLACE_NAMES = tuple(PLACES[p] for p in RULES.dino_places)
SLOTS = 4


def place_name(place: int) -> str:
    return PLACES[place].capitalize()


def target_points(setup: Setup) -> int:
    """Evolution points needed to win with these options."""
    return RULES.win_points[setup.players - 2] + (RULES.longer if setup.longer else 0)


def points(state: State, seat: int) -> int:
    """A seat's Evolution points: its realized Evolutions plus the Kromosaurus trophy."""
    p = state.players[seat]
    return sum(EVOLUTIONS[e].points for e in p.evolutions) + (1 if state.trophy == seat else 0)


def _name(state: State, seat: int) -> str:
    return player_name(state, seat)



# -- small helpers on a state being changed --------------------------------------------------


def _has(p: Player, kind: str) -> int:
    if kind == "bonus":
        return len(p.hand)
    if kind == "hp":
        return p.hp
    return getattr(p, kind)


def _add_card(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(sorted(hand + (card,)))


def _remove_card(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _pay(s: State, seat: int, kind: str, amount: int, ev: list) -> None:
    p = s.own(seat)
    setattr(p, kind, getattr(p, kind) - amount)
    s.supply[kind] += amount
    ev.append(Paid(seat, kind, amount))


def _draw(s: State, deck: str, ev: list) -> int | None:
    """The top card of a deck, shuffling its discard pile in first when it is empty; None when both are empty."""
    cards = getattr(s, deck + "_deck")
    if not cards:
        discard = getattr(s, deck + "_discard")
        if not discard:
            return None
        cards = tuple(s.rng.shuffled(discard))
        setattr(s, deck + "_discard", ())
        ev.append(DeckShuffled(deck))
    setattr(s, deck + "_deck", cards[1:])
    return cards[0]


def _gain(s: State, seat: int, kind: str, amount: int, ev: list) -> None:
    """Give from the supply; when it runs short the player gets what is left."""
    p = s.own(seat)
    if kind == "bonus":
        for _ in range(amount):
            card = _draw(s, "bonus", ev)
            if card is None:
                break
            p.hand = _add_card(p.hand, card)
            ev.append(BonusDrawn(seat, card))
        return
    if kind == "hp":
        got = min(amount, HP_MAX - p.hp)
        p.hp += got
        ev.append(Healed(seat, got, p.hp))
        return
    else:
        got = min(amount, s.supply[kind])
        s.supply[kind] -= got
        setattr(p, kind, getattr(p, kind) + got)
    ev.append(Gained(seat, kind, got))


def _gain_bundle(s: State, seat: int, bundle, ev: list) -> None:
    for kind, amount in bundle:
        _gain(s, seat, kind, amount, ev)


def _transfer(s: State, giver: int, taker: int, kind: str, amount: int) -> int:
    a, b = s.own(giver), s.own(taker)
    n = min(amount, getattr(a, kind))
    setattr(a, kind, getattr(a, kind) - n)
    setattr(b, kind, getattr(b, kind) + n)
    return n


def _check_win(s: State, seat: int, ev: list) -> None:
    total = points(s, seat)
    if s.winner is None and total >= target_points(s.setup):
        s.winner = seat
        ev.append(GameOver((seat,), end_reason(s, seat, total), total))



# -- argument reading ------------------------------------------------------------------------


def _word(a: Action, choices) -> str | None:
    if len(a.args) == 1 and a.args[0] in choices:
        return a.args[0]
    return None


def _ints(a: Action, count: int) -> tuple[int, ...] | None:
    args = a.args
    if len(args) != count:
        return None
    for x in args:
        if not isinstance(x, int):
            return None
    return args


def _no_args(a: Action) -> str | None:
    return None if not a.args else f"'{a.kind}' takes no argument"
