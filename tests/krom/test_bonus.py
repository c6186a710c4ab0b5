"""Rulebook section "Play a Bonus" and its "Effects": combat cards, counter cards, place cards and the effect vocabulary."""

from game.krom import BONUS, check_invariants, decision, legal_actions, play_bonus, playable_bonuses
from game.krom import options
from game.krom.events import (
    BonusCountered,
    BonusPlayed,
    CombatScoreRaised,
    CombatWon,
    Damaged,
    DiceRolled,
    Gained,
    KnockedOut,
    Lost,
    NothingSwapped,
    Passed,
    Stole,
    Transferred,
)
from game.krom.testing import action_phase, of_type, position, refused, run, run_passing, with_rolls

# Bonus card ids (see game/krom/data/bonus.toml): 0-2 War cry (combat, +1 die), 3-4 Frenzy (+2 dice),
# 5-7 Club (combat +2), 8 Bone club (+3), 9-12 Not today! (counter), 13-14 Hidden stash (+3 Krom),
# 15 Lucky find (+1 resource of your choice), 16 Herbal remedy (+3 hp), 17-18 Evil eye (target -2 hp),
# 19 Tax collector (target -3 Krom), 20 Termites (target -1 Wood), 21-22 Pickpocket (steal 3 Krom),
# 23 Bone thief (steal 1 Bone), 24-25 Barter (3 Krom for a resource), 26 Hard bargain (swap 2 Krom
# for 1 Stone), 27 Woodpile (Forest, +2 Wood), 28 Carcass (Savanna), 29 Rockfall (Mountain), 30 Fireside tales (Cave).
WAR_CRY, FRENZY, CLUB, BONE_CLUB, COUNTER, COUNTER2 = 0, 3, 5, 8, 9, 10
STASH, LUCKY, REMEDY, EVIL_EYE, TAX, TERMITES, PICKPOCKET, BARTER, BARGAIN, WOODPILE = 13, 15, 16, 17, 19, 20, 21, 24, 26, 27


def test_card_ids_used_here_match_the_data():
    assert [BONUS[c].name for c in (WAR_CRY, FRENZY, CLUB, BONE_CLUB, COUNTER, STASH, LUCKY, EVIL_EYE, PICKPOCKET, BARTER, BARGAIN, WOODPILE)] == [
        "War cry", "Frenzy", "Club", "Bone club", "Not today!", "Hidden stash", "Lucky find", "Evil eye", "Pickpocket", "Barter", "Hard bargain", "Woodpile",
    ]  # fmt: skip



def fight(hands, dice, chars=("alma", "kolos"), place="forest", **kw):
    s = position(list(chars), hands=hands, **kw)
    return run(with_rolls(s, dice), *[f"go {place}"] * len(chars))


