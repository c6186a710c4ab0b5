"""Bonus cards: whether one can be played, the target and resource choices, the counter window and the effects.

Krom's own module beside the map's (game/README.md): a Bonus card's life is one rule, whole here. Its
effect and the check that lets it be played change together (what a swap or trade card costs is checked
before it is played and paid when it resolves) and the counter stack decides whether the effect happens
at all, so `resolution` keeps the other effects and the tokens' moves this module builds on.
"""

from __future__ import annotations

from game.core import D6
from game.krom.content import BONUS, RESOURCES, BonusCard
from game.krom.events import (
    BonusCountered,
    BonusPlayed,
    CombatScoreRaised,
    Damaged,
    DiceRolled,
    KnockedOut,
    Lost,
    NothingSwapped,
    Stole,
    Transferred,
)
from game.krom.facts import HP_MAX, _has, _window_next
from game.krom.words import place_name
from game.krom.resolution import _gain, _pay, _remove_card, _transfer
from game.krom.state import Play, State


# -- Bonus cards -----------------------------------------------------------------------------


def _gain_problem(s: State, seat: int, kind: str) -> str | None:
    """Why gaining `kind` would give nothing now, if it would."""
    if kind == "choice":
        if not any(s.supply[r] for r in RESOURCES):
            return "the supply has no Wood, Stone or Bone left"
        return None
    if kind == "hp":
        return f"you already have all {HP_MAX} hit points" if s.players[seat].hp >= HP_MAX else None
    if kind == "bonus":
        return None if (s.bonus_deck or s.bonus_discard) else "no Bonus card is left to draw"
    return None if s.supply[kind] else f"the supply has no {kind.capitalize()} left"


def target_problem(s: State, seat: int, card: BonusCard, target: int) -> str | None:
    """Why `target` cannot be the target of `card` played by `seat`, or None.

    Any other player may be targeted, even one with nothing to lose (the card then does
    nothing: the rulebook forbids no card played for no effect); a steal targets a player
    in the same place as you, as its words say (RULES_NOTES)."""
    if not isinstance(target, int) or not 0 <= target < len(s.players):
        return "there is no such player"
    if target == seat:
        return "you cannot target yourself"
    if card.effect == "steal":
        here = s.players[seat].place
        if s.players[target].place != here:
            return f"they are not in the {place_name(here)} with you"  # the target's own button shows who they are
        return None
    if card.effect in ("loss", "swap"):
        return None
    return "this card takes no target"


def bonus_problem(s: State, seat: int, card_id: int, in_combat: bool) -> str | None:
    """Why `seat` cannot play Bonus card `card_id` now (in a combat window or in their Action phase), or None."""
    p = s.players[seat]
    if not isinstance(card_id, int) or card_id not in p.hand:
        return "you do not hold that Bonus card"
    card = BONUS[card_id]
    if in_combat:
        return None if card.timing == "combat" else f"{card.name} is not a combat card: only combat cards change the dice"
    if card.timing == "combat":
        return f"{card.name} is a combat card: play it after the dice of a combat you fight in"
    if card.timing == "counter":
        return f"{card.name} is a counter card: play it when another player plays a Bonus"
    turn = s.turn
    assert turn is not None, "out of combat, a Bonus card is played in its player's Action phase"
    here = turn.place
    if card.place is not None and card.place != here:
        return f"{card.name} can only be played in the {place_name(card.place)}; you are in the {place_name(here)}"
    # A card that would change nothing (a gain from an empty supply, a loss or a steal from a
    # player without any, a swap with a side missing) may still be played. What a trade makes you
    # pay is a price: it must be paid in full. A swap's side is no price but half of one exchange.
    if card.effect == "trade" and _has(p, card.pay_kind) < card.pay:
        return f"not enough {card.pay_kind.capitalize()}: {card.name} costs {card.pay}, you have {_has(p, card.pay_kind)}"
    if card.targeted and not any(target_problem(s, seat, card, t) is None for t in range(len(s.players))):
        if card.effect == "steal":
            return f"nobody else is in the {place_name(here)} with you to steal from"
        return f"no other player can be the target of {card.name} now"
    return None


def _begin_play(s: State, seat: int, card_id: int, ev: list) -> None:
    card = BONUS[card_id]
    if card.targeted:
        s.play = Play(seat, card_id, "target")
    elif card.needs_choice:
        s.play = Play(seat, card_id, "choice")
    else:
        _commit_play(s, Play(seat, card_id, "counter"), ev)


def _commit_play(s: State, play: Play, ev: list) -> None:
    """The card leaves the hand and is shown; then every other player is asked whether to counter it."""
    p = s.own(play.seat)
    p.hand = _remove_card(p.hand, play.card)
    ev.append(BonusPlayed(play.seat, play.card, play.target, play.choice))
    s.play = play.but(stage="counter", asked=_counter_askers(s, play.seat))
    if s.combat is not None:
        s.combat = s.combat.but(passes=0)
    if not s.play.asked:
        _settle(s, ev)


def _counter_askers(s: State, player: int) -> tuple[int, ...]:
    """Every other player, in seat order after `player` (whose card is now open to counters), whatever
    their hand holds: one without a counter card can only pass, and who is asked shows no hidden card."""
    n = len(s.players)
    return tuple((player + k) % n for k in range(1, n))


