"""Drawing helpers shared by scenes: the table background, panels, text with shadows, wrapping."""

from __future__ import annotations

from functools import lru_cache

import pygame

from scenes import assets, palette


@lru_cache(maxsize=4)
def _table(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size).convert()
    tile = assets.image("ui/table_bg")
    tw, th = tile.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            surf.blit(tile, (x, y))
    # A soft vignette: darker towards the edges, drawn once.
    shade = pygame.Surface(size, pygame.SRCALPHA)
    steps = 24
    for i in range(steps):
        alpha = int(110 * (1 - i / steps) ** 2)
        inset_x, inset_y = int(w * 0.5 * i / steps), int(h * 0.5 * i / steps)
        rect = pygame.Rect(inset_x, inset_y, w - 2 * inset_x, h - 2 * inset_y)
        pygame.draw.rect(shade, (0, 0, 0, alpha), rect, width=max(1, int(w * 0.5 / steps) + 1))
    surf.blit(shade, (0, 0))
    return surf


def table_surface(size: tuple[int, int]) -> pygame.Surface:
    """The table picture of a window size (read-only: blit parts of it under cached panels)."""
    return _table(tuple(size))


def draw_table(surface: pygame.Surface) -> None:
    """The felt table every scene sits on (rendered once per size, then one blit)."""
    surface.blit(_table(surface.get_size()), (0, 0))


@lru_cache(maxsize=8)
def _dim(size: tuple[int, int], alpha: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((*palette.SHADOW, alpha))
    return s


def dim(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken everything drawn so far (under an overlay)."""
    surface.blit(_dim(surface.get_size(), alpha), (0, 0))


def panel(surface: pygame.Surface, rect: pygame.Rect, *, colour=palette.PANEL, edge=palette.PANEL_EDGE, radius: int = 14,
          shadow: int = 6, width: int = 2) -> None:
    """A rounded panel with a drop shadow and an edge."""
    if shadow:
        pygame.draw.rect(surface, palette.SHADOW, rect.move(0, shadow), border_radius=radius)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width=width, border_radius=radius)


@lru_cache(maxsize=512)
def render(text: str, size: int, colour: tuple[int, int, int], bold: bool = False, shadow: bool = False) -> pygame.Surface:
    """Rendered text, cached (scenes redraw the same labels every frame)."""
    f = assets.font(size, bold)
    front = f.render(text, True, colour)
    if not shadow:
        return front
    w, h = front.get_size()
    out = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
    back = f.render(text, True, palette.SHADOW)
    out.blit(back, (2, 2))
    out.blit(front, (0, 0))
    return out


def text(surface: pygame.Surface, value: str, pos: tuple[int, int], size: int = 18, colour=palette.TEXT, *, bold=False,
         shadow=False, anchor: str = "topleft") -> pygame.Rect:
    """Draw text anchored at pos ("topleft", "center", "midtop", "topright", ...); returns its rect."""
    img = render(value, size, tuple(colour), bold, shadow)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def wrap(value: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit `width` pixels (words kept whole; paragraphs kept)."""
    f = assets.font(size, bold)
    lines: list[str] = []
    for paragraph in value.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        line = words[0]
        for word in words[1:]:
            trial = f"{line} {word}"
            if f.size(trial)[0] <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit(value: str, size: int, width: int, bold: bool = False) -> str:
    """`value` cut with an ellipsis so that it is at most `width` pixels wide."""
    if render(value, size, palette.TEXT, bold).get_width() <= width:
        return value
    lo, hi = 0, len(value)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if render(value[:mid].rstrip() + "…", size, palette.TEXT, bold).get_width() <= width:
            lo = mid
        else:
            hi = mid - 1
    return value[:lo].rstrip() + "…"


BUTTON_PADDING = 16  # what a pygame-gui button keeps free around its text


def button_fit(value: str, width: int, sizes: tuple[tuple[int, str | None], ...]) -> tuple[str, str | None]:
    """What a button `width` pixels wide shows and its theme object id: the first of `sizes` ((bold font size,
    object id), biggest first) whose font fits the whole text; else the text cut with an ellipsis at the
    last size (the caller then names it in full in the button's tip)."""
    room = width - BUTTON_PADDING
    for size, object_id in sizes:
        if render(value, size, palette.TEXT, True).get_width() <= room:
            return value, object_id
    size, object_id = sizes[-1]
    return fit(value, size, room, bold=True), object_id


def clear_caches() -> None:
    _table.cache_clear()
    _dim.cache_clear()
    render.cache_clear()


def percent(p) -> str:
    """A chance (a Fraction, a float 0..1) as a player reads it: '33%', '<1%' and '>99%' rather than 0% or 100%
    for what can happen but rarely, or fails but rarely."""
    value = float(p)
    if value <= 0:
        return "0%"
    if value >= 1:
        return "100%"
    if value < 0.005:
        return "<1%"
    if value >= 0.995:
        return ">99%"
    return f"{round(value * 100)}%"


def sentence(value: str) -> str:
    """A text as a sentence on screen: its first letter a capital, a full stop at the end (the rest as written)."""
    value = value.strip()
    if not value:
        return value
    value = value[:1].upper() + value[1:]
    return value if value.endswith((".", "!", "?", "…", ":")) else value + "."
