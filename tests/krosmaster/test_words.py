"""What a player reads of Krosmaster: Blast (issue 23 "Words", issue 19 "Names for squares"):
every log line, action text, prompt, refusal and end reason, squares named as on the board's edges
(A-H left to right, 1-10 top to bottom), and the table's names for the players."""

import re

import pytest

import game.krosmaster as K
from game.core import Action
from game.krosmaster import events as E
from game.krosmaster import HEIGHT, WIDTH
from game.krosmaster.testing import build, run, with_rolls
from tests.texts import add_scripted, collect, event_classes, text_problems

NAMES = ("Ann", "Bob")
TEAM = [("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (5, 8)), ("arrowna", 1, (3, 6)), ("wa_wabbit", 1, (6, 0))]
FAR_BLUE, FAR_PINK = ("golda_purse", 0, (7, 9)), ("wa_wabbit", 1, (0, 0))


class TestSquareNames:
    def test_columns_a_to_h_left_to_right_rows_1_to_10_top_to_bottom(self):
        assert [K.column_name(x) for x in range(WIDTH)] == list("ABCDEFGH")
        assert [K.row_name(y) for y in range(HEIGHT)] == [str(n) for n in range(1, 11)]
        assert K.square_name((0, 0)) == "A1" and K.square_name((7, 9)) == "H10" and K.square_name((2, 6)) == "C7"

    def test_a_cell_index_names_the_same_square(self):
        assert K.square_name(6 * WIDTH + 2) == "C7"
        assert K.square_name(0) == "A1" and K.square_name(WIDTH * HEIGHT - 1) == "H10"

    def test_every_square_has_its_own_name(self):
        names = {K.square_name((x, y)) for x in range(WIDTH) for y in range(HEIGHT)}
        assert len(names) == WIDTH * HEIGHT

    @pytest.mark.parametrize("cell", [(8, 0), (-1, 3), (0, 10), WIDTH * HEIGHT, -1])
    def test_off_the_board_is_refused(self, cell):
        with pytest.raises(ValueError):
            K.square_name(cell)


def _rare_events():
    """Positions for the events random games seldom meet: a dodge roll, Spin Again, a shove resisted."""
    tackle = K.Setup(tackle=True)
    s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 7)), FAR_PINK], active=0, setup=tackle)
    yield run(with_rolls(s, ["joker"]), "move 0 2 8")
    glyphs = {(1, 2): 0, (5, 3): 0, (2, 4): 0, (5, 5): 0}
    s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 6)), FAR_PINK], active=0, glyphs=glyphs)
    s, _ = run(with_rolls(s, ["shield", "critical"]), "cast 0 catroulette 3 6")
    yield s, K.apply(s, Action("reroll"))[1]
    s = build([("bravo_stormblade", 0, (3, 9)), ("felix_dicebag", 0, (6, 9)), ("golda_purse", 1, (3, 8)), FAR_PINK], active=0)
    yield run(with_rolls(s, ["blank"]), "cast 0 intimidation 3 8")


@pytest.fixture(scope="module")
def texts():
    return add_scripted(collect(K, 40, NAMES), K, _rare_events(), NAMES)


class TestEveryText:
    def test_every_event_class_is_met(self, texts):
        missing = event_classes(E) - texts.events
        assert not missing, f"no text checked for {sorted(c.__name__ for c in missing)}"

    def test_every_action_kind_is_met(self, texts):
        kinds = {"pick", "place", "slot", "activate", "pass", "move", "cast", "favor", "challenge", "end", "face", "remove"}
        assert kinds <= texts.action_kinds, sorted(kinds - texts.action_kinds)

    def test_every_text_reads_as_a_player_would_say_it(self, texts):
        """Non-empty, a capital first, no raw coordinates or internal ids, right articles and plurals;
        log lines are sentences."""
        problems = texts.problems()
        assert not problems, "\n".join(problems[:30])

    def test_the_texts_cover_every_kind(self, texts):
        for kind in ("prompt", "progress", "outcome", "refusal:move", "refusal:cast", "action:cast", "event:Moved"):
            assert texts.by_kind.get(kind), kind

    def test_with_the_tables_names_no_colour_names_a_player(self, texts):
        """Given names, players are Ann and Bob everywhere (the colour stays only as a colour word)."""
        for kind, items in texts.by_kind.items():
            named = [t for t, _ in items if "Ann" in t or "Bob" in t]
            for t in named:
                assert not re.search(r"\b(Blue|Pink)\b", t), (kind, t)


