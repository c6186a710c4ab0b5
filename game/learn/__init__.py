"""Learning to play inside the program: each game's glossary, rules reference and live diagrams (pure).

    from game import learn
    g = learn.glossary("krosmaster")            # Glossary: term id -> Term (word, forms, text, see)
    ref = learn.reference("krosmaster")         # Reference: sections (id, title, keywords, text, ...)
    learn.picture("krosmaster", "line_of_sight")  # the section's diagram computed by the rules, or None
    learn.find_terms("Capture a Glyph cell", g)  # [Span(10, 20, Term 'glyph')]: glossary words in a text
    learn.search("krosmaster", "tackle")        # [Hit(section, score), ...], best first
    learn.required_terms("krom")                # (key, word) of everything the content data names
    learn.diagram("khrysos", {"kind": "burst", ...})  # a diagram of one's own (a lesson), computed by the rules
    learn.parse_lesson("krom", "01_hunt", text)  # Lesson: a lesson file checked and played through the rules
    learn.Progress(lesson)                      # where a learner is in a lesson: step, what to click, what is refused

The texts live in `game/<g>/data/glossary.toml` and `reference.toml` (schema in
`game.learn.texts`), are loaded on first use, validated, and linked: every keyword is a
glossary term, every term has a section, every diagram is computed once by the game's own
queries (`game.learn.<g>`), so a broken spec fails on load with the file, entry and field.

Section ids (for `app.open_reference(game, section)` and a board's "?" button) are
`reference(game).ids`; `section_for(game, term_id)` gives the section that explains a term.
Today (a test keeps this list true):

    krosmaster: goal, setup, turn, costs, moving, blocking, spells, line_of_sight, combat_roll, effects,
                glyphs, favors, minions, krosmasters, terrain, tackle, dice_sides, challenges, end, glossary
    krom: goal, setup, round, movement, combat, stunned, cave, forest, savanna, mountain, bonus,
          evolutions, tokens, characters, glacial, kromosaurus, end, glossary
    khrysos: goal, setup, turn, moving, blocking, actions, range, hit, burst, blast, trample, symbols,
             boosts, retiring, treasure, map, sample_maps, hunters, glossary
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

from game import registry
from game.core.content import EntryReader, read_text
from game.core.errors import ContentError
from game.learn.lesson import ALWAYS_ALLOWED, PLACES, Entry, Lesson, LessonError, SeatSpec, Step
from game.learn.lessonfile import parse_lesson
from game.learn.picture import Picture, Piece
from game.learn.progress import NO_UNDO, LessonBot, Progress
from game.learn.search import Hit, fold, matching_terms, search as _search
from game.learn.spans import Span, find_terms, split_marked
from game.learn.starts import rules_of, start_position
from game.learn.texts import Block, Glossary, Reference, Section, Term, link, parse_glossary, parse_reference

# The shipped games with a glossary and a rules reference (their declarations name a `learn` module);
# `has_reference` also answers for a game a test declares while it runs.
GAMES = tuple(d.id for d in registry.declarations() if d.learn is not None)

__all__ = [
    "GAMES", "has_reference", "ContentError", "Block", "Glossary", "Hit", "Picture", "Piece", "Reference", "Section", "Span", "Term",
    "diagram", "find_terms", "fold", "glossary", "matching_terms", "picture", "reference", "required_terms", "search",
    "section_for", "split_marked",
    "ALWAYS_ALLOWED", "PLACES", "Entry", "Lesson", "LessonError", "SeatSpec", "Step", "parse_lesson", "rules_of",
    "start_position", "NO_UNDO", "LessonBot", "Progress",
]


def has_reference(game_id: str) -> bool:
    """Whether the game's declaration names a glossary and rules reference (`learn`)."""
    try:
        return registry.declaration(game_id).learn is not None
    except LookupError:
        return False


def _module(game_id: str) -> ModuleType:
    if not has_reference(game_id):
        known = ", ".join(d.id for d in registry.declarations() if d.learn is not None)
        raise LookupError(f"no rules reference for {game_id!r} (known: {known})")
    return importlib.import_module(str(registry.declaration(game_id).learn))


