"""The rules-to-screen seam: decision, why_illegal, redact, reveals, and what Match makes of them."""

import pytest

import game.krosmaster as K
from game.core import HIDDEN, Action, Decision, IllegalAction, Rng
from game.core.match import Match
from game.krosmaster import events as E
from game.krosmaster.testing import build, run, with_rolls

FAR_PINK = ("wa_wabbit", 1, (6, 0))
FAR_BLUE = ("golda_purse", 0, (7, 9))
TEAM = [("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK]


class TestDecision:
    def test_the_draft_and_placement(self):
        s = K.new_game(K.Setup(choose_krosmasters=True), 1)
        assert K.decision(s) == Decision("draft", 0, "Blue: pick Krosmaster 1 of 2 for your team", False)
        prompts = []
        for _ in range(3):
            s, _ = K.apply(s, K.legal_actions(s)[0])
            prompts.append(K.decision(s).prompt)
        assert prompts == ["Pink: pick Krosmaster 1 of 2 for your team", "Pink: pick Krosmaster 2 of 2 for your team",
                           "Blue: pick Krosmaster 2 of 2 for your team (the last pick)"]
        s, _ = K.apply(s, K.legal_actions(s)[0])
        d = K.decision(s)
        assert d.kind == "place" and d.seat == s.to_move and d.prompt.startswith(("Blue: place ", "Pink: place "))
        names = [K.CONTENT.character(f.kind).name for f in s.fighters if f.owner == s.to_move]
        assert d.prompt.endswith(f"place {names[0]} or {names[1]} on a free starting cell of your side")

    def test_the_slot_select_and_act_decisions(self):
        s = K.new_game(K.Setup(), 4)
        while s.phase == "place":
            s, _ = K.apply(s, K.legal_actions(s)[0])
        colour = E.COLOUR[s.to_move]
        favor = K.CONTENT.favors[s.revealed].name
        assert K.decision(s) == Decision("slot", s.to_move, f"{colour}: put the revealed Krosmic Favor {favor} in the left or right slot")
        s, _ = K.apply(s, Action("slot", ("left",)))
        assert K.decision(s) == Decision("select", s.to_move, f"{colour}: choose a Krosmaster to play, or pass to end turn 1")

    def test_act_names_the_fighter_its_points_and_a_dodge_roll(self):
        s = build(TEAM, active=0)
        assert K.decision(s) == Decision("act", 0, "Blue: play Felix Dicebag (3 AP, 3 MP left), then end its activation")
        tackled = build([("felix_dicebag", 0, (3, 7)), FAR_BLUE, ("arrowna", 1, (3, 6)), ("wa_wabbit", 1, (2, 7))],
                        active=0, setup=K.Setup(tackle=True))
        assert K.decision(tackled).prompt.endswith("; leaving its cell takes a dodge roll of 2 dice")

    def test_a_minion_turn_says_minion(self):
        s = build([*TEAM, {"kind": "fleeflee", "owner": 0, "cell": [0, 9]}], played=[0, 1])
        assert K.decision(s).prompt == "Blue: choose a Minion to play, or pass to end turn 2"

    def test_a_pending_joker_is_a_face_decision(self):
        s = build(TEAM, active=0, setup=K.Setup(die_jokers=True))
        s, _ = run(with_rolls(s, ["joker"]), "cast 0 catroulette 3 6")
        assert K.decision(s) == Decision(
            "face", 0, "Blue: turn the joker Felix Dicebag rolled into critical, shield, critical joker or shield joker"
        )
        s = build(TEAM, active=0, setup=K.Setup(die_jokers=True))
        s, _ = run(with_rolls(s, ["shield_joker"]), "cast 0 catroulette 3 6")
        assert K.decision(s).prompt == "Blue: turn the shield joker Felix Dicebag rolled into shield joker or critical joker"

    def test_spin_again_and_a_fifth_tile(self):
        glyphs = {(1, 2): 0, (5, 3): 0, (2, 4): 0, (5, 5): 0}
        s = build(TEAM, active=0, glyphs=glyphs)
        s, _ = run(with_rolls(s, ["shield"]), "cast 0 catroulette 3 6")
        assert K.decision(s) == Decision("reroll", 0, "Blue: roll Felix Dicebag's combat die again (Spin Again) or keep the shield")
        ice = {(0, 0): "ice", (7, 0): "ice", (0, 9): "ice", (6, 9): "ice"}
        s = build(TEAM, active=0, left=("cold_wave",), terrain=ice)
        s, _ = run(s, "favor 0 left 4 4")
        assert K.decision(s) == Decision("remove", 0, "Blue: choose which Ice tile to remove to make room for the new one on E5")

    def test_game_over(self):
        weak = {"kind": "arrowna", "owner": 1, "cell": [3, 6], "injuries": 5}
        s, _ = run(with_rolls(build([TEAM[0], TEAM[1], weak, TEAM[3]], active=0), ["blank"]), "cast 0 catroulette 3 6")
        assert K.decision(s) == Decision("over", None, "Game over, Blue wins. Pink lost half of their Krosmasters.")

    def test_nothing_is_ever_private(self):
        """Every pick, die and Favor is shown to the table; the pile is hidden from both alike."""
        s = K.new_game(K.random_setup(Rng(3)), 3)
        rng = Rng(4)
        while s.to_move is not None:
            assert K.decision(s).private is False
            s, _ = K.apply(s, K.playout_choice(s, K.legal_actions(s), rng))


JUNK = [None, "pass", ["pass"], ("pass",), 3, Action("pass", ["x"]), Action("activate", (True,)), Action("activate", (0.0,)),
        Action("move", (0, [3], 7)), Action("move", (0, None, 7)), Action(None, ()), Action(["pass"], ()),
        Action("cast", (0, {"a": 1}, 3, 6))]


class TestWhyIllegal:
    def test_none_for_every_legal_action(self):
        s = build(TEAM, active=0, left=("cold_wave",))
        assert all(K.why_illegal(s, a) is None for a in K.legal_actions(s))

    def test_apply_refuses_with_the_same_reason(self):
        s = build(TEAM, active=0)
        for text in ("move 0 3 6", "move 2 3 5", "cast 0 catroulette 3 9", "fly", "slot left", "pass"):
            a = Action.parse(text)
            reason = K.why_illegal(s, a)
            assert isinstance(reason, str) and reason
            with pytest.raises(IllegalAction) as e:
                K.apply(s, a)
            assert e.value.reason == reason

    @pytest.mark.parametrize("junk", JUNK, ids=repr)
    def test_what_is_not_an_action_is_refused_with_a_reason(self, junk):
        s = build(TEAM, active=0)
        before = s.to_dict()
        reason = K.why_illegal(s, junk)
        assert isinstance(reason, str) and reason
        with pytest.raises(IllegalAction) as e:
            K.apply(s, junk)
        assert e.value.reason == reason and s.to_dict() == before


class TestRedactAndReveals:
    def test_every_event_is_public(self):
        s = K.new_game(K.bench_setup(), 5)
        rng = Rng(6)
        for _ in range(200):
            if s.to_move is None:
                break
            s, events = K.apply(s, K.playout_choice(s, K.legal_actions(s), rng))
            for e in events:
                assert all(K.redact(e, seat) == e for seat in (0, 1, None))

    def test_the_view_hides_the_pile_with_the_one_marker(self):
        s = K.new_game(K.Setup(), 5)
        assert K.view(s, 1).pile == (HIDDEN,) * len(s.pile) and HIDDEN not in s.pile

    def test_turning_over_a_favor_is_a_reveal(self):
        s = build(TEAM, active=0)
        after, events = run(s, "end 0")
        assert not K.reveals(s, Action.parse("end 0"), after, events)
        again, events = run(after, "pass")
        assert any(isinstance(e, E.FavorRevealed) for e in events)
        assert K.reveals(after, Action.parse("pass"), again, events)

    def test_the_match_cannot_undo_past_a_revealed_favor(self):
        """`pass` reveals the next turn's Favor without a die: the opponent may not take it back, nor may the passer."""
        m = Match.new(K, K.Setup(), 2)
        while m.state.phase != "select":
            m.play(m.legal_actions()[0])
        m.play("pass")
        assert m.state.phase == "reveal" and m.undo_floor() == len(m.actions)
