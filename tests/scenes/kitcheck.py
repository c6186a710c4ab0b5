"""Checks every board's hotspots must pass (issue 19), for the tests of each game's board."""

from __future__ import annotations

import pygame

from scenes.hotspots import bubble_lines, place_bubble


def check_hotspots(board) -> int:
    """Every hotspot of `board` now: on screen, a tip or a reason to read, greyed ones saying why, tips kept
    inside the window; while the board is held (a computer seat, an animation, a replay), none usable.
    Returns how many hotspots were checked."""
    spots = board.spots
    screen = pygame.Rect((0, 0), board.app.size)
    held = board.locked
    n = 0
    for spot in spots:
        n += 1
        where = f"{type(board).__name__} hotspot {spot.key!r}"
        if spot.widget is not None and not spot.widget.visible:
            continue
        assert screen.contains(spot.rect) or screen.colliderect(spot.rect), f"{where} is off screen: {spot.rect}"
        lines = spots.tip_of(spot)
        assert lines and all(line.strip() for line in lines), f"{where} has an empty tip"
        if not spots.is_enabled(spot):
            reason = spots.reason_of(spot)
            assert reason and reason.strip(), f"{where} is greyed without a reason"
        if held and not spot.always:
            assert not spots.is_enabled(spot), f"{where} is usable while the board is held ({board.lock_reason()})"
        wrapped, size = bubble_lines(lines)
        assert wrapped, f"{where} has an empty tip"
        for anchor in (spot.rect.center, spot.rect.bottomright, spot.rect.topleft):
            box = place_bubble(size, anchor, board.app.size)
            assert screen.contains(box), f"{where}: its tip at {anchor} leaves the window ({box})"
    return n


def screen_after_hand_off(app, board, secret, hovers, *, frames: int = 30) -> bytes:
    """The screen the next seat sees once it claims the mouse at the hand-off that follows `secret`.

    `board` is already on the stack with the seat about to choose `secret` as its viewer. That seat's
    mouse wanders over `hovers` (pixels), then `secret` (an action) is played; the next player clicks
    "I am …" (the mouse stays where that click left it). Two tables that differ only in the secret
    and the wandering must give the same bytes."""
    from scenes.widgets.handoff import HandOffScene
    from tests.scenes.helpers import click

    for pos in hovers:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.run_frames(3)
    assert board.act(secret), f"{secret} was refused: {board.flash_text}"
    for _ in range(400):
        app.run_frames(5)
        if isinstance(app.stack.top, HandOffScene):
            break
    top = app.stack.top
    assert isinstance(top, HandOffScene), f"no hand-off after {secret}: {type(top).__name__} on top"
    click(app, top.ready.rect.center)
    app.run_frames(frames)
    assert app.stack.top is board
    return pygame.image.tobytes(app.screen, "RGB")
