"""Effects: what an action does to the state once it is taken. Tokens and cards moving between the
supply, the decks and the players (paying, drawing, gaining, taking), the win it may bring, a combat's
resolution (damage, stuns, the Kromosaurus and its trophy, who steals from whom) and the places'
effects (drawing a Picking card, a hunt, rolling the Mountain dice, realizing an Evolution).

The Bonus cards' effects stay in Krom's own module `bonus`, with the rest of a card's life (whether it
can be played, its target or resource, the counter stack that decides whether it takes effect at
all): a card's effect and the check that lets it be played change together (a swap card's price and
what it takes), and the stack calls the effect, so one file holds one card rule whole. `bonus` builds
on the helpers here.
"""

from __future__ import annotations

from game.core import D6
from game.krom.content import EVOLUTIONS, HUNTING, PICKING, RULES
from game.krom.events import (
    BonusDrawn,
    CombatWon,
    Damaged,
    DeckShuffled,
    DiceRolled,
    EvolutionRealized,
    EvolutionRevealed,
    Gained,
    GameOver,
    Healed,
    Hunted,
    HuntingRevealed,
    KnockedOut,
    KromosaurusDefeated,
    Paid,
    PickingDrawn,
    TrophyTaken,
)
from game.krom.facts import HP_MAX, fight_ranking, points, target_points
from game.krom.state import DINO, State, Turn
from game.krom.words import end_reason


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


def _finish_combat(s: State, ev: list) -> None:
    combat, s.combat = s.combat, None
    assert combat is not None, "a combat is being fought"
    ranking = fight_ranking(s, combat)
    winner = ranking[0]
    top = combat.score_of(winner)
    ev.append(CombatWon(combat.place, tuple(ranking), tuple(combat.score_of(f) for f in ranking)))
    steals = []
    for f in ranking[1:]:
        damage = top - combat.score_of(f)
        if damage <= 0:
            continue
        if f == DINO:
            s.dino_hp = max(0, s.dino_hp - damage)
            ev.append(Damaged(DINO, damage, s.dino_hp, "combat"))
            if s.dino_hp == 0:
                s.dino_place = -1
                s.trophy = winner
                ev.append(KromosaurusDefeated(winner))
                _check_win(s, winner, ev)
            continue
        p = s.own(f)
        p.hp = max(0, p.hp - damage)
        ev.append(Damaged(f, damage, p.hp, "combat"))
        if p.hp == 0:
            p.stunned = True
            ev.append(KnockedOut(f))
            if winner != DINO:
                steals.append((winner, f))
                if s.trophy == f:
                    s.trophy = winner
                    ev.append(TrophyTaken(winner, f))
                    _check_win(s, winner, ev)
    s.steals = tuple(steals)
    s.order = tuple(f for f in ranking if f != DINO and not s.players[f].stunned)


def _roll_mountain(s: State, seat: int, dice: tuple[int, ...], kept: tuple[int, ...], ev: list) -> tuple[int, ...]:
    new = tuple(d if i in kept else s.rng.roll(D6) for i, d in enumerate(dice))
    ev.append(DiceRolled(seat, "mountain", new))
    return new


def _pick(s: State, seat: int, t: Turn, ev: list) -> None:
    cost = RULES.pick_costs[t.picks]
    if cost:
        _pay(s, seat, "krom", cost, ev)
    card = _draw(s, "picking", ev)
    assert card is not None, "a Picking card is drawn only while the deck or its discard pile holds one"
    ev.append(PickingDrawn(seat, card, cost))
    _gain_bundle(s, seat, PICKING[card].reward, ev)
    s.picking_discard = s.picking_discard + (card,)
    s.turn = t.but(picks=t.picks + 1)


def _hunt(s: State, seat: int, t: Turn, slot: int, extra: int, ev: list) -> None:
    cost = RULES.extra_dice_costs[extra]
    if cost:
        _pay(s, seat, "krom", cost, ev)
    card_id = s.hunting_row[slot]
    card = HUNTING[card_id]
    faces = tuple(s.rng.roll(D6) for _ in range(card.dice + extra))
    ev.append(DiceRolled(seat, "hunt", faces))
    total = sum(faces)
    caught = total >= card.value
    ev.append(Hunted(seat, slot, card_id, total, caught))
    s.turn = t.but(hunted=True)
    if not caught:
        return
    _gain_bundle(s, seat, card.reward, ev)
    s.hunting_discard = s.hunting_discard + (card_id,)
    new = _draw(s, "hunting", ev)
    row = list(s.hunting_row)
    row[slot] = -1 if new is None else new
    s.hunting_row = tuple(row)
    if new is not None:
        ev.append(HuntingRevealed(slot, new))


def _realize(s: State, seat: int, slot: int, ev: list) -> None:
    card_id = s.evolution_row[slot]
    card = EVOLUTIONS[card_id]
    for kind, amount in card.cost:
        _pay(s, seat, kind, amount, ev)
    p = s.own(seat)
    p.evolutions = p.evolutions + (card_id,)
    ev.append(EvolutionRealized(seat, card_id, points(s, seat)))
    row = list(s.evolution_row)
    if s.evolution_deck:
        row[slot], s.evolution_deck = s.evolution_deck[0], s.evolution_deck[1:]
        ev.append(EvolutionRevealed(slot, row[slot]))
    else:
        row[slot] = -1
    s.evolution_row = tuple(row)
    _check_win(s, seat, ev)
