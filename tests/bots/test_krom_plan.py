"""Krom Hard's destination pick (game/bots/krom_plan.py): each place played through the round, the
rivals modelled as Normals, nothing hidden looked at."""

from __future__ import annotations

from game import krom as rules
from game.bots import make_bot
from game.bots.krom import KIT
from game.bots.krom_plan import (SURPLUS, _normal_picks, fair_score, normal_pick, pick_destination, play_round, rollout_choice,
                                 round_values, wanted)
from game.core.rng import Rng
from game.krom import HIDDEN
from game.krom.testing import action_phase, position, with_rolls


def _picks_met(seeds=range(3), players=4):
    """(state, seat) at each destination pick of a few games played by Normals."""
    bots = [make_bot("normal", "krom") for _ in range(players)]
    for seed in seeds:
        state = rules.new_game(rules.Setup(players=players), seed)
        rng = Rng(seed)
        for _ in range(600):
            if state.to_move is None:
                break
            seat = state.to_move
            legal = rules.legal_actions(state)
            if state.phase == "move" and len(legal) > 1:
                yield state, seat
            action, _ = bots[seat].choose(rules.view(state, seat), seat, legal, rng)
            state, _ = rules.apply(state, action)


def test_movement_phase_the_rivals_pick_as_normal_does():
    """The model of a rival's secret pick is the destination a Normal bot picks from the same view. (The
    last seat to pick is left out: its pick reveals all of them and starts the first combat, so a Normal
    judges it on sampled picks and dice, and the model on the sample it plays.)"""
    checked = 0
    for state, seat in _picks_met(range(2)):
        if all(p is not None for i, p in enumerate(state.picks) if i != seat):
            continue
        legal = rules.legal_actions(state)
        view = rules.view(state, seat)
        normal, _ = make_bot("normal", "krom").choose(view, seat, legal, Rng(checked))
        assert normal_pick(KIT, view, seat, legal) == normal
        checked += 1
    assert checked >= 15


def test_movement_phase_the_pick_is_secret_the_guess_uses_only_the_view():
    """A rival's pick made before ours is hidden: two tables that differ only in that pick give the same
    guess and the same choice, and the guess is a place the rival may go to."""
    checked = 0
    for state, seat in _picks_met(range(3)):
        before = [i for i, p in enumerate(state.picks) if i != seat and p is not None]
        if not before:
            continue
        other = before[0]
        here = state.players[other].place
        places = [p for p in range(len(rules.PLACES)) if p not in (here, state.picks[other])]
        twin = state.clone()
        twin.picks = tuple(places[0] if i == other else p for i, p in enumerate(state.picks))
        view, twin_view = rules.view(state, seat), rules.view(twin, seat)
        assert view == twin_view and view.picks[other] == HIDDEN
        legal = rules.legal_actions(state)
        sample = KIT.determinize(view, seat, Rng(5))
        guessed = _normal_picks(KIT, view, sample, seat).picks[other]
        assert guessed not in (None, HIDDEN, here)
        assert pick_destination(KIT, view, seat, legal, Rng(9), samples=4) == \
            pick_destination(KIT, twin_view, seat, legal, Rng(9), samples=4)
        checked += 1
        if checked >= 6:
            break
    assert checked >= 6


def test_movement_phase_each_place_is_played_to_the_next_round():
    """A played-out round stops at the next Movement phase (or the game's end), every seat's pick made."""
    for state, seat in _picks_met(range(1)):
        legal = rules.legal_actions(state)
        after = rules.apply(KIT.determinize(rules.view(state, seat), seat, Rng(1)), legal[0])[0]
        end = play_round(KIT, after, Rng(2), guess=False)
        assert rules.outcome(end) is not None or (end.phase == "move" and end.round == state.round + 1)
        action, means = pick_destination(KIT, rules.view(state, seat), seat, legal, Rng(3), samples=3)
        assert action in legal and len(means) == len(legal) and all(0 <= m <= 1 for m in means)
        break


def test_hard_picks_its_destination_by_the_played_out_round():
    """Hard's Movement-phase choice is the planner's, with a reason that says so."""
    for state, seat in _picks_met(range(1)):
        legal = rules.legal_actions(state)
        view = rules.view(state, seat)
        bot = make_bot("hard", "krom", iterations=20)
        action, reason = bot.choose(view, seat, legal, Rng(4))
        assert action in legal and bot.last.get("plan")
        assert "round played out" in reason
        break


def _counting_rules():
    """The rules' names, with an `apply` that counts the actions it applies (in `applied[0]`)."""
    import types

    applied = [0]

    def apply(s, a):
        applied[0] += 1
        return rules.apply(s, a)

    names = {k: getattr(rules, k) for k in dir(rules) if not k.startswith("__")}
    return types.SimpleNamespace(**{**names, "apply": apply}), applied


