"""The rule-module API: views and hot-seat secrecy, plain-data round trips, refusals, events, queries, saves, demo."""

import json

import pytest

from game import krom, registry
from game.core import Action, IllegalAction
from game.core.api import check_module
from game.core.rng import Rng
from game.core.save import SaveError, new_save, parse_save, replay
from game.krom import HIDDEN, Setup, State, apply, check_invariants, decision, legal_actions, new_game, view
from game.core.decision import HIDDEN as core_hidden
from game.core.decision import Decision
from game.krom.events import BonusDrawn, Damaged, DiceRolled, GameOver, Healed, KnockedOut, MountainScored, Stole, describe
from game.krom.redact import redact
from game.krom import action_order, combat_standing, playable_bonuses
from game.krom.testing import action_phase, finish_phase, position, run, run_passing, with_rolls


def play_random(setup, seed, steps):
    s, rng = new_game(setup, seed), Rng(seed)
    for _ in range(steps):
        actions = legal_actions(s)
        if not actions:
            break
        s, _ = apply(s, krom.playout_choice(s, actions, rng))
    return s


def test_the_module_has_the_whole_api_and_is_registered():
    check_module(krom)
    assert registry.load("krom") is krom and krom.GAME_ID == "krom" and krom.TITLE == "Krom: Evolution"


class TestViews:
    def test_other_hands_are_hidden_but_counted(self):
        s = position(["alma", "morhy", "valkyr"], hands=[[13, 20], [9], []])
        v = view(s, 0)
        assert [p.hand for p in v.players] == [(13, 20), (HIDDEN,), ()]
        assert [p.hand for p in view(s, None).players] == [(HIDDEN, HIDDEN), (HIDDEN,), ()]

    def test_deck_orders_and_the_random_generator_are_hidden(self):
        s = play_random(Setup(4, kromosaurus=True), 3, 60)
        v = view(s, 1)
        for deck in ("bonus_deck", "picking_deck", "hunting_deck", "evolution_deck"):
            assert getattr(v, deck) == (HIDDEN,) * len(getattr(s, deck))
        assert v.rng != s.rng and v.hunting_row == s.hunting_row and v.bonus_discard == s.bonus_discard

    def test_the_seat_to_move_sees_enough_to_list_its_own_actions(self):
        for seed in range(3):
            s, rng = new_game(Setup(4, glacial=True, kromosaurus=True), seed), Rng(seed)
            while actions := legal_actions(s):
                assert legal_actions(view(s, s.to_move)) == actions
                s, _ = apply(s, krom.playout_choice(s, actions, rng))

    def test_views_serialize_and_leave_the_state_alone(self):
        s = play_random(Setup(5, glacial=True), 8, 40)
        before = s.to_dict()
        for seat in (None, 0, 1, 2, 3, 4):
            json.dumps(view(s, seat).to_dict())
        assert s.to_dict() == before

    def test_a_bonus_being_aimed_stays_secret_until_it_is_played(self):
        s = action_phase(position(["alma", "morhy", "valkyr"], hands=[[17], [9], []]), 0)
        s, _ = run(s, "play 17")
        assert view(s, 0).play.card == 17 and view(s, 0).play.stage == "target"
        for seat in (1, 2, None):  # not even the stage: the table sees Alma thinking in her Action phase
            assert view(s, seat).play is None and decision(view(s, seat)).kind == "main"
            assert view(s, seat).players[0].hand == (HIDDEN,)
        s, _ = run(s, "target 2")
        assert view(s, 1).play.card == 17 and view(s, 1).play.target == 2  # now shown to all: Mörhy may counter it

    def test_play_a_bonus_nobody_sees_who_else_will_be_asked_to_counter(self):
        s = action_phase(position(["alma", "morhy", "valkyr", "kolos"], hands=[[13], [9], [], [10]]), 0)
        s, _ = run(s, "play 13")
        assert s.play.asked == (1, 2, 3)  # everyone else, whatever their hand
        for seat in (0, 1, 2, 3, None):
            assert view(s, seat).play.asked == (1,)  # only the seat answering now, who is to move anyway

    def test_a_pick_is_only_known_as_picked_until_the_reveal(self):
        s, _ = run(position(["alma", "morhy", "valkyr"]), "go forest", "go mountain")
        assert view(s, 2).picks == (HIDDEN, HIDDEN, None)
        assert view(s, 1).picks == (HIDDEN, 3, None)

    def test_events_are_redacted_for_other_seats(self):
        drawn = BonusDrawn(1, 13)
        assert redact(drawn, 1) == drawn and redact(drawn, 0) == BonusDrawn(1, HIDDEN) and redact(drawn, None).card == HIDDEN
        stolen = Stole(0, 2, "bonus", 1, 13)
        assert redact(stolen, 0) == stolen and redact(stolen, 2) == stolen and redact(stolen, 1).card == HIDDEN
        assert redact(Stole(0, 2, "krom", 3), 1) == Stole(0, 2, "krom", 3)


