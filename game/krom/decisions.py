"""The decisions outside a player's own Action phase: the Movement pick, the combat-card window, counters, a Bonus card's target and resource, the steal.

Each decision lists its candidate actions; `legal_actions` keeps those its check accepts,
and `apply` refuses anything else with the check's reason (or a generic one).
"""

from __future__ import annotations

from collections.abc import Callable

from game.core import Action
from game.core.actions import interned
from game.krom.basics import (
    STEALABLE,
    _add_card,
    _has,
    _ints,
    _no_args,
    _remove_card,
    _transfer,
    _word,
    place_name,
)
from game.krom.bonus import _begin_play, _commit_play, _settle, bonus_problem, play_counter, target_problem
from game.krom.content import BONUS, PLACES, RESOURCES
from game.krom.events import DestinationPicked, Passed, StealDeclined, Stole
from game.krom.flow import _holds, _window_next
from game.krom.state import State


# -- the decisions: candidates, checks, handlers ------------------------------------------------
# Each decision lists its candidate actions; `legal_actions` keeps those its check accepts,
# and `apply` refuses anything else with the check's reason (or a generic one).

Check = Callable[[State, int, Action], "str | None"]
Handler = Callable[[State, int, Action, list], None]


def _cand_move(s: State, seat: int) -> list[Action]:
    return list(_GO)


def _legal_move(s: State, seat: int) -> list[Action]:
    """The destinations `_check_move` accepts: every place but the one the seat stands on."""
    here = s.players[seat].place
    return [a for i, a in enumerate(_GO) if i != here]


_GO = tuple(interned("go", p) for p in PLACES)


def _check_move(s: State, seat: int, a: Action) -> str | None:
    if a.kind != "go":
        return "it is the Movement phase: pick a destination (the Cave, the Forest, the Savanna or the Mountain)"
    place = _word(a, PLACES)
    if place is None:
        return "go where? The Cave, the Forest, the Savanna or the Mountain"
    here = s.players[seat].place
    if PLACES.index(place) == here:
        return f"you are in the {place_name(here)} and must move: pick another destination"
    return None


def _do_move(s: State, seat: int, a: Action, ev: list) -> None:
    picks = list(s.picks)
    picks[seat] = PLACES.index(a.args[0])
    s.picks = tuple(picks)
    ev.append(DestinationPicked(seat))


def _cand_combat(s: State, seat: int) -> list[Action]:
    return [interned("play", c) for c in s.players[seat].hand] + [interned("pass")]


def _legal_combat(s: State, seat: int) -> list[Action]:
    """The candidates `_check_combat` accepts: the combat cards in hand, then pass."""
    return [interned("play", c) for c in s.players[seat].hand if BONUS[c].timing == "combat"] + [_PASS]


_PASS = interned("pass")


def _check_combat(s: State, seat: int, a: Action) -> str | None:
    if a.kind == "pass":
        return _no_args(a)
    if a.kind != "play":
        return "the dice are rolled: play a combat card or pass"
    args = _ints(a, 1)
    if args is None:
        return "write 'play CARD' with the card's number"
    return bonus_problem(s, seat, args[0], True)


def _do_combat(s: State, seat: int, a: Action, ev: list) -> None:
    if a.kind == "pass":
        ev.append(Passed(seat))
        combat = s.combat
        s.combat = combat.but(asked=_window_next(s, combat, seat, combat.passes + 1), passes=combat.passes + 1)
    else:
        _begin_play(s, seat, a.args[0], ev)


def _cand_counter(s: State, seat: int) -> list[Action]:
    return [interned("counter"), interned("pass")]


def _legal_counter(s: State, seat: int) -> list[Action]:
    """The candidates `_check_counter` accepts: counter when holding a counter card, and pass."""
    return [_COUNTER, _PASS] if _holds(s.players[seat], "counter") else [_PASS]


_COUNTER = interned("counter")


def _check_counter(s: State, seat: int, a: Action) -> str | None:
    if a.kind == "counter" and not _holds(s.players[seat], "counter"):
        return "you hold no counter card: you can only pass"
    if a.kind in ("counter", "pass"):
        return _no_args(a)
    card = BONUS[s.play.card]
    return f"{card.name} is being played: counter it or pass"


def _do_counter(s: State, seat: int, a: Action, ev: list) -> None:
    play = s.play
    if a.kind == "pass":
        ev.append(Passed(seat))
        s.play = play.but(asked=play.asked[1:])
        if not s.play.asked:
            _settle(s, ev)
        return
    play_counter(s, seat, ev)


def _cand_target(s: State, seat: int) -> list[Action]:
    return [interned("target", t) for t in range(len(s.players)) if t != seat] + [interned("cancel")]


def _check_target(s: State, seat: int, a: Action) -> str | None:
    if a.kind == "cancel":
        return _no_args(a)
    if a.kind != "target":
        return f"choose the target of {BONUS[s.play.card].name}, or cancel"
    args = _ints(a, 1)
    if args is None:
        return "write 'target SEAT' with a seat number"
    return target_problem(s, seat, BONUS[s.play.card], args[0])


def _do_target(s: State, seat: int, a: Action, ev: list) -> None:
    if a.kind == "cancel":
        s.play = None
        return
    play = s.play.but(target=a.args[0])
    if BONUS[play.card].needs_choice:
        s.play = play.but(stage="choice")
    else:
        _commit_play(s, play, ev)


def _cand_choice(s: State, seat: int) -> list[Action]:
    return [interned("take", r) for r in RESOURCES] + [interned("cancel")]


def _check_choice(s: State, seat: int, a: Action) -> str | None:
    if a.kind == "cancel":
        return _no_args(a)
    if a.kind != "take":
        return f"choose what {BONUS[s.play.card].name} gives (Wood, Stone or Bone), or cancel"
    if _word(a, RESOURCES) is None:
        return "take Wood, Stone or Bone"
    return None  # from an empty supply the card gives nothing, but it may still be played


def _do_choice(s: State, seat: int, a: Action, ev: list) -> None:
    if a.kind == "cancel":
        s.play = None
        return
    _commit_play(s, s.play.but(choice=a.args[0]), ev)


def _cand_steal(s: State, seat: int) -> list[Action]:
    return [interned("steal", k) for k in STEALABLE] + [interned("pass")]


def _check_steal(s: State, seat: int, a: Action) -> str | None:
    victim = s.steals[0][1]
    if a.kind == "pass":
        return _no_args(a)
    if a.kind != "steal":
        return "choose what to steal from the player you stunned, or take nothing"
    kind = _word(a, STEALABLE)
    if kind is None:
        return "steal Wood, Stone, Bone, Krom or a Bonus card"
    if not _has(s.players[victim], kind):
        what = "Bonus card" if kind == "bonus" else kind.capitalize()
        return f"they have no {what} to steal"
    return None


def _do_steal(s: State, seat: int, a: Action, ev: list) -> None:
    victim = s.steals[0][1]
    s.steals = s.steals[1:]
    if a.kind == "pass":
        ev.append(StealDeclined(seat, victim))
        return
    kind = a.args[0]
    v, w = s.own(victim), s.own(seat)
    if kind == "bonus":
        card = s.rng.choice(v.hand)
        v.hand = _remove_card(v.hand, card)
        w.hand = _add_card(w.hand, card)
        ev.append(Stole(seat, victim, "bonus", 1, card))
        return
    amount = (v.krom + 1) // 2 if kind == "krom" else 1
    ev.append(Stole(seat, victim, kind, _transfer(s, victim, seat, kind, amount)))
