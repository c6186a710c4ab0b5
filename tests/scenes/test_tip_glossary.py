"""Issue 21, glossary on hover: on every board, the game's words in a tip are marked and explained under it."""

import pygame

from game import learn
from scenes import palette
from scenes.hotspots import draw_bubble, glossary_notes, tip_terms


def test_a_tip_naming_a_rules_word_explains_it_from_the_games_glossary():
    gloss = learn.glossary("khrysos")
    notes = glossary_notes(["Capacitor: the hunter gains a Boost (Hit +1)."], gloss)
    boost = gloss.lookup("Boost")
    assert any(n.startswith("Boost: ") and boost.text in n for n in notes)
    assert len(notes) <= 2


def test_a_word_the_glossary_capitalises_counts_only_when_the_tip_capitalises_it():
    gloss = learn.glossary("krosmaster")
    term = next(t for t in gloss.terms.values() if t.word[:1].isupper() and " " not in t.word)
    assert [s.term.id for s in tip_terms(f"A {term.word} here", gloss)] == [term.id]
    assert term.id not in [s.term.id for s in tip_terms(f"a {term.word.lower()} here", gloss)]


def test_the_explanation_is_left_out_when_the_tip_already_gives_it():
    gloss = learn.glossary("krom")
    term = next(iter(gloss.terms.values()))
    assert not glossary_notes([f"{term.word}: {term.text}"], gloss)


def test_the_notes_are_drawn_in_gold_under_the_tip_inside_the_window():
    pygame.font.init()
    gloss = learn.glossary("khrysos")
    surface = pygame.Surface((1280, 720))
    plain = draw_bubble(surface, ["the hunter gains a Boost"], (1270, 710))
    surface.fill((0, 0, 0))
    box = draw_bubble(surface, ["the hunter gains a Boost"], (1270, 710), glossary=gloss)
    assert box.height > plain.height and surface.get_rect().contains(box)
    golds = sum(1 for x in range(box.left, box.right) for y in range(box.centery, box.bottom)
                if tuple(surface.get_at((x, y)))[:3] == palette.GOLD)
    assert golds > 20
