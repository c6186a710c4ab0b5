"""The glossary and the rules reference of a game, read from its data files and validated.

`glossary.toml` holds `[[term]]` entries:

    id = "glyph"                       # stable key (lessons and tooltips name terms by it)
    word = "Glyph"                     # the headword, as the screen writes it
    forms = ["Glyph cell", "Glyphs"]   # other spellings found on screen (a plain "s" plural is automatic)
    case = false                       # true: match only these capitals ("Hit" but not "hit")
    not_when = ["\\bturns? (?:a|them)\\b"]  # optional: where one of these patterns (case-blind) covers the
                                       # spelling, the word is another sense (the verb "turn it") and is not linked
    text = "..."                       # one or two lines, in our own words
    see = "glyphs"                     # optional: the section to open for more (default: the first listing it)

`reference.toml` holds `title` and `[[section]]` entries:

    id = "line_of_sight"               # stable key: open_reference(app, game, section=...)
    title = "Line of sight"            # unique in the game (the section list shows it)
    keywords = ["line_of_sight", ...]  # glossary term ids this section explains (at least one)
    text = '''...'''                   # paragraphs split by blank lines; "- " starts a bullet; **bold**
    listing = "favors"                 # optional: entries generated from the content data (see the game's module)
    [section.diagram]                  # optional live diagram: `kind` plus that kind's fields
    kind = "spell_range"

Every problem is a ContentError naming the file, the entry and the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

from game.core.content import EntryReader, parse_text
from game.core.errors import ContentError

ID = re.compile(r"^[a-z][a-z0-9_]*$")
TERM_TEXT_LIMIT = 260  # one or two lines of a tooltip
TITLE_LIMIT = 40


@dataclass(frozen=True)
class Term:
    """One glossary entry."""

    id: str
    word: str
    forms: tuple[str, ...]
    text: str
    see: str  # the reference section that explains it
    case: bool = False
    not_when: tuple[str, ...] = ()  # patterns covering a spelling where it means something else (a verb)

    @property
    def spellings(self) -> tuple[str, ...]:
        """Every way the screen may write it: the word, its forms and their plain plurals."""
        out: list[str] = []
        for s in (self.word, *self.forms):
            for variant in (s, _plural(s)):
                if variant and variant not in out:
                    out.append(variant)
        return tuple(out)


def _plural(word: str) -> str:
    last = word[-1:]
    if not last.isalpha() or last in "sSxX" or word.endswith(("y", "Y")):
        return ""
    return word + ("S" if word.isupper() and len(word) > 1 else "s")


@dataclass(frozen=True, eq=False)
class Glossary:
    game: str
    terms: dict[str, Term]  # id -> term, in file order

    def term(self, term_id: str) -> Term:
        try:
            return self.terms[term_id]
        except KeyError:
            raise KeyError(f"the {self.game} glossary has no term {term_id!r}") from None

    def lookup(self, word: str) -> Term | None:
        """The term a word on screen stands for (any of its spellings), or None."""
        folded = word.strip().casefold()
        for t in self.terms.values():
            for s in t.spellings:
                if (s == word.strip()) if t.case else (s.casefold() == folded):
                    return t
        return None


@dataclass(frozen=True)
class Block:
    """A paragraph ("p") or a bullet ("item") of a section's text; `text` may hold **bold** runs."""

    kind: str
    text: str


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    keywords: tuple[str, ...]
    text: str
    listing: str = ""
    entries: tuple[tuple[str, str], ...] = ()  # (name, text) generated from the content data
    diagram: dict[str, Any] | None = None  # the raw spec; the game's module turns it into a Picture

    @property
    def blocks(self) -> tuple[Block, ...]:
        return parse_blocks(self.text)

    def plain_text(self) -> str:
        """Everything the section says, markup removed (for search and checks)."""
        parts = [self.title] + [b.text.replace("**", "") for b in self.blocks]
        parts += [f"{name}: {text}" for name, text in self.entries]
        return "\n".join(parts)


