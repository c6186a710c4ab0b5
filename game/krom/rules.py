"""The rules of Krom: Evolution: setting up, the decision to take now, its legal actions, and applying one.

A round is a Movement phase (each seat in turn makes a hidden pick, then all picks are
revealed together) followed by the Action phases, place by place (Cave, Forest,
Savanna, Mountain); several fighters in one place fight first. Every choice in the
middle of a resolution is a pending decision; `decision(state)` names it:

| decision | who decides                  | actions                                                  |
| -------- | ---------------------------- | -------------------------------------------------------- |
| move     | each seat in turn            | go cave / go forest / go savanna / go mountain           |
| combat   | each fighter with a combat card, in seat order, until all pass in a row | play CARD, pass |
| counter  | each other player holding a counter card, in seat order after the player | counter, pass |
| target   | the player of a targeted Bonus | target SEAT, cancel                                     |
| choice   | the player of a "choice" Bonus | take wood / take stone / take bone, cancel              |
| steal    | the combat winner, per stunned loser | steal wood / stone / bone / krom / bonus           |
| main     | the player in their Action phase | rest, buy wood|stone|bone|bonus|hp (Cave); shuffle, pick (Forest); hunt SLOT EXTRA (Savanna); climb (Mountain); realize SLOT; play CARD; end |
| climb    | the climber                  | keep DIE, free DIE, reroll, stop                         |
| reward   | the climber                  | reward stone / reward bonus (full house, four of a kind) |

Slots (Hunting and Evolution cards face up) and dice are numbered from 0; CARD is a
Bonus card id (game.krom.content.BONUS); SEAT is a seat number.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Callable

from game.core import D6, Action, IllegalAction, Outcome, Rng
from game.krom.content import (
    BONUS,
    CAVE,
    CHARACTER_BY_ID,
    CHARACTERS,
    EVOLUTIONS,
    FOREST,
    HUNTING,
    MOUNTAIN,
    PICKING,
    PLACES,
    RESOURCES,
    RULES,
    SAVANNA,
    TOTAL_TOKENS,
    BonusCard,
    reward_label,
)
from game.krom.events import (
    ActionPhaseEnded,
    ActionPhaseStarted,
    BonusCountered,
    BonusDrawn,
    BonusPlayed,
    Bought,
    CombatScoreRaised,
    CombatStarted,
    CombatWon,
    DeckShuffled,
    DestinationPicked,
    DestinationsRevealed,
    DiceRolled,
    EvolutionRealized,
    EvolutionRevealed,
    Frozen,
    Gained,
    GameWon,
    Hunted,
    HuntingRevealed,
    Hurt,
    KromosaurusDefeated,
    KromosaurusMoved,
    Lost,
    MountainScored,
    NothingToSteal,
    Paid,
    Passed,
    PickingDrawn,
    Recovered,
    Rested,
    RoundStarted,
    Stole,
    Stunned,
    TrophyTaken,
    Transferred,
)
from game.krom.state import DINO, Combat, Play, Player, Setup, State, Turn

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


def mountain_combination(dice) -> str:
    """The best combination five dice show: "five", "four", "full_house", "three", "two_pairs", "pair", "straight" or ""."""
    counts = sorted(Counter(dice).values(), reverse=True)
    if counts[0] == 5:
        return "five"
    if counts[0] == 4:
        return "four"
    if counts[0] == 3:
        return "full_house" if counts[1] == 2 else "three"
    if counts[0] == 2:
        return "two_pairs" if counts[1] == 2 else "pair"
    ordered = sorted(dice)
    if ordered == list(range(ordered[0], ordered[0] + 5)):
        return "straight"
    return ""


def _name(state: State, seat: int) -> str:
    if seat == DINO:
        return RULES.dino_name
    return CHARACTER_BY_ID[state.players[seat].character].name


# -- setting up ----------------------------------------------------------------------------


def new_game(setup: Setup, seed: int) -> State:
    """Shuffle the decks, lay out 4 Hunting and 4 Evolution cards, give everyone 7 hit points, 5 Krom and 1 Bonus, all in the Cave."""
    if not isinstance(setup, Setup):
        raise TypeError(f"new_game needs a krom Setup, got {type(setup).__name__}")
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


def decision(state: State) -> str:
    """Which decision is pending: over, move, combat, counter, target, choice, steal, climb, reward or main."""
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


def outcome(state: State) -> Outcome | None:
    if state.winner is None:
        return None
    return Outcome((state.winner,), f"{_name(state, state.winner)} reached {points(state, state.winner)} Evolution points first")


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
    p = s.players[seat]
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
    p = s.players[seat]
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
    else:
        got = min(amount, s.supply[kind])
        s.supply[kind] -= got
        setattr(p, kind, getattr(p, kind) + got)
    ev.append(Gained(seat, kind, got))


def _gain_bundle(s: State, seat: int, bundle, ev: list) -> None:
    for kind, amount in bundle:
        _gain(s, seat, kind, amount, ev)


def _transfer(s: State, giver: int, taker: int, kind: str, amount: int) -> int:
    a, b = s.players[giver], s.players[taker]
    n = min(amount, getattr(a, kind))
    setattr(a, kind, getattr(a, kind) - n)
    setattr(b, kind, getattr(b, kind) + n)
    return n


def _check_win(s: State, seat: int, ev: list) -> None:
    total = points(s, seat)
    if s.winner is None and total >= target_points(s.setup):
        s.winner = seat
        ev.append(GameWon(seat, total))


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
    for p, place in zip(s.players, places):
        p.place = place
    ev.append(DestinationsRevealed(places))
    if s.dino_hp > 0:
        s.dino_place = PLACES.index(s.rng.choice(DINO_PLACE_NAMES))
        ev.append(KromosaurusMoved(s.dino_place))
    s.picks = (None,) * len(s.players)
    s.phase, s.place, s.order = "places", -1, ()


def _enter_place(s: State, ev: list) -> None:
    seats = [i for i, p in enumerate(s.players) if p.place == s.place and not p.stunned]
    if not seats:
        return
    fighters = seats + ([DINO] if s.dino_hp > 0 and s.dino_place == s.place else [])
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
    s.combat = replace(combat, asked=_window_next(s, combat, None, 0))


def _holds(p: Player, timing: str) -> bool:
    return any(BONUS[c].timing == timing for c in p.hand)


def _window_next(s: State, combat: Combat, after: int | None, passes: int) -> int | None:
    """The next fighter to ask for a combat card after `after`; None once all who could play passed in a row."""
    involved = [f for f in combat.fighters if f != DINO]
    eligible = [f for f in involved if _holds(s.players[f], "combat")]
    if not eligible or passes >= len(eligible):
        return None
    start = 0 if after is None else involved.index(after) + 1
    for k in range(len(involved)):
        f = involved[(start + k) % len(involved)]
        if f in eligible:
            return f
    return None  # unreachable: eligible is not empty


def fight_ranking(state: State, combat: Combat) -> list[int]:
    """Fighters from first to last: highest score first, ties to the heaviest in the Cave and Savanna, the lightest elsewhere."""
    heavy = combat.place in (CAVE, SAVANNA)

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
            ev.append(Hurt(DINO, damage, s.dino_hp))
            if s.dino_hp == 0:
                s.dino_place = -1
                s.trophy = winner
                ev.append(KromosaurusDefeated(winner))
                _check_win(s, winner, ev)
            continue
        p = s.players[f]
        p.hp = max(0, p.hp - damage)
        ev.append(Hurt(f, damage, p.hp))
        if p.hp == 0:
            p.stunned = True
            ev.append(Stunned(f))
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
            ev.append(Frozen(seat, new_hp - p.hp, new_hp))
            p.hp = new_hp
    s.turn = Turn(seat, p.place)


def _end_round(s: State, ev: list) -> None:
    s.round += 1
    s.phase, s.place, s.order = "move", -1, ()
    s.picks = (None,) * len(s.players)
    ev.append(RoundStarted(s.round))
    for seat, p in enumerate(s.players):
        if p.stunned:
            p.stunned, p.hp = False, HP_MAX
            ev.append(Recovered(seat, HP_MAX))


# -- argument reading ------------------------------------------------------------------------


def _word(a: Action, choices) -> str | None:
    if len(a.args) == 1 and a.args[0] in choices:
        return a.args[0]
    return None


def _ints(a: Action, count: int) -> tuple[int, ...] | None:
    if len(a.args) == count and all(isinstance(x, int) for x in a.args):
        return a.args
    return None


def _no_args(a: Action) -> str | None:
    return None if not a.args else f"'{a.kind}' takes no argument"


# -- Bonus cards -----------------------------------------------------------------------------


def _gain_problem(s: State, seat: int, kind: str) -> str | None:
    """Why gaining `kind` would give nothing now, if it would."""
    if kind == "choice":
        if not any(s.supply[r] for r in RESOURCES):
            return "the supply has no Wood, Stone or Bone left"
        return None
    if kind == "hp":
        return "your hit points are already at 7" if s.players[seat].hp >= HP_MAX else None
    if kind == "bonus":
        return None if (s.bonus_deck or s.bonus_discard) else "no Bonus card is left to draw"
    return None if s.supply[kind] else f"the supply has no {kind.capitalize()} left"


def target_problem(s: State, seat: int, card: BonusCard, target: int) -> str | None:
    """Why `target` cannot be the target of `card` played by `seat`, or None."""
    if not isinstance(target, int) or not 0 <= target < len(s.players):
        return f"there is no seat {target}"
    if target == seat:
        return "you cannot target yourself"
    who = s.players[target]
    name = _name(s, target)
    if card.effect == "loss":
        if card.kind == "hp":
            return None if who.hp >= 2 else f"{name} has no hit point to spare (a Bonus never takes the last one)"
        return None if _has(who, card.kind) else f"{name} has no {card.kind.capitalize()} to lose"
    if card.effect == "steal":
        here = s.players[seat].place
        if who.place != here:
            return f"{name} is not in the {place_name(here)} with you"
        return None if _has(who, card.kind) else f"{name} has no {card.kind.capitalize()} to steal"
    if card.effect == "swap":
        return None if _has(who, card.take_kind) >= card.take else f"{name} does not have {card.take} {card.take_kind.capitalize()}"
    return "this card takes no target"


def bonus_problem(s: State, seat: int, card_id: int, in_combat: bool) -> str | None:
    """Why `seat` cannot play Bonus card `card_id` now (in a combat window or in their Action phase), or None."""
    p = s.players[seat]
    if not isinstance(card_id, int) or card_id not in p.hand:
        return f"you do not hold the Bonus card {card_id}"
    card = BONUS[card_id]
    if in_combat:
        return None if card.timing == "combat" else f"{card.name} is not a combat card: only combat cards change the dice"
    if card.timing == "combat":
        return f"{card.name} is a combat card: play it after the dice of a combat you fight in"
    if card.timing == "counter":
        return f"{card.name} is a counter card: play it when another player plays a Bonus"
    here = s.turn.place
    if card.place is not None and card.place != here:
        return f"{card.name} can only be played in the {place_name(card.place)}; you are in the {place_name(here)}"
    if card.effect == "gain":
        return _gain_problem(s, seat, card.kind)
    if card.effect == "trade":
        if _has(p, card.pay_kind) < card.pay:
            return f"not enough {card.pay_kind.capitalize()}: {card.name} costs {card.pay}, you have {_has(p, card.pay_kind)}"
        return _gain_problem(s, seat, card.kind)
    if card.effect == "swap" and _has(p, card.give_kind) < card.give:
        return f"not enough {card.give_kind.capitalize()}: {card.name} gives {card.give}, you have {_has(p, card.give_kind)}"
    if card.targeted and not any(target_problem(s, seat, card, t) is None for t in range(len(s.players))):
        if card.effect == "steal":
            return f"no player in the {place_name(here)} with you has {card.kind.capitalize()} to steal"
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
    """The card leaves the hand and is shown; then every other player holding a counter card may answer."""
    p = s.players[play.seat]
    p.hand = _remove_card(p.hand, play.card)
    ev.append(BonusPlayed(play.seat, play.card, play.target, play.choice))
    n = len(s.players)
    askers = tuple(
        seat for seat in ((play.seat + k) % n for k in range(1, n)) if _holds(s.players[seat], "counter")
    )
    s.play = replace(play, stage="counter", asked=askers)
    if s.combat is not None:
        s.combat = replace(s.combat, passes=0)
    if not askers:
        _resolve_play(s, ev)


def _after_play(s: State, seat: int) -> None:
    s.play = None
    if s.combat is not None:
        s.combat = replace(s.combat, asked=_window_next(s, s.combat, seat, 0), passes=0)


def _resolve_play(s: State, ev: list) -> None:
    play = s.play
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
        scores = tuple(sc + amount if f == seat else sc for f, sc in zip(combat.fighters, combat.scores))
        s.combat = replace(combat, scores=scores)
        ev.append(CombatScoreRaised(seat, amount, s.combat.score_of(seat)))
    elif effect == "gain":
        _gain(s, seat, play.choice or card.kind, card.amount, ev)
    elif effect == "trade":
        _pay(s, seat, card.pay_kind, card.pay, ev)
        _gain(s, seat, play.choice or card.kind, card.amount, ev)
    elif effect == "loss":
        who = s.players[target]
        if card.kind == "hp":
            n = min(card.amount, who.hp - 1)
            who.hp -= n
        else:
            n = min(card.amount, getattr(who, card.kind))
            setattr(who, card.kind, getattr(who, card.kind) - n)
            s.supply[card.kind] += n
        ev.append(Lost(target, card.kind, n))
    elif effect == "steal":
        ev.append(Stole(seat, target, card.kind, _transfer(s, target, seat, card.kind, card.amount)))
    elif effect == "swap":
        ev.append(Transferred(seat, target, card.give_kind, _transfer(s, seat, target, card.give_kind, card.give)))
        ev.append(Transferred(target, seat, card.take_kind, _transfer(s, target, seat, card.take_kind, card.take)))
    _after_play(s, seat)


# -- the decisions: candidates, checks, handlers ------------------------------------------------
# Each decision lists its candidate actions; `legal_actions` keeps those its check accepts,
# and `apply` refuses anything else with the check's reason (or a generic one).

Check = Callable[[State, int, Action], "str | None"]
Handler = Callable[[State, int, Action, list], None]


def _cand_move(s: State, seat: int) -> list[Action]:
    return [Action("go", (p,)) for p in PLACES]


def _check_move(s: State, seat: int, a: Action) -> str | None:
    if a.kind != "go":
        return "it is the Movement phase: pick a destination with 'go cave', 'go forest', 'go savanna' or 'go mountain'"
    place = _word(a, PLACES)
    if place is None:
        return "go where? cave, forest, savanna or mountain"
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
    return [Action("play", (c,)) for c in s.players[seat].hand] + [Action("pass")]


def _check_combat(s: State, seat: int, a: Action) -> str | None:
    if a.kind == "pass":
        return _no_args(a)
    if a.kind != "play":
        return "the dice are rolled: play a combat card ('play CARD') or 'pass'"
    args = _ints(a, 1)
    if args is None:
        return "write 'play CARD' with the card's number"
    return bonus_problem(s, seat, args[0], True)


def _do_combat(s: State, seat: int, a: Action, ev: list) -> None:
    if a.kind == "pass":
        ev.append(Passed(seat))
        combat = s.combat
        s.combat = replace(combat, asked=_window_next(s, combat, seat, combat.passes + 1), passes=combat.passes + 1)
    else:
        _begin_play(s, seat, a.args[0], ev)


def _cand_counter(s: State, seat: int) -> list[Action]:
    return [Action("counter"), Action("pass")]


def _check_counter(s: State, seat: int, a: Action) -> str | None:
    if a.kind in ("counter", "pass"):
        return _no_args(a)
    card = BONUS[s.play.card]
    return f"{_name(s, s.play.seat)} plays {card.name}: 'counter' it or 'pass'"


def _do_counter(s: State, seat: int, a: Action, ev: list) -> None:
    play = s.play
    if a.kind == "pass":
        ev.append(Passed(seat))
        s.play = replace(play, asked=play.asked[1:])
        if not s.play.asked:
            _resolve_play(s, ev)
        return
    p = s.players[seat]
    counter = next(c for c in p.hand if BONUS[c].timing == "counter")
    p.hand = _remove_card(p.hand, counter)
    s.bonus_discard = s.bonus_discard + (play.card, counter)
    ev.append(BonusCountered(play.seat, play.card, seat, counter))
    _after_play(s, play.seat)


def _cand_target(s: State, seat: int) -> list[Action]:
    return [Action("target", (t,)) for t in range(len(s.players)) if t != seat] + [Action("cancel")]


def _check_target(s: State, seat: int, a: Action) -> str | None:
    if a.kind == "cancel":
        return _no_args(a)
    if a.kind != "target":
        return f"choose the target of {BONUS[s.play.card].name} ('target SEAT') or 'cancel'"
    args = _ints(a, 1)
    if args is None:
        return "write 'target SEAT' with a seat number"
    return target_problem(s, seat, BONUS[s.play.card], args[0])


def _do_target(s: State, seat: int, a: Action, ev: list) -> None:
    if a.kind == "cancel":
        s.play = None
        return
    play = replace(s.play, target=a.args[0])
    if BONUS[play.card].needs_choice:
        s.play = replace(play, stage="choice")
    else:
        _commit_play(s, play, ev)


def _cand_choice(s: State, seat: int) -> list[Action]:
    return [Action("take", (r,)) for r in RESOURCES] + [Action("cancel")]


def _check_choice(s: State, seat: int, a: Action) -> str | None:
    if a.kind == "cancel":
        return _no_args(a)
    if a.kind != "take":
        return f"choose what {BONUS[s.play.card].name} gives: 'take wood', 'take stone', 'take bone' or 'cancel'"
    kind = _word(a, RESOURCES)
    if kind is None:
        return "take wood, stone or bone"
    return None if s.supply[kind] else f"the supply has no {kind.capitalize()} left"


def _do_choice(s: State, seat: int, a: Action, ev: list) -> None:
    if a.kind == "cancel":
        s.play = None
        return
    _commit_play(s, replace(s.play, choice=a.args[0]), ev)


def _cand_steal(s: State, seat: int) -> list[Action]:
    return [Action("steal", (k,)) for k in STEALABLE]


def _check_steal(s: State, seat: int, a: Action) -> str | None:
    victim = s.steals[0][1]
    if a.kind != "steal":
        return f"you stunned {_name(s, victim)}: choose what to steal ('steal wood|stone|bone|krom|bonus')"
    kind = _word(a, STEALABLE)
    if kind is None:
        return "steal wood, stone, bone, krom or bonus"
    if not _has(s.players[victim], kind):
        what = "Bonus card" if kind == "bonus" else kind.capitalize()
        return f"{_name(s, victim)} has no {what} to steal"
    return None


def _do_steal(s: State, seat: int, a: Action, ev: list) -> None:
    victim = s.steals[0][1]
    s.steals = s.steals[1:]
    kind = a.args[0]
    v, w = s.players[victim], s.players[seat]
    if kind == "bonus":
        card = s.rng.choice(v.hand)
        v.hand = _remove_card(v.hand, card)
        w.hand = _add_card(w.hand, card)
        ev.append(Stole(seat, victim, "bonus", 1, card))
        return
    amount = (v.krom + 1) // 2 if kind == "krom" else 1
    ev.append(Stole(seat, victim, kind, _transfer(s, victim, seat, kind, amount)))


def _cand_climb(s: State, seat: int) -> list[Action]:
    t = s.turn
    out = [Action("free" if i in t.kept else "keep", (i,)) for i in range(len(t.dice))]
    return out + [Action("reroll"), Action("stop")]


def reroll_cost(state: State) -> int | None:
    """The price of the next Mountain reroll, or None when the four rerolls are used (or nobody climbs)."""
    t = state.turn
    if t is None or t.climb != "rolling" or t.rerolls >= len(RULES.reroll_costs):
        return None
    return RULES.reroll_costs[t.rerolls]


def _check_climb(s: State, seat: int, a: Action) -> str | None:
    t = s.turn
    if a.kind in ("keep", "free"):
        args = _ints(a, 1)
        if args is None or not 0 <= args[0] < len(t.dice):
            return f"'{a.kind} DIE' takes a die number from 0 to {len(t.dice) - 1}"
        kept = args[0] in t.kept
        if a.kind == "keep" and kept:
            return f"die {args[0]} is already kept"
        if a.kind == "free" and not kept:
            return f"die {args[0]} is not kept"
        return None
    if a.kind == "reroll":
        cost = reroll_cost(s)
        if cost is None:
            return "no reroll left: four at most"
        if len(t.kept) == len(t.dice):
            return "every die is kept: free one to reroll it"
        if s.players[seat].krom < cost:
            return f"not enough Krom: this reroll costs {cost}, you have {s.players[seat].krom}"
        return _no_args(a)
    if a.kind == "stop":
        return _no_args(a)
    return "you are climbing: 'keep DIE', 'free DIE', 'reroll' or 'stop' to take your reward"


def _do_climb(s: State, seat: int, a: Action, ev: list) -> None:
    t = s.turn
    if a.kind == "keep":
        s.turn = replace(t, kept=tuple(sorted(t.kept + (a.args[0],))))
    elif a.kind == "free":
        s.turn = replace(t, kept=tuple(i for i in t.kept if i != a.args[0]))
    elif a.kind == "reroll":
        _pay(s, seat, "krom", RULES.reroll_costs[t.rerolls], ev)
        s.turn = replace(t, dice=_roll_mountain(s, seat, t.dice, t.kept, ev), rerolls=t.rerolls + 1)
    else:
        combo = mountain_combination(t.dice)
        ev.append(MountainScored(seat, t.dice, combo))
        options = RULES.mountain_rewards.get(combo, ())
        if len(options) > 1:
            s.turn = replace(t, climb="reward")
            return
        if options:
            _gain_bundle(s, seat, options[0], ev)
        s.turn = replace(t, climb="done")


def _roll_mountain(s: State, seat: int, dice: tuple[int, ...], kept: tuple[int, ...], ev: list) -> tuple[int, ...]:
    new = tuple(d if i in kept else s.rng.roll(D6) for i, d in enumerate(dice))
    ev.append(DiceRolled(seat, "mountain", new))
    return new


def reward_options(state: State) -> list[tuple[str, tuple]]:
    """While choosing a Mountain reward: (label, reward) pairs, e.g. ("stone", (("krom", 2), ("stone", 2)))."""
    options = RULES.mountain_rewards[mountain_combination(state.turn.dice)]
    return [(reward_label(b, options), b) for b in options]


def _cand_reward(s: State, seat: int) -> list[Action]:
    return [Action("reward", (label,)) for label, _ in reward_options(s)]


def _check_reward(s: State, seat: int, a: Action) -> str | None:
    labels = [label for label, _ in reward_options(s)]
    if a.kind != "reward" or _word(a, labels) is None:
        return "choose your Mountain reward: " + " or ".join(f"'reward {x}'" for x in labels)
    return None


def _do_reward(s: State, seat: int, a: Action, ev: list) -> None:
    bundle = dict(reward_options(s))[a.args[0]]
    _gain_bundle(s, seat, bundle, ev)
    s.turn = replace(s.turn, climb="done")


# -- the Action phase's own actions ----------------------------------------------------------------


def next_pick_cost(state: State) -> int | None:
    """The price of the next Picking card in the current hike, or None when four were drawn (or nobody is in the Forest)."""
    t = state.turn
    if t is None or t.place != FOREST or t.picks >= len(RULES.pick_costs):
        return None
    return RULES.pick_costs[t.picks]


def cave_price(item: str) -> int:
    """Krom price of one Cave service: a resource, a Bonus card, or 3 hit points ("hp")."""
    if item == "bonus":
        return RULES.bonus_price
    if item == "hp":
        return RULES.hp_price
    return RULES.resource_price


def evolution_problem(s: State, seat: int, slot: int) -> str | None:
    """Why `seat` cannot realize the Evolution in `slot` now (in their Action phase), or None."""
    if not isinstance(slot, int) or not 0 <= slot < SLOTS or s.evolution_row[slot] < 0:
        return f"there is no Evolution card in slot {slot}"
    card = EVOLUTIONS[s.evolution_row[slot]]
    here = s.players[seat].place
    if card.place is not None and card.place != here:
        return f"{card.name} can only be realized in the {place_name(card.place)}; you are in the {place_name(here)}"
    p = s.players[seat]
    for kind, amount in card.cost:
        if getattr(p, kind) < amount:
            return f"not enough {kind.capitalize()}: {card.name} costs {amount}, you have {getattr(p, kind)}"
    return None


def _in_place(t: Turn, place: int, what: str) -> str | None:
    if t.place != place:
        return f"{what} only in the {place_name(place)}; you are in the {place_name(t.place)}"
    return None


def _check_rest(s, seat, a, t, p) -> str | None:
    return (
        _in_place(t, CAVE, "you can rest")
        or ("you already rested this Action phase" if t.cave == "rest" else None)
        or ("you provided services this Action phase: resting is the other choice" if t.cave == "services" else None)
        or _no_args(a)
    )


def _check_buy(s, seat, a, t, p) -> str | None:
    problem = _in_place(t, CAVE, "you can provide services")
    if problem:
        return problem
    if t.cave == "rest":
        return "you rested this Action phase: services are the other choice"
    item = _word(a, CAVE_ITEMS)
    if item is None:
        return "buy wood, stone, bone, bonus or hp"
    price = cave_price(item)
    if p.krom < price:
        return f"not enough Krom: {CAVE_LABELS[item]} {price}, you have {p.krom}"
    if item == "hp":
        return "your hit points are already at 7" if p.hp >= HP_MAX else None
    return _gain_problem(s, seat, item)


def _check_shuffle(s, seat, a, t, p) -> str | None:
    return (
        _in_place(t, FOREST, "the Picking deck is shuffled")
        or ("you can only shuffle before drawing your first Picking card" if t.picks else None)
        or ("you already shuffled the Picking deck" if t.shuffled else None)
        or ("the Picking discard pile is empty: there is nothing to shuffle in" if not s.picking_discard else None)
        or _no_args(a)
    )


def _check_pick(s, seat, a, t, p) -> str | None:
    problem = _in_place(t, FOREST, "you can draw Picking cards")
    if problem:
        return problem
    cost = next_pick_cost(s)
    if cost is None:
        return f"you drew {len(RULES.pick_costs)} Picking cards: the hike is over"
    if p.krom < cost:
        return f"not enough Krom: the next Picking card costs {cost}, you have {p.krom}"
    return _no_args(a)


def _check_hunt(s, seat, a, t, p) -> str | None:
    problem = _in_place(t, SAVANNA, "you can hunt")
    if problem:
        return problem
    if t.hunted:
        return "you already hunted: one hunt per Action phase"
    args = _ints(a, 2)
    if args is None:
        return "write 'hunt SLOT EXTRA': the card's slot (0-3) and 0, 1 or 2 extra dice"
    slot, extra = args
    if not 0 <= slot < SLOTS or s.hunting_row[slot] < 0:
        return f"there is no Hunting card in slot {slot}"
    if not 0 <= extra < len(RULES.extra_dice_costs):
        return f"you can buy 0 to {len(RULES.extra_dice_costs) - 1} extra dice, not {extra}"
    cost = RULES.extra_dice_costs[extra]
    if p.krom < cost:
        return f"not enough Krom: {extra} extra {'die costs' if extra == 1 else 'dice cost'} {cost}, you have {p.krom}"
    return None


def _check_climb_start(s, seat, a, t, p) -> str | None:
    return _in_place(t, MOUNTAIN, "you can climb") or ("you already climbed this Action phase" if t.climb else None) or _no_args(a)


def _check_realize(s, seat, a, t, p) -> str | None:
    args = _ints(a, 1)
    if args is None:
        return "write 'realize SLOT' with the Evolution's slot (0-3)"
    return evolution_problem(s, seat, args[0])


def _check_play(s, seat, a, t, p) -> str | None:
    args = _ints(a, 1)
    if args is None:
        return "write 'play CARD' with the card's number"
    return bonus_problem(s, seat, args[0], False)


def _check_end(s, seat, a, t, p) -> str | None:
    return _no_args(a)


MAIN_CHECKS = {
    "rest": _check_rest,
    "buy": _check_buy,
    "shuffle": _check_shuffle,
    "pick": _check_pick,
    "hunt": _check_hunt,
    "climb": _check_climb_start,
    "realize": _check_realize,
    "play": _check_play,
    "end": _check_end,
}


def _cand_main(s: State, seat: int) -> list[Action]:
    t = s.turn
    out: list[Action] = []
    if t.place == CAVE:
        out.append(Action("rest"))
        out.extend(Action("buy", (i,)) for i in CAVE_ITEMS)
    elif t.place == FOREST:
        out += [Action("shuffle"), Action("pick")]
    elif t.place == SAVANNA:
        out.extend(Action("hunt", (slot, extra)) for slot in range(SLOTS) for extra in range(len(RULES.extra_dice_costs)))
    else:
        out.append(Action("climb"))
    out.extend(Action("realize", (slot,)) for slot in range(SLOTS))
    out.extend(Action("play", (c,)) for c in s.players[seat].hand)
    out.append(Action("end"))
    return out


def _check_main(s: State, seat: int, a: Action) -> str | None:
    check = MAIN_CHECKS.get(a.kind)
    if check is None:
        kinds = dict.fromkeys(c.kind for c in _cand_main(s, seat))
        return f"it is your Action phase in the {place_name(s.turn.place)}: you may " + ", ".join(kinds)
    return check(s, seat, a, s.turn, s.players[seat])


def _do_main(s: State, seat: int, a: Action, ev: list) -> None:
    t = s.turn
    kind = a.kind
    if kind == "end":
        ev.append(ActionPhaseEnded(seat))
        s.turn = None
    elif kind == "rest":
        ev.append(Rested(seat))
        _gain(s, seat, "krom", RULES.rest_krom, ev)
        _gain(s, seat, "hp", RULES.rest_hp, ev)
        s.turn = replace(t, cave="rest")
    elif kind == "buy":
        item = a.args[0]
        price = cave_price(item)
        s.players[seat].krom -= price
        s.supply["krom"] += price
        ev.append(Bought(seat, item, price))
        _gain(s, seat, item, RULES.hp_per_purchase if item == "hp" else 1, ev)
        s.turn = replace(t, cave="services")
    elif kind == "shuffle":
        s.picking_deck = tuple(s.rng.shuffled(s.picking_deck + s.picking_discard))
        s.picking_discard = ()
        ev.append(DeckShuffled("picking"))
        s.turn = replace(t, shuffled=True)
    elif kind == "pick":
        _pick(s, seat, t, ev)
    elif kind == "hunt":
        _hunt(s, seat, t, a.args[0], a.args[1], ev)
    elif kind == "climb":
        dice = _roll_mountain(s, seat, (0,) * RULES.mountain_dice, (), ev)
        s.turn = replace(t, climb="rolling", dice=dice, kept=(), rerolls=0)
    elif kind == "realize":
        _realize(s, seat, a.args[0], ev)
    else:  # play
        _begin_play(s, seat, a.args[0], ev)


def _pick(s: State, seat: int, t: Turn, ev: list) -> None:
    cost = RULES.pick_costs[t.picks]
    if cost:
        _pay(s, seat, "krom", cost, ev)
    card = _draw(s, "picking", ev)
    ev.append(PickingDrawn(seat, card, cost))
    _gain_bundle(s, seat, PICKING[card].reward, ev)
    s.picking_discard = s.picking_discard + (card,)
    s.turn = replace(t, picks=t.picks + 1)


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
    s.turn = replace(t, hunted=True)
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
    p = s.players[seat]
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
    """Every action the seat to move may take now."""
    d = decision(state)
    if d == "over":
        return []
    candidates, check, _ = DECISIONS[d]
    seat = state.to_move
    return [a for a in candidates(state, seat) if check(state, seat, a) is None]


def why_illegal(state: State, action: Action) -> str | None:
    """The reason `action` is refused now, or None when it is legal."""
    d = decision(state)
    if d == "over":
        return "the game is over"
    if not isinstance(action, Action):
        return f"not an action: {action!r}"
    candidates, check, _ = DECISIONS[d]
    seat = state.to_move
    reason = check(state, seat, action)
    if reason is None and action not in candidates(state, seat):
        reason = f"'{action}' is not possible now"
    return reason


def apply(state: State, action: Action) -> tuple[State, list]:
    """Play `action` for the seat to move: (new state, events). Raises IllegalAction, leaving `state` untouched."""
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    s = state.clone()
    ev: list = []
    DECISIONS[decision(state)][2](s, state.to_move, action, ev)
    _advance(s, ev)
    return s, ev
