"""Moving the game on until someone must decide: the reveal, combats and their steals, Action phases in place order, the end of a round."""

from __future__ import annotations


from game.core import D6
from game.krom.basics import DINO_PLACE_NAMES, HP_MAX, STEALABLE, _check_win, _has
from game.krom.content import BONUS, CAVE, CHARACTER_BY_ID, MOUNTAIN, PLACES, RULES, heaviest_wins
from game.krom.events import (
    ActionPhaseStarted,
    CombatStarted,
    CombatWon,
    DestinationsRevealed,
    DiceRolled,
    Damaged,
    Healed,
    KnockedOut,
    Moved,
    KromosaurusDefeated,
    KromosaurusMoved,
    NothingToSteal,
    RoundStarted,
    TrophyTaken,
)
from game.krom.state import DINO, Combat, Player, State, Turn


# -- moving the game on until someone must decide ---------------------------------------------


def _advance(s: State, ev: list) -> None:
    while True:
        if s.winner is not None:
            s.phase, s.to_move = "over", None
            return
        if s.phase == "move":
            seat = next((i for i, pick in enumerate(s.picks) if pick is None), None)
            if seat is not None:
                s.to_move = seat
                return
            _reveal(s, ev)
            continue
        if s.play is not None:
            s.to_move = s.play.asked[0] if s.play.stage == "counter" else s.play.seat
            return
        if s.combat is not None:
            if s.combat.asked is not None:
                s.to_move = s.combat.asked
                return
            _finish_combat(s, ev)
            continue
        if s.steals:
            thief, victim = s.steals[0]
            if steal_options(s, victim):
                s.to_move = thief
                return
            ev.append(NothingToSteal(thief, victim))
            s.steals = s.steals[1:]
            continue
        if s.turn is not None:
            s.to_move = s.turn.seat
            return
        if s.order:
            seat, s.order = s.order[0], s.order[1:]
            _start_turn(s, seat, ev)
            continue
        if s.place < MOUNTAIN:
            s.place += 1
            _enter_place(s, ev)
            continue
        _end_round(s, ev)


def _reveal(s: State, ev: list) -> None:
    places = tuple(s.picks)
    ev.append(DestinationsRevealed(places))
    for seat, place in enumerate(places):
        p = s.own(seat)
        ev.append(Moved(seat, (p.place, place)))
        p.place = place
    if s.dino_hp > 0:
        s.dino_place = PLACES.index(s.rng.choice(DINO_PLACE_NAMES))
        ev.append(KromosaurusMoved(s.dino_place))
    s.picks = (None,) * len(s.players)
    s.phase, s.place, s.order = "places", -1, ()


def fighters_at(s: State, place: int) -> list[int]:
    """Who would fight in `place`: the players standing there and not stunned, in seat order, then the Kromosaurus if it is there."""
    seats = [i for i, p in enumerate(s.players) if p.place == place and not p.stunned]
    if not seats:
        return []
    return seats + ([DINO] if s.dino_hp > 0 and s.dino_place == place else [])


def _enter_place(s: State, ev: list) -> None:
    fighters = fighters_at(s, s.place)
    if not fighters:
        return
    seats = [f for f in fighters if f != DINO]
    if len(fighters) == 1:
        s.order = (seats[0],)
        return
    ev.append(CombatStarted(s.place, tuple(fighters)))
    scores = []
    for f in fighters:
        face = s.rng.roll(D6)
        bonus = RULES.dino_die_bonus if f == DINO else 0
        scores.append(face + bonus)
        ev.append(DiceRolled(f, "combat", (face,), bonus))
    combat = Combat(s.place, tuple(fighters), tuple(scores))
    s.combat = combat.but(asked=_window_next(s, combat, None, 0))


def _holds(p: Player, timing: str) -> bool:
    return any(BONUS[c].timing == timing for c in p.hand)


def _window_next(s: State, combat: Combat, after: int | None, passes: int) -> int | None:
    """The next fighter to ask for a combat card after `after`; None once every fighter passed in a row.

    Every player fighting is asked, whatever their hand holds (one without a combat card can
    only pass): who is asked never shows what a hidden hand holds (RULES_NOTES)."""
    involved = [f for f in combat.fighters if f != DINO]
    if passes >= len(involved):
        return None
    start = 0 if after is None else involved.index(after) + 1
    return involved[start % len(involved)]


def fight_ranking(state: State, combat: Combat) -> list[int]:
    """Fighters from first to last: highest score first, ties to the heaviest in the Cave and Savanna, the lightest elsewhere."""
    heavy = heaviest_wins(combat.place)

    def weight(f: int) -> int:
        w = RULES.dino_weight if f == DINO else CHARACTER_BY_ID[state.players[f].character].weight
        return -w if heavy else w

    return sorted(combat.fighters, key=lambda f: (-combat.score_of(f), weight(f)))


def _finish_combat(s: State, ev: list) -> None:
    combat, s.combat = s.combat, None
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


def steal_options(state: State, victim: int) -> list[str]:
    """What a combat winner may steal from a stunned `victim`: wood, stone, bone, krom (half, rounded up), bonus (one at random)."""
    p = state.players[victim]
    return [k for k in STEALABLE if _has(p, k) > 0]


def _start_turn(s: State, seat: int, ev: list) -> None:
    p = s.players[seat]
    ev.append(ActionPhaseStarted(seat, p.place))
    if s.setup.glacial:
        if p.place == CAVE:
            new_hp = min(HP_MAX, p.hp + RULES.glacial_cave)
        else:
            new_hp = max(min(p.hp, 1), p.hp + RULES.glacial_outside)
        if new_hp != p.hp:
            change = new_hp - p.hp
            ev.append(Healed(seat, change, new_hp, "fire") if change > 0 else Damaged(seat, -change, new_hp, "cold"))
            s.own(seat).hp = new_hp
    s.turn = Turn(seat, p.place)


def _end_round(s: State, ev: list) -> None:
    s.round += 1
    s.phase, s.place, s.order = "move", -1, ()
    s.picks = (None,) * len(s.players)
    ev.append(RoundStarted(s.round))
    for seat, p in enumerate(s.players):
        if p.stunned:
            ev.append(Healed(seat, HP_MAX - p.hp, HP_MAX, "recovered"))
            p = s.own(seat)
            p.stunned, p.hp = False, HP_MAX
