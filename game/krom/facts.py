"""The small facts under the rules: constants, place names, points and the target, what a player holds,
who fights in a place and who is asked next in a combat, the fight's order, what can be stolen, the prices
of the next reroll, Picking card and Cave service, the Mountain reward options, and reading action
arguments.

Shared by `legal_actions`, `apply`, the refusal reasons, the decision and the board's queries, so all of
them give the same answer."""

from __future__ import annotations

from game.krom.content import (
    BONUS,
    CHARACTER_BY_ID,
    EVOLUTIONS,
    FOREST,
    PLACES,
    RESOURCES,
    RULES,
    heaviest_wins,
    mountain_combination,
    reward_label,
)
from game.krom.state import DINO, Combat, Player, Setup, State

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


def target_points(setup: Setup) -> int:
    """Evolution points needed to win with these options."""
    return RULES.win_points[setup.players - 2] + (RULES.longer if setup.longer else 0)


def points(state: State, seat: int) -> int:
    """A seat's Evolution points: its realized Evolutions plus the Kromosaurus trophy."""
    p = state.players[seat]
    return sum(EVOLUTIONS[e].points for e in p.evolutions) + (1 if state.trophy == seat else 0)


# -- what a player holds ----------------------------------------------------------------------


def _has(p: Player, kind: str) -> int:
    if kind == "bonus":
        return len(p.hand)
    if kind == "hp":
        return p.hp
    return getattr(p, kind)


# -- argument reading ------------------------------------------------------------------------


def fighters_at(s: State, place: int) -> list[int]:
    """Who would fight in `place`: the players standing there and not stunned, in seat order, then the Kromosaurus if it is there."""
    seats = [i for i, p in enumerate(s.players) if p.place == place and not p.stunned]
    if not seats:
        return []
    return seats + ([DINO] if s.dino_hp > 0 and s.dino_place == place else [])


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


def steal_options(state: State, victim: int) -> list[str]:
    """What a combat winner may steal from a stunned `victim`: wood, stone, bone, krom (half, rounded up), bonus (one at random)."""
    p = state.players[victim]
    return [k for k in STEALABLE if _has(p, k) > 0]


def reroll_cost(state: State) -> int | None:
    """The price of the next Mountain reroll, or None when the four rerolls are used (or nobody climbs)."""
    t = state.turn
    if t is None or t.climb != "rolling" or t.rerolls >= len(RULES.reroll_costs):
        return None
    return RULES.reroll_costs[t.rerolls]


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


def reward_options(state: State) -> list[tuple[str, tuple]]:
    """While choosing a Mountain reward: (label, reward) pairs, e.g. ("stone", (("krom", 2), ("stone", 2)))."""
    t = state.turn
    assert t is not None, "a reward is chosen during a turn"
    options = RULES.mountain_rewards[mountain_combination(t.dice)]
    return [(reward_label(b, options), b) for b in options]
