"""The grammar helper every game's texts use (issue 23, "Words"): articles, counted plurals,
capitals and sentences, lists, seat names and square labels."""

import pytest

from game.core.grammar import (
    after_colon,
    one_colon,
    article,
    capital,
    colon,
    column_label,
    counted,
    indefinite,
    listing,
    plural,
    possessive,
    row_label,
    seat_name,
    sentence,
    square_label,
    tidy,
)


class TestArticles:
    @pytest.mark.parametrize("noun, expected", [
        ("Arachnee", "an Arachnee"), ("Ice tile", "an Ice tile"), ("Fire tile", "a Fire tile"),
        ("Bow Meow", "a Bow Meow"), ("Evolution", "an Evolution"), ("unit", "a unit"), ("one", "a one"),
        ("hour", "an hour"), ("hunter", "a hunter"), ("Upgrade", "an Upgrade"), ("+1 AP marker", "a +1 AP marker"),
        ("8", "an 8"), ("11", "an 11"), ("18", "an 18"), ("3", "a 3"), ("F3", "an F3"), ("B2", "a B2"), ("H10", "an H10"),
        ("AP marker", "an AP marker"), ("MP marker", "an MP marker"),
    ])
    def test_a_or_an_by_the_sound(self, noun, expected):
        assert indefinite(noun) == expected
        assert article(noun) == expected.split()[0]


class TestPlurals:
    @pytest.mark.parametrize("n, noun, expected", [
        (1, "Glyph cell", "1 Glyph cell"), (2, "Glyph cell", "2 Glyph cells"), (0, "Glyph cell", "0 Glyph cells"),
        (1, "hit", "1 hit"), (2, "hit", "2 hits"), (1, "die", "1 die"), (3, "die", "3 dice"),
        (1, "injury", "1 injury"), (2, "injury", "2 injuries"), (2, "day", "2 days"), (2, "Boss", "2 Bosses"),
        (2, "point of energy", "2 points of energy"), (1, "point of energy", "1 point of energy"),
        (2, "damage", "2 damage"), (3, "Krom", "3 Krom"), (2, "Wood", "2 Wood"), (-1, "hit point", "-1 hit point"),
        (2, "Die", "2 Dice"),
    ])
    def test_counted(self, n, noun, expected):
        assert counted(n, noun) == expected

    def test_an_irregular_plural_given(self):
        assert counted(2, "Bonus", "Bonus cards") == "2 Bonus cards" and counted(1, "Bonus", "Bonus cards") == "1 Bonus"

    def test_plural_turns_the_head_word(self):
        assert plural("Guard marker") == "Guard markers" and plural("treasure") == "treasures"


class TestSentences:
    def test_capital(self):
        assert capital("the Favor pile") == "The Favor pile"
        assert capital("(3 Krom)") == "(3 Krom)" and capital("+2 hits") == "+2 hits" and capital("") == ""
        assert capital("(and so)") == "(And so)"

    def test_sentence(self):
        assert sentence("the game is over") == "The game is over."
        assert sentence("Well done!") == "Well done!" and sentence("Why?") == "Why?" and sentence("  ") == ""

    def test_a_name_ending_in_a_stop_closes_the_sentence_alone(self):
        assert tidy("Ann draws Not today!.") == "Ann draws Not today!"
        assert tidy("Ann counters Not today!. Bob passes.") == "Ann counters Not today! Bob passes."
        assert tidy("Is it?. Yes.") == "Is it? Yes." and tidy("Not today!, says Ann.") == "Not today!, says Ann."
        assert sentence("ann draws Not today!.") == "Ann draws Not today!"

    def test_after_a_colon_a_sentence_goes_on_in_lower_case_unless_it_opens_on_a_name(self):
        names = ("Arrowna", "Not today!", "Ann")
        assert after_colon("Wait for the animation to end.", names) == "wait for the animation to end."
        assert after_colon("The last action was another player's.", names) == "the last action was another player's."
        assert after_colon("Not enough Wood: Canoe costs 4.", names) == "not enough Wood: Canoe costs 4."
        assert after_colon("Not today! is a counter card.", names) == "Not today! is a counter card."
        assert after_colon("Arrowna stands here.", names) == "Arrowna stands here."
        assert after_colon("Ann's decision.", names) == "Ann's decision."
        assert after_colon("Anne is here.", names) == "anne is here."  # a name is a whole word
        assert after_colon("MARTINE GALE stands here.") == "MARTINE GALE stands here."
        assert after_colon("C7 is taken.") == "C7 is taken." and after_colon("MP are spent.") == "MP are spent."
        assert after_colon("already lower.") == "already lower." and after_colon("") == ""

    def test_a_reason_after_not_now_keeps_one_colon_on_its_line(self):
        assert one_colon("no reroll left: four at most") == "no reroll left; four at most"
        assert one_colon("Wood costs 3 Krom, you have 1") == "Wood costs 3 Krom, you have 1"

    def test_a_name_ending_in_a_stop_is_not_followed_by_a_colon(self):
        assert colon("Nukka plays Not today!", "counter it, or pass") == "Nukka plays Not today! Counter it, or pass"
        assert colon("Ann plays Club", "reach 5") == "Ann plays Club: reach 5"
        assert colon("Braaaawl!", "each fighter...") == "Braaaawl! Each fighter..."

    def test_lists(self):
        assert listing([]) == "" and listing(["A"]) == "A" and listing(["A", "B"]) == "A and B"
        assert listing(["A", "B", "C"]) == "A, B and C" and listing(["A", "B"], "or") == "A or B"

    def test_possessive(self):
        assert possessive("Ann") == "Ann's" and possessive("Bento Rush") == "Bento Rush's"


class TestSeatNames:
    def test_the_tables_name_or_the_games_default(self):
        assert seat_name(1, ("Ann", "Bob"), "Pink") == "Bob"
        assert seat_name(1, None, "Pink") == "Pink"
        assert seat_name(2, ("Ann", "Bob"), "Player 3") == "Player 3"
        assert seat_name(0, ("  ", "Bob"), "Blue") == "Blue"


class TestSquareLabels:
    def test_columns_as_letters_rows_from_one(self):
        assert [column_label(i) for i in (0, 1, 7, 25, 26, 27, 51, 52)] == ["A", "B", "H", "Z", "AA", "AB", "AZ", "BA"]
        assert row_label(0) == "1" and row_label(9) == "10"
        assert square_label(2, 6) == "C7" and square_label(26, 0) == "AA1"

    def test_negative_is_refused(self):
        with pytest.raises(ValueError):
            column_label(-1)
        with pytest.raises(ValueError):
            row_label(-1)