class TestRoundTrips:
    @pytest.mark.parametrize("steps", [0, 5, 30, 90])
    def test_to_dict_from_dict_is_exact(self, steps):
        s = play_random(Setup(4, glacial=True, kromosaurus=True), 21, steps)
        again = State.from_dict(json.loads(json.dumps(s.to_dict())))
        assert again == s and again.to_dict() == s.to_dict()

    def test_pending_decisions_and_scripts_survive(self):
        s, _ = run(with_rolls(position(["kolos", "karok"], hp=[7, 2], hands=[[5], [6]]), [6, 1, 4]), "go forest", "go forest")
        assert decision(s).kind == "combat"
        again = State.from_dict(s.to_dict())
        assert again == s and again.rng.script == (4,)

    def test_a_save_replays_to_the_same_state(self):
        setup = Setup(3, ("alma", "kolos", "nukka"), glacial=True, kromosaurus=True)
        s, rng, actions = new_game(setup, 5), Rng(9), []
        for _ in range(120):
            a = krom.playout_choice(s, legal_actions(s), rng)
            s, _ = apply(s, a)
            actions.append(a)
        save = parse_save(new_save(krom, setup, 5, actions).to_text())
        module, _, loaded = replay(save)
        assert module is krom and loaded == s

    def test_a_save_from_the_version_1_rules_is_refused_with_the_reason(self):
        # Version 2 changed the legal actions (issue 20): an older save could not replay the same way.
        data = json.loads(new_save(krom, Setup(2), 1, []).to_text())
        data["version"] = 1
        with pytest.raises(SaveError, match="^the save is for version 1 of the Krom: Evolution rules; this program plays version 3$"):
            replay(parse_save(json.dumps(data)))

    def test_bonus_cards_swap_a_save_from_the_version_2_rules_is_refused_with_the_reason(self):
        # Version 3 made a swap one exchange, both sides or nothing, and a swap card playable without
        # your side (issue 31): a version-2 save could not replay the same way.
        data = json.loads(new_save(krom, Setup(2), 1, []).to_text())
        data["version"] = 2
        with pytest.raises(SaveError, match="^the save is for version 2 of the Krom: Evolution rules; this program plays version 3$"):
            replay(parse_save(json.dumps(data)))


