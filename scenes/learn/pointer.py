"""The lesson's pointer: a gold ring around what to click, and an arrow that lands beside labels, never on them."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from scenes import palette


def ring(surface: pygame.Surface, rect: pygame.Rect, *, arrow: bool = True,
         avoid: Sequence[pygame.Rect] = ()) -> None:
    """The pointer: a gold ring around `rect` and an arrow pointing at it, from above, below or a side (at the
    middle of that side or towards either end of it): the first place where the arrow lies on none of the `avoid`
    rects (the other labelled controls, the lesson's panel) and covers no text or picture (the quietest pixels),
    so it lands beside labels."""
    box = pygame.Rect(rect).inflate(10, 10)
    place = arrow_place(surface, box, avoid) if arrow else None
    pygame.draw.rect(surface, palette.SHADOW, box.inflate(6, 6), width=3, border_radius=10)
    pygame.draw.rect(surface, palette.GOLD, box, width=4, border_radius=9)
    pygame.draw.rect(surface, palette.WHITE, box.inflate(-6, -6), width=1, border_radius=7)
    if place is None:
        return
    points = arrow_points(place)
    pygame.draw.polygon(surface, palette.GOLD, points)
    pygame.draw.polygon(surface, palette.SHADOW, points, width=2)


def arrow_points(place) -> list[tuple[float, float]]:
    """The arrow's outline at `place` (its tip, and the way it points)."""
    (tx, ty), (dx, dy) = place
    px, py = -dy, dx  # across the arrow

    def at(along: float, across: float) -> tuple[float, float]:
        return (tx - dx * along + px * across, ty - dy * along + py * across)
    return [at(0, 0), at(26, -13), at(26, -5), at(34, -5), at(34, 5), at(26, 5), at(26, 13)]


_PLACES: dict[tuple, tuple | None] = {}  # a ring's arrow keeps its place while the ring stays where it is


ON_CONTROL = 10_000  # an arrow on another labelled control costs more than any amount of drawing under it


def arrow_area(place) -> pygame.Rect:
    """The rectangle the arrow at `place` (its tip, the way it points) takes on the screen."""
    (tx, ty), (dx, dy) = place
    area = pygame.Rect(0, 0, 28 if dx == 0 else 36, 36 if dx == 0 else 28)
    area.center = (int(tx - dx * 18), int(ty - dy * 18))
    return area


def arrow_place(surface: pygame.Surface, box: pygame.Rect, avoid: Sequence[pygame.Rect] = ()):
    """Where the arrow pointing at `box` goes (its tip and the way it points), or None when none fits."""
    avoid = [pygame.Rect(r) for r in avoid if not pygame.Rect(r).contains(box)]  # (a panel the target lies on)
    key = (tuple(box), surface.get_size(), tuple(tuple(r) for r in avoid))
    if key in _PLACES:
        return _PLACES[key]
    middles = [((box.centerx, box.top - 4), (0, 1)), ((box.centerx, box.bottom + 4), (0, -1)),
               ((box.left - 4, box.centery), (1, 0)), ((box.right + 4, box.centery), (-1, 0))]
    if box.top <= 90:  # near the top: below first, as before
        middles[0], middles[1] = middles[1], middles[0]
    ends = []  # towards either end of each side, for a side whose middle is taken
    for (tx, ty), (dx, dy) in middles:
        for f in (-1, 1):
            if dx == 0 and box.width >= 60:
                ends.append(((tx + f * (box.width // 2 - 18), ty), (dx, dy)))
            elif dy == 0 and box.height >= 60:
                ends.append(((tx, ty + f * (box.height // 2 - 18)), (dx, dy)))
    best, best_cost = None, None
    for (tx, ty), (dx, dy) in middles + ends:
        area = arrow_area(((tx, ty), (dx, dy)))
        if not surface.get_rect().inflate(-4, -4).contains(area) or area.top < 46:
            continue
        cost = _busy(surface, area) + ON_CONTROL * sum(1 for r in avoid if r.colliderect(area))
        if best_cost is None or cost < best_cost:
            best, best_cost = ((tx, ty), (dx, dy)), cost
        if cost == 0:
            break
    if len(_PLACES) > 64:
        _PLACES.clear()
    _PLACES[key] = best
    return best


def _busy(surface: pygame.Surface, area: pygame.Rect) -> int:
    """How much is drawn in `area`: sampled pixels unlike the area's average colour (text, pictures, edges)."""
    avg = pygame.transform.average_color(surface, area)[:3]
    n = 0
    for y in range(area.top + 1, area.bottom, 3):
        for x in range(area.left + 1, area.right, 3):
            c = surface.get_at((x, y))
            if abs(c[0] - avg[0]) + abs(c[1] - avg[1]) + abs(c[2] - avg[2]) > 24:
                n += 1
    return n