@dataclass(frozen=True, eq=False)
class Reference:
    game: str
    title: str
    sections: tuple[Section, ...]
    by_id: dict[str, Section] = field(default_factory=dict)

    def section(self, section_id: str) -> Section:
        try:
            return self.by_id[section_id]
        except KeyError:
            known = ", ".join(self.by_id)
            raise KeyError(f"the {self.game} rules reference has no section {section_id!r} (known: {known})") from None

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sections)


def parse_blocks(text: str) -> tuple[Block, ...]:
    """Paragraphs (split by blank lines, lines joined) and "- " bullets."""
    blocks: list[Block] = []
    for chunk in re.split(r"\n\s*\n", text.strip()):
        para: list[str] = []
        in_item = False  # a bullet of this chunk may go on over the next lines
        for line in chunk.splitlines():
            line = line.strip()
            if line.startswith("- "):
                if para:
                    blocks.append(Block("p", " ".join(para)))
                    para = []
                blocks.append(Block("item", line[2:].strip()))
                in_item = True
            elif in_item and line:
                blocks[-1] = Block("item", blocks[-1].text + " " + line)  # a bullet continued on the next line
            elif line:
                para.append(line)
        if para:
            blocks.append(Block("p", " ".join(para)))
    return tuple(blocks)


def _read_id(r: EntryReader, field_name: str = "id") -> str:
    value = r.get(field_name, str)
    if not ID.match(value):
        raise r.fail(field_name, f"must be a lower-case word (letters, digits, _), got {value!r}")
    return value


def _entries(file: str, data: Any, table: str, extra: tuple[str, ...] = ()) -> list:
    if not isinstance(data, dict) or not isinstance(data.get(table), list) or not data[table]:
        raise ContentError(file, None, table, f"expected a non-empty list of [[{table}]] entries")
    unknown = sorted(set(data) - {table, *extra})
    if unknown:
        raise ContentError(file, None, unknown[0], "is not a known table")
    return data[table]


def _check_text(r: EntryReader, field_name: str, value: str) -> str:
    if "<" in value or ">" in value:
        raise r.fail(field_name, "must not hold '<' or '>' (the screen shows plain text)")
    if value.count("**") % 2:
        raise r.fail(field_name, "has an unclosed ** bold run")
    return value


def parse_glossary(game: str, file: str, text: str) -> Glossary:
    """The glossary of `game` from the text of its file (the `see` fields are checked later, by `link`)."""
    terms: dict[str, Term] = {}
    spelled: dict[str, str] = {}
    for index, raw in enumerate(_entries(file, parse_text(file, text), "term")):
        label = raw["id"] if isinstance(raw, dict) and isinstance(raw.get("id"), str) else f"#{index + 1}"
        r = EntryReader(file, label, raw)
        tid = _read_id(r)
        if tid in terms:
            raise r.fail("id", "appears twice")
        word = r.get("word", str).strip()
        if not word:
            raise r.fail("word", "must not be empty")
        forms = r.get("forms", list, default=[])
        if not all(isinstance(f, str) and f.strip() for f in forms):
            raise r.fail("forms", f"expected a list of non-empty strings, got {forms!r}")
        body = _check_text(r, "text", r.get("text", str).strip())
        if not body:
            raise r.fail("text", "must not be empty")
        if len(body) > TERM_TEXT_LIMIT or "\n" in body:
            raise r.fail("text", f"must be one or two lines: at most {TERM_TEXT_LIMIT} characters on one line, got {len(body)}")
        see = r.get("see", str, default="")
        case = r.get("case", bool, default=False)
        not_when = r.get("not_when", list, default=[])
        for pattern in not_when:
            if not isinstance(pattern, str) or not pattern.strip():
                raise r.fail("not_when", f"expected a list of non-empty patterns, got {not_when!r}")
            try:
                re.compile(pattern)
            except re.error as e:
                raise r.fail("not_when", f"{pattern!r} is not a valid pattern: {e}") from None
        r.done()
        term = Term(tid, word, tuple(f.strip() for f in forms), body, see, case, tuple(not_when))
        for s in (word, *term.forms):
            key = s.casefold()
            if spelled.get(key, tid) != tid:
                raise r.fail("forms" if s != word else "word", f"{s!r} is also a spelling of term {spelled[key]!r}")
            spelled[key] = tid
        terms[tid] = term
    return Glossary(game, terms)