class TestRefusals:
    def test_unknown_and_malformed_actions_name_the_problem(self):
        s = action_phase(position(["alma", "morhy"], places=["savanna", "cave"]), 0)
        cases = {
            "dance": "It is your Action phase in the Savanna: you may hunt, realize an Evolution, play a Bonus card or end your Action phase.",
            "hunt": "Write 'hunt SLOT EXTRA': the card's slot (0-3) and 0, 1 or 2 extra dice.",
            "hunt x 1": "Write 'hunt SLOT EXTRA': the card's slot (0-3) and 0, 1 or 2 extra dice.",
            "hunt 7 0": "There is no Hunting card there.",
            "realize zero": "Write 'realize SLOT' with the Evolution's slot (0-3).",
            "play 99": "You do not hold that Bonus card.",
            "end": "A player in the Savanna goes hunting: choose a prey first (a hunt with no extra dice is free).",
            "pick": "You can draw Picking cards only in the Forest; you are in the Savanna.",
        }
        before = s.to_dict()
        for text, reason in cases.items():
            with pytest.raises(IllegalAction) as info:
                apply(s, Action.parse(text))
            assert info.value.reason == reason, text
        assert s.to_dict() == before
        cave = action_phase(position(["alma", "morhy"], places=["cave", "forest"]), 0)
        assert krom.why_illegal(cave, Action.parse("end now")) == "'end' takes no argument."

    def test_every_listed_action_is_accepted_and_nothing_else_in_a_sample(self):
        s = play_random(Setup(3), 2, 25)
        for a in legal_actions(s):
            apply(s, a)
            assert krom.why_illegal(s, a) is None
        assert krom.why_illegal(s, Action("no-such-action")) is not None


class TestInvariants:
    @pytest.mark.parametrize(
        "breakage, message",
        [
            (lambda s: setattr(s.players[0], "hp", 8), "hit points 0-7: seat 0 has 8"),
            (lambda s: setattr(s.players[1], "hp", 0), "a player is stunned exactly at 0 hit points"),
            (lambda s: setattr(s.players[0], "wood", 1), "supply plus players' wood is constant: 13 != 12"),
            (lambda s: s.supply.update(krom=-1), "no negative tokens: the supply has -1 krom"),
            (lambda s: setattr(s, "bonus_discard", s.bonus_discard + s.players[0].hand), "every Bonus card is in exactly one place"),
            (lambda s: setattr(s.players[0], "evolutions", (21, 22, 23)), "every Evolution card is in exactly one place"),
            (lambda s: setattr(s, "trophy", 0), "no Kromosaurus without the option"),
            (lambda s: setattr(s, "to_move", 1), "seats pick in seat order"),
            (lambda s: setattr(s, "winner", 0), "the game is over exactly when it has a winner"),
        ],
    )
    def test_check_invariants_names_what_is_broken(self, breakage, message):
        s = new_game(Setup(3), 2).clone()
        check_invariants(s)
        breakage(s)
        with pytest.raises(AssertionError, match=message.replace("(", r"\(").replace(")", r"\)")):
            check_invariants(s)

    def test_points_at_the_target_without_a_winner_are_caught(self):
        # position() checks the invariants of the position it builds
        with pytest.raises(AssertionError, match=r"seat 0 has 12 points \(target 10\) but has not won"):
            position(["alma", "morhy"], evolutions=[[21, 22, 23], []])


class TestEventsText:
    def test_every_event_of_a_game_reads_as_english(self):
        s, rng = new_game(Setup(4, glacial=True, kromosaurus=True), 12), Rng(3)
        seen = set()
        while legal_actions(s):
            s, events = apply(s, krom.playout_choice(s, legal_actions(s), rng))
            for e in events:
                line = describe(e, s)
                assert line and line[0].isupper() and line.rstrip()[-1] in ".!", line
                assert "Player " not in line
                seen.add(type(e).__name__)
                json.dumps(e.to_dict())
        assert {"CombatWon", "ActionPhaseStarted", "EvolutionRealized", "GameOver", "DestinationsRevealed"} <= seen

    def test_some_exact_lines(self):
        s = position(["kolos", "karok"], hp=[7, 3], krom=[5, 5], hands=[[], []])
        s, events = run_passing(with_rolls(s, [6, 3]), "go forest", "go forest")
        lines = [describe(e, s) for e in events]
        assert "Combat in the Forest: Kolos vs Karok." in lines
        assert "Kolos wins the combat in the Forest. Order: Kolos (6), then Karok (3)." in lines
        assert "Karok loses 3 hit points (0 left)." in lines
        s, events = run(s, "steal krom")
        assert next(describe(e, s) for e in events) == "Kolos steals 3 Krom from Karok."
        assert describe(events[0]) == "Player 1 steals 3 Krom from Player 2."


