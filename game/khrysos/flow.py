"""Turns and phases of Khrysos Hunters: what comes next once an action is done.

A hunter is played on its scoring card and placed on its starting Treasure Zone square; once every
starting hunter is down, treasure goes on the free zones and the first turn begins. A turn begins with
the energy roll (or the choice of a replacement when the card's hunter has retired) and ends when its
energy is spent or its player ends it, when the markers it held for a turn expire and the next card's
turn begins. The handlers of the actions that only move the game along (`play`, `place`, `roll`, `end`)
are here, in `HANDLERS`; `resolution` holds those that resolve effects.
"""

from __future__ import annotations

from typing import cast

from game.core.actions import Action
from game.core.dice import D6
from game.khrysos import events as E
from game.khrysos.content import MAX_ENDURANCE
from game.khrysos.state import ACTIVE, DEPLOY, PLACE, REPLACE, START, Card, State

Cell = tuple[int, int]


def set_card(s: State, i: int, card: Card) -> None:
    """Put `card` in place of card i of `s` (a copy `apply` is building)."""
    cards = list(s.cards)
    cards[i] = card
    s.cards = tuple(cards)


_new = tuple.__new__
AT, ENDURANCE, TREASURE, TURNS = (Card._fields.index(name) for name in ("at", "endurance", "treasure", "turns"))


def set_field(s: State, i: int, field: int, value: object) -> None:
    """Card i of `s` (a copy `apply` is building) with field number `field` (AT, ENDURANCE, ...) set to
    `value`: what `set_card(s, i, card._replace(...))` does for one field, at a third of its cost."""
    cards = list(s.cards)
    card: list[object] = list(cards[i])
    card[field] = value
    cards[i] = _new(Card, card)
    s.cards = tuple(cards)


def _remove_from(s: State, field: str, seat: int, hunter: int) -> None:
    piles = list(getattr(s, field))
    pile = list(piles[seat])
    pile.remove(hunter)
    piles[seat] = tuple(pile)
    setattr(s, field, tuple(piles))


def _put_in_play(s: State, i: int, hunter: int, ev: list, *, drawn: bool = False, reused: bool = False) -> None:
    card = s.cards[i]
    set_card(s, i, card._replace(hunter=hunter, at=None, endurance=MAX_ENDURANCE, guard=(), boosts=(), trap=0, stun=0))
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


def _place(s: State, square: Cell, ev: list) -> None:
    """Put the hunter of the current card on its starting square, then go on with deployment or the turn."""
    i = s.turn
    card = s.cards[i]
    set_card(s, i, card._replace(at=square))
    ev.append(E.HunterPlaced(card.hunter, square))
    if s.started:
        begin_turn(s, ev)
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
    begin_turn(s, ev)


def begin_turn(s: State, ev: list) -> None:
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


def finish_turn(s: State, ev: list) -> None:
    i = s.turn
    card = s.cards[i]
    ev.append(E.TurnEnded(card.seat, card.hunter, s.energy))
    now = card.turns
    guard = tuple(g for g in card.guard if g > now)
    boosts = tuple(b for b in card.boosts if b[2] > now)
    trap = card.trap if card.trap > now else 0
    stun = card.stun if card.stun > now else 0
    if guard != card.guard or boosts != card.boosts or trap != card.trap or stun != card.stun:
        set_card(s, i, card._replace(guard=guard, boosts=boosts, trap=trap, stun=stun))
        ev.append(E.MarkersExpired(card.hunter, len(card.guard) - len(guard), len(card.boosts) - len(boosts), trap != card.trap, stun != card.stun))
    s.turn = (i + 1) % len(s.cards)
    begin_turn(s, ev)


def _do_play(s: State, action: Action, ev: list) -> None:
    hunter = cast(int, action.args[0])  # a legal "play": the hunter's number
    i = s.turn
    card = s.cards[i]
    seat = card.seat
    reused = not s.hands[seat]
    if reused:
        _remove_from(s, "retired", seat, hunter)
    else:
        _remove_from(s, "hands", seat, hunter)
    _put_in_play(s, i, hunter, ev, reused=reused)


def _do_place(s: State, action: Action, ev: list) -> None:
    s.choices = ()
    _place(s, (cast(int, action.args[0]), cast(int, action.args[1])), ev)  # a legal "place": a square


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
    set_field(s, i, TURNS, card.turns + 1)
    s.energy = face
    s.used = 0
    s.phase = ACTIVE


def _do_end(s: State, action: Action, ev: list) -> None:
    finish_turn(s, ev)


HANDLERS = {
    "play": _do_play,
    "place": _do_place,
    "roll": _do_roll,
    "end": _do_end,
}
