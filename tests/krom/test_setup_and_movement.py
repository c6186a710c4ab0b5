"""Rulebook sections "Setup" and "1. Movement Phase", and the game options."""

import pytest

from game.core import Action, IllegalAction
from game.core import events as shared
from game.core.decision import Decision
from game.core.errors import SetupError
from game.krom import BONUS, CHARACTERS, EVOLUTIONS, HIDDEN, HUNTING, PICKING, Setup, State, apply, check_invariants, decision, legal_actions, new_game, view
from game.krom.events import DestinationPicked, DestinationsRevealed, Moved
from game.krom.testing import of_type, position, finish_phase, run_passing


class TestSetup:
    @pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
    def test_everyone_starts_in_the_cave_with_7_hit_points_5_krom_and_1_bonus(self, players):
        s = new_game(Setup(players), 11)
        for p in s.players:
            assert (p.place, p.hp, p.krom, p.wood, p.stone, p.bone, len(p.hand), p.evolutions) == (0, 7, 5, 0, 0, 0, 1, ())
        assert s.supply == {"krom": 50 - 5 * players, "wood": 12, "stone": 12, "bone": 12}
        assert len(s.bonus_deck) == 31 - players
        check_invariants(s)

    def test_four_hunting_and_four_evolution_cards_face_up_from_shuffled_decks(self):
        a, b = new_game(Setup(2), 1), new_game(Setup(2), 2)
        assert len(a.hunting_row) == 4 and len(a.hunting_deck) == 13 and len(a.evolution_row) == 4 and len(a.evolution_deck) == 21
        assert len(a.picking_deck) == 20
        assert a.hunting_row + a.hunting_deck != b.hunting_row + b.hunting_deck
        assert a.picking_deck != b.picking_deck and a.evolution_row + a.evolution_deck != b.evolution_row + b.evolution_deck
        assert sorted(a.hunting_row + a.hunting_deck) == list(range(len(HUNTING)))
        assert sorted(a.picking_deck) == list(range(len(PICKING))) and len(EVOLUTIONS) == 25 and len(BONUS) == 31

    def test_the_same_seed_gives_the_same_game(self):
        assert new_game(Setup(4), 7) == new_game(Setup(4), 7)

    def test_characters_are_distinct_random_by_default_or_chosen(self):
        for seed in range(20):
            chars = [p.character for p in new_game(Setup(6), seed).players]
            assert sorted(chars) == sorted(c.id for c in CHARACTERS)
        s = new_game(Setup(2, ("kolos", "alma")), 3)
        assert [p.character for p in s.players] == ["kolos", "alma"]

    @pytest.mark.parametrize(
        "kwargs, message",
        [
            ({"players": 1}, "players must be 2 to 6, got 1"),
            ({"players": 7}, "players must be 2 to 6, got 7"),
            ({"players": 2, "characters": ("alma",)}, "characters must list one character per seat (2)"),
            ({"players": 2, "characters": ("alma", "alma")}, "two seats play the same character"),
            ({"players": 2, "characters": ("alma", "grog")}, "unknown character 'grog'"),
            ({"players": 2, "glacial": "yes"}, "glacial must be true or false, got 'yes'"),
            ({"players": 2, "characters": (["alma"], "kolos")}, "unknown character ['alma']"),
            ({"players": "4"}, "players must be 2 to 6, got '4'"),
        ],
    )
    def test_bad_options_are_refused(self, kwargs, message):
        with pytest.raises(SetupError) as info:
            Setup(**kwargs)
        assert message in str(info.value)

    def test_options_round_trip_and_are_validated_from_plain_data(self):
        setup = Setup(5, ("alma", "morhy", "valkyr", "nukka", "kolos"), True, True, True)
        assert Setup.from_dict(setup.to_dict()) == setup
        assert Setup.from_dict({"players": 3}) == Setup(3)
        with pytest.raises(ValueError, match="unknown field 'colour'"):
            Setup.from_dict({"players": 3, "colour": "red"})
        with pytest.raises(ValueError, match="lacks 'players'"):
            Setup.from_dict({})
        with pytest.raises(SetupError, match="players must be 2 to 6"):
            Setup.from_dict({"players": True})
        for bad, message in [
            ([], "setup must be an object"),
            ({"players": 3, "characters": "alma"}, "characters must be a list or null"),
            ({"players": 2, "characters": [1, 2]}, "unknown character 1"),
            ({"players": 3, "longer": 1}, "longer must be true or false"),
        ]:
            with pytest.raises(SetupError, match=message.replace("[", r"\[")):
                Setup.from_dict(bad)

    def test_new_game_wants_a_krom_setup(self):
        with pytest.raises(SetupError, match="needs a Krom: Evolution Setup"):
            new_game({"players": 3}, 1)


