"""The rule-module API around the rules: setup options, plain data, views, refusals, queries, saves, demo."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.khrysos as K
from game import registry
from game.core import Action, IllegalAction, Rng
from game.core.errors import SetupError
from game.core.api import check_module
from game.core.decision import HIDDEN, Decision
from game.core.save import SaveError, new_save, parse_save, replay
from game.core.simulate import play as play_random
from game.khrysos.events import describe
from game.khrysos.maps import MapSpec, PlacedTile, map_to_dict
from game.khrysos import Pending, decision, pending
from game.khrysos.queries import (
    action_statuses,
    card_of_hunter,
    current_targets,
    hunters_at,
    hunters_in_play,
    movement_budget,
    path_actions,
    playable_hunters,
    range_between,
    reachable_squares,
)
from game.khrysos.testing import card, hunter, number_of, play, position

N = number_of
TURN_PROMPT = "Player 1: Elia Rose has 4 energy points to spend on moving and actions"


def midgame(seed=3, steps=60):
    state = K.new_game(K.Setup(players=2), seed)
    rng = Rng(seed)
    for _ in range(steps):
        state, _ = K.apply(state, K.playout_choice(state, K.legal_actions(state), rng))
    return state


def _positions():
    guard = position([hunter("Torvald Grimm", 0, (4, 1)), hunter("Bento Rush", 1, (5, 1), guard=2), hunter("Vex Orion", 0, (0, 8)), hunter("Mara Quill", 1, (8, 8))], energy=6)
    guarded, _ = play(guard, "act 2", f"target {N('Bento Rush')}")
    trample, _ = play(position([hunter("Elia Rose", 0, (4, 1)), hunter("Bento Rush", 1, (5, 1)), hunter("Vex Orion", 0, (0, 8)), hunter("Mara Quill", 1, (8, 8))], energy=6), "act 3")
    return [K.new_game(K.Setup(players=3), 2), midgame(), guarded, trample]


POSITIONS = _positions()


class TestModule:
    def test_the_module_has_the_rule_module_api(self):
        check_module(K)
        assert (K.GAME_ID, K.TITLE, K.VERSION) == ("khrysos", "Khrysos Hunters", 4)
        assert registry.load("khrysos") is K

    def test_steal_a_save_from_the_version_3_rules_is_refused_with_the_reason(self):
        # Version 4 lets a Hit with Steal and other symbols target a hunter without treasure (RULES_NOTES
        # S3): a version-3 save could not replay the same way.
        data = json.loads(new_save(K, K.Setup(players=2), 1, []).to_text())
        data["version"] = 3
        with pytest.raises(SaveError, match="^the save is for version 3 of the Khrysos Hunters rules; this program plays version 4$"):
            replay(parse_save(json.dumps(data)))

    def test_bench_setup_is_two_players_on_a_sample_map(self):
        assert K.bench_setup() == K.Setup(players=2, map="alpha_room")

    def test_random_setups_cover_player_counts_and_maps(self):
        setups = [K.random_setup(Rng(i)) for i in range(60)]
        assert {s.players for s in setups} == {2, 3, 4}
        assert {s.map for s in setups} == {m for m, _ in K.list_sample_maps()}

    def test_demo_state_is_a_game_in_progress_with_energy_to_spend(self):
        state = K.demo_state(5)
        assert state.phase == "active" and state.res is None and state.energy > 0
        assert state.started and sum(c.turns for c in state.cards) >= 3
        assert K.demo_state(5) == state
        K.check_invariants(state)


class TestSetup:
    def test_round_trip(self):
        for setup in (K.Setup(), K.Setup(players=4, map="the_tower")):
            assert K.Setup.from_dict(setup.to_dict()) == setup

    def test_a_custom_map_from_the_editor(self):
        tiles = tuple(PlacedTile(f"zone{n}", n - 1, 0) for n in range(1, 7))
        custom = map_to_dict(MapSpec("Line", tiles))
        setup = K.Setup.from_dict({"players": 3, "custom_map": custom})
        state = K.new_game(setup, 1)
        assert state.board.width == 18 and K.State.from_dict(state.to_dict()) == state

    @pytest.mark.parametrize(
        "data, message",
        [
            ({"players": 5}, "Khrysos Hunters is for 2 to 4 players, not 5"),
            ({"players": "2"}, "Khrysos Hunters is for 2 to 4 players, not '2'"),
            ({"players": 2, "map": "moon"}, "unknown sample map 'moon'"),
            ({"players": 2, "colour": "red"}, "setup has an unknown field 'colour'"),
            ({"players": 2, "custom_map": {"format": "khrysos-map"}}, "the custom map cannot be played: the map file's 'version' must be 1"),
            ("two", "setup must be an object, not str"),
            ({"players": True}, "Khrysos Hunters is for 2 to 4 players, not True"),
            ({"players": None}, "Khrysos Hunters is for 2 to 4 players, not None"),
            ({"players": 2, "map": ["alpha_room"]}, r"setup.map must be a sample map id, not \['alpha_room'\]"),
            ({"players": 2, "map": 3}, "setup.map must be a sample map id, not 3"),
            ({"players": 2, "custom_map": [1]}, r"setup.custom_map must be a map file's data \(an object\)"),
            ({"players": 10**100}, r"Khrysos Hunters is for 2 to 4 players, not 1000000000.*\.\.\.$"),
            ({"players": 10**5000}, "Khrysos Hunters is for 2 to 4 players, not a number of more than 900 digits$"),
            ({1: 2}, "setup has an unknown field '1'"),
        ],
    )
    def test_bad_setups_are_refused_with_a_reason(self, data, message):
        with pytest.raises(SetupError, match=message):
            K.Setup.from_dict(data)

    @pytest.mark.parametrize("kw", [{"players": 1}, {"players": 5}, {"map": "moon"}, {"map": None}, {"custom_map": "x"}])
    def test_a_bad_setup_built_directly_raises_setup_error(self, kw):
        with pytest.raises(SetupError):
            K.Setup(**kw)


class TestPlainData:
    def test_state_round_trips_through_json(self):
        state = midgame()
        text = json.dumps(state.to_dict())
        assert K.State.from_dict(json.loads(text)) == state
        assert K.State.from_dict(state.to_dict()).to_dict() == state.to_dict()

    def test_a_pending_decision_and_the_rng_script_round_trip(self):
        cards = [hunter("Torvald Grimm", 0, (4, 1)), hunter("Bento Rush", 1, (5, 1), guard=1), hunter("Vex Orion", 0, (0, 8)), hunter("Mara Quill", 1, (8, 8))]
        state, _ = play(position(cards, energy=6), "act 2", f"target {N('Bento Rush')}")
        state.rng = state.rng.scripted([4, 4])
        again = K.State.from_dict(state.to_dict())
        assert again == state and again.res == state.res and again.rng.script == (4, 4)
        assert K.legal_actions(again) == K.legal_actions(state)

    @pytest.mark.parametrize(
        "change, message",
        [
            (lambda d: d.update(version=9), "state version 9 is not 4"),
            (lambda d: d.update(phase="lunch"), "unknown phase 'lunch'"),
            (lambda d: d.pop("cards"), "bad Khrysos Hunters state: KeyError 'cards'"),
            (lambda d: d.update(energy="6"), "expected an integer, got '6'"),
            (lambda d: d.update(map="moon"), "unknown sample map 'moon'"),
        ],
    )
    def test_bad_state_data_is_refused_with_a_reason(self, change, message):
        d = midgame().to_dict()
        change(d)
        with pytest.raises(ValueError, match=message):
            K.State.from_dict(d)


class TestViews:
    def test_a_seat_sees_its_own_hand_but_not_others_nor_the_deck_order_nor_the_dice(self):
        state = K.new_game(K.Setup(players=3), 4)
        v = K.view(state, 1)
        assert v.hands[1] == state.hands[1]
        assert v.hands[0] == (HIDDEN,) * len(state.hands[0]) and v.hands[2] == (HIDDEN,) * len(state.hands[2])
        assert v.deck == (HIDDEN,) * len(state.deck) and v.rng != state.rng
        assert v.cards == state.cards and v.loot == state.loot
        assert K.State.from_dict(v.to_dict()) == v

    def test_a_spectator_sees_no_hand(self):
        v = K.view(K.new_game(K.Setup(players=2), 4), None)
        assert all(set(h) == {HIDDEN} for h in v.hands)

    def test_a_view_does_not_change_the_state(self):
        state = midgame()
        before = state.to_dict()
        K.view(state, 0)
        assert state.to_dict() == before


class TestMiscellaneousRules:
    def test_every_hunter_card_in_play_is_open_to_every_player(self):
        state = midgame()
        for seat in (0, 1, None):
            v = K.view(state, seat)
            assert v.cards == state.cards  # hunters, endurance, markers and treasure
            assert [c.hunter for c in v.cards] == [c.hunter for c in state.cards]


class TestBadInput:
    def test_unknown_and_malformed_actions(self):
        state = position([hunter("Elia Rose", 0, (4, 2)), hunter("Bento Rush", 1, (6, 2)), hunter("Vex Orion", 0, (1, 7)), hunter("Mara Quill", 1, (7, 7))], energy=4)
        cases = {
            "fly 1 1": "There is no action 'fly' in Khrysos Hunters.",
            "move 4": "Write it as: move X Y.",
            "move a b": "Write it as: move X Y.",
            "act": "Write it as: act N (an action number 1-6).",
            "roll": f"That does not answer the question now. {TURN_PROMPT}.",
            "target 2": f"That does not answer the question now. {TURN_PROMPT}.",
            "guard 1": f"That does not answer the question now. {TURN_PROMPT}.",
        }
        before = state.to_dict()
        for text, reason in cases.items():
            with pytest.raises(IllegalAction) as info:
                K.apply(state, Action.parse(text))
            assert info.value.reason == reason
        assert state.to_dict() == before

    @settings(max_examples=300, deadline=None)
    @given(
        kind=st.sampled_from(["play", "place", "roll", "withdraw", "move", "act", "end", "boost", "done", "step", "target", "guard", "x"]),
        args=st.lists(st.one_of(st.integers(-50, 50), st.sampled_from(["damage", "a", "-"])), max_size=3),
        which=st.integers(0, 3),
    )
    def test_any_action_is_either_applied_or_refused_with_a_reason(self, kind, args, which):
        state = POSITIONS[which]
        before = state.to_dict()
        action = Action(kind, tuple(args))
        try:
            K.apply(state, action)
        except IllegalAction as e:
            assert e.reason and action not in K.legal_actions(state)
        else:
            assert action in K.legal_actions(state)
        assert state.to_dict() == before

    @pytest.mark.parametrize(
        "junk, reason",
        [
            (None, "Not an action of Khrysos Hunters: NoneType."),
            ("move 4 3", "Not an action of Khrysos Hunters: str."),
            (["move", 4, 3], "Not an action of Khrysos Hunters: list."),
            (Action("move", [4, 3]), "Not an action of Khrysos Hunters: an action is a word followed by numbers or words."),
            (Action("move", (4, None)), "Not an action of Khrysos Hunters: an action is a word followed by numbers or words."),
            (Action("move", ((4, 3),)), "Not an action of Khrysos Hunters: an action is a word followed by numbers or words."),
            (Action(["move"], (4, 3)), "Not an action of Khrysos Hunters: an action is a word followed by numbers or words."),
        ],
    )
    def test_anything_but_an_action_is_refused_with_a_reason_and_the_state_unchanged(self, junk, reason):
        state = POSITIONS[1]
        before = state.to_dict()
        assert K.why_illegal(state, junk) == reason
        with pytest.raises(IllegalAction) as info:
            K.apply(state, junk)
        assert info.value.reason == reason and state.to_dict() == before

    def test_why_illegal_is_none_exactly_for_the_legal_actions(self):
        for state in POSITIONS:
            legal = K.legal_actions(state)
            assert all(K.why_illegal(state, a) is None for a in legal)
            assert K.why_illegal(state, Action("fly")) == "There is no action 'fly' in Khrysos Hunters."

    def test_every_action_kind_has_a_handler_and_a_reason(self):
        from game.khrysos.refusals import ACTION_KINDS
        from game.khrysos.rules import _HANDLERS

        assert set(_HANDLERS) == ACTION_KINDS

    def test_apply_never_changes_its_input(self):
        state = position([hunter("Elia Rose", 0, (4, 2)), hunter("Bento Rush", 1, (6, 2)), hunter("Vex Orion", 0, (1, 7)), hunter("Mara Quill", 1, (7, 7))], energy=4)
        before = state.to_dict()
        K.apply(state, Action("move", (4, 3)))
        assert state.to_dict() == before


class TestQueries:
    def board(self, **kw):
        return position([hunter("Elia Rose", 0, (3, 3)), hunter("Bento Rush", 1, (5, 5)), hunter("Vex Orion", 0, (1, 7)), hunter("Mara Quill", 1, (5, 5))], **kw)

    def test_reachable_squares_with_cost_and_path(self):
        state = self.board(energy=2)
        reach = reachable_squares(state, N("Elia Rose"))
        # The 5x5 squares around (3,3), less the three squares behind the pillar at (4,4)
        # that take 3 or 4 steps (no diagonal step through a pillar); the pillar square
        # itself is 2 steps away, entered straight.
        assert len(reach) == 22
        assert reach[(3, 3)] == (0, ())
        assert reach[(5, 3)] == (2, ((4, 3), (5, 3)))
        assert reach[(4, 4)].cost == 2
        assert (5, 4) not in reach and (5, 5) not in reach
        assert reachable_squares(state, N("Elia Rose"), 3)[(5, 4)].cost == 3
        assert movement_budget(state, N("Elia Rose")) == 2 and movement_budget(state, N("Bento Rush")) == 0

    def test_path_actions_walk_to_a_square(self):
        state = self.board(energy=2)
        actions = path_actions(state, N("Elia Rose"), (5, 3))
        assert [str(a) for a in actions] == ["move 4 3", "move 5 3"]
        state, _ = play(state, *actions)
        assert card(state, "Elia Rose").at == (5, 3)
        assert path_actions(self.board(energy=2), N("Elia Rose"), (8, 8)) == []

    def test_hunters_on_the_map(self):
        state = self.board()
        assert hunters_at(state, (5, 5)) == [N("Bento Rush"), N("Mara Quill")]
        assert hunters_in_play(state)[0] == (N("Elia Rose"), 0, (3, 3))
        assert card_of_hunter(state, N("Vex Orion")).at == (1, 7)
        with pytest.raises(LookupError, match="Pip Tumble is not in play"):
            card_of_hunter(state, N("Pip Tumble"))
        assert range_between(state, (3, 3), (5, 5)) == 4

    def test_action_statuses_say_what_is_usable_and_why_not(self):
        state, _ = play(self.board(energy=4), "act 1")
        statuses = action_statuses(state)
        assert [(s.number, s.usable, s.reason) for s in statuses] == [
            (1, False, "already used this turn"),
            (2, True, ""),
            (3, True, ""),
            (4, False, "costs 4, 3 energy left"),
            (5, False, "costs 5, 3 energy left"),
            (6, False, "costs 6, 3 energy left"),
        ]
        assert statuses[1].name == "Theft" and statuses[1].targets == ()

    def test_action_statuses_before_the_roll_say_roll_first(self):
        """The board shows the card before the die is rolled: every action waits for the roll."""
        state = K.new_game(K.Setup(), 1)
        while state.phase != "start":
            state, _ = K.apply(state, K.legal_actions(state)[0])
        assert {(s.usable, s.reason) for s in action_statuses(state)} == {(False, "roll the die first")}

    def test_decisions_name_what_is_asked(self):
        state = position([hunter("Elia Rose", 0, (3, 3)), hunter("Bento Rush", 1, (5, 5), treasure=1), hunter("Vex Orion", 0, (1, 7)), hunter("Mara Quill", 1, (5, 5), treasure=2)], energy=6)
        d = decision(state)
        assert d == Decision("turn", 0, "Player 1: Elia Rose has 6 energy points to spend on moving and actions", False)
        state, _ = play(state, "move 4 3", "move 5 3", "move 5 4", "act 2")
        d = decision(state)
        assert d == Decision("hit", 0, "Player 1: choose whom Elia Rose hits within Range 1 (1 hit left), or stop", False)
        assert pending(state) == Pending("hit", 0, N("Elia Rose"), 1)
        assert current_targets(state) == [N("Bento Rush"), N("Mara Quill")]
        assert playable_hunters(state) == []
        start = K.new_game(K.Setup(), 1)
        assert decision(start) == Decision("play", start.to_move, f"Player {start.to_move + 1}: choose a hunter to play from your hand", True)

    def test_decision_is_private_only_while_choosing_from_a_secret_hand(self):
        state = position(
            [hunter(None, 0), hunter("Bento Rush", 1, (5, 5)), hunter("Vex Orion", 0, (1, 7)), hunter("Mara Quill", 1, (5, 5))],
            retired={0: ["Elia Rose"]},
        )
        state.deck = ()
        d = decision(state)
        assert (d.kind, d.seat, d.private) == ("play", 0, False) and d.prompt == "Player 1: choose a hunter to play from your retired hunters"
        over = position([hunter("Elia Rose", 0, (3, 3)), hunter("Bento Rush", 1, (5, 5)), hunter("Vex Orion", 0, (1, 7)), hunter("Mara Quill", 1, (5, 5))])
        over.phase, over.winner, over.to_move = "over", 1, None
        assert decision(over) == Decision("over", None, "Game over, Player 2 wins. Player 2 reached 12 treasures on one of their two Scoring cards.", False)


class TestEventsAndSaves:
    def test_every_event_of_a_random_game_has_a_log_line(self):
        state = K.new_game(K.Setup(players=2), 11)
        rng = Rng(11)
        kinds = set()
        while state.to_move is not None:
            state, events = K.apply(state, K.playout_choice(state, K.legal_actions(state), rng))
            for e in events:
                text = describe(e)
                assert text and "=" not in text and "(" not in text[:1]
                kinds.add(e.kind)
                assert json.dumps(e.to_dict())
        assert {"DiceRolled", "Moved", "TreasureCollected", "ActionStarted", "TurnEnded", "GameOver"} <= kinds

    def test_a_save_replays_to_the_same_state(self):
        result = play_random(K, K.Setup(players=3, map="the_crossroad"), 21, 22)
        save = parse_save(new_save(K, result.setup, 21, result.actions).to_text())
        _, _, state = replay(save)
        assert state == result.state and K.outcome(state) == result.outcome


class TestActionText:
    """Suggestions show a Khrysos action as a player would say it, never as its text form."""

    def test_every_kind_of_action_reads_in_words(self):
        aiming, _ = play(position([hunter("Torvald Grimm", 0, (4, 1)), hunter("Bento Rush", 1, (5, 1), guard=2),
                                   hunter("Vex Orion", 0, (0, 8)), hunter("Mara Quill", 1, (8, 8))], energy=6), "act 2")
        guard, _ = play(aiming, f"target {N('Bento Rush')}")
        trample, _ = play(position([hunter("Elia Rose", 0, (4, 1)), hunter("Bento Rush", 1, (5, 1)),
                                    hunter("Vex Orion", 0, (0, 8)), hunter("Mara Quill", 1, (8, 8))], energy=6), "act 3")
        kinds = set()
        for state in [K.new_game(K.Setup(players=2), 2), midgame(), aiming, guard, trample, *[midgame(s, 40) for s in range(6)]]:
            for action in K.legal_actions(state):
                words = K.action_text(state, action)
                kinds.add(action.kind)
                assert words and words != str(action), (action, words)
        assert {"play", "move", "act", "end", "target", "step", "guard", "done"} <= kinds, " ".join(sorted(kinds))
        start = position([hunter("Elia Rose", 0, (4, 1)), hunter("Bento Rush", 1, (5, 1)),
                                          hunter("Vex Orion", 0, (0, 8)), hunter("Mara Quill", 1, (8, 8))], energy=6)
        assert K.action_text(start, Action("act", (2,))) == "Use Theft with Elia Rose (2 energy)"
        assert K.action_text(start, Action("move", (4, 2))) == "Move Elia Rose to E3"
        assert K.action_text(start, Action("nonsense", (1,))) == "nonsense 1"


def test_set_field_gives_what_replace_gives():
    """flow.set_field is the fast form of set_card(s, i, card._replace(field=value)) the rules use."""
    from game.khrysos import flow
    from game.khrysos.rules import new_game
    from game.khrysos.state import Card

    s = new_game(K.Setup(), 0).copy()
    for name, value in (("at", (3, 4)), ("endurance", 2), ("treasure", 7), ("turns", 5)):
        expected = s.cards[1]._replace(**{name: value})
        flow.set_field(s, 1, Card._fields.index(name), value)
        assert s.cards[1] == expected and type(s.cards[1]) is Card
    assert (flow.AT, flow.ENDURANCE, flow.TREASURE, flow.TURNS) == (2, 3, 4, 5)
