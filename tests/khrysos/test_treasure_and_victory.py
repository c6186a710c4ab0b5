"""Rulebook: Treasure, Victory, and the Example Turn."""

import pytest

from game.core import Action, IllegalAction
from game.core.outcome import Outcome
from game.khrysos import Setup, apply, legal_actions, outcome, progress, race_text, score_text, treasure_lines
from game.khrysos.events import (
    ActionStarted,
    Damaged,
    DiceRolled,
    Moved,
    KnockedOut,
    Stolen,
    Targeted,
    TreasureCollected,
    TreasurePlaced,
    TurnEnded,
    TurnStarted,
    GameOver,
)
from game.khrysos.testing import card, hunter, number_of, play, position, texts, with_rolls

N = number_of


def walker(treasure=0, loot=(), **kw):
    cards = [hunter("Pip Tumble", 0, (3, 1), treasure=treasure), hunter("Bento Rush", 1, (8, 8)), hunter("Vex Orion", 0, (0, 8)), hunter("Mara Quill", 1, (8, 0))]
    return position(cards, energy=6, loot=loot, **kw)


class TestTreasure:
    def test_treasure_is_collected_by_moving_onto_it(self):
        state, events = play(walker(loot=[(4, 1)]), "move 4 1")
        assert events == [Moved(N("Pip Tumble"), ((3, 1), (4, 1)), "walk"), TreasureCollected(N("Pip Tumble"), 0, (4, 1), 1)]
        assert state.loot == frozenset() and card(state, "Pip Tumble").treasure == 1

    def test_or_through_it(self):
        state, _ = play(walker(loot=[(4, 1), (5, 1)]), "move 4 1", "move 5 1", "move 6 1")
        assert card(state, "Pip Tumble").treasure == 2 and card(state, "Pip Tumble").at == (6, 1)

    def test_each_scoring_card_keeps_its_own_count(self):
        state, _ = play(walker(loot=[(4, 1)]), "move 4 1")
        assert [c.treasure for c in state.cards] == [1, 0, 0, 0]
        assert (state.treasure_of(0), state.treasure_of(1)) == (1, 0)


class TestVictory:
    def test_reaching_twelve_treasure_wins_at_once(self):
        state, events = play(walker(treasure=11, loot=[(4, 1)]), "move 4 1")
        assert events[-1] == GameOver((0,), "Player 1 reached 12 treasures on one of their two Scoring cards.", N("Pip Tumble"), 12)
        assert state.phase == "over" and state.to_move is None and state.winner == 0
        assert outcome(state) == Outcome((0,), "Player 1 reached 12 treasures on one of their two Scoring cards.")
        assert legal_actions(state) == []
        with pytest.raises(IllegalAction, match="^The game is over\\.$"):
            apply(state, Action("end"))

    def test_a_steal_in_the_middle_of_an_action_can_win(self):
        cards = [hunter("Pip Tumble", 0, (3, 1), treasure=11), hunter("Bento Rush", 1, (4, 1), treasure=2), hunter("Vex Orion", 0, (0, 8)), hunter("Mara Quill", 1, (8, 0))]
        state, events = play(position(cards, energy=6), "act 3", f"target {N('Bento Rush')}")  # Quick Fingers: ... Move 1
        assert events[-1] == GameOver((0,), "Player 1 reached 12 treasures on one of their two Scoring cards.", N("Pip Tumble"), 12)
        assert state.res is None and outcome(state).winners == (0,)

    def test_no_game_without_a_winner_is_over(self):
        state = walker(treasure=10)
        assert outcome(state) is None and state.to_move == 0


class TestTwoPlayers:
    """Quick Start: "In a 2 player game, each player gets 2 sets" (a die and a Scoring card each); Treasure: "A
    player's treasure count is tracked on their Scoring card", a track that ends at 12; Victory: "The game ends
    when a player reaches 12 treasures". A player's two cards are two counts: one of them must reach 12."""

    def test_quick_start_two_players_each_scoring_card_races_to_12_alone_and_the_texts_say_so(self):
        cards = [hunter("Pip Tumble", 0, (3, 1), treasure=11), hunter("Bento Rush", 1, (8, 8), treasure=4),
                 hunter("Vex Orion", 0, (0, 8), treasure=11), hunter("Mara Quill", 1, (8, 0), treasure=5)]
        state = position(cards, energy=6, loot=[(4, 1)])
        assert outcome(state) is None  # 22 treasures on Red's two cards, but neither card holds 12
        names = ["Red", "Blue"]
        assert treasure_lines(state, names) == ["Red: two Scoring cards, at 11 and 11 treasures (each counts alone)",
                                                "Blue: two Scoring cards, at 5 and 4 treasures (each counts alone)"]
        assert race_text(2) == ("Each player runs two hunters, each on its own Scoring card. The two cards count apart "
                                "and are never added: the first card to reach 12 treasures wins.")
        assert race_text(3) == "Each player's Scoring card counts their treasure: the first to reach 12 treasures wins."
        assert Setup(players=2).deal_text().endswith("each Scoring card races to 12 on its own")
        assert progress(state) == "Cards 11&11 – 5&4 (one at 12 wins)"
        assert score_text(state, 3, names).startswith("Blue's scoring card (Mara Quill): 5 treasures. Blue's two cards "
                                                      "count apart, never added: the first card to reach 12 wins.")
        state, events = play(state, "move 4 1")
        assert events[-1] == GameOver((0,), "Player 1 reached 12 treasures on one of their two Scoring cards.", N("Pip Tumble"), 12)
        assert outcome(state, names) == Outcome((0,), "Red reached 12 treasures on one of their two Scoring cards.")
        assert treasure_lines(state, names)[0] == "Red: two Scoring cards, at 12 and 11 treasures (each counts alone)"

    def test_victory_with_more_players_the_one_scoring_card_is_the_players_count(self):
        cards = [hunter("Pip Tumble", 0, (3, 1), treasure=11), hunter("Bento Rush", 1, (8, 8), treasure=4),
                 hunter("Vex Orion", 2, (0, 8), treasure=1)]
        state = position(cards, energy=6, loot=[(4, 1)])
        assert treasure_lines(state, ["Red", "Blue", "Green"]) == ["Red: 11 treasures", "Blue: 4 treasures", "Green: 1 treasure"]
        assert progress(state) == "Treasure 11–4–1 (12 wins)"
        state, events = play(state, "move 4 1")
        assert events[-1] == GameOver((0,), "Player 1 reached 12 treasures.", N("Pip Tumble"), 12)


