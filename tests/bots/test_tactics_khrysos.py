"""Khrysos tactics suite (issue 33): positions a careful player gets right, each with the rulebook
section it rests on, judged on the bot's WHOLE turn (every decision until the next card's turn) with
the energy stated. Normal and Hard must pass each in 3 seeded tries; Easy and Random are printed for
scale by `tools/levels_table`.

Alpha Room, 9 x 9 squares; Treasure Zones 1 B2, 2 H2, 3 B5, 4 H5, 5 B8, 6 H8. Cards in turn order:
the acting hunter (seat 0), a rival, our second hunter (the ally), a second rival.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game import khrysos as rules
from game.bots import make_bot
from game.core.rng import Rng
from tests.bots.suite import bot_step
from game.khrysos import retire_chance
from game.khrysos.queries import action_targets, reachable_squares
from game.khrysos.testing import hunter, position

OPTIONS = {"normal": {}, "hard": {"iterations": 120}, "easy": {}, "random": {}, "reference": {}}
TRIES = (1, 2, 3)
FAR_RIVAL = ("Nyx Arden", (8, 8))


@dataclass(frozen=True)
class Spot:
    name: str
    reason: str
    acting: tuple  # (name, square, {markers})
    rival: tuple
    ally: tuple = ("Oren Ash", (0, 8), {})
    energy: int = 6
    loot: tuple = ()
    judge: str = "wins"  # or "spares_the_ally", "ends_safe"

    def state(self, seed: int):
        cards = [hunter(self.acting[0], seat=0, at=self.acting[1], **self.acting[2]),
                 hunter(self.rival[0], seat=1, at=self.rival[1], **self.rival[2]),
                 hunter(self.ally[0], seat=0, at=self.ally[1], **self.ally[2]),
                 hunter(FAR_RIVAL[0], seat=1, at=FAR_RIVAL[1])]
        return position(cards, energy=self.energy, loot=list(self.loot), seed=seed)


SPOTS = [
    # -- Victory: take the win that is there -----------------------------------------------------
    Spot("win_walk_to_treasure", "Treasure and Victory: 11 treasure and a treasure two squares away: walking "
         "onto it wins.", ("Elia Rose", (3, 1), {"treasure": 11}), ("Torvald Grimm", (6, 4), {}), energy=2,
         loot=((1, 1),)),
    Spot("win_walk_diagonally", "Moving: diagonal steps count one square; the treasure on B5 is two squares "
         "from D7.", ("Torvald Grimm", (3, 6), {"treasure": 11}), ("Elia Rose", (6, 1), {}), energy=2,
         loot=((1, 4),)),
    Spot("win_by_steal", "Steal: Mara Quill has 11 treasure; the adjacent rival holds 2; Hit Range 1 "
         "[Steal 2] wins.", ("Mara Quill", (3, 1), {"treasure": 11}), ("Torvald Grimm", (4, 1), {"treasure": 2}),
         energy=5),
    Spot("win_by_retiring", "Damage and Endurance: retiring a rival steals up to 2 of its treasure; Torvald "
         "has 10, the adjacent rival 2 endurance and 3 treasure: Hit Range 1 [Damage 2] wins.",
         ("Torvald Grimm", (3, 1), {"treasure": 10}), ("Elia Rose", (4, 1), {"endurance": 2, "treasure": 3}),
         energy=2),
    Spot("win_by_burst", "Burst: Vex Orion's Burst 2 [Damage 2] retires a rival with 2 endurance two rings "
         "away and takes its 2 treasure, 10 + 2.", ("Vex Orion", (3, 1), {"treasure": 10}),
         ("Elia Rose", (5, 1), {"endurance": 2, "treasure": 2}), energy=6),
    Spot("win_at_range", "Range: Zara Flint's Hit Range 4 [Damage 3] retires a rival with 3 endurance four "
         "rings away: 10 + 2 treasure.", ("Zara Flint", (1, 1), {"treasure": 10}),
         ("Elia Rose", (5, 1), {"endurance": 3, "treasure": 4}), energy=5),
    Spot("win_trapped_by_an_action_move", "Trap: a trapped hunter cannot walk, but an action's Move still "
         "moves it: Elia Rose's #4 ends with Move 2 onto the treasure.", ("Elia Rose", (3, 1),
                                                                          {"treasure": 11, "trap": True}),
         ("Torvald Grimm", (6, 6), {}), energy=4, loot=((1, 1),)),
    Spot("win_rather_than_hit", "Victory: the treasure wins at once; Hitting the rival beside it first would "
         "spend the energy the walk needs.", ("Kaz Ironjaw", (3, 4), {"treasure": 11}),
         ("Elia Rose", (2, 4), {}), energy=2, loot=((1, 4),)),
    # -- never harm our own hunters --------------------------------------------------------------
    Spot("spare_ally_from_a_hit", "Hit: allies are valid targets; Torvald's Hit Range 1 [Damage 2] reaches "
         "only our own Elia Rose.", ("Torvald Grimm", (1, 1), {}), ("Kaz Ironjaw", (7, 7), {}),
         ally=("Elia Rose", (2, 1), {}), energy=2, judge="spares_the_ally"),
    Spot("spare_ally_from_a_burst", "Burst hits allies and opponents alike: Bento Rush's Burst 1 [Damage 2 "
         "Stun] would catch our Elia Rose with the rival.", ("Bento Rush", (4, 1), {}),
         ("Kaz Ironjaw", (5, 1), {}), ally=("Elia Rose", (3, 1), {}), energy=6, judge="spares_the_ally"),
    Spot("spare_ally_from_a_trap", "Trap: a trapped hunter cannot walk; Kaz Ironjaw's Hit Range 2 [Trap] "
         "reaches only our ally.", ("Kaz Ironjaw", (1, 1), {}), ("Torvald Grimm", (7, 7), {}),
         ally=("Elia Rose", (3, 1), {}), energy=1, judge="spares_the_ally"),
    Spot("spare_ally_from_a_stun", "Stun: a stunned hunter uses no action; Rook Dunmore's Hit Range 3 "
         "[Stun] reaches only our ally.", ("Rook Dunmore", (1, 1), {}), ("Torvald Grimm", (7, 7), {}),
         ally=("Elia Rose", (4, 1), {}), energy=2, judge="spares_the_ally"),
    Spot("hit_the_rival_not_the_ally", "Hit 2: both hits may go to the same target; Dex Voltaire has our "
         "ally and a rival in Range 2: both hits go to the rival.", ("Dex Voltaire", (3, 1), {}),
         ("Kaz Ironjaw", (5, 1), {}), ally=("Elia Rose", (1, 1), {}), energy=3, judge="spares_the_ally"),
    Spot("three_hits_on_the_rival", "Hit 3 Range 1: Kaz Ironjaw stands between our ally and a rival; "
         "three hits, none on the ally.", ("Kaz Ironjaw", (3, 1), {}), ("Torvald Grimm", (4, 1), {}),
         ally=("Elia Rose", (2, 1), {}), energy=5, judge="spares_the_ally"),
    Spot("spare_ally_from_oren_burst", "Burst: Oren Ash's Burst 1 [Damage 2] catches our Vex Orion beside "
         "him.", ("Oren Ash", (4, 4 - 1), {}), ("Kaz Ironjaw", (7, 7), {}), ally=("Vex Orion", (4, 2), {}),
         energy=5, judge="spares_the_ally"),
    Spot("spare_ally_from_ivy_burst", "Burst: Ivy Thornwell's Burst 2 [Damage 1 Trap Stun] would catch our "
         "ally two rings away.", ("Ivy Thornwell", (1, 1), {}), ("Kaz Ironjaw", (7, 7), {}),
         ally=("Elia Rose", (3, 1), {}), energy=6, judge="spares_the_ally"),
    # -- do not end the turn where a rival's next turn retires the hunter ---------------------------
    Spot("flee_a_rival_who_can_retire", "Damage and Endurance: Elia Rose has 2 endurance and 4 treasure beside "
         "Torvald Grimm, whose Hit Range 1 [Damage 2] retires her on 5 rolls in 6 and steals 2; six rings "
         "away he cannot reach her.", ("Elia Rose", (2, 1), {"endurance": 2, "treasure": 4}),
         ("Torvald Grimm", (1, 1), {}), energy=6, judge="ends_safe"),
    Spot("treasure_not_worth_retirement", "Damage and Endurance: the treasure beside Torvald Grimm is 1; "
         "ending there with 2 endurance loses 2 treasure to him on 5 rolls in 6. Two steps east are out of "
         "his reach.", ("Elia Rose", (5, 1), {"endurance": 2, "treasure": 5}), ("Torvald Grimm", (1, 1), {}),
         energy=3, loot=((2, 2),), judge="ends_safe"),
    Spot("guarded_is_not_safe_enough", "Guard: each Guard marker blocks 1 Damage; with 1 endurance and no "
         "Guard, Kaz Ironjaw's Hits retire Oren Ash from two rings away: he walks out of reach.",
         ("Oren Ash", (3, 3), {"endurance": 1, "treasure": 3}), ("Kaz Ironjaw", (1, 3), {}), energy=6,
         judge="ends_safe"),
]


def whole_turn(state, level: str, seed: int):
    bot = make_bot(level, "khrysos", **OPTIONS[level])
    rng = Rng(500 + seed)
    card = state.turn
    actions = []
    for _ in range(80):
        if state.to_move is None or state.turn != card:  # (a rival's Guard decision mid-turn is played too)
            break
        state = bot_step(bot, rules, state, rng, actions)
    return state, actions


def verdict(spot: Spot, start, end) -> str | None:
    if spot.judge == "ends_safe":
        me = end.cards[0]
        if me.hunter != start.cards[0].hunter or me.at is None:
            return "the hunter was retired in its own turn"
        chance = retire_chance(end, me.hunter)
        return None if chance <= 1 / 6 + 1e-9 else f"it ended where a rival retires it on {round(6 * chance)} rolls in 6"
    if spot.judge == "wins":
        result = rules.outcome(end)
        return None if result is not None and result.winners == (0,) else "the win was there and not taken"
    before, after = start.cards[2], end.cards[2]
    if after.hunter != before.hunter or after.at is None:
        return "our ally was retired"
    harmed = (after.endurance < before.endurance or after.treasure < before.treasure
              or after.trap > before.trap or after.stun > before.stun)
    return "it harmed our own hunter" if harmed else None


def _moved(state, square):
    """`state` with the acting hunter standing on `square` (to ask the tactics about it)."""
    moved = state.copy()
    moved.cards = (state.cards[0]._replace(at=square), *state.cards[1:])
    return moved


def _check_the_spot_can_be_failed(spot: Spot, start) -> None:
    """A position no move could fail would be a test that cannot fail."""
    legal = rules.legal_actions(start)
    assert rules.outcome(start) is None and len(legal) > 1
    if spot.judge == "ends_safe":  # some square in its walk is deadly, some safe
        me = start.cards[0]
        chances = [retire_chance(_moved(start, q), me.hunter)
                   for q in [me.at, *reachable_squares(start, me.hunter)]]
        assert max(chances) > 0.5 and min(chances) == 0.0, "no deadly square, or no safe one, in its walk"
    if spot.judge == "spares_the_ally":
        me, ally = start.cards[0].hunter, start.cards[2].hunter
        assert any(ally in action_targets(start, me, n) for n in range(1, start.energy + 1)), "no action reaches the ally"


@pytest.mark.parametrize("spot", SPOTS, ids=[s.name for s in SPOTS])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_get_every_position_right(spot, level):
    for seed in TRIES:
        start = spot.state(seed)
        _check_the_spot_can_be_failed(spot, start)
        end, actions = whole_turn(start, level, seed)
        problem = verdict(spot, start, end)
        assert problem is None, f"{level}, try {seed}: {problem} ({spot.reason}) moves: {actions}"


def test_the_suite_has_fifteen_positions():
    assert len(SPOTS) >= 15 and len({s.name for s in SPOTS}) == len(SPOTS)
