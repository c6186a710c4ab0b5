"""The rules' answers to the board (game.krom.queries): gestures become legal actions or the rules' reason,
facts give the numbers a player reads. Named after the rulebook sections whose rules they answer."""

from fractions import Fraction

import pytest

import game.krom as krom
from game.core.actions import Action
from game.krom import testing as kt
from game.krom.testing import action_phase, position, run, with_rolls

CLUB, COUNTER, STASH, PICKPOCKET, WOODPILE = 5, 9, 13, 21, 27


def at(place, **kw):
    other = "forest" if place == "cave" else "cave"
    kw.setdefault("hands", [[], []])
    return action_phase(position(["alma", "morhy"], places=[place, other], **kw), 0)


def seen(state, seat):
    """The state as `seat` sees it, and the legal actions when it is that seat's decision."""
    return krom.view(state, seat), (krom.legal_actions(state) if state.to_move == seat else [])


class TestMovementPhase:
    def test_movement_phase_a_destination_card_plays_its_go_or_says_why(self):
        s = position()
        v, legal = seen(s, 0)
        assert krom.go(v, legal, 1).actions == (Action("go", ("forest",)),)
        cave = krom.go(v, legal, 0)
        assert not cave.ok and "must move" in cave.reason
        other, other_legal = seen(s, 1)
        assert krom.go(other, other_legal, 1).reason == "it is not your decision now"

    def test_movement_phase_each_seat_reads_picked_not_where(self):
        s, _ = run(position(), "go savanna")
        assert krom.seat_status(krom.view(s, 1), 0) == ("Destination chosen", "good")
        assert krom.seat_status(krom.view(s, 0), 0) == ("Going to the Savanna", "gold")
        assert krom.seat_status(krom.view(s, 1), 1) == ("Choosing…", "dim")
        assert krom.seat_status(krom.view(s, 1), 2) == ("To choose", "dim")