class TestCombatCards:
    def test_played_after_the_dice_to_change_the_result(self):
        s, events = fight([[], [CLUB]], [6, 3], chars=("kolos", "karok"))
        assert decision(s).kind == "combat" and s.to_move == 0
        s, events = run(s, "pass")  # Kolos holds no combat card: he can only pass
        assert s.to_move == 1 and [str(a) for a in legal_actions(s)] == [f"play {CLUB}", "pass"]
        s, events = run(s, f"play {CLUB}")
        assert decision(s).kind == "counter" and s.to_move == 0  # Kolos may counter the Club (he holds no counter card)
        s, events = run(s, "pass")
        assert of_type(events, CombatScoreRaised) == [CombatScoreRaised(1, 2, 5)]
        assert decision(s).kind == "combat" and s.to_move == 0  # and may answer it in the fight
        s, events = run(s, "pass", "pass")
        [won] = of_type(events, CombatWon)
        assert won.scores == (6, 5) and of_type(events, Damaged) == [Damaged(1, 1, 6, "combat")]

    def test_combat_every_player_fighting_is_asked_whatever_their_hand(self):
        # Play a Bonus: combat cards are played "after the dice have been rolled", and the result
        # stands "when no more player involved wants to play" one. Every player fighting is asked,
        # so being asked (or how soon the fight ends) shows nothing of a hidden hand; a fighter
        # without a combat card can only pass.
        s, _ = fight([[STASH], [COUNTER]], [1, 6])
        assert decision(s).kind == "combat" and s.to_move == 0
        assert [str(a) for a in legal_actions(s)] == ["pass"]
        refused(s, f"play {STASH}", "Hidden stash is not a combat card: only combat cards change the dice.")
        s, events = run(s, "pass")
        assert decision(s).kind == "combat" and s.to_move == 1 and [str(a) for a in legal_actions(s)] == ["pass"]
        s, events = run(s, "pass")
        assert of_type(events, CombatWon)[0].scores == (6, 1)
        # The same fight with a combat card in Alma's hand is asked in the same order.
        s2, _ = fight([[CLUB], [COUNTER]], [1, 6])
        assert (decision(s2).kind, s2.to_move) == ("combat", 0)
        assert [str(a) for a in legal_actions(s2)] == [f"play {CLUB}", "pass"]

    def test_several_cards_until_everyone_involved_passes_in_a_row(self):
        s, _ = fight([[CLUB], [WAR_CRY, CLUB + 1]], [2, 4])
        assert s.to_move == 0
        s, _ = run(s, f"play {CLUB}", "pass")  # Alma 4; Kolos does not counter
        assert s.to_move == 1 and decision(s).kind == "combat"
        s, events = run(with_rolls(s, [3]), f"play {WAR_CRY}", "pass")  # Kolos 4 + 3; Alma does not counter
        assert of_type(events, DiceRolled) == [DiceRolled(1, "combat card", (3,))]
        assert s.to_move == 0 and [str(a) for a in legal_actions(s)] == ["pass"]  # Alma has no combat card left
        s, events = run(s, "pass", "pass")
        [won] = of_type(events, CombatWon)
        assert won.ranking == (1, 0) and won.scores == (7, 4)

    def test_the_window_closes_only_when_all_pass_in_a_row(self):
        s, _ = fight([[CLUB], [CLUB + 1, CLUB + 2]], [3, 3])
        s, events = run(s, "pass", f"play {CLUB + 1}", "pass")
        assert decision(s).kind == "combat" and s.to_move == 0  # Alma passed, but may answer Kolos' card
        s, events = run(s, f"play {CLUB}", "pass")
        assert of_type(events, CombatWon) == [] and s.to_move == 1
        s, events = run(s, "pass")
        assert of_type(events, CombatWon) == [] and s.to_move == 0  # Kolos passed: Alma is asked again
        s, events = run(s, "pass")
        [won] = of_type(events, CombatWon)
        assert won.scores == (5, 5) and won.ranking == (0, 1)  # a tie in the Forest: the lighter Alma wins

    def test_pass_pass_ends_the_window(self):
        s, _ = fight([[CLUB], [CLUB + 1]], [3, 5])
        s, events = run(s, "pass")
        assert of_type(events, Passed) == [Passed(0)] and s.to_move == 1
        s, events = run(s, "pass")
        assert of_type(events, CombatWon)[0].scores == (5, 3)
        assert s.players[0].hand == (CLUB,)  # unplayed cards stay in hand

    def test_frenzy_rolls_two_extra_dice(self):
        s, _ = fight([[FRENZY], []], [1, 6])
        s, events = run_passing(with_rolls(s, [4, 5]), f"play {FRENZY}")
        assert of_type(events, CombatScoreRaised) == [CombatScoreRaised(0, 9, 10)]
        assert of_type(events, CombatWon)[0].ranking == (0, 1)

    def test_a_fight_with_no_combat_card_anywhere_still_asks_each_fighter(self):
        s, _ = fight([[], []], [1, 6])
        assert decision(s).kind == "combat" and s.to_move == 0
        s, events = run(s, "pass", "pass")
        assert of_type(events, Passed) == [Passed(0), Passed(1)] and decision(s).kind == "main"

    def test_players_outside_the_combat_are_not_asked(self):
        s = position(["alma", "kolos", "valkyr"], places=["cave", "cave", "forest"], hands=[[], [], [CLUB]])
        s, _ = run(with_rolls(s, [2, 5]), "go forest", "go forest", "go cave")
        # Valkyr plays in the Cave first; the Forest combat comes after and does not involve her
        s, _ = run(s, "end")
        assert decision(s).kind == "combat" and s.combat.fighters == (0, 1) and s.to_move == 0
        s, _ = run(s, "pass", "pass")
        assert decision(s).kind == "main" and s.to_move == 1

    def test_only_combat_cards_in_a_combat_and_never_outside(self):
        s, _ = fight([[CLUB, STASH], []], [1, 6])
        refused(s, f"play {STASH}", "Hidden stash is not a combat card: only combat cards change the dice.")
        assert playable_bonuses(s) == {CLUB: None, STASH: "Hidden stash is not a combat card: only combat cards change the dice"}
        refused(action_phase(position(["alma", "kolos"], hands=[[CLUB], []]), 0), f"play {CLUB}", "Club is a combat card: play it after the dice of a combat you fight in.")

    def test_a_countered_combat_card_changes_nothing(self):
        s, _ = fight([[CLUB], [COUNTER]], [3, 5])
        s, events = run(s, f"play {CLUB}")
        assert decision(s).kind == "counter" and s.to_move == 1
        s, events = run_passing(s, "counter")
        assert of_type(events, BonusCountered) == [BonusCountered(0, CLUB, 1, COUNTER)]
        assert of_type(events, CombatWon)[0].scores == (5, 3)
        assert s.bonus_discard[-2:] == (CLUB, COUNTER)


