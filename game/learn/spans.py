"""Finding glossary words in a text: the pure half of the glossary on hover.

`find_terms(text, glossary)` returns the runs of `text` that are glossary words, longest
spelling first ("Glyph cell" wins over "Glyph"), whole words only, never overlapping, each
with its term (and so its explanation and its reference section).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from game.learn.texts import Glossary, Term


class Span(NamedTuple):
    start: int
    end: int
    term: Term

    @property
    def explanation(self) -> str:
        return self.term.text


def _pattern(spellings: list[str], ignore_case: bool) -> re.Pattern | None:
    if not spellings:
        return None
    ordered = sorted(set(spellings), key=lambda s: (-len(s), s))
    body = "|".join(re.escape(s) for s in ordered)
    return re.compile(rf"(?<![\w])(?:{body})(?![\w])", re.IGNORECASE if ignore_case else 0)


@lru_cache(maxsize=16)
def _matchers(glossary: Glossary) -> tuple[tuple[re.Pattern | None, re.Pattern | None], dict[str, Term]]:
    """A case-blind pattern for ordinary terms, an exact one for `case` terms, and spelling -> term."""
    by_spelling: dict[str, Term] = {}
    blind: list[str] = []
    exact: list[str] = []
    for t in glossary.terms.values():
        for s in t.spellings:
            key = s if t.case else s.casefold()
            by_spelling.setdefault(key, t)
            (exact if t.case else blind).append(s)
    return (_pattern(blind, True), _pattern(exact, False)), by_spelling


@lru_cache(maxsize=64)
def _compiled(patterns: tuple[str, ...]) -> tuple[re.Pattern, ...]:
    return tuple(re.compile(p, re.IGNORECASE) for p in patterns)


def _other_sense(text: str, start: int, end: int, term: Term) -> bool:
    """Whether one of the term's `not_when` patterns covers text[start:end] (the verb "turn it", not a turn)."""
    if not term.not_when:
        return False
    lo = max(0, start - 40)
    window = text[lo:end + 40]
    for pattern in _compiled(term.not_when):
        for m in pattern.finditer(window):
            if m.start() + lo <= start and m.end() + lo >= end:
                return True
    return False


def find_terms(text: str, glossary: Glossary) -> list[Span]:
    """The glossary words of `text`, left to right, never overlapping (the longest wins where two start together)."""
    (blind, exact), by_spelling = _matchers(glossary)
    found: list[Span] = []
    for pattern, fold in ((blind, True), (exact, False)):
        if pattern is None:
            continue
        for m in pattern.finditer(text):
            key = m.group(0).casefold() if fold else m.group(0)
            term = by_spelling.get(key)
            if term is not None and not _other_sense(text, m.start(), m.end(), term):
                found.append(Span(m.start(), m.end(), term))
    found.sort(key=lambda s: (s.start, -(s.end - s.start)))
    out: list[Span] = []
    for span in found:
        if out and span.start < out[-1].end:
            continue
        out.append(span)
    return out


def split_marked(text: str, glossary: Glossary) -> list[tuple[str, Term | None]]:
    """The text cut into runs, each a glossary word (with its term) or plain text (None), in order."""
    runs: list[tuple[str, Term | None]] = []
    at = 0
    for span in find_terms(text, glossary):
        if span.start > at:
            runs.append((text[at:span.start], None))
        runs.append((text[span.start:span.end], span.term))
        at = span.end
    if at < len(text):
        runs.append((text[at:], None))
    return runs