def play_counter(s: State, seat: int, ev: list) -> None:
    """`seat` answers the card on top of the stack with a counter card, itself a Bonus card the others may counter."""
    play = s.play
    assert play is not None, "a counter card answers a Bonus card being played"
    p = s.own(seat)
    counter = next(c for c in p.hand if BONUS[c].timing == "counter")
    p.hand = _remove_card(p.hand, counter)
    top_seat = play.counters[-1][0] if play.counters else play.seat
    ev.append(BonusPlayed(seat, counter, top_seat))
    s.play = play.but(counters=play.counters + ((seat, counter),), asked=_counter_askers(s, seat))
    if not s.play.asked:
        _settle(s, ev)


def _settle(s: State, ev: list) -> None:
    """Nobody (more) counters the card on top: it takes effect, and a counter card cancels the card beneath it.

    Once a counter card has cancelled another counter card, the card beneath those two is
    on top again and everyone else is asked about it afresh.
    """
    while True:
        play = s.play
        assert play is not None, "a Bonus card is being played"
        if not play.counters:
            _resolve_play(s, ev)
            return
        by, counter = play.counters[-1]
        below = play.counters[:-1]
        seat, card = below[-1] if below else (play.seat, play.card)
        ev.append(BonusCountered(seat, card, by, counter))
        s.bonus_discard = s.bonus_discard + (card, counter)
        if not below:
            _after_play(s, play.seat)
            return
        rest = below[:-1]
        top = rest[-1][0] if rest else play.seat
        s.play = play = play.but(counters=rest, asked=_counter_askers(s, top))
        if play.asked:
            return


def _after_play(s: State, seat: int) -> None:
    s.play = None
    if s.combat is not None:
        s.combat = s.combat.but(asked=_window_next(s, s.combat, seat, 0), passes=0)


def _resolve_play(s: State, ev: list) -> None:
    play = s.play
    assert play is not None, "a Bonus card is being played"
    card = BONUS[play.card]
    s.bonus_discard = s.bonus_discard + (play.card,)
    seat, target = play.seat, play.target
    effect = card.effect
    if effect in ("dice", "add"):
        if effect == "dice":
            faces = tuple(s.rng.roll(D6) for _ in range(card.amount))
            ev.append(DiceRolled(seat, "combat card", faces))
            amount = sum(faces)
        else:
            amount = card.amount
        combat = s.combat
        assert combat is not None, "a combat card is played in a combat"
        scores = tuple(sc + amount if f == seat else sc for f, sc in zip(combat.fighters, combat.scores))
        s.combat = combat = combat.but(scores=scores)
        ev.append(CombatScoreRaised(seat, amount, combat.score_of(seat)))
    elif effect == "gain":
        _gain(s, seat, play.choice or card.kind, card.amount, ev)
    elif effect == "trade":
        _pay(s, seat, card.pay_kind, card.pay, ev)
        _gain(s, seat, play.choice or card.kind, card.amount, ev)
    elif effect == "loss":
        assert target is not None, "a loss card has its target"
        who = s.own(target)
        if card.kind == "hp":
            _hurt_by_bonus(s, target, card.amount, ev)
        else:
            n = min(card.amount, getattr(who, card.kind))
            setattr(who, card.kind, getattr(who, card.kind) - n)
            s.supply[card.kind] += n
            ev.append(Lost(target, card.kind, n))
    elif effect == "steal":
        assert target is not None, "a steal card has its target"
        ev.append(Stole(seat, target, card.kind, _transfer(s, target, seat, card.kind, card.amount)))
    elif effect == "swap":
        assert target is not None, "a swap card has its target"
        _swap(s, seat, target, card, ev)
    _after_play(s, seat)


def swap_short(s: State, seat: int, target: int, card: BonusCard) -> tuple[int, str, int] | None:
    """The side of a swap between `seat` and `target` that cannot be given in full now, as (who, kind, amount), or None."""
    sides = ((seat, card.give_kind, card.give), (target, card.take_kind, card.take))
    return next(((who, kind, n) for who, kind, n in sides if _has(s.players[who], kind) < n), None)


def _swap(s: State, seat: int, target: int, card: BonusCard, ev: list) -> None:
    """"Swap Y ... with X ... from the targeted player": one exchange, both sides in full or nothing at all."""
    short = swap_short(s, seat, target, card)
    if short is not None:
        ev.append(NothingSwapped(seat, target, *short))
        return
    ev.append(Transferred(seat, target, card.give_kind, _transfer(s, seat, target, card.give_kind, card.give)))
    ev.append(Transferred(target, seat, card.take_kind, _transfer(s, target, seat, card.take_kind, card.take)))


def _hurt_by_bonus(s: State, target: int, amount: int, ev: list) -> None:
    """A Bonus card's hit-point loss: down to 0 it stuns, with no combat winner, so nobody steals and the trophy stays."""
    who = s.own(target)
    n = min(amount, who.hp)
    who.hp -= n
    ev.append(Damaged(target, n, who.hp, "bonus"))
    if n and who.hp == 0:  # a player already stunned loses nothing more
        who.stunned = True
        ev.append(KnockedOut(target))
        s.order = tuple(seat for seat in s.order if seat != target)