class TestCounterCards:
    def test_cancel_another_players_bonus(self):
        s = action_phase(position(["alma", "morhy", "valkyr"], hands=[[STASH], [COUNTER], [COUNTER2]]), 0)
        s, events = run(s, f"play {STASH}")
        assert of_type(events, BonusPlayed) == [BonusPlayed(0, STASH)]
        assert decision(s).kind == "counter" and s.to_move == 1
        s, events = run(s, "pass")
        assert s.to_move == 2
        s, events = run(s, "counter")
        assert of_type(events, BonusPlayed) == [BonusPlayed(2, COUNTER2, 0)] and s.to_move == 0  # Alma, then Mörhy, may counter the counter
        assert [str(a) for a in legal_actions(s)] == ["pass"]  # Alma's hand is empty now
        s, events = run(s, "pass", "pass")
        assert of_type(events, BonusCountered) == [BonusCountered(0, STASH, 2, COUNTER2)]
        assert s.players[0].krom == 5 and s.players[0].hand == () and s.players[2].hand == ()
        assert decision(s).kind == "main" and s.to_move == 0
        check_invariants(s)

    def test_play_a_bonus_every_other_player_is_asked_whatever_their_hand(self):
        # A counter card "can be played whenever another player uses a Bonus card": every other
        # player is asked, in seat order after the card's player, so being asked shows nothing of a
        # hidden hand; one without a counter card can only pass.
        s = action_phase(position(["alma", "morhy", "valkyr", "kolos"], hands=[[COUNTER], [STASH], [], [COUNTER2]]), 1)
        s, _ = run(s, f"play {STASH}")
        assert s.play.asked == (2, 3, 0) and s.to_move == 2
        assert [str(a) for a in legal_actions(s)] == ["pass"]
        refused(s, "counter", "You hold no counter card: you can only pass.")
        s, events = run(s, "pass")
        assert s.to_move == 3 and [str(a) for a in legal_actions(s)] == ["counter", "pass"]
        s, events = run(s, "pass", "pass")
        assert of_type(events, Passed) == [Passed(3), Passed(0)]
        assert Gained(1, "krom", 3) in events and s.players[1].krom == 8

    def test_play_a_bonus_the_counter_card_in_hand_is_the_click_that_counters(self):
        """Issue 34: in a counter window, a click on the glowing counter card was refused ("It is not your
        decision now"); it counters, as the Counter button does."""
        s = action_phase(position(["alma", "morhy"], hands=[[STASH], [COUNTER]]), 0)
        s, _ = run(s, f"play {STASH}")
        assert decision(s).kind == "counter" and s.to_move == 1
        gesture = play_bonus(s, legal_actions(s), 1, COUNTER)
        assert gesture.ok and [str(a) for a in gesture.actions] == ["counter"]
        assert not play_bonus(s, legal_actions(s), 1, STASH).ok

    def test_play_a_bonus_a_counter_card_can_itself_be_countered(self):
        s = action_phase(position(["alma", "morhy"], hands=[[STASH, COUNTER2], [COUNTER]]), 0)
        s, events = run(s, f"play {STASH}", "counter")
        assert decision(s).kind == "counter" and s.to_move == 0 and s.play.counters == ((1, COUNTER),)
        s, events = run(s, "counter")  # Mörhy may counter Alma's counter: his hand is empty
        assert decision(s).kind == "counter" and s.to_move == 1 and [str(a) for a in legal_actions(s)] == ["pass"]
        s, events = run(s, "pass")  # Alma's counter cancels Mörhy's: the Hidden stash is on top again
        assert of_type(events, BonusCountered) == [BonusCountered(1, COUNTER, 0, COUNTER2)]
        assert decision(s).kind == "counter" and s.to_move == 1 and s.play.counters == ()
        s, events = run(s, "pass")  # nobody counters it: it stands
        assert Gained(0, "krom", 3) in events and s.players[0].krom == 8 and s.players[0].hand == ()
        assert decision(s).kind == "main" and s.bonus_discard[-3:] == (COUNTER, COUNTER2, STASH)
        check_invariants(s)

    def test_play_a_bonus_the_countered_counter_reopens_the_window_on_the_card_beneath(self):
        s = action_phase(position(["alma", "morhy", "valkyr"], hands=[[STASH, COUNTER2], [COUNTER], [11]]), 0)
        s, _ = run(s, f"play {STASH}", "counter")  # Mörhy counters the stash
        assert s.play.asked == (2, 0)  # Valkyr, then Alma, may counter Mörhy's counter
        s, _ = run(s, "pass", "counter")  # Alma counters it; Mörhy, then Valkyr, may counter Alma's counter
        assert s.to_move == 1 and s.play.asked == (1, 2) and s.play.counters == ((1, COUNTER), (0, COUNTER2))
        s, events = run(s, "pass", "pass")  # Alma's counter cancels Mörhy's: the stash is on top again
        assert of_type(events, BonusCountered) == [BonusCountered(1, COUNTER, 0, COUNTER2)]
        assert decision(s).kind == "counter" and s.to_move == 1 and s.play.asked == (1, 2) and s.play.counters == ()
        s, events = run(s, "pass", "counter")  # Valkyr counters the stash; everyone else is asked about her card
        assert s.play.asked == (0, 1)
        s, events = run(s, "pass", "pass")
        assert of_type(events, BonusCountered) == [BonusCountered(0, STASH, 2, 11)] and s.players[0].krom == 5
        assert decision(s).kind == "main"
        check_invariants(s)

    def test_nobody_holding_a_counter_is_still_asked(self):
        s = action_phase(position(["alma", "morhy"], hands=[[STASH], []]), 0)
        s, events = run(s, f"play {STASH}")
        assert decision(s).kind == "counter" and s.to_move == 1 and [str(a) for a in legal_actions(s)] == ["pass"]
        s, events = run(s, "pass")
        assert Gained(0, "krom", 3) in events and decision(s).kind == "main"

    def test_a_counter_card_is_not_played_on_its_own(self):
        s = action_phase(position(["alma", "morhy"], hands=[[COUNTER], []]), 0)
        refused(s, f"play {COUNTER}", "Not today! is a counter card: play it when another player plays a Bonus.")