class TestQueries:
    def test_playable_bonuses_explain_each_card(self):
        s = action_phase(position(["alma", "morhy"], hands=[[5, 9, 13, 27], []]), 0)
        assert playable_bonuses(s) == {
            5: "Club is a combat card: play it after the dice of a combat you fight in",
            9: "Not today! is a counter card: play it when another player plays a Bonus",
            13: None,
            27: "Woodpile can only be played in the Forest; you are in the Cave",
        }
        assert set(playable_bonuses(s, 1)) == set()

    def test_action_order_and_combat_standing(self):
        s = position(["alma", "morhy", "valkyr"], hands=[[5], [], []])
        s, _ = run(with_rolls(s, [2, 4]), "go forest", "go savanna", "go savanna")
        assert action_order(s) == [0, 1, 2]
        s, _ = finish_phase(s)
        s, _ = run_passing(s)
        assert combat_standing(s) == [] and action_order(s) == [2, 1]

    def test_combat_standing_during_a_card_window(self):
        s, _ = run(with_rolls(position(["alma", "kolos"], hands=[[5], []]), [3, 5]), "go savanna", "go savanna")
        assert decision(s).kind == "combat" and combat_standing(s) == [(1, 5), (0, 3)]
        assert action_order(s) == [1, 0]


class TestDemoAndPolicy:
    def test_demo_state_is_a_game_in_progress(self):
        s = krom.demo_state(4)
        assert s.round == 3 and decision(s).kind == "main" and s.setup == Setup()
        check_invariants(s)
        assert krom.demo_state(4) == s

    def test_the_policy_only_picks_legal_actions(self):
        s, rng = new_game(Setup(6, kromosaurus=True), 1), Rng(1)
        steps = 0
        while actions := legal_actions(s):
            steps += 1
            choice = krom.playout_choice(s, actions, rng)
            assert choice in actions
            s, _ = apply(s, choice)
        assert steps > 100 and krom.outcome(s) is not None

    def test_setups(self):
        assert krom.bench_setup() == Setup(4, glacial=True, kromosaurus=True)
        seen = {krom.random_setup(Rng(i)) for i in range(200)}
        assert {x.players for x in seen} == {2, 3, 4, 5, 6}
        assert {(x.glacial, x.kromosaurus, x.longer) for x in seen} == {(g, k, n) for g in (False, True) for k in (False, True) for n in (False, True)}


