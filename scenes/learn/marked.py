"""Text with its glossary words marked: a dotted underline under each, and the rect of each reported,
so a hover layer (the board kit's tooltips, the rules reference) can explain the word under the mouse.

    hits = draw_marked_line(surface, "Capture a Glyph cell", (20, 40), learn.glossary("krosmaster"))
    add_term_spots(self.spots, hits)       # each word a hotspot of the kit, its entry as the tip
    term = term_at(hits, mouse)            # or by hand: the Term under the mouse, or None,
    draw_term_tip(surface, term, mouse)    # and its explanation in a tooltip panel, kept on screen

The words are found by the pure `game.learn.find_terms`; only the drawing is here.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.learn import Glossary, Term, split_marked
from scenes import assets, palette, ui


class Marked(NamedTuple):
    """Where a glossary word was drawn, and its term."""

    rect: pygame.Rect
    term: Term


def _dots(surface: pygame.Surface, left: int, right: int, y: int, colour) -> None:
    for x in range(left, right, 3):
        surface.fill(colour, pygame.Rect(x, y, 1, 1))


def _runs(text: str, glossary: Glossary | None):
    return split_marked(text, glossary) if glossary is not None else [(text, None)]


def line_marks(text: str, pos: tuple[int, int], glossary: Glossary | None, size: int = 16, *, bold: bool = False,
               anchor: str = "topleft") -> list[Marked]:
    """Where `draw_marked_line` puts each glossary word of one line, without drawing it (for a board's
    hotspots, registered apart from drawing)."""
    hits: list[Marked] = []
    for run, term, x, frame in _line_runs(text, pos, glossary, size, bold, anchor):
        if term is not None:
            hits.append(Marked(pygame.Rect(x, frame.top, assets.font(size, bold).size(run)[0], frame.height), term))
    return hits


def _line_runs(text: str, pos, glossary: Glossary | None, size: int, bold: bool, anchor: str):
    """Each run of one line with its term (or None), its left edge and the line's frame."""
    frame = ui.render(text, size, palette.TEXT, bold).get_rect(**{anchor: pos})
    font = assets.font(size, bold)
    x = frame.left
    for run, term in _runs(text, glossary):
        if run:
            yield run, term, x, frame
            x += font.size(run)[0]


def draw_marked_line(surface: pygame.Surface, text: str, pos: tuple[int, int], glossary: Glossary | None, size: int = 16,
                     colour=palette.TEXT, *, bold: bool = False, anchor: str = "topleft",
                     mark_colour=palette.GOLD) -> list[Marked]:
    """Draw one line of text at `pos` (anchored like `ui.text`) with every glossary word dotted-underlined;
    returns the rect and term of each marked word."""
    font = assets.font(size, bold)
    hits: list[Marked] = []
    for run, term, x, frame in _line_runs(text, pos, glossary, size, bold, anchor):
        surface.blit(ui.render(run, size, tuple(colour), bold), (x, frame.top))
        if term is not None:
            width = font.size(run)[0]
            _dots(surface, x, x + width, frame.top + font.get_ascent() + 2, mark_colour)
            hits.append(Marked(pygame.Rect(x, frame.top, width, frame.height), term))
    return hits


def layout_marked(text: str, glossary: Glossary | None, size: int, width: int, bold: bool = False) -> list[list[tuple[str, Term | None]]]:
    """The text wrapped to `width` pixels, a glossary word never split across lines: lines of (run, term)."""
    font = assets.font(size, bold)
    pieces: list[tuple[str, Term | None]] = []
    for run, term in _runs(text, glossary):
        if term is not None:
            pieces.append((run, term))
        else:
            for i, part in enumerate(run.split(" ")):
                if i:
                    pieces.append((" ", None))
                if part:
                    pieces.append((part, None))
    lines: list[list[tuple[str, Term | None]]] = [[]]
    used = 0
    for run, term in pieces:
        w = font.size(run)[0]
        if run == " ":
            if lines[-1]:
                lines[-1].append((run, None))
                used += w
            continue
        if used + w > width and lines[-1]:
            while lines[-1] and lines[-1][-1][0] == " ":
                lines[-1].pop()
            lines.append([])
            used = 0
        lines[-1].append((run, term))
        used += w
    return [line for line in lines if line]


def draw_marked_paragraph(surface: pygame.Surface, text: str, topleft: tuple[int, int], width: int, glossary: Glossary | None,
                          size: int = 16, colour=palette.TEXT, *, line_height: int | None = None, bold: bool = False,
                          mark_colour=palette.GOLD) -> tuple[int, list[Marked]]:
    """Draw wrapped text with glossary words marked; returns (height used, marked words)."""
    step = line_height or int(size * 1.4)
    x0, y = topleft
    font = assets.font(size, bold)
    hits: list[Marked] = []
    lines = layout_marked(text, glossary, size, width, bold)
    for line in lines:
        x = x0
        underline = y + font.get_ascent() + 2
        for run, term in line:
            img = ui.render(run, size, tuple(colour), bold)
            surface.blit(img, (x, y))
            w = font.size(run)[0]
            if term is not None:
                _dots(surface, x, x + w, underline, mark_colour)
                hits.append(Marked(pygame.Rect(x, y, w, img.get_height()), term))
            x += w
        y += step
    return len(lines) * step, hits


def term_tip(term: Term) -> str:
    """A glossary entry as a hotspot tip: "Word: explanation"."""
    return f"{term.word[:1].upper() + term.word[1:]}: {term.text}"


def add_term_spots(spots, hits: list[Marked], prefix: str = "term", click=None) -> None:
    """Register each marked word as a hotspot of the kit (`scenes.hotspots.Hotspots`): key
    "<prefix>:<term id>:<n>", its rect, the glossary entry as its tip, and `click(term)` if given."""
    for i, m in enumerate(hits):
        spots.add(f"{prefix}:{m.term.id}:{i}", m.rect, term_tip(m.term),
                  click=(lambda term=m.term: click(term)) if click is not None else None)


def term_at(hits: list[Marked], pos: tuple[int, int] | None) -> Term | None:
    """The term whose marked word is under `pos`, or None."""
    if pos is None:
        return None
    for m in hits:
        if m.rect.collidepoint(pos):
            return m.term
    return None


def draw_term_tip(surface: pygame.Surface, term: Term, pos: tuple[int, int], width: int = 320) -> pygame.Rect:
    """A tooltip with the term's word and explanation near `pos`, kept inside the surface; returns its rect."""
    lines = ui.wrap(term.text, 15, width - 20)
    box = pygame.Rect(pos[0] + 16, pos[1] + 20, width, 34 + 20 * len(lines))
    box.clamp_ip(surface.get_rect().inflate(-8, -8))
    if box.collidepoint(pos):
        box.bottom = pos[1] - 10
        box.clamp_ip(surface.get_rect().inflate(-8, -8))
    ui.panel(surface, box, colour=palette.SHADOW, edge=palette.GOLD_DARK, radius=8, shadow=0)
    ui.text(surface, term.word[:1].upper() + term.word[1:], (box.left + 10, box.top + 6), 16, palette.GOLD, bold=True)
    for i, line in enumerate(lines):
        ui.text(surface, line, (box.left + 10, box.top + 30 + 20 * i), 15, palette.TEXT)
    return box