class TestPlaceCards:
    def test_only_in_their_place(self):
        refused(
            action_phase(position(["alma", "morhy"], hands=[[WOODPILE], []]), 0),
            f"play {WOODPILE}",
            "Woodpile can only be played in the Forest; you are in the Cave.",
        )
        s, _events = run_passing(action_phase(position(["alma", "morhy"], places=["forest", "cave"], hands=[[WOODPILE], []]), 0), f"play {WOODPILE}")
        assert s.players[0].wood == 2


class TestEffects:
    def play(self, card, *more, places=("cave", "forest", "cave"), **kw):
        kw.setdefault("hands", [[card], [], []])
        s = action_phase(position(["alma", "morhy", "valkyr"], places=list(places), **kw), 0)
        return run_passing(s, f"play {card}", *more)

    def test_gain(self):
        s, events = self.play(STASH)
        assert s.players[0].krom == 8 and Gained(0, "krom", 3) in events

    def test_gain_hit_points(self):
        s, _ = self.play(REMEDY, hp=[2, 7, 7])
        assert s.players[0].hp == 5

    def test_gain_a_resource_of_your_choice(self):
        s, _ = self.play(LUCKY)
        assert decision(s).kind == "choice"
        assert [str(a) for a in legal_actions(s)] == ["take wood", "take stone", "take bone", "cancel"]
        s, _ = run_passing(s, "take stone")
        assert s.players[0].stone == 1 and s.players[0].hand == ()

    def test_cancel_keeps_the_card(self):
        s, events = self.play(LUCKY, "cancel")
        assert s.players[0].hand == (LUCKY,) and decision(s).kind == "main" and of_type(events, BonusPlayed) == []

    def test_targeted_loss(self):
        s, _ = self.play(EVIL_EYE)
        assert decision(s).kind == "target"
        assert [str(a) for a in legal_actions(s)] == ["target 1", "target 2", "cancel"]
        s, events = run_passing(s, "target 2")
        assert of_type(events, Damaged) == [Damaged(2, 2, 5, "bonus")] and s.players[2].hp == 5

    def test_stunned_a_bonus_card_can_stun(self):
        s, events = self.play(EVIL_EYE, "target 1", hp=[7, 2, 1])
        assert s.players[1].hp == 0 and s.players[1].stunned
        assert of_type(events, Damaged) == [Damaged(1, 2, 0, "bonus")] and of_type(events, KnockedOut) == [KnockedOut(1)]
        assert s.steals == ()  # no combat winner: nobody steals
        check_invariants(s)

    def test_stunned_a_card_that_can_only_take_the_last_hit_point_can_be_played(self):
        s, events = self.play(EVIL_EYE, "target 1", hp=[7, 1, 7])
        assert s.players[1].stunned and of_type(events, Damaged) == [Damaged(1, 1, 0, "bonus")]

    def test_stunned_by_a_bonus_before_their_action_phase_they_lose_it_and_keep_the_trophy(self):
        s = position(["alma", "morhy", "valkyr"], places=["cave", "cave", "forest"], hp=[7, 2, 7], hands=[[EVIL_EYE], [], []], kromosaurus=True, dino_hp=0, trophy=1)
        s = action_phase(s, 0)
        s, events = run_passing(s, f"play {EVIL_EYE}", "target 1", "end")
        assert s.players[1].stunned and s.trophy == 1 and s.steals == ()
        assert s.turn is None or s.turn.seat != 1
        started = [e.seat for e in events if type(e).__name__ == "ActionPhaseStarted"]
        assert 1 not in started
        check_invariants(s)

    def test_a_stunned_player_has_no_hit_point_to_lose(self):
        s, events = self.play(EVIL_EYE, "target 1", hp=[7, 0, 7])
        assert of_type(events, Damaged) == [Damaged(1, 0, 0, "bonus")] and of_type(events, KnockedOut) == []
        assert s.players[1].stunned and EVIL_EYE in s.bonus_discard
        check_invariants(s)

    def test_lost_tokens_go_back_to_the_supply(self):
        s, events = self.play(TAX, "target 1", krom=[5, 2, 5])
        assert s.players[1].krom == 0 and of_type(events, Lost) == [Lost(1, "krom", 2)]
        check_invariants(s)

    def test_any_other_player_may_be_targeted(self):
        s, _ = self.play(TERMITES, wood=[0, 1, 0])
        assert [str(a) for a in legal_actions(s)] == ["target 1", "target 2", "cancel"]
        refused(s, "target 0", "You cannot target yourself.")
        refused(s, "target -1", "There is no such player.")  # the Kromosaurus is never a Bonus target

    def test_play_a_bonus_a_card_may_be_played_for_no_effect(self):
        # The rulebook forbids no Bonus card played for no effect: it is played and shown (the
        # others may counter it) and changes nothing. What a card makes you give is a price.
        s, events = self.play(TERMITES, "target 2", wood=[0, 1, 0])
        assert of_type(events, Lost) == [Lost(2, "wood", 0)] and TERMITES in s.bonus_discard
        s, events = self.play(REMEDY)  # already at 7 hit points
        assert of_type(events, BonusPlayed) == [BonusPlayed(0, REMEDY)] and s.players[0].hp == 7 and s.players[0].hand == ()
        s, events = self.play(STASH, krom=[40, 5, 5])  # the supply has no Krom left
        assert of_type(events, Gained) == [Gained(0, "krom", 0)] and s.players[0].krom == 40
        s, events = self.play(LUCKY, "take wood", wood=[12, 0, 0])
        assert of_type(events, Gained) == [Gained(0, "wood", 0)]
        s, events = self.play(PICKPOCKET, "target 2", krom=[5, 9, 0])  # Valkyr, in the Cave, has no Krom
        assert of_type(events, Stole) == [Stole(0, 2, "krom", 0)]
        s, events = self.play(BARGAIN, "target 1", stone=[0, 0, 0])  # Mörhy has no Stone: a swap of nothing
        assert of_type(events, Transferred) == [] and BARGAIN in s.bonus_discard
        check_invariants(s)

    def test_steal_only_from_a_player_in_the_same_place(self):
        s, _ = self.play(PICKPOCKET, krom=[5, 9, 2])
        refused(s, "target 1", "They are not in the Cave with you.")
        s, events = run_passing(s, "target 2")
        assert of_type(events, Stole) == [Stole(0, 2, "krom", 2)]
        assert (s.players[0].krom, s.players[2].krom) == (7, 0)

    def test_steal_needs_a_victim_here(self):
        # "from the targeted player in the same place as you": with nobody else there, no target.
        s = action_phase(position(["alma", "morhy", "valkyr"], places=["cave", "forest", "forest"], hands=[[PICKPOCKET], [], []]), 0)
        refused(s, f"play {PICKPOCKET}", "Nobody else is in the Cave with you to steal from.")

    def test_trade(self):
        s, _events = self.play(BARTER, "take bone")
        assert (s.players[0].krom, s.players[0].bone) == (2, 1)
        refused(action_phase(position(["alma", "morhy"], krom=[2, 5], hands=[[BARTER], []]), 0), f"play {BARTER}", "Not enough Krom: Barter costs 3, you have 2.")

    def test_swap(self):
        s, events = self.play(BARGAIN, "target 1", stone=[0, 2, 0])
        assert of_type(events, Transferred) == [Transferred(0, 1, "krom", 2), Transferred(1, 0, "stone", 1)]
        assert (s.players[0].krom, s.players[0].stone, s.players[1].krom, s.players[1].stone) == (3, 1, 7, 1)

    def test_bonus_cards_swap_is_an_exchange_both_sides_or_nothing(self):
        # Effects: "Swap Y Kroms/Resources with X Kroms/Resources from the targeted player". A swap is one
        # exchange, not a gift: when the target cannot give their side, nothing changes hands (the card is
        # still played and discarded, as a card played for no effect), and Alma keeps her 2 Krom.
        s, events = self.play(BARGAIN, "target 1", stone=[0, 0, 0], krom=[5, 5, 5])
        assert of_type(events, Transferred) == [] and of_type(events, NothingSwapped) == [NothingSwapped(0, 1, 1, "stone", 1)]
        assert (s.players[0].krom, s.players[0].stone, s.players[1].krom, s.players[1].stone) == (5, 0, 5, 0)
        assert "Mörhy cannot give 1 Stone, so Alma and Mörhy exchange nothing." in [
            e.text(lambda seat: ["Alma", "Mörhy", "Valkyr"][seat]) for e in events]
        assert BARGAIN in s.bonus_discard and s.players[0].hand == ()
        check_invariants(s)
        # The target's button says so before the click.
        aiming = run(action_phase(position(["alma", "morhy", "valkyr"], places=["cave", "forest", "cave"], stone=[0, 0, 2],
                                           hands=[[BARGAIN], [], []]), 0), f"play {BARGAIN}")[0]
        tips = {c.key: c.tip for c in options(aiming, legal_actions(aiming))}
        assert tips["target:1"] == "Play Hard bargain on Mörhy: Mörhy cannot give 1 Stone, so nothing would change hands"
        assert tips["target:2"] == "Play Hard bargain on Valkyr"
        # The same reading on your own side: with 1 Krom for the 2 the card gives, it is no price refused
        # but an exchange that cannot happen, so the card may be played and nothing changes hands.
        s, events = self.play(BARGAIN, "target 1", stone=[0, 2, 0], krom=[1, 5, 5])
        assert of_type(events, Transferred) == [] and of_type(events, NothingSwapped) == [NothingSwapped(0, 1, 0, "krom", 2)]
        assert (s.players[0].krom, s.players[0].stone, s.players[1].krom, s.players[1].stone) == (1, 0, 5, 2)
        check_invariants(s)

    def test_target_and_choice_come_before_the_counter_window(self):
        s, _ = self.play(EVIL_EYE, "target 1", hands=[[EVIL_EYE], [COUNTER], []])
        assert decision(s).kind == "counter" and s.play.target == 1 and s.to_move == 1
        s, events = run(s, "counter")
        assert s.players[1].hp == 7 and of_type(events, Damaged) == []
