"""Krom tactics suite (issue 33): positions a careful player gets right, each with the rulebook section
it rests on, judged on the bot's WHOLE move (every decision of its seat until another seat is asked
something that is not a forced pass, or the phase moves on). Normal and Hard must pass each in 3
seeded tries; Easy, Random and reference are printed for scale by `tools/levels_table`.

Three players (Alma seat 0, Morhy seat 1, Valkyr seat 2); 10 Evolution points win. Evolution cards used
(points: cost, place): 1 Fire (1: 2 Wood), 3 Stone tools (1: 2 Krom, 1 Stone), 4 Wall painting (1: 4 Krom,
Cave), 8 Hut (2: 1 Krom, 3 Wood), 11 Raft (2: 3 Wood, Forest), 14 Bow (3: 1 Krom, 2 Wood, 2 Bone),
18 Menhir (3: 1 Krom, 3 Stone, Mountain), 20 Tamed wolf (3: 2 Krom, 3 Bone, Savanna); realized cards that
only count points: 21 Wheel (4), 22 Village (4), 24 Agriculture (4), 16 Canoe (3), 17 Bone flute (3),
0 Sharpened stick (1).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from game import krom as rules
from game.bots import make_bot
from game.core.rng import Rng
from tests.bots.suite import bot_step
from game.krom import points
from game.krom.testing import action_phase, position, with_rolls

OPTIONS = {"normal": {}, "hard": {"iterations": 150}, "easy": {}, "random": {}, "reference": {}}
TRIES = (1, 2, 3)
NINE = (21, 22, 0)  # 4 + 4 + 1 points realized
EIGHT = (21, 22)
SEVEN = (21, 16)


@dataclass(frozen=True)
class Spot:
    name: str
    reason: str
    setup: dict  # position() arguments for seat 0 (the others keep the defaults)
    act: bool = True  # seat 0's Action phase (else the Movement phase)
    rolls: tuple = ()  # scripted dice for the move
    judge: tuple = ("wins",)  # ("wins",), ("gains", n points), ("goes", place), ("avoids", place), ("gets", token, n)
    extra: dict = field(default_factory=dict)

    def state(self, seed: int):
        args = dict(self.setup)
        seat0 = args.pop("seat0", {})
        per_seat = {}
        for key, value in seat0.items():
            default = {"krom": 0, "wood": 0, "stone": 0, "bone": 0, "hp": 7}.get(key)
            if key == "evolutions" or key == "hands":
                per_seat[key] = [value, (), ()]
            elif key == "places":
                per_seat[key] = value
            else:
                per_seat[key] = [value, default, default]
        s = position(("alma", "morhy", "valkyr"), seed=seed, **per_seat, **args)
        if self.act:
            s = action_phase(s, 0)
        if self.rolls:
            s = with_rolls(s, list(self.rolls))
        return s


SPOTS = [
    # -- Realize Evolutions / End of the Game: take the win that is there ------------------------
    Spot("win_by_realizing_fire", "Realize Evolutions, End of the Game: 9 points and 2 Wood; Fire (1 point, "
         "2 Wood, any place) reaches 10 and wins at once.",
         {"seat0": {"evolutions": NINE, "wood": 2, "krom": 1, "places": ["cave", "forest", "savanna"]}, "evolution_row": [1, 4, 8, 14]}),
    Spot("win_with_the_bigger_evolution", "Realize Evolutions: Fire and the Bow both need the 2 Wood; only "
         "the Bow's 3 points reach 10 from 7.",
         {"seat0": {"evolutions": SEVEN, "wood": 2, "bone": 2, "krom": 1, "places": ["cave", "forest", "savanna"]}, "evolution_row": [1, 14, 4, 8]}),
    Spot("win_with_two_evolutions", "Realize Evolutions: 8 points; Fire (2 Wood) and Stone tools (2 Krom, "
         "1 Stone) are both paid for: two in one Action phase reach 10.",
         {"seat0": {"evolutions": EIGHT, "wood": 2, "krom": 2, "stone": 1, "places": ["cave", "forest", "savanna"]}, "evolution_row": [1, 3, 8, 14]}),
    Spot("win_buying_the_missing_wood", "Cave: each Wood costs 3 Krom in services; 9 points, 1 Wood and 3 "
         "Krom: buy the Wood, realize Fire, win.",
         {"seat0": {"evolutions": NINE, "wood": 1, "krom": 3, "places": ["cave", "forest", "savanna"]}, "evolution_row": [1, 8, 14, 18]}),
    Spot("win_with_the_raft_in_the_forest", "Realize Evolutions: an Evolution with a place symbol is realized "
         "only there; in the Forest with 3 Wood, the Raft's 2 points reach 10.",
         {"seat0": {"evolutions": EIGHT, "wood": 3, "places": ["forest", "cave", "savanna"]}, "evolution_row": [11, 4, 18, 20], "picking_deck": list(range(20))}),
    Spot("win_with_the_menhir_on_the_mountain", "Realize Evolutions: the Menhir (Mountain) with 1 Krom and 3 "
         "Stone: 7 + 3 = 10.",
         {"seat0": {"evolutions": SEVEN, "krom": 1, "stone": 3, "places": ["mountain", "cave", "savanna"]}, "evolution_row": [18, 4, 11, 20]}, rolls=(1, 2, 3, 4, 6) * 5),
    Spot("win_with_the_wolf_in_the_savanna", "Realize Evolutions: the Tamed wolf (Savanna) with 2 Krom and 3 "
         "Bone: 7 + 3 = 10, before or after the hunt.",
         {"seat0": {"evolutions": SEVEN, "krom": 2, "bone": 3, "places": ["savanna", "cave", "forest"]}, "evolution_row": [20, 4, 11, 18]}, rolls=(6,) * 6),
    # -- Mountain --------------------------------------------------------------------------------
    Spot("take_the_stones_the_menhir_needs", "Mountain: four identical scores pay 3 Stone or 3 Bonus cards; "
         "the Stone pays for the Menhir (1 Krom, 3 Stone) and wins from 7.",
         {"seat0": {"evolutions": SEVEN, "krom": 1, "places": ["mountain", "cave", "savanna"]}, "evolution_row": [18, 4, 11, 20]}, rolls=(5, 5, 5, 5, 2) + (5,) * 20),
    Spot("keep_the_four_of_a_kind", "Mountain: a reroll may reroll part of the dice and keep the others; "
         "rerolling the four 5s throws 3 Stone away.",
         {"seat0": {"krom": 4, "places": ["mountain", "cave", "savanna"]}, "evolution_row": [1, 4, 11, 20]}, rolls=(5, 5, 5, 5, 2) + (1, 2, 3, 4, 6) * 4, judge=("gets", 3)),
    # -- Savanna ---------------------------------------------------------------------------------
    Spot("hunt_the_bone_the_wolf_needs", "Savanna: extra dice cost 2 Krom each; the Tamed wolf needs the 2 "
         "Krom and one more Bone: hunt the Hare (1 Bone) with its one die, keep the Krom, win.",
         {"seat0": {"evolutions": SEVEN, "krom": 2, "bone": 2, "places": ["savanna", "cave", "forest"]}, "evolution_row": [20, 4, 11, 18], "hunting_row": [1, 0, 16, 15]}, rolls=(6,) * 6),
    # -- Cave ------------------------------------------------------------------------------------
    Spot("realize_wall_painting_in_the_cave", "Cave and Realize Evolutions: Wall painting (4 Krom) is realized "
         "only in the Cave: a point now.",
         {"seat0": {"krom": 4, "places": ["cave", "forest", "savanna"]}, "evolution_row": [4, 11, 18, 20]},
         judge=("gains", 1)),
    Spot("realize_the_hut_not_the_fire", "Realize Evolutions: the Hut (1 Krom, 3 Wood) scores 2, Fire (2 "
         "Wood) 1; both need the Wood.",
         {"seat0": {"krom": 1, "wood": 3, "places": ["cave", "forest", "savanna"]}, "evolution_row": [1, 8, 11, 18]},
         judge=("gains", 2)),
    # -- Movement phase: go where the win is -----------------------------------------------------
    Spot("go_to_the_forest_for_the_raft", "Movement phase and Realize Evolutions: the Raft (3 Wood) is "
         "realized only in the Forest: 8 + 2 = 10.",
         {"seat0": {"evolutions": EIGHT, "wood": 3, "places": ["cave", "cave", "cave"]}, "evolution_row": [11, 4, 18, 20]}, act=False, judge=("goes", "forest")),
    Spot("go_to_the_mountain_for_the_menhir", "Movement phase: the Menhir is realized only on the Mountain; "
         "1 Krom and 3 Stone make 7 + 3 = 10.",
         {"seat0": {"evolutions": SEVEN, "krom": 1, "stone": 3, "places": ["cave", "cave", "cave"]}, "evolution_row": [18, 4, 11, 20]}, act=False, judge=("goes", "mountain")),
    Spot("go_to_the_savanna_for_the_wolf", "Movement phase: players must move each round; from the Forest, "
         "the Tamed wolf (Savanna) wins with 2 Krom and 3 Bone.",
         {"seat0": {"evolutions": SEVEN, "krom": 2, "bone": 3, "places": ["forest", "cave", "cave"]}, "evolution_row": [20, 4, 11, 18]}, act=False, judge=("goes", "savanna")),
    Spot("go_back_to_the_cave_for_the_painting", "Movement phase: Wall painting (4 Krom) only in the Cave; "
         "from the Mountain with 4 Krom and 9 points, the Cave wins.",
         {"seat0": {"evolutions": NINE, "krom": 4, "places": ["mountain", "forest", "forest"]}, "evolution_row": [4, 11, 18, 20]}, act=False, judge=("goes", "cave")),
]

# Positions only Hard must get right: what a destination is worth shows past the round's first move (a
# Normal's one-move look picks by the place alone and fails them; tools/levels_table shows it for scale).
HARD_SPOTS = [
    Spot("no_bone_hunt_when_every_card_asks_for_stone", "Realize Evolutions, Savanna, Mountain and Cave: "
         "with 7 Bone and no Stone, every Evolution in view (Agriculture, Shamanism, Village, Grinding stone) "
         "asks for 2 Stone; the Savanna's prey pay only Bone, the Mountain's combinations and the Cave's "
         "services pay Stone. (Random won a Hard-Random arena game, seed 1, the 15th, by 11 to 5 while Hard "
         "hunted Bone round after round.)",
         {"seat0": {"evolutions": (1,), "krom": 3, "wood": 1, "bone": 7, "places": ["forest", "cave", "cave"]},
          "evolution_row": [24, 23, 22, 12], "hunting_row": [1, 4, 9, 15]}, act=False, judge=("avoids", "savanna")),
    Spot("go_to_the_cave_to_buy_the_stone_the_wheel_needs", "Cave, Movement phase and Realize Evolutions: "
         "each Stone costs 3 Krom in services; with 15 Krom, 5 Wood and no Stone, the Cave pays the 2 Stone the "
         "Wheel (4 points: 2 Krom, 3 Wood, 2 Stone) asks for and realizes it this round; no other place gives 2 "
         "Stone for sure. (Hard held 9-19 Krom without Stone for 13 rounds of a fixed-budget game against "
         "Random, seed 1, the 66th, and needed 20 rounds to win.)",
         {"seat0": {"krom": 15, "wood": 5, "bone": 1, "places": ["mountain", "forest", "savanna"]},
          "evolution_row": [10, 16, 21, 18], "hunting_row": [3, 14, 9, 6]}, act=False, judge=("goes", "cave")),
]


def whole_move(state, level: str, seed: int):
    """Seat 0's decisions until another seat has a real choice or the phase moves on; forced passes of
    other seats are answered."""
    bot = make_bot(level, "krom", **OPTIONS[level])
    rng = Rng(700 + seed)
    phase = state.phase
    actions = []
    for _ in range(60):
        if state.to_move is None or state.phase != phase:
            break
        legal = rules.legal_actions(state)
        if state.to_move != 0:
            if [str(a) for a in legal] != ["pass"]:
                break
            state, _ = rules.apply(state, legal[0])
            continue
        state = bot_step(bot, rules, state, rng, actions)
    return state, actions


def verdict(spot: Spot, start, end) -> str | None:
    kind = spot.judge[0]
    if kind == "wins":
        result = rules.outcome(end)
        return None if result is not None and result.winners == (0,) else "the win was there and not taken"
    if kind == "gains":
        got = points(end, 0) - points(start, 0)
        return None if got >= spot.judge[1] else f"it scored {got} Evolution points, {spot.judge[1]} were there"
    if kind == "goes":
        pick = end.picks[0]
        want = rules.PLACES.index(spot.judge[1])
        return None if pick == want else f"it picked {pick}, not the {spot.judge[1]}"
    if kind == "avoids":
        pick = end.picks[0]
        return None if pick != rules.PLACES.index(spot.judge[1]) else f"it picked the {spot.judge[1]}"
    p0, p1 = start.players[0], end.players[0]
    got = (p1.stone - p0.stone) + (len(p1.hand) - len(p0.hand))
    return None if got >= spot.judge[1] else f"it came away with {got} Stone and Bonus cards"


@pytest.mark.parametrize("spot", SPOTS, ids=[s.name for s in SPOTS])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_get_every_position_right(spot, level):
    for seed in TRIES:
        start = spot.state(seed)
        assert rules.outcome(start) is None
        end, actions = whole_move(start, level, seed)
        problem = verdict(spot, start, end)
        assert problem is None, f"{level}, try {seed}: {problem} ({spot.reason}) moves: {actions}"


@pytest.mark.parametrize("spot", HARD_SPOTS, ids=[s.name for s in HARD_SPOTS])
def test_hard_gets_the_positions_past_the_first_move_right(spot):
    for seed in TRIES:
        start = spot.state(seed)
        end, actions = whole_move(start, "hard", seed)
        problem = verdict(spot, start, end)
        assert problem is None, f"hard, try {seed}: {problem} ({spot.reason}) moves: {actions}"


def test_the_suite_has_fifteen_positions():
    assert len(SPOTS) >= 15 and len({s.name for s in SPOTS}) == len(SPOTS)


@pytest.mark.parametrize("spot", SPOTS + HARD_SPOTS, ids=[s.name for s in SPOTS + HARD_SPOTS])
def test_a_blundering_move_fails_the_position(spot):
    """Each position can be failed (a test that cannot fail is a defect): some line of random legal
    moves of seat 0, over a few seeds, fails it."""
    for seed in range(12):
        start = spot.state(1)
        rng = Rng(seed)
        s = start
        for _ in range(40):
            if s.to_move is None or s.phase != start.phase:
                break
            options = rules.legal_actions(s)
            if s.to_move != 0 and [str(a) for a in options] != ["pass"]:
                break
            s, _ = rules.apply(s, options[rng.below(len(options))])
        if verdict(spot, start, s) is not None:
            return
    raise AssertionError("no random line of play fails this position")
