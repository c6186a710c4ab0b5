"""game/bots/khrysos_plan.py (issue 33): Khrysos' Normal plays each option to the end of its turn and
judges the end with the rules' tactics; Hard meets the best plans with the rivals' replies. Structure
only (strength is the arena's)."""

from game import khrysos as rules
from game.bots import kit, make_bot
from game.bots.khrysos_deep import _Work, _faces, _key, deep_plan, rival_turn, turn_ends
from game.bots.khrysos_plan import _turn_key, best_end, plan, turn_values
from game.core.rng import Rng
from game.khrysos.testing import hunter, position

KIT = kit("khrysos")


def _spot(at=(2, 1), endurance=2, treasure=4, energy=6):
    return position([hunter("Elia Rose", seat=0, at=at, endurance=endurance, treasure=treasure),
                     hunter("Torvald Grimm", seat=1, at=(1, 1)), hunter("Oren Ash", seat=0, at=(0, 8)),
                     hunter("Nyx Arden", seat=1, at=(8, 8))], energy=energy, seed=3)


def test_damage_and_endurance_a_turn_ended_in_a_rivals_reach_is_judged_worse():
    # Torvald Grimm's Hit Range 1 [Damage 2] retires a 2-endurance Elia Rose beside him on 5 rolls in 6.
    near = rules.apply(_spot(at=(2, 1)), rules.legal_actions(_spot(at=(2, 1)))[-1])[0]
    far = rules.apply(_spot(at=(7, 1)), rules.legal_actions(_spot(at=(7, 1)))[-1])[0]
    assert str(rules.legal_actions(_spot())[-1]) == "end"
    assert turn_values(KIT, near, 0) < turn_values(KIT, far, 0)


def test_during_your_turn_the_best_end_is_where_the_turn_is_over():
    s = _spot()
    value, end = best_end(KIT, s, 0)
    assert _turn_key(end) != _turn_key(s) or end.to_move is None
    assert 0.0 <= value <= 1.0


def test_normal_follows_its_plan_in_its_own_turn_and_looks_one_move_elsewhere():
    s = _spot()
    legal = rules.legal_actions(s)
    chosen, reason = make_bot("normal", "khrysos").choose(rules.view(s, 0), 0, legal, Rng(7))
    planned = plan(KIT, rules.view(s, 0), 0, legal, Rng(7))
    assert planned is not None and chosen == planned[0] and reason
    deploy = rules.new_game(rules.Setup(players=2), 1)
    assert plan(KIT, rules.view(deploy, deploy.to_move), deploy.to_move, rules.legal_actions(deploy), Rng(1)) is None


def test_hard_deep_plan_gives_a_legal_action_and_a_reason():
    s = _spot()
    legal = rules.legal_actions(s)
    found = deep_plan(KIT, rules.view(s, 0), 0, legal, Rng(2), width=2, budget=40)
    assert found is not None and found[0] in legal and found[1]


def _ended(s):
    return rules.apply(s, rules.legal_actions(s)[-1])[0]  # `end`: the rival's card is about to roll


def test_during_your_turn_roll_the_die_hard_meets_the_rivals_reply_on_every_face():
    faces = _faces(KIT, _ended(_spot()), 0, Rng(4))
    assert sorted(t.energy for t in faces) == [1, 2, 3, 4, 5, 6]
    assert all(t.phase == "active" and t.to_move == 1 for t in faces)


def test_during_your_turn_the_rivals_reply_is_played_until_our_next_card_begins():
    for t in _faces(KIT, _ended(_spot()), 0, Rng(5)):
        after = rival_turn(KIT, t, 0, _Work(100))
        assert after.to_move is None or (after.cards[after.turn].seat == 0 and after.phase != "active")


def test_activating_your_hunter_hard_finds_every_way_its_turn_can_end_normals_included():
    s = _spot(energy=3)
    ends = turn_ends(KIT, s, 0)
    legal = rules.legal_actions(s)
    assert all(first in legal for _end, first in ends.values())
    assert all(end.to_move is None or _turn_key(end) != _turn_key(s) for end, _first in ends.values())
    # Normal's planned end of every option is among them (the walk is complete with 3 energy)
    keys = {_key(end) for end, _first in ends.values()}
    for a in KIT.prune(s, legal):
        after = rules.apply(s, a)[0]
        assert _key(after if str(a) == "end" else best_end(KIT, after, 0)[1]) in keys
    assert len(turn_ends(KIT, s, 0, limit=5)) < len(ends)  # the limit holds