class TestLogLines:
    def test_squares_are_named_as_on_the_board(self):
        s = build(TEAM)
        assert K.describe(E.SpellCast(0, "catroulette", (3, 6)), s) == "Blue Felix Dicebag casts Catroulette at D7."
        assert K.describe(E.Moved(0, ((3, 8), (3, 7))), s) == "Blue Felix Dicebag moves to D8."
        assert K.describe(E.GlyphCaptured((2, 6), 0, 0, False), s) == "Blue Felix Dicebag captures the Glyph cell on C7 for Blue."

    def test_articles(self):
        s = build(TEAM)
        assert K.describe(E.Summoned(1, "arachnee", 0, (2, 2)), s) == "Blue summons an Arachnee on C3."
        assert K.describe(E.Summoned(1, "fleeflee", 1, (2, 2)), s) == "Pink summons a Fleeflee on C3."
        assert K.describe(E.TerrainPlaced("ice", (0, 0)), s) == "An Ice tile is placed on A1."
        assert K.describe(E.TerrainPlaced("fire", (7, 9)), s) == "A Fire tile is placed on H10."

    def test_plurals(self):
        s = build(TEAM)
        assert K.describe(E.Damaged(2, 1, 5, "fire", 1), s) == "Pink Arrowna takes 1 damage (1 injury, 5 HP left)."
        assert K.describe(E.Healed(2, 1, 6, 0), s) == "Pink Arrowna is healed of 1 injury (no injury left)."
        assert K.describe(E.Healed(2, 2, 6, 3), s) == "Pink Arrowna is healed of 2 injuries (3 injuries left)."

    def test_the_tables_names(self):
        s = build(TEAM)
        assert K.describe(E.TurnStarted(1, 3), s, NAMES) == "Turn 3: Bob to play."
        assert K.describe(E.SpellCast(0, "catroulette", (3, 6)), s, names=NAMES) == "Ann's Felix Dicebag casts Catroulette at D7."
        assert K.describe(E.TurnStarted(1, 3), s, ("Blue", "Pink")) == "Turn 3: Pink to play."
        assert K.describe(E.SpellCast(0, "catroulette", (3, 6)), s, ("Blue", "Pink")) == "Blue Felix Dicebag casts Catroulette at D7."


class TestActionText:
    def test_squares_fighters_and_spells_in_words(self):
        s = build(TEAM, active=0)
        assert K.action_text(s, Action("move", (0, 2, 8))) == "Move Felix Dicebag to C9"
        assert K.action_text(s, Action("cast", (0, "catroulette", 3, 6))) == "Cast Catroulette with Felix Dicebag at Pink Arrowna on D7"
        assert K.action_text(s, Action("cast", (0, "catroulette", 3, 6)), NAMES) == "Cast Catroulette with Felix Dicebag at Bob's Arrowna on D7"
        assert K.action_text(s, Action("end", (0,))) == "End Felix Dicebag's activation"

    def test_an_unknown_action_keeps_its_text_form(self):
        assert K.action_text(build(TEAM), Action("nonsense", (1,))) == "nonsense 1"


class TestPromptsAndTheEnd:
    def test_a_prompt_names_the_player_by_the_tables_name(self):
        s = build(TEAM)
        assert K.decision(s).prompt.startswith("Blue: ")
        assert K.decision(s, NAMES).prompt.startswith("Ann: ")

    def test_one_die_is_a_die(self):
        s = build([("felix_dicebag", 0, (3, 8)), FAR_BLUE, ("arrowna", 1, (3, 7)), FAR_PINK], active=0, setup=K.Setup(tackle=True))
        assert K.decision(s).prompt.endswith("leaving its cell takes a dodge roll of 1 die")

    def test_the_end_reason_is_a_sentence_naming_the_players(self):
        weak = {"kind": "arrowna", "owner": 1, "cell": [3, 6], "injuries": 5}
        s, ev = run(with_rolls(build([TEAM[0], TEAM[1], weak, TEAM[3]], active=0), ["blank"]), "cast 0 catroulette 3 6")
        assert K.outcome(s).reason == "Pink lost half of their Krosmasters."
        assert K.outcome(s, NAMES).reason == "Bob lost half of their Krosmasters."
        assert K.describe(ev[-1], s, NAMES) == "Ann wins. Bob lost half of their Krosmasters."
        assert K.decision(s, NAMES).prompt == "Game over, Ann wins. Bob lost half of their Krosmasters."

    def test_one_glyph_cell(self):
        drawn = {"left": ("weakness", "gust", "brazier", "cold_wave", "second_wind"),
                     "right": ("quagmire", "bandages", "krosmic_leap", "lucky_punch", "transposition")}
        s, _ = run(build(TEAM, glyphs={(1, 2): 0, (5, 3): 1}, **drawn), "pass")
        assert K.outcome(s).reason == "The Favor pile is empty and both sides hold 1 Glyph cell."

    def test_refusals_are_sentences(self):
        s = build([("felix_dicebag", 0, (3, 8)), ("golda_purse", 0, (3, 7)), ("arrowna", 1, (3, 6)), FAR_PINK], active=0)
        assert K.why_illegal(s, Action("move", (0, 3, 7))) == "D8 is occupied by a fighter."
        assert K.why_illegal(s, Action("move", (1, 4, 7))) == "Golda Purse is not the fighter being played (Felix Dicebag is)."


def test_the_text_checker_catches_the_slips_of_issue_23():
    """The checker itself: each slip the issue lists is caught."""
    for slip in ["Blue summons a Arachnee.", "A Ice tile is placed.", "Both hold 1 Glyph cells.", "1 hits left",
                 "Roll 1 dice", "the Favor pile is empty.", "Felix moves to (2, 6).", "Bento Rush goes on to square 12,6",
                 "takes position on square 25,22", "turns the joker to critical_joker", "Ann draws Not today!."]:
        assert text_problems(slip), slip
    assert not text_problems("Blue summons an Arachnee on C3.")