def load(game_id: str, glossary_text: str | None = None, reference_text: str | None = None) -> tuple[Glossary, Reference, dict[str, Picture]]:
    """Read, check and link a game's glossary and reference (the packaged files unless texts are given, for tests)."""
    mod = _module(game_id)
    if glossary_text is None:
        glossary_text = read_text(mod.DATA, "glossary.toml")
    if reference_text is None:
        reference_text = read_text(mod.DATA, "reference.toml")
    gloss = parse_glossary(game_id, "glossary.toml", glossary_text)
    ref = parse_reference(game_id, "reference.toml", reference_text, gloss, mod.LISTINGS, tuple(mod.DIAGRAMS))
    gloss = link(gloss, ref)
    ref = with_glossary(ref, gloss)
    pictures = {s.id: diagram(game_id, s.diagram, "reference.toml", f"{s.id}.diagram")
                for s in ref.sections if s.diagram is not None}
    return gloss, ref, pictures


def diagram(game_id: str, spec: dict, file: str = "lesson", entry: str = "diagram") -> Picture:
    """A live diagram from its spec (a `kind` and that kind's fields, as in reference.toml), computed by the
    game's rules; lessons can state their own. ContentError names `file` and `entry` for a bad spec or a
    position the rules refuse."""
    mod = _module(game_id)
    r = EntryReader(file, entry, spec)
    kind = r.get("kind", str, choices=list(mod.DIAGRAMS))
    try:
        picture = mod.DIAGRAMS[kind](r)
    except ContentError:
        raise
    except (ValueError, LookupError, TypeError, AssertionError) as e:  # the rules refused the stated position
        raise ContentError(file, entry, None, f"the rules refuse this diagram: {e}") from None
    r.done()
    outside = picture.outside()
    if outside:
        raise ContentError(file, entry, "window", f"cells {outside[:4]} of the diagram lie outside its window {list(picture.window)}")
    return picture


GLOSSARY_SECTION = "glossary"


def with_glossary(ref: Reference, gloss: Glossary) -> Reference:
    """The reference with a last, generated section listing every glossary term A to Z (id "glossary")."""
    if GLOSSARY_SECTION in ref.by_id:
        raise ContentError("reference.toml", GLOSSARY_SECTION, "id", "is kept for the generated glossary section")
    entries = tuple((t.word[:1].upper() + t.word[1:], t.text) for t in sorted(gloss.terms.values(), key=lambda t: fold(t.word)))
    section = Section(GLOSSARY_SECTION, "Glossary A to Z", (),
                      "Every rules word the screen uses, in alphabetical order. Hover a gold word anywhere "
                      "in the reference to read its entry.", "", entries, None)
    return Reference(ref.game, ref.title, ref.sections + (section,), {**ref.by_id, GLOSSARY_SECTION: section})


@cache
def _loaded(game_id: str) -> tuple[Glossary, Reference, dict[str, Picture]]:
    return load(game_id)


def glossary(game_id: str) -> Glossary:
    return _loaded(game_id)[0]


def reference(game_id: str) -> Reference:
    return _loaded(game_id)[1]


def picture(game_id: str, section_id: str) -> Picture | None:
    """The live diagram of a section, computed by the rules (None when the section has none)."""
    reference(game_id).section(section_id)
    return _loaded(game_id)[2].get(section_id)


def section_for(game_id: str, term_id: str) -> str:
    """The id of the section that explains a glossary term."""
    return glossary(game_id).term(term_id).see


def search(game_id: str, query: str) -> list[Hit]:
    return _search(reference(game_id), glossary(game_id), query)


def required_terms(game_id: str) -> list[tuple[str, str]]:
    """(key, word) for every symbol, keyword, card family, place, power and tile the game's content data names,
    derived from the data itself: each word must be a glossary spelling whose term a section explains."""
    return list(_module(game_id).required_terms())
