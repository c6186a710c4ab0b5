"""The glossary and the rules reference of each game: loaded, validated, complete, our own words."""

from __future__ import annotations

import importlib
import os
import pathlib
import re

import pytest

from game import learn, registry
from game.core.content import read_text
from game.core.errors import ContentError

def _rulebooks() -> pathlib.Path | None:
    """Where the rulebooks are: $TABLETRIO_RULEBOOKS, or ../shared/rulebooks beside the checkout (the project's layout)."""
    here = pathlib.Path(__file__).resolve().parents[2]
    for folder in (os.environ.get("TABLETRIO_RULEBOOKS"), here.parent / "shared" / "rulebooks", here / "shared" / "rulebooks"):
        if folder and (pathlib.Path(folder) / "krosmaster-blast.txt").is_file():
            return pathlib.Path(folder)
    return None


RULEBOOKS = _rulebooks()
needs_rulebooks = pytest.mark.skipif(RULEBOOKS is None, reason="the rulebooks are not beside this checkout "
                                                               "(set TABLETRIO_RULEBOOKS to their folder)")
BOOKS = {"krosmaster": "krosmaster-blast.txt", "krom": "krom-evolution.txt", "khrysos": "khrysos-hunters.txt"}
GAMES = learn.GAMES


def _texts(game: str) -> tuple[str, str]:
    data = importlib.import_module(str(registry.declaration(game).learn)).DATA  # the data its declaration names
    return read_text(data, "glossary.toml"), read_text(data, "reference.toml")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_glossary_and_a_reference_that_load(game):
    g, ref = learn.glossary(game), learn.reference(game)
    assert len(g.terms) >= 40
    assert len(ref.sections) >= 15
    assert ref.sections[-1].id == "glossary" and len(ref.sections[-1].entries) == len(g.terms)
    for t in g.terms.values():
        assert t.see in ref.by_id, t.id
        assert t.id in ref.section(t.see).keywords or t.see != next(
            s.id for s in ref.sections if t.id in s.keywords), t.id


@pytest.mark.parametrize("game", GAMES)
def test_every_word_the_content_names_has_a_glossary_entry_and_a_reference_section(game):
    """Derived from the content data itself: symbols, keywords, card families, places, powers, tiles."""
    g, ref = learn.glossary(game), learn.reference(game)
    required = learn.required_terms(game)
    assert len(required) >= 30
    missing, homeless = [], []
    for key, word in required:
        term = g.lookup(word)
        if term is None:
            missing.append(f"{key} ({word!r})")
        elif not any(term.id in s.keywords for s in ref.sections):
            homeless.append(f"{key} ({word!r} -> {term.id})")
    assert not missing, "no glossary entry for: " + ", ".join(missing)
    assert not homeless, "no reference section lists: " + ", ".join(homeless)


def test_the_required_words_follow_the_content(monkeypatch):
    """A new kind of content with no word yet fails loudly instead of slipping past."""
    from game.learn import krosmaster, krom

    keys = dict(learn.required_terms("khrysos"))
    assert keys["tile:stairs_wall"] == "Stairs by a Wall" and keys["symbol:trample"] == "Trample"
    assert {k for k in dict(learn.required_terms("krosmaster")) if k.startswith("power:")} == {
        "power:spin_again", "power:heavyweight", "power:unstoppable", "power:hawkeye", "power:sure_footed"}
    assert {k for k in dict(learn.required_terms("krom")) if k.startswith("place:")} == {
        "place:cave", "place:forest", "place:savanna", "place:mountain"}
    monkeypatch.delitem(krosmaster.EFFECT_WORDS, "shove")
    with pytest.raises(LookupError, match="shove"):
        krosmaster.required_terms()
    monkeypatch.delitem(krom.COMBO_WORDS, "full_house")
    with pytest.raises(LookupError, match="full_house"):
        krom.required_terms()


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower().replace("\u2019", "'"))


@needs_rulebooks
@pytest.mark.parametrize("game", GAMES)
def test_no_glossary_or_reference_text_shares_eight_words_in_a_row_with_the_rulebook(game):
    book = _words((RULEBOOKS / BOOKS[game]).read_text(encoding="utf-8"))
    n = 8
    runs = {tuple(book[i:i + n]) for i in range(len(book) - n + 1)}
    texts = [(f"term {t.id}", t.text) for t in learn.glossary(game).terms.values()]
    texts += [(f"section {s.id}", s.plain_text()) for s in learn.reference(game).sections]
    copied = []
    for name, text in texts:
        w = _words(text)
        copied += [f"{name}: {' '.join(w[i:i + n])}" for i in range(len(w) - n + 1) if tuple(w[i:i + n]) in runs]
    assert not copied, "\n".join(copied)


@needs_rulebooks
def test_the_copy_check_finds_a_copied_sentence():
    book = _words((RULEBOOKS / BOOKS["krosmaster"]).read_text(encoding="utf-8"))
    sentence = _words("Using 1 Movement Point lets you move one Krosmaster to an adjacent cell in a straight line")
    runs = {tuple(book[i:i + 8]) for i in range(len(book) - 7)}
    assert any(tuple(sentence[i:i + 8]) in runs for i in range(len(sentence) - 7))


@pytest.mark.parametrize("game", GAMES)
def test_glossary_texts_are_one_or_two_lines(game):
    for t in learn.glossary(game).terms.values():
        assert 10 < len(t.text) <= 260 and "\n" not in t.text, t.id


# -- clear errors for broken files --------------------------------------------------------------------

TERM = '[[term]]\nid = "dofus"\nword = "Dofus"\ntext = "The egg token."\n'
SECTION = '[[section]]\nid = "glyphs"\ntitle = "Glyphs"\nkeywords = ["dofus"]\ntext = "About the egg."\n'