def content_word(table: dict[str, str], key: str, what: str, module: str) -> str:
    """How the screen writes a code word of the content data; a code word with no entry yet is an error
    naming where to add it, so new content cannot slip past the glossary."""
    try:
        return table[key]
    except KeyError:
        raise LookupError(f"the content names the {what} {key!r}, which has no glossary word yet "
                          f"(add one to {module.replace('.', '/')}.py and to the glossary)") from None


Listing = Callable[[], tuple[tuple[str, str], ...]]


def parse_reference(game: str, file: str, text: str, glossary: Glossary, listings: dict[str, Listing],
                    diagram_kinds: tuple[str, ...]) -> Reference:
    """The rules reference of `game` from the text of its file, its keywords checked against the glossary."""
    data = parse_text(file, text)
    raw_sections = _entries(file, data, "section", extra=("title",))
    top = EntryReader(file, "(top)", {k: v for k, v in data.items() if k == "title"})
    title = top.get("title", str)
    sections: list[Section] = []
    by_id: dict[str, Section] = {}
    titles: dict[str, str] = {}
    for index, raw in enumerate(raw_sections):
        label = raw["id"] if isinstance(raw, dict) and isinstance(raw.get("id"), str) else f"#{index + 1}"
        r = EntryReader(file, label, raw)
        sid = _read_id(r)
        if sid in by_id:
            raise r.fail("id", "appears twice")
        heading = r.get("title", str).strip()
        if not heading or len(heading) > TITLE_LIMIT:
            raise r.fail("title", f"must be 1 to {TITLE_LIMIT} characters, got {len(heading)}")
        if heading.casefold() in titles:
            raise r.fail("title", f"is also the title of section {titles[heading.casefold()]!r}")
        keywords = r.get("keywords", list)
        if not keywords or not all(isinstance(k, str) for k in keywords):
            raise r.fail("keywords", "expected a non-empty list of glossary term ids")
        for k in keywords:
            if k not in glossary.terms:
                raise r.fail("keywords", f"{k!r} is not a term of the glossary")
        body = _check_text(r, "text", r.get("text", str))
        if not parse_blocks(body):
            raise r.fail("text", "must not be empty")
        listing = r.get("listing", str, default="")
        entries: tuple[tuple[str, str], ...] = ()
        if listing:
            if listing not in listings:
                raise r.fail("listing", f"must be one of {', '.join(map(repr, listings))}; got {listing!r}")
            entries = listings[listing]()
        diagram = r.get("diagram", dict, default=None)
        if diagram is not None and diagram.get("kind") not in diagram_kinds:
            raise r.sub("diagram", diagram).fail("kind", f"must be one of {', '.join(map(repr, diagram_kinds))}; "
                                                         f"got {diagram.get('kind')!r}")
        r.done()
        section = Section(sid, heading, tuple(keywords), body.strip(), listing, entries, diagram)
        sections.append(section)
        by_id[sid] = section
        titles[heading.casefold()] = sid
    return Reference(game, title, tuple(sections), by_id)


def link(glossary: Glossary, reference: Reference, file: str = "glossary.toml") -> Glossary:
    """The glossary with every term's `see` settled: given (and existing) or the first section listing it.

    A term no section lists among its keywords has no home in the reference: an error.
    """
    homes: dict[str, str] = {}
    for s in reference.sections:
        for k in s.keywords:
            homes.setdefault(k, s.id)
    settled: dict[str, Term] = {}
    for t in glossary.terms.values():
        if t.id not in homes:
            raise ContentError(file, t.id, None, "no section of the rules reference lists this term in its keywords")
        if t.see and t.see not in reference.by_id:
            raise ContentError(file, t.id, "see", f"{t.see!r} is not a section of the rules reference")
        settled[t.id] = Term(t.id, t.word, t.forms, t.text, t.see or homes[t.id], t.case, t.not_when)
    return Glossary(glossary.game, settled)
