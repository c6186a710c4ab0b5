"""Krom: Evolution for the bots: sampling hidden hands, picks and decks, and judging a position.

Hidden from a seat: the other seats' Bonus hands (sizes show), their destination picks
before the reveal, the order of every deck, and a Bonus card another seat is about to
play (still in its hand). A sample deals the Bonus cards nobody can see into those hands
and the Bonus deck, shuffles the other decks from the cards not in view, and gives each
hidden pick a place other than where that seat stands.
"""

from __future__ import annotations

from dataclasses import replace

from game import krom as rules
from game.bots.base import GameKit, reseeded
from game.bots.krom_plan import deep_plan
from game.core.actions import Action
from game.core.rng import Rng
from game.krom import PLACES as NAMES
from game.krom import (BONUS, CAVE, EVOLUTIONS, FOREST, HIDDEN, HUNTING, MOUNTAIN, PICKING, RESOURCES, SAVANNA, State,
                       best_realization, hunt_cost, hunt_odds, mountain_reward, outlook, points, target_points)

PLACES = (CAVE, FOREST, SAVANNA, MOUNTAIN)


def _rest(total: int, *known) -> list[int]:
    seen: set[int] = set()
    for group in known:
        seen.update(c for c in group if c >= 0)
    return [c for c in range(total) if c not in seen]


def determinize(view: State, seat: int, rng: Rng) -> State:
    s = view.clone()
    play = view.play
    in_play = (play.card,) + tuple(c for _, c in play.counters) if play is not None and play.stage == "counter" else ()
    unseen = _rest(len(BONUS), view.bonus_discard, in_play, view.players[seat].hand)
    rng.shuffle(unseen)
    # Every seat that may answer a card or a combat is asked, whatever its hand: being asked shows nothing.
    for i, p in enumerate(s.players):
        if i != seat:
            size = len(p.hand)
            p.hand = tuple(sorted(unseen[:size]))
            unseen = unseen[size:]
    s.bonus_deck = tuple(unseen[: len(view.bonus_deck)])
    if play is not None and play.card == HIDDEN:  # another seat is choosing how to play a card of its hand
        hand = s.players[play.seat].hand
        s.play = replace(play, card=hand[rng.below(len(hand))]) if hand else None
    s.picking_deck = tuple(rng.shuffled(_rest(len(PICKING), view.picking_discard)))[: len(view.picking_deck)]
    s.hunting_deck = tuple(rng.shuffled(_rest(len(HUNTING), view.hunting_discard, view.hunting_row)))[: len(view.hunting_deck)]
    evolutions = _rest(len(EVOLUTIONS), view.evolution_row, *(p.evolutions for p in view.players))
    s.evolution_deck = tuple(rng.shuffled(evolutions))[: len(view.evolution_deck)]
    s.picks = tuple(
        _guess_pick(s, i, rng) if i != seat and pick == HIDDEN else pick for i, pick in enumerate(view.picks)
    )
    return reseeded(s, rng)


def _guess_pick(s: State, seat: int, rng: Rng) -> int:
    """A place for another seat's hidden pick: any place but the one it stands on, better ones likelier."""
    here = s.players[seat].place
    options = [p for p in PLACES if p != here]
    weights = [1 + int(4 * max(0.0, _place_value(s, seat, p))) for p in options]
    roll = rng.below(sum(weights))
    for p, w in zip(options, weights):
        roll -= w
        if roll < 0:
            return p
    return options[-1]


VALUE = {"krom": 0.13, "wood": 0.4, "stone": 0.4, "bone": 0.4, "bonus": 0.25, "hp": 0.06}


def _bundle_value(bundle) -> float:
    return sum(VALUE.get(k, 0.0) * n for k, n in bundle)


def _place_value(s: State, seat: int, place: int) -> float:
    """How promising a destination looks for `seat` (in Evolution points, roughly)."""
    p = s.players[seat]
    value = 0.0
    for card_id in s.evolution_row:
        if card_id < 0:
            continue
        card = EVOLUTIONS[card_id]
        if card.place == place and all(getattr(p, k) >= n for k, n in card.cost):
            value = max(value, 0.8 * card.points)
    if place == CAVE:
        value += 0.3 + (0.6 if p.hp <= 3 else 0.0) + (0.2 if p.krom >= 3 else 0.0)
    elif place == FOREST:
        value += 0.55
    elif place == SAVANNA:
        best = 0.0
        for card_id in s.hunting_row:
            if card_id >= 0:
                best = max(best, float(hunt_odds(card_id, 0)) * _bundle_value(HUNTING[card_id].reward))
        value += best + (0.0 if p.hp > 3 else -0.4)
    elif place == MOUNTAIN:
        value += 0.5
    return value


def features(s: State, seat: int) -> dict[str, float]:
    p = s.players[seat]
    have = {k: getattr(p, k) for k in RESOURCES}
    progress = 0.0
    for card_id in s.evolution_row:
        if card_id < 0:
            continue
        card = EVOLUTIONS[card_id]
        need = sum(n for _, n in card.cost)
        got = sum(min(have.get(k, p.krom if k == "krom" else 0), n) for k, n in card.cost)
        progress = max(progress, card.points * got / need if need else 0.0)
    plan = 0.0
    pick = s.picks[seat] if s.phase == "move" else None
    if pick is not None and pick >= 0:
        plan = _place_value(s, seat, pick)
    fight = 0.0
    if s.combat is not None and seat in s.combat.fighters:
        mine = s.combat.score_of(seat)
        other = max(sc for f, sc in zip(s.combat.fighters, s.combat.scores) if f != seat)
        fight = max(-3, min(3, mine - other))
    dice = 0.0
    t = s.turn
    if t is not None and t.seat == seat and t.climb == "rolling":
        _, options = mountain_reward(t.dice)
        dice = max((_bundle_value(b) for _, b in options), default=0.0)
        modal = max(set(t.dice), key=lambda d: (t.dice.count(d), d))
        dice += 0.05 * sum(1 if t.dice[i] == modal else -1 for i in t.kept)  # keep the dice worth keeping
    left = target_points(s.setup) - points(s, seat)
    return {
        "points": float(points(s, seat)) + (1.0 if left <= 2 else 0.0) * (3 - left),  # the last points count more
        "progress": progress,
        "krom": float(p.krom),
        "resources": float(sum(have.values())),
        "bonus": float(len(p.hand)),
        "hp": float(min(p.hp, 5)),
        "plan": plan,
        "fight": float(fight),
        "dice": dice,
    }


