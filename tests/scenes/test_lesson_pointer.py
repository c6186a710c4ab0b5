"""Issue 34: the lesson's pointer. The gold ring's arrow lands beside labels, never on them. On a plain frame it
goes round drawn text and other controls (here); at the first steps of every lesson of every game it lies on no
other control with words and not on the lesson's panel (checked on the walk of tests/scenes/test_lesson_panel.py,
with `arrows_checked` below)."""

from __future__ import annotations

import pygame

from scenes.learn import pointer


def arrow_rect(place) -> pygame.Rect:
    """The rectangle the arrow pointer.ring draws at `place` fills."""
    xs, ys = zip(*pointer.arrow_points(place), strict=True)
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def labelled_under(host, rect: pygame.Rect, target: pygame.Rect, target_key: str) -> list[str]:
    """The controls with words the arrow's `rect` lies on (not the one it points at, nor a box holding that one)."""
    out = []
    for spot in host.spots:
        if spot.key == target_key or spot.key.startswith("lesson:") or not spot.rect.colliderect(rect):
            continue
        if spot.rect.contains(target):
            continue
        if (spot.widget is not None and spot.widget.visible) or spot.label is not None:
            out.append(f"{spot.key} {tuple(spot.rect)}")
    return out


def _frame() -> pygame.Surface:
    surface = pygame.Surface((600, 400))
    surface.fill((40, 44, 52))
    return surface


def test_the_arrow_goes_round_a_label_written_where_it_would_go(app):
    """A label right above the ringed box (where the arrow goes first) is left as it was: the arrow goes elsewhere."""
    from scenes import ui

    surface = _frame()
    box = pygame.Rect(250, 200, 100, 40)
    ui.text(surface, "Withdraw", (270, 160), 16, (230, 230, 230))
    label = pygame.Rect(250, 150, 110, 36)
    before = surface.subsurface(label).copy()
    pointer.ring(surface, box)
    after = surface.subsurface(label)
    assert all(before.get_at((x, y)) == after.get_at((x, y)) for x in range(label.width) for y in range(label.height))
    place = pointer.arrow_place(surface, box.inflate(10, 10))
    assert place is not None and place[1] != (0, 1)  # not from above


def test_the_arrow_keeps_off_a_control_even_a_plain_one(app):
    """Another control beside the ringed one (a plain button face, no text where the arrow would be) is kept clear,
    and a side's end is used when every middle is taken."""
    surface = _frame()
    box = pygame.Rect(250, 200, 100, 80).inflate(10, 10)
    others = [pygame.Rect(200, 120, 200, 80), pygame.Rect(200, 285, 200, 80), pygame.Rect(100, 230, 150, 20),
              pygame.Rect(355, 230, 150, 20)]
    place = pointer.arrow_place(surface, box, others)
    assert place is not None
    area = pointer.arrow_area(place)
    assert not any(r.colliderect(area) for r in others), (area, place)
    assert pointer.arrow_place(surface, box) != place  # with nothing to avoid, the middle of a side


def rings_spy(monkeypatch) -> list:
    """Record every ring the coach draws: (the ringed rect, the arrow's place or None)."""
    seen: list = []
    real = pointer.ring

    def spy(surface, rect, *, arrow=True, avoid=()):
        box = pygame.Rect(rect).inflate(10, 10)
        seen.append((pygame.Rect(rect), pointer.arrow_place(surface, box, avoid) if arrow else None))
        real(surface, rect, arrow=arrow, avoid=avoid)

    import scenes.learn.coach as coach_module

    monkeypatch.setattr(coach_module, "ring", spy)
    return seen


def arrows_checked(host, seen: list, where: str) -> int:
    """Check the arrows drawn since `seen` was last cleared: none on the lesson panel, none on another control with
    words. Returns how many arrows were drawn."""
    coach = host.coach
    key = coach.target()
    n = 0
    for rect, place in seen:
        if place is None:
            continue
        arrow = arrow_rect(place)
        at = f"{where} ({key}): the ring's arrow {tuple(arrow)}"
        assert not arrow.colliderect(coach.panel), f"{at} lies on the lesson panel {tuple(coach.panel)}"
        assert not labelled_under(host, arrow, rect, key), f"{at} lies on {labelled_under(host, arrow, rect, key)}"
        n += 1
    return n