class TestPlayABonus:
    def test_play_a_bonus_a_card_of_the_hand_plays_or_says_when_it_is_played(self):
        s = at("cave", hands=[[CLUB, COUNTER, STASH, WOODPILE], []])
        v, legal = seen(s, 0)
        assert krom.play_bonus(v, legal, 0, STASH).actions == (Action("play", (STASH,)),)
        assert "combat card" in krom.play_bonus(v, legal, 0, CLUB).reason
        assert "Forest" in krom.play_bonus(v, legal, 0, WOODPILE).reason

    def test_play_a_bonus_outside_ones_own_action_phase_each_card_says_when_it_is_played(self):
        """Issue 23: no generic "combat or counters" reason during the Movement phase."""
        s = position(hands=[[CLUB, COUNTER, STASH, WOODPILE], [], []])
        reasons = krom.bonus_reasons(krom.view(s, 0), 0)
        assert reasons[CLUB] == "Club is a combat card: play it after the dice of a combat you fight in"
        assert reasons[COUNTER].startswith("Not today! is a counter card: play it when another player plays a Bonus card")
        assert reasons[STASH] == "Hidden stash is played in your own Action phase"
        assert reasons[WOODPILE] == "Woodpile is played in your own Action phase, in the Forest"
        assert all("combat you fight in, or another" not in r for r in reasons.values())

    def test_play_a_bonus_while_aiming_a_card_the_others_wait_for_it(self):
        """Issue 23: choosing a target in one's own Action phase, the other cards say to finish that first."""
        s = kt.action_phase(position(["alma", "morhy"], places=["cave", "cave"], hands=[[PICKPOCKET, STASH, CLUB], []]), 0)
        s, _ = run(s, f"play {PICKPOCKET}")
        assert krom.decision(s).kind == "target"
        reasons = krom.bonus_reasons(krom.view(s, 0), 0)
        assert reasons[STASH] == "finish playing Pickpocket first: choose its target, or cancel"
        assert "combat card" in reasons[CLUB]

    def test_play_a_bonus_in_the_middle_of_a_climb_cards_wait_for_its_end(self):
        s, _ = run(with_rolls(at("mountain", hands=[[STASH], []]), [1, 2, 3, 5, 5]), "climb")
        assert "stop first" in krom.bonus_reasons(krom.view(s, 0), 0)[STASH]

    def test_play_a_bonus_the_counter_window_names_the_card_to_cancel(self):
        s = at("cave", hands=[[STASH], [COUNTER, CLUB]])
        s, _ = run(s, f"play {STASH}")
        assert krom.decision(s).kind == "counter" and s.to_move == 1
        v, legal = seen(s, 1)
        reasons = krom.bonus_reasons(v, 1)
        assert reasons[COUNTER] is None and "cancels Hidden stash" in reasons[CLUB]
        keys = {c.key: c for c in krom.options(v, legal)}
        assert keys["counter"].label == "Counter it with Not today!" and keys["counter"].gesture.ok
        assert keys["pass"].gesture.actions == (Action("pass"),)

    def test_play_a_bonus_the_target_buttons_name_the_players_as_the_table_does(self):
        s = kt.action_phase(position(["alma", "morhy", "valkyr"], places=["cave", "cave", "forest"],
                                     hands=[[PICKPOCKET], [], []], krom=[5, 5, 5]), 0)
        s, _ = run(s, f"play {PICKPOCKET}")
        v, legal = seen(s, 0)
        choices = {c.key: c for c in krom.options(v, legal, ("Ann", "Bob", "Cleo"))}
        assert choices["target:1"].label == "Bob (Mörhy)" and choices["target:1"].gesture.ok
        assert choices["target:1"].tip == "Play Pickpocket on Bob (Mörhy)", "the tip names whom the card is played on"
        assert not choices["target:2"].gesture.ok and "not in the Cave" in choices["target:2"].gesture.reason
        assert choices["cancel"].gesture.actions == (Action("cancel"),)

    def test_play_a_bonus_a_seat_can_always_pass_for_form_s_sake(self):
        s = at("cave", hands=[[STASH], [COUNTER]])
        s, _ = run(s, f"play {STASH}")
        assert krom.pass_for_form("counter", krom.legal_actions(s)).actions == (Action("pass"),)
        assert krom.pass_for_form("main", krom.legal_actions(s)) is None
        assert krom.idle_pass(s, krom.legal_actions(s)) is None, "holding a counter card is a real choice"
        assert krom.idle_pass(s, [Action("pass")]).actions == (Action("pass"),)


class TestCave:
    def test_cave_a_basket_of_services_is_bought_one_service_after_another(self):
        s = at("cave", krom=[10, 5], hp=[3, 7])
        v, legal = seen(s, 0)
        gesture = krom.fill_basket(v, legal, {"wood": 2, "hp": 1})
        assert gesture.actions == (Action("buy", ("wood",)),) * 2 + (Action("buy", ("hp",)),)
        assert krom.basket_cost({"wood": 2, "hp": 1}) == 7
        assert krom.fill_basket(v, legal, {}).reason == "add services with + first"

    def test_cave_the_basket_says_why_one_more_service_cannot_be_added(self):
        s = at("cave", krom=[4, 5], hp=[7, 7])
        v, _ = seen(s, 0)
        assert krom.basket_problem(v, 0, {}, "hp") == "You already have all 7 hit points."
        assert krom.basket_problem(v, 0, {}, "wood") is None
        assert krom.basket_problem(v, 0, {"wood": 1}, "wood") == \
            "not enough Krom: Wood costs 3, you have 1 left after the basket"
        assert krom.basket_problem(v, 1, {}, "wood") == "services are provided in your own Action phase, in the Cave"

    def test_cave_three_hit_points_for_1_krom_stop_at_7(self):
        s = at("cave", krom=[10, 5], hp=[2, 7])
        v, _ = seen(s, 0)
        assert krom.basket_problem(v, 0, {"hp": 1}, "hp") is None
        assert krom.basket_problem(v, 0, {"hp": 2}, "hp") == "your hit points would already be at 7"

    def test_cave_services_are_the_rulebook_prices(self):
        prices = {s.item: (s.price, s.amount) for s in krom.cave_services()}
        assert prices == {"wood": (3, 1), "stone": (3, 1), "bone": (3, 1), "bonus": (2, 1), "hp": (1, 3)}

    def test_cave_rest_or_services_are_options_with_the_rulebook_gains(self):
        v, legal = seen(at("cave"), 0)
        rest = next(c for c in krom.options(v, legal) if c.key == "rest")
        assert rest.label == "Rest: +3 Krom, +2 hit points" and rest.gesture.ok