def test_movement_phase_hard_with_a_fixed_iterations_budget_and_no_clock_bounds_its_plan_by_it():
    """A quick test's Hard (2 iterations, no clock) plays out a sliver of the rounds; from FULL (the tactics
    suite's 150) up it is the whole plan, as with no budget at all (a Hard with a clock passes none)."""
    import dataclasses

    from game.bots.krom_plan import FULL, deep_plan
    from game.bots.levels import HardBot

    state, seat = next(_picks_met(range(1)))
    legal = rules.legal_actions(state)
    applied = {}
    for iterations in (2, FULL):
        counted, n = _counting_rules()
        bot = HardBot(dataclasses.replace(KIT, rules=counted), iterations=iterations)
        action, _ = bot.choose(rules.view(state, seat), seat, legal, Rng(2))
        assert action in legal and bot.last.get("plan")
        applied[iterations] = n[0]
    whole, n = _counting_rules()
    deep_plan(dataclasses.replace(KIT, rules=whole), rules.view(state, seat), seat, legal, Rng(2))
    assert applied[FULL] == n[0]
    assert applied[2] * 5 < applied[FULL]
    assert KIT.counted_plan and not KIT.timed_plan


def test_action_phase_hard_plans_its_choices_through_the_round():
    """In its Action phase (more than one thing to do, no win to take at once) Hard plays each option
    through the round too: its choice is legal and its reason says so."""
    bots = [make_bot("normal", "krom") for _ in range(4)]
    state = rules.new_game(rules.Setup(players=4), 7)
    rng = Rng(7)
    for _ in range(600):
        seat = state.to_move
        legal = rules.legal_actions(state)
        view = rules.view(state, seat)
        if rules.decision(state).kind == "main" and len(KIT.prune(view, legal)) > 1 and KIT.urgent(view, legal) is None:
            bot = make_bot("hard", "krom", iterations=20)
            action, reason = bot.choose(view, seat, legal, Rng(4))
            assert action in legal and bot.last.get("plan") and "round played out" in reason
            return
        action, _ = bots[seat].choose(view, seat, legal, rng)
        state, _ = rules.apply(state, action)
    raise AssertionError("no Action phase with a choice met")


def test_realize_evolutions_the_round_end_counts_a_surplus_resource_a_quarter():
    """Realize Evolutions: resources are worth what the Evolutions ask for. At the round's end Hard counts
    a Wood, Stone or Bone beyond one card's cost in view (at least 2 of each) as `SURPLUS` of a wanted
    one; with no surplus anywhere it judges as the kit's evaluation does."""
    row = [24, 23, 22, 12]  # Agriculture, Shamanism, Village, Grinding stone: 3 Wood, 2 Stone, 2 Bone at most
    even = position(("alma", "morhy"), krom=[3, 3], wood=[1, 1], stone=[2, 2], bone=[2, 2], evolution_row=row)
    assert wanted(even) == {"wood": 3, "stone": 2, "bone": 2}
    assert round_values(KIT, even) == KIT.values(even)
    hoard = position(("alma", "morhy"), krom=[3, 3], wood=[1, 1], stone=[0, 2], bone=[9, 2], evolution_row=row)
    # the kit counts 9 Bone above 2 Stone and 2 Bone; Hard's judgement puts the wanted Stone first
    assert KIT.values(hoard)[0] > KIT.values(even)[0]
    assert round_values(KIT, hoard)[0] < round_values(KIT, even)[0]
    assert 0 < SURPLUS < 1


def test_savanna_a_played_out_hunt_is_chosen_by_its_odds_not_by_the_dice_to_come():
    """Savanna: the dice are rolled after the prey and the extra dice are chosen. In a played-out round the
    hunter chooses by each hunt's odds: the same hunt whether the sampled position's next dice are all
    sixes, threes or ones (judged on what those dice would bring, the Mammoth with its 3 dice looked sure
    on sixes, and worth 2 extra dice on threes)."""
    start = action_phase(position(("alma", "morhy"), places=["savanna", "cave"], krom=[4, 5],
                                  hunting_row=[16, 1, 3, 12]), 0)  # Mammoth, Hare, Dodo, Cave bear
    legal = rules.legal_actions(start)
    assert any(a.kind == "hunt" for a in legal)
    chosen = set()
    for face in (6, 3, 1):
        s = with_rolls(start, [face] * 12)
        chosen.add(str(rollout_choice(KIT, s, legal, Rng(3))))
    assert len(chosen) == 1, chosen
    # a catch that is certain is judged as sure, a hopeless one as a miss
    hare = next(a for a in legal if a.kind == "hunt" and a.args == (1, 2))
    caught = KIT.score(rules.apply(with_rolls(start, [6] * 3), hare)[0], 0)
    assert fair_score(KIT, start, 0, hare, Rng(1)) == caught


def test_cave_a_played_out_round_buys_the_stone_an_evolution_lacks():
    """Cave: each Wood, Stone or Bone costs 3 Krom in services. With 15 Krom, 5 Wood and no Stone, the
    played-out round of Hard's own seat buys the 2 Stone the Wheel (4 points) asks for and realizes it,
    where Normal's one-move look rests."""
    start = action_phase(position(("alma", "morhy"), places=["cave", "forest"], krom=[15, 5], wood=[5, 0],
                                  evolution_row=[10, 16, 21, 18]), 0)
    end = play_round(KIT, start, Rng(2), guess=False, me=0)
    assert 21 in end.players[0].evolutions
    rested = play_round(KIT, start, Rng(2), guess=False)
    assert 21 not in rested.players[0].evolutions