class TestMovementPhase:
    def test_each_seat_picks_in_turn_and_the_pick_stays_secret(self):
        s = position(["alma", "morhy", "valkyr"], hands=[[], [], []])
        assert s.to_move == 0 and [str(a) for a in legal_actions(s)] == ["go forest", "go savanna", "go mountain"]
        s, events = run_passing(s, "go savanna")
        assert events == [DestinationPicked(0)]  # the event does not say where
        assert s.to_move == 1 and s.players[0].place == 0  # nobody moves before the reveal
        assert view(s, 1).picks == (HIDDEN, None, None)
        assert view(s, 0).picks == (2, None, None)
        assert view(s, None).picks == (HIDDEN, None, None)
        assert view(s, 1).to_dict()["picks"] == [-1, None, None]

    def test_picks_are_revealed_together_and_everyone_moves(self):
        s = position(["alma", "morhy", "valkyr"], hands=[[], [], []])
        s, events = run_passing(s, "go savanna", "go forest")
        assert of_type(events, DestinationsRevealed) == []
        s, events = run_passing(s, "go mountain")
        assert of_type(events, DestinationsRevealed) == [DestinationsRevealed((2, 1, 3))]
        assert [p.place for p in s.players] == [2, 1, 3] and s.picks == (None, None, None)

    def test_after_the_reveal_every_standee_walks_from_its_place_to_its_destination(self):
        s = position(["alma", "morhy", "valkyr"], places=["forest", "cave", "cave"], hands=[[], [], []])
        s, events = run_passing(s, "go savanna", "go forest", "go mountain")
        moved = of_type(events, Moved)
        assert moved == [Moved(0, (1, 2)), Moved(1, (0, 1)), Moved(2, (0, 3))]
        assert all(isinstance(m, shared.Moved) for m in moved)
        assert events.index(of_type(events, DestinationsRevealed)[0]) < events.index(moved[0])

    def test_the_secret_pick_is_a_private_decision_naming_the_player(self):
        s = position(["alma", "morhy"], places=["forest", "cave"])
        d = decision(s)
        assert d == Decision("move", 0, "Alma: choose your destination in secret (you must leave the Forest)", True)

    def test_a_player_must_leave_their_place(self):
        s = position(["alma", "morhy"], places=["forest", "cave"])
        before = s.to_dict()
        with pytest.raises(IllegalAction) as info:
            apply(s, Action.of("go", "forest"))
        assert info.value.reason == "You are in the Forest and must move: pick another destination."
        assert s.to_dict() == before
        assert [str(a) for a in legal_actions(s)] == ["go cave", "go savanna", "go mountain"]

    def test_bad_destinations(self):
        s = position(["alma", "morhy"])
        for text, reason in [
            ("go beach", "Go where? The Cave, the Forest, the Savanna or the Mountain."),
            ("go", "Go where? The Cave, the Forest, the Savanna or the Mountain."),
            ("rest", "It is the Movement phase: pick a destination (the Cave, the Forest, the Savanna or the Mountain)."),
        ]:
            with pytest.raises(IllegalAction) as info:
                apply(s, Action.parse(text))
            assert info.value.reason == reason

    def test_round_two_starts_with_a_new_movement_phase_from_the_new_places(self):
        s = position(["alma", "morhy"], hands=[[], []])
        s, _ = finish_phase(finish_phase(run_passing(s, "go forest", "go mountain")[0])[0])
        assert s.round == 2 and s.phase == "move" and s.to_move == 0
        assert [str(a) for a in legal_actions(s)] == ["go cave", "go savanna", "go mountain"]


def test_state_from_dict_refuses_other_versions():
    d = new_game(Setup(2), 1).to_dict()
    d["version"] = 99
    with pytest.raises(ValueError, match="not a Krom state of version 3"):
        State.from_dict(d)