class TestSeam:
    """decision, why_illegal and redact: the three questions every board asks (issue 8)."""

    def test_each_pending_choice_is_a_decision_with_a_prompt_and_the_hand_is_private(self):
        s = action_phase(position(["alma", "morhy"], places=["forest", "cave"], hands=[[17], [9]]), 0)
        assert decision(s) == Decision(
            "main", 0, "Alma: your Action phase in the Forest: draw Picking cards, realize an Evolution, play a Bonus card or end", True
        )
        s, _ = run(s, "play 17")
        assert decision(s) == Decision("target", 0, "Alma: choose the player Evil eye targets, or cancel", True)
        s, _ = run(s, "target 1")
        assert decision(s) == Decision("counter", 1, "Mörhy: Alma plays Evil eye: counter it with a counter card, or pass", True)

    def test_steal_climb_and_reward_prompts_are_public(self):
        s, _ = run_passing(with_rolls(position(["kolos", "karok"], hp=[7, 3], hands=[[], []]), [6, 1]), "go forest", "go forest")
        d = decision(s)
        assert (d.kind, d.seat, d.private) == ("steal", 0, False) and "Karok" in d.prompt and "take nothing" in d.prompt
        s = action_phase(position(["alma", "morhy"], places=["mountain", "cave"], hands=[[], []]), 0)
        s, _ = run(with_rolls(s, [3, 3, 3, 5, 5]), "climb")
        assert decision(s) == Decision("climb", 0, "Alma: keep the dice you like and reroll the others for 1 Krom, or stop and take your reward", False)
        s, _ = run(s, "stop")
        assert decision(s) == Decision("reward", 0, "Alma: choose your Mountain reward: 2 Krom and 2 Stone or 2 Krom and 2 Bonus cards", False)

    def test_the_decision_once_over_has_no_seat(self):
        s = play_random(Setup(2), 4, 100_000)
        d = decision(s)
        assert d.kind == "over" and d.seat is None and d.prompt.endswith("Evolution points first.")

    @pytest.mark.parametrize(
        "junk",
        [None, "end", ["end"], 3, Action("end", ["x"]), Action("hunt", (0, [1])), Action("hunt", (0, None)), Action("hunt", (True, 0)), Action(7, ()), Action("end", "abc")],
    )
    def test_junk_is_refused_with_a_reason_and_never_a_crash(self, junk):
        s = action_phase(position(["alma", "morhy"], places=["savanna", "cave"]), 0)
        before = s.to_dict()
        reason = krom.why_illegal(s, junk)
        assert isinstance(reason, str) and reason
        with pytest.raises(IllegalAction) as info:
            apply(s, junk)
        assert info.value.reason == reason and s.to_dict() == before

    def test_apply_refuses_with_the_reason_why_illegal_gives(self):
        s = action_phase(position(["alma", "morhy"], places=["savanna", "cave"]), 0)
        for text in ("hunt 7 0", "rest", "go cave", "dance"):
            with pytest.raises(IllegalAction) as info:
                apply(s, Action.parse(text))
            assert info.value.reason == krom.why_illegal(s, Action.parse(text))

    def test_one_hidden_marker(self):
        assert krom.HIDDEN is core_hidden and redact(BonusDrawn(1, 13), 0).card == core_hidden

    def test_log_lines_use_words_not_ids(self):
        s = position(["kolos", "karok"])
        lines = [
            describe(MountainScored(0, (1, 1, 1, 2, 2), "full_house"), s),
            describe(DiceRolled(-1, "combat", (4,), 2), s),
            describe(Damaged(1, 1, 6, "cold"), s),
            describe(Healed(1, 7, 7, "recovered"), s),
            describe(KnockedOut(1), s),
            describe(GameOver((0,), "Kolos reached 10 Evolution points first.", 10), s),
        ]
        assert lines == [
            "Kolos stops climbing with 1, 1, 1, 2 and 2: a full house.",
            "Kromosaurus rolls for the combat: 4 +2.",
            "Karok shivers in the cold and loses 1 hit point (6 left).",
            "Karok is back on their feet with 7 hit points.",
            "Karok is stunned and loses this round's Action phase.",
            "Kolos reaches 10 Evolution points and becomes the new chief!",
        ]
        assert all("_" not in line for line in lines)

    def test_a_drawn_card_is_a_reveal_for_undo(self):
        s = action_phase(position(["alma", "morhy"], places=["forest", "cave"], hands=[[], []]), 0)
        after, events = apply(s, Action("pick"))
        assert krom.reveals(s, Action("pick"), after, events)
        s, _ = run(s, "pick")
        after, events = apply(s, Action("end"))
        assert not krom.reveals(s, Action("end"), after, events)


def test_clone_copies_every_field_and_shares_no_mutable_part():
    """State.clone sets each field itself (no generated __init__): a field added later must be copied too."""
    import dataclasses

    s = new_game(krom.random_setup(Rng(3)), 3)
    c = s.clone()
    for f in dataclasses.fields(State):
        assert hasattr(c, f.name), f.name
    assert c == s and c.to_dict() == s.to_dict()
    assert c.players is not s.players and all(a is not b for a, b in zip(c.players, s.players))
    assert c.supply is not s.supply and c.rng is not s.rng
