"""The rule-module API: shape, plain-data round trips, views, refusals with reasons, the log, the demo state."""

import dataclasses

import pytest

import game.krosmaster as K
from game import registry
from game.core import HIDDEN, Action, IllegalAction, Rng
from game.core.api import check_module
from game.core.events import Event
from game.krosmaster import events as E
from game.krosmaster.testing import build, run, with_rolls

TEAM = [("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (7, 9)), ("arrowna", 1, (3, 6)), ("wa_wabbit", 1, (6, 0))]


def test_the_module_has_the_whole_api():
    check_module(K)
    assert registry.load("krosmaster") is K
    assert (K.GAME_ID, K.TITLE, K.VERSION) == ("krosmaster", "Krosmaster: Blast", 2)


class TestPlainData:
    def test_round_trip_with_a_pending_decision(self):
        s = build(TEAM, active=0, setup=K.Setup(die_jokers=True), terrain={(0, 0): "ice"}, glyphs={(1, 2): 1})
        s, _ = run(with_rolls(s, ["joker", "blank"]), "cast 0 catroulette 3 6")
        assert s.pending is not None
        again = K.State.from_dict(s.to_dict())
        assert again == s and again.rng == s.rng and again.pending == s.pending
        assert [str(a) for a in K.legal_actions(again)] == [str(a) for a in K.legal_actions(s)]

    def test_a_game_in_progress_round_trips(self):
        s = K.demo_state(3)
        assert K.State.from_dict(s.to_dict()).to_dict() == s.to_dict()

    @pytest.mark.parametrize(
        "change, message",
        [
            ({"version": 9}, "not a version-2 Krosmaster state"),
            ({"phase": "lunch"}, "phase: unknown phase 'lunch'"),
            ({"to_move": 2}, "expected a seat"),
            ({"terrain": [[0, 0, "lava"]]}, "terrain: unknown tile 'lava'"),
            ({"glyphs": [[0, 0, 1]]}, r"glyphs: \[0, 0\] is not a Glyph cell"),
        ],
    )
    def test_malformed_states_are_refused(self, change, message):
        d = build(TEAM).to_dict()
        d.update(change)
        with pytest.raises(ValueError, match=message):
            K.State.from_dict(d)

    def test_two_fighters_on_one_cell_are_refused(self):
        d = build(TEAM).to_dict()
        d["fighters"][1]["cell"] = [3, 8]
        with pytest.raises(ValueError, match=r"fighters\[1\]: cell \[3, 8\] already holds fighter 0"):
            K.State.from_dict(d)


class TestViews:
    def test_the_pile_order_and_the_dice_are_hidden(self):
        s = K.new_game(K.Setup(), 9)
        for seat in (0, 1, None):
            v = K.view(s, seat)
            assert v.pile == (HIDDEN,) * 10 and v.rng == Rng(0)
            d = v.to_dict()
            assert d["fighters"] == s.to_dict()["fighters"] and d["phase"] == s.phase
        assert HIDDEN not in s.pile

    def test_a_view_of_a_pending_decision_still_lists_its_options(self):
        s = build(TEAM, active=0, setup=K.Setup(die_jokers=True))
        s, _ = run(with_rolls(s, ["joker"]), "cast 0 catroulette 3 6")
        assert K.legal_actions(K.view(s, 0)) == K.legal_actions(s)


class TestRefusals:
    """An illegal action raises IllegalAction naming the reason, and the state is unchanged."""

    @pytest.mark.parametrize(
        "text, reason",
        [
            ("move 2 3 5", "That fighter is the other player's."),
            ("move 0 3 7", "D8 is occupied by a fighter."),
            ("cast 0 catroulette 3 9", "Out of range: the target is 1 cell away, Catroulette reaches 2-3."),
            ("cast 0 catroulette 9 9", "That cell is off the board."),
            ("cast 0", "Cast is written like 'cast 0 catroulette 4 5'."),
            ("cast 7 catroulette 3 6", "There is no fighter number 7."),
            ("fly 0", "Unknown action 'fly'."),
            ("reroll", "There is no decision to make now."),
            ("slot left", "Finish playing the active fighter first (end it when done)."),
            ("challenge 0 iops_wrath 3 8", "No Divine Challenge in play has an active bonus 'iops_wrath'."),
        ],
    )
    def test_reason_and_state_unchanged(self, text, reason):
        s = build([("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (3, 7)), ("arrowna", 1, (3, 6)), ("wa_wabbit", 1, (6, 0))], active=0)
        before = s.to_dict()
        with pytest.raises(IllegalAction) as e:
            K.apply(s, Action.parse(text))
        assert e.value.reason == reason
        assert s.to_dict() == before

    def test_the_game_is_over(self):
        weak = {"kind": "arrowna", "owner": 1, "cell": [3, 6], "injuries": 5}
        s, _ = run(with_rolls(build([TEAM[0], TEAM[1], weak, TEAM[3]], active=0), ["blank"]), "cast 0 catroulette 3 6")
        with pytest.raises(IllegalAction, match="^The game is over\\.$"):
            K.apply(s, Action("end", (0,)))

    def test_every_legal_action_is_accepted_and_parses_back(self):
        s = build(TEAM, active=0, left=("cold_wave",), right=("gust",))
        for a in K.legal_actions(s):
            assert Action.parse(str(a)) == a
            K.apply(s, a)


WORDS = {"result": "caught", "terrain": "ice", "stat": "ap", "slot": "left", "cause": "walk", "reason": "limit",
         "purpose": "combat", "source": "combat", "favor": "gust", "covered": "weakness", "krosmaster": "arrowna",
         "minion": "fleeflee", "spell": "catroulette", "challenge": "iops_brawl", "bonus": "iops_wrath",
         "face": "critical", "power": "spin_again"}


def _sample(field):
    if field.name in WORDS:
        return WORDS[field.name]
    if field.name == "faces":
        return ("critical_joker", "blank")
    if field.name == "path":
        return ((3, 4), (3, 5))
    if field.name == "winners":
        return (0,)
    if field.name == "lost":
        return (1,)
    if field.name == "glyphs":
        return (2, 1)
    return {"int": 1, "bool": True, "Cell": (3, 4), "str": "ko", "tuple[int, ...]": (0,)}[field.type]


def test_every_event_has_a_log_line():
    classes = [c for c in vars(E).values() if isinstance(c, type) and issubclass(c, Event) and c is not Event]
    assert len(classes) == 28
    s = build(TEAM)
    for cls in classes:
        event = cls(*(_sample(f) for f in dataclasses.fields(cls)))
        line = K.describe(event, s)
        assert line and not line.startswith(cls.__name__) and line.endswith((".", "!")), line
        assert "_" not in line, f"an internal id in the log: {line}"


def test_describe_names_fighters():
    s = build(TEAM)
    assert K.describe(E.Damaged(2, 2, 4, "combat", 2), s) == "Pink Arrowna takes 2 damage (2 injuries, 4 HP left)."
    assert K.describe(E.SpellCast(0, "catroulette", (3, 6)), s) == "Blue Felix Dicebag casts Catroulette at D7."
    assert K.describe(E.Damaged(2, 1, 5, "fire", 1)) == "A fighter takes 1 damage (1 injury, 5 HP left)."
    # Knocked out with more injury markers than HP: no count that reads "9 injuries, 0 HP left" on 8 HP.
    assert K.describe(E.Damaged(2, 3, 0, "combat", 9), s) == "Pink Arrowna takes 3 damage (no HP left)."


def test_dice_faces_are_logged_in_words():
    s = build(TEAM)
    line = K.describe(E.DiceRolled(0, "combat", ("critical_joker",)), s)
    assert line == "Blue Felix Dicebag rolls for combat: critical joker."
    assert K.describe(E.JokerTurned(0, "shield_joker"), s) == "Blue Felix Dicebag turns the joker to shield joker."


def test_the_shared_event_shapes_are_used():
    from game.core import events as shared

    for name in ("DiceRolled", "Moved", "Damaged", "Healed", "KnockedOut", "GameOver"):
        assert issubclass(getattr(E, name), getattr(shared, name)) and getattr(E, name).__name__ == name


class TestDemoState:
    def test_a_game_in_progress(self):
        s = K.demo_state(5)
        assert s.phase not in ("draft", "place") and s.turn >= 3
        K.check_invariants(s)

    def test_the_same_seed_gives_the_same_state(self):
        assert K.demo_state(4) == K.demo_state(4)


def test_random_setups_cover_every_option():
    setups = [K.random_setup(Rng(n)) for n in range(60)]
    for field in dataclasses.fields(K.Setup):
        assert len({getattr(s, field.name) for s in setups}) > 1, field.name


def test_the_policy_only_picks_legal_actions():
    s = build(TEAM, active=0)
    legal = K.legal_actions(s)
    rng = Rng(3)
    for _ in range(50):
        assert K.playout_choice(s, legal, rng) in legal


def test_every_test_named_in_the_rules_notes_exists():
    """`file.py::Class::test` names a test; `::Class::test` or `::test` continues the previous file (and class)."""
    import ast
    import pathlib
    import re

    here = pathlib.Path(__file__).parent
    notes = (here.parents[1] / "game" / "krosmaster" / "RULES_NOTES.md").read_text(encoding="utf-8")
    refs = re.findall(r"`((?:test_\w+\.py)?::[\w:]+)`", notes)
    assert len(refs) > 50
    file = klass = None
    for ref in refs:
        head, _, rest = ref.partition("::")
        parts = rest.split("::")
        if head:
            file, klass = head, None
        if parts[0].startswith("Test"):
            klass = parts[0]
            parts = parts[1:]
        tree = ast.parse((here / file).read_text(encoding="utf-8"))
        scope = tree.body
        if klass:
            found = [n for n in scope if isinstance(n, ast.ClassDef) and n.name == klass]
            assert found, f"RULES_NOTES.md names {file}::{klass}, which does not exist"
            scope = found[0].body
        for name in parts:
            assert any(isinstance(n, ast.FunctionDef) and n.name == name for n in scope), (
                f"RULES_NOTES.md names {file}::{klass or ''}::{name}, which does not exist"
            )


def test_a_save_replays_to_the_same_state(tmp_path):
    from game.core.save import load_game, new_save, write_save
    from game.core.simulate import play

    setup = K.Setup(tackle=True, die_jokers=True, challenges=2, superior_favors=True)
    result = play(K, setup, 21, 22)
    write_save(tmp_path / "game.json", new_save(K, setup, 21, result.actions))
    _, module, setup2, state = load_game(tmp_path / "game.json")
    assert module is K and setup2 == setup and state == result.state


def test_random_junk_actions_are_refused_with_a_reason():
    kinds_ = ["pick", "place", "slot", "activate", "pass", "move", "cast", "favor", "challenge", "end", "face",
              "reroll", "keep", "remove", "zap"]
    words = ["left", "right", "catroulette", "iops_wrath", "critical", "arrowna", "fleabag", "x"]
    rng = Rng(5)
    s = K.new_game(K.random_setup(Rng(8)), 8)
    policy = Rng(9)
    probes = 0
    while s.to_move is not None:
        legal = set(K.legal_actions(s))
        for _ in range(10):
            args = tuple(rng.choice(words) if rng.below(3) == 0 else rng.randint(-2, 10) for _ in range(rng.below(5)))
            a = Action(rng.choice(kinds_), args)
            if a in legal:
                continue
            with pytest.raises(IllegalAction) as e:
                K.apply(s, a)
            assert e.value.reason
            probes += 1
        s, _ = K.apply(s, K.playout_choice(s, K.legal_actions(s), policy))
    assert probes > 500


def test_action_text_names_fighters_and_spells_in_words():
    """Suggestions show actions as a player would say them, never as their text form."""
    from game import krosmaster
    from game.core import Action

    state = krosmaster.demo_state(3)
    for action in krosmaster.legal_actions(state):
        words = krosmaster.action_text(state, action)
        assert (words and "_" not in words and words != str(action)) or action.kind in ("keep",), (action, words)
    assert krosmaster.action_text(state, Action("nonsense", (1,))) == "nonsense 1"
