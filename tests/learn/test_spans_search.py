"""Finding glossary words in a text (the pure half of the glossary on hover) and searching the reference."""

from __future__ import annotations

from game import learn


def _found(text: str, game: str = "krosmaster") -> list[tuple[str, str]]:
    return [(text[s.start:s.end], s.term.id) for s in learn.find_terms(text, learn.glossary(game))]


class TestFindTerms:
    def test_words_are_found_with_their_terms_and_explanations(self):
        g = learn.glossary("krosmaster")
        spans = learn.find_terms("Holds the Dofus: Favors cost 0 AP.", g)
        assert [(s.start, s.end, s.term.id) for s in spans] == [(10, 15, "dofus"), (17, 23, "favor"), (31, 33, "ap")]
        assert spans[0].explanation == g.term("dofus").text

    def test_the_longest_spelling_wins(self):
        assert _found("Capture a Glyph cell, flip its Glyph tile, win the Glyph toss.") == [
            ("Capture", "capture"), ("Glyph cell", "glyph"), ("Glyph tile", "glyph_tile"), ("Glyph toss", "glyph_toss")]
        assert _found("A Critical-joker, not a Critical.") == [("Critical-joker", "critical_joker"), ("Critical", "critical")]
        assert _found("Superior Krosmic Favor beats a Krosmic Favor") == [
            ("Superior Krosmic Favor", "superior_favor"), ("Krosmic Favor", "favor")]

    def test_the_turn_sequence_the_verb_turn_is_not_the_glossarys_turn(self):
        # Krosmaster's glossary "Turn" is a player's go (rulebook: Turn Sequence); "turn a joker", "turn it to
        # another face", "turns over" are the verb and must not open that entry; "whose turn it is" is the noun.
        turns = lambda text: [w for w, tid in _found(text) if tid == "turn"]  # noqa: E731
        assert turns("You may turn a joker to any face.") == []
        assert turns("Click the die to turn it to another face.") == []
        assert turns("The tile turns over to blue.") == []
        assert turns("Turn the joker or shield-joker to a face.") == []
        assert turns("Whose turn it is: Blue's. Each turn, play every fighter.") == ["turn", "turn"]
        assert turns("Turn 3 of 10: at the start of your turn the active player reveals a Favor.") == ["Turn", "turn"]

    def test_a_glossary_pattern_that_does_not_compile_is_refused(self):
        import pytest

        text = '[[term]]\nid = "turn"\nword = "turn"\ntext = "A go."\nnot_when = ["(unclosed"]\n'
        with pytest.raises(learn.ContentError, match="not_when"):
            learn.parse_glossary("krosmaster", "glossary.toml", text)

    def test_only_whole_words_and_plain_plurals(self):
        assert _found("Glyphs and injuries; no glyphed, no MPs") == [("Glyphs", "glyph"), ("injuries", "injury"), ("MPs", "mp")]
        assert _found("tackled, then tackle zones") == [("tackled", "tackled"), ("tackle zones", "tackle_zone")]
        assert _found("a bushel") == []

    def test_case_marked_terms_need_their_capital(self):
        assert _found("Hit 2 Range 3: hit the target", "khrysos") == [("Hit", "hit"), ("Range", "range"), ("target", "target")]
        assert _found("move to the Move square", "khrysos") == [("Move", "move")]
        assert _found("the open floor of a Floor tile", "khrysos") == [("Floor", "floor"), ("tile", "tile_card")]

    def test_accented_and_other_games(self):
        assert _found("Rest in the Cave, then hunt a prey in the Savanna", "krom") == [
            ("Rest", "rest"), ("Cave", "cave"), ("prey", "hunting_card"), ("Savanna", "savanna")]

    def test_split_marked_keeps_every_character(self):
        g = learn.glossary("khrysos")
        text = "Trample 3 [Damage 2]: Elia tramples Bento, then a Guard marker."
        runs = learn.split_marked(text, g)
        assert "".join(r for r, _ in runs) == text
        assert [(r, t.id) for r, t in runs if t] == [("Trample", "trample"), ("Damage", "damage"), ("tramples", "trample"),
                                                       ("Guard marker", "guard")]

    def test_every_spelling_of_every_term_finds_that_term(self):
        for game in learn.GAMES:
            g = learn.glossary(game)
            for t in g.terms.values():
                for s in t.spellings:
                    spans = learn.find_terms(f"({s})", g)
                    assert [x.term.id for x in spans] == [t.id], (game, s)
                    assert g.lookup(s) is t


class TestSearch:
    def test_a_keyword_finds_its_section_first(self):
        assert learn.search("krosmaster", "tackle")[0].section.id == "tackle"
        assert learn.search("krosmaster", "Dofus")[0].section.id == "glyphs"
        assert learn.search("khrysos", "trample")[0].section.id == "trample"
        assert learn.search("krom", "full house")[0].section.id == "mountain"

    def test_case_accents_and_word_starts_do_not_matter(self):
        assert learn.search("krom", "MORHY")[0].section.id == "characters"
        assert learn.search("krosmaster", "line of sig")[0].section.id == "line_of_sight"
        assert learn.search("khrysos", "pill")[0].section.id == "blocking"

    def test_every_word_must_be_found(self):
        both = {h.section.id for h in learn.search("krosmaster", "dofus favor")}
        assert "favors" in both and "glyphs" in both
        assert all("dofus" in learn.fold(h.section.plain_text()) for h in learn.search("krosmaster", "dofus favor"))
        assert learn.search("krosmaster", "dofus zebra") == []

    def test_an_empty_query_lists_every_section_in_order(self):
        assert [h.section.id for h in learn.search("krom", "  ")] == list(learn.reference("krom").ids)

    def test_glossary_words_under_the_search_box(self):
        g = learn.glossary("krosmaster")
        assert [t.id for t in learn.matching_terms(g, "dof")] == ["dofus"]
        assert learn.matching_terms(g, "glyph")[0].id == "glyph"
        assert learn.matching_terms(g, "") == []

    def test_section_for_a_term(self):
        assert learn.section_for("krosmaster", "dofus") == "glyphs"
        assert learn.section_for("khrysos", "blast") == "blast"
        assert learn.section_for("krom", "kromosaurus") == "kromosaurus"