def test_activating_your_hunter_hard_meets_more_ends_while_its_clock_allows():
    s = _spot()
    legal = rules.legal_actions(s)
    met = {}
    for name, stop in (("spent", lambda: True), ("time left", lambda: False)):
        memory: dict = {}
        found = deep_plan(KIT, rules.view(s, 0), 0, legal, Rng(2), width=2, budget=600, memory=memory, stop=stop, widest=5)
        assert found is not None and found[0] in legal
        met[name] = len(memory) - 1  # the judged ends, beside the turn's key
    assert met == {"spent": 2, "time left": 5}
    assert KIT.timed_plan  # Hard hands its clock to this planner


class _Counted:
    """The rules, counting the actions applied."""

    def __init__(self):
        self.applied = 0

    def __getattr__(self, name):
        return getattr(rules, name)

    def apply(self, s, a):
        self.applied += 1
        return rules.apply(s, a)


def test_hard_with_a_fixed_iterations_budget_and_no_clock_bounds_its_plan_by_it():
    """A quick test's Hard (2 iterations, no clock) does a sliver of the plan's work; 120 iterations (the tactics
    suite's) is the whole plan, as without a budget."""
    import dataclasses

    from game.bots.levels import HardBot

    s = _spot()
    legal = rules.legal_actions(s)
    applied = {}
    for iterations in (2, 120):
        counted = _Counted()
        bot = HardBot(dataclasses.replace(KIT, rules=counted), iterations=iterations)
        action, _ = bot.choose(rules.view(s, 0), 0, legal, Rng(2))
        assert action in legal and bot.last.get("plan")
        applied[iterations] = counted.applied
    whole = _Counted()
    deep_plan(dataclasses.replace(KIT, rules=whole), rules.view(s, 0), 0, legal, Rng(2))
    assert applied[120] == whole.applied
    assert applied[2] * 5 < applied[120]


def test_steal_hard_judges_treasure_in_a_thiefs_reach_at_risk_and_normal_is_unchanged():
    """Steal: Mara Quill (seat 1) can take 1 or 2 treasure from a hunter near her next turn. Hard's judgement
    (HARD_WEIGHTS) of seat 0 drops when its rich hunter ends a turn beside her, not when it has no treasure or
    stands far off; Normal's (TURN_WEIGHTS) has no Steal term."""
    from game.bots.khrysos_plan import HARD_WEIGHTS, TURN_WEIGHTS

    def spot(at, treasure):
        return position([hunter("Mara Quill", seat=1, at=(1, 1)), hunter("Oren Ash", seat=0, at=at, treasure=treasure),
                         hunter("Vex Orion", seat=1, at=(8, 8)), hunter("Elia Rose", seat=0, at=(8, 0))], turn=1, seed=3)

    def drop(at, treasure):
        s = spot(at, treasure)
        return turn_values(KIT, s, 0, TURN_WEIGHTS) - turn_values(KIT, s, 0, HARD_WEIGHTS)

    assert drop((2, 1), 5) > 0.05
    assert drop((2, 1), 0) == 0 and drop((8, 4), 5) == 0
    assert TURN_WEIGHTS.get("steal", 0) == 0


def test_steal_hard_does_not_end_its_turn_with_treasure_beside_a_thief_when_it_can_walk_away():
    """Steal: Vex Orion holds 5 treasure one square from Mara Quill, whose Pickpocket (Range 0 [Steal 1]) and
    Grand Heist (Range 1 [Steal 2]) rob a neighbour on most rolls; with 4 energy he can walk out of her reach.
    Hard's whole turn (the tactics suite's budget, 3 seeded tries) ends where her expected haul is small."""
    from game.bots.khrysos_plan import _theft
    from tests.bots.suite import bot_step

    for seed in (1, 2, 3):
        s = position([hunter("Vex Orion", seat=0, at=(2, 1), treasure=5), hunter("Mara Quill", seat=1, at=(1, 1)),
                      hunter("Elia Rose", seat=0, at=(0, 8)), hunter("Nyx Arden", seat=1, at=(8, 8))], energy=4, seed=seed)
        assert _theft(s, 0) > 1  # where he stands, she takes more than 1 treasure on average
        bot = make_bot("hard", "khrysos", iterations=120)
        rng, actions, end = Rng(500 + seed), [], s
        while end.to_move is not None and end.turn == s.turn:
            end = bot_step(bot, rules, end, rng, actions)
        assert end.cards[0].at is not None and _theft(end, 0) < 0.5, f"try {seed}: {actions}"