def prune(s: State, legal: list) -> list:
    """Never take back a Bonus card being played; on the Mountain, set aside only dice of the
    most common face (and free the others), and only when a reroll is possible at all."""
    kept = [a for a in legal if a.kind != "cancel"]
    t = s.turn
    if t is not None and t.climb == "rolling":
        modal = max(set(t.dice), key=lambda d: (t.dice.count(d), d))
        can_reroll = any(a.kind == "reroll" for a in legal)
        kept = [
            a for a in kept
            if a.kind not in ("keep", "free")
            or (can_reroll and (t.dice[a.args[0]] == modal) == (a.kind == "keep"))
        ]
    return kept or legal


WEIGHTS = {
    "points": 1.0,
    "progress": 0.15,
    "krom": VALUE["krom"],
    "resources": VALUE["wood"],
    "bonus": VALUE["bonus"],
    "hp": 0.12,
    "plan": 0.6,
    "fight": 0.15,
    "dice": 1.0,
}

PHRASES = {
    "points": "it scores Evolution points",
    "progress": "it gets closer to paying for an Evolution",
    "krom": "it gains Krom",
    "resources": "it gains Wood, Stone or Bone",
    "bonus": "it gains Bonus cards",
    "hp": "it keeps our hit points up",
    "plan": "it heads where we can do the most this round",
    "fight": "it improves our standing in the fight",
    "dice": "it keeps the dice that pay the most",
}

def urgent(s: State, legal: list[Action]) -> tuple[Action, str] | None:
    """Take a win that is there (game/krom/tactics.py): realize the Evolutions that reach the points
    that win, in the place we stand; choose the Mountain's reward that makes them payable; in the
    Movement phase, go where what we hold realizes the win (the likeliest fight first)."""
    seat = s.to_move
    if seat is None:
        return None
    texts = {str(a): a for a in legal}
    need = target_points(s.setup) - points(s, seat)
    t = s.turn
    if t is not None and t.seat == seat and s.play is None:
        got, slots = best_realization(s, seat, t.place)
        if got >= need and slots and f"realize {slots[0]}" in texts:
            a = texts[f"realize {slots[0]}"]
            return a, f"{rules.action_text(s, a)}: it reaches {target_points(s.setup)} Evolution points and wins."
        for a in legal:
            if a.kind in ("reward", "buy", "stop") and _buys_the_win(s, a, seat, t.place, need, 1 if a.kind == "reward" else 2):
                return a, f"{rules.action_text(s, a)}: it pays for the Evolutions that win."
        hunt = _winning_hunt(s, legal, seat, t.place, need)
        if hunt is not None:
            return hunt, f"{rules.action_text(s, hunt)}: its prey pays for the Evolutions that win."
    if s.phase == "move" and any(a.kind == "go" for a in legal):
        wins = sorted((o for o in outlook(s, seat).values() if o.wins), key=lambda o: (-o.fight, o.place))
        for o in wins:
            for a in legal:
                if a.kind == "go" and a.args[0] == NAMES[o.place]:
                    return a, f"{rules.action_text(s, a)}: what we hold realizes the win there."
    return None


def _buys_the_win(s: State, a: Action, seat: int, place: int, need: int, depth: int) -> bool:
    """Whether taking `a` (a reward, a service, stopping the Mountain's dice), then up to `depth - 1` more
    services or rewards, pays for the win."""
    after = rules.apply(s, a)[0]
    if best_realization(after, seat, place)[0] >= need:
        return True
    if depth > 1 and after.to_move == seat:
        return any(b.kind in ("buy", "reward") and _buys_the_win(after, b, seat, place, need, depth - 1)
                   for b in rules.legal_actions(after))
    return False


def _winning_hunt(s: State, legal: list[Action], seat: int, place: int, need: int) -> Action | None:
    """The hunt (prey and extra dice) likeliest to pay for the win once caught, the dice paid for; None
    when no catch would."""
    p = s.players[seat]
    best: tuple[float, Action] | None = None
    for a in legal:
        if a.kind != "hunt":
            continue
        slot, extra = int(a.args[0]), int(a.args[1])
        card = HUNTING[s.hunting_row[slot]]
        after = s.clone()
        q = after.players[seat]
        q.krom = p.krom - hunt_cost(extra)
        for kind, n in card.reward:
            if kind in RESOURCES or kind == "krom":
                setattr(q, kind, getattr(q, kind) + n)
        if best_realization(after, seat, place)[0] < need:
            continue
        chance = float(hunt_odds(card.id, extra))
        if best is None or chance > best[0]:
            best = (chance, a)
    return None if best is None else best[1]


KIT = GameKit(
    rules=rules,
    determinize=determinize,
    features=features,
    weights=WEIGHTS,
    phrases=PHRASES,
    scale=1.5,
    policy=rules.playout_choice,
    midway=lambda state: state.play is not None,
    prune=prune,
    playout_depth=0,
    urgent=urgent,
    deep_plan=deep_plan,
    counted_plan=True,
)