class TestExampleTurn:
    """Elia Rose rolls a 6: Tank Driver (Trample 3, 2 Damage to each hunter passed), a 1-energy
    step onto a treasure beside Bento Rush, then Theft (Hit 1, Range 1, Steal 1) on him."""

    def test_elia_rose_rolls_a_six(self):
        cards = [
            hunter("Elia Rose", 0, (3, 7), treasure=2),
            hunter("Mara Quill", 1, (4, 7)),
            hunter("Vex Orion", 0, (1, 1)),
            hunter("Bento Rush", 1, (8, 8), treasure=4),
        ]
        elia, mara, bento = N("Elia Rose"), N("Mara Quill"), N("Bento Rush")
        state = with_rolls(position(cards), [6])
        state, events = play(state, "roll")
        # The roll puts a treasure on zone 6 before anything else.
        assert events == [TurnStarted(0, elia), DiceRolled(elia, "energy", (6,), 0), TreasurePlaced(((7, 7),))]
        # 3 energy: Tank Driver. Fewer than 6 treasure, so no extra Trample square.
        state, events = play(state, "act 3")
        assert events == [ActionStarted(elia, 3, "Tank Driver", 3, "Trample 3 [Damage 2]")]
        state, events = play(state, "step 4 7", "step 5 7", "step 6 7")
        assert [e for e in events if isinstance(e, (Targeted, Damaged))] == [Targeted(elia, mara, "trample"), Damaged(mara, 2, 4)]
        assert state.energy == 3 and state.res is None
        # 1 energy: one square, picking up the treasure, one square from Bento Rush.
        state, events = play(state, "move 7 7")
        assert events == [Moved(elia, ((6, 7), (7, 7)), "walk"), TreasureCollected(elia, 0, (7, 7), 3)]
        # 2 energy: Theft -- Hit 1 at Range 1, Steal 1 from Bento Rush.
        state, events = play(state, "act 2")
        assert events == [ActionStarted(elia, 2, "Theft", 2, "Hit 1 Range 1 [Steal 1]")]
        assert legal_actions(state) == [Action("target", (bento,)), Action("done")]
        state, events = play(state, f"target {bento}")
        assert events == [Targeted(elia, bento, "hit"), Stolen(elia, bento, 1), TurnEnded(0, elia, 0)]
        # All her points are spent and her turn is over.
        assert (card(state, "Elia Rose").treasure, card(state, "Bento Rush").treasure) == (4, 3)
        assert state.turn == 1 and state.phase == "start" and state.to_move == 1
        assert texts(events) == ["Elia Rose hits Bento Rush.", "Elia Rose steals 1 treasure from Bento Rush.", "Elia Rose ends the turn."]

    def test_with_six_treasure_tank_driver_tramples_one_square_further(self):
        cards = [hunter("Elia Rose", 0, (3, 7), treasure=6), hunter("Mara Quill", 1, (4, 7)), hunter("Vex Orion", 0, (1, 1)), hunter("Bento Rush", 1, (8, 8))]
        state, _events = play(with_rolls(position(cards), [6]), "roll", "act 3", "step 4 7", "step 5 7", "step 6 7")
        assert state.res is not None and state.res.left == 1
        state, _events = play(state, "step 7 7")
        assert card(state, "Elia Rose").at == (7, 7) and state.res is None

    def test_a_retirement_during_the_trample(self):
        cards = [hunter("Elia Rose", 0, (3, 7)), hunter("Mara Quill", 1, (4, 7), endurance=2, treasure=3), hunter("Vex Orion", 0, (1, 1)), hunter("Bento Rush", 1, (8, 8))]
        state, events = play(with_rolls(position(cards), [6]), "roll", "act 3", "step 4 7")
        assert events[-1] == KnockedOut(N("Mara Quill"), "retired", 1, N("Elia Rose"), 2, 2)
        assert card(state, "Elia Rose").treasure == 2