def _load(glossary: str = TERM, reference: str = 'title = "T"\n' + SECTION):
    return learn.load("krosmaster", glossary, reference)


@pytest.mark.parametrize("glossary, reference, where", [
    (TERM + TERM, None, "entry 'dofus', field 'id': appears twice"),
    (TERM.replace('text = "The egg token."\n', ''), None, "field 'text': is missing"),
    (TERM.replace("The egg token.", "x" * 300), None, "one or two lines"),
    (TERM + TERM.replace('"dofus"', '"egg"', 1), None, "'Dofus' is also a spelling of term 'dofus'"),
    (TERM.replace('word = "Dofus"', 'word = "Dofus"\ncolour = "red"'), None, "field 'colour': is not a known field"),
    (TERM + TERM.replace('"dofus"', '"egg"').replace('"Dofus"', '"Egg"'), None,
     "entry 'egg': no section of the rules reference lists this term"),
    (TERM.replace('text =', 'see = "nowhere"\ntext ='), None, "field 'see': 'nowhere' is not a section"),
    (None, 'title = "T"\n' + SECTION.replace('["dofus"]', '["dofus", "egg"]'), "field 'keywords': 'egg' is not a term"),
    (None, 'title = "T"\n' + SECTION + SECTION, "entry 'glyphs', field 'id': appears twice"),
    (None, SECTION, "field 'title': is missing"),
    (None, 'title = "T"\n' + SECTION.replace('About the egg.', 'An <b>egg</b>.'), "must not hold '<' or '>'"),
    (None, 'title = "T"\n' + SECTION + '[section.diagram]\nkind = "painting"\n', "field 'kind': must be one of"),
    (None, 'title = "T"\n' + SECTION + '[section.diagram]\nkind = "spell_range"\nspell = "catroulette"\n'
           'fighter = { kind = "felix_dicebag", seat = 0, at = [9, 1] }\n', "field 'at': expected a cell"),
    (None, 'title = "T"\n' + SECTION + '[section.diagram]\nkind = "spell_range"\nspell = "magic_arrow"\n'
           'fighter = { kind = "felix_dicebag", seat = 0, at = [3, 5] }\n', "Felix Dicebag has no spell 'magic_arrow'"),
    (None, 'title = "T"\n' + SECTION + '[section.diagram]\nkind = "movement"\nwindow = [0, 0, 3, 3]\n'
           'fighter = { kind = "felix_dicebag", seat = 0, at = [3, 5] }\n', "lie outside its window"),
    (None, 'title = "T"\n' + SECTION + '[section.diagram]\nkind = "movement"\nto = [3, 0]\n'
           'fighter = { kind = "felix_dicebag", seat = 0, at = [3, 9] }\n', "cannot walk to [3, 0]"),
    (None, 'title = "T"\n' + SECTION.replace('glyphs', 'glossary'), "kept for the generated glossary"),
])
def test_a_broken_file_is_refused_naming_its_file_entry_and_field(glossary, reference, where):
    with pytest.raises(ContentError) as e:
        _load(glossary or TERM, reference or 'title = "T"\n' + SECTION)
    assert where in str(e.value)
    assert str(e.value).startswith(("glossary.toml", "reference.toml"))


def test_a_diagram_the_rules_refuse_says_why():
    khrysos_section = SECTION.replace('["dofus"]', '["dofus"]')
    with pytest.raises(ContentError, match="the rules refuse this diagram: Nobody moves diagonally through a pillar\\."):
        learn.load("khrysos", TERM, 'title = "T"\n' + khrysos_section + (
            '[section.diagram]\nkind = "trample"\naction = 3\npath = [[4, 4], [5, 5]]\n'
            'hunters = [{ name = "Elia Rose", at = [3, 3] }, { name = "Bento Rush", at = [6, 6] }, '
            '{ name = "Vex Orion", at = [1, 1] }]\n'))


def test_the_packaged_files_are_what_load_reads():
    for game in GAMES:
        g, ref, pictures = learn.load(game, *_texts(game))
        assert list(g.terms) == list(learn.glossary(game).terms)
        assert ref.ids == learn.reference(game).ids
        assert set(pictures) == {s.id for s in ref.sections if s.diagram is not None}


# The boards draw these symbol sprites (sprites/symbols/<game>/*.png): each is a rules word a player
# meets on screen, so each has a glossary entry. A few sprites are named otherwise than the word.
SPRITE_WORDS = {"krom": {"action": "Action phase", "hp": "hit point"}, "krosmaster": {"range": "RA"}}


@pytest.mark.parametrize("game", GAMES)
def test_every_symbol_the_boards_draw_has_a_glossary_entry(game):
    folder = pathlib.Path(__file__).resolve().parents[2] / "sprites" / "symbols" / game
    names = sorted(p.stem for p in folder.glob("*.png"))
    assert len(names) >= 10
    g = learn.glossary(game)
    words = {n: SPRITE_WORDS.get(game, {}).get(n, n) for n in names}
    missing = [n for n, w in words.items() if g.lookup(w) is None and g.lookup(w.capitalize()) is None]
    assert not missing, f"symbols drawn without a glossary entry: {missing}"


def test_the_section_ids_the_package_documents_are_the_real_ones():
    doc = learn.__doc__
    for game in GAMES:
        listed = re.search(rf"^\s+{game}: ([a-z_, \n]+?)(?=\n\s+[a-z]+: |\n\"\"\"|\Z)", doc, re.M)
        assert listed, game
        ids = [w.strip() for w in listed.group(1).replace("\n", " ").split(",")]
        assert ids == list(learn.reference(game).ids), game