class TestForest:
    def test_forest_the_hike_reads_its_cards_and_prices(self):
        s, _ = run(at("forest", krom=[5, 5]), "pick")
        hike = krom.hike(krom.view(s, 0))
        assert (hike.drawn, hike.most, hike.next_cost, hike.can_shuffle) == (1, 4, 1, False)
        labels = {c.key: c.label for c in krom.options(*seen(s, 0))}
        assert labels["pick"] == "Draw a Picking card (1 Krom)" and "shuffle" not in labels


class TestSavanna:
    def test_savanna_a_prey_is_hunted_with_0_1_or_2_bought_dice(self):
        s = at("savanna", hunting_row=[1, 2, 3, 4], krom=[3, 5])
        v, legal = seen(s, 0)
        hunts = krom.hunt_options(v, legal, 0)
        assert [(h.dice, h.cost) for h in hunts] == [(1, 0), (2, 2), (3, 4)]
        assert [h.odds for h in hunts] == list(krom.hunt_chances(1))
        assert hunts[1].gesture.ok and not hunts[2].gesture.ok and "4, you have 3" in hunts[2].gesture.reason

    def test_savanna_only_one_hunt_and_only_there(self):
        s = at("cave")
        assert "only in the Savanna" in krom.prey_problem(krom.view(s, 0), 0, 0)
        s = at("savanna", hunting_row=[1, 2, 3, 4])
        assert krom.prey_problem(krom.view(s, 0), 0, 0) is None
        assert krom.prey_problem(krom.view(s, 1), 1, 0) == "you hunt in your own Action phase, in the Savanna"


class TestMountain:
    def test_mountain_the_climb_reads_its_dice_rerolls_and_odds(self):
        s, _ = run(with_rolls(at("mountain", krom=[5, 5]), [3, 3, 5, 1, 2]), "climb", "keep 0", "keep 1")
        c = krom.climb(krom.view(s, 1))
        assert (c.dice, c.kept, c.combination, c.rerolls_used, c.rerolls_most, c.reroll_cost) == \
            ((3, 3, 5, 1, 2), (0, 1), "pair", 0, 4, 1)
        assert c.improves == krom.reroll_improves((3, 3, 5, 1, 2), (0, 1)) and c.free == 3
        v, legal = seen(s, 0)
        assert krom.toggle_die(v, legal, 0).actions == (Action("free", (0,)),)
        assert krom.toggle_die(v, legal, 2).actions == (Action("keep", (2,)),)
        labels = {c.key: c.label for c in krom.options(v, legal)}
        assert labels == {"reroll": "Reroll 3 dice (1 Krom)", "stop": "Stop and take the reward"}

    def test_mountain_no_reroll_left_after_four(self):
        s = with_rolls(at("mountain", krom=[9, 5]), [1, 2, 3, 5, 6] * 5)
        s, _ = run(s, "climb", "reroll", "reroll", "reroll", "reroll")
        v, legal = seen(s, 0)
        reroll = next(c for c in krom.options(v, legal) if c.key == "reroll")
        assert reroll.label == "No reroll left" and not reroll.gesture.ok and "four at most" in reroll.gesture.reason


