"""Searching a rules reference: which sections speak of the words typed, best first.

Every word typed must be found in a section (its title, its keywords' glossary words, its
text or its generated entries), as a whole word or the start of one, ignoring case and
accents ("morhy" finds "Mörhy", "tack" finds "tackle"). A match in the title counts most,
then one in a keyword, then one in the text.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from game.learn.texts import Glossary, Reference, Section, Term

WORD = re.compile(r"[\w]+(?:[-'][\w]+)*")


def fold(text: str) -> str:
    """Lower case without accents, for comparing what a player types with what the reference says."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def words(text: str) -> list[str]:
    return WORD.findall(fold(text))


class Hit(NamedTuple):
    section: Section
    score: int


def _found(query_word: str, vocabulary: list[str]) -> bool:
    return any(w == query_word or w.startswith(query_word) for w in vocabulary)


def search(reference: Reference, glossary: Glossary, query: str) -> list[Hit]:
    """The sections matching every word of `query`, best first (file order on ties); all of them for an empty query."""
    wanted = words(query)
    if not wanted:
        return [Hit(s, 0) for s in reference.sections]
    hits = []
    for order, s in enumerate(reference.sections):
        title = words(s.title)
        keys = words(" ".join(" ".join(glossary.terms[k].spellings) for k in s.keywords if k in glossary.terms))
        body = words(s.plain_text())
        score = 0
        for w in wanted:
            if _found(w, title):
                score += 6 if w in title else 4
            elif _found(w, keys):
                score += 3 if w in keys else 2
            elif _found(w, body):
                score += 1
            else:
                score = -1
                break
        if score > 0:
            hits.append((score, -order, s))
    hits.sort(key=lambda h: (h[0], h[1]), reverse=True)
    return [Hit(s, score) for score, _, s in hits]


def matching_terms(glossary: Glossary, query: str) -> list[Term]:
    """Glossary terms whose spellings start with what was typed (all words of it), for a definition under the search box."""
    wanted = " ".join(words(query))
    if not wanted:
        return []
    exact, prefix = [], []
    for t in glossary.terms.values():
        spellings = [" ".join(words(s)) for s in t.spellings]
        if wanted in spellings:
            exact.append(t)
        elif any(s.startswith(wanted) for s in spellings):
            prefix.append(t)
    return exact + prefix