class TestCombat:
    def test_combat_the_fight_gives_scores_ranking_odds_and_the_tie_rule(self):
        s, _ = run(with_rolls(position(["alma", "kolos"], hands=[[CLUB], []]), [4, 4]), "go savanna", "go savanna")
        f = krom.fight(krom.view(s, 0))
        assert f.fighters == (0, 1) and f.scores == (4, 4) and f.ranking == (1, 0), "the heaviest wins in the Savanna"
        assert f.heaviest_wins and f.tied(0) and f.face_of(0) == 4
        assert f.odds == tuple(krom.win_chances([(48, 0), (96, 0)], True)) and sum(f.odds) == 1
        assert krom.tie_words(2) == "the heaviest wins ties in the Savanna"
        assert krom.tie_words(1) == "the lightest wins ties in the Forest"

    def test_combat_a_fighter_s_status_while_the_card_window_is_open(self):
        s, _ = run(with_rolls(position(["alma", "kolos"], hands=[[CLUB], []]), [4, 4]), "go savanna", "go savanna")
        assert krom.seat_status(krom.view(s, 1), 0) == ("Fighting", "gold")

    def test_combat_the_kromosaurus_adds_its_bonus_and_fights_with_its_weight(self):
        odds = krom.fight_odds(position(kromosaurus=True), 1, (0, krom.DINO))
        assert odds == tuple(krom.win_chances([(48, 0), (200, 2)], False))


class TestStunned:
    def test_stunned_the_steal_options_say_what_each_takes(self):
        state = kt.position(hp=[7, 3, 7], hands=[[], [], []])
        state, _ = kt.run_passing(kt.with_rolls(state, [6, 1]), "go savanna", "go savanna", "go mountain")
        v, legal = seen(state, 0)
        choices = {c.key: c for c in krom.options(v, legal)}
        assert choices["steal:krom"].label == "Half their Krom (3)" and choices["steal:krom"].gesture.ok
        assert not choices["steal:wood"].gesture.ok and "no Wood" in choices["steal:wood"].gesture.reason
        assert choices["pass"].label == "Take nothing"
        assert krom.seat_status(v, 1) == ("Stunned", "bad")

    def test_stunned_players_are_not_in_the_order_of_later_places(self):
        s = kt.action_phase(position(["alma", "morhy", "valkyr"], places=["cave", "forest", "forest"], hp=[7, 0, 7]), 0)
        assert krom.action_order(s) == [0, 2], "Mörhy is stunned: no Action phase this round"


class TestEndOfTheGame:
    def test_end_of_the_game_each_seat_s_points_and_the_target(self):
        s = position(["alma", "morhy"], evolutions=[[0], []])
        t = krom.table(krom.view(s, None))
        assert t.target == 10 and t.seats[0].points == krom.EVOLUTIONS[0].points and t.seats[1].points == 0
        assert t.seats[0].evolutions == ((krom.EVOLUTIONS[0].name, krom.EVOLUTIONS[0].points),)
        assert t.seats[0].most_hp == 7 and t.stage == "move"


@pytest.mark.parametrize("seed", range(6))
def test_every_gesture_of_a_random_game_plays_only_legal_actions(seed):
    """Over random positions, every gesture of every seat's view maps to legal actions or gives a reason."""
    from game.core.rng import Rng

    state, rng = krom.new_game(krom.Setup(players=3, kromosaurus=True), seed), Rng(seed)
    for _ in range(150):
        if state.phase == "over":
            break
        seat = state.to_move
        v, legal = seen(state, seat)
        gestures = [krom.go(v, legal, p) for p in range(4)]
        gestures += [krom.play_bonus(v, legal, seat, c) for c in v.players[seat].hand]
        gestures += [krom.realize(v, legal, seat, s) for s in range(4)]
        gestures += [c.gesture for c in krom.options(v, legal)]
        gestures += [h.gesture for s in range(4) for h in krom.hunt_options(v, legal, s)]
        for g in gestures:
            assert g.ok or g.reason
            assert all(a in legal for a in g.actions)
        for s in range(3):
            other, none = seen(state, s)
            if s != seat:
                assert not any(c.gesture.ok for c in krom.options(other, none)), "only the seat to move can act"
        state, _ = krom.apply(state, krom.playout_choice(state, krom.legal_actions(state), rng))


def test_option_words_use_the_rules_numbers():
    words = krom.option_words()
    assert words["longer"].startswith(f"{krom.RULES.longer} more") and "1 hit point" in words["glacial"]
    assert krom.ties_words() == "Light Krom win ties in the Forest and Mountain, heavy ones in the Cave and Savanna."
    assert krom.combination_name("full_house") == "a full house" and krom.bundle_words(()) == "nothing"
    assert Fraction(0) <= krom.combination_value("pair")
